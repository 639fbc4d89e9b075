"""A Gymnasium environment: one seat learns, Mozaika bots play the other seats."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from mozaika.bots import Bot, make_bot
from mozaika.catalogue.registry import game_spec, new_game
from mozaika.core.protocol import Move, State
from mozaika.rl.actions import LegalActions, action_count
from mozaika.rl.encoding import encode, observation_size
from mozaika.rl.rewards import final_reward

ILLEGAL_PENALTY = {"margin": 100.0, "win": 1.0}


class MozaikaGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner sits in ``seat``; ``opponents`` (a bot or level name, or one per other seat) play the rest.

    Observations are ``{"observation": vector, "action_mask": mask}``; ``info``
    holds the ``position`` dictionary and, at the end, the ``scores``.  The reward
    is the final margin (or +1/-1/0 with ``reward="win"``), plus the step's score
    change with ``shaped=True``.  An action outside the mask forfeits the game
    (reward -100, or -1 with ``reward="win"``, and ``info["illegal_action"]``),
    or raises ``ValueError`` with ``illegal_action="raise"``.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(
        self,
        game_id: str = "azul",
        *,
        players: int = 2,
        seat: int = 0,
        opponents: str | list[str] = "greedy",
        reward: str = "margin",
        shaped: bool = False,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        spec = game_spec(game_id)
        if reward not in ILLEGAL_PENALTY:
            raise ValueError(f"reward must be 'margin' or 'win', not {reward!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.game_id = game_id
        self.options = spec.resolve_options(options)
        if players not in spec.players or not 0 <= seat < players:
            raise ValueError(f"players must be 2-4 and seat one of them, not {players} and {seat}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"name one opponent for each of the {players - 1} other seats")
        self.opponent_names = names
        self.players = players
        self.seat = seat
        self.reward_kind = reward
        self.shaped = shaped
        self.render_mode = render_mode
        self.actions = action_count(game_id, self.options)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 10.0, shape=(observation_size(game_id),), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.actions)
        self.state: State = new_game(game_id, players=players, seed=0, **self.options)
        self._legal = LegalActions(self.state, self.actions)
        self._bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**48))
        self.state = new_game(self.game_id, players=self.players, seed=game_seed, **self.options)
        others = [other for other in range(self.players) if other != self.seat]
        self._bots = {
            other: make_bot(name, seed=game_seed + other)
            for other, name in zip(others, self.opponent_names, strict=True)
        }
        self._opponents_play()
        return self._observation(), self._info()

    def _opponents_play(self) -> None:
        state = self.state
        while not state.is_over and state.to_move[0] != self.seat:
            seat = state.to_move[0]
            state.play(self._bots[seat].choose(state))
        self._legal = LegalActions(state, self.actions)

    def legal_moves(self) -> dict[int, Move]:
        """The learner's legal moves by action index (what the mask shows)."""
        return self._legal.as_dict()

    def _observation(self) -> dict[str, Any]:
        return {"observation": encode(self.state, self.seat), "action_mask": self._legal.mask()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"position": self.state.to_dict()}
        if self.state.is_over:
            info["scores"] = self.state.scores
            info["winners"] = self.state.winners
        return info

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if int(action) not in self._legal:
            if self.illegal_action == "raise" or self.state.is_over:
                raise ValueError(f"action {action} is not legal now; use the action mask")
            # An illegal action forfeits the game: the worst reward, and the episode ends.
            info = self._info()
            info["illegal_action"] = True
            self._legal = LegalActions.none(self.state, self.actions)
            return self._observation(), -ILLEGAL_PENALTY[self.reward_kind], True, False, info
        before = self.state.scores[self.seat]
        self.state.play(self._legal.move(int(action)))
        self._opponents_play()
        reward = float(self.state.scores[self.seat] - before) if self.shaped else 0.0
        if self.state.is_over:
            reward += final_reward(self.state, self.seat, self.reward_kind)
        return self._observation(), reward, self.state.is_over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.game_id} round {self.state.round}: scores {self.state.scores}"
