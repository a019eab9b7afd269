"""Lines that never load (solver/cargo_money.py, `NO_LOAD`) against independent counts, the
exhaustive search and the model.

A hero with cubes aboard that never loads pays with what it holds and what those cubes sell for
(R-FREE-1); where that pays for no way to the goal with a hand card, it buys every card it plays,
one action at a time where a buy of several is too dear (R-BUY-1). A line that loads counts the
load.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from akrotiri_puzzles.components import COLOURS
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.solver import cargo_money
from akrotiri_puzzles.solver import facts as facts_module
from akrotiri_puzzles.solver.budget import budget, playable_cards
from akrotiri_puzzles.solver.cargo_money import cargo_worth, least_buy, no_load_buys
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.exhaustive import search
from akrotiri_puzzles.solver.facts import FactReader
from akrotiri_puzzles.solver.points import FAR
from akrotiri_puzzles.solver.relax import Relaxation, slot_name
from akrotiri_puzzles.solver.scenarios import turn_two_tiles

from .changed_puzzles import SMALL, clean
from .test_solver_relax import _scenario_lower
from .test_solver_stops import _kept_are_infeasible, _lowers, _status

SLOW = Path(__file__).parent / "data" / "puzzles" / "slow"


def _best_sales(track: tuple[int, ...], market: tuple[int, ...], cargo: tuple[str, ...], takes: int) -> int:
    """The most the cargo sells for when, in any order, up to `takes` cubes leave the market
    (R-TILE-2) and each cube aboard is sold or kept (R-FREE-1): every interleaving tried."""

    @cache
    def best(market: tuple[int, ...], cargo: tuple[str, ...], takes: int) -> int:
        got = 0
        if takes:
            for i, n in enumerate(market):
                if n:
                    got = max(got, best((*market[:i], n - 1, *market[i + 1 :]), cargo, takes - 1))
        for j, colour in enumerate(cargo):
            i = COLOURS.index(colour)
            n = market[i]
            if n < len(track):
                # With k cubes off the market the price is track[k - 1] (R-FREE-1).
                price = track[len(track) - n - 1]
                after = (*market[:i], n + 1, *market[i + 1 :])
                got = max(got, price + best(after, cargo[:j] + cargo[j + 1 :], takes))
        return got

    return best(market, tuple(sorted(cargo)), takes)


def test_R_FREE_1_R_TILE_2_cargo_worth_against_every_order(comps):
    """`cargo_worth` (each colour's takes counted in closed form: its market's cubes first, then
    one after each sale) against every interleaving of takes and sales, on random markets and cargos, one
    and two turns; and place-2 g15010's blue and green cubes (market blue 2, green 5) sell for 8
    at most, 7 with the one placement's two cubes. Under a second."""
    puzzle = load_puzzle(SLOW / "place-2-g15010.yaml", comps)
    track = comps.market.track
    assert cargo_worth(puzzle) == 8 == _best_sales(track, puzzle.start.market, puzzle.start.hero.cargo, 4)
    assert _best_sales(track, puzzle.start.market, puzzle.start.hero.cargo, 2) == 7
    rng = random.Random(31)
    for _ in range(60):
        market = tuple(rng.choice((0, 0, 1, 2, 5, 7, 8)) for _ in COLOURS)
        cargo = tuple(rng.choice(COLOURS) for _ in range(rng.randint(1, 3)))
        turns = rng.choice((1, 2))
        start = replace(puzzle.start, market=market)
        start = start.with_seat(puzzle.hero, replace(start.hero, cargo=cargo))
        changed = replace(puzzle, start=start, turns=turns)
        assert cargo_worth(changed) == _best_sales(track, market, cargo, 2 * turns), (market, cargo, turns)


def test_R_BUY_1_least_buy_against_every_split(comps):
    """`least_buy` against every way to split the cards into buy actions of 1 to 3 cards (1, 3 or
    7 drachmas each, R-BUY-1)."""
    prices = comps.setup.map_prices
    assert prices == (1, 3, 7)
    for cards in range(7):
        for actions in range(8):
            costs = [
                sum(prices[j - 1] for j in split)
                for split in itertools.product((1, 2, 3), repeat=actions)
                if sum(split) == cards
            ]
            assert least_buy(cards, actions, prices) == min(costs, default=FAR if cards or actions else 0)


