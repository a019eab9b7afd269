"""The two-turn relaxation's cube, money and leg readings against the engine, line by line (session 80).

Session 79 (tools/check_two_goal_readings.py) checked the readings that tell turn 1's board from the
final boards; this checks the others a relaxed line reads (analysis/reach_two.py's `TwoRelaxed`),
on lines the engine plays. For one position of a turn-1 action phase (a child of a seeded greedy
game's tile placement, as tools/bench_two_turns_place.py draws them):

- *Legs* (`legs`): the engine's least movement points (its own Step actions, R-MOVE-1, R-MOVE-3:
  passing the other boat's dock) from the boat's dock and from each island of turn 1's board B1
  to each island, over B1 alone and over B1 then each final board k (the leg turn 1's end cuts,
  then turn 2's on board k, R-TILE-1, R-TURN-1), against `Boards.turn_one_legs` (B1) and
  `BoardLegs.legs_on` (B1 and k) of every spot standing for the island, and the union's `moves`.
- *Lines* (`walks`, `image`): random lines of both turns through the engine (a fixed seed, every
  legal action kind equally likely at each step, Unload left out: `UNLOADS`), each walked by its
  relaxed image, the relaxed search's own hooks called where the search calls them:
  each leg's points (`plan_moves`, a leg keeping the line's final board) and Move actions
  (`leg_actions`: one of its answers leaves the image no fewer actions than the line);
  each excavation (`allowed`, `dig_turns`: turn 2's actions it adds, `turn_bonus`, R-TURN-2, and
  the boards it keeps, R-EXC-1); each Load (`load_turns`: a way whose cubes, `first_cubes` for
  turn 1's, `_cubes_on` for turn 2's, are at least those the engine's Load takes and whose actions
  left are at least the line's; `load_children`: `amounts` and `load_boards`, the final board
  kept, R-LOAD-1, R-TILE-2); each sale (`income_after` through `turn_one_over`, reach_money.py's
  Money pools, takes, late Loads and cubes sold back: the drachmas the line's sales earned so far
  at most what the image's, which sells its whole cargo at each stop at Thera, reads, R-FREE-1);
  the next placement (`next_takes`: the engine's take by colour among them, its cubes beyond
  turn 1's market at most turn 1's sales of the colour, `beyond`; at most `laid` cubes on each
  island and only on the new tile's islands, R-TILE-2); and the image's mask keeps the final
  board to the end. A miss is an unsound reading: the relaxation would not hold this real line.

    PYTHONPATH=TREE .venv/bin/python tools/check_two_cube_readings.py --seed 4 --turn 24 --seat north
"""

from __future__ import annotations

import argparse
import heapq
import random
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from akrotiri_puzzles.actions import Buy, Excavate, Load, Oracle, PlaceTile, Sell, Step, Unload
from akrotiri_puzzles.analysis import reach_money, reach_two
from akrotiri_puzzles.analysis.board_solve import two_turn_puzzle
from akrotiri_puzzles.analysis.reach_boards import Boards
from akrotiri_puzzles.analysis.reach_ceiling import OVER
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.geometry import Quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Puzzle, State, moves, play
from akrotiri_puzzles.rules import step_options

UNLOADS = False
"""Whether the walks make Unloads (R-FREE-2). Off: the image below follows the colour-read Loads
only (reach_money.py's `amounts` before an unload); past one it would have to choose among
`load_ways`' and the stash's ways, which it does not."""


class Miss(NamedTuple):
    """A reading the engine's line goes past."""

    kind: str
    where: str
    """The line's actions up to the one read (notation), or the leg's ends."""
    engine: int
    read: int

    def __str__(self) -> str:
        return f"{self.kind}: engine {self.engine} read {self.read} at {self.where}"


