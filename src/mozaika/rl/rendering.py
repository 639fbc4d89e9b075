"""Drawing a position as text for the environments' ``render()`` (the text clients' board drawings)."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from mozaika.core.protocol import State
from mozaika.i18n import Messages

RENDER_MODES = ["human", "ansi"]
"""``human`` prints the board to standard output; ``ansi`` returns it as text."""

WIDTH = 160
"""Wide enough that no board line wraps (four boards side by side)."""


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")


def board_text(state: State, players: list[str]) -> str:
    """The table (factories, centre, every board) and the scores, as plain text."""
    from mozaika.richview import position_view  # here: the environments need not load the drawings to play

    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, color_system=None, highlight=False, force_terminal=False)
    console.print(position_view(state.to_dict(), players, Messages("en").for_game(state.game_id), state.to_move))
    scores = ", ".join(f"{name} {score}" for name, score in zip(players, state.scores, strict=True))
    status = "game over" if state.is_over else f"round {state.round}"
    return f"{buffer.getvalue()}{status}: {scores}\n"


def render(state: State, players: list[str], render_mode: str | None) -> str | None:
    """What ``render()`` gives in this mode: None (``human`` prints the board), or the board's text."""
    if render_mode is None:
        return None
    text = board_text(state, players)
    if render_mode == "human":
        sys.stdout.write(text)
        sys.stdout.flush()
        return None
    return text
