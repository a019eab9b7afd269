"""The relaxed image of one engine line of the two turns (tools/check_two_cube_readings.py, session 80).

`image` walks a line the engine played (both turns, from a turn-1 action phase) as the relaxed
search of analysis/reach/reach_two.py's `TwoRelaxed` would carry it, calling the search's own hooks where
the search calls them (`plan_moves`, `leg_actions`, `load_turns`, `load_children`, `unload_amounts`,
`dig_turns`, `turn_over`, `turn_one_over`, `income_after`), and reports where a hook reads less than
the line does: fewer cubes, fewer actions left, less income, a board dropped. `pools` and
`placement` check the Loads' colours and the next placement against reach_money.py's readings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from akrotiri_puzzles.actions import Buy, Excavate, Load, Oracle, PlaceTile, Sell, Step, Unload
from akrotiri_puzzles.analysis.reach import reach_first_stops, reach_money, reach_split, reach_two
from akrotiri_puzzles.analysis.reach.reach_boards import Boards
from akrotiri_puzzles.analysis.reach.reach_ceiling import OVER
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.geometry import Quad
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import State


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

    def __init__(self, pos: Position, blind: bool = False) -> None:
        self.blind = blind
        """The search's first tier (reach_money.py's `blind_first`): sales read colour-blind."""
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
            if self.blind:
                self.made[g].money = None
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
        self.stash = 0
        """Cubes unloaded, to be loaded again (`stash_loads_again`)."""
        self.unloaded = 0
        self.sold = 0
        self.income = 0
        self.taken: tuple[tuple[int, int], ...] = ()
        self.dug: frozenset[tuple[int, str]] = frozenset()
        self.cut = False
        """The search does not go on from here (`last_loads_unread`'s stop, a buy it skips): the
        rest of the line is not read."""
        self.held = 0
        """`search`'s `held` (reach_split.py): `HOLD` at a stop where a turn-1 sale kept cubes
        aboard, `1 + T2` where turn 2's sale capped the legs away, 0 else."""
        self.case: tuple[bool, int] = (True, 0)
        """What the line does at the stop at Thera the image is at (`thera_case`): whether every sale
        it makes there is turn 1's, and the cubes it keeps aboard past it; read by a split sale."""
        self.marks: Counter[str] = Counter()
        """The marked stops the image took, and the legs it took from one (reach_first_stops.py)."""
        self.splits: Counter[str] = Counter()
        """The split sales' children the image took (`(a)`, `(h)`, `(b)`) and the caps it applied."""

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
                self.taken = r.forget(self.taken, self.cargo + self.stash)  # type: ignore[arg-type,assignment]
        was = self.gained
        if was < OVER:
            self.gained = r.turn_over(self.acts, was)
        if self.gained == OVER:
            self.gained = r.turn_one_over(was, self.acts, self.at, self.sold, self.cargo, self.stash, self.taken)  # type: ignore[arg-type]
        if self.held > self.acts:
            self.held = 0  # `search`: a cap above the actions left is void
        if r.stop_at(self.at) == r.thera and self.cargo and self.held >= 0:  # type: ignore[arg-type]
            n = min(len(r.earned) - 1, self.sold + self.cargo)
            if self.gained < OVER and r.split_sale:
                self.split(n)
            else:
                self.income = max(self.income, self.sold_read(n, self.gained))
                self.sold, self.cargo = n, 0
            self.enter()

    def split(self, n: int) -> None:
        """A sale at Thera while turn 1 may go on, `n` cubes sold by its end: the child of
        `SplitSale.split_sales` the line's case takes (`case`, reach_split.py's *Sound*): where
        every sale of the stop is turn 1's, (a) or the hold keeping as many cubes aboard as the
        line (at most the image's), the rest sold on today's market (`income_now`); where one is
        turn 2's, (b): every cube sold at the with-take reading, turn 1 over (`pack_first`), the
        legs away capped at turn 2's own actions (`leg`)."""
        r = self.r
        goes_on, keep = self.case
        if goes_on:
            keep = min(keep, self.cargo)
            k = min(n, self.sold + self.cargo - keep)
            self.income = max(self.income, r.income_now(k, self.taken))  # type: ignore[arg-type]
            if reach_split.SPLIT_SOLD:  # the cubes sold carried as turn 1's (`sold_taken`)
                self.taken = r.sold_taken(self.taken, k - self.sold, keep > 0)
            self.sold, self.cargo = k, keep
            self.held = reach_split.HOLD if keep else 0
            self.splits["(h)" if keep else "(a)"] += 1
            return
        two = r.turn_two_actions(self.gained)
        first = r.pack_first(n, self.taken)  # type: ignore[arg-type]
        self.income = max(self.income, self.sold_read(n, first))
        self.sold, self.cargo, self.gained, self.held = n, 0, first, 1 + two
        self.splits["(b)"] += 1

    def sold_read(self, n: int, gained: int) -> int:
        """`income_after` of `n` cubes sold; where `taken` carries turn 1's sales (reach_split.py's
        `SPLIT_SOLD`), counted, and counted again where the reading is below the one without them."""
        r = self.r
        got: int = r.income_after(n, self.taken, gained)  # type: ignore[arg-type]
        if reach_split.sold_mark(self.taken)[0]:
            self.splits["sold read"] += 1
            self.splits["sold tighter"] += got < r.income_after(n, self.taken[:-1], gained)  # type: ignore[arg-type]
        return got

    def exact(self) -> bool:
        """Whether the colours are read and nothing is unloaded yet: a Load takes what the line's
        takes (reach_money.py's `amounts`); else as many as it can."""
        t = self.taken
        return self.r.money is not None and not (t and t[0][0] in (reach_money.UNREAD, reach_money.TOUCHED))

    def unload(self, j: int, empty: bool) -> None:
        """The line unloads `j` cubes (R-FREE-2), its boat then `empty` or not: the image at its
        stop (`unload_amounts`): while its Loads take what the line's take, the same cubes;
        else, where the line's boat is left empty, all it has (its Move actions then give 2
        points as the line's do, R-MOVE-2), and where not, none (its cubes stay aboard to be
        sold, and the legs give 1 point a Move action to both)."""
        if not self.cargo or not (self.exact() or empty):
            return
        want = min(j, self.cargo) if self.exact() else self.cargo
        options = self.r.unload_amounts(self.cargo, self.taken)  # type: ignore[arg-type]
        got, gone = next((o for o in options if o[0] == want), options[0])
        self.cargo -= got
        self.stash += got
        self.taken = gone  # type: ignore[assignment]
        self.unloaded += 1
        self.enter()

    def leg(
        self, choices: list[int], points: int, free: int, real_after: int, stop: bool, dock: str | None = None
    ) -> int | str:
        """The leg to one of `choices` (spots) within the engine's `points` (a plan entry keeping
        board k) whose Move actions (`leg_stops`) leave the image at least `real_after` actions
        after it (and the stop's action, `stop`); the spot reached, or why none. A leg away from a
        split sale's stop drops its mark (`held`), and turn 2's sale's (`1 + T2`) leaves with at
        most turn 2's own actions (reach_split.py, `search`'s capped state). A marked stop
        (reach_first_stops.py) only where the line's boat is at `dock`, a dock of the spot's
        island on turn 1's board (the mark's meaning), taken first at equal Move actions (it is
        the tighter reading: the check then reads the legs from it)."""
        r, k = self.r, self.k
        plan = r.plan_moves(self.at)
        why = ""
        b1 = r.boards[0]
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
            away = bool(self.held) and spot != reach_first_stops.spot(self.at)
            acts = min(self.acts, self.held - 1) if away and self.held > 0 else self.acts
            stops = r.leg_stops(self.at, spot, least, acts, self.gained, self.cargo, f)  # type: ignore[arg-type]
            options = [m for m, _ in stops]
            ok = [
                (m, not reach_first_stops.marked(to), to)
                for m, to in stops
                if acts - m - stop >= real_after
                and (not reach_first_stops.marked(to) or dock in b1.docks_of_island.get(r.b1_island[spot], ()))
            ]
            if not ok:
                why = why or f"leg_stops: engine {real_after} read {acts - min(options, default=99) - stop} {stops}"
                continue
            m, _, to = min(ok)
            self.marks["marked stop"] += reach_first_stops.marked(to)
            self.marks["leg from a marked stop"] += reach_first_stops.marked(self.at)
            if away:
                self.splits["capped" if acts < self.acts else "mark dropped"] += 1
                self.held = 0
            self.acts = acts - m
            if bits != -1:
                self.mask &= bits
            self.at = to  # type: ignore[assignment]
            return spot
        return why


def thera_case(line: list[tuple[State, Any]], i: int) -> tuple[bool, int]:
    """What the line does at its stop at Thera from action `i`, the child of the split sale that
    covers it (reach_split.py's *Sound*): whether every sale it makes there is turn 1's, and the
    cubes it keeps aboard then. The stop is the image's: it lasts until the line's next action on
    another island (a Load, an Unload, an excavation); steps away and back to Thera with no such
    action between are of the same stop (a leg from a spot to itself takes no points, and the
    search makes no stop without an action). A sale of turn 2 there: turn 2's sale (b), whose
    legs away are then all turn 2's. Else the cubes aboard at that next action (those loaded at
    the stop aside) are kept: none, turn 1's sale (a); some, the hold (h)."""
    loaded = 0
    for state, a in line[i:-1]:
        p = state.pos
        boat = p.hero.boat
        if isinstance(a, Sell) and state.turn == 2:
            return False, 0
        if isinstance(a, (Load, Unload, Excavate)) and boat is not None and boat not in p.board.thera_docks:
            return True, max(0, len(p.hero.cargo) - loaded)
        if isinstance(a, Load):
            loaded += len(a.colours)
    return True, max(0, len(line[-1][0].pos.hero.cargo) - loaded)


def spot_choices(r: reach_two.TwoRelaxed, k: int, board: Board, dock: str, turn: int) -> list[int]:
    """The spots a stop at `dock` stands for: turn 1's, its island's on B1; turn 2's, every spot
    holding the island of board k (islands joined by the next tile: several)."""
    if turn == 1:
        return [r.spot_of[board.island_of_dock[dock]]]
    isl = board.island_of_dock[dock]
    return [s for s, ms in enumerate(r.members) if (k, isl) in ms]


def final_island(r: reach_two.TwoRelaxed, k: int, board: Board, dock: str, turn: int) -> Quad | None:
    """The island of the line's final board k (B1's where it has none) holding the island of
    `dock` on `board` (turn 1's: B1; turn 2's: board k): islands only grow (R-GEO-4, R-TILE-3)."""
    isl = board.island_of_dock[dock]
    if turn == 2 or not k:
        return isl
    return next(j for kk, j in r.members[r.spot_of[isl]] if kk == k)


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
    im.case = thera_case(line, 0)
    im.enter()
    sold_t1: Counter[str] = Counter()
    deferred = 0
    """Loads of the line the image put off (`stash`), each paid by the stash sale at Thera."""
    back: Counter[Quad | None] = Counter()
    """Cubes the line unloaded, by island of the final board (`final_island`), not loaded again."""
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
        if p.hero.boat in p.board.thera_docks:
            im.case = thera_case(line, i)
        if isinstance(a, Step):
            points += 2 if p.passing else 1  # R-MOVE-3: leaving the other boat's dock
            continue
        if isinstance(a, Unload):
            im.unload(len(a.colours), not nxt.pos.hero.cargo)  # at the image's stop, before the leg
            if p.hero.boat is not None:
                back[final_island(r, k, p.board, p.hero.boat, state.turn)] += len(a.colours)
            continue
        if isinstance(a, PlaceTile):
            yield from placement(r, p, nxt.pos, sold_t1, where)
            continue
        if isinstance(a, Sell):
            if state.turn == 1:
                sold_t1[a.colour] += 1
            earned += nxt.pos.hero.drachmas - p.hero.drachmas
            stash = deferred and im.stash and r.stash_loads_again
            if im.cargo or stash:  # the image's stop at Thera: it sells its whole cargo there
                boat = p.hero.boat
                assert boat is not None
                pending = oracle and r.oracle and not p.oracle_used
                choices = spot_choices(r, k, p.board, boat, state.turn)
                got = im.leg(choices, points, free, real_left(p, state.turn, pending), False, boat)
                if isinstance(got, str):
                    yield Miss("leg", f"{where} [{got}]", 0, 0)
                    return
                points, free = 0, 0
                im.enter()
                if stash and not im.cut and im.acts:
                    # The cubes unloaded, sold after a Load took them aboard again on the way
                    # (`search`: one action, anywhere), for the Loads of them the image put off.
                    n = min(len(r.earned) - 1, im.sold + im.stash)
                    im.income = max(im.income, r.income_after(n, im.taken, im.gained))  # type: ignore[arg-type]
                    im.sold, im.stash, im.acts = n, 0, im.acts - 1
                    deferred = 0
                    seen["imaged stash sale"] += 1
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
        n = len(a.colours) if isinstance(a, Load) else 0
        if n:
            there = final_island(r, k, p.board, boat, state.turn)
            again = min(n, back[there])
            back[there] -= again
            if im.exact():
                # Cubes the line unloaded here may be among those it loads: the image, which
                # sold them at Thera before the line unloaded them (its boat then empty), needs
                # only the rest from the island.
                n -= again
                if not n:
                    seen["Load skipped (cubes the image sold)"] += 1
                    continue
            elif again == n:
                # A Load of cubes the line unloaded here: the image kept them aboard, or loads
                # them again at its next Load or pays the action at Thera (`search`'s stash sale).
                deferred += bool(im.stash)
                seen["Load put off (unloaded cubes)"] += 1
                continue
        if isinstance(a, Load) and im.cargo >= 3 and not r.touches(im.taken):  # type: ignore[arg-type]
            seen["Load skipped (the image's boat full)"] += 1
            continue  # no stop of the image: it has cubes aboard enough
        pending = oracle and r.oracle and not nxt.pos.oracle_used
        real_next = real_left(nxt.pos, nxt.turn, pending)
        # An excavation's actions after it are read apart (`dig_turns`): its leg leaves the
        # line's actions before it, less its own.
        real_after = real_left(p, state.turn, pending) - 1 if isinstance(a, Excavate) else real_next
        choices = spot_choices(r, k, p.board, boat, state.turn)
        if isinstance(a, Buy) and im.cargo:
            got = im.leg(choices, points, free, 0, False, boat)
            if isinstance(got, int):
                im.enter()
                points, free = 0, 0
        got = im.leg(choices, points, free, real_after, True, boat)
        if isinstance(got, str):
            yield Miss("leg", f"{where} [{got}]", 0, 0)
            return
        points, free = 0, 0
        after = im.acts - 1
        if isinstance(a, Buy):
            if after < 2 or not r.buys_help or len(im.dug) >= r.left:
                im.cut = True  # `search` tries a buy only with two actions after it
                continue
            im.acts = after  # the cargo kept as it is (none but a hold's, reach_split.py)
        elif isinstance(a, Load):
            miss = load(im, n, after, state.turn, real_next, where)
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
    seen["imaged Unload"] += im.unloaded
    seen.update({f"split {kind}": n for kind, n in im.splits.items()})
    seen.update({f"first stops: {kind}": n for kind, n in im.marks.items()})
    if end is not None and not im.cut:
        seen["imaged to the end"] += 1
        if not im.mask >> k & 1:
            yield Miss("mask", " ; ".join(names), 1, 0)


def load(im: Image, n: int, after: int, turn: int, real_next: int, where: str) -> Miss | None:
    """A Load of `n` cubes with `after` actions left once made: a way of `load_turns` of the Load's turn with
    the line's actions left (and, while the Loads take what the line's take, `exact`, at least its
    cubes), and a child of `load_children` keeping board k (the cubes taken again and from the
    island, `amounts`, `load_ways`, `load_boards`)."""
    r, spot = im.r, reach_first_stops.spot(im.at)
    assert isinstance(spot, int)
    if r.last_loads_unread and after == 0 and spot != r.thera:
        im.cut = True  # `late`: a Load never sold
        return None
    exact = im.exact()
    had = dict(im.taken).get(spot, 0)
    ways = r.load_turns(spot, after, im.gained)  # type: ignore[arg-type]
    # The way of the Load's own turn where `load_turns` splits them (turn 2's: turn 1 over).
    if len(ways) > 1:
        ways = tuple(w for w in ways if (w[2] >= OVER) == (turn == 2)) or ways
    fit = [w for w in ways if (not exact or w[0] - had >= n) and w[1] >= real_next]
    if not fit:
        most = max((w[0] - had for w in ways), default=0)
        if most < n:
            return Miss(f"load cubes (turn {turn})", where, n, most)
        return Miss(f"load_turns actions (turn {turn})", where, real_next, max(w[1] for w in ways))
    lying, later, now = fit[0]
    kept = im.stash if r.stash_loads_again else 0
    kids = r.load_children(spot, lying, now >= OVER, im.cargo, kept, im.taken)  # type: ignore[arg-type]
    if exact:
        kid = next((c for c in kids if c[0] == 0 and c[1] == n), None)
        if kid is None:
            return Miss("load_children", where, n, max((c[1] for c in kids), default=0))
    else:
        kid = next((c for c in kids if c[3] == -1 or c[3] >> im.k & 1), None)
        if kid is None:
            im.cut = True  # nothing left for the image to take: it makes no stop here
            return None
    again, took, more, bits = kid
    if bits != -1:
        if not bits >> im.k & 1:
            return Miss("load_boards", where, n, 0)
        im.mask &= bits
    im.acts, im.gained, im.taken = later, now, more  # type: ignore[assignment]
    im.cargo += again + took
    im.stash -= again
    return None


def excavate(im: Image, a: Excavate, after: int, real_next: int, where: str) -> Miss | None:
    """An excavation with `after` actions left once made: the card allowed on board k there
    (`allowed`), its actions (`dig_turns`) at least the line's, and the boards it keeps."""
    r, spot = im.r, reach_first_stops.spot(im.at)
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
    if money is None:
        return  # the colour-blind search reads no pools
    first: dict[Quad, Counter[str]] = {}
    second: dict[Quad, Counter[str]] = {}
    take: tuple[int, ...] = (0,) * len(COLOURS)
    names = [str(a) for _, a in line[:-1]]
    for i, (state, a) in enumerate(line[:-1]):
        p = state.pos
        if isinstance(a, PlaceTile):
            take = tuple(p.market[j] - line[i + 1][0].pos.market[j] for j in range(len(COLOURS)))
        if not isinstance(a, (Load, Unload)) or p.hero.boat is None:
            continue
        isl = p.board.island_of_dock[p.hero.boat]
        if isinstance(a, Unload):
            # Cubes unloaded on an island may be loaded there again: not of its pools.
            (first if state.turn == 1 else second).setdefault(isl, Counter()).subtract(a.colours)
            continue
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
