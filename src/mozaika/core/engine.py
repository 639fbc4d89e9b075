"""Which engine plays: the native core (``mozaika._native``, compiled C) or the pure-Python engines.

The pure-Python engines are the reference: the native core gives the same legal moves in
the same order, the same positions, the same chance outcomes and the same records, and
any game or move it does not hold natively is played by the Python engine
(``docs/engine.md``).  By default a game uses the native core where it is built;
``MOZAIKA_ENGINE=python`` forces the Python engines, ``MOZAIKA_ENGINE=native`` requires
the native core (:class:`EngineUnavailableError` where it is not built).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from types import ModuleType
from typing import Any

from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import register_step_run

VARIABLE = "MOZAIKA_ENGINE"
"""The environment variable that chooses the engine."""
CHOICES = ("auto", "native", "python")


class EngineUnavailableError(MozaikaError):
    """The native core was required (``MOZAIKA_ENGINE=native``) but is not built, or the choice is unknown."""


_forced: list[str] = []


try:
    _ENVIRON: Mapping[Any, Any] | None = os.environ._data  # type: ignore[attr-defined]
    _KEY: Any = os.environ.encodekey(VARIABLE)
except AttributeError:  # an os.environ without its mapping: read the documented way
    _ENVIRON, _KEY = None, VARIABLE


def chosen() -> str:
    """The engine asked for: ``auto`` (the default), ``native`` or ``python``."""
    if _forced:
        return _forced[-1]
    # Every new game asks which engine plays: os.environ.get costs a raised KeyError when the variable
    # is unset (a microsecond); the mapping os.environ keeps in step with the environment does not.
    if _ENVIRON is None:
        value = os.environ.get(VARIABLE, "")
    else:
        raw = _ENVIRON.get(_KEY)
        value = "" if raw is None else os.environ.decodevalue(raw)
    choice = value.strip().lower() or "auto"
    if choice not in CHOICES:
        raise EngineUnavailableError(f"{VARIABLE}={choice!r}: choose one of {', '.join(CHOICES)}")
    return choice


@lru_cache(maxsize=1)
def _built() -> ModuleType | None:
    try:
        from mozaika import _native  # type: ignore[attr-defined]
    except ImportError:
        return None
    register_step_run(_native.Steps)  # a native playout's steps, recorded compactly in the history
    return _native  # type: ignore[no-any-return]


def native_core() -> ModuleType | None:
    """The native core when it is built and not refused by ``MOZAIKA_ENGINE=python``, else None.

    Raises :class:`EngineUnavailableError` when ``MOZAIKA_ENGINE=native`` asks for a core
    that is not built.
    """
    choice = chosen()
    if choice == "python":
        return None
    core = _built()
    if core is None and choice == "native":
        raise EngineUnavailableError(
            f"{VARIABLE}=native, but the native core is not built: reinstall Mozaika on a machine with a C "
            f"compiler and the Python headers (pip install .), or set {VARIABLE}=python"
        )
    return core


@contextmanager
def using(engine: str) -> Iterator[None]:
    """Create games on ``engine`` (``native`` or ``python``) inside the block, whatever ``MOZAIKA_ENGINE`` says
    (benchmarks measure the engines side by side this way)."""
    if engine not in CHOICES:
        raise EngineUnavailableError(f"no engine {engine!r}: choose one of {', '.join(CHOICES)}")
    _forced.append(engine)
    try:
        native_core()
        yield
    finally:
        _forced.pop()


def available() -> tuple[str, ...]:
    """The engines games can be created on here: ``native`` (where the core is built) and ``python``."""
    return ("native", "python") if is_built() else ("python",)


def built_core() -> ModuleType:
    """The native core, whatever ``MOZAIKA_ENGINE`` says (a native state made on purpose), or
    :class:`EngineUnavailableError` where it is not built."""
    core = _built()
    if core is None:
        raise EngineUnavailableError("the native core is not built (docs/engine.md)")
    return core


def is_built() -> bool:
    """Whether the native core was compiled when Mozaika was installed."""
    return _built() is not None


def describe() -> str:
    """One line naming the engine in use, for ``mozaika --version`` and reports."""
    choice = chosen()
    if choice == "python":
        return f"engine: python (forced by {VARIABLE}=python)"
    if not is_built():
        return "engine: python (the native core is not built)"
    return "engine: native (Azul, Master Chocolatier and Summer Pavilion in the native core)"
