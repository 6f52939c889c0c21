"""``hexfront serve``: run the game server with uvicorn."""

from __future__ import annotations

import errno
import logging
import re
import socket
from pathlib import Path

from hexfront.i18n import N_, _, language, using

_TOKEN = re.compile(r"(token=)[^&\s\"']+", re.IGNORECASE)
# uvicorn's loggers: requests (access), and WebSocket lines, which go to the error log
# whether or not the access log is on.
SERVER_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "hexfront")


class ServeError(Exception):
    """Why the server cannot start, in the player's language (the command says it)."""


#: uvicorn's own start-up and shut-down lines (its templates, as it logs them), each with a
#: sentence of ours and the names of its arguments: said in the language of ``--lang``.
UVICORN_LINES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Started server process [%d]": (N_("server process {pid} started"), ("pid",)),
    "Waiting for application startup.": (N_("starting the application"), ()),
    "Application startup complete.": (N_("the application is ready"), ()),
    "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)": (
        N_("listening on {scheme}://{host}:{port} (Ctrl+C stops the server)"),
        ("scheme", "host", "port"),
    ),
    "Shutting down": (N_("shutting down"), ()),
    "Waiting for application shutdown.": (N_("stopping the application"), ()),
    "Application shutdown complete.": (N_("the application has stopped"), ()),
    "Finished server process [%d]": (N_("server process {pid} finished"), ("pid",)),
}


class SayInLanguage(logging.Filter):
    """Word uvicorn's start-up and shut-down lines in the language chosen when the server
    started (requests lines and other messages pass as uvicorn writes them)."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = language()

    def filter(self, record: logging.LogRecord) -> bool:
        known = UVICORN_LINES.get(record.msg) if isinstance(record.msg, str) else None
        args = record.args if isinstance(record.args, tuple) else ()
        if known is not None and len(args) == len(known[1]):
            sentence, names = known
            with using(self.lang):
                record.msg = _(sentence, **dict(zip(names, args, strict=True)))
            record.args = ()
            record.__dict__.pop("color_message", None)  # uvicorn's coloured English copy
        return True


class RedactTokens(logging.Filter):
    """Keep seat tokens passed as ``?token=`` out of log lines.

    The app already takes the token out of the query string on arrival (``take_query_token``
    in ``hexfront.server.limits``), so the server's request lines never hold it; this
    filter is a second guard for any line that quotes a URL some other way."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1…", record.msg)
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
    trusted_proxies: list[str] | None = None,
) -> None:
    import uvicorn

    from hexfront.server.app import create_app
    from hexfront.server.db import default_data_dir
    from hexfront.server.settings import Settings

    settings = Settings()
    if rate is not None:
        settings.rate_per_second = rate
        if rate <= 0:  # --rate 0: no request limits at all (benchmarks, load tests)
            settings.games_per_address_per_hour = 0
    if burst is not None:
        settings.rate_burst = burst
    if sync is not None:
        settings.sqlite_synchronous = sync.upper()
    if trusted_proxies:
        settings.trusted_proxies = list(trusted_proxies)
    folder = (data_dir or default_data_dir()).resolve()
    where = _safe(db) if db else _("SQLite in {folder}", folder=folder)
    _check_port(host, port)
    try:
        app = create_app(db, data_dir, settings)
    except Exception as exc:  # any failure to open the storage is said in words
        raise ServeError(
            _(
                "cannot open the storage {where}: {why}",
                where=where,
                why=str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
            )
        ) from exc
    for name in SERVER_LOGGERS:
        logging.getLogger(name).addFilter(RedactTokens())
    logging.getLogger("uvicorn.error").addFilter(SayInLanguage())
    # uvicorn's start-up lines follow, worded by SayInLanguage; its request lines are its own.
    print(
        _(
            "hexfront server on http://{host}:{port}  (storage: {where})",
            host=host,
            port=port,
            where=where,
        ),
        flush=True,
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=access_log,
        log_level="info",
        ws_max_size=64 * 1024,  # clients send only "ping"
        # X-Forwarded-For is read by the app, and only from --trusted-proxy addresses
        # (uvicorn's own reading trusts any local peer).
        proxy_headers=False,
    )


def _check_port(host: str, port: int) -> None:
    """Refuse, in words, a port that cannot be listened on (taken, or not ours to take),
    before uvicorn would say so in its own English log."""
    if port == 0:
        return  # any free port, chosen by the system (what the tests ask for)
    if not 0 < port < 65536:
        raise ServeError(_("the port must be between 1 and 65535, not {port}", port=port))
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise ServeError(_("unknown host {host}", host=repr(host))) from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(
                    _(
                        "port {port} on {host} is already in use: stop what listens there or "
                        "choose another with --port",
                        port=port,
                        host=host,
                    )
                ) from None
            raise ServeError(
                _(
                    "cannot listen on {host} port {port}: {why}",
                    host=host,
                    port=port,
                    why=exc.strerror or exc,
                )
            ) from None


def _safe(url: str) -> str:
    """A database URL without its password."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)
