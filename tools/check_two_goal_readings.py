"""The two-turn relaxation's goal readings against the engine's scoring, temple by temple (session 79).

For one position of a turn-1 action phase (a child of a seeded greedy game's tile placement, as
tools/bench_two_turns_place.py draws them) and each group of final boards (`reach_two.slot_groups`),
this builds `TwoRelaxed` and, for excavations a real line can make, the final position it ends on:

- *turn 1's*: a card (hand or decks) at a site of an island of turn 1's board B1 that holds no
  temple and is not Thera, where it fits on B1 (R-EXC-1, R-EXC-2); the line ends on each final
  board k of the group (the next tile placed, R-TURN-1, R-TILE-1);
- *turn 2's*: a card at a site of an island of board k (no temple, not Thera) where it fits on
  board k, alone or after one of turn 1's (then its island holds no temple of turn 1 either).

For each, every goal card's points scored by the engine on the final position (`goals.score_goal`,
R-GOAL-*, R-SCORE-2) must be at most the relaxation's reading of it on board k
(`TwoGoals.goal_on`, read with the excavations as spots), and board k must stay in the line's
mask (`allowed`, `room`: the boards an excavation keeps); the leaf (`TwoGoals.leaf`, over the
line's mask, through the goal cells, and on board k alone) and the ceiling's map and goal cards
before each excavation (`Ceiling._part`, the later cards' points added) must be at least the
engine's map and goal cards. A failure is an unsound reading: a leaf or a ceiling would read
less than the real line scores. Not a search: it checks the readings the leaves and the ceiling
share, on the excavations themselves (the per-card reading is the sharp one: a leaf's goal draws
and its best board over the mask can hide a card read too low). On the tree before session 78's
mend (07f0204) s5t20's placement below gives 214 misses (e.g. H04's volcano, G04, on the board of
the tile at -1,1), none after it.

    PYTHONPATH=TREE .venv/bin/python tools/check_two_goal_readings.py --seed 5 --turn 20 --seat north \\
        --placement "tile -1,-3 r270 blue@NW"
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, NamedTuple, NoReturn, TypeVar

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from akrotiri_puzzles.analysis.reach import reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import OVER
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.components import MapCard
from akrotiri_puzzles.excavation import valid_sites
from akrotiri_puzzles.geometry import Quad, board_quarter
from akrotiri_puzzles.goals import BoardFacts, score_goal
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.scoring import seat_score

T = TypeVar("T", bound=tuple[Any, ...])


class Miss(NamedTuple):
    """A reading below the engine's score, or a board the mask drops."""

    kind: str
    board: int
    digs: tuple[tuple[str, Quad, int], ...]
    """(card, site, spot) of each excavation, turn 1's first."""
    goal: str
    engine: int
    read: int

    def __str__(self) -> str:
        return (
            f"{self.kind} board {self.board} digs {self.digs} goal {self.goal}: engine {self.engine} read {self.read}"
        )


def sites_by_quarter(board: Board, seat: str, card: MapCard, quads: tuple[Quad, ...]) -> list[Quad]:
    """One valid site of each board quarter (the readings differ only by quarter and island)."""
    out: dict[str, Quad] = {}
    for q in valid_sites(board, seat, card, quads):
        out.setdefault(board_quarter(q), q)
    return list(out.values())


def spot_on(r: reach_two.TwoRelaxed, k: int, island: Quad) -> int | None:
    """The spot of `r` that stands for `island` of board k: a spot of B1 whose member on board k
    it is, else the spot of the next tile's islands alone holding (k, island)."""
    for s, ms in enumerate(r.members):
        if (k, island) in ms:
            return s
    return None


def final_position(pos: Position, board: Board, digs: tuple[tuple[str, Quad, int], ...]) -> Position:
    """`pos` on `board` with the hero's temples of `digs` added (turn 1's first)."""
    hero = pos.hero
    temples = hero.temples + tuple((c, q) for c, q, _ in digs)
    return replace(pos.with_seat(pos.to_move, replace(hero, temples=temples)), board=board)


