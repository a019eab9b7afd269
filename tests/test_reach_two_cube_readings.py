"""The two-turn relaxation's cube, money and leg readings against the engine, line by line
(session 80, h80cubes; tools/check_two_cube_readings.py).

A relaxed line (analysis/reach/reach_two.py's `TwoRelaxed`) reads the cubes a Load may take (turn 1's
`first_cubes`, a final board's `_cubes_on` with the next placement's `laid` cube, `load_turns`,
`load_boards`), what sales earn (reach_money.py's pools, the next placement's takes, cubes sold
back: `income_after`) and the legs' points and Move actions (`turn_one_legs`, `legs_on`,
`leg_actions`). Here random lines of both turns are played by the engine and each is walked by its
relaxed image with the search's own hooks: every Load, sale, excavation and leg must be within what
they read, and the engine's least points between islands at least the legs' readings. Each test
also breaks the reading it checks by one (monkeypatched) and asserts that the check then finds
misses, so none of them passes whatever the reading says.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from akrotiri_puzzles.analysis.reach import reach_board_legs, reach_boards, reach_money, reach_split, reach_two

from .conftest import ROOT, tool_module


@pytest.fixture
def check(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return tool_module("check_two_cube_readings")


def misses(check, seed: int, turn: int, seat: str, walks: int, boards: int = 0) -> tuple[Counter[str], Counter[str]]:
    """The misses of the first placement of the 2016 seeded game's turn, by kind, and what was read."""
    name, child = check.children(seed, 2016, turn, seat, 1000)[0]
    seen: Counter[str] = Counter()
    got = Counter(m.kind for m in check.check(child, random.Random(f"{seed}/{turn}/{name}"), walks, boards, seen))
    return got, seen


def finds(check, seed: int, turn: int, seat: str, walks: int, boards: int, wanted: Callable[[str], bool]) -> bool:
    """Whether `misses`' check (the same lines, the same order) finds a miss of a kind `wanted`
    accepts: it stops at the first one (a broken reading's misses need only be found, not
    counted), and reads every line where there is none."""
    name, child = check.children(seed, 2016, turn, seat, 1000)[0]
    rng = random.Random(f"{seed}/{turn}/{name}")
    return any(wanted(m.kind) for m in check.check(child, rng, walks, boards, Counter()))


def kind(*names: str) -> Callable[[str], bool]:
    """A miss's kind among `names`."""
    return lambda k: k in names


def test_R_LOAD_1_R_TURN_1_R_TILE_2_every_load_within_first_cubes_and_cubes_on(check, monkeypatch) -> None:
    """s3t15 (south): the engine's Loads of turn 1 (B1's cubes, `first_cubes`) and of turn 2 (a
    final board's, `_cubes_on` with the laid cube) within `load_turns`, `load_children` and
    `load_boards`, and their colours within reach_money.py's pools; turn 1's cubes read one fewer
    (an island of one cube then offers no Load of turn 1), no laid cube, or turn 1's colours one
    fewer, and they are not."""
    got, seen = misses(check, 3, 15, "south", 40)
    assert got == Counter()
    assert seen["imaged Load t1"] > 10 and seen["imaged Load t2"] > 10
    first = reach_two._first_cubes
    monkeypatch.setattr(reach_two, "_first_cubes", lambda b, p: {s: n - 1 for s, n in first(b, p).items()})
    assert finds(check, 3, 15, "south", 40, 0, kind("load cubes (turn 1)", "load_turns actions (turn 1)"))
    monkeypatch.setattr(reach_two, "_first_cubes", first)
    monkeypatch.setattr(reach_two.TwoRelaxed, "laid", 0)
    assert finds(check, 3, 15, "south", 40, 0, kind("laid"))
    monkeypatch.setattr(reach_two.TwoRelaxed, "laid", 1)
    # The late-Load rule's colours (`Money.early`) one fewer of each: turn 1's Loads go past them.
    init = reach_money.Money.__init__

    def fewer(self, r) -> None:
        init(self, r)
        self.early = {s: ({c: n - 1 for c, n in most.items()}, w) for s, (most, w) in self.early.items()}

    monkeypatch.setattr(reach_money.Money, "__init__", fewer)
    assert finds(check, 3, 15, "south", 40, 0, lambda k: k.startswith("early pool"))


def test_R_FREE_1_R_TILE_2_sales_within_the_income_read_by_colour(check, monkeypatch) -> None:
    """s1t16 (north): the drachmas the engine's sales earn over both turns at most the image's
    income (Money pools, late Loads, takes, cubes sold back); the engine's take among
    `next_takes`; an income read one lower, or takes of one cube only, and they are not."""
    got, seen = misses(check, 1, 16, "north", 40)
    assert got == Counter()
    assert seen["imaged Sell t1"] > 5 and seen["imaged Sell t2"] > 20
    income = reach_money.Money.income
    monkeypatch.setattr(reach_money.Money, "income", lambda self, n, t, f=None: max(0, income(self, n, t, f) - 1))
    assert finds(check, 1, 16, "north", 40, 0, kind("income"))
    monkeypatch.setattr(reach_money.Money, "income", income)
    takes = reach_money.next_takes
    monkeypatch.setattr(reach_money, "next_takes", lambda p, b: [t for t in takes(p, b) if sum(t) < 2])
    assert finds(check, 1, 16, "north", 40, 0, kind("next_takes"))