class Groups:
    """`TwoRelaxed` of each group of final boards of a position, made once each (no value asked:
    no ceiling), and where a final board lies among them."""

    def __init__(self, pos: Position) -> None:
        got = reach_two.slot_groups(pos)
        assert got is not None, "the relaxation does not apply"
        self.pos = pos
        self.keys, self.finals, self.acts = got
        self.shared = Boards(pos)
        self.made: dict[int, reach_two.TwoRelaxed] = {}

    def relaxed(self, g: int) -> reach_two.TwoRelaxed:
        if g not in self.made:
            b1 = self.pos.board
            self.made[g] = reach_two.TwoRelaxed(
                self.pos, [b1, *self.finals[g]], self.acts, 10, self.shared, None, self.keys[g][1]
            )
        return self.made[g]

    def locate(self, board: Board, oracle: bool) -> tuple[int, int] | None:
        """(group, k) of the final board `board` of a line that took the oracle in turn 1 or not."""
        for g, ((_, orc), group) in enumerate(zip(self.keys, self.finals, strict=True)):
            if orc != (oracle and reach_two.TwoRelaxed.tight_turns):
                continue
            for k, b in enumerate(group, start=1):
                if b.placements == board.placements:
                    return g, k
        return None


# -- legs: the engine's least points against turn_one_legs and legs_on ---------------------------


def engine_points(pos: Position, boards: list[Board], sources: list[str]) -> dict[tuple[int, str], int]:
    """The engine's least movement points from any of `sources` (docks, on `boards[0]`) to each
    (board index, dock): its steps on `boards[i]` (`step_options`, R-MOVE-1), 1 point each, 2
    leaving the other boat's dock, where no stop is made (R-MOVE-3, as `step_budget` spends them);
    where the boat is not passing that dock, the board may change to the next one (turn 1 ends
    and the next tile is placed, R-TURN-1, R-TILE-1)."""
    occupied = pos.seat(pos.other).boat
    out: dict[tuple[int, str], int] = {}
    heap: list[tuple[int, int, str]] = [(0, 0, d) for d in sources]
    seen: set[tuple[int, str]] = set()
    while heap:
        n, i, dock = heapq.heappop(heap)
        if (i, dock) in seen:
            continue
        seen.add((i, dock))
        passing = dock == occupied
        if not passing:
            out.setdefault((i, dock), n)
            if i + 1 < len(boards):
                heapq.heappush(heap, (n, i + 1, dock))
        cost = 2 if passing else 1
        for a in step_options(boards[i], dock):
            heapq.heappush(heap, (n + cost, i, a.dock))
    return out


def legs(groups: Groups, per_group: int, rng: random.Random) -> Iterator[Miss]:
    """The leg misses (module doc): from the boat's dock and each island of B1, on B1 alone and on
    B1 then board k, for `per_group` boards of each group at most (a fixed sample)."""
    pos = groups.pos
    b1 = pos.board
    occupied = pos.seat(pos.other).boat
    boat = pos.hero.boat
    assert boat is not None
    on = groups.shared
    starts: list[tuple[str | Quad, list[str]]] = [(boat, [boat])]
    for isl, docks in sorted(b1.docks_of_island.items()):
        starts.append((isl, [d for d in docks if d != occupied]))
    for src, docks in starts:
        if not docks:
            continue
        alone = engine_points(pos, [b1], docks)
        read = on.turn_one_legs(src)
        for isl, ds in b1.docks_of_island.items():
            near = [alone[(0, d)] for d in ds if (0, d) in alone and d != occupied]
            if near and read.get(isl, 99) > min(near):
                yield Miss("turn_one_legs", f"{src} -> {isl}", min(near), read.get(isl, 99))
    for g in range(len(groups.finals)):
        r = groups.relaxed(g)
        ks = list(range(1, len(r.boards)))
        rng.shuffle(ks)
        for k in sorted(ks[:per_group]):
            bk = r.boards[k]
            spots_on_k: dict[Quad, list[int]] = {}
            for s, ms in enumerate(r.members):
                for j, isl in ms:
                    if j == k:
                        spots_on_k.setdefault(isl, []).append(s)
            for src, docks in starts:
                at: str | int = src if isinstance(src, str) else r.spot_of[src]
                both = engine_points(pos, [b1, bk], docks)
                read_k = r.legs_on(at, k)
                union = r._legs(at)[1]
                for isl, ds in bk.docks_of_island.items():
                    near = [both[(1, d)] for d in ds if (1, d) in both and d != occupied]
                    if not near:
                        continue
                    for s in spots_on_k.get(isl, []):
                        for kind, got in (("legs_on", read_k), ("moves", union)):
                            if got.get(s, 99) > min(near):
                                yield Miss(kind, f"g{g} k{k} {src} -> {isl} (spot {s})", min(near), got.get(s, 99))


