"""Drawings rendered once for the width they are drawn at: the table's plan measures them, its parts draw them."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType
from rich.console import RenderResult as RichRenderResult
from rich.measure import Measurement
from rich.segment import Segment


def _drawn_for(console: Console, options: ConsoleOptions) -> tuple[object, ...]:
    """What a drawing's lines depend on, of a console and its options (the height aside: see :class:`DrawnOnce`)."""
    return (
        id(console),
        options.min_width,
        options.max_width,
        options.is_terminal,
        options.encoding,
        options.legacy_windows,
        options.justify,
        options.overflow,
        options.no_wrap,
        options.highlight,
        options.markup,
    )


class DrawnOnce:
    """A drawing rendered (and measured) once for the width it is drawn at, however often it is asked for.

    Textual renders a widget of ``height: auto`` twice after each change: once to count its lines,
    once to draw them; and the table's plan has rendered the same drawing before, to choose the
    layout (:func:`mozaika.terminal.layout.plan_table`). The boards are the costliest drawings on
    the screen, so they are rendered once and the same lines serve all three. Only the console's
    height is left out of what the lines are kept for: Textual asks for the lines with the height
    it has just counted (a board's drawing, of Rich's groups, tables, panels in columns and text,
    never stretches to a height it is given).
    """

    def __init__(self, drawing: RenderableType) -> None:
        self.drawing = drawing
        self._rendered: tuple[tuple[object, ...], list[Segment]] | None = None
        self._measured: tuple[tuple[object, ...], Measurement] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RichRenderResult:
        key = _drawn_for(console, options)
        if self._rendered is None or self._rendered[0] != key:
            self._rendered = (key, list(console.render(self.drawing, options.update(height=None))))
        yield from self._rendered[1]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        key = _drawn_for(console, options)
        if self._measured is None or self._measured[0] != key:
            self._measured = (key, Measurement.get(console, options, self.drawing))
        return self._measured[1]
