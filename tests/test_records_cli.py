"""Game records and the ``mozaika`` command: replay, selfplay, bench, and bad input (exit 2)."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import mozaika
from mozaika import RecordError
from mozaika.cli.app import app
from mozaika.core.engine import available as available_engines
from mozaika.core.engine import is_built as engines_built
from mozaika.notation.records import Record, replay
from mozaika.tools.benchmarking import DEFAULT_CASES, engines_for

runner = CliRunner()


def selfplay(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "game.json"
    result = runner.invoke(app, ["selfplay", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


def test_selfplay_writes_a_record_that_replays(tmp_path: Path) -> None:
    out = selfplay(tmp_path, "--game", "azul", "--players", "4", "--seed", "3")
    record = json.loads(out.read_text())
    assert record["format"] == "mozaika-record" and record["game"] == "azul" and record["seed"] == 3
    assert len(record["players"]) == 4 and record["steps"][0].startswith("fill:")
    result = runner.invoke(app, ["replay", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["scores"] == record["result"]["scores"]
    assert summary["winners"] == record["result"]["winners"]
    assert summary["over"] is True and len(summary["boards"]) == 4
    assert {"name", "score", "wall", "lines", "floor"} <= set(summary["boards"][0])
    text = runner.invoke(app, ["replay", str(out)])
    assert text.exit_code == 0 and "Winner" in text.stdout


def test_selfplay_is_reproducible_and_takes_options(tmp_path: Path) -> None:
    first = selfplay(tmp_path, "--seed", "12", "-o", "wall=grey").read_text()
    second = selfplay(tmp_path, "--seed", "12", "-o", "wall=grey").read_text()
    assert first == second and '"wall": "grey"' in first
    assert any(step.startswith("P") for step in json.loads(first)["steps"])


def corrupt(tmp_path: Path, change: object) -> Path:
    out = selfplay(tmp_path, "--seed", "7")
    data = json.loads(out.read_text())
    if callable(change):
        change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    return bad


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["steps"].__setitem__(1, "1G1"), "step 2: '1G1' is not a valid move: unknown colour 'G'"),
        (lambda d: d["steps"].__setitem__(1, "9B1"), "step 2: '9B1' is not a valid move: there is no factory 9"),
        (lambda d: d["players"].extend(["C", "D", "E"]), "not 5 (F-1)"),
        (lambda d: d.__setitem__("options", {"wall": "pink"}), "wall='pink'"),
        (lambda d: d["steps"].__setitem__(0, "fill:BBBB/BBBB/BBBB/BBBB/BBBB/"), "step 1"),
        (lambda d: d["result"].__setitem__("scores", [999, 0]), "the record claims"),
        (lambda d: d.pop("steps"), '"steps" must be a list'),
    ],
)
def test_bad_records_exit_2_with_one_clear_message(tmp_path: Path, change: object, message: str) -> None:
    bad = corrupt(tmp_path, change)
    before = bad.read_bytes()
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert bad.read_bytes() == before


def test_illegal_step_names_the_step_and_the_rule(tmp_path: Path) -> None:
    out = selfplay(tmp_path, "--seed", "7")
    record = Record.from_json(out.read_text())
    state = replay(record, upto=1)
    # Take a colour from a factory that does not hold it.
    missing = next(f"1{letter}1" for letter in "BYRKW" if letter not in state.to_dict()["factories"][0])
    record.steps[1] = missing
    with pytest.raises(RecordError, match=r"step 2: .* holds no .* tile \(A-3\)") as error:
        replay(record)
    assert error.value.step == 2


def test_malformed_json_and_missing_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "No such file" in result.stderr


def test_selfplay_refuses_bad_options_without_writing(tmp_path: Path) -> None:
    out = tmp_path / "never.json"
    for args in (["--players", "5"], ["--game", "chess"], ["-o", "wall"], ["-o", "colour=blue"]):
        result = runner.invoke(app, ["selfplay", "--out", str(out), *args])
        assert result.exit_code == 2, args
        assert not out.exists()


def test_selfplay_names_the_path_it_cannot_write(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("kept\n", encoding="utf-8")
    for out, said in (
        (tmp_path / "missing" / "game.json", f"{tmp_path / 'missing'}: no such folder"),
        (a_file / "game.json", f"{a_file}: not a folder"),
        (tmp_path, f"{tmp_path}: a folder, not a file"),
    ):
        result = runner.invoke(app, ["selfplay", "--out", str(out)])
        assert result.exit_code == 2 and result.stderr.strip() == f"error: {said}", result.stderr
    assert a_file.read_text(encoding="utf-8") == "kept\n" and sorted(tmp_path.iterdir()) == [a_file]


@pytest.mark.parametrize("game", ["azul", "chocolatier"])
def test_bench_reports_games_and_moves_per_second(game: str) -> None:
    result = runner.invoke(app, ["bench", "--seconds", "0.05", "--warmup", "0.05", "--json", "--game", game])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    cases = [case.label for case in DEFAULT_CASES if case.game == game]
    assert len(cases) >= 2 and all(label.startswith(game) for label in cases)
    # Each case on each engine that holds the game, side by side (docs/engine.md); every row names its engine.
    engines = engines_for(game, available_engines())
    assert engines == (["native", "python"] if engines_built() else ["python"])
    by_case = {case.label: engines_for(game, engines, case.options) for case in DEFAULT_CASES if case.game == game}
    assert all(found == engines for found in by_case.values())  # the native core holds every variant of both
    assert [(row["case"], row["engine"], row["method"]) for row in rows] == [
        *((case, engine, method) for case in cases for engine in by_case[case] for method in ("protocol", "playout")),
        *((f"{game} 2p", engine, "search") for engine in engines),
    ]
    searches = rows[-len(engines) :]
    assert all(row["iterations"] >= 200 and row["iterations_per_second"] > 0 for row in searches)
    rows = rows[: -len(engines)]
    assert all(row["games"] >= 1 and row["games_per_second"] > 0 and row["moves_per_second"] > 0 for row in rows)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--seconds", "0"], "--seconds must be a positive number of seconds, not 0"),
        (["--seconds", "-1"], "--seconds must be a positive number of seconds, not -1"),
        (["--seconds", "nan"], "--seconds must be a positive number of seconds, not nan"),
        (["--warmup", "-0.5"], "--warmup must be zero or a positive number of seconds, not -0.5"),
    ],
)
def test_bench_refuses_a_time_it_cannot_measure(args: list[str], expected: str) -> None:
    result = runner.invoke(app, ["bench", "--game", "azul", *args])
    assert result.exit_code == 2 and expected in result.stderr
    assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1


def test_record_from_state_round_trip() -> None:
    state = mozaika.new_game("azul", players=2, seed=2)
    state.play(state.legal_moves()[0])
    record = Record.from_state(state, ["Ada", "Bea"])
    again = Record.from_json(record.to_json())
    assert again == record and again.result is None
    assert replay(again) == state


@pytest.mark.parametrize("box", ["coloured", "brown"])
def test_chocolatier_selfplay_and_replay_with_special_factories(tmp_path: Path, box: str) -> None:
    """Records, replay and selfplay work for Master Chocolatier with special factories (M-1..M-5)."""
    out = selfplay(
        tmp_path,
        "--game",
        "chocolatier",
        "--players",
        "3",
        "--seed",
        "4",
        "-o",
        f"box={box}",
        "-o",
        "special_factories=true",
    )
    record = json.loads(out.read_text())
    assert record["options"] == {"box": box, "special_factories": True}
    assert "*" in record["steps"][0]
    result = runner.invoke(app, ["replay", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scores"] == record["result"]["scores"]
    assert runner.invoke(app, ["replay", str(out)]).exit_code == 0


def test_chocolatier_record_with_a_wrong_split_is_refused(tmp_path: Path) -> None:
    """A record whose SN4 take does not split the leftovers exactly is refused at that step (M-3)."""
    state = mozaika.new_game("chocolatier", players=2, seed=1, special_factories=True, auto_chance=False)
    state.apply_chance("fill:BBNN/NPKW*4/WWWW/BBKK/NPPP*3")
    record = Record.from_state(state)
    record.steps.append("2N1<PK")
    with pytest.raises(RecordError, match="step 2") as error:
        replay(record)
    assert "M-3" in str(error.value)
    path = tmp_path / "bad.json"
    path.write_text(record.to_json())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "M-3" in result.output


@pytest.mark.parametrize("side", ["coloured", "colourless"])
def test_pavilion_selfplay_and_replay(tmp_path: Path, side: str) -> None:
    """Records, replay and selfplay work for Summer Pavilion on both sides (S-1..S-17)."""
    out = selfplay(tmp_path, "--game", "pavilion", "--players", "4", "--seed", "6", "-o", f"board={side}")
    record = json.loads(out.read_text())
    assert record["options"] == {"board": side}
    assert record["steps"][0].startswith("supply:") and record["steps"][1].startswith("fill:")
    result = runner.invoke(app, ["replay", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["scores"] == record["result"]["scores"] and summary["round"] == 6
    assert {"name", "score", "stars", "hand"} <= set(summary["boards"][0])
    text = runner.invoke(app, ["replay", str(out)])
    assert text.exit_code == 0 and "★12" in text.stdout and "Winner" in text.stdout  # the centre star, its bonus


def test_pavilion_record_with_an_unpaid_placement_is_refused(tmp_path: Path) -> None:
    """A record placing a tile its player cannot pay for is refused at that step (S-8), exit status 2."""
    state = mozaika.new_game("pavilion", players=2, seed=2)
    record = Record.from_state(state)
    while state.to_dict()["phase"] == "acquisition":
        move = state.legal_moves()[0]
        state.play(move)
        record.steps.append(str(move))
    record.steps.append("C6Y+5")
    path = tmp_path / "bad.json"
    path.write_text(record.to_json())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "S-8" in result.output and f"step {len(record.steps)}" in result.output


def bad_files(folder: Path) -> dict[str, Path]:
    """A file of each kind a person may name by mistake: each one has its own reason to be refused."""
    record = json.loads(selfplay(folder, "--seed", "5").read_text())
    files = {
        "empty": b"",
        "binary": bytes(range(256)) * 4,
        "truncated JSON": json.dumps(record).encode()[:150],
        "another game's record": json.dumps({**record, "game": "chess"}).encode(),
    }
    paths = {}
    for kind, data in files.items():
        path = folder / f"{kind.replace(' ', '-').replace(chr(39), '')}.json"
        path.write_bytes(data)
        paths[kind] = path
    paths["a folder"] = folder / "a-folder"
    paths["a folder"].mkdir()
    return paths


COMMANDS_READING_FILES = {
    "replay": lambda path: ["replay", str(path)],
    "review": lambda path: ["review", "--iterations", "10", str(path)],
    "analyze": lambda path: ["analyze", "--iterations", "10", str(path)],
    "play --resume": lambda path: ["play", "--plain", "--resume", str(path)],
}


@pytest.mark.parametrize("command", sorted(COMMANDS_READING_FILES))
def test_every_command_refuses_every_bad_file_in_one_line_with_exit_2(tmp_path: Path, command: str) -> None:
    for kind, path in bad_files(tmp_path).items():
        before = path.read_bytes() if path.is_file() else None
        result = runner.invoke(app, COMMANDS_READING_FILES[command](path), input="")
        assert result.exit_code == 2, f"{command} on {kind}: {result.output}"
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error:"), f"{command} on {kind}: {result.stderr!r}"
        assert "Traceback" not in result.output
        assert (path.read_bytes() if path.is_file() else None) == before


def test_analyze_names_a_record_given_in_place_of_a_position(tmp_path: Path) -> None:
    record = selfplay(tmp_path, "--seed", "6")
    result = runner.invoke(app, ["analyze", str(record)])
    assert result.exit_code == 2
    assert "holds a game record, not a position" in result.stderr and "mozaika review" in result.stderr


@pytest.mark.parametrize("kind", ["binary", "truncated JSON", "another game's record", "a folder"])
def test_the_arena_refuses_a_journal_it_cannot_read_in_one_line(tmp_path: Path, kind: str) -> None:
    path = bad_files(tmp_path)[kind]
    before = path.read_bytes() if path.is_file() else None
    result = runner.invoke(app, ["arena", "--bots", "random,random", "--games", "1", "--journal", str(path)])
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and result.stderr.startswith("error:")
    assert (path.read_bytes() if path.is_file() else None) == before


def test_bench_prints_one_table_that_fits_80_columns_and_no_bar_off_a_terminal() -> None:
    """Off a terminal the progress bar stays away (standard error keeps quiet) and the results come as one
    table: each row within 80 columns, each case's words whole (the case column wraps at spaces)."""
    result = runner.invoke(app, ["bench", "--seconds", "0.02", "--warmup", "0", "--game", "chocolatier", "--no-search"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["case", "method", "engine", "per", "second", "moves/s"]
    assert all(len(line) <= 80 for line in lines)
    cases = " ".join(re.split(r" (?:protocol|playout) ", line)[0] for line in lines[1:])
    words = cases.split()
    assert "(box=brown," in words and "special_factories=True)" in words
    rows = [line for line in lines[1:] if "games" in line]
    engines = engines_for("chocolatier", available_engines())
    assert len(rows) == 2 * len(engines) * sum(1 for case in DEFAULT_CASES if case.game == "chocolatier")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_record_written_to_a_pipe_is_streamed_into_it_and_the_pipe_stays_a_pipe(tmp_path: Path) -> None:
    """As ``--out /dev/null`` or a named pipe: written to, never replaced by a file of the same name."""
    pipe = tmp_path / "records"
    os.mkfifo(pipe)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text()))
    reader.start()
    result = runner.invoke(app, ["selfplay", "--out", str(pipe), "--seed", "4"])
    reader.join(30)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert Record.from_json(received[0]).seed is not None