def thin(digs: list[T], rng: random.Random, each: int) -> list[T]:
    """At most `each` cards of `digs` (card, site, ..., island last) for each island and site's
    quarter, a fixed random choice: the readings differ by card only through the quarters card's
    sites (`site_quarters`), which one card a quarter checks."""
    by: dict[tuple[object, str], list[T]] = {}
    for d in digs:
        by.setdefault((d[-1], board_quarter(d[1])), []).append(d)
    out: list[T] = []
    for key in sorted(by, key=str):
        got = by[key]
        out += got if len(got) <= each else rng.sample(got, each)
    return out


def check(
    pos: Position,
    rng: random.Random,
    per_group: int = 60,
    pairs: int = 40,
    each: int = 2,
    seen: Counter[str] | None = None,
) -> Iterator[Miss]:
    """The misses of `pos` (module doc), over every group of final boards; `per_group` boards of a
    group at most (a fixed sample), `pairs` pairs of excavations a board at most, `each` cards an
    island and quarter (`thin`). `seen` counts the excavations of turn 1 read on a board where the
    next tile leaves no card fitting their island (`bare`, session 78's case) or joins it to
    another island of turn 1's board (`joined`), and the lines read (`lines`)."""
    got = reach_two.slot_groups(pos)
    if got is None:
        return
    keys, finals, acts = got
    shared = Boards(pos)
    comps = pos.components
    seat = pos.to_move
    hero = pos.hero
    goals = sorted(comps.goal)
    cards = sorted(set(hero.maps) | {c for deck in pos.map_decks for c in deck})
    b1 = pos.board
    temple_sites = [q for s in pos.seats for _, q in s.temples]
    # Turn 1's excavations: on B1, one site a quarter (the same for every group).
    firsts_at: list[tuple[str, Quad, Quad]] = []
    b1_taken = {b1.island_at(q) for q in temple_sites}
    for isl, quads in b1.island_quads.items():
        if isl == b1.thera_island or isl in b1_taken:
            continue
        for c in cards:
            for q in sites_by_quarter(b1, seat, comps.map[c], quads):
                firsts_at.append((c, q, isl))
    firsts_at = thin(firsts_at, rng, each)
    for (_, oracle), group in zip(keys, finals, strict=True):
        # A value no line reaches: the search's ceiling is built (reach_ceiling.py), no leaf raises.
        r = reach_two.TwoRelaxed(pos, [b1, *group], acts, 10, shared, 10**6, oracle)
        boards = r.boards
        firsts = [(c, q, r.spot_of[isl]) for c, q, isl in firsts_at]
        dug_spots = {s for _, _, s in firsts}
        # The boards first where the next tile leaves no card fitting the island of a spot turn 1
        # can excavate (session 78's case: the reading must not depend on a fit there), then the
        # others, in a fixed random order; `per_group` in all.
        bare = {
            k
            for k in range(1, len(boards))
            for s in dug_spots
            for j, isl in r.members[s]
            if j == k and (isl in r.taken[k] or not shared.island_cards(boards[k], boards[k].island_quads[isl], cards))
        }
        ks = list(range(1, len(boards)))
        rng.shuffle(ks)
        ks = sorted(sorted(ks, key=lambda k: k not in bare)[:per_group])
        for k in ks:
            bk = boards[k]
            facts = BoardFacts(bk)
            taken_k = {bk.island_at(q) for q in temple_sites}

            # Turn 2's excavations on board k, one site a quarter: (card, site, spot, island).
            seconds: list[tuple[str, Quad, int, Quad]] = []
            for isl, quads in bk.island_quads.items():
                if isl == bk.thera_island or isl in taken_k:
                    continue
                s = spot_on(r, k, isl)
                for c in cards:
                    for q in sites_by_quarter(bk, seat, comps.map[c], quads):
                        seconds.append((c, q, -1 if s is None else s, isl))
            seconds = thin(seconds, rng, each)
            lines: list[tuple[tuple[str, Quad, int], ...]] = [(f,) for f in firsts]
            lines += [((c, q, s),) for c, q, s, _ in seconds]
            # Pairs: one of turn 1's, then one of turn 2's on another island of board k with
            # another card (R-EXC-1: the turn-1 temple's island of board k holds a temple).
            if firsts and seconds:
                for _ in range(pairs):
                    f = rng.choice(firsts)
                    busy = bk.island_at(f[1])
                    ok = [x for x in seconds if x[3] != busy and x[0] != f[0]]
                    if ok:
                        c, q, s, _ = rng.choice(ok)
                        lines.append((f, (c, q, s)))
            n_first = len(firsts)
            if seen is not None:
                seen["lines"] += len(lines)
                for _, _, s in firsts:
                    isl = next(i for j, i in r.members[s] if j == k)
                    seen["bare"] += isl in r.taken[k] or not shared.island_cards(bk, bk.island_quads[isl], cards)
                    seen["joined"] += any(k2 for (a, b), k2 in r.joined.items() if a == s and k2 >> k & 1)
            for li, digs in enumerate(lines):
                if len(digs) > r.left:  # the hero's temples left (R-SET-2, R-END-2)
                    continue
                if any(s < 0 for _, _, s in digs):
                    yield Miss("no spot", k, digs, "-", 0, 0)
                    continue
                dug = frozenset((s, c) for c, _, s in digs)
                # The mask: each excavation keeps board k (allowed; room for one of turn 2).
                mask = r.every
                masks = []
                for j, (c, _, s) in enumerate(digs):
                    bits = r.allowed.get((s, c), 0)
                    second = j == 1 or (len(digs) == 1 and li >= n_first)
                    if second:
                        before = frozenset((s2, c2) for c2, _, s2 in digs[:j])
                        bits &= r.room(s, before, OVER)
                    if not bits >> k & 1:
                        yield Miss("mask", k, digs, c, 1, 0)
                    masks.append(mask)
                    mask &= bits
                final = final_position(pos, bk, digs)
                for g in goals:
                    real = score_goal(final, seat, g, facts).points
                    read = r.goal_on(k, g, dug)
                    if real > read:
                        yield Miss("reading", k, digs, g, real, read)
                # The leaf over the line's mask (its goal cells, reach_goal_cells.py, and finals)
                # and the ceiling's map and goal cards (`_part`) before each excavation, with the
                # temples still to come, plus their cards' points (counted apart by the ceiling).
                total = seat_score(final, seat)
                real = sum(p for _, p in total.maps) + sum(x.points for x in total.goals)
                for kind, m in (("leaf", mask), ("leaf on k", 1 << k)):
                    leaf = r.leaf(0, dug, m)
                    if real > leaf:
                        yield Miss(kind, k, digs, "-", real, leaf)
                assert r.ceiling is not None
                for j in range(len(digs) + 1):
                    before = frozenset((s2, c2) for c2, _, s2 in digs[:j])
                    later = sum(comps.map[c2].points for c2, _, _ in digs[j:])
                    for kind, m in (
                        (f"ceiling {j}", masks[j] if j < len(masks) else mask),
                        (f"ceiling {j} on k", 1 << k),
                    ):
                        part = r.ceiling._part(before, m, len(digs) - j) + later
                        if real > part:
                            yield Miss(kind, k, digs, "-", real, part)


