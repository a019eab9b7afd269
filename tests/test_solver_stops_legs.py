"""`stops.buy_gap`'s legs, read once per card and distance from Thera (session 57), against the
count main made dock by dock (R-BUY-1, R-FREE-1, R-MOVE-2, R-TURN-1, R-TURN-2).

`_pairs_buy_gap` below is main's `buy_gap` (5b19f06) as it was: every (card, dock) pair a leg,
one pass over the docks for the buy's legs and another for the sale's. The rewrite must give the
same count for every input, so it is checked on random inputs covering every branch (turns or
none, a sale or none, cubes aboard, one dock or several) and, in the slow test, on every call a
real place-2 solve makes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.solver import lower as lower_module
from akrotiri_puzzles.solver import stops
from akrotiri_puzzles.solver.cpsat import solve
from akrotiri_puzzles.solver.legs import FirstTurn, actions_for, loaded_actions
from akrotiri_puzzles.solver.points import FAR, least_over

SLOW = Path(__file__).parent / "data" / "puzzles" / "slow"


def _pairs_buy_gap(  # type: ignore[no-untyped-def]
    temples, hand, fit, from_start, from_thera, to_thera, points, load, sale=None, turns=None
) -> int:
    """Main's `buy_gap`, pair by pair (the reference)."""
    held = [k for k in hand if fit.get(k) and any(from_start.get(d, FAR) < FAR for d in fit[k])]
    short = len(held) < temples
    cargo = False
    if not short:
        if sale is None:
            return 0
        costs, drachmas, cargo = sale
        if sum(sorted(costs[k] for k in held)[:temples]) <= drachmas:
            return 0
    back = actions_for(least_over(from_thera, fit.values()), 0)
    if back >= FAR:
        return FAR
    one = temples == 2 or len(held) == 1
    split = turns if turns is not None and one else None
    rest = 2 * temples - 2 + max(1, back)

    def legs_of(span: Callable[[int], int]) -> dict[str, list[tuple[int, int]]]:
        legs: dict[str, dict[tuple[int, int], None]] = {}
        for k in held:
            for d in fit[k]:
                reach, leave = from_start.get(d, FAR), from_thera.get(d, FAR)
                if split is not None and span(leave) > split.second:
                    if d not in split.fit.get(k, ()):
                        reach = FAR
                    elif split.from_start is not None:
                        reach = split.from_start.get(d, FAR)
                        if actions_for(reach, points) + 1 > split.actions:
                            reach = FAR
                legs.setdefault(k, {})[(reach, leave)] = None
        return {k: list(pairs) for k, pairs in legs.items()}

    def via(reach: int, leave: int, moves: Callable[[int, int], int]) -> int:
        there, away = moves(reach, points), moves(leave, 0)
        return there + max(1, away) - 1 if there < FAR and away < FAR else FAR

    def to_stop(legs: list[tuple[int, int]], moves: Callable[[int, int], int]) -> int:
        before = moves(to_thera, points)
        if legs and one:
            for reach, leave in legs:
                before = min(before, via(reach, leave, moves))
        elif legs:
            before = min(before, via(min(r for r, _ in legs), min(v for _, v in legs), moves))
        return before

    def total(part: int, more: int) -> int:
        return FAR if part >= FAR else part + more

    buying = legs_of(lambda leave: rest + max(1, actions_for(leave, 0)) + 1)
    union = list({leg: None for legs in buying.values() for leg in legs})
    bought = total(to_stop(union, actions_for), max(1, back) + 2 * temples + (1 if load else 0))
    if one and temples == 2 and sale is not None and not load:
        costs, drachmas, aboard = sale
        lead = actions_for(to_thera, points)
        for k, ways in buying.items():
            others = [c for o, c in costs.items() if o != k]
            if not others:
                continue
            selling = costs[k] + 1 + min(others) > drachmas
            for reach, leave in ways:
                way = via(reach, leave, actions_for)
                if selling:
                    way = total(way, 1)
                    if aboard:
                        way = min(way, via(reach, leave, loaded_actions))
                lead = min(lead, way)
        bought = max(bought, total(lead, max(1, back) + 2 * temples))
    if short:
        return bought
    selling_legs = legs_of(lambda leave: rest + max(1, min(loaded_actions(leave, 0), actions_for(leave, 0) + 1)))
    union = list({leg: None for legs in selling_legs.values() for leg in legs})
    sold = total(to_stop(union, actions_for), max(1, back) + 2 * temples)
    if cargo:
        sold = min(sold, total(to_stop(union, loaded_actions), max(1, back) + 2 * temples - 1))
    return min(bought, sold)


def _random_call(rng: random.Random) -> tuple:
    """One random `buy_gap` input: up to 12 docks (Thera's at 0 steps), up to 5 cards."""
    docks = [f"d{i}" for i in range(rng.randint(2, 12))]
    steps = [0, 1, 2, 3, 4, 5, 6, 7, 9, FAR]
    from_start = {d: rng.choice(steps) for d in docks if rng.random() < 0.9}
    from_thera = {d: rng.choice(steps) for d in docks if rng.random() < 0.9}
    cards = [f"k{i}" for i in range(rng.randint(1, 5))]
    fit = {k: set(rng.sample(docks, rng.randint(0, len(docks)))) for k in cards}
    hand = set(rng.sample(cards, rng.randint(0, len(cards))))
    temples = rng.choice([2, 2, 3])
    sale = None
    if rng.random() < 0.7:
        sale = ({k: rng.randint(0, 4) for k in cards}, rng.randint(0, 6), rng.random() < 0.5)
    turns = None
    if rng.random() < 0.7:
        first_fit = {k: {d for d in fit[k] if rng.random() < 0.6} for k in cards}
        near = {d: rng.choice(steps) for d in docks} if rng.random() < 0.7 else None
        turns = FirstTurn(first_fit, rng.randint(3, 9), rng.choice([1, 2, 3, 4, FAR]), near)
    to_thera = min((from_start.get(d, FAR) for d, n in from_thera.items() if n == 0), default=FAR)
    return (temples, hand, fit, from_start, from_thera, to_thera, rng.randint(0, 3), rng.random() < 0.3, sale, turns)


def test_R_BUY_1_R_FREE_1_R_TURN_2_buy_gap_read_per_distance_equals_the_pair_by_pair_count() -> None:
    """3,000 random inputs: the same count as main's pair-by-pair `buy_gap` (both switches on)."""
    rng = random.Random(57)
    seen = set()
    for _ in range(3000):
        call = _random_call(rng)
        got = stops.buy_gap(*call)
        assert got == _pairs_buy_gap(*call), call
        seen.add((got == 0, got >= FAR, call[8] is not None, call[9] is not None))
    # The draw reaches every kind of answer with and without a sale and turns.
    assert len(seen) >= 10


@pytest.mark.slow
def test_R_BUY_1_R_FREE_1_R_TURN_2_buy_gap_equals_the_pair_by_pair_count_on_a_real_place_2_solve(comps, monkeypatch):  # type: ignore[no-untyped-def]
    """Every `buy_gap` call of g15001's solve (6,438 on 5b19f06; ~6 s CPU): the same count."""
    calls = []
    real = stops.buy_gap

    def checked(*args, **kwargs):  # type: ignore[no-untyped-def]
        got = real(*args, **kwargs)
        calls.append(got == _pairs_buy_gap(*args, **kwargs))
        return got

    monkeypatch.setattr(lower_module, "buy_gap", checked)
    result = solve(load_puzzle(SLOW / "place-2-g15001.yaml", comps))
    assert result.status == "OPTIMAL"
    assert len(calls) > 1000
    assert all(calls)
