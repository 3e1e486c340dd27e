"""Daily and weekly challenges, hints per game, and the server's own secret.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("hints", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        games.add_column(sa.Column("challenge", sa.String(32), nullable=True))
    op.create_index("ix_games_challenge", "games", ["challenge"])
    op.create_table(
        "challenge_entries",
        sa.Column("challenge", sa.String(32), primary_key=True),
        sa.Column("name_key", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("browser_hash", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("title", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("challenge", "browser_hash", name="uq_challenge_browser"),
    )
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("challenge_entries")
    op.drop_index("ix_games_challenge", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("challenge")
        games.drop_column("hints")