def test_R_BUY_1_R_EXC_1_g15010_buys_two_cards_one_by_one(comps):
    """place-2 g15010: no drachma, cubes worth 8 at most, M09 (6) in hand, two temples, easy
    cards of 3 on the decks. M09 and a bought card cost 10; two easy cards bought together 9
    (3 + 3 + 3), one by one 8: every line that never loads buys twice. With a drachma more, the
    two bought together would do (one buy); with M09 payable alongside, no count."""
    puzzle = load_puzzle(SLOW / "place-2-g15010.yaml", comps)
    easy = [k for k in playable_cards(puzzle, 7) if comps.map[k].cost == 3]
    assert len(easy) >= 2 and comps.map["M09"].cost == 6
    fitting = frozenset(["M09", *easy[:2]])
    assert no_load_buys(puzzle, fitting, 8) == 2
    assert no_load_buys(puzzle, fitting, 9) == 1
    assert no_load_buys(puzzle, fitting, 10) is None
    assert no_load_buys(puzzle, fitting, 7) == FAR


def _least(puzzle: Puzzle) -> int:
    """The least lower bound `FactReader.read` gives any scenario of the puzzle."""
    return min(_lowers(puzzle, 30))


def _two_cubes_aboard(comps, drachmas: int, cargo: tuple[str, ...], actions: int) -> Puzzle:
    """small-002 with `actions` actions, two temples, `drachmas` and `cargo` aboard."""
    base = load_puzzle(SMALL / "small-002-act-north-2014-h1-map.yaml", comps)
    hero = replace(base.start.hero, drachmas=drachmas, cargo=cargo)
    start = replace(base.start.with_seat(base.hero, hero), actions_left=actions)
    return clean(base, start=start, goal=Goal(temples=2))


def _optimum_is(puzzle: Puzzle, optimum: int, max_nodes: int) -> None:
    """The puzzle's optimum is `optimum`, checked independently of the bounds under test: the
    exhaustive search finds no line of `optimum - 1` actions, and the engine replays a line of
    `optimum` to the goal (CP-SAT's: only a witness, the engine judges it). The same fact as the
    exhaustive search's optimum at `optimum` actions, for a fraction of its states (session 68)."""
    shorter = search(replace(puzzle, start=replace(puzzle.start, actions_left=optimum - 1)), max_nodes=max_nodes)
    assert shorter.complete and shorter.optimum is None
    line = solve(puzzle, probe=False).line
    played = replay(puzzle, line)
    assert played.illegal_at is None and played.reached and played.cost == optimum


@pytest.mark.slow
def test_R_FREE_1_R_BUY_1_no_load_against_the_exhaustive_search(comps, monkeypatch):
    """small-002 with two temples, 1 drachma and a blue and a green cube aboard: with 7 actions the
    optimum is 7 (`_optimum_is`); the least per-scenario bound is 6 with `NO_LOAD` (at most the
    optimum) and 5 without. With 8 actions and one blue cube, no line (exhaustive) and the bound
    still 6. About 5 s (`slow`; 12 with the exhaustive search at 7 actions)."""
    puzzle = _two_cubes_aboard(comps, 1, ("blue", "green"), 7)
    _optimum_is(puzzle, 7, max_nodes=200_000)
    assert _least(puzzle) == 6
    monkeypatch.setattr(cargo_money, "NO_LOAD", False)
    assert _least(puzzle) == 5
    monkeypatch.setattr(cargo_money, "NO_LOAD", True)
    puzzle = _two_cubes_aboard(comps, 1, ("blue",), 8)
    exhaustive = search(puzzle, max_nodes=200_000)
    assert exhaustive.complete and exhaustive.optimum is None
    assert _least(puzzle) == 6


@pytest.mark.corpus
def test_R_FREE_1_R_BUY_1_place_2_g15010_never_loading_costs_seven(comps, monkeypatch):
    """place-2 g15010 (the solver benchmark's fresh set 15000, tests/data/puzzles/slow): with
    `NO_LOAD` no scenario keeps a bound of 5; without it some do, and the model of each of a
    sample of them (built with the count off; the model is checked against the exhaustive search
    elsewhere) has no line of 5 actions. The solver's optimum is 7 both ways (main's answer).
    About a minute and a half of CPU (`corpus`)."""
    puzzle = load_puzzle(SLOW / "place-2-g15010.yaml", comps)
    assert min(_lowers(puzzle, 5)) > 5
    result = solve(puzzle, probe=False)
    assert (result.status, result.optimum) == ("OPTIMAL", 7)
    monkeypatch.setattr(cargo_money, "NO_LOAD", False)
    _kept_are_infeasible(puzzle, 5, seed=5)


