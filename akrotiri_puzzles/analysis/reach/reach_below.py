"""The two-turn bound's questions of one analysis, one after another (analysis/reach/reach_two.py).

The two-turn placement search (analysis/placement.py, endgame.Run) asks each cover and each
placement it opens whether even the relaxed two turns cannot reach the value asked for (`below`).
The answer is yes only when every group of final boards (the next tile's slot, and whether its
boards need the oracle: reach_two's `slot_groups`) is searched below the value, so the order of
the searches, and searching several groups as one, changes only the cost, never the answer:

- *The last stop first.* The group that stopped the last question (a relaxed line reaching the
  value asked, or a search passing its states) is searched first, since the next question most
  often stops there again: without it a question that fails searched every group before that one
  (on seed 3's fifth turn, 2016, up to 95,000 states where 20,000 end it; docs/benchmarks.md).
- *The other groups four at a time, after a yes* (`CHUNK`, session 57). The groups of the boards
  that need the oracle, and those of the boards that do not, are searched in runs of `CHUNK`
  consecutive groups (neighbouring slots), each run first as one group (`TwoRelaxed` over every
  board of them: sound, as over one slot's boards, and looser: legs and cubes of more boards at
  once). Where that is below the value, it answers for all of the run's groups in one search;
  where not, each of them is searched as before. Before session 57 a run was every group of a
  kind: on seed 2's fifth turn, 2016, 2 searches of 3,000 and 10,000 states instead of 28 of
  100,000 in all, but on seed 4's turn 11 (2016, south) the union of all 18 groups of a kind
  passed the node cap or reached the value (1.4 and 2.6 CPU s, more than the 36 groups alone,
  2.3 s), while every run of four was below in 0.1 to 0.3 s: that turn's cover questions cost
  about a third (docs/benchmarks.md). After a no the next question most often fails too, and a
  failing union costs a search more: unions are tried only after a yes, and in `every`'s
  questions only while they paid lately (reach_thin.py's `unions_pay`). Sound as any union: a
  union below answers for each of its groups (each line ending on one of its boards is one of
  the union's lines), one not below has each group searched as without it; so a group's answer
  is main's, except that a union below where a group of it alone passes the node cap proves that
  group below where main's boards alone may not (a no become a proven yes).
- *Boards alone past the cap, last* (session 56). A group whose boards searched together pass the
  node cap is searched board by board (reach_two's `group_bound`, `alone_past_cap`: each board
  alone bounds the lines ending on it), but only after every other group is below the value: a
  question that another group stops does not pay for those boards alone (it still searches the
  groups after one past the cap, where before such a group ended it: on seed 5's turn 10's first
  placement, 2016, questions at values a line reaches cost 26 to 37 CPU s instead of 1 to 2; on
  seed 2's turn 10, searching those boards at once was 1.23 times slower in one window).
- *Below for a dominating position, kept* (`KEEP_BELOW`, session 58, reach_known.py). A group or
  board alone proven below for a position is not searched for a later position of the setup that
  it dominates (at least its cubes per piece and colour, at most its market cubes), at that value
  or more: after a cover's no its members search only what the cover had not proven (seed 5's
  turn 10, 2016: 5 to 10 CPU s a member instead of 26 to 38).
- *What the cap taught, kept* (`ALONE_FIRST`, session 58). A group whose boards together passed
  the cap in a question of the kept setup (`capped`: the same board, the next questions being
  the group's cover and its members) goes straight to its boards alone in the later ones (still
  last), without the search together that would pass the cap again (about 1 CPU s a group on seed
  5's turn 10). And a question stopped by one board alone (`last_board`) starts the next with that
  group's boards alone, that board first: before, the next question searched the group together
  first, passed the cap again and pushed the group to the end. Sound as the boards alone were: each
  bounds the lines ending on it. Where a board alone passes the cap, the group's search together is
  tried before the question is stopped, so a group is below wherever main's order finds it below
  (a board alone is at least as tight as the union with the others: their lines are among the
  union's), and perhaps more often (a search together that completes at or above the value where
  every board alone is below). Only the cost changes, except where a search passes the cap (as for
  the runs above).
- *A board alone past the cap, searched once more* (`ALONE_AGAIN`, session 62). Where a board
  alone passes the node cap and its group's search together does too, the board is searched
  again with `ALONE_AGAIN` times the states before it stops the question; one that passes those
  too is not searched again for the same position of the setup at that value or less
  (`too_big`). The cap only bounds a search's cost: one that completes bounds every line ending on
  its board whatever its cap, so a yes still needs every group below, and the answer changes only
  from no to yes where the relaxation proves it (the model it spares would be INFEASIBLE). On seed
  5's turn 10 (2016, north) the cover of `tile -1,-3 r180` at 29: one board alone of 64 passed
  20,000 states and completed below in 20,928; main then ran that cover's two-turn model for more
  than 420 CPU s.

- *The oracle asked for the tile drawn anyway, left out* (`SKIP_DRAWN_ORACLE`, session 95,
  h95every). Among the scenarios that ask the oracle (R-ORA-1) in turn 1 is the one naming an icon
  of the pile's top tile, the tile drawn anyway: it keeps that tile with the same pile, so its
  final boards are those of the scenario without the oracle, and each of its lines, but for its
  Oracle action (an action for nothing), is a line of that scenario with the same placements and
  the same score (solver/scenarios.py's `scenarios`, whose `dominated` the CP-SAT model leaves out
  too: solver/facts.py). That scenario's boards are in the group of the same slot without the
  oracle, which every yes needs below too, so its lines are bounded there, and the oracle's group
  of that slot searches only the other icons' boards: on seed 1's turn 13 (2016, south) 276 boards
  instead of 368 (a fourth; the states about 4 % fewer), its `every` questions at 24 0.86 of the
  CPU without (docs/benchmarks.md, session 95, h95every). Only
  the boards searched change; a yes still bounds every line of every scenario.

- *A thin group's question surveying for its parts and members* (`SURVEY`, session 60; off:
  measured not to pay on the whole search, docs/analysis.md). Where
  `every` (below) is not below the value, the placement search asks each market part's two-turn
  cover, then each member left (placement.py's `parts_below`): four questions of 3 to 14 CPU s each
  on seed 3's turn 11 (2016, south), each searching every group again. `every`'s one-turn cover
  dominates each part's cover and each member (the argument below), so what its question proves
  below is kept for them (`KEEP_BELOW`); but that question used to end at its first group not
  below, keeping little. With `survey` it goes on: every group is searched, and a group not below
  together has each of its boards searched alone (`survey_stops`), those below kept one by one;
  a later question searches a group some of whose boards are known below board by board, the
  others only (`alone_stops`; each board alone bounds the lines ending on it, session 56). The
  answer of every question is unchanged: `every`'s is still no where a group is not below, and a
  part or member skips only groups and boards proven below for a position that dominates it.
  The next question starts with the first group not below, as without the survey.

- *A thin group's questions* (`every`, `by_member`, `blind`: reach_thin.py, whose module doc
  argues them): a group of placements whose two-turn cover is not claimed is asked through its
  one-turn cover, then its counts cover colour-blind, then by member.
"""

