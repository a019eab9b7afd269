"""A thin group's questions inside the two-turn relaxation's questions (reach_below's `Below`):
a group of placements (one slot and rotation, R-TILE-1) asked as a whole through its one-turn
cover (`every`), then its counts cover colour-blind (`blind`), then by member (`by_member`), and
the tally that says whether `every`'s questions search runs of groups of final boards as one
(`unions_pay`). Split off reach_below.py (session 87) when it reached 586 lines; reach_below's
module doc argues the order of the searches and why it never changes an answer.

A group of placements (one slot and rotation, R-TILE-1) whose two-turn cover is not claimed
(placement.py's `cover`: a colour the cover holds fewer of than a member is left once at most,
and the next turn's placement could lay fewer cubes from it, R-TILE-2) is asked through its
*one-turn* cover instead (`every`). That position dominates no member over two turns, but the
relaxation does not model what the next placement takes from the market: from any position it
reads the cubes only as counts per island (plus the two the next tile lays, whatever the
market holds) and the market only as its empty spaces (two fewer cubes of each colour after
the next placement). The cover has, on every island, at least each member's cubes and, per
colour, at most each member's market cubes, and the same board, boat, cards, temples and
drachmas, so every relaxed line of a member is one of the cover's, each load taking no more
cubes than the cover's island offers and each sale earning no more than its best prices: the
cover's relaxed bound is at least each member's, which is at least the member's two-turn
optimum. Below the value asked it answers for the whole group in one question (on seed 3's
turn 10, 2016, each of its 68 groups: 1.3 s instead of 8 questions of 1.2 s).

*A thin group asked once more, colour-blind, from its counts cover* (`BLIND_COUNTS`,
`BLIND_KEEP`, session 62). Where `every`'s one-turn cover (above) is not below the value, the
group's *counts cover* (`counts_cover`: on each piece as many cubes as the member laying the
most there, whatever their colours; per colour the fewest market cubes) is asked with every
search colour-blind (reach_two's `BlindRelaxed`). The one-turn cover lays a cube of every colour
on each island a second cube may go to (4 where a member lays 1), which its relaxed line loads
and sells; the counts cover lays as many as a market part's cover. The colour-blind relaxation
is a bound by itself (the first search of `blind_first`) and reads the cubes only as counts and
the market only as its empty spaces' prices, so its bound from the counts cover is at least
each member's: below the value, every member is. On seed 3's turn 11 (2016, south) each market
part's searches ended colour-blind below 26, and one question answers for the four. With
`BLIND_KEEP` that question goes on past a group not below, and the groups it proved below are
kept for the parts' and members' questions (reach_known.py, `dominates_in_number`); a proof by
colour is never used in it.

*Unions in `every`'s questions, while they pay* (`EVERY_UNIONS`, `unions_pay`, session 66).
After a no the next question most often fails too, and a failing union costs a search more:
`every`'s questions try unions (runs of `EVERY_CHUNK` groups of final boards searched as one,
reach_below's module doc) only while most unions were below. That tally reads the
last `UNION_RECENT` unions only, and where it says no, every `UNION_PROBE`-th `every` question
tries them anyway (session 86): before, it ran over the whole turn and, once no, was never
read again with new unions, so one question's unions not below turned them off for the rest of
the turn (seed 4's turn 15, 2016, south: all 84 groups at 33, where every union is below).
Sound as any union: a union below answers for each of its groups (each line ending on one of
its boards is one of the union's lines), one not below has each group searched as without it;
so a group's answer is main's, except that a union below where a group of it alone passes the
node cap proves that group below where main's boards alone may not (a no become a proven yes).

*Runs in the counts cover's question* (`BLIND_UNIONS`, `BLIND_CHUNK`, `run_below`, session 87).
The counts cover's question comes after the one-turn cover's no, so `said_yes` kept it from
searching runs: it searched every group of final boards alone (on seed 4's turn 15, 2016, south,
at 33: 42 to 44 searches a thin group, each answering 32, about two thirds of the CPU of the
groups 14-27). With `BLIND_UNIONS` it searches runs of `BLIND_CHUNK` groups of one kind (the
boards needing the oracle, R-ORA-1, or not) as one, colour-blind, until a run of that kind is
not below (then that kind's groups are searched alone for the rest of the question). Sound as any
union (reach_below's module doc): each line ending on one of the run's boards is one of the run's
relaxed lines, and the colour-blind search over the run reads the counts cover's cubes as counts
and its market as empty spaces as over one group (`BlindRelaxed`), so a run below has each of its
groups below colour-blind, which bounds each member (above); a run not below has its groups
searched as without it. The runs below are kept as their groups (`KEEP_BELOW`, colour-blind
proofs) and counted as their groups below for `going_on`; they do not enter `every`'s tally
(`unions_pay` reads the one-turn covers' unions). The answer is the one without runs, except
that a run below where one of its groups alone passes the node cap proves that group below (a
no become a proven yes).

*Unions and runs by kind* (`UNION_KINDS`, `BLIND_MISSES`, session 88). `every`'s tally counts
both kinds of groups of final boards (the boards needing the oracle, R-ORA-1, or not) together,
so on seed 4's turn 15 (2016, south) at 33 two plain unions not below (one reaching the value in
a question that failed there anyway, one past the node cap) turned every union off for the next
two questions, and group 24's cover searched its 42 groups alone (12 s; with its unions, 7
searches, 7 s), though no oracle union had failed. With `UNION_KINDS` "question" (on) the tally
is not read: each `every` question searches each kind's unions (after a yes, as before) until one
of that kind is not below in it, as a counts cover's runs do; "tally" keeps a tally and a probe
per kind (measured no cheaper). With `BLIND_MISSES` above 1 (off: measured not to pay) a counts
cover's kind stops at its n-th run not below instead of its first. Sound as any union (above): only which unions
are searched changes; a union below answers for each of its groups, one not below has each group
searched as without it, so each answer is the one without, except a no become a proven yes where
a group alone passes the node cap and a union holding it is below.

*Runs with a larger cap, and the groups a reaching run's leaf ends on first* (`RUN_NODES`,
`REACHED_FIRST`, `RUN_SPLIT`, `run_left`, session 89). On seed 4's turn 15 (2016, south) at 33
most groups of final boards answer 32 alone after 5,000 to 15,000 states, and a run of them
searched as one visits far fewer than their sum (group 14's counts cover, plain boards: runs of 4
at 12,088 to 31,732 states where their groups alone sum to 39,691 to 56,721), but a run past
20,000 states (`NODES`) was dropped, its kind's groups then searched one by one: with
`RUN_NODES` 2 a run (of any question) may visit twice a group's states. A run that reaches the
value asked (`Reached`) ends its kind's runs in the question as before, and its groups are
searched alone, those holding a board its leaf may end on (`Reached.finals`) first: the group
that stops the question is most often one of them (group 14's one-turn cover: a run of 8
reached, then four groups alone passed the cap, 4.5 s, before the one that reaches). With
`RUN_SPLIT` (off: measured no cheaper; a run of 2 there about 18,000 states) a run past the cap is
searched again as two halves, its kind's later runs of the half's size. Sound as any union: only
the searches' order and caps change; a run (or half) below answers for each of its groups (each
line ending on one of its boards is one of the run's lines), one not below has its groups
searched as without it, and a cap only bounds a search's cost (one that completes bounds every
line on its boards, whatever its cap), so each answer is main's except a no become a proven yes
where a group alone passes the cap and a run holding it completes below
(tests/test_reach_runs_split.py checks each run below against its groups alone).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...board import Board
from ...geometry import Quad, Slot
from ...position import Position, evolve
from .reach_alone import Alone
from .reach_boards import Boards
from .reach_bound import TooBig
from .reach_known import cover, per_piece
from .reach_two import BlindRelaxed, MembersRelaxed
from .reach_two_goals import Reached

BLIND_COUNTS = True
"""Whether a thin group's question (`every`), where its one-turn cover is not below the value,
asks once more, colour-blind, from the group's *counts cover* (`counts_cover`: on each piece the
most cubes any member lays there, per colour the fewest market cubes) before the placement search
asks each market part's cover (module doc; session 62). False: as before, a reference."""

