"""An exhaustive two-level search of the last round through the engine alone (R-END-2), the
reference `analyse --reply` is checked against (tests/test_analysis_reply.py).

It shares nothing with the analyser but the engine: `rules.legal_actions` lists the moves,
`effects.apply` plays them, `scoring.seat_score` scores the position where the game is over.
The hero (the first player, after a seat's last temple, or in the turn in which it can still
excavate its own last temple: then only its lines that do count) plays every line of the rest of its
turn up to `end`; after each, the opponent plays every line of its final turn up to `end`
(the game is then over) and keeps the one with the best margin for itself, then the most
drachmas; the hero keeps the end with the best margin, then result, then drachmas (R-SCORE-3).
Positions are merged by `Position.key()` (the whole position): nothing else is assumed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache

from akrotiri_puzzles import Components, Position, apply, legal_actions, load_components, loads_position, new_game
from akrotiri_puzzles.bots import make_bot
from akrotiri_puzzles.files.position_yaml import dumps_position
from akrotiri_puzzles.position import evolve
from akrotiri_puzzles.scoring import seat_score


class TooLarge(Exception):
    """The search met more positions than it was allowed."""


@dataclass(frozen=True)
class Reference:
    """The max-min: the hero's final margin, result and drachmas, and the scores."""

    margin: int
    result: str
    hero_drachmas: int
    hero_points: int
    other_points: int
    nodes: int


def _result(margin: int, drachma_gap: int) -> str:
    key = (margin, drachma_gap)
    return "win" if key > (0, 0) else "loss" if key < (0, 0) else "shared"


RANK = {"loss": 0, "shared": 1, "win": 2}


def last_round(pos: Position, max_nodes: int = 200_000) -> Reference:
    """The hero's best final outcome against the opponent's best final turn, by exhaustive search."""
    hero = pos.to_move
    opp = "north" if hero == "south" else "south"
    temples = pos.components.player_board.temples
    must_finish = all(len(s.temples) < temples for s in pos.seats)
    nodes = 0
    opp_memo: dict[object, tuple[tuple[int, int], Position]] = {}
    hero_memo: dict[object, tuple[tuple[int, int, int], Position] | None] = {}

    def count() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise TooLarge

    def opp_best(p: Position) -> tuple[tuple[int, int], Position]:
        # The opponent's best final position from p (its turn): its margin, then its drachmas.
        if p.phase == "over":
            me, them = seat_score(p, opp), seat_score(p, hero)
            return (me.total - them.total, me.drachmas), p
        k = p.key()
        if k not in opp_memo:
            count()
            opp_memo[k] = max((opp_best(apply(p, a)) for a in legal_actions(p)), key=lambda x: x[0])
        return opp_memo[k]

    def hero_best(p: Position) -> tuple[tuple[int, int, int], Position] | None:
        if p.to_move != hero:
            if must_finish and len(p.seat(hero).temples) < temples:
                return None  # the game goes on: no final score reads this line
            final = opp_best(p)[1]
            me, them = seat_score(final, hero), seat_score(final, opp)
            margin = me.total - them.total
            return (margin, RANK[_result(margin, me.drachmas - them.drachmas)], me.drachmas), final
        k = p.key()
        if k not in hero_memo:
            count()
            found = [r for r in (hero_best(apply(p, a)) for a in legal_actions(p)) if r is not None]
            hero_memo[k] = max(found, key=lambda x: x[0]) if found else None
        return hero_memo[k]

    got = hero_best(pos)
    if got is None:
        raise ValueError("no line of the hero's turn excavates its last temple")
    (margin, _, drachmas), final = got
    me, them = seat_score(final, hero), seat_score(final, opp)
    return Reference(margin, _result(margin, me.drachmas - them.drachmas), drachmas, me.total, them.total, nodes)