from __future__ import annotations

from ...board import Board
from ...geometry import Slot
from ...position import Position, evolve
from ...solver.deadline import Deadline
from . import reach_split, reach_thin, reach_two
from .reach_alone import surveying
from .reach_boards import Boards, FitTable
from .reach_bound import TooBig
from .reach_known import Known, Part
from .reach_thin import EVERY_CHUNK, Thin, going_on
from .reach_two import NODES, BlindRelaxed, TwoRelaxed, boards_alone, group_bound, slot_groups
from .reach_two_goals import Reached
from .reach_whole import early_last, whole_below

Groups = tuple[list[tuple[Slot | None, bool]], list[list[Board]], int]
"""`slot_groups`: each group's slot and oracle, its final boards, the actions of both turns."""


CHUNK: int | None = 4
"""Groups of final boards searched as one after a yes, at most (module doc)."""

KEEP_BELOW = True
"""Whether the groups (and boards alone) a question proved below are not searched again for a
later question of the same setup from a position its own dominates, at the same value or more
(reach_known.py; False: as before session 58, a reference)."""

ALONE_FIRST = True
"""Whether a group known to pass the node cap together is searched board by board at once, and
a question stopped by one board alone starts the next one with that board (module doc; False:
as before session 58, a reference)."""


ALONE_AGAIN = 20
"""A board alone whose search passes the node cap, its group's search together passing it too,
is searched once more with this many times the states before it stops the question (`Below.
alone_again`; 1: not, as before session 62). On seed 5's turn 10 (2016, north) the cover of
`tile -1,-3 r180` was not below 29 only because one board alone passed 20,000 states; it is below
in 20,928, where main's search then ran a two-turn model for more than 420 CPU s. 4 until session
70: on seed 4's turn 23 (2016, south) the member `tile -3,-1 r90 gray@NE` was not below 55 by the
cap at 4 (19.9 CPU s), below at 20 (21.1 s), where its model at floor 55 ran over 250 s (its
feasibility question UNKNOWN at det 60); with 20 that turn is proven in 410 CPU s, its 28th group
below in one question (docs/benchmarks.md, session 70, h70first)."""


