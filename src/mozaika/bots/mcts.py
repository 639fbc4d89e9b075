"""Monte Carlo tree search for every game of the family.

Open-loop UCT with chance re-sampled: every iteration plays on a copy of the
position whose future chance events (factory fills, supply refills) are drawn
afresh from a new seed, so the tree holds move sequences and its statistics
average over possible deals.  A rollout plays sensible cheap moves
(:mod:`mozaika.bots.rollout`) to the end of the leaf's round, then the position is
judged by :func:`mozaika.bots.evaluation.evaluate`: each seat's value is squashed
from what it gained since the root, on the best other seat (so the search plays
to win, with any number of players) and in points of its own (so it keeps
building, as much as the game's :class:`~mozaika.core.strategy.SearchTuning` says).
Each game's settings come from its registration (:func:`mozaika.catalogue.spec_of`), never
from the bot: a bot set to a game's own widening, foresight or margin (None) reads them there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Literal, cast

from mozaika.bots.base import Bot, BotError, Budget, Deadline, MoveValue
from mozaika.bots.evaluation import evaluate
from mozaika.bots.network import ValueNetwork, shipped_network
from mozaika.bots.rollout import best_move, move_priors, rollout_chooser
from mozaika.bots.simple import acting_seat, greedy_values
from mozaika.catalogue import spec_of
from mozaika.core.native_state import NativeState
from mozaika.core.protocol import Move, State
from mozaika.core.strategy import MARGIN_SCALE, SearchTuning

__all__ = ["MARGIN_SCALE", "MctsBot", "Node", "outcome_values", "standings", "values_of_points"]


class Node:
    """The statistics of one move sequence from the root."""

    __slots__ = ("children", "points", "seat", "value", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose move led here; ``value`` is from that seat's point of view."""
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.points: list[float] | None = None
        """For the root's children only: the sum over visits of each seat's points at the search's end."""


def standings(points: list[float]) -> list[tuple[float, float]]:
    """Each seat's (lead over the best other seat, own points)."""
    return [(own - max(points[:seat] + points[seat + 1 :]), own) for seat, own in enumerate(points)]


def outcome_values(
    state: State,
    reference: list[tuple[float, float]],
    own_weight: float,
    foresight: float = 0.0,
    margin: float = MARGIN_SCALE,
) -> list[float]:
    """Each seat's result in [0, 1]: 0.5 when it stands as at ``reference``, more when it stands better.

    ``reference`` is each seat's standing at the root of the search (see
    :func:`standings`).  A seat stands better for each point it gains on the best
    other seat and, weighted by ``own_weight``, for each point it gains itself.
    Measuring from the root keeps the values apart when one seat is far ahead: an
    absolute lead would squash every move to nearly 0 or 1.  A gain of ``margin``
    points is worth about 0.88 (tanh 1): the larger it is, the more nearly the value
    grows in proportion to the points gained.
    """
    return values_of_points(evaluate(state, foresight), reference, own_weight, margin)


def values_of_points(
    points: list[float], reference: list[tuple[float, float]], own_weight: float, margin: float = MARGIN_SCALE
) -> list[float]:
    """:func:`outcome_values` of positions already valued in points (:func:`evaluate`)."""
    values = []
    for (lead, own), (lead_then, own_then) in zip(standings(points), reference, strict=True):
        gain = lead - lead_then + own_weight * (own - own_then)
        values.append(0.5 + 0.5 * math.tanh(gain / margin))
    return values


