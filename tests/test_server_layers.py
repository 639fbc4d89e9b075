"""The server's parts stand in the order docs/server.md states ("The order of the parts"): every
import inside ``mozaika.server`` goes from a part down to a lower layer, never back up, and no
parts import each other in a circle.

A part is a sub-package of ``server/`` or a module directly in it; imports within one part are
its own business.  Imports only for type checking count too: a type is a dependency.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "src" / "mozaika" / "server"
DOCS = ROOT / "docs" / "server.md"
PACKAGE = "mozaika.server"


def documented_layers() -> list[set[str]]:
    """The layers, from the top, as the fenced list under "The order of the parts" gives them."""
    text = DOCS.read_text()
    section = text[text.index("### The order of the parts") :]
    found = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert found is not None, "docs/server.md states the order of the parts in a ```text block"
    return [{part.strip() for part in line.split(",")} for line in found.group(1).splitlines() if line.strip()]


def part_of(path: Path) -> str:
    relative = path.relative_to(SERVER)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def imported_modules(source: str, package: str) -> set[str]:
    """Every module ``source`` imports (``from a import b`` counts as ``a`` and ``a.b``), relative ones
    resolved against ``package``, the package the file is in."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, dict[str, set[str]]]:
    """Part -> the parts it imports -> the files that import them."""
    parts = {part_of(path) for path in SERVER.rglob("*.py")}
    graph: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in sorted(SERVER.rglob("*.py")):
        if path == SERVER / "__init__.py":
            continue  # the package's face: what ``mozaika.server`` offers, taken from the top
        source = part_of(path)
        package = ".".join([PACKAGE, *path.relative_to(SERVER).parent.parts])
        for module in imported_modules(path.read_text(), package):
            names = module.split(".")
            if names[:2] == PACKAGE.split(".") and len(names) > 2 and names[2] in parts and names[2] != source:
                graph[source][names[2]].add(str(path.relative_to(SERVER)))
    return graph


def circles(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """Every circle of the graph, found by a depth-first search (each once per starting part)."""
    found: list[list[str]] = []
    state: dict[str, str] = {}

    def visit(part: str, trail: list[str]) -> None:
        state[part] = "open"
        for target in sorted(graph.get(part, {})):
            if state.get(target) == "open":
                found.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[part] = "done"

    for part in sorted(graph):
        if part not in state:
            visit(part, [part])
    return found


def test_every_part_of_the_server_has_its_place_in_the_documented_order() -> None:
    layers = documented_layers()
    named = [part for layer in layers for part in layer]
    assert len(named) == len(set(named)), "a part named twice in docs/server.md's order"
    parts = {part_of(path) for path in SERVER.rglob("*.py")} - {"__init__"}
    assert parts == set(named), f"missing from the order: {parts - set(named)}; no such part: {set(named) - parts}"


def test_no_import_runs_back_up_the_documented_order() -> None:
    layers = documented_layers()
    height = {part: len(layers) - index for index, layer in enumerate(layers) for part in layer}
    against = [
        f"{source} -> {target} ({', '.join(sorted(files))})"
        for source, targets in import_graph().items()
        for target, files in targets.items()
        if height[target] >= height[source]
    ]
    assert against == []


def test_no_parts_import_each_other_in_a_circle() -> None:
    assert circles(import_graph()) == []


def test_the_reading_sees_every_kind_of_import_and_every_circle() -> None:
    """Absolute, relative and type-checking imports are read; a circle of three parts is found."""
    source = "from typing import TYPE_CHECKING\nfrom . import shapes\nfrom ..players.accounts import Caller\n"
    source += "import mozaika.server.storage\nif TYPE_CHECKING:\n    from mozaika.server.services import Services\n"
    found = imported_modules(source, "mozaika.server.tables")
    assert {"mozaika.server.tables.shapes", "mozaika.server.players.accounts", "mozaika.server.storage"} <= found
    assert "mozaika.server.services.Services" in found
    graph = import_graph()
    assert "tables" in graph["api"] and "storage" in graph["tables"]
    assert "services" in graph["ops"]  # ops/health.py imports Services only for type checking
    made_up = {"a": {"b": {"a.py"}}, "b": {"c": {"b.py"}}, "c": {"a": {"c.py"}}, "d": {"a": {"d.py"}}}
    assert circles(made_up) == [["a", "b", "c", "a"]]
