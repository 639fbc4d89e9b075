"""The rules in docs/rules.md: every rule id defined there is cited by at least one test, and every rule id
cited anywhere in the project (code, tests, docs, the client) is defined there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\b([FAMS]-\d+)\b")
DEFINED = re.compile(r"^- \*\*([FAMS]-\d+)\*\* ", re.MULTILINE)


def defined_rules() -> list[str]:
    return DEFINED.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))


def cited_in(paths: list[Path]) -> dict[str, Path]:
    """Each rule id cited in these files, with one file that cites it."""
    cited: dict[str, Path] = {}
    for path in paths:
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, path)
    return cited


def test_the_rules_define_each_id_once_in_order() -> None:
    rules = defined_rules()
    assert len(rules) == len(set(rules)) == 39
    for section in "FAMS":
        numbers = [int(rule[2:]) for rule in rules if rule[0] == section]
        assert numbers == list(range(1, len(numbers) + 1)), section


def test_every_rule_is_cited_by_a_test() -> None:
    tests = [path for path in (ROOT / "tests").glob("test_*.py") if path.name != Path(__file__).name]
    cited = cited_in(tests)
    missing = [rule for rule in defined_rules() if rule not in cited]
    assert not missing, f"rules without a test: {missing}"


def test_every_rule_cited_anywhere_is_defined() -> None:
    files = [
        *(ROOT / "src" / "mozaika").rglob("*.py"),
        *(ROOT / "src" / "mozaika").rglob("*.json"),
        *(ROOT / "src" / "mozaika" / "web" / "static" / "js").rglob("*.js"),
        *(ROOT / "tests").glob("*.py"),
        *(ROOT / "docs").glob("*.md"),
        ROOT / "README.md",
    ]
    # SVG path data (an "M" and a number: a pen moved) is drawing, not a rule: the client's drawings are left out.
    files = [path for path in files if "boards" not in path.parts]
    defined = set(defined_rules())
    unknown = {rule: str(path.relative_to(ROOT)) for rule, path in cited_in(files).items() if rule not in defined}
    assert not unknown, f"rule ids cited but not defined in docs/rules.md: {unknown}"
