"""Alembic environment: runs on the connection the server hands over, or on a URL.

The server calls ``alembic upgrade head`` itself at startup (``Database.migrate``). To
write a new revision after changing ``db.py``::

    .venv/bin/alembic -x url=sqlite:///data/hexfront.sqlite3 \\
        -c /dev/null --raiseerr -n default revision --autogenerate -m "what changed"

or more simply call ``alembic.command.revision`` with the same ``Config`` as ``migrate``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from hexfront.server.db import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies tables
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    given = config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("no database URL: pass -x url=...")
    engine = create_engine(url)
    with engine.begin() as connection:
        _run(connection)
    engine.dispose()


run()
