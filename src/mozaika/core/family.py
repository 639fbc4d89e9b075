"""What every position of the family has besides the factory offer: seats with boards that
score, rounds, and phases, one of which waits for chance and one of which is the end."""

from __future__ import annotations

from typing import ClassVar, Generic, Protocol, TypeVar

from mozaika.core.offer import FactoryOffer


class ScoredBoard(Protocol):
    """A player's board: whatever else it holds, it has a score."""

    score: int


B = TypeVar("B", bound=ScoredBoard)


class FamilyState(FactoryOffer, Generic[B], records=("boards",)):
    """A position of a game of the family; each engine says which of its phases are chance and the end."""

    __slots__ = ("_players", "_round", "boards", "phase")

    CHANCE_PHASE: ClassVar[int]
    """The phase in which a chance event is pending."""
    OVER_PHASE: ClassVar[int]
    """The phase after the end of the game."""

    _players: int
    _round: int
    boards: list[B]
    """Each seat's board, in seat order."""
    phase: int

    @property
    def players(self) -> int:
        return self._players

    @property
    def round(self) -> int:
        return self._round

    @property
    def is_chance(self) -> bool:
        return self.phase == self.CHANCE_PHASE

    @property
    def is_over(self) -> bool:
        return self.phase == self.OVER_PHASE

    @property
    def scores(self) -> list[int]:
        return [board.score for board in self.boards]

    def _leaders(self) -> list[int]:
        """The seats with the highest score."""
        best = max(board.score for board in self.boards)
        return [seat for seat, board in enumerate(self.boards) if board.score == best]
