"""agreements to open a record name the seat token that gave them; games count changes
that are not moves (meta_version)

Revision ID: 0002
Revises: 0001
Create Date: 2026-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("meta_version", sa.Integer(), server_default="0", nullable=False)
        )
    with op.batch_alter_table("open_requests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token_hash", sa.String(length=64), nullable=True))
    # Agreements given before this revision named no token: they no longer count.
    op.execute("DELETE FROM open_requests")


def downgrade() -> None:
    with op.batch_alter_table("open_requests", schema=None) as batch_op:
        batch_op.drop_column("token_hash")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("meta_version")
