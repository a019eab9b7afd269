"""Endgame positions from seeded games, for the agreement tests and the benchmark."""

from __future__ import annotations

from collections.abc import Iterator

from ..components import Components
from ..position import Position
from ..simulate import play_game


def last_turns(comps: Components, seed: int, edition: int = 2016, bots: str = "greedy") -> list[Position]:
    """Every position of each seat's last turn of a seeded game, in the order played."""
    seen: list[Position] = []
    play_game(comps, seed, edition, bots=(bots, bots), check=False, on_position=seen.append)
    out: list[Position] = []
    for seat in ("south", "north"):
        mine = [p for p in seen if p.to_move == seat and p.phase in ("place", "act")]
        if mine:
            last = mine[-1].turn
            out.extend(p for p in mine if p.turn == last)
    return out


def endgames(comps: Components, seeds: range, edition: int, most_actions: int, placement: bool) -> Iterator[Position]:
    """Positions of the seats' last turns of seeded greedy games: with `placement`, the tile
    still to place, else in the action phase with at most `most_actions` actions left (and
    the boat not passing, R-MOVE-3); one per seat and game."""
    for seed in seeds:
        by_seat: dict[str, Position] = {}
        for p in last_turns(comps, seed, edition):
            if p.to_move in by_seat or p.passing:
                continue
            if (placement and p.phase == "place" and p.hero.tile is not None) or (
                not placement and p.phase == "act" and p.actions_left <= most_actions
            ):
                by_seat[p.to_move] = p
        yield from by_seat.values()


def seat_turns(
    comps: Components, seed: int, edition: int = 2016, bots: str = "greedy"
) -> dict[str, list[list[Position]]]:
    """Each seat's turns of a seeded game (its tile placement and action positions), in order."""
    seen: list[Position] = []
    play_game(comps, seed, edition, bots=(bots, bots), check=False, on_position=seen.append)
    out: dict[str, list[list[Position]]] = {"south": [], "north": []}
    for p in seen:
        if p.phase not in ("place", "act"):
            continue
        turns = out[p.to_move]
        if not turns or turns[-1][0].turn != p.turn:
            turns.append([])
        turns[-1].append(p)
    return out


def two_turn_starts(
    comps: Components, seeds: range, edition: int, most_actions: int, nth: int = -2
) -> Iterator[Position]:
    """Starts for the two-turn analysis: a seat's action phase in its `nth` turn of a seeded
    greedy game (Python indexing: -2 is the turn before its last, 0 its first), at most
    `most_actions` actions left, the boat not passing (R-MOVE-3), the land pile known; the first
    such position of the turn, one per seat and game, south first."""
    for seed in seeds:
        for turns in seat_turns(comps, seed, edition).values():
            if not -len(turns) <= nth < len(turns):
                continue
            pick = (
                p
                for p in turns[nth]
                if p.phase == "act" and not p.passing and p.actions_left <= most_actions and p.piles_known
            )
            found = next(pick, None)
            if found is not None:
                yield found
