"""Positions made by hand: the one-line notation, and the position builder.

* :func:`to_line` / :func:`from_line` (also ``mozaika.to_line`` and
  ``mozaika.from_line``): a whole position as one short line of printable ASCII,
  like chess's FEN (``docs/notation.md``, "Positions in one line");
* :func:`build`: a position from a partial description, filling in the rest
  consistently (the bag and the lid so that every tile is accounted for, the round,
  the phase, the marker, who is on turn), or a :class:`PositionError` naming the
  rule the description breaks and what is over-counted.

Pure Python, no I/O.  Both end in :func:`mozaika.from_json`, so a position made here
passes every check a position read from a file does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mozaika.catalogue.registry import GameSpec, from_json, game_spec
from mozaika.core.errors import NotationError, OptionError, PositionError
from mozaika.core.lineformat import PositionKit, Tokens, balance, whole
from mozaika.core.protocol import State

FORMAT = 1
MOST_CHARACTERS = 1000
"""A position line is refused beyond this length: every real position is far shorter."""


def _kit(spec: GameSpec) -> PositionKit:
    if spec.positions is None:
        raise PositionError(f"{spec.id} has no position notation")
    return spec.positions


def build(game: str, *, players: int, seed: int = 0, auto_chance: bool = True, **parts: Any) -> State:
    """A position of ``game`` from the parts given; the rest is filled in consistently.

    Options go by their names (``wall="grey"``, ``box="brown"``,
    ``special_factories=True``, ``board="colourless"``).  Seats and pattern lines
    count from 0, as everywhere in the Python API.

    Azul and Master Chocolatier take ``walls`` (per player, five rows of five cells
    as a list or one string with ``/`` between rows; ``.`` is empty and, on the
    coloured wall, ``X`` is a tile of the colour printed there), ``lines`` (per
    player, five groups), ``floors`` (``1`` is the marker), ``scores``,
    ``factories``, ``centre``, ``lid``, ``marker`` (``"centre"``, a seat or None),
    ``turn``, ``starter``, ``round``, ``phase``, ``waiting`` (grey wall: seat ->
    the pattern line whose column it chooses), and for the special factories
    ``discs``, ``sn5_holder``, ``sn5_praline``.

    Summer Pavilion takes ``stars`` (per player, star letter -> six slots),
    ``hands``, ``passed``, ``scores``, ``factories``, ``centre``, ``supply``,
    ``tower``, ``pending_bonus``, ``marker``, ``turn``, ``starter``, ``round``,
    ``phase`` and ``chance``.

    What is left out is filled in: the bag holds every tile not placed elsewhere
    (F-4); Azul's lid holds the tiles the walls imply went there (each wall tile on
    row r came with r - 1 others, A-7); the round is the earliest the walls allow
    (A-7); the phase follows from the table (tiles out: the offer; none: the fill,
    or the end once a wall row is complete); the marker lies with the player whose
    floor holds it, else in the centre; the starter is seat 0 and is on turn.
    """
    spec = game_spec(game)
    option_names = {option.name for option in spec.options}
    try:
        options = spec.resolve_options({name: value for name, value in parts.items() if name in option_names})
    except OptionError as error:
        raise PositionError(str(error)) from None
    if players not in spec.players:
        raise PositionError(f"{game} is played by 2, 3 or 4 players, not {players!r} (F-1)")
    kit = _kit(spec)
    assert spec.theme is not None
    own = {name: value for name, value in parts.items() if name not in option_names}
    data = kit.build(players, options, spec.theme, own)
    return _finish(spec, kit, data, players, options, seed, 0, auto_chance)


def _finish(
    spec: GameSpec,
    kit: PositionKit,
    data: dict[str, Any],
    players: int,
    options: dict[str, Any],
    seed: int,
    chance_index: int,
    auto_chance: bool,
) -> State:
    assert spec.theme is not None
    header = {
        "game": spec.id,
        "format": FORMAT,
        "players": players,
        "options": options,
        "seed": seed,
        "auto_chance": auto_chance,
        "chance_index": chance_index,
    }
    position = balance(kit, {**header, **data}, spec.theme, spec.title)
    return from_json(position)


def to_line(state: State) -> str:
    """The position as one line (``docs/notation.md``); :func:`from_line` reads it back exactly."""
    spec = game_spec(state.game_id)
    assert spec.theme is not None
    data = state.to_dict()
    tokens = [_game_token(spec, data["options"]), *_kit(spec).write_tokens(data, spec.theme)]
    if data["seed"] or data["chance_index"]:
        tokens.append(f"seed:{data['seed']}.{data['chance_index']}")
    return " ".join(tokens)


def from_line(text: str, *, auto_chance: bool = True) -> State:
    """Read a position line back; raises :class:`PositionError` naming what is wrong (and the rule broken)."""
    if not isinstance(text, str):
        raise PositionError("a position line must be text")
    if len(text) > MOST_CHARACTERS:
        raise PositionError(f"a position line is at most {MOST_CHARACTERS} characters long")
    parts = text.split()
    if not parts:
        raise PositionError("the position line is empty")
    try:
        spec, options = _read_game_token(parts[0])
        kit = _kit(spec)
        assert spec.theme is not None
        tokens = Tokens(parts[1:])
        players = sum(1 for key in tokens.values if key.isdigit())
        if players not in spec.players:
            raise NotationError(f"the position line must give 2, 3 or 4 boards (1: 2: ...), not {players} (F-1)")
        seed_text = tokens.take("seed", "0.0")
        seed, _, index = seed_text.partition(".")
        data = kit.read_tokens(tokens, players, options, spec.theme)
        tokens.finish()
        return _finish(
            spec,
            kit,
            data,
            players,
            options,
            whole(seed, "seed:"),
            whole(index, "seed:") if index else 0,
            auto_chance,
        )
    except NotationError as error:
        raise PositionError(f"bad position line: {error}") from None


def _game_token(spec: GameSpec, options: Mapping[str, Any]) -> str:
    token = spec.id
    for option in spec.options:
        value = options[option.name]
        if value == option.default:
            continue
        token += f"+{option.name}" if value is True else f"+{value}"
    return token


def _read_game_token(token: str) -> tuple[GameSpec, dict[str, Any]]:
    game, *chosen = token.split("+")
    try:
        spec = game_spec(game.lower())
    except OptionError as error:
        raise NotationError(str(error)) from None
    given: dict[str, Any] = {}
    for word in chosen:
        for option in spec.options:
            if word == option.name and True in option.values:
                given[option.name] = True
                break
            if word in option.values and isinstance(word, str):
                given[option.name] = word
                break
        else:
            raise NotationError(f"{spec.id} has no option value {word!r}")
    try:
        return spec, spec.resolve_options(given)
    except OptionError as error:
        raise NotationError(str(error)) from None
