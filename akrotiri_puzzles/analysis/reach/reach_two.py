"""A model-free upper bound on the hero's score over its next two turns (`analyse --turns 2`).

The two-turn placement search (analysis/placement.py, solver/model/score_two.py) asks each slot
and rotation's cover, and each placement of a group it opens, for more than the best so far: a
two-turn CP-SAT model each. `below` answers first, without a model, whether even a relaxed pair
of turns cannot reach the value asked for; then the model is not built (the search records the
bound as it would an INFEASIBLE answer). It is the one-turn relaxation of analysis/reach/reach_bound.py
run once over both turns, on the boards the line can meet:

- *The boards.* Turn 1's board `B1` (the position's) and the final boards `B` of the next turn's
  scenarios (solver/scenarios.py: the tile drawn, or the oracle's, at each slot and rotation).
  The bound is the most, over groups of final boards, of one relaxed search over `B1` and the
  group: the boards whose next tile lies in one slot (its rotations and tiles) form a group, and
  an excavation narrows the group's boards to those where its card fits (`mask`), so fits and
  goal cards are read on one board per line, as in the real game. Where a group's search
  reaches the value asked for, each of its boards is searched alone (with B1), which is tighter
  (the legs and cubes of one board): on seed 1's fifth turn a group's 11 became 9, the cover's
  optimum, for 0.06 CPU s.
- *Spots.* A stop is made at a *spot*: each island of B1 stands for every island of a board that
  holds its land (on B1 itself, or grown by the next tile), and the islands of the next tile
  alone (no land of B1) are grouped into spots by what they offer. A spot offers the union over
  its islands: a card fits it where it fits a site of one of them on its own board (R-EXC-2
  reads the board's icons, which the next tile changes), its docks are all of theirs, its cubes
  the most any holds (the next placement lays two, one on the icon's island and one on another,
  R-TILE-2: one at most on each island; `laid`), and a temple there counts for a
  per-temple goal card when it counts on one of them on its board (R-GOAL-1..8; the score is
  the final board's, R-SCORE-2). An island holding a temple offers no excavation (R-EXC-1).
  Built once per search by analysis/reach/reach_two_spots.py (`TwoSpots`).
- *Legs.* The least movement points between docks over the union of the group's route
  components and islands (R-MOVE-1): a tile only adds routes and joins islands, and a real leg
  is sailed on one board, so it costs at least that.
- *Actions.* Turn 1's actions left and the most turn 2 can have (R-TURN-2: turn 2's grow with
  the temples turn 1 excavates), spent as one turn: a Move action's points may run over the end
  of turn, the turn's end costs nothing, the placement needs no action; the oracle costs turn 1
  an action on the boards of the tiles it offers (R-ORA-1: those boards form groups of their
  own, `slot_groups`), nothing elsewhere. The market
  after the next placement has up to two cubes fewer, at most one of a colour not its tile's
  icon's (R-TILE-2, reach_money.py's `next_takes`), so sales use those empty spaces too
  (R-FREE-1); a take may be a cube sold in turn 1, so beyond the market's cubes it prices
  another sale at the top (reach_sales.py's *Cubes sold back*, `sale_prices`). A buy is tried only when a deck holds a card that fits a spot (a buy
  of cards that fit nowhere only costs drachmas and an action).
- *Turn 2's actions* (`tight_turns`, session 48). An excavation adds turn 2's actions only where
  it can be turn 1's: the line's relaxed stops have spent no more than turn 1's actions (they
  spend no more than the line's own), and its island, on turn 1's board, fits the card and is
  within turn 1's actions of the boat over that board alone; after one that cannot, none can.
  Cubes unloaded (kept aside, anywhere) are sold only once a Load takes them aboard again: at
  a later Load (first, up to the boat's 3) or for one action paid at Thera (a Load on the way).
- *Temples* (`room`, R-EXC-1). One per B1 spot, one on a final island joining two of them, and
  on a spot of the next tile's islands as many as the final board has of them. An excavation of
  turn 2 on a B1 spot is not made on a final board where the spot's island holds an older
  temple (`TwoTurns.turn_two_blocked`, R-TURN-1, session 61).
- *Turn 1's legs* (`leg_actions`). Costed over B1 alone, or they end turn 1.
- *Legs by board* (`plan_moves`, reach_board_legs.py, session 66). Searched together, a leg keeps
  only the boards whose own routes give it the points it is searched with.
- *Turn 1's stops* (`leg_stops`, reach_first_stops.py, session 85, `FIRST_STOPS`). A stop reached
  by a leg of turn 1 over B1 alone leaves from its island's docks on B1, not every dock of its spot.
- *"Not directly connected"* (R-GOAL-11, `TwoGoals.alone_on`, session 55). Read on the leaf's
  final board: a new temple on a spot of B1 lies on that spot's island there, so it and the old
  temples count only when no other island holding one of them is one ship step away; a temple
  on the next tile's islands alone counts unless each of its islands is.

Every line of the two turns is a sequence of such stops, each no costlier and worth no less in
the relaxation, so the bound is sound (tests/test_reach_two.py compares it with covers' and
placements' own two-turn optima). Cut after `NODES` states: no bound, never a guess; no clock
is read. What a cover's groups share (turn 1's board, each board's card fits, goal facts) is
worked out once per call (`_Boards`). The leaves and goal cards are in analysis/reach/reach_two_goals.py
(`TwoGoals`), the hooks that tell the two turns apart in analysis/reach/reach_turns.py (`TwoTurns`).
The placement search's questions, one after another, are asked by analysis/reach/reach_below.py
(`Below`: which groups first, and when several are searched as one); with a value asked, a state
whose ceiling is below it is not expanded (analysis/reach/reach_ceiling.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import Board
from ...geometry import Quad, Slot
from ...position import Position
from ...premise import WHOLE
from ...puzzle import Goal, Puzzle
from ...solver.budget import second_turn_possible
from ...solver.scenarios import scenarios
from . import reach_ceiling_paid as _paid
from . import reach_money as _money
from . import reach_split as _split
from .reach_board_legs import BoardLegs
from .reach_boards import Boards as _Boards
from .reach_boards import leg_points as _leg_points
from .reach_bound import Relaxed, TooBig
from .reach_ceiling import OVER as _OVER
from .reach_ceiling import Ceiling
from .reach_first_stops import first_docks as _first_docks
from .reach_first_stops import marked as _first_marked
from .reach_first_stops import spot as _first_spot
from .reach_loads import first_cubes as _first_cubes
from .reach_sales import FirstSales
from .reach_turns import TwoTurns
from .reach_two_goals import Reached, TwoGoals
from .reach_two_spots import TwoSpots

__all__ = [
    "NODES",
    "BlindRelaxed",
    "MembersRelaxed",
    "TwoRelaxed",
    "below",
    "boards_alone",
    "final_boards",
    "group_bound",
    "slot_groups",
    "two_turn_bound",
]


NODES = 20_000
"""States one relaxed search (a group of boards, or one board) may visit before the bound
gives up (no bound): at 200,000 a question on a longer turn could cost more than the model it
would save (docs/benchmarks.md, seed 3: 173.3 -> 277.0 s; at 20,000, 167.8 s)."""


def below(pos: Position, ask: int, nodes: int = NODES) -> bool:
    """Whether no line of the hero's next two turns from `pos` (a turn-1 action phase) scores
    `ask` or more, proven by the relaxation (module doc); False where it does not apply, a search
    passes `nodes` states, or a relaxed line on one board reaches `ask` (it then stops at once)."""
    try:
        value = two_turn_bound(pos, nodes, ask)
    except Reached:
        return False
    return value is not None and value < ask


def two_turn_bound(pos: Position, nodes: int = NODES, ask: int | None = None) -> int | None:
    """An upper bound on the hero's score after any line of its next two turns from `pos`, or
    None where the relaxation does not apply (not an action phase, the boat passing, piles not
    known, no second turn) or a search passes `nodes` states. With `ask`: raises `Reached` as
    soon as a relaxed line on one board reaches it."""
    got = slot_groups(pos)
    if got is None:
        return None
    keys, finals, acts = got
    shared = _Boards(pos)
    best: int | None = None
    try:
        for (_, oracle), group in zip(keys, finals, strict=True):
            value = group_bound(pos, group, acts, nodes, shared, ask, oracle)
            best = value if best is None else max(best, value)
    except TooBig:
        return None
    return best


alone_past_cap = True
"""Whether a group whose boards searched together pass the node cap is searched board by board
(`group_bound`); before session 56 the question then failed (no bound)."""


def group_bound(
    pos: Position,
    group: list[Board],
    acts: int,
    nodes: int,
    shared: _Boards,
    ask: int | None,
    oracle: bool = False,
    past_cap: bool | None = None,
    relaxed: type[TwoRelaxed] | None = None,
) -> int:
    """One group's bound: its boards searched together (cheap, looser: legs and cubes of
    several boards at once); where that reaches `ask` (without one: always), or passes `nodes`
    states (`past_cap`, by default `alone_past_cap`; else `TooBig`), each board alone
    (`boards_alone`), and the lower of the two. `oracle`: the boards need turn 1's Oracle action.

    Each board alone is a bound on the lines whose final board it is (the relaxation over B1 and
    that board, module doc), and every line of the group ends on one of its boards, so their most
    bounds the group whatever the search of them together did: a search together that passes its
    states says nothing about the boards alone (each searched with its own `nodes`; one that
    passes them too ends the question, as before). Seed 5's turn 10 (2016, north):
    the first placement's questions at 29 and 30 passed the cap together on three slots of four
    boards (20,000 states each) while each board alone was searched below 29 in 3,000 to 5,000
    (its CP-SAT optimum is 28). `relaxed`: the search's class (`BlindRelaxed`; by default
    `TwoRelaxed`)."""
    cls = TwoRelaxed if relaxed is None else relaxed
    together: int | None = None
    try:
        together = cls(pos, [pos.board, *group], acts, nodes, shared, ask, oracle).best()
    except Reached:
        pass  # each board alone
    except TooBig:
        if not (alone_past_cap if past_cap is None else past_cap) or len(group) == 1:
            raise
    if together is not None and (ask is not None or len(group) == 1):
        return together
    alone = boards_alone(pos, group, acts, nodes, shared, ask, oracle, cls)
    return alone if together is None else min(together, alone)


def boards_alone(
    pos: Position,
    group: list[Board],
    acts: int,
    nodes: int,
    shared: _Boards,
    ask: int | None,
    oracle: bool = False,
    relaxed: type[TwoRelaxed] | None = None,
) -> int:
    """The most of the group's boards' bounds, each searched alone with turn 1's board (`nodes`
    states each): a bound on every line ending on one of them (`group_bound`)."""
    cls = TwoRelaxed if relaxed is None else relaxed
    return max(cls(pos, [pos.board, b], acts, nodes, shared, ask, oracle).best() for b in group)


def final_boards(pos: Position) -> tuple[list[list[Board]], int] | None:
    """The final boards of the next turn's scenarios, grouped by the slot of the next tile (the
    boards without one, B1 itself, alone), and the actions of both turns spent as one (turn 1's
    left and the most turn 2 can have, R-TURN-2); None where the relaxation does not apply."""
    got = slot_groups(pos)
    return None if got is None else (got[1], got[2])


def slot_groups(
    pos: Position, dominated: bool = True
) -> tuple[list[tuple[Slot | None, bool]], list[list[Board]], int] | None:
    """`final_boards` with each group's slot (None: the boards without a tile) and whether its
    boards need the oracle: those of the scenarios that ask it (the tile turn 2 places), whose
    line spends an action of turn 1 on it (R-ORA-1), form groups of their own. Without
    `dominated`, the scenarios asking the oracle for the icon of the tile drawn anyway are left
    out (solver/scenarios.py's `scenarios`: each of their lines is, but for its Oracle action, a
    line of the scenario without the oracle on the same final board, in the group of its slot
    without the oracle; reach_below's `SKIP_DRAWN_ORACLE`)."""
    hero = pos.hero
    if pos.phase != "act" or pos.passing or not pos.piles_known or hero.boat is None:
        return None
    puzzle = Puzzle("analyse", pos, Goal(), turns=2, revealed=WHOLE)
    if not second_turn_possible(puzzle):
        return None
    board = pos.components.player_board
    done = len(hero.temples)
    most = min(pos.actions_left, board.temples - done)
    by_slot: dict[tuple[Slot | None, bool], list[Board]] = {}
    seen: set[int] = set()
    for sc in scenarios(puzzle, dominated=dominated):
        final = sc.boards[-1]
        if id(final) in seen:
            continue
        seen.add(id(final))
        slot = None if sc.second is None else sc.second.slot
        by_slot.setdefault((slot, sc.oracle is not None and TwoRelaxed.tight_turns), []).append(final)
    slots = sorted(by_slot, key=lambda s: (s[0] is not None, s))
    return slots, [by_slot[s] for s in slots], pos.actions_left + board.actions_after(min(done + most, board.temples))


class TwoRelaxed(_money.ByColour, TwoGoals, TwoTurns, TwoSpots, BoardLegs, Relaxed):
    """The relaxed two turns of one position over B1 and one group of final boards (module doc)."""

    last_loads_unread = True
    last_buys = True
    """A buy with one excavation left takes the next cards of every deck at the least price
    (reach_buys.py's `_last_purchase`, session 63: the game's end)."""
    use_ceiling = True
    """Whether a state whose ceiling is below the value asked is not expanded (reach_ceiling.py)."""

    def __init__(
        self,
        pos: Position,
        boards: list[Board],
        acts: int,
        nodes: int,
        shared: _Boards,
        ask: int | None,
        oracle: bool = False,
    ) -> None:
        if shared.deadline is not None:
            shared.deadline.check()  # the analysis's time limit (reach_boards' `Boards.deadline`)
        self.pos = pos
        self.nodes = self.start_nodes = nodes
        self.scale = 0
        self.ask = ask
        self.on = shared
        self.acts = acts
        """The most actions of both turns (for the legs' reach)."""
        comps = pos.components
        hero = pos.hero
        self.hero = hero
        board = comps.player_board
        done = len(hero.temples)
        after = [board.actions_after(min(done + j, board.temples)) for j in range(board.temples + 1)]
        self.start_acts = pos.actions_left + after[0]
        self.bonus = [0] + [after[j] - after[j - 1] if j <= pos.actions_left else 0 for j in range(1, len(after))]
        """Turn 2's actions grow with the temples turn 1 excavates (R-TURN-2): the j-th
        excavation of the relaxed line may be turn 1's when j is at most turn 1's actions, and
        then gives turn 2 `bonus[j]` actions more."""
        self.boards = boards
        self.base_maps = sum(comps.map[c].points for c, _ in hero.temples)
        self.left = board.temples - len(hero.temples)
        self.earned_first = _money.earned_first(pos, boards)
        """`earned` by the cubes sold in sales that may be turn 1's (reach_sales.py's `FirstSales`)."""
        self.earned = self.earned_first[-1]
        """What the first n cubes sold earn at most, read colour-blind, by n: `earned_first` with
        every sale perhaps turn 1's (its loosest)."""
        if _money.sold_back and len(self.earned_first) > 1:
            self.first = FirstSales(pos.market, _money.next_takes(pos, boards))
        self.decks = pos.map_decks
        self.buy_prices = comps.setup.map_prices
        self.goal_pool = pos.goal_face_up if pos.strategist else pos.goal_deck
        reveals = board.reveals
        self.draws_after = [sum(1 for r in reveals[done : done + k] if r.goal_draw) for k in range(self.left + 1)]
        self._dist = {}
        self._goals = {}
        self._quarters = {}
        self._memo = {}
        self._values: dict[tuple[frozenset[tuple[Quad, str]], int], int] = {}
        self._alone = {}
        self._goal_values = {}
        self._goal_cards = {}
        self._old_islands = {}
        self._completed = {}
        self._richest = {}
        self.prune_poorer = True
        self.keep_states()
        self.stash_loads_again = self.tight_turns
        self.split_sale = _split.SPLIT_SALE and not _split.paused and self.tight_turns
        """Whether a sale at Thera while turn 1 may go on is split by its turn (reach_split.py)."""
        self.oracle = oracle and self.tight_turns
        """Whether the line spends an action of turn 1 on the oracle (the boards of its tile)."""
        # Both seats' temples block an island (R-EXC-1).
        sites = [site for seat in pos.seats for _, site in seat.temples]
        self.taken = [{b.island_at(q) for q in sites} for b in boards]
        self._blocked = {}
        self._spots(boards)
        self.first_cubes = _first_cubes(self.b1_island, pos) if self.split_loads else {}
        self.money = _money.Money(self) if self.colours else None
        self._routes(boards)
        self.first_digs = self._first_digs(boards) if self.tight_turns else set()
        if ask is not None and self.use_ceiling:
            # reach_ceiling_paid's `PAID` (session 93): the cards paid before any sale.
            self.ceiling = (_paid.PaidCeiling if _paid.PAID else Ceiling)(self)

    # -- the relaxed search over the spots, with the boards a line's excavations allow ------------

    def moves(self, at: str | Quad) -> list[tuple[Quad, int]]:
        if at in self._dist:
            return self._dist[at]
        _, points = self._legs(at)
        most = 2 * self.acts + self.pos.points
        found = sorted(((i, points[i]) for i in self.spots if i in points and points[i] <= most), key=lambda x: x[1])
        self._dist[at] = found
        return found

    def _legs(self, at: str | Quad) -> tuple[dict[str, int], dict[Quad, int]]:
        """The least movement points from `at` (the boat's dock, or any dock of a spot) to each
        dock and to each spot, over the union of the boards' steps (module doc)."""
        first = _first_docks(self) if _first_marked(at) else None  # a marked stop (reach_first_stops.py)
        return _leg_points(at, self.spot_docks, self.groups, self.groups_of, self.occupied, first)  # type: ignore[return-value]

    def best(self) -> int:
        return self._blind_first()

    def _blind_first(self) -> int:
        return _money.blind_first(self, self._from_start, Reached)

    def _from_start(self) -> int:
        hero = self.hero
        assert hero.boat is not None
        hand = tuple(c for c in hero.maps if c in self.useful)
        return self.search(
            hero.boat,
            max(0, self.start_acts - self.oracle),
            hero.drachmas,
            len(hero.cargo),
            0,
            hand,
            frozenset(),
            (0, 0, 0),
            (),
            0,
            self.every,
        )

    def room(self, island: Quad, dug: frozenset[tuple[Quad, str]], gained: int = 0) -> int:
        """The boards where spot `island` holds a temple besides those of `dug` (R-EXC-1): for
        the next tile's islands grouped in a spot, one more than `dug` has there (`rooms`); for
        an island of B1, where no temple of `dug` lies on its final island (`joined`), but only
        for an excavation that is turn 2's (`gained` after it `_OVER`, `turn_bonus`): two temples
        of turn 1 may lie on islands the next tile joins (islands that merge later may hold
        several temples), and the line then ends on a board that joins them, which the leaves
        must read (`TwoGoals.finals` reads the final boards alone; session 59)."""
        if island not in self.rooms:  # a spot of B1: not on a final island holding a temple of dug
            if gained < _OVER:
                return ~0  # perhaps turn 1's
            joined = self.turn_two_blocked(island)  # type: ignore[arg-type]  # an old temple there (reach_turns.py)
            for i, _ in dug:
                joined |= self.joined.get((island, i), 0)  # type: ignore[arg-type]
            return ~joined
        rooms = self.rooms[island]  # type: ignore[index]
        n = sum(1 for i, _ in dug if i == island) + 1
        return rooms[n] if n < len(rooms) else 0

    colours = True
    """Whether the sales' income reads the cubes' colours (analysis/reach/reach_money.py, `ByColour`)."""

    def stop_at(self, at: str | Quad) -> Quad:
        """The spot of a stop (the boat's dock's island's at the start; a marked one's, `~at`)."""
        if isinstance(at, str):
            return self.spot_of[self.pos.board.island_of_dock[at]]  # type: ignore[return-value]
        return _first_spot(at)


class BlindRelaxed(TwoRelaxed):
    """`TwoRelaxed` with the sales read colour-blind only (`colours` off: the n cubes sold earn
    the n best empty spaces of any colour, `earned`): the first search of `blind_first`, alone.
    It reads a position's cubes only as counts (per island of turn 1's board, per piece of a
    final board: `_cubes_on`, `first_cubes`) and its market only as its empty spaces' prices
    (`earned`), so from a position with at least another's cubes on every piece, whatever their
    colours, and per colour at most its market cubes, its bound is at least that other's
    (reach_below.py's `counts_cover`, session 62)."""

    colours = False


class MembersRelaxed(TwoRelaxed):
    """`TwoRelaxed` from a thin group's counts cover (reach_below.py's `counts_cover`) with the
    sales read by colour member by member (reach_money.py's `Members`: the most over
    `group_members` of each one's colour-read income): a bound on each member's two turns
    (`Below.by_member`, session 64). A subclass with `group_members` set is made per question
    (`with_members`)."""

    group_members: tuple[Position, ...] = ()

    def __init__(
        self,
        pos: Position,
        boards: list[Board],
        acts: int,
        nodes: int,
        shared: _Boards,
        ask: int | None,
        oracle: bool = False,
    ) -> None:
        super().__init__(pos, boards, acts, nodes, shared, ask, oracle)
        if self.money is not None:
            self.money = _money.Members(self, self.group_members)  # type: ignore[assignment]

    @classmethod
    def with_members(cls, members: Sequence[Position]) -> type[MembersRelaxed]:
        return type("MembersRelaxed", (cls,), {"group_members": tuple(members)})
