"""Alembic's entry point: migrations run on the connection the server hands over
(:func:`herotable.server.db.migrate`), never on a URL read from an ini file."""

from alembic import context

from herotable.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
