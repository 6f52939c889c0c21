"""`hexfront serve`: its options, and seat tokens kept out of the access log."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.cli.serve_cmd import RedactTokens, _safe


def test_serve_help_lists_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--data-dir", "--rate", "--sqlite-sync"):
        assert option in result.output


def test_tokens_in_query_strings_are_redacted_from_the_access_log() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/api/games/x/ws?token=s3cr3t&upto=2", "1.1", 200),
        None,
    )
    assert RedactTokens().filter(record)
    assert "s3cr3t" not in record.getMessage()
    assert "upto=2" in record.getMessage()


def test_database_passwords_are_not_printed() -> None:
    assert (
        _safe("postgresql+psycopg://ann:pw@db/hexfront")
        == "postgresql+psycopg://ann:***@db/hexfront"
    )


def test_serve_reads_proxy_headers_only_from_trusted_proxies(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 19, finding 6: uvicorn's own X-Forwarded-For handling (which believes any
    local peer) is off; the app believes only `--trusted-proxy` addresses."""
    import uvicorn

    from hexfront.cli.serve_cmd import serve

    seen: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        seen.update(kwargs, app=app)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    serve("127.0.0.1", 0, None, tmp_path, rate=0, trusted_proxies=["10.1.2.3"])
    assert seen["proxy_headers"] is False
    settings = seen["app"].state.settings
    assert settings.trusted_proxies == ["10.1.2.3"]
    assert settings.games_per_address_per_hour == 0  # --rate 0 turns every limit off
    serve("127.0.0.1", 0, None, tmp_path)
    assert seen["app"].state.settings.trusted_proxies == []
