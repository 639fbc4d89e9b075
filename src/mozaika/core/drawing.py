"""Drawing tiles from the bag (rule F-2), shared by every game.

The bag and the lid (Summer Pavilion's tower) are lists of tile counts by colour.
A draw fills a sequence of groups (the factories, or the supply) in order, tile by
tile; when the bag runs out mid-draw, the lid is emptied into it and the draw goes
on; when both are empty the remaining groups stay partly filled or empty.

:func:`sample_draw` picks an outcome without touching anything, from a random whole
number of :func:`draw_bits` bits; :func:`apply_draw` checks that an outcome could
have come out of this bag and lid, and applies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mozaika.core.errors import IllegalChanceError

Groups = tuple[tuple[int, ...], ...]
"""Drawn tiles, one sorted tuple of colour indices per group."""


class Draw:
    """A sampled draw, with the bag and lid it came from and the bag and lid it leaves.

    Knowing its origin lets :func:`apply_draw` take a draw it sampled itself without
    checking it again.
    """

    __slots__ = ("groups", "origin", "result")

    def __init__(
        self, groups: Groups, origin: tuple[tuple[int, ...], tuple[int, ...]], result: tuple[list[int], list[int]]
    ) -> None:
        self.groups = groups
        self.origin = origin
        self.result = result


def _tiles(counts: Sequence[int]) -> list[int]:
    tiles: list[int] = []
    for colour, count in enumerate(counts):
        tiles += [colour] * count
    return tiles


def draw_bits(sizes: Sequence[int]) -> int:
    """How many random bits :func:`sample_draw` needs to fill groups of these sizes."""
    # Each tile is a choice among fewer than 256 (no bag holds more); the 64 spare bits keep
    # every sequence of choices equally likely to within a factor of 1 + 2**-64.
    return 8 * sum(sizes) + 64


def sample_draw(bag: Sequence[int], lid: Sequence[int], sizes: Sequence[int], entropy: int) -> Draw:
    """Draw tiles for groups of the given sizes, as rule F-2 says, without mutating anything.

    ``entropy`` is a uniformly random whole number of at least :func:`draw_bits`
    bits (``rng.getrandbits(draw_bits(sizes))``); it decides the draw.  Every tile
    in the bag is equally likely (F-2: uniform over tiles, not colours).
    """
    colours = len(bag)
    tiles = _tiles(bag)
    left = len(tiles)
    lid_after = list(lid)
    bag_after = list(bag)
    wanted = sum(sizes)
    drawn: list[int] = []
    while len(drawn) < wanted:
        if left == 0:
            if not any(lid_after):
                break
            tiles = _tiles(lid_after)
            left = len(tiles)
            bag_after = lid_after
            lid_after = [0] * colours
        batch: list[int] = []
        pick = batch.append
        take = min(wanted - len(drawn), left)
        for remaining in range(left, left - take, -1):
            # Pick a random remaining tile (the next digit of the entropy in base ``remaining``)
            # and swap the last remaining one into its place.
            entropy, index = divmod(entropy, remaining)
            pick(tiles[index])
            tiles[index] = tiles[remaining - 1]
        left -= take
        for colour in range(colours):
            bag_after[colour] -= batch.count(colour)
        drawn += batch
    groups: list[tuple[int, ...]] = []
    start = 0
    for size in sizes:
        group = drawn[start : start + size]
        group.sort()
        groups.append(tuple(group))
        start += size
    return Draw(tuple(groups), (tuple(bag), tuple(lid)), (bag_after, lid_after))


def apply_draw(
    bag: list[int],
    lid: list[int],
    sizes: Sequence[int],
    groups: Groups,
    *,
    what: str,
    names: Sequence[str],
    draw: Draw | None = None,
) -> None:
    """Check that ``groups`` is a possible F-2 draw from ``bag`` and ``lid``, then take it.

    ``bag`` and ``lid`` are updated in place.  Raises :class:`IllegalChanceError`
    (rule F-2) and changes nothing when the outcome is impossible; ``what`` names
    the groups in the message ("factory", "supply"), ``names`` the colours.  A
    ``draw`` that :func:`sample_draw` made from this very bag and lid is taken as it is.
    """
    colours = len(bag)
    if draw is not None and draw.groups is groups and draw.origin == (tuple(bag), tuple(lid)):
        bag[:], lid[:] = draw.result
        return
    if len(groups) != len(sizes):
        raise IllegalChanceError(f"the draw must fill {len(sizes)} {what} groups, not {len(groups)}", rule="F-2")
    in_bag = sum(bag)
    available = in_bag + sum(lid)
    wanted = min(sum(sizes), available)
    drawn = sum(len(group) for group in groups)
    if drawn != wanted:
        raise IllegalChanceError(
            f"the draw must take {wanted} tiles (bag {in_bag}, lid {available - in_bag}), not {drawn}",
            rule="F-2",
        )
    # Groups are filled in order: only the last non-empty one may be partly filled.
    remaining = wanted
    for index, (group, size) in enumerate(zip(groups, sizes, strict=True)):
        expected = min(size, remaining)
        if len(group) != expected:
            raise IllegalChanceError(f"{what} {index + 1} must receive {expected} tiles, not {len(group)}", rule="F-2")
        remaining -= expected
        for colour in group:
            if not 0 <= colour < colours:
                raise IllegalChanceError(f"no colour number {colour}", rule="F-2")
    totals = [0] * colours
    for group in groups:
        for colour in group:
            totals[colour] += 1
    if wanted <= in_bag:
        _require_within(totals, bag, "the bag", names)
        for colour in range(colours):
            bag[colour] -= totals[colour]
        return
    # The bag ran out: everything in it was drawn, and it was drawn first, so the
    # groups filled before the one that emptied it came from the bag alone.
    for colour in range(colours):
        if totals[colour] < bag[colour]:
            raise IllegalChanceError(
                "the bag ran out during this draw, so all of it must have been drawn first", rule="F-2"
            )
    _require_within([totals[c] - bag[c] for c in range(colours)], lid, "the lid", names)
    prefix = [0] * colours
    taken = 0
    crossing: tuple[int, ...] = ()
    for group in groups:
        if taken + len(group) > in_bag:
            crossing = group  # the group during which the bag ran out
            break
        for colour in group:
            prefix[colour] += 1
        taken += len(group)
    _require_within(prefix, bag, "the bag before it ran out", names)
    for colour in range(colours):
        if crossing.count(colour) < bag[colour] - prefix[colour]:
            raise IllegalChanceError(
                f"the bag's last {names[colour]} tiles must be drawn before the lid's tiles", rule="F-2"
            )
    for colour in range(colours):
        bag[colour] = bag[colour] + lid[colour] - totals[colour]
        lid[colour] = 0


def _require_within(needed: Sequence[int], held: Sequence[int], where: str, names: Sequence[str]) -> None:
    for colour, (need, have) in enumerate(zip(needed, held, strict=True)):
        if need > have:
            raise IllegalChanceError(
                f"the draw needs {need} {names[colour]} tiles but {where} holds {have}", rule="F-2"
            )
