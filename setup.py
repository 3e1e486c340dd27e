"""The optional scoring kernel (herotable/cartographers/scoring/kernel.c); everything else
about the package is in pyproject.toml.

The kernel is plain C loaded with ctypes (scoring/native.py), not a CPython extension, but it
is built as an Extension so that setuptools finds the compiler, builds it for the target
platform and installs it next to its loader, in wheels and editable installs alike. Its
module init function is never defined nor imported. ``optional=True``: when no compiler
works the build is skipped with a warning, the install still succeeds, and the pure-Python
scorers are used.
"""

import sys

from setuptools import Extension, setup

# Python's own build flags usually hold -O2 or -O3, but a CFLAGS of one's own replaces them,
# and unoptimised a call of the kernel is about a fifth slower. MSVC takes other flags, but
# it has no 128-bit integer and its build fails (then is skipped) anyway.
# -ffp-contract=off: the kernel's sums of weighted counts must be the very doubles Python's
# sums give (the bots' rankings are tested identical), so no fused multiply-add (which
# rounds once instead of twice) may replace a product and a sum, as compilers may on
# machines that have one.
OPTIMISED = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]

setup(
    ext_modules=[
        Extension(
            "herotable.cartographers.scoring._kernel",
            ["herotable/cartographers/scoring/kernel.c"],
            extra_compile_args=OPTIMISED,
            optional=True,
        )
    ]
)
