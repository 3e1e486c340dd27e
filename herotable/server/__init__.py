"""The web app: a FastAPI server for the lobby, seats, play over HTTP and WebSocket, bot
workers and persistence. It talks to the engines only through the public game API
(:mod:`herotable.registry`, views, notation); see docs/web.md."""
