"""Value networks (mozaika.bots.network): the file, the evaluation, and the search they judge.

The native search must judge with a network exactly as the Python search does (the same sums in
the same order), for every game and variant, with and without rollouts; files are safetensors
that other tools read; a broken or mismatched network is refused with a message.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from mozaika import new_game
from mozaika.bots import BotError, make_bot
from mozaika.bots.base import Budget
from mozaika.bots.mcts import MctsBot
from mozaika.bots.network import ValueNetwork, observation_of, shipped_network, write_safetensors
from mozaika.catalogue import game_spec
from mozaika.core import engine as engines
from test_native_search import VARIANTS, position, statistics

native_only = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)


def network_for(game: str, players: int, seed: int = 3, hidden: tuple[int, ...] = (24, 12)) -> ValueNetwork:
    learning = game_spec(game).learning
    assert learning is not None
    return ValueNetwork.initial(game, players, learning.observation_size, hidden, seed=seed)


@native_only
@pytest.mark.parametrize("rollout", [True, False])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=lambda value: str(value))
def test_the_native_search_judges_with_a_network_as_the_python_search_does(
    game: str, options: dict[str, Any], players: int, rollout: bool
) -> None:
    network = network_for(game, players, seed=players)
    for index, steps in enumerate([0, 29, 61]):
        state = position(game, options, players, seed=300 + 10 * players + index, steps=steps)
        if not state.to_move:
            continue
        searches = [
            MctsBot(budget=Budget(iterations=90), seed=index, native=native, network=network, rollout=rollout)
            for native in (False, True)
        ]
        reference, found = (bot.search(state) for bot in searches)
        assert statistics(found) == statistics(reference), steps
        assert searches[0].rng.getstate() == searches[1].rng.getstate()


def test_a_network_answers_each_seats_score_and_gain_from_the_seat_to_move() -> None:
    state = new_game("azul", players=3, seed=4)
    network = network_for("azul", 3)
    seat = state.to_move[0]
    gains = network.gains(observation_of(state, seat))
    points = network.points(state)
    for offset, gain in enumerate(gains):
        other = (seat + offset) % 3
        assert points[other] == state.scores[other] + gain
    assert len(set(gains)) == 3  # an untrained network still tells the seats apart


def test_a_finished_game_is_worth_its_scores() -> None:
    state = new_game("azul", players=2, seed=9)
    bot = make_bot("greedy", seed=1)
    while not state.is_over:
        state.play(bot.choose(state))
    assert network_for("azul", 2).points(state) == [float(score) for score in state.scores]


def test_a_network_file_is_safetensors_that_round_trips(tmp_path: Path) -> None:
    network = ValueNetwork(
        "pavilion", 2, network_for("pavilion", 2).layers, {"positions": "1000", "trained": "by self-play"}
    )
    path = tmp_path / "net.safetensors"
    network.save(path)
    again = ValueNetwork.load(path)
    assert (again.game, again.players, again.inputs) == ("pavilion", 2, network.inputs)
    assert again.metadata["positions"] == "1000"
    for before, after in zip(network.layers, again.layers, strict=True):
        assert (before.inputs, before.outputs) == (after.inputs, after.outputs)
        assert before.weights == after.weights and before.bias == after.bias
    state = new_game("pavilion", players=2, seed=2)
    assert again.points(state) == network.points(state)
    safetensors = pytest.importorskip("safetensors.numpy")
    tensors = safetensors.load_file(str(path))
    first = tensors["layers.0.weight"]
    assert first.shape == (network.layers[0].outputs, network.inputs)  # as PyTorch's Linear keeps it
    assert float(first[1, 0]) == network.layers[0].weights[1]


def test_broken_or_foreign_network_files_are_refused_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "bad.safetensors"
    with pytest.raises(BotError, match="cannot read the network"):
        ValueNetwork.load(path)
    path.write_bytes(b"not a network at all")
    with pytest.raises(BotError, match="is not a safetensors file"):
        ValueNetwork.load(path)
    path.write_bytes(write_safetensors({"x": ([1], b"\0\0\0\0")}, {"format": "something-else"}))
    with pytest.raises(BotError, match="not a Mozaika value network"):
        ValueNetwork.load(path)
    good = network_for("azul", 2).to_bytes()
    with pytest.raises(BotError, match="not a safetensors file"):
        ValueNetwork.from_bytes(good[:-8][:20])
    with pytest.raises(BotError, match="does not fit in the file"):
        ValueNetwork.from_bytes(good[:-8])
    layers = network_for("azul", 2).layers
    with pytest.raises(BotError, match="do not fit together"):
        ValueNetwork("azul", 2, (layers[0], layers[2]))
    with pytest.raises(BotError, match="for 3 players answers 3"):
        ValueNetwork("azul", 3, layers)


def test_a_network_for_another_game_or_table_is_refused() -> None:
    bot = MctsBot(budget=Budget(iterations=10), seed=1, network=network_for("azul", 2))
    with pytest.raises(BotError, match="for azul with 2 players, not azul with 3"):
        bot.choose(new_game("azul", players=3, seed=1))
    with pytest.raises(BotError, match="not pavilion"):
        bot.choose(new_game("pavilion", players=2, seed=1))
    with pytest.raises(BotError, match="does not search"):
        make_bot("greedy", network=network_for("azul", 2))


def test_any_search_level_or_the_search_bot_plays_with_a_network_file(tmp_path: Path) -> None:
    path = tmp_path / "azul.safetensors"
    network_for("azul", 2).save(path)
    for name in ("mcts", "expert", "master@40"):
        bot = make_bot(name, iterations=40, seed=2, network=path)
        assert isinstance(bot, MctsBot) and isinstance(bot.network, ValueNetwork)
        state = new_game("azul", players=2, seed=5)
        assert bot.choose(state) in state.legal_moves()


@native_only
def test_the_native_search_refuses_a_network_of_the_wrong_shape() -> None:
    state = position("azul", {}, 2, seed=1, steps=3)
    moves = state.legal_moves()
    generator = MctsBot(seed=1).rng.getstate()[1]
    network = network_for("azul", 2)
    inputs, layers = network.native_form()
    base = (0.12, 0.0, 0.0, 0.1, 6.0, 10, None, 0.0, lambda: 0.0)
    for wrong in [
        (inputs + 1, layers),
        (inputs, layers[:-1]),
        (inputs, ((layers[0][0], layers[0][1][:-4], layers[0][2]), *layers[1:])),
        (inputs, ()),
        "a network",
    ]:
        with pytest.raises(ValueError, match="network"):
            state.native_search(moves, state.to_move[0], generator, (*base, wrong, True))
    assert state.native_search(moves, state.to_move[0], generator, (*base, (inputs, layers), False)) is not None


def test_the_master_level_plays_the_shipped_network_of_its_game_and_table() -> None:
    master = make_bot("master", iterations=60, seed=3)
    assert isinstance(master, MctsBot)
    state = new_game("azul", players=2, seed=8)
    shipped = master.network_for(state)
    assert isinstance(shipped, ValueNetwork) and shipped.fits(state)
    assert shipped.metadata["format"] == "mozaika-value-1" and "trained" in shipped.metadata
    assert master.choose(state) in state.legal_moves()


def test_where_no_network_is_shipped_the_master_plays_as_the_expert() -> None:
    tables = [(game, players) for game in ("azul", "chocolatier", "pavilion") for players in (2, 3, 4)]
    unshipped = [table for table in tables if shipped_network(*table) is None]
    if not unshipped:
        pytest.skip("every game and table has a network")
    game, players = unshipped[0]
    state = new_game(game, players=players, seed=2)
    master, expert = make_bot("master", iterations=80, seed=5), make_bot("expert", iterations=80, seed=5)
    assert isinstance(master, MctsBot) and master.network_for(state) is None
    assert [entry.move for entry in master.analyse(state)] == [entry.move for entry in expert.analyse(state)]