def first_dig_misses(pos: Position, seen: set[object] | None = None) -> Iterator[str]:
    """The excavations turn 1 can make that the relaxation does not credit with turn 2's actions
    (`first_digs`, R-TURN-2): from `pos`, every line of Move steps and free actions of turn 1
    (ship, portage, unload, sell, buy: R-MOVE-1..3, R-FREE-1, R-FREE-2, R-BUY-1; a Load only
    lowers a Move action's points, R-MOVE-2) through the engine; where the boat is docked with an
    action left at an island of turn 1's board that is not Thera and holds no temple, every card
    of the hand that fits it there (R-EXC-1, R-EXC-2) must be in `first_digs` with the island's
    spot. `seen`: the positions searched."""
    from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
    from akrotiri_puzzles.puzzle import State, moves, play

    got = reach_two.slot_groups(pos)
    if got is None:
        return
    keys, finals, acts = got
    r = reach_two.TwoRelaxed(pos, [pos.board, *finals[0]], acts, 10, Boards(pos), None, keys[0][1])
    puzzle = two_turn_puzzle(pos)
    b1 = pos.board
    taken = {b1.island_at(q) for s in pos.seats for _, q in s.temples}
    seat = pos.to_move
    comps = pos.components
    seen = set() if seen is None else seen
    stack = [State(pos)]
    while stack:
        state = stack.pop()
        p = state.pos
        if p in seen or state.turn != 1 or p.phase != "act":
            continue
        seen.add(p)
        boat = p.hero.boat
        if boat is not None and p.actions_left >= 1 and not p.passing:
            isl = b1.island_of_dock.get(boat)
            if isl is not None and isl != b1.thera_island and isl not in taken:
                for c in p.hero.maps:
                    fits = valid_sites(b1, seat, comps.map[c], b1.island_quads[isl])
                    if fits and (r.spot_of[isl], c) not in r.first_digs:
                        yield f"{c} on {isl} (dock {boat}, {p.actions_left} actions left)"
        for a in moves(puzzle, state):
            if str(a).split(" ")[0] in ("ship", "portage", "unload", "sell", "buy"):
                stack.append(play(puzzle, state, a))


