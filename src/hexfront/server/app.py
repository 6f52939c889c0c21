"""The FastAPI application: routes, authentication, limits and error format.

(No ``from __future__ import annotations`` here: FastAPI reads the annotations of the
routes defined inside ``create_app``, which name local dependencies.)

``create_app(db_url, data_dir)`` builds a ready app: the database is migrated to the
newest schema (``alembic upgrade head``) before the app is returned. Every error is JSON
``{"error": code, "detail": message}``. The API is documented at ``/docs``.
"""

import gzip
import hashlib
import inspect
import json
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from hexfront import __version__
from hexfront.engine.protocol import HasBoard
from hexfront.i18n import N_, _, _n, language, using

from .auth import UserService
from .db import Database, default_data_dir, sqlite_url
from .errors import ApiError, not_found
from .games import GameService, token_hash
from .language import SCOPE_KEY
from .language import of_scope as language_of
from .limits import QUERY_TOKEN, ClientAddress, GuardMiddleware, LoginBackoff, RateLimiter
from .report import game_report
from .settings import Settings
from .ws import serve_socket

log = logging.getLogger("hexfront.server")

STATIC = Path(__file__).parent / "static"
# The browser client (web/, built by `make web`): index.html, assets/ and manifest.json.
CLIENT = STATIC / "app"
GAME_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
}


def raw_json(body: bytes) -> Response:
    """A JSON response from bytes already encoded (views are encoded once per change)."""
    return Response(content=body, media_type="application/json")


class ErrorJSON(JSONResponse):
    """Errors are encoded with ASCII escapes: a detail that quotes the client's text can
    always be sent, whatever that text holds."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode()


def _unicode_problem(data: Any) -> bool:
    """Whether any string (key or value) in parsed JSON cannot be UTF-8: JSON's
    ``"\\ud800"`` escapes parse to a lone surrogate, which nothing downstream can encode."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


# --- request checks, in words ---------------------------------------------------------

#: What a check of a request's fields says, by pydantic's error type; ``{where}`` is the
#: field, the other names are the check's own (its ``ctx``).
FIELD_ERRORS: dict[str, str] = {
    "missing": N_("{where}: this field is required"),
    "extra_forbidden": N_("{where}: there is no such field"),
    "string_type": N_("{where}: send text (a JSON string)"),
    "string_too_short": N_("{where}: at least {min_length} characters"),
    "string_too_long": N_("{where}: at most {max_length} characters"),
    "int_type": N_("{where}: send a whole number"),
    "int_parsing": N_("{where}: send a whole number"),
    "int_from_float": N_("{where}: send a whole number"),
    "float_type": N_("{where}: send a number"),
    "float_parsing": N_("{where}: send a number"),
    "bool_type": N_("{where}: send true or false"),
    "bool_parsing": N_("{where}: send true or false"),
    "greater_than": N_("{where}: send a number greater than {gt}"),
    "greater_than_equal": N_("{where}: send a number of {ge} or more"),
    "less_than": N_("{where}: send a number less than {lt}"),
    "less_than_equal": N_("{where}: send a number of {le} or less"),
    "literal_error": N_("{where}: choose one of {expected}"),
    "dict_type": N_("{where}: send a JSON object"),
    "model_type": N_("{where}: send a JSON object"),
    "model_attributes_type": N_("{where}: send a JSON object"),
    "list_type": N_("{where}: send a list"),
}
NOT_VALID = N_("{where}: this value is not accepted")
BAD_JSON = N_("the request body is not valid JSON")
NOT_UNICODE = N_(
    "the text holds an unpaired surrogate escape (such as \\ud800), which is not a "
    "character: send text as valid Unicode"
)
#: Starlette's own answers (no route, wrong method), by status.
HTTP_WORDS = {
    404: N_("there is nothing at this address"),
    405: N_("this address does not take this method"),
}


