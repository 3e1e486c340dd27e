"""Benchmarks, one module for what each measures: :mod:`.engine` (the engines and the bots),
:mod:`.web` (the web app over loopback), :mod:`.envs` (the research environments),
:mod:`.load` (a server with many tables, ``herotable bench --load``); :mod:`.run` runs the
first three as ``herotable bench``, :mod:`.figures` reports them and :mod:`.stats` holds the
one percentile they all use. Importing the engine benchmarks never imports the web server.
"""
