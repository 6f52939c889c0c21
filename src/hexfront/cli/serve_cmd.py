"""``hexfront serve``: run the game server with uvicorn."""

from __future__ import annotations

import logging
import re
from pathlib import Path

_TOKEN = re.compile(r"(token=)[^&\s]+")


class RedactTokens(logging.Filter):
    """Keep seat tokens passed as ``?token=`` out of the access log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args
            )
        return True


def serve(
    host: str,
    port: int,
    db: str | None,
    data_dir: Path | None,
    rate: float | None = None,
    burst: int | None = None,
    access_log: bool = True,
    sync: str | None = None,
) -> None:
    import uvicorn

    from hexfront.server.app import create_app
    from hexfront.server.db import default_data_dir
    from hexfront.server.settings import Settings

    settings = Settings()
    if rate is not None:
        settings.rate_per_second = rate
    if burst is not None:
        settings.rate_burst = burst
    if sync is not None:
        settings.sqlite_synchronous = sync.upper()
    where = db or f"SQLite in {(data_dir or default_data_dir()).resolve()}"
    app = create_app(db, data_dir, settings)
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())
    print(f"hexfront server on http://{host}:{port}  (storage: {_safe(where)})", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=access_log,
        log_level="info",
        ws_max_size=64 * 1024,  # clients send only "ping"
    )


def _safe(url: str) -> str:
    """A database URL without its password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
