"""API errors: every error leaves the server as JSON ``{"error": code, "detail": message}``."""

from __future__ import annotations


class ApiError(Exception):
    """An error answered to the client with ``status`` and a stable machine ``code``."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "detail": self.detail}


def bad_request(code: str, detail: str) -> ApiError:
    return ApiError(400, code, detail)


def unauthorized(code: str, detail: str) -> ApiError:
    return ApiError(401, code, detail)


def forbidden(code: str, detail: str) -> ApiError:
    return ApiError(403, code, detail)


def not_found(detail: str) -> ApiError:
    return ApiError(404, "not_found", detail)


def conflict(code: str, detail: str) -> ApiError:
    return ApiError(409, code, detail)


def unprocessable(code: str, detail: str) -> ApiError:
    return ApiError(422, code, detail)


class CorruptGame(ApiError):
    """A stored game does not rebuild to its stored hash: refuse to serve it."""

    def __init__(self, detail: str) -> None:
        super().__init__(500, "corrupt_game", detail)
