"""Copies of the engines' mutable records (positions, boards), written once for every game.

A record keeps its fields in ``__slots__``.  Its copy shares every field that holds an
immutable value (numbers, tuples, shared tables) and copies the mutable ones as its
class declares them, with class keywords::

    class Board(Copyable, lists=("hand",), records=()):
        __slots__ = ("hand", "score")

``lists`` are lists of immutable items (sliced), ``nested`` lists of such lists (each
sliced), ``records`` lists of copyable records (each copied).  A subclass adds its own
slots and keywords to those of its bases, so a field added anywhere is copied without
anyone writing it into a copy method.

Searches copy positions in their inner loop, so each class's ``copy`` is generated once,
when the class is made, as straight-line code (as :mod:`dataclasses` generates
``__init__``): it costs what a hand-written copy costs.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

_HOW = {
    "share": "self.{0}",
    "lists": "self.{0}[:]",
    "nested": "[inner[:] for inner in self.{0}]",
    "records": "[record.copy() for record in self.{0}]",
}


class Copyable:
    """A record of slots with a generated :meth:`copy` (see the module's documentation)."""

    __slots__ = ()
    _copied: ClassVar[dict[str, str]] = {}
    """The slots of the class and its bases that are copied, not shared, and how: a key of ``_HOW``."""

    def __init_subclass__(
        cls,
        lists: tuple[str, ...] = (),
        nested: tuple[str, ...] = (),
        records: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        own = _slots(cls)
        copied = dict(cls._copied)
        for how, names in (("lists", lists), ("nested", nested), ("records", records)):
            for name in names:
                if name not in own:
                    raise TypeError(f"{cls.__name__} copies {name!r} as {how}, but it is not one of its own slots")
                copied[name] = how
        cls._copied = copied
        every_slot = [name for klass in reversed(cls.__mro__) for name in _slots(klass)]
        # A class may copy itself its own way (a position held natively, say): only a generated copy is replaced.
        inherited = cls.copy
        if (
            getattr(inherited, "generated", False)
            or getattr(inherited, "__isabstractmethod__", False)
            or (inherited is Copyable.copy)
        ):
            cls.copy = _copier(cls, {name: copied.get(name, "share") for name in every_slot})  # type: ignore[method-assign]

    def copy(self) -> Self:
        """An independent copy: what the two hold can change apart."""
        raise NotImplementedError  # replaced in every subclass by __init_subclass__


def _slots(klass: type) -> tuple[str, ...]:
    own = vars(klass).get("__slots__", ())
    names = (own,) if isinstance(own, str) else tuple(own)
    return tuple(name for name in names if name not in ("__dict__", "__weakref__"))


def _copier(cls: type, copied: dict[str, str]) -> Any:
    lines = ["def copy(self):", "    other = new(cls)"]
    lines += [f"    other.{name} = {_HOW[how].format(name)}" for name, how in sorted(copied.items())]
    lines.append("    return other")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the source is made of slot names only
    copy = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = Copyable.copy.__doc__
    copy.generated = True
    return copy
