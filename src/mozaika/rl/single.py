"""A Gymnasium environment: one seat learns; bots, policies or saved agents play the other seats."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from mozaika.catalogue.registry import from_json, game_spec, new_game
from mozaika.core.protocol import Move, State
from mozaika.rl.actions import LegalActions, action_count, as_index
from mozaika.rl.encoding import encode, observation_size
from mozaika.rl.opponents import Opponent, Seat, opponent_policy
from mozaika.rl.rendering import RENDER_MODES, check_render_mode, render
from mozaika.rl.rewards import ILLEGAL_ACTIONS, ILLEGAL_PENALTY, REWARDS, final_reward


class MozaikaGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner sits in ``seat``; ``opponents`` (one for all the other seats, or a list, one a seat) play the rest.

    An opponent is a bot or level name, a saved agent's path (a
    :class:`~mozaika.rl.NetworkPolicy` ``.npz`` or a ``MaskablePPO`` ``.zip``), a callable
    ``policy(observation, mask) -> action`` (the opponent's own observation vector and
    mask), or a model with ``predict(observation, action_masks=...)``.

    Observations are ``{"observation": vector, "action_mask": mask}``; :meth:`action_masks`
    gives the mask as booleans (what sb3-contrib's MaskablePPO asks for).  ``info`` has the
    same keys, shapes and types at every step (so that vector environments can stack it):
    ``scores`` (int64, one a seat), ``winners`` (bool, one a seat; all false until the
    end), ``round`` (int) and ``illegal_action`` (bool).  The structured position is
    :meth:`position`; the game itself :attr:`game`.  The reward is the final margin (or
    +1/-1/0 with ``reward="win"``), plus the step's score change with ``shaped=True``.  An
    action outside the mask forfeits the game (reward -100, or -1 with ``reward="win"``,
    and ``info["illegal_action"]``), or raises ``ValueError`` with
    ``illegal_action="raise"``.  The environment pickles (the game travels as its JSON, the
    bots as they are), and goes on as it would have.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game_id: str = "azul",
        *,
        players: int = 2,
        seat: int = 0,
        opponents: Opponent | list[Opponent] = "greedy",
        reward: str = "margin",
        shaped: bool = False,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        spec = game_spec(game_id)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)}, not {illegal_action!r}")
        check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.game_id = game_id
        self.options = spec.resolve_options(options)
        if players not in spec.players or not 0 <= seat < players:
            raise ValueError(f"players must be 2-4 and seat one of them, not {players} and {seat}")
        listed = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * (players - 1)
        if len(listed) != players - 1:
            raise ValueError(f"name one opponent for each of the {players - 1} other seats")
        self.players = players
        self.seat = seat
        self.reward_kind = reward
        self.shaped = shaped
        self.render_mode = render_mode
        self.actions = action_count(game_id, self.options)
        others = [other for other in range(players) if other != seat]
        self._seats = {
            other: Seat(other, opponent_policy(opponent), self.actions)
            for other, opponent in zip(others, listed, strict=True)
        }
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 10.0, shape=(observation_size(game_id),), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.actions)
        self.game: State = new_game(game_id, players=players, seed=0, **self.options)
        self._legal = LegalActions(self.game, self.actions)
        self._forfeited = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**48))
        self.game = new_game(self.game_id, players=self.players, seed=game_seed, **self.options)
        self._forfeited = False
        for opponent in self._seats.values():
            opponent.new_game(game_seed)
        self._opponents_play()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def _opponents_play(self) -> None:
        game = self.game
        while not game.is_over and game.to_move[0] != self.seat:
            game.play(self._seats[game.to_move[0]].choose(game))
        self._legal = LegalActions(game, self.actions)

    def legal_moves(self) -> dict[int, Move]:
        """The learner's legal moves by action index (what the mask shows)."""
        return self._legal.as_dict()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's convention)."""
        return self._legal.mask().astype(np.bool_)

    def position(self) -> dict[str, Any]:
        """The structured position (``State.to_dict``)."""
        return self.game.to_dict()

    def _observation(self) -> dict[str, Any]:
        return {"observation": encode(self.game, self.seat), "action_mask": self._legal.mask()}

    def _info(self) -> dict[str, Any]:
        game = self.game
        winners = np.zeros(self.players, np.bool_)
        if game.is_over and not self._forfeited:
            winners[list(game.winners)] = True
        return {
            "scores": np.array(game.scores, np.int64),
            "winners": winners,
            "round": int(game.round),
            "illegal_action": self._forfeited,
        }

    def step(self, action: np.int64) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        index = as_index(action)
        if index not in self._legal:
            if self.illegal_action == "raise" or self.game.is_over or self._forfeited:
                raise ValueError(f"action {action} is not legal now; use the action mask")
            # An illegal action forfeits the game: the worst reward, and the episode ends.
            self._forfeited = True
            self._legal = LegalActions.none(self.game, self.actions)
            return self._observation(), -ILLEGAL_PENALTY[self.reward_kind], True, False, self._info()
        before = self.game.scores[self.seat]
        self.game.play(self._legal.move(index))
        self._opponents_play()
        reward = float(self.game.scores[self.seat] - before) if self.shaped else 0.0
        if self.game.is_over:
            reward += final_reward(self.game, self.seat, self.reward_kind)
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self.game.is_over, False, self._info()

    def render(self) -> str | None:
        """``human``: print the board (and return None); ``ansi``: the board as text."""
        names = [f"player_{seat}" for seat in range(self.players)]
        return render(self.game, names, self.render_mode)

    def __getstate__(self) -> dict[str, Any]:
        kept = {key: value for key, value in self.__dict__.items() if key not in ("game", "_legal")}
        kept["game"] = self.game.to_json()
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        self.__dict__.update(kept)
        self.game = from_json(kept["game"])
        forfeited = self._forfeited or self.game.is_over
        self._legal = LegalActions.none(self.game, self.actions) if forfeited else LegalActions(self.game, self.actions)