class MctsBot(Bot):
    """Search: open-loop UCT over moves, chance re-sampled each iteration, rollouts to the round's end."""

    name = "mcts"

    def __init__(
        self,
        *,
        budget: Budget | None = None,
        seed: int | None = None,
        exploration: float = 0.12,
        candidates: int = 16,
        own_weight: float | None = None,
        widening: float | None = 0.0,
        foresight: float | None = 0.0,
        margin: float | None = MARGIN_SCALE,
        level: str | None = None,
        native: bool = True,
        network: ValueNetwork | Literal["shipped"] | None = None,
        rollout: bool = True,
    ) -> None:
        super().__init__(budget=budget or Budget(iterations=1000), seed=seed)
        self.exploration = exploration
        self.candidates = candidates
        """At the root, only this many moves, the best by the greedy evaluation, are searched."""
        # Each of these: None takes the game's own (its SearchTuning, read at every search).
        self.own_weight = own_weight
        """What a point of its own is worth to a seat besides its lead."""
        self.widening = widening
        """How fast the tree widens below the root (see :meth:`search`); 0: not at all."""
        self.foresight = foresight
        """How much of the board's potential the valuation counts (:func:`evaluate`); 0: none."""
        self.margin = margin
        """The gain in points worth about 0.88 (:func:`outcome_values`)."""
        self.level = level
        """The level the bot plays at: a game may give that level an iteration budget of its own."""
        if widening is not None and not widening >= 0:
            raise BotError(f"a widening is 0 (none) or more, not {widening}")
        if margin is not None and not margin:
            raise BotError(f"a margin is a number of points other than 0, not {margin}")
        self.native = native
        """Search in the native core where the position is held there (the same search, step for step)."""
        self.network = network
        """What judges the simulations' ends instead of the game's valuation: a value network
        (:mod:`mozaika.bots.network`), ``"shipped"`` for the one Mozaika ships for the game and its
        number of players (the game's valuation where it ships none), or None."""
        self.rollout = rollout
        """Whether a simulation plays the rollout policy to the round's end before it is judged."""
        self.last_iterations = 0
        """How many iterations the last search ran (for speed measurements)."""

    def _choose(self, state: State) -> Move:
        moves = state.legal_moves(acting_seat(state))
        if len(moves) == 1:
            return moves[0]
        return self._analyse(state)[0].move

    def _analyse(self, state: State) -> list[MoveValue]:
        return self.analyse_with(state)

    def analyse_with(self, state: State, include: Sequence[Move] = (), seat: int | None = None) -> list[MoveValue]:
        """:meth:`analyse`, searching the moves of ``include`` too even where the shortlist leaves them out.

        Each move comes with the points every seat can expect after it (the mean
        :func:`evaluate` at the end of the search's simulations): a game review
        compares the move played with the best this way.  ``seat``: whose decision,
        when several seats decide independently (A-10); by default the first.
        """
        root = self.search(state, include, seat)
        ranked = sorted(root.children.items(), key=lambda item: (item[1].visits, item[1].value), reverse=True)
        return [
            MoveValue(
                move,
                node.value / node.visits,
                node.visits,
                tuple(total / node.visits for total in node.points) if node.points else None,
            )
            for move, node in ranked
            if node.visits
        ]

    def search(self, state: State, include: Sequence[Move] = (), seat: int | None = None) -> Node:
        """Run the search from ``state`` within the budget; the root's children hold the statistics.

        The root tries every move of its shortlist.  Below it, a node tries every
        legal move before the search goes deeper through it, unless the game has a
        ``widening`` w: then a node visited n times tries at most 1 + ⌊w·√n⌋ moves,
        the most promising first (:func:`mozaika.bots.rollout.move_priors`), so the
        tree grows deeper where hundreds of moves would keep it one move deep.
        """
        root = Node(acting_seat(state) if seat is None else seat)
        tuning = spec_of(state).search
        deadline = Deadline(self._budget_in(tuning))
        rng = self.rng
        exploration = self.exploration
        shortlist = self._shortlist(state, root.seat)
        shortlist += [move for move in include if move not in shortlist]
        foresight = tuning.foresight if self.foresight is None else self.foresight
        network = self.network_for(state)
        judge: Callable[[State], list[float]] = (
            network.points if network is not None else lambda position: evaluate(position, foresight)
        )
        reference = standings(judge(state))
        if network is not None:  # a trained network says how it is best searched with
            tuning = network.tuned(tuning)
        own_weight = tuning.own_weight if self.own_weight is None else self.own_weight
        widening = tuning.widening if self.widening is None else self.widening
        margin = tuning.margin if self.margin is None else self.margin
        if self.native and state.engine == "native":
            settings = (self.exploration, widening, foresight, own_weight, margin)
            judging = (network.native_form() if network is not None else None, self.rollout)
            if self._search_natively(cast(NativeState, state), root, shortlist, deadline, settings, judging):
                return root
        rollout_move = rollout_chooser(state)
        while True:
            simulation = state.copy()
            simulation.auto_chance = True
            simulation.reseed(rng.getrandbits(48))
            node = root
            path = [root]
            # Selection and expansion.
            while not simulation.is_over:
                seat = root.seat if node is root else simulation.to_move[0]
                moves = shortlist if node is root else simulation.legal_moves(seat)
                children = node.children
                if widening and node is not root:
                    tried = [move for move in moves if move in children]
                    widen = len(tried) < len(moves) and len(tried) <= widening * math.sqrt(node.visits)
                    expansion = _most_promising_untried(simulation, moves, children, rng) if widen else None
                    moves = tried
                else:
                    untried = [move for move in moves if move not in children]
                    expansion = untried[rng.randrange(len(untried))] if untried else None
                if expansion is not None:
                    child = children[expansion] = Node(seat)
                    simulation.play(expansion)
                    path.append(child)
                    break
                scale = exploration * math.sqrt(math.log(node.visits + 1))
                best_score = -1.0
                chosen = moves[0]
                for move in moves:
                    candidate = children[move]
                    score = candidate.value / candidate.visits + scale / math.sqrt(candidate.visits)
                    if score > best_score:
                        best_score = score
                        chosen = move
                node = children[chosen]
                simulation.play(chosen)
                path.append(node)
            # Rollout to the end of this round, then judge the position.
            leaf_round = simulation.round
            while self.rollout and not simulation.is_over and simulation.round == leaf_round:
                simulation.play(rollout_move(simulation, rng))
            points = judge(simulation)
            values = values_of_points(points, reference, own_weight, margin)
            if len(path) > 1:
                first = path[1]
                if first.points is None:
                    first.points = list(points)
                else:
                    first.points = [total + point for total, point in zip(first.points, points, strict=True)]
            for visited in path:
                visited.visits += 1
                visited.value += values[visited.seat]
            deadline.tick()
            if deadline.expired():
                break
        self.last_iterations = deadline.done
        return root

    def network_for(self, state: State) -> ValueNetwork | None:
        """The value network that judges this game's simulations, if any (see :attr:`network`).

        A network made for another game or number of players is refused with a :class:`BotError`.
        """
        if self.network == "shipped":
            return shipped_network(spec_of(state).id, len(state.scores))
        if self.network is not None and not self.network.fits(state):
            raise BotError(
                f"the value network is for {self.network.game} with {self.network.players} players,"
                f" not {spec_of(state).id} with {len(state.scores)}"
            )
        return self.network

    def _budget_in(self, tuning: SearchTuning) -> Budget:
        """The bot's budget, or the one the game gives the bot's level."""
        iterations = tuning.level_iterations.get(self.level) if self.level is not None else None
        return Budget(iterations=iterations) if iterations is not None else self.budget

    def _search_natively(
        self,
        state: NativeState,
        root: Node,
        shortlist: list[Move],
        deadline: Deadline,
        settings: tuple[float, float, float, float, float],
        judging: tuple[object, bool],
    ) -> bool:
        """Run :meth:`search`'s loop in the core: the same numbers drawn from :attr:`rng`, the same statistics.

        False (nothing changed) where the core leaves the position to the Python search.
        """
        version, generator, gauss = self.rng.getstate()
        timing = (deadline.iterations, deadline.seconds, deadline.start, deadline.clock)
        answer = state.native_search(shortlist, root.seat, generator, (*settings, *timing, *judging))
        if answer is None:
            return False
        children, iterations, generator = answer
        self.rng.setstate((version, generator, gauss))
        for move, visits, value, points in children:
            child = root.children[move] = Node(root.seat)
            child.visits, child.value, child.points = visits, value, list(points)
        root.visits = iterations
        self.last_iterations = iterations
        return True

    def _shortlist(self, state: State, seat: int) -> list[Move]:
        """The root moves worth searching: all of them, or the best ``candidates`` by the greedy evaluation.

        Summer Pavilion offers hundreds of moves (placements, and every choice of
        tiles to keep); a search spread over all of them sees each once.
        """
        moves = state.legal_moves(seat)
        if len(moves) <= self.candidates:
            return moves
        return [entry.move for entry in greedy_values(state, seat)[: self.candidates]]


def _most_promising_untried(state: State, moves: list[Move], children: dict[Move, Node], rng: random.Random) -> Move:
    """The untried move with the highest prior, ties broken at random."""
    priors = move_priors(state, moves)
    untried = [(prior, move) for move, prior in zip(moves, priors, strict=True) if move not in children]
    chosen = best_move(untried, rng)
    assert chosen is not None, "a node with an untried move was asked for one"
    return chosen
