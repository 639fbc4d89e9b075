"""The browser client's pure modules (static/js/chooser.js, events.js) under Node's own test runner.

The tests are in tests/js/*.test.mjs (``node --test tests/js/*.test.mjs`` runs them alone); they
read real games made by the Python engine (tests/js/gamedata.py), written here once for them.
A failing Node test fails this test with Node's report.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE_TESTS = ROOT / "tests" / "js"


def game_data() -> dict[str, Any]:
    """What tests/js/gamedata.py prints: the games the Node tests read."""
    spec = importlib.util.spec_from_file_location("gamedata", NODE_TESTS / "gamedata.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    data: dict[str, Any] = module.game_data()
    return data


def node() -> str:
    """Node, or skip (fail on CI, which installs it) without it."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("MOZAIKA_REQUIRE_SERVICES") == "1":
            pytest.fail("Node is required on CI (Debian package nodejs)")
        pytest.skip("needs Node (Debian package nodejs) for the client's unit tests")
    return found


def test_client_modules_pass_their_node_tests(tmp_path: Path) -> None:
    data = tmp_path / "gamedata.json"
    data.write_text(json.dumps(game_data()))
    files = sorted(str(path.relative_to(ROOT)) for path in NODE_TESTS.glob("*.test.mjs"))
    assert files, "no Node tests found in tests/js"
    ran = subprocess.run(
        [node(), "--test", "--test-reporter=tap", *files],
        cwd=ROOT,
        env={**os.environ, "MOZAIKA_JS_DATA": str(data)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = ran.stdout + ran.stderr
    assert ran.returncode == 0, f"Node's tests failed:\n{report}"
    # Every test file ran and passed something (a file that failed to load would count no tests).
    assert "# fail 0" in report and "# pass 0" not in report, report