BLIND_EARLY = True
"""Whether `every`'s one-turn cover question ends where a kind's whole run reaches the value,
the counts cover asked next, the rest of the one-turn cover's question only where that is not
below (reach_whole's module doc, session 94; False: as before). Read at each `every` question."""

BY_MEMBER_BLIND_KNOWN = True
"""Whether `Below.by_member` skips the groups the colour-blind questions proved below for a
position dominating its counts cover in number (`Below.blind_known`)."""


BLIND_KEEP = True
"""Whether the counts cover's question (`BLIND_COUNTS`) searches every group of final boards, a
group not below not ending it, and keeps those below for the later questions of the setup from
positions it dominates in number (reach_known.py's `dominates_in_number`): the market parts' covers
and the members then search only the others."""


BLIND_SLACK = 1
"""A counts cover's question goes on past a group not below while those not below are at most
this many more than a quarter of those below (`going_on`)."""


EVERY_UNIONS = True
"""Whether `Below.every`'s questions may search runs of `CHUNK` groups as one after a yes while
they pay (`unions_pay`; False: never; docs/benchmarks.md, session 66)."""

UNION_SLACK = 1

EVERY_CHUNK: int | None = 8
"""Groups of final boards searched as one after a yes in `every`'s questions, at most (session
67; None: `chunk`, as before). A union's answer below holds for each of its groups, and where it
is not below each group is searched as without it, so the size changes only the cost. On seed 2's
turn 17 (2016, south) at 25 every run of 8 was below, as every run of 4 was, for 0.90 of the CPU
of runs of 4 (five thin groups, alternating 4, 8, 8, 4; docs/benchmarks.md); `unions_pay` still
stops the unions of `every`'s questions where they are not below."""


