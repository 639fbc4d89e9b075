"""The PettingZoo AEC environment for every game of the family."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from mozaika.catalogue.registry import game_spec, new_game
from mozaika.core.protocol import Move, State
from mozaika.rl.actions import LegalActions, action_count
from mozaika.rl.encoding import observation_size, observer
from mozaika.rl.rewards import REWARDS, final_reward

RENDER_MODES = ["ansi"]


class MozaikaEnv(AECEnv):  # type: ignore[misc]
    """Agents ``player_0`` … take turns as the game's ``to_move`` says.

    Each observation is ``{"observation": vector, "action_mask": mask}``; the
    structured position (``State.to_dict``) is :meth:`position`.
    Rewards come at the end: the score margin over the best other player
    (``reward="margin"``), or +1 for a win, -1 for a loss and 0 for a shared
    victory (``reward="win"``).  With ``shaped=True`` every step also rewards each
    agent with the change in its score.
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
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
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
        self.state: State = new_game(game_id, players=players, seed=0, **self.options)
        self._legal = LegalActions(self.state, self.actions)
        self._observer = observer(self.state)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = seed if seed is not None else int(np.random.default_rng().integers(2**48))
        self.state = new_game(self.game_id, players=self.players, seed=game_seed, **self.options)
        self._observer = observer(self.state)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.state
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
        index = -1 if action is None else int(action)
        if index not in legal:
            raise ValueError(f"action {action} is not legal for {agent}; use the action mask")
        state = self.state
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
        if self.render_mode == "ansi":
            self.render()

    def _final_rewards(self) -> None:
        scores = self.state.scores
        winners = set(self.state.winners)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] += final_reward(self.state, seat, self.reward_kind)
        for agent in self.agents:
            self.infos[agent] = {"scores": list(scores), "winners": sorted(winners)}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        position = self.state.to_dict()
        lines = [f"{self.game_id} round {position['round']} {position['phase']}: scores {self.state.scores}"]
        if self.state.to_move:
            lines.append(f"to move: {self.agent_selection}, {len(self._legal)} legal actions")
        return "\n".join(lines)

    def position(self) -> dict[str, Any]:
        """The structured position (``State.to_dict``)."""
        return self.state.to_dict()

    def close(self) -> None:
        pass
