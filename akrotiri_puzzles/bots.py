"""Bots that play whole games: a random one, a simple greedy one, and a mix of the two."""

from __future__ import annotations

import random
from collections import deque
from typing import Protocol

from .actions import Action, Buy, EndTurn, Excavate, KeepGoal, Load, PlaceBoat, PlaceTile, Sell, Step
from .components import COLOURS, DECKS
from .effects import apply_unchecked
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
    nearest island where one of its maps fits, or to Thera with cargo, or to cubes.

    With `unstick`, it also gets out of the states where it used to end every turn at once to
    the end of a game (issue 32): held in by the other boat, it sails through its dock; with no
    route to where it would go, it sails to cubes or Thera instead; cut off from everything
    useful, it places its tile where it opens the most. Without it (the default) it plays as it
    always has, so that a seed gives the positions the generator's candidates, the analysis
    corpora and the benchmarks were drawn from; `simulate` plays it with `unstick`.
    """

    name = "greedy"

    def __init__(self, unstick: bool = False) -> None:
        self.unstick = unstick

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
        if step is None and self.unstick and not _reaches(pos, pos.hero.boat, self._targets(pos), None):
            # The docks it would sail to lie beyond its boat's waters: cubes to load, or Thera,
            # where it can reach them, rather than a turn ended with nothing done.
            for fallback in (self._cube_docks(pos) if len(seat.cargo) < 3 else set(), set(pos.board.thera_docks)):
                step = step or self._toward(pos, legal, fallback)
        return step or EndTurn()

    def _setup_choice(self, pos: Position, legal: list[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], PlaceTile):
            if self.unstick and pos.hero.boat is not None and not _reaches(pos, pos.hero.boat, self._useful(pos), None):
                return self._opening(pos, legal, rng)
            return rng.choice(legal)
        if isinstance(legal[0], (KeepGoal, PlaceBoat)):
            return legal[0]
        return legal[0]

    def _useful(self, pos: Position) -> set[str]:
        """Every dock where the seat to move could do something: an island where a map it can pay
        for fits, cubes to load, or Thera with cubes to sell or the money for a map it can use."""
        seat = pos.hero
        useful = self._targets(pos) | (self._cube_docks(pos) if len(seat.cargo) < 3 else set())
        if seat.cargo or any(_deck_cost(pos, deck) + 1 <= seat.drachmas for deck in DECKS):
            useful |= set(pos.board.thera_docks)
        return useful

    def _opening(self, pos: Position, legal: list[Action], rng: random.Random) -> Action:
        """A tile placement for a boat cut off from every dock where it could do something (its
        waters join no island with cubes, no island where its maps fit, not Thera): the one that
        opens the most such docks to it, at random among the best. Placing tiles at random
        could seal both boats in empty waters for the rest of the game (issue 32)."""
        boat = pos.hero.boat
        assert boat is not None
        scored: list[tuple[int, Action]] = []
        for action in legal:
            after = apply_unchecked(pos, action)
            useful = self._useful(after)
            scored.append((len(_reachable(after, boat) & useful), action))
        best = max(n for n, _ in scored)
        return rng.choice([a for n, a in scored if n == best]) if best > 0 else rng.choice(legal)

    def _targets(self, pos: Position, name: str | None = None) -> set[str]:
        """Docks worth sailing to now for seat `name` (default: the seat to move)."""
        name = name or pos.to_move
        board = pos.board
        seat = pos.seat(name)
        if len(seat.cargo) == 3 or (seat.cargo and not self._cubes_here(pos, name)):
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
                if valid_sites(board, name, card, quads):
                    targets.update(board.docks_of_island[island])
        if targets:
            return targets
        if seat.cargo or (seat.maps and seat.drachmas >= 3):
            return set(board.thera_docks) if seat.cargo else self._cube_docks(pos)
        return self._cube_docks(pos) or set(board.thera_docks)

    def _cubes_here(self, pos: Position, name: str) -> bool:
        island = boat_island(pos, pos.seat(name))
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
        """The legal step that starts a shortest route to any target dock, around the other
        boat's dock; through it (R-MOVE-3: a point more) only when the two boats hold each
        other in: neither reaches a dock it would sail to but through the other's. Routed only
        around each other, both greedy boats then ended every turn at once, to the turn cap
        (game 230 of `simulate --seed 101 --games 300 --bot greedy`, issue 32)."""
        step = self._route(pos, legal, targets, through=False)
        if step is None and self.unstick and not pos.passing and self._held_in(pos):
            step = self._route(pos, legal, targets, through=True)
        return step

    def _held_in(self, pos: Position) -> bool:
        """Whether the other boat reaches none of its own targets but through this one's dock."""
        other = pos.seat(pos.other)
        if other.boat is None or pos.hero.boat is None:
            return False
        return not _reaches(pos, other.boat, self._targets(pos, pos.other), pos.hero.boat)

    def _route(self, pos: Position, legal: list[Action], targets: set[str], through: bool) -> Action | None:
        """`_toward`'s breadth-first search; `through`: the other boat's dock may lie on the way."""
        steps = {a.dock: a for a in legal if isinstance(a, Step)}
        here = pos.hero.boat
        if not steps or here is None or (here in targets and not pos.passing):
            return None
        board = pos.board
        blocked = pos.seat(pos.other).boat
        first: dict[str, str] = {}
        queue: deque[str] = deque()
        for dock in sorted(steps):
            if dock != blocked or pos.passing or through:
                first[dock] = dock
                queue.append(dock)
        while queue:
            dock = queue.popleft()
            if dock in targets and dock != blocked:
                return steps[first[dock]]
            nexts = (*board.ship_reach[dock], *board.docks_of_island[board.island_of_dock[dock]])
            for n in nexts:
                if n not in first and (n != blocked or through) and n != here:
                    first[n] = first[dock]
                    queue.append(n)
        return None


def _reaches(pos: Position, start: str | None, targets: set[str], blocked: str | None) -> bool:
    """Whether a boat at dock `start` reaches a target dock by steps that avoid `blocked` (None:
    through any dock)."""
    return start is not None and (start in targets or bool(_reachable(pos, start, blocked) & targets))


def _reachable(pos: Position, start: str, blocked: str | None = None) -> set[str]:
    """The docks a boat at `start` reaches by steps that avoid `blocked` (None: through any dock)."""
    board = pos.board
    seen = {start} if blocked is None else {start, blocked}
    queue = deque([start])
    while queue:
        dock = queue.popleft()
        for n in (*board.ship_reach[dock], *board.docks_of_island[board.island_of_dock[dock]]):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    if blocked is not None:
        seen.discard(blocked)
    return seen


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

    def __init__(self, greedy: float = 0.5, unstick: bool = False) -> None:
        if not 0.0 <= greedy <= 1.0:
            raise ValueError(f"greedy probability must lie in [0, 1], got {greedy}")
        self.greedy = greedy
        self._greedy = GreedyBot(unstick)
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


def make_bot(name: str, mix: float = 0.5, unstick: bool = False) -> Bot:
    """A bot by name; `mix` is the mixed bot's probability of a greedy action; `unstick`, whether
    its greedy actions get out of stalls (GreedyBot)."""
    if name == "mixed":
        return MixedBot(mix, unstick)
    return GreedyBot(unstick) if name == "greedy" else RandomBot()
