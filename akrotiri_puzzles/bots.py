"""Bots that play whole games: a random one, a simple greedy one, and a mix of the two."""

from __future__ import annotations

import random
from collections import deque
from typing import Protocol

from .actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, PlaceBoat, PlaceTile, Sell, Step
from .components import COLOURS, DECKS
from .excavation import valid_sites
from .position import Position
from .rules import at_thera, boat_island, legal_actions, temple_island_set


class Bot(Protocol):
    """Chooses one legal action."""

    name: str

    def choose(self, pos: Position, rng: random.Random) -> Action:
        """Pick an action for the seat to move."""
        ...


class RandomBot:
    """Every legal action equally likely."""

    name = "random"

    def choose(self, pos: Position, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(legal_actions(pos))


class GreedyBot:
    """Excavate when it can, sell at Thera, buy maps it can use, load cubes, and sail toward the
    nearest island where one of its maps fits, or to Thera with cargo, or to cubes."""

    name = "greedy"

    def choose(self, pos: Position, rng: random.Random) -> Action:
        """The first action of a fixed list of priorities that is legal."""
        legal = legal_actions(pos)
        if pos.phase != "act":
            return self._setup_choice(pos, legal, rng)
        if pos.passing:
            return self._toward(pos, legal, self._targets(pos)) or legal[0]
        seat = pos.hero
        digs = [a for a in legal if isinstance(a, Excavate)]
        if digs:
            return max(digs, key=lambda a: (pos.components.map[a.card].points, -legal.index(a)))
        sells = [a for a in legal if isinstance(a, Sell)]
        if sells:
            return sells[0]
        if at_thera(pos) and len(seat.maps) < 2:
            buys = [a for a in legal if isinstance(a, Buy) and len(a.decks) == 1]
            affordable = [b for b in buys if _deck_cost(pos, b.decks[0]) + 1 <= seat.drachmas]
            if affordable:
                return max(affordable, key=lambda b: DECKS.index(b.decks[0]))
        loads = [a for a in legal if isinstance(a, Load)] if not at_thera(pos) else []
        if loads:
            # The most cubes, of the colours that sell best.
            return max(loads, key=lambda a: (len(a.colours), sum(_price(pos, c) for c in a.colours)))
        step = self._toward(pos, legal, self._targets(pos))
        return step or EndTurn()

    def _setup_choice(self, pos: Position, legal: list[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], PlaceTile):
            return rng.choice(legal)
        if isinstance(legal[0], (KeepGoal, PlaceBoat)):
            return legal[0]
        return legal[0]

    def _targets(self, pos: Position) -> set[str]:
        """Docks worth sailing to now."""
        board = pos.board
        seat = pos.hero
        if len(seat.cargo) == 3 or (seat.cargo and not self._cubes_here(pos)):
            return set(board.thera_docks)
        temples = temple_island_set(pos)
        targets: set[str] = set()
        for card_id in set(seat.maps):
            card = pos.components.map[card_id]
            if card.cost > seat.drachmas:
                continue
            for island, quads in board.island_quads.items():
                if island == board.thera_island or island in temples or island not in board.docks_of_island:
                    continue
                if valid_sites(board, pos.to_move, card, quads):
                    targets.update(board.docks_of_island[island])
        if targets:
            return targets
        if seat.cargo or (seat.maps and seat.drachmas >= 3):
            return set(board.thera_docks) if seat.cargo else self._cube_docks(pos)
        return self._cube_docks(pos) or set(board.thera_docks)

    def _cubes_here(self, pos: Position) -> bool:
        island = boat_island(pos)
        return island is not None and bool(pos.cubes_by_island.get(island))

    def _cube_docks(self, pos: Position) -> set[str]:
        board = pos.board
        return {
            d
            for island, counts in pos.cubes_by_island.items()
            if island != board.thera_island and any(counts.values())
            for d in board.docks_of_island.get(island, ())
        }

    def _toward(self, pos: Position, legal: list[Action], targets: set[str]) -> Action | None:
        """The legal step that starts a shortest route to any target dock."""
        steps = {a.dock: a for a in legal if isinstance(a, Step)}
        here = pos.hero.boat
        if not steps or here is None or (here in targets and not pos.passing):
            return None
        board = pos.board
        blocked = pos.seat(pos.other).boat
        first: dict[str, str] = {}
        queue: deque[str] = deque()
        for dock in sorted(steps):
            if dock != blocked or pos.passing:
                first[dock] = dock
                queue.append(dock)
        while queue:
            dock = queue.popleft()
            if dock in targets and dock != blocked:
                return steps[first[dock]]
            nexts = (*board.ship_reach[dock], *board.docks_of_island[board.island_of_dock[dock]])
            for n in nexts:
                if n not in first and n != blocked and n != here:
                    first[n] = first[dock]
                    queue.append(n)
        return None


def _deck_cost(pos: Position, deck: str) -> int:
    cards = pos.map_decks[DECKS.index(deck)]
    return pos.components.map[cards[0]].cost if cards else 10**6


def _price(pos: Position, colour: str) -> int:
    track = pos.components.market.track
    off = len(track) - pos.market[COLOURS.index(colour)]
    return track[off - 1] if off > 0 else 0


class MixedBot:
    """Greedy with probability `greedy`, else random: games that wander off the greedy path
    and still end (random play alone never excavates six temples)."""

    name = "mixed"

    def __init__(self, greedy: float = 0.5) -> None:
        if not 0.0 <= greedy <= 1.0:
            raise ValueError(f"greedy probability must lie in [0, 1], got {greedy}")
        self.greedy = greedy
        self._greedy = GreedyBot()
        self._random = RandomBot()

    def choose(self, pos: Position, rng: random.Random) -> Action:
        """A greedy action with probability `greedy`, else a uniformly random one (one draw of
        `rng` decides, so the same seed plays the same game)."""
        bot: Bot = self._greedy if rng.random() < self.greedy else self._random
        return bot.choose(pos, rng)


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[MixedBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mixed": MixedBot,
}


def make_bot(name: str, mix: float = 0.5) -> Bot:
    """A bot by name; `mix` is the mixed bot's probability of a greedy action."""
    return MixedBot(mix) if name == "mixed" else BOTS[name]()
