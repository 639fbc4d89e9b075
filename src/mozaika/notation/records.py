"""Game records: the header of a game and every step of it, as JSON (docs/records.md).

A record holds the game id, its options, the players' names, the seed and the
ordered steps: decisions in move notation and chance outcomes in chance notation,
so that a replay needs neither the seed nor any generator (rule F-3).  The seed is
kept so that a game can be continued with the same future chance.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mozaika.catalogue.registry import game_spec, new_game
from mozaika.core.errors import MozaikaError, NotationError, OptionError, RecordError
from mozaika.core.protocol import State

FORMAT = "mozaika-record"
VERSION = 1
MAX_NAME = 64


@dataclass
class Record:
    """One game, from its options to its last step."""

    game: str
    players: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    """The final scores and winners, when the game is over (checked by :func:`replay`)."""
    times: list[float | None] | None = None
    """Seconds each step took, by step (None for chance outcomes and steps not timed); optional."""
    clock: dict[str, Any] | None = None
    """The time control the game was played with (:meth:`mozaika.core.clocks.TimeControl.to_dict`); optional."""

    @classmethod
    def from_state(
        cls,
        state: State,
        players: Sequence[str] | None = None,
        *,
        times: Sequence[float | None] | None = None,
        clock: dict[str, Any] | None = None,
    ) -> Record:
        """The record of a game played on ``state`` since :func:`mozaika.new_game` created it,
        with the seconds each step took (``times``, one per step) when they are known."""
        names = list(players) if players is not None else [f"Player {seat + 1}" for seat in range(state.players)]
        if len(names) != state.players:
            raise RecordError(f"{len(names)} names given for {state.players} players")
        result = {"scores": state.scores, "winners": state.winners} if state.is_over else None
        steps = [str(step) for step in state.history]
        if times is not None and len(times) != len(steps):
            raise RecordError(f"{len(times)} times given for {len(steps)} steps")
        return cls(
            game=state.game_id,
            players=names,
            seed=state.seed,
            options=state.options,
            steps=steps,
            result=result,
            times=list(times) if times is not None else None,
            clock=clock,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "steps": self.steps,
        }
        if self.result is not None:
            data["result"] = self.result
        if self.times is not None:
            data["times"] = self.times
        if self.clock is not None:
            data["clock"] = self.clock
        return data

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a record, checking its header; raises :class:`RecordError` with what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f'not a Mozaika record: "format" must be {FORMAT!r}')
        if data.get("version") != VERSION:
            raise RecordError(f"unknown record version {data.get('version')!r}; this version reads {VERSION}")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError('the record must name its game in "game"')
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError('"options" must be an object')
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
            raise RecordError('"players" must be a list of names')
        for name in players:
            if not name.strip() or len(name) > MAX_NAME:
                raise RecordError(f"player names must be 1-{MAX_NAME} characters, not {name!r}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise RecordError(f'"seed" must be a non-negative whole number, not {seed!r}')
        steps = data.get("steps")
        if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
            raise RecordError('"steps" must be a list of strings (moves and chance outcomes)')
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError('"result" must be an object')
        times = data.get("times")
        if times is not None:
            if not isinstance(times, list) or not all(_is_seconds(time) for time in times):
                raise RecordError('"times" must be a list of seconds (or null), one per step')
            if len(times) != len(steps):
                raise RecordError(f'"times" holds {len(times)} entries for {len(steps)} steps')
        clock = data.get("clock")
        if clock is not None and not isinstance(clock, dict):
            raise RecordError('"clock" must be an object')
        return cls(
            game=game,
            players=list(players),
            seed=seed,
            options=dict(options),
            steps=list(steps),
            result=result,
            times=None if times is None else [None if time is None else float(time) for time in times],
            clock=clock,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def start(self) -> State:
        """The position before the first step: the game as created, waiting for its first chance event."""
        try:
            spec = game_spec(self.game)
            if len(self.players) not in spec.players:
                allowed = ", ".join(map(str, spec.players))
                raise OptionError(f"{self.game} is played by {allowed} players, not {len(self.players)} (F-1)")
            return new_game(self.game, players=len(self.players), seed=self.seed, auto_chance=False, **self.options)
        except OptionError as error:
            raise RecordError(str(error)) from None


def _is_seconds(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool) and value >= 0)


def replay(record: Record, *, upto: int | None = None) -> State:
    """Re-play a record step by step, checking each one; return the final position.

    Every step is checked against the rules; a step that is not legal raises
    :class:`RecordError` naming the step (1-based), its text and the broken rule.
    With ``upto`` only the first ``upto`` steps are played.  A record with a
    ``result`` must end in exactly that result.  The returned state waits at chance
    events (``auto_chance`` is off): call :meth:`State.resolve_chance` to go on with
    the record's seed, or set ``auto_chance`` to play on.
    """
    state = record.start()
    steps = record.steps if upto is None else record.steps[:upto]
    for number, text in enumerate(steps, start=1):
        try:
            if state.is_over:
                raise RecordError("the game is already over", step=number)
            if state.is_chance:
                state.apply_chance(state.parse_chance(text))
            else:
                state.play(state.parse_move(text))
        except RecordError:
            raise
        except NotationError as error:
            kind = "chance outcome" if state.is_chance else "move"
            raise RecordError(f"{text!r} is not a valid {kind}: {error}", step=number) from None
        except MozaikaError as error:
            raise RecordError(f"{text!r} is illegal: {error}", step=number) from None
    if upto is None and record.result is not None:
        if not state.is_over:
            raise RecordError(f"the record claims a result, but the game is not over after {len(steps)} steps")
        expected = {"scores": state.scores, "winners": state.winners}
        claimed = {key: record.result.get(key) for key in expected}
        if claimed != expected:
            raise RecordError(f"the record claims {claimed}, but its steps give {expected}")
    return state