@pytest.mark.corpus
def test_R_BUY_1_R_EXC_1_place_2_g15004_a_short_hand_buys(comps, monkeypatch):
    """place-2 g15004 (fresh set 15000, tests/data/puzzles/slow): 1 drachma, a gray cube aboard
    (no gray on the market: 5 at most), H07 (9) in hand, two temples. No line that never loads
    pays the goal's 8; a line that loads and digs with H07 still buys the other temple's card,
    which the count through H07 did not hold. With `NO_LOAD` no scenario keeps a bound of 6;
    without it some do, and the model of each of five of them (built with the count off) has no
    line of 6. The solver's optimum is 7 (main's answer). About a minute of CPU (`corpus`)."""
    puzzle = load_puzzle(SLOW / "place-2-g15004.yaml", comps)
    assert cargo_worth(puzzle) == 5 and puzzle.start.hero.drachmas == 1
    assert min(_lowers(puzzle, 6)) > 6
    result = solve(puzzle, probe=False)
    assert (result.status, result.optimum) == ("OPTIMAL", 7)
    monkeypatch.setattr(cargo_money, "NO_LOAD", False)
    _kept_are_infeasible(puzzle, 6, seed=6)


@pytest.mark.parametrize("name", ["place-2-g15010.yaml", "place-2-g15004.yaml"])
def test_R_TILE_1_R_FREE_1_the_views_count_no_more_than_each_scenario(name, comps):
    """The per-slot views of relax.py read `NO_LOAD` too: over sampled turn-1 placements of
    g15010 and g15004 (cubes aboard) and sampled turn-2 scenarios below each (every oracle icon,
    slot and rotation, R-TILE-1), the view's bound is at most the scenario's own, read off its
    own boards with the count (test_solver_relax's `_scenario_lower`), and the count raises some
    of them. A few seconds each."""
    puzzle = load_puzzle(SLOW / name, comps)
    _views_against_scenarios(puzzle, comps, seed=53, count="NO_LOAD")


def _empty_boat(comps, drachmas: int, actions: int) -> Puzzle:
    """small-024 with `actions` actions, two temples, `drachmas` and an empty boat."""
    base = load_puzzle(SMALL / "small-024-act-north-2014-h1-two.yaml", comps)
    hero = replace(base.start.hero, drachmas=drachmas, cargo=())
    start = replace(base.start.with_seat(base.hero, hero), actions_left=actions)
    return clean(base, start=start, goal=Goal(temples=2))


@pytest.mark.slow
def test_R_FREE_1_R_LOAD_1_R_BUY_1_no_sale_against_the_exhaustive_search(comps, monkeypatch):
    """small-024 with two temples, 9 drachmas and an empty boat (some way to the goal is within
    the drachmas: `budget.must_load` is false): with 7 actions the optimum is 7 (no line of 6
    actions, exhaustive; one of 7, the engine: `_optimum_is`). With
    `NO_SALE` (the lines that sell before their last excavation load; the others buy their cards
    from the 9 drachmas) no scenario keeps a bound of 5, while without it some do (the least is
    5), and at 7, the optimum, some scenario is kept with it. About 4 s (`slow`; 14 with the
    exhaustive search at 7 actions)."""
    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    monkeypatch.setattr(cargo_money, "NO_SALE_SCENARIOS", 0)  # read on large puzzles only
    puzzle = _empty_boat(comps, 9, 7)
    _optimum_is(puzzle, 7, max_nodes=300_000)  # no line of 6 (exhaustive), one of 7 (the engine)
    assert min(_lowers(puzzle, 5)) > 5
    assert min(_lowers(puzzle, 7)) <= 7
    monkeypatch.setattr(cargo_money, "NO_SALE", False)
    assert min(_lowers(puzzle, 5)) == 5


def test_R_FREE_1_R_BUY_1_g15001_no_sale_buys(comps):
    """place-2 g15001 (fresh set 15000): 9 drachmas, an empty boat, H06 (9) and M03 (6) in hand,
    two temples. Without a sale before the last excavation the only ways within the 9 drachmas
    buy two easy cards (3 for the buy of two, R-BUY-1, and 3 each): one buy action, no hand card
    (`no_load_buys` with the drachmas alone); with 8 they are bought one action at a time (1 + 1
    + 3 + 3), with 7 no way at all."""
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    assert not puzzle.start.hero.cargo and cargo_worth(puzzle) == 0
    fitting = frozenset({"H06", "M03", "E11", "E09"})
    assert no_load_buys(puzzle, fitting, 9) == 1
    assert no_load_buys(puzzle, fitting, 8) == 2
    assert no_load_buys(puzzle, fitting, 7) == FAR
    assert no_load_buys(puzzle, frozenset({"M03", "E11"}), 10) is None  # M03 and a bought E11: 10


