"""Alembic environment: runs on the connection the server hands over, or on a URL.

The server runs ``alembic upgrade head`` itself at startup (``Database.migrate``). To
write a new revision after changing the models in ``db.py``, against a database at the
newest revision::

    from alembic import command
    from alembic.config import Config
    from hexfront.server.db import MIGRATIONS, Database

    db = Database("sqlite:////tmp/hexfront-rev.sqlite3")
    db.migrate()
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.revision(cfg, message="what changed", autogenerate=True, rev_id="0002")

then name the file ``versions/v0002_….py`` and review it. The test
``test_migrations_match_the_models`` fails while models and migrations disagree.
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
