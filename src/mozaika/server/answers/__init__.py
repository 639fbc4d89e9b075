"""The shapes of the server's answers: Pydantic models for every ``/api`` answer and WebSocket event.

The routes name them as their ``response_model``, so ``/openapi.json`` documents each
answer (its components carry these names), and the live connections send the same
shapes as events. This package depends on nothing else of the server: the services can
build these models themselves.
"""

from mozaika.server.answers.accounts import (
    EmailConfirmed,
    EmailSettings,
    EmailSettingsChanged,
    Me,
    PlayerPage,
    Rating,
    RecentGame,
    SessionsEnded,
    SignedIn,
)
from mozaika.server.answers.analysis import AnalysisBest, AnalysisPosition, FoundMove, Hint
from mozaika.server.answers.common import (
    Absent,
    Answer,
    ClockView,
    ErrorBody,
    ErrorDetail,
    SeatClock,
    TimeControl,
)
from mozaika.server.answers.events import (
    ChatEvent,
    ChatRemovedEvent,
    ErrorEvent,
    HelloEvent,
    LobbyLiveEvent,
    PongEvent,
    RestartingEvent,
    ReviewEvent,
    TableEvent,
    TableLiveEvent,
    TimeoutEvent,
)
from mozaika.server.answers.history import ChatMessage, GameRecord, LogEntry, ReplayStep, StepEvent
from mozaika.server.answers.results import GameResult, PlayerResult, PlayerStatistics, RatingChange, TableResult
from mozaika.server.answers.reviews import GameReview, ReviewedMove, ReviewedPlayer, ReviewView
from mozaika.server.answers.tables import (
    ColourTheme,
    GameEntry,
    GameOption,
    InvitesMade,
    MovePlayed,
    SeatTaken,
    SeatView,
    TableChanged,
    TableCreated,
    TableSummary,
    TableView,
)

__all__ = [
    "Absent",
    "AnalysisBest",
    "AnalysisPosition",
    "Answer",
    "ChatEvent",
    "ChatMessage",
    "ChatRemovedEvent",
    "ClockView",
    "ColourTheme",
    "EmailConfirmed",
    "EmailSettings",
    "EmailSettingsChanged",
    "ErrorBody",
    "ErrorDetail",
    "ErrorEvent",
    "FoundMove",
    "GameEntry",
    "GameOption",
    "GameRecord",
    "GameResult",
    "GameReview",
    "HelloEvent",
    "Hint",
    "InvitesMade",
    "LobbyLiveEvent",
    "LogEntry",
    "Me",
    "MovePlayed",
    "PlayerPage",
    "PlayerResult",
    "PlayerStatistics",
    "PongEvent",
    "Rating",
    "RatingChange",
    "RecentGame",
    "ReplayStep",
    "RestartingEvent",
    "ReviewEvent",
    "ReviewView",
    "ReviewedMove",
    "ReviewedPlayer",
    "SeatClock",
    "SeatTaken",
    "SeatView",
    "SessionsEnded",
    "SignedIn",
    "StepEvent",
    "TableChanged",
    "TableCreated",
    "TableEvent",
    "TableLiveEvent",
    "TableResult",
    "TableSummary",
    "TableView",
    "TimeControl",
    "TimeoutEvent",
]
