"""invites and spectators: one-time invite codes per seat, spectator links, the
spectators' view chosen by the creator

Revision ID: 0004
Revises: 0003
Create Date: 2026-02-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("invite_hash", sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint("uq_seats_invite_hash", ["invite_hash"])
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("spectate", sa.String(length=16), nullable=False, server_default="public")
        )
        batch_op.add_column(
            sa.Column("spectate_delay", sa.Integer(), nullable=False, server_default="0")
        )
    op.create_table(
        "spectator_links",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column(
            "game_id",
            sa.String(length=32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_by", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_spectator_links_game_id", "spectator_links", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_spectator_links_game_id", table_name="spectator_links")
    op.drop_table("spectator_links")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("spectate_delay")
        batch_op.drop_column("spectate")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_constraint("uq_seats_invite_hash", type_="unique")
        batch_op.drop_column("invite_hash")
