"""How a game describes itself to the catalogue: its id, title, player counts, options, and the
parts of it that players and programs use (creating and reading states, its tiles' look, its
printed board, its position notation).  Each game package makes one :class:`GameSpec`; the
catalogue (:mod:`mozaika.catalogue`) collects them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from mozaika.core.errors import OptionError
from mozaika.core.learning import Learning
from mozaika.core.lineformat import PositionKit
from mozaika.core.protocol import Move, State
from mozaika.core.strategy import SearchTuning, Strategy
from mozaika.core.theme import Theme


@dataclass(frozen=True)
class Option:
    """One option of a game: its allowed values (the first is the default)."""

    name: str
    values: tuple[Any, ...]
    help: str

    @property
    def default(self) -> Any:
        return self.values[0]


@dataclass(frozen=True)
class Guide:
    """How clients teach a game: what they show of it without knowing it by its id."""

    rules: tuple[str, ...]
    """The names of the game's short rules, in order (a client's texts ``rules.<game>.<name>``)."""
    variant_rules: Mapping[str, Mapping[Any, tuple[str, ...]]] = field(default_factory=dict)
    """The rules an option's value adds: ``{option: {value: names}}``."""
    figures: tuple[str, ...] = ()
    """The tutorial lessons whose last positions illustrate the scoring (the rules panel draws them)."""
    showcase: str | None = None
    """The tutorial lesson whose last position shows the game at a glance (the front door's card)."""

    def to_dict(self) -> dict[str, Any]:
        """As plain data: the option values as JSON writes them (``true``, ``grey``)."""

        def written(value: Any) -> str:
            return str(value).lower() if isinstance(value, bool) else str(value)

        variants = {
            option: {written(value): list(names) for value, names in values.items()}
            for option, values in self.variant_rules.items()
        }
        return {
            "rules": list(self.rules),
            "variant_rules": variants,
            "figures": list(self.figures),
            "showcase": self.showcase,
        }


@dataclass(frozen=True)
class GameSpec:
    """What a client needs to know to offer a game, and how to create it."""

    id: str
    title: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    create: Callable[..., State]
    """``create(players=, seed=, auto_chance=, **options)``, options already validated."""
    load: Callable[[Mapping[str, Any]], State]
    """Rebuild a state from :meth:`State.to_dict` output, whose player count the catalogue has
    checked (F-1) and whose options it has resolved (:func:`from_json`)."""
    theme: Theme | None = None
    """The names and display colours of the game's tiles, for clients."""
    board: Mapping[str, Any] | None = None
    """The printed board as plain data, for clients that draw it (``kind`` says which drawing)."""
    positions: PositionKit | None = None
    """Position lines and the position builder of the game's family (``mozaika.notation.positions``)."""
    strategy: Strategy | None = None
    """The game's heuristics for the bots (values, rollout moves, move priors)."""
    search: SearchTuning = field(default_factory=SearchTuning)
    """How the search bot is tuned for the game (own points' weight, widening, foresight, margin)."""
    learning: Learning | None = None
    """The game's observations and action space for learners (``mozaika.rl``)."""
    read_move: Callable[[str, Mapping[str, Any]], Move] | None = None
    """``read_move(text, options)``: the move a text in the game's notation names, whatever the phase,
    so that a move's fields can be given without its position (the log, records, hints)."""
    guide: Guide | None = None
    """What clients show to teach the game: its short rules, its scoring figures, its showcase."""

    @cached_property
    def _defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fill in defaults and reject unknown options or values."""
        if not given:  # (every new game asks: the defaults, made once)
            return dict(self._defaults)
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionError(
                f"{self.id} has no option {unknown[0]!r}; its options are: " + (", ".join(known) or "none")
            )
        resolved: dict[str, Any] = {}
        for option in self.options:
            value = given.get(option.name, option.default)
            if value not in option.values:
                allowed = ", ".join(repr(v) for v in option.values)
                raise OptionError(f"{self.id} option {option.name}={value!r} is not one of {allowed}")
            resolved[option.name] = value
        return resolved