UNION_RECENT: int | None = 8
"""`unions_pay` reads the last this many unions searched (None: all of the analysis's, as before
session 86). Before, the tally ran over the whole turn, and once it said no no union was searched
again, so it never changed: on seed 4's turn 15 (2016, south) one union not below at 9 (a value
a line reaches, asked by the first model's watch) and two of the first group question at 33 turned
them off for all 84 groups at 33, where every union is below (47 searches a question instead of 6:
docs/benchmarks.md, session 86, h86groups). Only the order of the searches changes (module doc)."""

UNION_PROBE: int | None = 3
"""Where `unions_pay` says no, every this many `every` questions asked without unions the next
tries them anyway (its unions enter the recent tally, `UNION_RECENT`; None: never, as before
session 86). A count of questions, not time: the same path every run."""


UNION_KINDS: str | None = "question"
"""How `every`'s questions decide their unions by kind (the groups of final boards needing the
oracle, R-ORA-1, or not; session 88): None: one tally of both kinds (`every_unions`, as before);
"tally": each kind its own recent tally (its last `UNION_KIND_RECENT` unions, `unions_pay`) and
its own probe (`UNION_PROBE`); "question": no tally, each `every` question searching each kind's
runs after a yes until one of that kind is not below in it (as a counts cover's runs,
`run_below`). Only the order of the searches changes (module doc). On seed 4's turn 15 (2016,
south), groups 14-27 at 33 (`--went 3 4`): the one-turn covers made 100 searches of 695,954
states instead of 130 of 757,461 (0.89 of main's CPU there, 0.90 to 0.96 of the whole, three
runs each, the same answers; group 24's cover 7 searches instead of 42); "tally" 113 searches
of 738,228 states, no cheaper (docs/benchmarks.md, session 88, h88tally)."""

UNION_KIND_RECENT = 4
"""With `UNION_KINDS` "tally": the unions of one kind each kind's tally reads (a question searches
about half its unions of each kind, so half of `UNION_RECENT`)."""


BLIND_UNIONS = True
"""Whether a counts cover's question (`blind`) searches runs of `BLIND_CHUNK` groups of final
boards as one, each kind (the boards with the oracle, those without) until one of its runs is not
below (`run_below`; False: never, as before session 87: that question comes after the one-turn
cover's no, where `said_yes` is off). Only the order of the searches changes (module doc). On
seed 4's turn 15 (2016, south), groups 14-27 at 33: 0.86 of the CPU without (two runs each,
alternated; the same answers; docs/benchmarks.md, session 87, h87thin)."""

BLIND_CHUNK = 4
"""Groups of final boards a counts cover's run searches as one, at most (`BLIND_UNIONS`)."""

BLIND_MISSES = 1
"""A kind's runs in a counts cover's question (`BLIND_UNIONS`) stop at its this-many-th run not
below in the question (1: its first, as session 87; session 88). 2 was measured not to pay: on
seed 4's turn 15 (2016, south), groups 14-27 at 33, group 26's counts cover made 43 searches
instead of 58 (its first oracle run holds the groups that reach 33, its later runs are below),
but groups 14 and 15 one more each (their second plain run passes the node cap too): 159 searches
of 1,306,597 states instead of 172 of 1,308,476, the CPU within the noise (docs/benchmarks.md,
session 88, h88tally)."""

