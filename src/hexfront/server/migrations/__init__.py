"""Alembic migrations, run programmatically at startup (``Database.migrate``)."""
