"""What every position of the family has besides the factory offer: seats with boards that
score, rounds, and phases, one of which waits for chance and one of which is the end."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from mozaika.core.copies import Copyable
from mozaika.core.offer import FactoryOffer
from mozaika.core.reading import Fields
from mozaika.core.theme import Theme


class FamilyBoard(Copyable):
    """A player's board: whatever else it holds, a score and the statistics of how it was made.

    Each game names its statistics (points by kind, tiles moved) in :attr:`STATS`, in
    the order positions and position lines write them, and keeps each in a slot of
    that name.
    """

    __slots__ = ("score",)

    STATS: ClassVar[tuple[str, ...]]
    """The board's statistics, in the order they are written (``docs/api.md``, ``docs/notation.md``)."""
    LATER_STATS: ClassVar[frozenset[str]] = frozenset()
    """Statistics added after positions were first written: a position that lacks one counts it from 0."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "STATS" in vars(cls):
            cls._zero_stats = _stats_zeroer(cls)  # type: ignore[method-assign]

    def __init__(self, score: int) -> None:
        self.score = score
        self._zero_stats()

    def _zero_stats(self) -> None:
        """Set every statistic to 0 (generated, straight-line, for each class that names its :attr:`STATS`)."""

    def stats(self) -> dict[str, int]:
        """The statistics by name, as positions write them."""
        return {name: getattr(self, name) for name in self.STATS}

    def read_stats(self, stats: Fields) -> None:
        """Take the statistics of a position's board (each a whole number, at least 0)."""
        for name in self.STATS:
            missing = name not in stats.data and name in self.LATER_STATS
            setattr(self, name, 0 if missing else stats.integer(name, 0))


def _stats_zeroer(cls: type[FamilyBoard]) -> Any:
    # New games and searches make boards all the time: a loop of setattr costs twice this.
    lines = ["def _zero_stats(self):", *(f"    self.{name} = 0" for name in cls.STATS), "    pass"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the source is made of the statistics' names only
    zero = namespace["_zero_stats"]
    zero.__qualname__ = f"{cls.__qualname__}._zero_stats"
    return zero


def _phase_test(phase: int, doc: str) -> property:
    def test(self: FamilyState[Any]) -> bool:
        return self.phase == phase

    test.__doc__ = doc
    return property(test)


B = TypeVar("B", bound=FamilyBoard)


class FamilyState(FactoryOffer, Generic[B], records=("boards",)):
    """A position of a game of the family; each engine says which of its phases are chance and the end."""

    __slots__ = ("_players", "_round", "boards", "phase")

    theme: ClassVar[Theme]
    """The game's tile colours and their names."""
    CHANCE_PHASE: ClassVar[int]
    """The phase in which a chance event is pending."""
    OVER_PHASE: ClassVar[int]
    """The phase after the end of the game."""

    _players: int
    _round: int
    bag: list[int]
    """Tiles by colour in the bag (each game declares its slot)."""
    boards: list[B]
    """Each seat's board, in seat order."""
    phase: int

    @property
    def players(self) -> int:
        return self._players

    @property
    def round(self) -> int:
        return self._round

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # play() and every search loop ask these after each move: a test against a number the
        # function holds costs less than looking the phase up on the class each time.
        if "CHANCE_PHASE" in vars(cls):
            cls.is_chance = _phase_test(cls.CHANCE_PHASE, "True while a chance event must be resolved.")  # type: ignore[assignment]
        if "OVER_PHASE" in vars(cls):
            cls.is_over = _phase_test(cls.OVER_PHASE, "True once the game has ended.")  # type: ignore[assignment]

    @property
    def is_chance(self) -> bool:
        return self.phase == self.CHANCE_PHASE

    @property
    def is_over(self) -> bool:
        return self.phase == self.OVER_PHASE

    @property
    def scores(self) -> list[int]:
        return [board.score for board in self.boards]

    @abstractmethod
    def counts_in_play(self) -> list[int]:
        """Tiles by colour wherever they are (bag, table, boards...): always the game's number of each (F-4)."""

    def _leaders(self) -> list[int]:
        """The seats with the highest score."""
        best = max(board.score for board in self.boards)
        return [seat for seat, board in enumerate(self.boards) if board.score == best]