# -- lines: random walks through the engine -----------------------------------------------------


def walk(puzzle: Puzzle, pos: Position, rng: random.Random, cap: int) -> list[tuple[State, Any]]:
    """A random line of both turns (at most `cap` actions): at each step an action kind (its class)
    drawn evenly among those legal, then one of them; Unload only with `UNLOADS`. With cubes
    aboard, most steps (`HOME`) go nearer Thera and most stops there sell (so that sales, the
    readings of reach_money.py, are read often). Ends where no action is left (turn 2's end is
    not one: the horizon, `moves`)."""
    state = State(pos)
    out: list[tuple[State, Any]] = []
    home: dict[int, dict[str, int]] = {}
    while len(out) < cap:
        p = state.pos
        acts = [a for a in moves(puzzle, state) if UNLOADS or not isinstance(a, Unload)]
        if not acts:
            break
        by: dict[str, list[Any]] = {}
        for a in acts:
            by.setdefault(type(a).__name__, []).append(a)
        a = rng.choice(by[rng.choice(sorted(by))])
        if p.hero.cargo and rng.random() < HOME:
            if "Sell" in by:
                a = rng.choice(by["Sell"])
            elif "Step" in by:
                board = p.board
                if id(board) not in home:
                    got = engine_points(p, [board], [d for d in board.thera_docks if d != p.seat(p.other).boat])
                    home[id(board)] = {d: n for (_, d), n in got.items()}
                near = home[id(board)]
                here = near.get(p.hero.boat or "", 99)
                closer = [x for x in by["Step"] if near.get(x.dock, 99) < here]
                if closer:
                    a = rng.choice(closer)
        out.append((state, a))
        state = play(puzzle, state, a)
        if state.turn > 2:
            break
    out.append((state, None))
    return out


HOME = 0.7
"""How often a walk with cubes aboard steps nearer Thera, or sells there (`walk`)."""


