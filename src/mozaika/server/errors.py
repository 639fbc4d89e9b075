"""Errors the API reports: each has an HTTP status, a stable code and a message for people."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A request that cannot be done; nothing was changed."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def body(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details is not None:
            error["details"] = self.details
        return {"error": error}


class BadRequestError(ApiError):
    pass


class NotSignedInError(ApiError):
    status = 401
    code = "not_signed_in"


class ForbiddenError(ApiError):
    status = 403
    code = "forbidden"


class NotFoundError(ApiError):
    status = 404
    code = "not_found"


class ConflictError(ApiError):
    """The request does not fit the table's current state (a stale sequence number, a started game…)."""

    status = 409
    code = "conflict"


class StaleMoveError(ConflictError):
    code = "stale"


class MoveRefusedError(ApiError):
    """The move is not legal here (the engine says why)."""

    status = 422
    code = "illegal_move"


class InvalidRequestError(ApiError):
    """Malformed: a field, parameter or path that does not have the form it must."""

    status = 422
    code = "invalid_request"


class TooLargeError(ApiError):
    status = 413
    code = "too_large"


class PositionRefusedError(ApiError):
    """A position that cannot be (the message names the rule it breaks, from the position builder)."""

    status = 422
    code = "bad_position"


class BusyError(ApiError):
    """The server is doing as much of this as it can at once; ``retry_after`` says when to try again."""

    status = 503
    code = "busy"

    def __init__(self, message: str, *, retry_after: int | None = None, details: Any = None) -> None:
        super().__init__(message, details=details)
        self.retry_after = retry_after


class TooManyRequestsError(ApiError):
    """Over a rate limit; ``retry_after`` says in how many seconds to try again."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int, details: Any = None) -> None:
        super().__init__(message, details=details)
        self.retry_after = retry_after
