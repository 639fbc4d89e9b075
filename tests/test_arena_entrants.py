"""Any agent measured as a bot in the arena: a bot or level, a Python callable (a policy, a bot class,
a factory of bots) named module:function, each checked before a game is played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import mozaika
from mozaika.arena import Match, run_match, summarise
from mozaika.arena.entrants import CallableBot, check_entrant, make_entrant
from mozaika.bots import Bot, BotError, Budget, GreedyBot, MctsBot, ValueNetwork, make_bot
from mozaika.catalogue import game_spec
from mozaika.cli.app import app
from mozaika.core.protocol import Move, State

runner = CliRunner()
HERE = __name__  # the module the arena imports the callables below from


def first_move(state: State) -> Move:
    """A policy: the first legal move."""
    return state.legal_moves(state.to_move[0])[0]


def last_move_in_notation(state: State) -> str:
    """A policy answering a move's notation."""
    return str(state.legal_moves(state.to_move[0])[-1])


def no_move(state: State) -> str:
    return "nonsense"


def an_illegal_move(state: State) -> Move:
    """A move of another deal's first position that is not legal in this one."""
    legal = state.legal_moves(state.to_move[0])
    return next(move for move in mozaika.new_game("azul", players=2, seed=0).legal_moves(0) if move not in legal)


class Stubborn(Bot):
    """A bot class: always the first legal move."""

    name = "stubborn"

    def _choose(self, state: State) -> Move:
        return first_move(state)


def greedy_factory(seed: int | None = None, budget: Budget | None = None) -> Bot:
    return GreedyBot(seed=seed, budget=budget, noise=0.25)


def not_a_factory() -> str:
    return "a bot"


NOT_CALLABLE = 42


def test_a_policy_plays_in_the_arena_under_its_spec() -> None:
    """Its moves are its own: a policy answering the first legal move plays as a first-move bot would."""
    spec = f"{HERE}:first_move"
    match = Match("azul", (spec, "random"), games=2, seed=4)
    results = run_match(match, jobs=1)
    assert [summary.name for summary in summarise(results)] == [spec, "random"]
    as_class = run_match(Match("azul", (f"{HERE}:Stubborn", "random"), games=2, seed=4), jobs=1)
    assert [result.scores for result in results] == [result.scores for result in as_class]


def test_a_policy_may_answer_a_moves_notation() -> None:
    state = mozaika.new_game("azul", players=2, seed=3)
    bot = make_entrant(f"{HERE}:last_move_in_notation", seed=1)
    assert isinstance(bot, CallableBot) and bot.name == f"{HERE}:last_move_in_notation"
    assert bot.choose(state) == state.legal_moves(0)[-1]


def test_a_policy_answering_no_legal_move_is_told_so() -> None:
    state = mozaika.new_game("azul", players=2, seed=3)
    with pytest.raises(BotError, match=r"no_move answered 'nonsense': 'nonsense' is not an Azul move"):
        make_entrant(f"{HERE}:no_move").choose(state)
    with pytest.raises(BotError, match=r"an_illegal_move answered .*, which is not a legal move here"):
        make_entrant(f"{HERE}:an_illegal_move").choose(state)


def test_a_bot_class_and_a_factory_get_the_budget_and_seed() -> None:
    made = make_entrant(f"{HERE}:Stubborn@300", seconds=2.0, seed=9)
    assert isinstance(made, Stubborn) and made.budget == Budget(iterations=300) and made.seed == 9
    built = make_entrant(f"{HERE}:greedy_factory", seconds=0.5, seed=5)
    assert isinstance(built, GreedyBot) and built.noise == 0.25
    assert built.budget == Budget(seconds=0.5) and built.seed == 5


def test_a_level_with_its_budget_is_as_make_bot_makes_it() -> None:
    made = make_entrant("expert@0.5s", iterations=100, seed=2)
    assert made.budget == Budget(seconds=0.5) and made.seed == 2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard'"),
        ("wizard", "or a Python callable (module:function)"),
        ("no_such_module_here:policy", "cannot import no_such_module_here"),
        (f"{HERE}:missing", f"{HERE} has no missing"),
        (f"{HERE}:NOT_CALLABLE", "is a int, not a function"),
        (f"{HERE}:not_a_factory", "it made str, not a mozaika.bots.Bot"),
        (f"{HERE}:first_move@soon", "after the @ comes a budget"),
        (":policy", "a Python callable is named module:function"),
    ],
)
def test_a_spec_that_names_no_agent_is_refused_before_any_game(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_entrant(spec)
    result = runner.invoke(app, ["arena", "--bots", f"random,{spec}", "--games", "2", "--jobs", "1"])
    assert result.exit_code == 2 and message in result.output


def test_arena_command_measures_a_callable(tmp_path: Any) -> None:
    spec = f"{HERE}:first_move"
    result = runner.invoke(app, ["arena", "--bots", f"{spec},greedy", "--games", "2", "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["bots"] == [spec, "greedy"] and [row["bot"] for row in document["summary"]] == [spec, "greedy"]
    assert sum(row["wins"] for row in document["summary"]) == pytest.approx(2)


def network_file(folder: Path, game: str = "azul", players: int = 2) -> Path:
    """An (untrained) value network's file, as `mozaika train` writes them."""
    learning = game_spec(game).learning
    assert learning is not None
    path = folder / f"{game}-{players}.safetensors"
    ValueNetwork.initial(game, players, learning.observation_size, (16,), seed=1).save(path)
    return path


def test_a_network_file_plays_as_the_master_level_with_that_network(tmp_path: Path) -> None:
    path = network_file(tmp_path)
    bot = make_entrant(str(path), iterations=40, seed=3)
    assert isinstance(bot, MctsBot) and isinstance(bot.network, ValueNetwork)
    assert bot.network.to_bytes() == path.read_bytes() and bot.budget == Budget(iterations=40)
    master = make_bot("master", iterations=40, seed=3, network=path)
    state = mozaika.new_game("azul", players=2, seed=6)
    assert bot.choose(state) == master.choose(state)  # the same search, judged by the same network
    assert make_entrant(f"{path}@25", seconds=1.0).budget == Budget(iterations=25)
    results = run_match(Match("azul", (str(path), "random"), games=2, seed=1, iterations=20), jobs=1)
    assert [summary.name for summary in summarise(results)] == [str(path), "random"]


def test_a_network_file_that_is_none_or_for_another_game_is_refused(tmp_path: Path) -> None:
    for spec, message in [
        (tmp_path / "missing.safetensors", "no network file"),
        (network_file(tmp_path, "pavilion", 2), "the network is for pavilion with 2 players, not azul with 2"),
        (network_file(tmp_path, "azul", 3), "the network is for azul with 3 players, not azul with 2"),
    ]:
        with pytest.raises(BotError, match=message):
            check_entrant(str(spec), game="azul", players=2)
        result = runner.invoke(app, ["arena", "--bots", f"{spec},random", "--games", "2", "--jobs", "1"])
        assert result.exit_code == 2 and message in result.output
    (tmp_path / "broken.safetensors").write_bytes(b"not a network")
    with pytest.raises(BotError, match="is not a safetensors file"):
        make_entrant(str(tmp_path / "broken.safetensors"))
    (tmp_path / "weights.pt").write_bytes(b"")
    with pytest.raises(BotError, match=r"weights\.pt is a file, but not a network's"):
        make_entrant(str(tmp_path / "weights.pt"))