class Image:
    """The relaxed image of one line as `TwoRelaxed.search` carries it (module doc): its stop
    (`at`), actions left, turn 2's actions gained, boards kept, cargo, cubes sold, income, cubes
    taken by spot and temples, moved by the search's own hooks."""

    def __init__(self, r: reach_two.TwoRelaxed, k: int) -> None:
        self.r = r
        self.k = k
        self.at: str | int = r.hero.boat  # type: ignore[assignment]
        self.acts = max(0, r.start_acts - r.oracle)
        self.gained = 0
        self.mask = r.every
        self.cargo = len(r.hero.cargo)
        self.sold = 0
        self.income = 0
        self.taken: tuple[tuple[int, int], ...] = ()
        self.dug: frozenset[tuple[int, str]] = frozenset()
        self.cut = False
        """The search does not go on from here (`last_loads_unread`'s stop, a buy it skips): the
        rest of the line is not read."""

    def enter(self) -> None:
        """A state of `search`: `last_loads_unread`'s forgetting and stop, `gained` (`turn_over`,
        `turn_one_over`), and a stop at Thera sells the whole cargo (`income_after`)."""
        r = self.r
        at_thera = not isinstance(self.at, str) and self.at == r.thera
        if r.last_loads_unread:
            if not self.acts and not isinstance(self.at, str) and not (self.cargo and at_thera):
                self.cut = True
                return
            if self.acts <= 1 and r.thera not in r.cubes:
                self.taken = r.forget(self.taken, self.cargo)  # type: ignore[arg-type,assignment]
        was = self.gained
        if was < OVER:
            self.gained = r.turn_over(self.acts, was)
        if self.gained == OVER:
            self.gained = r.turn_one_over(was, self.acts, self.at, self.sold, self.cargo, 0, self.taken)  # type: ignore[arg-type]
        if r.stop_at(self.at) == r.thera and self.cargo:  # type: ignore[arg-type]
            n = min(len(r.earned) - 1, self.sold + self.cargo)
            self.income = max(self.income, r.income_after(n, self.taken, self.gained))  # type: ignore[arg-type]
            self.sold, self.cargo = n, 0
            self.enter()

    def leg(self, choices: list[int], points: int, free: int, real_after: int, stop: bool) -> int | str:
        """The leg to one of `choices` (spots) within the engine's `points` (a plan entry keeping
        board k) whose Move actions (`leg_actions`) leave the image at least `real_after` actions
        after it (and the stop's action, `stop`); the spot reached, or why none."""
        r, k = self.r, self.k
        plan = r.plan_moves(self.at)
        why = ""
        for spot in choices:
            entries = [(p, b) for s, p, b in plan if s == spot and (b == -1 or b >> k & 1)]
            near = [(p, b) for p, b in entries if p <= points]
            if not near:
                why = why or f"leg points: engine {points} read {min((p for p, _ in entries), default=99)}"
                continue
            p, bits = min(near)
            f = free if isinstance(self.at, str) else 0
            need = max(0, p - f)
            least = need if self.cargo else (need + 1) // 2  # R-MOVE-2
            options = r.leg_actions(self.at, spot, least, self.acts, self.gained, self.cargo, f)  # type: ignore[arg-type]
            ok = [m for m in options if self.acts - m - stop >= real_after]
            if not ok:
                why = why or f"leg_actions: engine {real_after} read {self.acts - min(options) - stop} {options}"
                continue
            self.acts -= min(ok)
            if bits != -1:
                self.mask &= bits
            self.at = spot
            return spot
        return why


def spot_choices(r: reach_two.TwoRelaxed, k: int, board: Board, dock: str, turn: int) -> list[int]:
    """The spots a stop at `dock` stands for: turn 1's, its island's on B1; turn 2's, every spot
    holding the island of board k (islands joined by the next tile: several)."""
    if turn == 1:
        return [r.spot_of[board.island_of_dock[dock]]]
    isl = board.island_of_dock[dock]
    return [s for s, ms in enumerate(r.members) if (k, isl) in ms]


def real_left(p: Position, turn: int, pending: bool) -> int:
    """The line's actions left as the image counts them: in turn 1, its own less the oracle it
    will take (the image took it first) plus turn 2's by its temples so far (R-TURN-2, R-ORA-1);
    in turn 2, its own."""
    if turn == 2:
        return p.actions_left
    return p.actions_left - pending + p.components.player_board.actions_after(len(p.hero.temples))


