"""Game reviews on the server: one after every finished game, and on request for any finished game.

The review itself is :mod:`mozaika.bots.review`.  :class:`Reviews` keeps each
table's review in the database (queued, running, done or failed, with its
progress); :class:`ReviewRunner` makes them in the background, one decision at a
time in the bot workers (:meth:`BotPlayer.review_decision`), and only while no
table waits for a bot or a hint: live play always goes first.  Each decision's
search is bounded (``Settings.review_move_seconds`` and ``review_iterations``),
and so is a whole game's (``review_seconds``), so a review never holds a worker for
long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from mozaika.bots.base import Budget
from mozaika.bots.review import MoveReview, Review, decisions, placed
from mozaika.notation.records import Record
from mozaika.server.bots.player import BotPlayer
from mozaika.server.errors import ConflictError, NotFoundError
from mozaika.server.settings import Settings
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import GameReview, GameTable, utc_now
from mozaika.server.tables import FINISHED, History
from mozaika.server.tables.gamelog import fields_of_moves
from mozaika.server.tables.standings import record_review

log = logging.getLogger("mozaika.server")

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
ABANDONED_AFTER = timedelta(minutes=10)
"""A review still running this long after it started was left by a server that died: it is queued again."""
LOOK_AGAIN_SECONDS = 60.0
"""How often the runner looks for reviews left by a server that died, with nothing else to wake it."""


class Reviews:
    """The reviews of finished games, as stored."""

    def __init__(self, db: Database, history: History) -> None:
        self.db = db
        self.history = history

    def request(self, table_id: str) -> tuple[dict[str, Any], bool]:
        """Queue the review of a finished game, unless it is queued, running or done; (its view, newly queued)."""
        with self.db.transaction() as session:
            _check_finished(session, table_id)
            review = session.get(GameReview, table_id)
            queued = review is None or review.status == FAILED
            if review is None:
                review = GameReview(table_id=table_id, status=QUEUED, done=0, total=0)
                session.add(review)
            elif review.status == FAILED:
                review.status, review.error, review.done = QUEUED, None, 0
                review.requested_at = utc_now()
            session.flush()
            return _view(review), queued

    def view(self, table_id: str) -> dict[str, Any]:
        """A finished game's review as it stands (``status`` ``none`` when none was asked for)."""
        with self.db.reading() as session:
            _check_finished(session, table_id)
            review = session.get(GameReview, table_id)
            if review is None:
                return {"table": table_id, "status": "none", "done": 0, "total": 0, "review": None}
            return _view(review)

    def pending(self) -> list[str]:
        """Queued reviews, oldest first, and running ones abandoned by a server that stopped (queued again)."""
        with self.db.transaction() as session:
            session.execute(
                update(GameReview)
                .where(GameReview.status == RUNNING, GameReview.started_at < utc_now() - ABANDONED_AFTER)
                .values(status=QUEUED, done=0)
            )
            rows = session.execute(
                select(GameReview.table_id).where(GameReview.status == QUEUED).order_by(GameReview.requested_at)
            )
            return [table_id for (table_id,) in rows]

    def claim(self, table_id: str) -> Record | None:
        """Start a queued review (one server process only: a compare-and-set); its game's record, or None."""
        record = self.history.record(table_id)
        with self.db.transaction() as session:
            claimed = session.execute(
                update(GameReview)
                .where(GameReview.table_id == table_id, GameReview.status == QUEUED)
                .values(status=RUNNING, started_at=utc_now(), done=0)
            )
            return record if claimed.rowcount == 1 else None  # type: ignore[attr-defined]

    def requeue(self, table_id: str) -> None:
        """A review this server stopped in the middle of: queued again, for the next start (or another server)."""
        with self.db.transaction() as session:
            session.execute(
                update(GameReview)
                .where(GameReview.table_id == table_id, GameReview.status == RUNNING)
                .values(status=QUEUED, done=0)
            )

    def progress(self, table_id: str, done: int, total: int) -> None:
        with self.db.transaction() as session:
            session.execute(update(GameReview).where(GameReview.table_id == table_id).values(done=done, total=total))

    def finish(self, table_id: str, review: Review) -> dict[str, Any]:
        with self.db.transaction() as session:
            stored = session.get(GameReview, table_id)
            assert stored is not None
            stored.status, stored.review, stored.finished_at = DONE, review.to_dict(), utc_now()
            stored.done = stored.total = len(review.moves)
            record_review(session, table_id, stored.review)
            session.flush()
            return _view(stored)

    def fail(self, table_id: str, message: str) -> dict[str, Any]:
        with self.db.transaction() as session:
            stored = session.get(GameReview, table_id)
            assert stored is not None
            stored.status, stored.error, stored.finished_at = FAILED, message, utc_now()
            session.flush()
            return _view(stored)