@cache
def greedy_game(seed: int, edition: int, first: str) -> tuple[Position, ...]:
    """Every position of a seeded game of two greedy bots (simulate.play_game's loop, with the
    first seat chosen), up to the end or turn 200."""
    comps = load_components()
    rng = random.Random(seed)
    bots = {s: make_bot("greedy") for s in ("south", "north")}
    pos = new_game(comps, seed, edition, False, first=first)
    seen = []
    while pos.phase != "over" and pos.turn <= 200:
        seen.append(pos)
        pos = apply(pos, bots[pos.to_move].choose(pos, rng))
    return tuple(seen)


def last_rounds(seed: int, edition: int, first: str) -> tuple[Position, ...]:
    """The positions of a greedy game from which the reply analysis starts: the first player to
    move, in its action phase (or goal draw), after its last temple; empty when the second
    player ended the game."""
    temples = load_components().player_board.temples
    return tuple(
        p
        for p in greedy_game(seed, edition, first)
        if p.to_move == p.first and p.phase in ("act", "goal") and len(p.hero.temples) >= temples
    )


def before_last_temple(seed: int, edition: int, first: str) -> tuple[Position, ...]:
    """The positions of a greedy game in the turn in which the first player excavates its last
    temple, before it does (its action phase): the reply analysis compares the lines that
    excavate it. Empty when the second player ended the game."""
    temples = load_components().player_board.temples
    game = greedy_game(seed, edition, first)
    done = next((i for i, p in enumerate(game) if len(p.seat(p.first).temples) >= temples), None)
    if done is None or game[done].to_move != game[done].first:
        return ()
    out = []
    for p in reversed(game[:done]):
        if p.to_move != p.first or p.turn != game[done].turn:
            break
        if p.phase == "act":
            out.append(p)
    return tuple(reversed(out))


@cache
def few_actions(actions: int) -> Components:
    """The default components with a player board of `actions` actions throughout (R-TURN-2 is
    component data): a whole turn of the opponent small enough for the exhaustive search."""
    comps = load_components()
    board = comps.player_board
    reveals = tuple(replace(r, actions=None if r.actions is None else actions) for r in board.reveals)
    return replace(comps, player_board=replace(board, start_actions=actions, reveals=reveals))


def small(pos: Position, actions: int, hero_actions: int, opp_tile: bool) -> Position:
    """A real last-round position made small: `actions` actions a turn (few_actions), at most
    `hero_actions` left in the hero's turn, the opponent's land tile kept or taken out of the
    game (`opp_tile` False: `without_tile`)."""
    p = loads_position(dumps_position(pos), few_actions(actions), "<small>")
    if not opp_tile:
        p = without_tile(p)
    return evolve(p, actions_left=min(p.actions_left, hero_actions))


def reply_value(after: Position, max_nodes: int = 200_000) -> int:
    """The hero's final margin against the opponent's best final turn from `after` (the
    opponent's turn, begun), by exhaustive search."""
    opp = after.to_move
    hero = "north" if opp == "south" else "south"
    memo: dict[object, tuple[tuple[int, int], int]] = {}

    def best(p: Position) -> tuple[tuple[int, int], int]:
        if p.phase == "over":
            me, them = seat_score(p, opp), seat_score(p, hero)
            return (me.total - them.total, me.drachmas), them.total - me.total
        k = p.key()
        if k not in memo:
            if len(memo) >= max_nodes:
                raise TooLarge
            memo[k] = max((best(apply(p, a)) for a in legal_actions(p)), key=lambda x: x[0])
        return memo[k]

    return best(after)[1]


def without_tile(pos: Position) -> Position:
    """The opponent's land tile put on the discard pile: its hand is empty, so its turn has no
    placement (R-TILE-1)."""
    them = pos.seat(pos.other)
    if them.tile is None:
        return pos
    pos = evolve(pos, land_discard=(*pos.land_discard, them.tile))
    return pos.with_seat(pos.other, replace(them, tile=None))