def image(groups: Groups, line: list[tuple[State, Any]], seen: Counter[str]) -> Iterator[Miss]:
    """The misses of one line's relaxed image (module doc)."""
    pos = groups.pos
    names = [str(a) for _, a in line[:-1]]
    oracle = any(isinstance(a, Oracle) and s.turn == 1 for s, a in line[:-1])
    end = next((i for i, (s, _) in enumerate(line) if s.turn == 2 and s.pos.phase == "act"), None)
    if end is not None:
        found = groups.locate(line[end][0].pos.board, oracle)
        if found is None:
            yield Miss("no group", " ; ".join(names[:end]), 1, 0)
            return
        g, k = found
    else:
        g, k = 0, 0  # no turn-2 action phase: turn 1's readings only, the line's board B1
    r = groups.relaxed(g)
    if end is not None:
        yield from pools(r, k, line)
    im = Image(r, k)
    im.enter()
    sold_t1: Counter[str] = Counter()
    earned = 0
    points = 0
    free = pos.points
    for i, (state, a) in enumerate(line[:-1]):
        p = state.pos
        if im.cut:
            # The search stops here (a leaf); the line's sales at the same stop still count.
            if isinstance(a, Sell) and not points:
                earned += line[i + 1][0].pos.hero.drachmas - p.hero.drachmas
                if earned > im.income:
                    yield Miss("income", " ; ".join(names[: i + 1]), earned, im.income)
                    return
                continue
            seen["cut"] += 1
            break
        nxt = line[i + 1][0]
        where = " ; ".join(names[: i + 1])
        if isinstance(a, Step):
            points += 2 if p.passing else 1  # R-MOVE-3: leaving the other boat's dock
            continue
        if isinstance(a, PlaceTile):
            yield from placement(r, p, nxt.pos, sold_t1, where)
            continue
        if isinstance(a, Sell):
            if state.turn == 1:
                sold_t1[a.colour] += 1
            earned += nxt.pos.hero.drachmas - p.hero.drachmas
            if im.cargo:  # the image's stop at Thera: it sells its whole cargo there
                boat = p.hero.boat
                assert boat is not None
                pending = oracle and r.oracle and not p.oracle_used
                choices = spot_choices(r, k, p.board, boat, state.turn)
                got = im.leg(choices, points, free, real_left(p, state.turn, pending), False)
                if isinstance(got, str):
                    yield Miss("leg", f"{where} [{got}]", 0, 0)
                    return
                points, free = 0, 0
                im.enter()
            if earned > im.income:
                yield Miss("income", where, earned, im.income)
                return
            seen[f"imaged Sell t{state.turn}"] += 1
            continue
        if not isinstance(a, (Load, Excavate, Buy)):
            continue  # EndTurn, KeepGoal, Oracle (the image's oracle is taken first)
        boat = p.hero.boat
        assert boat is not None
        pending = oracle and r.oracle and not nxt.pos.oracle_used
        real_next = real_left(nxt.pos, nxt.turn, pending)
        # An excavation's actions after it are read apart (`dig_turns`): its leg leaves the
        # line's actions before it, less its own.
        real_after = real_left(p, state.turn, pending) - 1 if isinstance(a, Excavate) else real_next
        choices = spot_choices(r, k, p.board, boat, state.turn)
        if isinstance(a, Buy) and im.cargo:
            got = im.leg(choices, points, free, 0, False)
            if isinstance(got, int):
                im.enter()
                points, free = 0, 0
        got = im.leg(choices, points, free, real_after, True)
        if isinstance(got, str):
            yield Miss("leg", f"{where} [{got}]", 0, 0)
            return
        points, free = 0, 0
        after = im.acts - 1
        if isinstance(a, Buy):
            if after < 2 or not r.buys_help or len(im.dug) >= r.left:
                im.cut = True  # `search` tries a buy only with two actions after it
                continue
            im.acts = after
            im.cargo = 0
        elif isinstance(a, Load):
            miss = load(im, a, after, state.turn, real_next, where)
            if miss is not None:
                yield miss
                return
        else:
            miss = excavate(im, a, after, real_next, where)
            if miss is not None:
                yield miss
                return
        if not im.cut:
            seen[f"imaged {type(a).__name__} t{state.turn}"] += 1
            im.enter()
    if end is not None and not im.cut:
        seen["imaged to the end"] += 1
        if not im.mask >> k & 1:
            yield Miss("mask", " ; ".join(names), 1, 0)


def load(im: Image, a: Load, after: int, turn: int, real_next: int, where: str) -> Miss | None:
    """A Load with `after` actions left once made: a way of `load_turns` with at least the cubes
    the engine took and the line's actions left, and its child of `load_children` (the cubes
    taken, the boards kept, `load_boards`)."""
    r, spot = im.r, im.at
    assert isinstance(spot, int)
    if im.cargo >= 3 or (r.last_loads_unread and after == 0 and spot != r.thera):
        im.cut = True  # `late`: a Load never sold
        return None
    n = len(a.colours)
    had = dict(im.taken).get(spot, 0)
    ways = r.load_turns(spot, after, im.gained)  # type: ignore[arg-type]
    # The way of the Load's own turn where `load_turns` splits them (turn 2's: turn 1 over).
    if len(ways) > 1:
        ways = tuple(w for w in ways if (w[2] >= OVER) == (turn == 2)) or ways
    fit = [w for w in ways if w[0] - had >= n and w[1] >= real_next]
    if not fit:
        most = max((w[0] - had for w in ways), default=0)
        if most < n:
            return Miss(f"load cubes (turn {turn})", where, n, most)
        return Miss(f"load_turns actions (turn {turn})", where, real_next, max(w[1] for w in ways))
    lying, later, now = fit[0]
    kids = r.load_children(spot, lying, now >= OVER, im.cargo, 0, im.taken)  # type: ignore[arg-type]
    kid = next((c for c in kids if c[0] == 0 and c[1] == n), None)
    if kid is None:
        return Miss("load_children", where, n, max((c[1] for c in kids), default=0))
    _, _, more, bits = kid
    if bits != -1:
        if not bits >> im.k & 1:
            return Miss("load_boards", where, n, 0)
        im.mask &= bits
    im.acts, im.gained, im.taken = later, now, more  # type: ignore[assignment]
    im.cargo += n
    return None