def test_R_TILE_1_R_FREE_1_no_sale_raises_some_scenarios_above_their_views(comps, monkeypatch):
    """Over sampled turn-1 placements of g15001 (an empty boat, not every line loads) and sampled
    turn-2 scenarios below each (every oracle icon, slot and rotation, R-TILE-1), the per-slot
    view's bound (relax.py, which does not read `NO_SALE`) is at most the scenario's own, read
    off its own boards with the count (test_solver_relax's `_scenario_lower`, as
    `FactReader.read` drops scenarios by it), and the count raises some of them. A few seconds."""
    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    _views_against_scenarios(puzzle, comps, seed=54, count="NO_SALE")


@pytest.mark.corpus
def test_R_FREE_1_R_LOAD_1_place_2_g15001_no_sale_drops_only_infeasible_scenarios(comps, monkeypatch):
    """place-2 g15001: `NO_SALE` raises some scenarios' bound above 5 that keep it without the
    count, and the model of each of five of them (built with the count off; the model is checked
    against the exhaustive search elsewhere) has no line of 5 actions. The solver's optimum is 6
    (main's answer). A few minutes of CPU (`corpus`)."""
    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    with_count = _lowers(puzzle, 5)
    monkeypatch.setattr(cargo_money, "NO_SALE", False)
    without = _lowers(puzzle, 5)
    dropped = [i for i, (a, b) in enumerate(zip(with_count, without, strict=True)) if b <= 5 < a]
    assert dropped and all(a >= b for a, b in zip(with_count, without, strict=True))
    scens = FactReader(puzzle).scenarios()
    bud = budget(puzzle)
    for i in random.Random(5).sample(dropped, min(5, len(dropped))):
        assert _status(puzzle, scens[i], 5, bud) == "INFEASIBLE", scens[i]
    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    result = solve(puzzle, probe=False)
    assert (result.status, result.optimum) == ("OPTIMAL", 6)


def _views_against_scenarios(puzzle: Puzzle, comps, seed: int, count: str) -> None:
    """Over 3 sampled turn-1 placements and 12 sampled turn-2 scenarios below each, the per-slot
    view's bound is at most the scenario's own (test_solver_relax's `_scenario_lower`), and
    switching `cargo_money.<count>` off lowers some scenarios' own bound."""
    reader = FactReader(puzzle)
    relax = Relaxation(puzzle, [t for _, t in turn_two_tiles(puzzle) if t is not None])
    cards = playable_cards(puzzle, budget(puzzle).most)
    by_first: dict[object, list] = {}
    for sc in reader.scenarios():
        by_first.setdefault(sc.first, []).append(sc)
    rng = random.Random(seed)
    checked = raised = 0
    for first in rng.sample(list(by_first), 3):
        group = by_first[first]
        f = reader.first(first, group[0].boards[0])
        bounds = relax.bounds(first, f.board, f.view, reader.start_dock, cards)
        for sc in rng.sample(group, 12):
            own, _, _ = _scenario_lower(reader, puzzle, sc, cards, cards, comps)
            lower, _ = bounds[slot_name(sc.second)]
            assert lower <= own, (puzzle.id, sc)
            checked += 1
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(cargo_money, count, False)
                raised += own > _scenario_lower(reader, puzzle, sc, cards, cards, comps)[0]
    assert checked == 36 and raised > 0


def test_R_FREE_1_no_sale_read_on_large_puzzles_only(comps, monkeypatch):
    """`NO_SALE` is read only on puzzles of at least `NO_SALE_SCENARIOS` scenarios (two-turn
    puzzles from the placement): small-024 changed to an empty boat and 9 drachmas (a few hundred
    scenarios at most) has the count only with the gate lowered; g15001 (37,760) has it."""
    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    small = _empty_boat(comps, 9, 7)
    assert len(FactReader(small).scenarios()) < cargo_money.NO_SALE_SCENARIOS
    assert FactReader(small).no_sale is None
    monkeypatch.setattr(cargo_money, "NO_SALE_SCENARIOS", 0)
    assert FactReader(small).no_sale is not None
    monkeypatch.setattr(cargo_money, "NO_SALE_SCENARIOS", 2000)
    assert FactReader(load_puzzle(SLOW / "place-2-g15001.yaml", comps)).no_sale is not None