def field_error(error: Mapping[str, Any]) -> str:
    """One failed check of a request, in the request's language."""
    loc = [str(x) for x in error.get("loc", ()) if x != "body"]
    where = ".".join(loc) if loc else _("the request body")
    kind = str(error.get("type", ""))
    template = FIELD_ERRORS.get(kind, NOT_VALID)
    fields: dict[str, Any] = {"where": where}
    ctx = error.get("ctx") or {}
    for name in ("min_length", "max_length", "gt", "ge", "lt", "le"):
        fields[name] = ctx.get(name, "?")
    # pydantic writes the choices "'a', 'b' or 'c'": the "or" is said in each language.
    expected = str(ctx.get("expected", "?"))
    fields["expected"] = ", ".join(p.strip() for p in expected.replace(" or ", ", ").split(","))
    return _(template, **fields)


# --- request bodies -------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _text_is_unicode(cls, data: Any) -> Any:
        if _unicode_problem(data):
            # Worded by the error handler, in the request's language (NOT_UNICODE).
            raise PydanticCustomError("invalid_text", "the text is not valid Unicode")
        return data


class CreateGame(_Body):
    game: str = Field(max_length=64, examples=["skirmish"])
    scenario: str = Field(max_length=64, examples=["standard"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"rounds": 6}])
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**63,
        description="dice seed; chosen secretly by the server when omitted (a chosen seed "
        "is shown to every seat, since its chooser can predict the dice)",
    )
    opponents: dict[str, str] = Field(
        default_factory=dict,
        description="side -> 'human', 'hotseat' or an agent name; missing sides are 'human'",
        examples=[{"red": "human", "blue": "random"}],
    )
    play_as: str | None = Field(
        default=None, description="the creator's own side (attached to the account)"
    )
    spectate: Literal["public", "end", "delayed"] = Field(
        default="public",
        description="what spectator links see besides the public view: nothing more "
        "('public'), the full game once it is over ('end'), or the full game "
        "`spectate_delay` turns behind ('delayed')",
    )
    spectate_delay: int = Field(default=0, ge=0, le=1000, description="turns, for 'delayed'")


class JoinBody(_Body):
    invite: str = Field(max_length=128, description="the invite code of the link")


class ActionBody(_Body):
    action: Any = Field(
        description="the action: {verb, args} (side defaults to the seat's side)",
        examples=[{"verb": "pass", "args": {}}],
    )
    version: StrictInt = Field(description="the version of the view the action was chosen from")


class UndoBody(_Body):
    version: StrictInt


class WebhookBody(_Body):
    url: str | None = Field(
        max_length=4096,
        description="http(s) URL that receives a POST when this seat's move comes; null removes it",
        examples=["https://example.org/hooks/my-secret-path"],
    )


class Credentials(_Body):
    username: str = Field(max_length=64)
    password: str = Field(max_length=256)


class ClaimBody(_Body):
    game_id: str = Field(max_length=32)
    token: str = Field(max_length=128)


# --- the app --------------------------------------------------------------------------