def excavate(im: Image, a: Excavate, after: int, real_next: int, where: str) -> Miss | None:
    """An excavation with `after` actions left once made: the card allowed on board k there
    (`allowed`), its actions (`dig_turns`) at least the line's, and the boards it keeps."""
    r, spot = im.r, im.at
    assert isinstance(spot, int)
    if len(im.dug) >= r.left or (spot in {s for s, _ in im.dug} and spot not in r.multi):
        return Miss("dug", where, 1, 0)
    allow = r.allowed.get((spot, a.card), 0)  # type: ignore[call-overload]
    if not allow >> im.k & 1:
        return Miss("allowed", where, 1, 0)
    extra, now, room = r.dig_turns(after, im.gained, spot, a.card, im.dug)  # type: ignore[arg-type]
    if not room >> im.k & 1:
        return Miss("room", where, 1, 0)
    im.acts = after + extra
    im.gained = now
    im.mask &= allow & room
    im.dug = im.dug | {(spot, a.card)}
    if im.acts < real_next:
        return Miss("dig_turns actions", where, real_next, im.acts)
    return None


def pools(r: reach_two.TwoRelaxed, k: int, line: list[tuple[State, Any]]) -> Iterator[Miss]:
    """The colours of the line's Loads against reach_money.py's pools, which `income` reads: turn
    1's from an island of B1 at most its colours there (`Money.early`, the late-Load rule: no laid
    cube in turn 1); turn 2's, with turn 1's from the islands of B1 lying on it, from an island
    of board k at most a spot's colours there (`Money.pools`: the most of its members', and the
    laid cube where the next placement took that colour, R-TILE-2, R-TILE-3, R-LOAD-1)."""
    money = r.money
    assert money is not None
    first: dict[Quad, Counter[str]] = {}
    second: dict[Quad, Counter[str]] = {}
    take: tuple[int, ...] = (0,) * len(COLOURS)
    names = [str(a) for _, a in line[:-1]]
    for i, (state, a) in enumerate(line[:-1]):
        p = state.pos
        if isinstance(a, PlaceTile):
            take = tuple(p.market[j] - line[i + 1][0].pos.market[j] for j in range(len(COLOURS)))
        if not isinstance(a, Load) or p.hero.boat is None:
            continue
        isl = p.board.island_of_dock[p.hero.boat]
        where = " ; ".join(names[: i + 1])
        if state.turn == 1:
            got = first.setdefault(isl, Counter())
            got.update(a.colours)
            early = money.early[r.spot_of[isl]][0]
            for c, n in got.items():
                if n > early.get(c, 0):
                    yield Miss(f"early pool {c}", where, n, early.get(c, 0))
            continue
        got = second.setdefault(isl, Counter())
        got.update(a.colours)
        total = Counter(got)
        for i1, n1 in first.items():
            if (k, isl) in r.members[r.spot_of[i1]]:
                total.update(n1)
        spots = [s for s, ms in enumerate(r.members) if (k, isl) in ms]
        for c, n in total.items():
            can = max(
                (money.pools[s][0].get(c, 0) + (money.pools[s][1] if take[COLOURS.index(c)] else 0) for s in spots),
                default=0,
            )
            if n > can:
                yield Miss(f"pool {c}", where, n, can)


