"""The browser client: static files served by herotable.server (no build step)."""
