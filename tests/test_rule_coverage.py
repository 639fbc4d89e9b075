"""Every rule id of RULES.md (sections F, A, M and S) is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

RULES = [f"F-{n}" for n in range(1, 5)] + [f"A-{n}" for n in range(1, 14)] + [f"M-{n}" for n in range(1, 6)]
RULES += [f"S-{n}" for n in range(1, 18)]


def test_every_rule_is_cited_by_a_test() -> None:
    tests = Path(__file__).parent
    text = "\n".join(
        path.read_text(encoding="utf-8") for path in tests.glob("test_*.py") if path.name != Path(__file__).name
    )
    cited = set(re.findall(r"\b([FAMS]-\d+)\b", text))
    missing = [rule for rule in RULES if rule not in cited]
    assert not missing, f"rules without a test: {missing}"