def test_R_MOVE_1_R_MOVE_3_the_engines_legs_cost_at_least_turn_one_legs_and_legs_on(check, monkeypatch) -> None:
    """s4t24 (north): the engine's least points from the boat and each island, on turn 1's board
    and on it then a final board, at least `turn_one_legs` and `legs_on` (and the union's); each
    read one point more, and they are not."""
    got, _ = misses(check, 4, 24, "north", 0, 1)
    assert got == Counter()
    one = reach_boards.Boards.turn_one_legs
    monkeypatch.setattr(
        reach_boards.Boards, "turn_one_legs", lambda self, at: {i: n + 1 for i, n in one(self, at).items()}
    )
    assert finds(check, 4, 24, "north", 0, 1, kind("turn_one_legs"))
    monkeypatch.setattr(reach_boards.Boards, "turn_one_legs", one)
    on = reach_board_legs.BoardLegs.legs_on
    monkeypatch.setattr(
        reach_board_legs.BoardLegs, "legs_on", lambda self, at, k: {s: n + 1 for s, n in on(self, at, k).items()}
    )
    assert finds(check, 4, 24, "north", 0, 1, kind("legs_on"))


def test_R_MOVE_2_R_TURN_2_leg_actions_and_turn_bonus_leave_the_image_the_lines_actions(check, monkeypatch) -> None:
    """s2t17 (south): each leg's Move actions (`leg_actions`) and each excavation's (`turn_bonus`
    through `dig_turns`) leave the image at least the line's actions; a leg read one Move action
    dearer, or an excavation adding one action fewer, and they do not."""
    got, seen = misses(check, 2, 17, "south", 60)
    assert got == Counter()
    assert seen["imaged Excavate t1"] > 2 and seen["imaged Excavate t2"] > 10 and seen["imaged to the end"] > 40
    legs = reach_two.TwoRelaxed.leg_actions
    monkeypatch.setattr(reach_two.TwoRelaxed, "leg_actions", lambda self, *a: tuple(m + 1 for m in legs(self, *a)))
    assert finds(check, 2, 17, "south", 60, 0, kind("leg"))
    monkeypatch.setattr(reach_two.TwoRelaxed, "leg_actions", legs)
    bonus = reach_two.TwoRelaxed.turn_bonus
    monkeypatch.setattr(
        reach_two.TwoRelaxed, "turn_bonus", lambda self, *a: (lambda x: (x[0] - 1, x[1]))(bonus(self, *a))
    )
    assert finds(check, 2, 17, "south", 60, 0, kind("dig_turns actions"))


def test_R_FREE_2_R_LOAD_1_lines_with_unloads_within_the_readings_through_touched(check, monkeypatch) -> None:
    """s1t16 (north), lines with Unloads (R-FREE-2): the image unloads at its stop, its colours
    then read with each spot loaded whole (reach_money.py's `TOUCHED`), Loads taking the cubes
    unloaded first and as many as they can (`amounts`, `load_ways`); every Load, sale and leg
    within the readings. The income read through an unload one lower, and the sales go past it."""
    name, child = check.children(1, 2016, 16, "north", 1000)[0]

    def run() -> tuple[Counter[str], Counter[str]]:
        seen: Counter[str] = Counter()
        rng = random.Random(f"1/16/{name}")
        return Counter(m.kind for m in check.check(child, rng, 150, 0, seen, True)), seen

    got, seen = run()
    assert got == Counter()
    assert seen["imaged Unload"] > 50 and seen["imaged Sell t2"] > 50
    income = reach_money.Money._income
    monkeypatch.setattr(
        reach_money.Money,
        "_income",
        lambda self, n, t, whole=False, first=None: income(self, n, t, whole, first) - whole,
    )
    # Found at the first miss of that kind (`finds`).
    rng = random.Random(f"1/16/{name}")
    assert any(m.kind == "income" for m in check.check(child, rng, 150, 0, Counter(), True))


def test_R_TURN_2_R_TURN_3_R_FREE_1_with_the_split_sale_each_line_within_its_case(check, monkeypatch) -> None:
    """s4t11 (south), reach_split.py's `SPLIT_SALE` on (session 82, h82split): the image splits
    each sale at Thera while turn 1 may go on by the line's case (`thera_case`): turn 1's sale on
    today's market (`income_now`, R-FREE-1), a hold, or turn 2's sale with the legs away capped at
    turn 2's own actions (`turn_two_actions`, R-TURN-2, R-TURN-3); every sale, leg and action
    within the readings. Today's market read one lower, and the lines' turn-1 sales go past it.
    (The cap one lower is not found by these random lines, which seldom leave Thera with every
    action of turn 2 left: tests/test_reach_split_sale.py plays one that does.)"""
    monkeypatch.setattr(reach_split, "SPLIT_SALE", True)
    got, seen = misses(check, 4, 11, "south", 150)
    assert got == Counter()
    assert seen["split (a)"] > 50 and seen["split (b)"] > 10 and seen["split capped"] > 5
    now = reach_money.Money.income_now
    monkeypatch.setattr(reach_money.Money, "income_now", lambda self, n, t: max(0, now(self, n, t) - 1))
    assert finds(check, 4, 11, "south", 150, 0, kind("income"))
