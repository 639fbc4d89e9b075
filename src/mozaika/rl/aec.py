"""The PettingZoo AEC environment for every game of the family."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from mozaika.catalogue.registry import from_json, game_spec, new_game
from mozaika.core.protocol import Move, State
from mozaika.rl.actions import LegalActions, action_count, as_index
from mozaika.rl.encoding import observation_size, observer
from mozaika.rl.rendering import RENDER_MODES, check_render_mode, render
from mozaika.rl.rewards import ILLEGAL_ACTIONS, ILLEGAL_PENALTY, REWARDS, final_reward

SEATS = 4
"""The most seats of any game: the state's one-hot of the seat to move has this many entries."""


class MozaikaEnv(AECEnv):  # type: ignore[misc]
    """Agents ``player_0`` … take turns as the game's ``to_move`` says.

    Each observation is ``{"observation": vector, "action_mask": mask}``; the
    structured position (``State.to_dict``) is :meth:`position`.
    Rewards come at the end: the score margin over the best other player
    (``reward="margin"``), or +1 for a win, -1 for a loss and 0 for a shared
    victory (``reward="win"``).  With ``shaped=True`` every step also rewards each
    agent with the change in its score.  An action outside the mask raises
    ``ValueError`` (``illegal_action="raise"``), or forfeits the game
    (``illegal_action="lose"``: -100, or -1 with ``reward="win"``, for the agent
    that played it, nothing for the others), as PettingZoo's classic games do.

    The game itself is :attr:`game`; :meth:`state` is the whole position as one
    vector (PettingZoo's global state, in :attr:`state_space`).  The environment
    pickles: the game travels as its JSON.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": RENDER_MODES,
        "name": "mozaika_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str = "azul",
        *,
        players: int = 2,
        reward: str = "margin",
        shaped: bool = False,
        illegal_action: str = "raise",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        spec = game_spec(game_id)
        self.game_id = game_id
        self.options = spec.resolve_options(options)
        if players not in spec.players:
            raise ValueError(f"{game_id} is played by 2, 3 or 4 players, not {players}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}, not {illegal_action!r}")
        check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.players = players
        self.reward_kind = reward
        self.shaped = shaped
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        self.actions = action_count(game_id, self.options)
        size = observation_size(game_id)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-1.0, high=10.0, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.actions)
        self.state_space = spaces.Box(low=-1.0, high=10.0, shape=(SEATS + size,), dtype=np.float32)
        """The seat to move (one-hot, all zeros once the game is over or forfeited), then the position as seat 0
        sees it."""
        self.game: State = new_game(game_id, players=players, seed=0, **self.options)
        self._legal = LegalActions(self.game, self.actions)
        self._observer = observer(self.game)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._forfeited = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = seed if seed is not None else int(np.random.default_rng().integers(2**48))
        self.game = new_game(self.game_id, players=self.players, seed=game_seed, **self.options)
        self._observer = observer(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._forfeited = False
        self._select()

    def _select(self) -> None:
        state = self.game
        self._legal = LegalActions(state, self.actions)
        to_move = state.to_move
        if to_move:
            self.agent_selection = self.possible_agents[to_move[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        mask = self._legal.mask() if agent == self.agent_selection else np.zeros(self.actions, dtype=np.int8)
        return {"observation": self._observer.vector(self._seats[agent]), "action_mask": mask}

    def legal_moves(self) -> dict[int, Move]:
        """The legal moves of the selected agent by action index (what the mask shows)."""
        return self._legal.as_dict()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal
        index = as_index(action)
        if index not in legal:
            if self.illegal_action == "raise" or action is None:
                raise ValueError(f"action {action} is not legal for {agent}; use the action mask")
            self._forfeit(agent)
            return
        state = self.game
        before = state.scores if self.shaped else None
        move = legal.move(index)
        state.play(move)
        self._observer.after_move(self._seats[agent], move)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if before is not None:
            for seat, (old, new) in enumerate(zip(before, state.scores, strict=True)):
                self.rewards[self.possible_agents[seat]] = float(new - old)
        if state.is_over:
            self._final_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal = LegalActions(state, self.actions)
        else:
            self._select()
        if before is not None or state.is_over:  # other steps reward nobody
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _forfeit(self, agent: str) -> None:
        """An illegal action ends the game: the worst reward for the agent that played it."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -ILLEGAL_PENALTY[self.reward_kind]
        self.terminations = dict.fromkeys(self.agents, True)
        self._forfeited = True
        self._legal = LegalActions.none(self.game, self.actions)
        self._end_infos(illegal=agent)
        self._accumulate_rewards()

    def _final_rewards(self) -> None:
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] += final_reward(self.game, seat, self.reward_kind)
        self._end_infos(illegal=None)

    def _end_infos(self, illegal: str | None) -> None:
        """At the end, every agent's info: the ``scores`` and ``winners`` (one entry a seat) and ``illegal_action``."""
        scores = np.array(self.game.scores, np.int64)
        winners = np.zeros(self.players, np.bool_)
        if illegal is None:
            winners[list(self.game.winners)] = True
        for agent in self.agents:
            self.infos[agent] = {"scores": scores.copy(), "winners": winners.copy(), "illegal_action": agent == illegal}

    def state(self) -> npt.NDArray[np.float32]:
        """The whole position as one vector (:attr:`state_space`): the seat to move, then what seat 0 sees."""
        to_move = np.zeros(SEATS, np.float32)
        if self.game.to_move and not self.game.is_over and not self._forfeited:
            to_move[self.game.to_move[0]] = 1.0
        return np.concatenate((to_move, self._observer.vector(0)))

    def render(self) -> str | None:
        """``human``: print the board (and return None); ``ansi``: the board as text."""
        return render(self.game, self.possible_agents, self.render_mode)

    def position(self) -> dict[str, Any]:
        """The structured position (``State.to_dict``)."""
        return self.game.to_dict()

    def close(self) -> None:
        pass

    def __getstate__(self) -> dict[str, Any]:
        kept = {key: value for key, value in self.__dict__.items() if key not in _REBUILT}
        kept["game"] = self.game.to_json()
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__dict__.update(kept)
        self.game = from_json(kept["game"])
        self._observer = observer(self.game)
        forfeited = self._forfeited
        self._legal = LegalActions.none(self.game, self.actions) if forfeited else LegalActions(self.game, self.actions)


_REBUILT = frozenset({"game", "_legal", "_observer"})
"""What a pickle leaves out and rebuilds: the game (sent as its JSON), its legal actions and its observer."""