def placement(
    r: reach_two.TwoRelaxed, before: Position, after: Position, sold_t1: Counter[str], where: str
) -> Iterator[Miss]:
    """The next placement (R-TILE-2): its take by colour among `next_takes`, beyond the market
    of turn 1's start by no more than turn 1's sales of each colour (`beyond`), and at most `laid`
    cubes on each island of board k, only on islands the new tile grows."""
    take = tuple(after.market[i] - before.market[i] for i in range(len(COLOURS)))
    take = tuple(-x for x in take)
    if take not in reach_money.next_takes(r.pos, r.boards):
        yield Miss("next_takes", where, sum(take), 0)
    for c, e in zip(COLOURS, reach_money.beyond(r.pos.market, take), strict=True):
        if e > sold_t1[c]:
            yield Miss(f"beyond {c}", where, e, sold_t1[c])
    board = after.board
    new: Counter[Quad] = Counter()
    for piece, _, n in after.cubes:
        new[board.island_of_piece[piece]] += n
    for piece, _, n in before.cubes:
        new[board.island_of_piece[piece]] -= n
    for isl, n in new.items():
        grown = any(q not in r.old_land for q in board.island_quads[isl])
        if n > (r.laid if grown else 0):
            yield Miss("laid", f"{where} island {isl}", n, r.laid if grown else 0)


def check(pos: Position, rng: random.Random, walks: int, per_group: int, seen: Counter[str]) -> Iterator[Miss]:
    """The misses of `pos` (module doc): the legs of `per_group` boards of each group, then
    `walks` random lines; `seen` counts what was read."""
    groups = Groups(pos)
    for m in legs(groups, per_group, rng):
        seen["leg misses"] += 1
        yield m
    puzzle = two_turn_puzzle(pos)
    for _ in range(walks):
        line = walk(puzzle, pos, rng, 60)
        kinds = Counter(type(a).__name__ for s, a in line[:-1])
        seen["lines"] += 1
        seen["turn 2"] += any(s.turn == 2 for s, _ in line)
        for kind in ("Load", "Sell", "Excavate", "Step", "Buy"):
            seen[kind] += kinds[kind]
        seen["turn-2 Load"] += sum(1 for s, a in line[:-1] if s.turn == 2 and isinstance(a, Load))
        yield from image(groups, line, seen)


def children(seed: int, edition: int, turn: int, seat: str, every: int) -> list[tuple[str, Position]]:
    """The first placement of every `every`-th group of the seeded greedy game's turn
    (tools/check_two_goal_readings.py's `children`)."""
    from check_two_goal_readings import children as goal_children

    return goal_children(seed, edition, turn, seat, None, every)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, nargs="+", required=True)
    ap.add_argument("--turn", type=int, nargs="+", required=True)
    ap.add_argument("--seat", default="south", choices=("south", "north"))
    ap.add_argument("--edition", type=int, default=2016, choices=(2016, 2014))
    ap.add_argument("--every", type=int, default=8, help="one placement of every N-th group")
    ap.add_argument("--walks", type=int, default=300)
    ap.add_argument("--boards", type=int, default=4, help="final boards a group whose legs are read")
    args = ap.parse_args()
    total = 0
    seen: Counter[str] = Counter()
    for seed in args.seed:
        for turn in args.turn:
            for name, child in children(seed, args.edition, turn, args.seat, args.every):
                if reach_two.slot_groups(child) is None:
                    print(f"s{seed}t{turn} {args.seat} {name}: the relaxation does not apply", flush=True)
                    continue
                rng = random.Random(f"{seed}/{turn}/{name}")
                misses = list(check(child, rng, args.walks, args.boards, seen))
                total += len(misses)
                seen["positions"] += 1
                print(f"s{seed}t{turn} {args.seat} {name}: {len(misses)} misses", flush=True)
                for m in misses[:10]:
                    print("   ", m, flush=True)
    print("read:", ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    print("total misses", total)


if __name__ == "__main__":
    main()
