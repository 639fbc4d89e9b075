"""Factory fills: the chance outcome that starts every round of every game of the family (F-1, F-2)."""

from __future__ import annotations

import re

from mozaika.core.drawing import Draw, Groups
from mozaika.core.errors import NotationError
from mozaika.core.offer import FACTORY_SIZE
from mozaika.core.protocol import ChanceOutcome
from mozaika.core.theme import Theme

_FILL = re.compile(r"^fill\s*:\s*(.*)$", re.IGNORECASE)


class FactoryFill(ChanceOutcome, identity=("factories",)):
    """The tiles dealt to each factory at the start of a round (rules F-1, F-2, A-11, S-12)."""

    __slots__ = ("_theme", "draw", "factories")

    def __init__(self, factories: Groups, theme: Theme, draw: Draw | None = None) -> None:
        self.factories = factories
        """The colours dealt to each factory, each group sorted."""
        self._theme = theme
        self.draw = draw
        """The sampled draw this fill came from, if any (lets the engine skip re-checking it)."""

    def __str__(self) -> str:
        return "fill:" + "/".join(self._theme.spell(group) or "-" for group in self.factories)


def parse_fill(text: str, theme: Theme, factories: int) -> FactoryFill:
    """Read ``"fill:BBYR/KKWW/..."``: each factory's tiles in factory order, ``-`` for none."""
    match = _FILL.match(text.strip())
    if not match:
        example = "/".join(theme.spell([colour, colour, colour + 1, colour + 2]) for colour in range(2))
        raise NotationError(f"{text!r} is not a factory fill: write 'fill:{example}/...'")
    parts = [part.strip() for part in match.group(1).split("/")]
    if len(parts) != factories:
        raise NotationError(f"a factory fill lists {factories} factories, not {len(parts)}")
    groups: list[tuple[int, ...]] = []
    for part in parts:
        colours = theme.tiles(part)
        if len(colours) > FACTORY_SIZE:
            raise NotationError(f"a factory holds at most 4 tiles, not {len(colours)} ({part!r})")
        groups.append(tuple(sorted(colours)))
    return FactoryFill(tuple(groups), theme)