def _check_finished(session: Session, table_id: str) -> None:
    table = session.get(GameTable, table_id)
    if table is None:
        raise NotFoundError(f"no table {table_id!r}")
    if table.status != FINISHED:
        raise ConflictError(f"the table is {table.status}: a game is reviewed once it is over")


def _view(review: GameReview) -> dict[str, Any]:
    found = review.review
    named = [text for move in found["mistakes"] for text in (move["played"], move["best"])] if found else []
    return {
        "table": review.table_id,
        "status": review.status,
        "done": review.done,
        "total": review.total,
        "review": found,
        "move_fields": fields_of_moves(found["game"], {}, named) if found else {},
        **({"error": review.error} if review.error else {}),
    }


class ReviewRunner:
    """Makes the queued reviews in the background, one decision at a time, live play first."""

    def __init__(
        self,
        reviews: Reviews,
        bots: BotPlayer,
        publish: Callable[[list[dict[str, Any]]], Awaitable[None]],
        settings: Settings,
    ) -> None:
        self.reviews = reviews
        self.bots = bots
        self.publish = publish
        self.settings = settings
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())
        self._wake.set()  # reviews queued before a restart

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def request(self, table_id: str) -> dict[str, Any]:
        """Queue a finished game's review (if it is not queued or made already) and wake the runner."""
        view, queued = await run_in_threadpool(self.reviews.request, table_id)
        if queued:
            self._wake.set()
            await self.publish([_event(view)])
        return view

    async def after_events(self, events: list[dict[str, Any]]) -> None:
        """Queue the review of every game these events finish (when the server reviews every game), but of
        one the stand-ins finished after every person had left it (R-25): nobody played it to learn from."""
        if not self.settings.review_every_game:
            return
        for event in events:
            left = (event.get("result") or {}).get("idle_ended", False)
            if event.get("type") == "step" and event.get("status") == FINISHED and not left:
                try:
                    await self.request(event["table"])
                except Exception:
                    log.exception("the review of table %s could not be queued", event["table"])

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), LOOK_AGAIN_SECONDS)
            self._wake.clear()
            try:
                pending = await run_in_threadpool(self.reviews.pending)
            except Exception:
                log.exception("the queued reviews could not be read")
                continue
            for table_id in pending:
                try:
                    await self._review(table_id)
                except asyncio.CancelledError:
                    # The server is stopping: the review waits for the next start, not ten minutes.
                    self.reviews.requeue(table_id)
                    raise
                except Exception as error:
                    log.exception("the review of table %s failed", table_id)
                    await self.publish([_event(await run_in_threadpool(self.reviews.fail, table_id, str(error)))])

    async def _review(self, table_id: str) -> None:
        record = await run_in_threadpool(self.reviews.claim, table_id)
        if record is None:
            return  # another server process took it
        found = await run_in_threadpool(decisions, record)
        budget = self._budget(len(found))
        await run_in_threadpool(self.reviews.progress, table_id, 0, len(found))
        moves: list[MoveReview] = []
        for index, decision in enumerate(found):
            reviewed = await self.bots.review_decision(
                decision.position.to_json(), decision.played, decision.seat, budget, index, self.settings.review_bot
            )
            moves.append(placed(MoveReview.from_dict(reviewed), decision.step, index + 1))
            await run_in_threadpool(self.reviews.progress, table_id, index + 1, len(found))
        review = Review(
            game=record.game,
            players=list(record.players),
            moves=moves,
            budget=budget.describe(),
            bot=self.settings.review_bot,
        )
        await self.publish([_event(await run_in_threadpool(self.reviews.finish, table_id, review))])

    def _budget(self, decisions: int) -> Budget:
        """Each decision's share of the game's bound, at most the per-decision bound."""
        seconds = min(self.settings.review_move_seconds, self.settings.review_seconds / max(decisions, 1))
        return Budget(iterations=self.settings.review_iterations, seconds=seconds)


def _event(view: dict[str, Any]) -> dict[str, Any]:
    """The live event of a review's progress (the review itself is fetched: it can be large)."""
    return {
        "type": "review",
        "table": view["table"],
        "status": view["status"],
        "done": view["done"],
        "total": view["total"],
    }