SKIP_DRAWN_ORACLE = True
"""Whether the questions' groups of final boards leave out the scenarios that ask the oracle for
the icon of the tile drawn anyway (reach_two's `slot_groups` without `dominated`; module doc;
False: as before session 95). Read when a question's setup changes (`setup`)."""


SURVEY = False
"""Whether `Below.every`'s question (a thin group's one-turn cover) searches every group of final
boards, and every board alone of a group not below together, instead of ending at the first not
below: those below are kept for the group's market parts and members asked next (module doc).
Off: on seed 3's turn 11 (2016, south) the whole search read 1.06 times main's CPU in one window
(the questions 0.96, the same 14 groups done), though some groups' questions read 0.64 to 0.81
alone (docs/analysis.md, session 60). False is main's path exactly. Read when a `Below` is made."""


class Below(Thin):
    """`reach_two.below` asked of one position after another (module doc)."""

    def __init__(
        self,
        nodes: int = NODES,
        chunk: int | None = CHUNK,
        alone_first: bool = ALONE_FIRST,
        keep_below: bool = KEEP_BELOW,
        survey: bool | None = None,
        again: int | None = None,
        blind_counts: bool | None = None,
        every_chunk: int | None = EVERY_CHUNK,
    ) -> None:
        self.nodes = nodes
        self.chunk = chunk
        """Groups searched as one after a yes, at most (None: all those of one kind, as before
        session 57)."""
        self.every_chunk = every_chunk
        """The same in `every`'s questions (`EVERY_CHUNK`; None: `chunk`)."""
        self.keep_below = keep_below
        """Whether what a question proved below is kept for later ones from dominated positions
        of the same setup (`KEEP_BELOW`)."""
        self.known = Known()
        """The parts proven below in this setup's questions (reach_known.py)."""
        self.fit_table = FitTable()
        """The cards' fits on islands by bounds and quads, for every setup (reach_boards.py)."""
        self.alone_first = alone_first
        """Whether the groups known to pass the node cap together go straight to their boards
        alone, and the board that stopped the last question is searched first (`ALONE_FIRST`)."""
        self.capped: set[tuple[Slot | None, bool]] = set()
        """The groups (slot, oracle) whose boards searched together passed the node cap in a
        question of the kept setup (`kept`); emptied when the setup changes."""
        self.last_board: int | None = None
        """Where the last stop was one board of `last` searched alone: its index
        in the group (None: stopped by a search together, or none yet)."""
        self.last: tuple[Slot | None, bool] | None = None
        """The slot of the group that stopped the last question (None: none yet, or the boards
        without a tile), and whether its boards need the oracle."""
        self.survey = (SURVEY if survey is None else survey) and keep_below
        """Whether `every`'s question surveys every group (`SURVEY`; never without `keep_below`:
        what it would search after the first group not below would be kept for nothing)."""
        self.said_yes = True
        """Whether the last question was answered yes (unions are tried only then)."""
        self.deadline: Deadline | None = None
        """The analysis's time limit (None: none): a search does not start past it, raising
        TimeUp instead (reach_boards' `Boards.deadline`; endgame.py sets it)."""
        self.again = ALONE_AGAIN if again is None else again
        """A board alone past the node cap is searched again with this many times the states
        (`ALONE_AGAIN`; 1: not)."""
        self.too_big: dict[tuple[object, ...], int] = {}
        """The boards alone (by the search's class, the position's cubes and market, slot and
        index) that passed the larger cap of `alone_again` in the kept setup, and the value asked
        then; emptied when the setup changes."""
        self.blind_counts = reach_thin.BLIND_COUNTS if blind_counts is None else blind_counts
        """Whether `every` asks the counts cover colour-blind where the one-turn cover is not
        below (`BLIND_COUNTS`)."""
        self.relaxed: type[TwoRelaxed] = TwoRelaxed
        """The searches' class: `BlindRelaxed` during a counts cover's question (`blind`)."""
        self.going_on = False
        """Whether a group not below does not end the question (a counts cover's, `BLIND_KEEP`):
        every group is searched, those below kept."""
        self.unions = True
        """Whether a question may search runs of groups as one (in `every`'s: `EVERY_UNIONS`)."""
        self.union_went = [0, 0]
        """The unions searched (`union_below`), not below and below (`unions_pay`)."""
        self.union_recent: list[bool] = []
        """Whether each union searched was below, the last `UNION_RECENT` of them (`recent_went`)."""
        self.unions_off = 0
        """`every` questions asked since the last union searched (`UNION_PROBE`): a probe
        whose question searched none (no yes before it) leaves the next question a probe."""
        self.kind_recent: dict[bool, list[bool]] = {False: [], True: []}
        """With reach_thin's `UNION_KINDS`: whether each union of each kind (oracle) searched was
        below, the last `UNION_KIND_RECENT` of each (`every_kinds`)."""
        self.kind_off: dict[bool, int] = {False: 0, True: 0}
        """The same per kind as `unions_off`."""
        self.whole_off: set[bool] = set()
        """The kinds whose whole run was not below in the kept setup (reach_whole's `WHOLE_RUNS`)."""
        self.kept: tuple[Position, Groups | None, Boards] | None = None
        """The last question's position without its cubes and market, its groups of final
        boards (`slot_groups`) and what their searches share (`Boards`): neither reads the
        cubes or the market, so the next question from a position that differs only in those
        (a placement of the same group, or the group's cover) reuses them (`setup`)."""

    def setup(self, pos: Position) -> tuple[Position, Groups | None, Boards]:
        """`pos` on the kept board (an equal one: the same object keeps the boards' facts, kept
        by board identity, valid), its groups of final boards and their shared facts."""
        key = evolve(pos, cubes=(), market=())
        if self.kept is None or self.kept[0] != key:
            self.kept = (key, slot_groups(pos, dominated=not SKIP_DRAWN_ORACLE), Boards(pos, self.fit_table))
            self.capped = set()
            self.too_big = {}
            self.whole_off = set()
            self.known.clear()
        key, got, shared = self.kept
        shared.deadline = self.deadline
        return evolve(pos, board=key.board), got, shared

    def __call__(self, pos: Position, ask: int, survey: bool = False) -> bool:
        """Whether no line of the two turns from `pos` reaches `ask`, as `reach_two.below`.
        `survey`: a group not below does not end the question; every group is searched, and
        every board alone of a group not below together, those below kept (`known`, `SURVEY`,
        `survey_stops`); the answer is the same.

        With reach_split.py's `SPLIT_SALE` and `ASK_UNSPLIT_FIRST`, asked first with the split
        off (`paused`), and where that is not below, again with it: both relaxations are bounds,
        so a yes of either is a proof; what the first pass proved below is kept for the second
        (`known`, as for any later question), and the readings of the last leaf that reached the
        value (`Reached`'s) are put back before it, so a no gives the second pass's."""
        if not (reach_split.SPLIT_SALE and reach_split.ASK_UNSPLIT_FIRST) or reach_split.paused:
            return self.asked(pos, ask, survey)
        saved = (Reached.cards, Reached.finals, Reached.goals)
        reach_split.paused = True
        try:
            if self.asked(pos, ask, survey):
                return True
        finally:
            reach_split.paused = False
        Reached.cards, Reached.finals, Reached.goals = saved
        return self.asked(pos, ask, survey)

    def asked(self, pos: Position, ask: int, survey: bool = False) -> bool:
        """`__call__`'s question in one pass (the split sale on or off as `TwoRelaxed` reads it)."""
        pos, got, shared = self.setup(pos)
        if got is None:
            return False
        slots, finals, acts = got
        unions = self.said_yes and self.unions
        failed: list[tuple[tuple[Slot | None, bool] | None, int | None]] = []
        tally = [0, 0]
        """A survey's boards alone searched below and not below (`survey_stops`)."""
        went = [0, 0]
        """The groups (or runs) searched below and not below so far (`going_on`)."""

        def stopped(hit: bool) -> bool:
            """Whether the question ends here: at a group not below, unless surveying. The next
            question starts where the first stopped (as where it ends the question)."""
            if hit:
                failed.append((self.last, self.last_board))
                self.last, self.last_board = failed[0]
            went[hit] += 1
            return hit and not (survey and surveying(tally)) and not (self.going_on and going_on(went))

        known = self.known.start(pos, ask, self.relaxed is BlindRelaxed) if self.keep_below else set()
        if self.blind_known:
            known = self.known.blind_below(pos, ask)  # `by_member`: proofs colour-blind only
        # A group each of whose boards alone is known below is known below.
        known |= {
            (s, None) for s, group in zip(slots, finals, strict=True) if all((s, k) in known for k in range(len(group)))
        }
        # Groups whose boards searched together passed the node cap: their boards are searched
        # alone last (reach_two's `alone_past_cap`), once no other group has stopped the question.
        past_cap: list[int] = []

        def stops(i: int, alone: bool = False) -> bool:
            if (slots[i], None) in known:
                return False  # below for a position that dominates this one (reach_known.py)
            if alone and self.alone_first:
                if i in past_cap and self.together_again(pos, slots[i], finals[i], acts, shared, ask):
                    self.note((slots[i], None))
                    return False
                return self.alone_stops(pos, slots[i], finals[i], acts, shared, ask, known)
            if not alone and self.alone_first and slots[i] in self.capped and len(finals[i]) > 1:
                past_cap.append(i)  # known to pass the cap together in this setup
                return False
            if (
                not alone
                and self.survey
                and self.alone_first
                and any((slots[i], k) in known for k in range(len(finals[i])))
            ):
                # Some of its boards are known below alone (a survey's): the others alone.
                return self.alone_stops(pos, slots[i], finals[i], acts, shared, ask, known)
            if not alone and survey and surveying(tally) and len(finals[i]) > 1:
                return self.survey_stops(pos, slots[i], finals[i], acts, shared, ask, past_cap, i, tally)
            try:
                if alone:
                    value: int | None = boards_alone(
                        pos, finals[i], acts, self.nodes, shared, ask, slots[i][1], self.relaxed
                    )
                else:
                    value = group_bound(
                        pos, finals[i], acts, self.nodes, shared, ask, slots[i][1], past_cap=False, relaxed=self.relaxed
                    )
            except Reached:
                value = None
            except TooBig:
                if not alone and reach_two.alone_past_cap and len(finals[i]) > 1:
                    self.capped.add(slots[i])
                    past_cap.append(i)
                    return False
                value = None
            if value is None or value >= ask:
                self.last = slots[i]
                self.last_board = None
                self.said_yes = False
                return True
            self.note((slots[i], None))
            return False

        last = self.last
        first = [i for i, s in enumerate(slots) if s == last]
        if self.alone_first and self.last_board is not None and first and len(finals[first[0]]) > 1:
            # The last question was stopped by one of this group's boards alone: start there.
            if stopped(stops(first[0], alone=True)):
                return False
        elif any(stopped(stops(i)) for i in first):
            return False
        for oracle in (False, True):
            rest = [i for i, s in enumerate(slots) if s != last and s[1] == oracle and (s, None) not in known]
            if whole_below(self, unions, pos, finals, rest, acts, shared, ask, oracle):
                for i in rest:  # below as one (reach_whole's `WHOLE_RUNS`): so is each group
                    self.note((slots[i], None))
                continue
            if self.suspend and self.suspended:
                early_last(self, slots, finals, rest)  # where the next question starts (reach_whole's `EARLY_LAST`)
                return False  # the whole run reached the value: ended, not below (`BLIND_EARLY`)
            for part in self.kind_runs(rest, oracle):
                left = self.run_left(unions, pos, finals, part, acts, shared, ask, oracle)
                for i in part:
                    if i not in left:  # below in a run searched as one: so is each of its groups
                        self.note((slots[i], None))
                        if self.blind_kinds is not None:
                            went[0] += 1  # a counts cover's run below: each group below (`going_on`)
                if any(stopped(stops(i)) for i in left):
                    return False
        if any(stopped(stops(i, alone=True)) for i in past_cap):
            return False
        if failed:
            return False  # surveyed: `stopped` recorded the first group not below
        self.said_yes = True
        return True

    def note(self, part: Part) -> None:
        """`part` proven below the value of the question being asked: kept for later questions
        where `keep_below` (reach_known.py)."""
        if self.keep_below:
            self.known.add(part)

    def runs(self, rest: list[int]) -> list[list[int]]:
        """The groups `rest` (indices, in slot order) in runs of `chunk` consecutive ones (all of
        them in one where `chunk` is None), each run searched as one first after a yes."""
        size = max(1, len(rest) if self.chunk is None else self.chunk)
        return [rest[at : at + size] for at in range(0, len(rest), size)]
