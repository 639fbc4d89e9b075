"""Training value networks by self-play (mozaika.training, ``mozaika train``): small runs, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("torch")

from mozaika.bots import BotError, make_bot
from mozaika.bots.mcts import MctsBot
from mozaika.bots.network import ValueNetwork
from mozaika.catalogue import game_spec
from mozaika.cli.app import app
from mozaika.distributed import open_pool
from mozaika.training.run import TrainingRun, TrainSettings
from mozaika.training.selfplay import SelfPlayTask, play_games

TINY = TrainSettings(
    game="azul",
    players=2,
    generations=2,
    games=3,
    iterations=12,
    eval_deals=1,
    eval_iterations=12,
    hidden=(8,),
    epochs=1,
    window=2,
    games_per_task=2,
)


def test_self_play_keeps_every_position_from_every_seat_with_what_followed() -> None:
    result = play_games(SelfPlayTask("azul", 2, 1, seed=5, iterations=10))
    samples = result.samples
    assert len(samples) == 2 * result.moves  # each decision, seen from both seats
    final = result.scores[0]
    # The first position: nobody has scored, so what each seat gained is its final score,
    # listed from the observing seat round the table.
    assert list(samples.gains[0]) == [final[0], final[1]]
    assert list(samples.gains[1]) == [final[1], final[0]]
    assert samples.observations.shape[1] == game_spec("azul").learning.observation_size  # type: ignore[union-attr]
    again = play_games(SelfPlayTask("azul", 2, 1, seed=5, iterations=10))
    assert (again.samples.observations == samples.observations).all() and again.scores == result.scores


def test_a_run_trains_measures_and_goes_on_where_it_stopped(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with open_pool(workers=1, use_ray=False) as pool:
        run = TrainingRun.open(out, TINY)
        history = run.train(pool)
        assert [generation.number for generation in history] == [0, 1]
        for name in ("settings.json", "journal.jsonl", "checkpoints/gen-001.pt", "network.safetensors", "strength.png"):
            assert (out / name).is_file(), name
        assert (out / "strength.png").read_bytes().startswith(b"\x89PNG")
        settings = json.loads((out / "settings.json").read_text())
        assert settings["settings"]["games"] == 3 and "self-play" in settings["seeds"]
        network = ValueNetwork.load(out / "network.safetensors")
        assert (network.game, network.players, network.metadata["generation"]) == ("azul", 2, "1")
        assert network.metadata["search.own_weight"] == repr(TINY.own_weight)
        assert all(0 <= generation.master_share <= 1 and generation.duels == 2 for generation in history)
        # Going on: the folder's own settings, with more generations; nothing done twice.
        longer = TrainSettings(game="azul", players=2, generations=3)
        resumed = TrainingRun.open(out, longer)
        assert resumed.settings.games == 3 and resumed.settings.generations == 3
        # A generation stopped half-way may have left its network written: the next sitting plays
        # that generation again from the last finished one's network and learner.
        (out / "network.safetensors").write_bytes(b"half-written")
        history = resumed.train(pool)
    assert [generation.number for generation in history] == [0, 1, 2]
    assert len((out / "journal.jsonl").read_text().splitlines()) == 3
    assert ValueNetwork.load(out / "network.safetensors").metadata["generation"] == "2"
    bot = make_bot("master", iterations=20, seed=1, network=out / "networks" / "gen-002.safetensors")
    assert isinstance(bot, MctsBot) and isinstance(bot.network, ValueNetwork)
    with pytest.raises(ValueError, match="holds a run of azul with 2 players"):
        TrainingRun.open(out, TrainSettings(game="azul", players=3, generations=1))


def test_bad_settings_are_refused_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="played by 2-4 players"):
        TrainSettings(players=5, generations=1).check()
    with pytest.raises(ValueError, match="how long to train"):
        TrainSettings().check()
    with pytest.raises(ValueError, match="holds no training run"):
        TrainingRun.open(tmp_path, None)


def test_a_network_carries_the_search_settings_it_was_measured_with() -> None:
    learning = game_spec("azul").learning
    assert learning is not None
    base = ValueNetwork.initial("azul", 2, learning.observation_size, (4,))
    tuned = ValueNetwork("azul", 2, base.layers, {"search.own_weight": "0.2", "search.margin": "9"})
    tuning = game_spec("azul").search
    assert tuned.tuned(tuning).own_weight == 0.2 and tuned.tuned(tuning).margin == 9.0
    assert base.tuned(tuning) == tuning
    broken = ValueNetwork("azul", 2, base.layers, {"search.margin": "wide"})
    with pytest.raises(BotError, match=r"search\.margin is not a number"):
        broken.tuned(tuning)


def test_the_train_command_runs_and_says_what_it_made(tmp_path: Path) -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["train", "--out", str(tmp_path / "x")])
    assert refused.exit_code != 0 and "how long to train" in refused.output
    refused = runner.invoke(app, ["train", "--out", str(tmp_path / "x"), "--generations", "1", "--players", "7"])
    assert refused.exit_code != 0 and "2-4 players" in refused.output
    arguments = ["train", "--out", str(tmp_path / "run"), "--generations", "1", "--games", "2", "--iterations", "8"]
    arguments += ["--eval-deals", "1", "--eval-iterations", "8", "--hidden", "6", "--no-ray", "--workers", "1"]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert "generation 0:" in result.output and "of 2 games against expert" in result.output
    assert (tmp_path / "run" / "network.safetensors").is_file()