RUN_SPLIT: str | None = None
"""Which runs passing the node cap are split in halves (`run_left`): "blind", a counts cover's
(`BLIND_UNIONS`); "every", `every`'s one-turn cover's unions; "both"; None: none, as before
session 89 (a run not below, past the cap or not, ends its kind's runs in the question). A run
split searches each half as a run (of one group: alone), and its kind's later runs in the
question are of the half's size (module doc). None: measured no cheaper on seed 4's turn 15 (2016,
south), groups 14-27 at 33: 1,975,778 states instead of 2,012,041 with neither (a run of 2 there
about 18,000 states, where its groups alone are 12,000 to 15,000), and with `RUN_NODES` 2 and
`REACHED_FIRST` within the noise (86.2 against 89.0 CPU s on groups 14-15 and 20-23)."""

RUN_NODES = 2
"""A run of groups searched as one (`run_searched`) passes the node cap at this many times a
group's states (`Below.nodes`; 1: as before session 89). The cap only bounds a search's cost:
one that completes bounds every line ending on its boards whatever its cap (module doc). With
`REACHED_FIRST`, on seed 4's turn 15 (2016, south), groups 14-27 at 33 (`--went 3 4`): 221
searches of 1,568,900 states instead of 274 of 2,012,041, 149.95 CPU s against 180.27 (0.83), the
same answers; 3 (and 4) measured no cheaper than 2 (docs/benchmarks.md, session 89, h89runs)."""

REACHED_FIRST = True
"""Whether a run whose relaxed line reaches the value asked (`Reached`) has its groups holding a
board that line may end on (`Reached.finals`) searched first (`run_left`; False: in slot order,
as before session 89). Only the order of the searches changes (module doc)."""


def unions_pay(went: list[int]) -> bool:
    """Whether `every`'s questions try unions: of those searched so far (`went`: not below,
    below) at most `UNION_SLACK` more than an eighth were not below (seed 3's turn 14, 2016: a
    quarter, the others no cheaper than their groups; seed 4's turn 11: they pay). Counts, not
    time: the same path every run; only the order of the searches changes."""
    return went[0] <= UNION_SLACK + went[1] // 8


def going_on(went: list[int]) -> bool:
    """Whether a counts cover's question (`BLIND_KEEP`) goes on past a group not below: its
    groups searched below and not below so far (`went`) say that most are below (what the market
    parts and members are spared); where most are not (a value the colour-blind relaxation
    reaches on most boards), the parts search them again anyway."""
    return went[1] <= BLIND_SLACK + went[0] // 4