@pytest.mark.corpus
def test_R_FREE_1_g15001_no_sale_drops_do_not_ask_the_top(comps, monkeypatch):
    """place-2 g15001 with `NO_SALE`: bound 5 keeps 32 classes of thousands of scenarios once the
    count drops most (`FactReader.sale_drops`); counted as kept, they keep the largest bound's
    question (which has a line there) from being asked (`cpsat.TOP_SHARE`). The answer is the
    same either way (the question reads with its own reader): OPTIMAL 6. About 20 s (`corpus`: a
    speed-up's check; the count's soundness is checked by default against the exhaustive search,
    `test_R_FREE_1_R_LOAD_1_R_BUY_1_no_sale_against_the_exhaustive_search`)."""
    from akrotiri_puzzles.solver import cpsat

    monkeypatch.setattr(cargo_money, "NO_SALE", True)
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    asked: list[int] = []
    original = cpsat.Search.top_infeasible

    def spy(self, puzzle, bud, hi):  # type: ignore[no-untyped-def]
        asked.append(hi)
        return original(self, puzzle, bud, hi)

    monkeypatch.setattr(cpsat.Search, "top_infeasible", spy)
    result = solve(puzzle, probe=False)
    assert (result.status, result.optimum) == ("OPTIMAL", 6) and not asked
    # Without the drops counted as kept, the share gate asks the top, and the answer is the same.
    monkeypatch.setattr(FactReader, "sale_drops", property(lambda self: {}, lambda self, v: None), raising=False)
    again = solve(puzzle, probe=False)
    assert (again.status, again.optimum, again.line) == (result.status, result.optimum, result.line) and asked


def test_R_TILE_1_R_FREE_1_no_sale_views_count_no_more_than_each_scenario(comps):
    """The per-slot views read `NO_SALE` where the reader does (`facts.VIEW_SALE`,
    `Relaxation.sold`): over sampled turn-1 placements of g15001 (an empty boat, not every line
    loads) and sampled turn-2 scenarios below each (every oracle icon, slot and rotation,
    R-TILE-1), the view's raised bound is at most the scenario's own, read off its own boards
    with the count (test_solver_relax's `_scenario_lower`), never below the view's plain bound,
    and above it on some slots. Under a second."""
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    reader = FactReader(puzzle)
    assert reader.no_sale is not None
    relax = Relaxation(puzzle, [t for _, t in turn_two_tiles(puzzle) if t is not None])
    cards = playable_cards(puzzle, budget(puzzle).most)
    by_first: dict[object, list] = {}
    for sc in reader.scenarios():
        by_first.setdefault(sc.first, []).append(sc)
    rng = random.Random(56)
    checked = raised = 0
    for first in rng.sample(list(by_first), 4):
        group = by_first[first]
        f = reader.first(first, group[0].boards[0])
        plain = relax.bounds(first, f.board, f.view, reader.start_dock, cards)
        sold = relax.sold(reader.no_sale, first, f.board, f.view, reader.start_dock, cards, list(plain))
        raised += sum(sold[n] > plain[n][0] for n in plain)
        assert all(sold[n] >= plain[n][0] for n in plain)
        for sc in rng.sample(group, 12):
            own, _, _ = _scenario_lower(reader, puzzle, sc, cards, cards, comps)
            assert sold[slot_name(sc.second)] <= own, (puzzle.id, sc)
            checked += 1
    assert checked == 48 and raised > 0


@pytest.mark.corpus
def test_R_FREE_1_g15001_no_sale_views_keep_the_answer(comps, monkeypatch):
    """place-2 g15001 solved with the views reading `NO_SALE` (`facts.VIEW_SALE`) and without:
    the same status and optimum (6, main's answer before the switch), each line replayed by
    the engine at that cost (the solver checks it), and with it on, bound 5 reads a tenth of the
    scenarios at most (the views drop the rest, each counted among the count's drops). About 17 s
    of CPU (`corpus`: a speed-up's check; the views' soundness, scenario by scenario, is checked by
    default, `test_R_TILE_1_R_FREE_1_no_sale_views_count_no_more_than_each_scenario`)."""
    puzzle = load_puzzle(SLOW / "place-2-g15001.yaml", comps)
    reads: dict[bool, int] = {}
    answers = {}
    orig = FactReader.read

    def read(self, sc, bound, *args, **kwargs):  # type: ignore[no-untyped-def]
        if bound == 5 and self.puzzle.turns == 2:
            reads[on] = reads.get(on, 0) + 1
        return orig(self, sc, bound, *args, **kwargs)

    monkeypatch.setattr(FactReader, "read", read)
    for on in (True, False):
        monkeypatch.setattr(facts_module, "VIEW_SALE", on)
        result = solve(puzzle)
        answers[on] = (result.status, result.optimum)
    assert answers[True] == answers[False] == ("OPTIMAL", 6)
    assert reads[True] * 10 <= reads[False]