def create_app(
    db_url: str | None = None,
    data_dir: Path | None = None,
    settings: Settings | None = None,
) -> FastAPI:
    """A ready server: SQLite in ``data_dir`` unless ``db_url`` names another database."""
    settings = settings or Settings()
    if db_url is None:
        data = Path(data_dir) if data_dir is not None else default_data_dir()
        data.mkdir(parents=True, exist_ok=True)
        db_url = sqlite_url(data)
    db = Database(db_url, settings.sqlite_synchronous)
    db.migrate()
    games = GameService(db, settings)
    users = UserService(games)
    limiter = RateLimiter(settings.rate_per_second, settings.rate_burst)
    failures = RateLimiter(settings.rate_per_second / 4, settings.rate_burst)
    backoff = LoginBackoff(settings.login_free_failures, settings.login_backoff_max_seconds)
    per_hour = settings.games_per_address_per_hour
    new_games = RateLimiter(per_hour / 3600, per_hour)
    addresses = ClientAddress(settings.trusted_proxies)
    sockets_open: dict[str, int] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        games.start_listening()  # PostgreSQL: other processes' changes reach our sockets
        yield
        await games.close()
        users.close()
        db.dispose()

    extra: dict[str, Any] = {}
    if "telemetry" in inspect.signature(FastAPI.__init__).parameters:
        # No OpenTelemetry spans per request (nothing collects them here).
        extra["telemetry"] = {"tracing": False, "metrics": False, "logs": False}
    app = FastAPI(
        **extra,
        title="hexfront",
        version=__version__,
        summary="Game server for hex-and-block wargames: seats, fog of war, AI, replays.",
        description=(
            "A seat token (returned once: by `POST /api/games` for the creator's own seats, "
            "by `POST /api/games/{id}/join` for an invitee) authorizes reading that "
            "side's view and acting for that side, nothing else. A spectator token only "
            "watches (`/spectate`). Send it as "
            "`Authorization: Bearer <token>` (or `?token=` where noted). Session tokens "
            "from `POST /api/session` only serve the account endpoints. Every error is "
            '`{"error": code, "detail": message}`: the code is fixed, the message is in '
            "English, Italian, Spanish or French, as the request asks with `?lang=xx` or "
            "its `Accept-Language` header (English by default; a socket takes `?lang=`)."
        ),
        lifespan=lifespan,
    )
    app.state.games = games
    app.state.users = users
    app.state.db = db
    app.state.settings = settings
    app.add_middleware(
        GuardMiddleware,
        max_body=settings.max_body_bytes,
        larger={"/api/games/import": settings.max_import_bytes},
    )

    # --- errors -----------------------------------------------------------------------

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        headers = {"retry-after": "1"} if exc.status == 429 else None
        if exc.status == 401:
            headers = {"www-authenticate": "Bearer"}
        return ErrorJSON(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in detail:  # e.g. not UTF-8
            code, detail = "bad_json", _(BAD_JSON)
        elif exc.status_code in HTTP_WORDS and detail == HTTPStatus(exc.status_code).phrase:
            detail = _(HTTP_WORDS[exc.status_code])
        return ErrorJSON({"error": code, "detail": detail}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return ErrorJSON({"error": "bad_json", "detail": _(BAD_JSON)}, status_code=400)
        for e in errors:
            if e.get("type") == "invalid_text":
                return ErrorJSON(
                    {"error": "invalid_text", "detail": _(NOT_UNICODE)}, status_code=422
                )
        parts = [field_error(e) for e in errors[:5]]
        return ErrorJSON({"error": "invalid_request", "detail": "; ".join(parts)}, status_code=422)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> Response:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        # Answered outside the middleware that holds the request's language: chosen again.
        with using(request.scope.get(SCOPE_KEY) or language_of(request.scope)):
            detail = _("the server failed; see its log")
        return ErrorJSON({"error": "internal", "detail": detail}, status_code=500)

    # --- authentication ---------------------------------------------------------------

    def client_key(conn: HTTPConnection) -> str:
        """The client's address (from X-Forwarded-For only behind a trusted proxy)."""
        peer = conn.client.host if conn.client else None
        return "ip:" + addresses.of(peer, conn.headers.getlist("x-forwarded-for"))

    def query_token(conn: HTTPConnection) -> str | None:
        """A ``?token=``: taken out of the query string on arrival, so never logged."""
        token = conn.scope.get(QUERY_TOKEN)
        return token if isinstance(token, str) and token else None

    def new_games_words() -> str:
        return _n(
            "at most {n} new game an hour; try later",
            "at most {n} new games an hour; try later",
            per_hour,
        )

    def limit(key: str) -> None:
        if not limiter.allow(key):
            raise ApiError(429, "rate_limited", _("too many requests; slow down"))

    def bearer(request: Request) -> str | None:
        header = request.headers.get("authorization")
        if header is None:
            return None
        scheme, _space, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "bad_token", _("use Authorization: Bearer <token>"))
        return token.strip()

    def check_id(game_id: str) -> None:
        if not 0 < len(game_id) <= 32 or not set(game_id) <= GAME_ID_CHARS:
            raise not_found(_("no game {game}", game=repr(game_id)))

    async def authorize(
        conn: HTTPConnection,
        game_id: str,
        token: str | None,
        lookup: Callable[[str, str | None], Awaitable[str]] | None = None,
    ) -> str:
        """Who a token stands for in a game (a seat's side; ``lookup`` may ask for a
        spectator link instead), rate-limited per token and, on failures, per address."""
        check_id(game_id)
        limit(f"seat:{token_hash(token)}" if token else client_key(conn))
        try:
            return await (lookup or games.seat_for)(game_id, token)
        except ApiError as exc:
            if exc.status == 401 and not failures.allow(client_key(conn)):
                raise ApiError(429, "rate_limited", _("too many failed attempts")) from None
            raise

    async def seat(request: Request, game_id: str) -> str:
        """The side that the bearer seat token plays in this game."""
        return await authorize(request, game_id, bearer(request))

    async def seat_any(
        request: Request,
        game_id: str,
        token: Annotated[str | None, Query(max_length=128, description="seat token")] = None,
    ) -> str:
        """Like :func:`seat`, also accepting the token as ``?token=``."""
        # ``token`` documents the parameter; its value was moved out of the query string
        # on arrival (see ``limits.take_query_token``) and is read from there.
        return await authorize(request, game_id, bearer(request) or query_token(request))

    async def account(request: Request) -> tuple[int, str]:
        token = bearer(request)
        limit(f"user:{token_hash(token)}" if token else client_key(request))
        return await users.user_for(token)

    async def maybe_account(request: Request) -> tuple[int, str] | None:
        token = bearer(request)
        limit(f"user:{token_hash(token)}" if token else client_key(request))
        return None if token is None else await users.user_for(token)

    async def spectator(
        request: Request,
        game_id: str,
        token: Annotated[str | None, Query(max_length=128, description="spectator token")] = None,
    ) -> str:
        """A spectator link of this game (bearer or ``?token=``)."""
        given = bearer(request) or query_token(request)
        return await authorize(request, game_id, given, games.spectator_for)

    Seat = Annotated[str, Depends(seat)]  # noqa: N806
    SeatAny = Annotated[str, Depends(seat_any)]  # noqa: N806
    Account = Annotated[tuple[int, str], Depends(account)]  # noqa: N806

    # --- routes -----------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = CLIENT / "index.html"
        if not page.exists():  # a checkout whose client was never built: the plain page
            page = STATIC / "index.html"
        return FileResponse(page, headers={"cache-control": "no-cache"})

    @app.get("/plain", include_in_schema=False)
    async def plain() -> Response:
        """The plain page: buttons built from the legal actions (any game, no map)."""
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    boards: dict[tuple[str, str | None, str], tuple[bytes, str]] = {}

    @app.get("/api/games/catalog/{game}/board", tags=["games"])
    async def board(
        game: str,
        request: Request,
        scenario: Annotated[str | None, Query(max_length=64)] = None,
    ) -> Response:
        """The printed mapboard of a game that has one (BITE): hexes, terrain, rivers,
        rails, places, boxes and zones, for clients to draw. Public, gzip-compressed and
        cacheable (an ETag; it changes only with the server's version)."""
        limit(client_key(request))
        key = (game, scenario, language())  # a game's words (SW's cards) are in the language
        if key not in boards:
            loaded = games.load_game(game)
            if not isinstance(loaded, HasBoard):
                raise not_found(_("{game} has no mapboard", game=game))
            if scenario is not None and scenario not in {s.id for s in loaded.scenarios()}:
                raise not_found(
                    _("{game} has no scenario {scenario}", game=game, scenario=repr(scenario))
                )
            body = json.dumps(loaded.board(scenario), separators=(",", ":")).encode()
            packed = gzip.compress(body, 6, mtime=0)
            boards[key] = (packed, '"' + hashlib.sha256(packed).hexdigest()[:32] + '"')
        packed, etag = boards[key]
        headers = {
            "etag": etag,
            "cache-control": "public, max-age=86400",
            "vary": "accept-encoding, accept-language",
        }
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["content-encoding"] = "gzip"
            return Response(packed, media_type="application/json", headers=headers)
        return Response(gzip.decompress(packed), media_type="application/json", headers=headers)

    @app.get("/api/health", tags=["server"])
    async def health() -> Response:
        """Liveness: the server answers and which database it uses."""
        return JSONResponse(
            {
                "status": "ok",
                "version": __version__,
                "database": "sqlite" if db.is_sqlite else db.engine.dialect.name,
                "live_games": len(games.cache),
            }
        )

    @app.get("/api/noop", tags=["server"])
    async def noop() -> Response:
        """Does nothing: the baseline of the benchmark (`make bench`)."""
        return JSONResponse({})

    @app.get("/api/games/catalog", tags=["games"])
    async def catalog() -> Response:
        """The games, their scenarios and options, and who may take a seat."""
        return JSONResponse(games.catalog())

    @app.post("/api/games", tags=["games"], status_code=201)
    async def create_game(
        body: CreateGame, request: Request, user: Annotated[Any, Depends(maybe_account)]
    ) -> Response:
        """Start a game. Returns its id, the secret seat tokens of the creator's own seats
        (`play_as` and every hotseat side; none for AI seats) and a one-time invite code
        for each other person's seat: share `links[side]` with that player, who joins
        with it. Logged in (session bearer), the creator's seats are attached to the
        account."""
        if user is None:
            limit(client_key(request))
        for key in (client_key(request), *([f"user:{user[0]}"] if user else [])):
            if per_hour > 0 and not new_games.allow(key):
                raise ApiError(429, "too_many_games", new_games_words())
        created = await games.create(
            body.game,
            body.scenario,
            body.options,
            body.seed,
            body.opponents,
            body.play_as,
            user[0] if user else None,
            body.spectate,
            body.spectate_delay,
        )
        return JSONResponse(created, status_code=201)

    @app.post("/api/games/{game_id}/join", tags=["games"])
    async def join(
        game_id: str,
        body: JoinBody,
        request: Request,
        user: Annotated[Any, Depends(maybe_account)],
    ) -> Response:
        """Take the seat an invite code was made for: the seat token goes to the caller
        only, once; an invite already used answers 409 `invite_used`. Logged in (session
        bearer), the seat is attached to the account."""
        check_id(game_id)
        if user is None:
            limit(client_key(request))
        try:
            joined = await games.join(game_id, body.invite, user[0] if user else None)
        except ApiError as exc:
            if exc.status == 401 and not failures.allow(client_key(request)):
                raise ApiError(429, "rate_limited", _("too many failed attempts")) from None
            raise
        return JSONResponse(joined)

    @app.post("/api/games/{game_id}/spectators", tags=["spectators"], status_code=201)
    async def new_spectator_link(game_id: str, side: Seat) -> Response:
        """A new read-only spectator link (any seat of the game may ask): it shows the
        public view, and the full game only as the creator chose (`spectate`)."""
        return JSONResponse(await games.new_spectator_link(game_id, side), status_code=201)

    @app.get("/api/games/{game_id}/spectate", tags=["spectators"])
    async def spectate(game_id: str, who: Annotated[str, Depends(spectator)]) -> Response:
        """What a spectator link sees: public metadata, the view every side shares, and
        `full` (the full view at `seq`, or null) as the creator chose."""
        return raw_json(await games.view(game_id, who))

    @app.get("/api/games/{game_id}/view", tags=["play"])
    async def view(game_id: str, side: Seat) -> Response:
        """The seat's side's view: the game's redacted view, prompt, legal actions,
        `can_undo`, `version` and public metadata (seats, AI thinking, result)."""
        return raw_json(await games.view(game_id, side))

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    async def act(game_id: str, body: ActionBody, side: Seat) -> Response:
        """Take an action. 200 with the new view; 409 if `version` is stale; 422 if the
        action is illegal or malformed. On any error nothing changes."""
        return raw_json(await games.act(game_id, side, body.action, body.version))

    @app.post("/api/games/{game_id}/undo", tags=["play"])
    async def undo(game_id: str, body: UndoBody, side: Seat) -> Response:
        """Take back the seat's last action, within its own segment (never past a die
        roll, a reveal or a change of the side to move)."""
        return raw_json(await games.undo(game_id, side, body.version))

    @app.post("/api/games/{game_id}/open", tags=["records"])
    async def agree_open(game_id: str, side: Seat, request: Request) -> Response:
        """Agree to open the full record (every hidden block, the seed) before the game is
        over. It opens once every seat agrees with its current token (an agreement dies
        when the seat's token is replaced); never against the computer (409)."""
        return raw_json(await games.agree_open(game_id, side, True, bearer(request) or ""))

    @app.delete("/api/games/{game_id}/open", tags=["records"])
    async def withdraw_open(game_id: str, side: Seat, request: Request) -> Response:
        """Withdraw the agreement: always possible; an opened record closes again until
        the game is over."""
        return raw_json(await games.agree_open(game_id, side, False, bearer(request) or ""))

    @app.post("/api/games/{game_id}/token", tags=["play"])
    async def replace_token(game_id: str, side: Seat) -> Response:
        """Replace this seat's token: the old one (and any socket opened with it) stops
        working (to lock out whoever else saw a link holding it)."""
        return JSONResponse(await games.new_token(game_id, side))

    @app.get("/api/games/{game_id}/record", tags=["records"])
    async def record(game_id: str, side: SeatAny) -> Response:
        """The full record (seed and every action, with the final state hash): only after
        the game is over, or once every seat agreed to open it. Any seat of the game."""
        return JSONResponse(await games.record(game_id))

    @app.get("/api/games/{game_id}/replay", tags=["records"])
    async def replay(
        game_id: str,
        side: SeatAny,
        upto: Annotated[int | None, Query(ge=0, description="actions applied")] = None,
        as_side: Annotated[
            str | None,
            Query(alias="side", max_length=32, description="whose view; omitted: everything"),
        ] = None,
    ) -> Response:
        """The view of a chosen side after `upto` actions, for replay viewers: only for a
        finished or opened game."""
        return JSONResponse(await games.replay(game_id, upto, as_side))

    @app.get("/api/games/{game_id}/report", tags=["records"])
    async def report(game_id: str, side: SeatAny) -> Response:
        """The end-of-game report: the verdict, each side's blocks and strength and the map's
        control at the start of every turn and at the end, and every block lost. Only once
        the game is over (a summary of the record every seat may read then)."""
        return JSONResponse(await game_report(games, game_id))

    @app.get("/api/games/{game_id}/status", tags=["play"])
    async def status(game_id: str, side: SeatAny) -> Response:
        """Whose move it is, cheaply (for a list of games: the game is not loaded):
        `status`, `to_move`, `your_turn`, `waiting_for` (the other sides to act, each a
        person or the computer), `result`, `seq`, `updated`."""
        return JSONResponse(await games.status(game_id, side))

    @app.put("/api/games/{game_id}/webhook", tags=["play"])
    async def set_webhook(game_id: str, body: WebhookBody, side: Seat) -> Response:
        """Set this seat's webhook: a POST of `{game, scenario, turn, side, message:
        "your move", link}` to `url` when this seat's move comes (at most one a minute;
        never anything hidden). Only for a seat played from elsewhere; null removes it."""
        return JSONResponse(await games.set_webhook(game_id, side, body.url))

    @app.get("/api/games/{game_id}/webhook", tags=["play"])
    async def get_webhook(game_id: str, side: Seat) -> Response:
        """This seat's webhook URL (null: none). No other seat can read it."""
        return JSONResponse(await games.webhook(game_id, side))

    @app.delete("/api/games/{game_id}/webhook", tags=["play"])
    async def delete_webhook(game_id: str, side: Seat) -> Response:
        """Remove this seat's webhook."""
        return JSONResponse(await games.set_webhook(game_id, side, None))

    @app.get("/api/games/{game_id}/export", tags=["records"])
    async def export(game_id: str, side: SeatAny) -> Response:
        """The game as one file, to import on another server: the record (seed, every
        action, the state hash), the seats' kinds (no token) and a SHA-256 of the
        content. It shows everything hidden, so a game in progress between people in
        different places exports only once every seat agreed to open its record; a game
        whose people all sit at the creator's screen (or play the computer) exports for
        them; a finished game for any seat."""
        data = await games.export(game_id, side)
        name = f"hexfront-{data['game']}-{data['scenario']}-{game_id}.json"
        return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})

    @app.post("/api/games/import", tags=["records"], status_code=201)
    async def import_game(
        request: Request,
        user: Annotated[Any, Depends(maybe_account)],
        play_as: Annotated[
            str | None, Query(max_length=32, description="the importer's own side")
        ] = None,
    ) -> Response:
        """Start a game from an exported file (the body, up to 32 MiB): its SHA-256 is
        checked, then the whole game replayed from its seed to its stated hash; a changed,
        damaged or malformed file is refused with 400 and a sentence saying why, and
        nothing is stored. Returns the new game like `POST /api/games`: tokens of the
        importer's seats, invite codes of the others."""
        if user is None:
            limit(client_key(request))
        for key in (client_key(request), *([f"user:{user[0]}"] if user else [])):
            if per_hour > 0 and not new_games.allow(key):
                raise ApiError(429, "too_many_games", new_games_words())

        def parse(body: bytes) -> Any:
            try:
                data = json.loads(body)
            except (ValueError, UnicodeDecodeError):
                raise ApiError(400, "bad_json", _("the game file is not valid JSON")) from None
            if _unicode_problem(data):
                raise ApiError(
                    400, "bad_export_file", _("the game file holds text that is not Unicode")
                )
            return data

        data = await games.run(parse, await request.body())  # megabytes: off the event loop
        created = await games.import_game(data, play_as, user[0] if user else None)
        return JSONResponse(created, status_code=201)

    async def open_socket(
        websocket: WebSocket,
        game_id: str,
        lookup: Callable[[str, str | None], Awaitable[str]] | None = None,
    ) -> None:
        """Serve one socket of a seat (or, with ``lookup``, of a spectator link), within
        the per-address cap on open sockets."""
        token = query_token(websocket)  # moved out of the query string on arrival
        address = client_key(websocket)
        sockets_open[address] = sockets_open.get(address, 0) + 1

        async def auth() -> str:
            if sockets_open[address] > settings.max_sockets_per_address:
                raise ApiError(429, "too_many_sockets", _("too many open sockets from one address"))
            return await authorize(websocket, game_id, token, lookup)

        try:
            await serve_socket(websocket, games, game_id, token, auth)
        finally:
            sockets_open[address] -= 1
            if not sockets_open[address]:
                del sockets_open[address]

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the seat's new view after every change: `{"type": "view", ...}`."""
        await open_socket(websocket, game_id)

    @app.websocket("/api/games/{game_id}/spectate/ws")
    async def spectate_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Pushes the spectator's payload after every change: `{"type": "view", ...}`."""
        await open_socket(websocket, game_id, games.spectator_for)

    # --- accounts ---------------------------------------------------------------------

    @app.post("/api/users", tags=["accounts"], status_code=201)
    async def register(body: Credentials, request: Request) -> Response:
        """Create an account (username + password, stored as an argon2 hash)."""
        limit(client_key(request))
        return JSONResponse(await users.register(body.username, body.password), status_code=201)

    @app.post("/api/session", tags=["accounts"])
    async def login(body: Credentials, request: Request) -> Response:
        """Log in: returns a bearer session token (it is not a seat token)."""
        limit(client_key(request))
        account = body.username.casefold()
        wait = backoff.wait(account)
        if wait > 0:
            seconds = math.ceil(wait)
            raise ApiError(
                429,
                "login_backoff",
                _n(
                    "too many wrong passwords for this account: try again in {n} second",
                    "too many wrong passwords for this account: try again in {n} seconds",
                    seconds,
                ),
            )
        try:
            session = await users.login(body.username, body.password)
        except ApiError as exc:
            if exc.status == 401:
                backoff.failed(account)  # from any address: guessing is slowed per account
            raise
        backoff.succeeded(account)
        return JSONResponse(session)

    @app.delete("/api/session", tags=["accounts"], status_code=204)
    async def logout(request: Request, user: Account) -> Response:
        """Log out: the session token stops working."""
        token = bearer(request)
        assert token is not None
        await users.logout(token)
        return Response(status_code=204)

    @app.get("/api/my/games", tags=["accounts"])
    async def my_games(user: Account) -> Response:
        """The games whose seats are attached to the account, newest first."""
        return JSONResponse({"username": user[1], "games": await users.my_games(user[0])})

    @app.post("/api/my/seats", tags=["accounts"])
    async def claim(body: ClaimBody, user: Account) -> Response:
        """Attach a seat to the account, proven by its seat token (e.g. an invitee's)."""
        check_id(body.game_id)
        return JSONResponse(await users.claim(user[0], body.game_id, body.token))

    @app.post("/api/my/games/{game_id}/seats/{side}/token", tags=["accounts"])
    async def reissue(game_id: str, side: str, user: Account) -> Response:
        """A fresh seat token for a seat attached to the account (to play from another
        browser). The seat's previous token stops working."""
        check_id(game_id)
        return JSONResponse(await users.new_seat_token(user[0], game_id, side))

    return app