class Thin(Alone):
    """`Below`'s thin group questions and its unions' tally (module doc); the state is `Below`'s."""

    chunk: int | None
    every_chunk: int | None
    keep_below: bool
    survey: bool
    blind_counts: bool
    going_on: bool
    unions: bool
    union_went: list[int]
    union_recent: list[bool]
    unions_off: int
    whole_off: set[bool]

    def __call__(self, pos: Position, ask: int, survey: bool = False) -> bool:
        raise NotImplementedError  # Below's

    def union_below(
        self, pos: Position, boards: list[Board], acts: int, shared: Boards, ask: int, oracle: bool
    ) -> bool:
        """Whether the relaxed two turns over turn 1's board and `boards` (several groups' final
        boards, all with or all without the oracle) searched as one are below `ask`: then so is
        each of the groups (a line ending on one of its boards is one of the union's lines)."""
        below = self.run_searched(pos, boards, acts, shared, ask, oracle)
        self.union_went[below] += 1
        self.unions_off = 0
        self.union_recent.append(below)
        if UNION_RECENT is not None:
            del self.union_recent[:-UNION_RECENT]
        recent = self.kind_recent[oracle]
        recent.append(below)
        del recent[:-UNION_KIND_RECENT]
        self.kind_off[oracle] = 0
        if not below and UNION_KINDS == "question" and self.union_kinds is not None and not self.halved(oracle):
            self.union_kinds.discard(oracle)
        return below

    def run_searched(
        self, pos: Position, boards: list[Board], acts: int, shared: Boards, ask: int, oracle: bool
    ) -> bool:
        """Whether the relaxed two turns over turn 1's board and `boards` searched as one (the
        question's class, `relaxed`) are below `ask`; a search that reaches it or passes its
        states is not."""
        self.run_capped, self.run_reached = False, None
        try:
            return (
                self.relaxed(pos, [pos.board, *boards], acts, self.nodes * RUN_NODES, shared, ask, oracle).best() < ask
            )
        except Reached:
            self.run_reached = Reached.finals
            return False
        except TooBig:
            self.run_capped = True
            return False

    run_capped = False
    """Whether the last run searched (`run_searched`) passed the node cap."""

    run_reached: frozenset[Board] | None = None
    """Where the last run searched reached the value asked: the final boards its leaf may end on
    (`Reached.finals`; None: it did not)."""

    run_parts = 0
    """The groups of the run being searched as one (`run_left`; 0: none)."""

    run_size: dict[bool, int]
    """During a question with `RUN_SPLIT`: each kind's (oracle) groups a run holds, at most, from
    here on (`kind_runs`: `chunk`, halved where a run passes the cap, `halved`)."""

    def splits(self) -> bool:
        """Whether this question's runs passing the node cap are split in halves (`RUN_SPLIT`)."""
        if RUN_SPLIT is None:
            return False
        return RUN_SPLIT in ("both", "blind" if self.blind_kinds is not None else "every")

    def halved(self, oracle: bool) -> bool:
        """Whether the run just searched (`run_parts` groups of kind `oracle`), not below, passed
        the node cap and is split in halves (`RUN_SPLIT`): then its kind's later runs in the
        question hold half as many groups, and its kind goes on (not a miss, `BLIND_MISSES`)."""
        if not (self.run_capped and self.run_parts > 2 and self.splits()):
            return False
        self.run_size[oracle] = min(self.run_size[oracle], (self.run_parts + 1) // 2)
        return True

    def kind_runs(self, rest: list[int], oracle: bool) -> Iterator[list[int]]:
        """The groups `rest` (indices, in slot order, of kind `oracle`) in runs of consecutive
        ones, as `runs` where `RUN_SPLIT` does not apply; where it does, each run holds the
        kind's `run_size` when it starts (halved after a run past the cap, `halved`)."""
        if not self.splits():
            yield from self.runs(rest)
            return
        if not hasattr(self, "run_size"):
            self.run_size = {}
        self.run_size[oracle] = max(1, len(rest) if self.chunk is None else self.chunk)
        at = 0
        while at < len(rest):
            part = rest[at : at + self.run_size[oracle]]
            at += len(part)
            yield part

    def runs(self, rest: list[int]) -> list[list[int]]:
        raise NotImplementedError  # Below's

    def run_left(
        self,
        unions: bool,
        pos: Position,
        finals: Sequence[list[Board]],
        part: list[int],
        acts: int,
        shared: Boards,
        ask: int,
        oracle: bool,
    ) -> list[int]:
        """The groups of `part` (indices of `finals`, one kind) a run does not prove below, to be
        searched one by one: none where `part` searched as one is below (`run_below`); where it
        passes the node cap and `RUN_SPLIT` applies, those its halves leave, each half searched
        as a run in turn (`halved`); else all of them."""
        if len(part) < 2:
            return list(part)
        self.run_parts, self.run_capped, self.run_reached = len(part), False, None
        try:
            if self.run_below(unions, pos, [b for i in part for b in finals[i]], acts, shared, ask, oracle):
                return []
            split = self.halved(oracle)
        finally:
            self.run_parts = 0
        if not split:
            if REACHED_FIRST and self.run_reached:
                ends = {id(b) for b in self.run_reached}
                first = [i for i in part if any(id(b) in ends for b in finals[i])]
                return first + [i for i in part if i not in first]
            return list(part)
        half = (len(part) + 1) // 2
        return [
            *self.run_left(unions, pos, finals, part[:half], acts, shared, ask, oracle),
            *self.run_left(unions, pos, finals, part[half:], acts, shared, ask, oracle),
        ]

    blind_kinds: set[bool] | None = None
    """During a counts cover's question with `BLIND_UNIONS`: the kinds of groups (with the oracle
    or not) whose runs are still searched as one (`run_below`); None: not such a question."""

    blind_missed: dict[bool, int]
    """During such a question: each kind's runs not below so far (`BLIND_MISSES`)."""

    def run_below(
        self, unions: bool, pos: Position, boards: list[Board], acts: int, shared: Boards, ask: int, oracle: bool
    ) -> bool:
        """Whether a run of groups (their final `boards`, all of one kind) is searched as one and
        found below `ask` (then each of its groups is): as `union_below` where `unions` allows it,
        and in a counts cover's question with `BLIND_UNIONS` while no run of that kind was not
        below in it (a run not below costs a search more, and the next most often fails too: on
        seed 4's turn 15, 2016, at 33, the runs without the oracle of two groups in three). Those
        runs do not enter `every`'s tally (`unions_pay`), which reads the one-turn covers'."""
        if self.blind_kinds is None:
            if self.union_kinds is not None and oracle not in self.union_kinds:
                return False  # `every`'s unions of that kind are off (`UNION_KINDS`)
            return unions and self.union_below(pos, boards, acts, shared, ask, oracle)
        if oracle not in self.blind_kinds:
            return False
        below = self.run_searched(pos, boards, acts, shared, ask, oracle)
        if not below and not self.halved(oracle):
            self.blind_missed[oracle] += 1
            if self.blind_missed[oracle] >= BLIND_MISSES:
                self.blind_kinds.discard(oracle)
        return below

    def recent_went(self) -> list[int]:
        """The unions `unions_pay` reads: not below and below, of the last `UNION_RECENT` searched
        (all of them where None)."""
        if UNION_RECENT is None:
            return self.union_went
        below = sum(self.union_recent[-UNION_RECENT:])
        return [len(self.union_recent[-UNION_RECENT:]) - below, below]

    def every_unions(self) -> bool:
        """Whether this `every` question may try unions: where they paid lately (`unions_pay` on
        `recent_went`), or as every `UNION_PROBE`-th question asked without them."""
        if not EVERY_UNIONS:
            return False
        if unions_pay(self.recent_went()):
            self.unions_off = 0
            return True
        self.unions_off += 1
        return UNION_PROBE is not None and self.unions_off >= UNION_PROBE

    union_kinds: set[bool] | None = None
    """During an `every` question with `UNION_KINDS`: the kinds (oracle or not) whose unions it
    may search (`every_kinds`); None: not such a question (`unions` alone decides)."""

    kind_recent: dict[bool, list[bool]]
    kind_off: dict[bool, int]

    def every_kinds(self) -> set[bool]:
        """The kinds whose unions this `every` question may search (`UNION_KINDS`): "tally", each
        kind where its recent unions paid (`unions_pay` on its last `UNION_KIND_RECENT`) or as its
        every `UNION_PROBE`-th question without them; "question", both (each until one of its
        unions is not below in the question, `union_below`)."""
        if not EVERY_UNIONS:
            return set()
        if UNION_KINDS == "question":
            return {False, True}
        kinds = set()
        for kind in (False, True):
            recent = self.kind_recent[kind][-UNION_KIND_RECENT:]
            if unions_pay([len(recent) - sum(recent), sum(recent)]):
                self.kind_off[kind] = 0
                kinds.add(kind)
                continue
            self.kind_off[kind] += 1
            if UNION_PROBE is not None and self.kind_off[kind] >= UNION_PROBE:
                kinds.add(kind)
        return kinds

    def every(self, members: Sequence[Position], ask: int) -> bool:
        """Whether no line of the two turns from any of `members` (the placements of one slot and
        rotation: the same board and seats, differing only in cubes on the board and the market)
        reaches `ask`, proven by the relaxation from their one-turn cover (module doc); where
        that is not below, from their counts cover searched colour-blind (`BLIND_COUNTS`)."""
        top = cover(members)
        if top is None:
            return False
        if UNION_KINDS is None:
            self.unions = self.every_unions()
        else:
            self.union_kinds = self.every_kinds()
            self.unions = bool(self.union_kinds)
        chunk = self.chunk
        if self.every_chunk is not None and chunk is not None:
            self.chunk = self.every_chunk
        try:
            early = BLIND_EARLY and self.blind_counts and not self.survey
            self.suspend, self.suspended = early, False
            try:
                said = self.said_yes
                if self(top, ask, survey=self.survey):
                    return True
            finally:
                self.suspend = False
            if not self.blind_counts:
                return False
            counts = counts_cover(members, top)
            if self.blind(counts, ask):
                return True
            if self.suspended:
                # The one-turn cover's question, ended where a kind's whole run reached the value
                # (`BLIND_EARLY`, reach_whole's module doc), asked again in full: its proofs so far are kept
                # (`known`), the whole run not tried again (`whole_off`), its unions as they were.
                self.suspended, self.said_yes = False, said
                if self(top, ask, survey=self.survey):
                    return True
            return self.by_member_on and self.by_member(counts, members, ask)
        finally:
            self.unions = True
            self.union_kinds = None
            self.chunk = chunk
            self.suspended = False

    suspend = False
    """Whether a kind's whole run reaching the value ends the question being asked, not below
    (`BLIND_EARLY`: `every`'s one-turn cover question)."""

    suspended_finals: frozenset[Board] | None = None
    """Where the last question asked with `suspend` ended so: the final boards the reaching leaf
    may end on (`Reached.finals`; reach_whole's `early_last` reads it)."""

    last: tuple[Slot | None, bool] | None
    last_board: int | None

    suspended = False
    """Whether the last question asked with `suspend` ended so (then `every` asks it again in full
    where the counts cover is not below)."""

    by_member_on = True
    """Whether `every` asks the counts cover once more, read by colour member by member
    (`BY_MEMBER`), where it is not below colour-blind."""

    def by_member(self, pos: Position, members: Sequence[Position], ask: int) -> bool:
        """Whether the relaxation from `pos` (the counts cover of `members`) with each sale read
        by the colours and market of each member in turn, the most of them
        (reach_two's `MembersRelaxed`, reach_money's `Members`), is below `ask`: then every
        member's is (`BY_MEMBER`, session 64). Nothing is kept or used from other questions
        (`known`): its proofs hold for these members only."""
        keep, self.keep_below = self.keep_below, False
        relaxed, self.relaxed = self.relaxed, MembersRelaxed.with_members(members)
        self.blind_known = keep and BY_MEMBER_BLIND_KNOWN
        try:
            return self(pos, ask)
        finally:
            self.keep_below, self.relaxed, self.blind_known = keep, relaxed, False

    blind_known = False
    """Whether the question being asked (`by_member`'s) skips the groups proven below
    colour-blind for a position dominating it in number (reach_known's `blind_below`): its
    searches (`MembersRelaxed.best`, reach_money's `blind_first`) begin with the same
    colour-blind search, whose answer below is theirs."""

    def blind(self, pos: Position, ask: int) -> bool:
        """Whether the colour-blind relaxation (`BlindRelaxed`) from `pos` (a counts cover) is
        below `ask`: the question of `__call__`, every search colour-blind. It uses only what
        colour-blind questions proved below (`known`: a proof by colour is one for positions
        read by colour, which `pos` stands for only colour-blind); with `BLIND_KEEP` a group not
        below does not end it (`going_on`), and the groups below are kept for the setup's later
        questions from positions it dominates in number (reach_known.py)."""
        keep, self.keep_below = self.keep_below, self.keep_below and BLIND_KEEP
        relaxed, self.relaxed = self.relaxed, BlindRelaxed
        self.going_on = self.keep_below
        chunk = self.chunk
        if BLIND_UNIONS:
            self.blind_kinds = {False, True}
            self.blind_missed = {False: 0, True: 0}
            self.chunk = BLIND_CHUNK
        try:
            return self(pos, ask)
        finally:
            self.keep_below, self.relaxed, self.going_on = keep, relaxed, False
            self.blind_kinds, self.chunk = None, chunk


def counts_cover(members: Sequence[Position], top: Position) -> Position:
    """`top` (their one-turn `cover`) with, on each piece, only the cubes of one member that lays
    the most there (whatever their colours): at least each member's cubes on every piece (so on
    every island of every board) in number, and per colour the fewest market cubes (`top`'s).
    It dominates no member (the colours differ), but the colour-blind relaxation reads the cubes
    only as counts and the market only as its empty spaces (`BlindRelaxed`), so there its bound
    is at least each member's (module doc, `BLIND_COUNTS`)."""
    most: dict[Quad, tuple[int, int]] = {}
    for i, p in enumerate(members):
        for piece, n in per_piece(p).items():
            if n > most.get(piece, (0, -1))[0]:
                most[piece] = (n, i)
    cubes = tuple(
        sorted((piece, colour, n) for piece, (_, i) in most.items() for q, colour, n in members[i].cubes if q == piece)
    )
    return evolve(top, cubes=cubes)