def children(
    seed: int, edition: int, turn: int, seat: str, placement: str | None, every: int
) -> list[tuple[str, Position]]:
    """The positions after the placement `placement` (notation) of the seeded greedy game's turn
    (tools/bench_two_turns_place.py's `positions`), or the first placement of every `every`-th
    group of the turn's placements."""
    from bench_two_turns_place import positions, turn_groups

    found = positions(seed, edition, turn, [seat])
    if not found:
        _stop(f"seed {seed} ({edition}): the greedy game has no turn {turn} for {seat} to place a tile")
    out = []
    for gi, g in enumerate(turn_groups(found[0])):
        for a, c in g:
            if placement is not None and str(a) != placement:
                continue
            if placement is None and gi % every:
                continue
            out.append((str(a), c))
            if placement is None:
                break
    if not out:
        what = f"--placement {placement}: not" if placement else "no placement is"
        _stop(f"{what} a placement of seed {seed}'s turn {turn} ({seat})")
    return out


def _stop(message: str) -> NoReturn:
    """One line on stderr and exit status 2 (bad input)."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, nargs="+", required=True)
    ap.add_argument("--turn", type=int, nargs="+", required=True)
    ap.add_argument("--seat", default="south", choices=("south", "north"))
    ap.add_argument("--edition", type=int, default=2016, choices=(2016, 2014))
    ap.add_argument("--placement")
    ap.add_argument("--every", type=int, default=4, help="one placement of every N-th group")
    ap.add_argument("--boards", type=int, default=60)
    ap.add_argument("--pairs", type=int, default=40)
    args = ap.parse_args()
    total = 0
    for seed in args.seed:
        for turn in args.turn:
            for name, child in children(seed, args.edition, turn, args.seat, args.placement, args.every):
                rng = random.Random(f"{seed}/{turn}/{name}")
                misses = list(check(child, rng, args.boards, args.pairs))
                total += len(misses)
                print(f"s{seed}t{turn} {args.seat} {name}: {len(misses)} misses", flush=True)
                for m in misses[:10]:
                    print("   ", m, flush=True)
    print("total misses", total)


if __name__ == "__main__":
    main()
