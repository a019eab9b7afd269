"""The boards a puzzle's line can meet, and the facts the CP-SAT model reads off them.

A *scenario* fixes everything about the board that a line chooses: where the hero's tile goes
this turn (when the puzzle starts before the placement), which icon the oracle is asked for in
turn 1 (horizon 2), and where the next turn's tile goes. Each scenario has a board for the
actions of each turn. The model picks one scenario; every fact it reads (which docks one step
joins, where a map card fits, which pieces share an island) is the set of scenarios where the
fact holds.

Docks and pieces of a tile the line places are named by aliases that do not depend on where
it goes: `+1:NE` is the dock the turn-1 tile shows in its NE quadrant when facing north and
`+1:p0` its first piece; `+2:...` likewise for the turn-2 tile. Islands of the start board
that hold cubes or docks are parts named `I:x,y` after their key.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import EndTurn, Oracle
from ..board import Board, tile_template
from ..components import COLOURS, ICONS, TileSpec
from ..excavation import Bounds, fits_bounds, site_bounds
from ..geometry import QUAD_OFFSET, ROTATIONS, Quad, Slot, format_quad
from ..puzzle import Puzzle, State, play

_OFFSET_NAME = {v: k for k, v in QUAD_OFFSET.items()}
Scenarios = frozenset[int]


@dataclass(frozen=True)
class Placement:
    """A land tile placed by the line: which tile, where, turned how far."""

    tile: str
    slot: Slot
    rotation: int


@dataclass(frozen=True)
class Scenario:
    """One choice of everything a line decides about the board."""

    first: Placement | None
    oracle: str | None
    second: Placement | None
    boards: tuple[Board, ...]
    """The board of turn 1's actions and, with a horizon of 2, of turn 2's."""

    def placement(self, which: int) -> Placement | None:
        """The turn-1 (which=1) or turn-2 (which=2) placement."""
        return self.first if which == 1 else self.second

    def board_after(self, which: int) -> Board:
        """The board right after placement `which`."""
        return self.boards[which - 1]


def turn_two_tiles(puzzle: Puzzle) -> list[tuple[str | None, str | None]]:
    """(oracle icon, tile held at the start of turn 2): without the oracle, and for each icon.

    Worked out by the engine on a probe: the hero's turn-1 action phase after any placement,
    with one action left.
    """
    start = puzzle.start
    hero = puzzle.hero
    seat = start.seat(hero)
    held = seat.tile if start.phase == "act" else None
    probe = replace(start, phase="act", actions_left=1, points=0, passing=False)
    probe = probe.with_seat(hero, replace(seat, tile=held))
    two = replace(puzzle, turns=2)
    out: list[tuple[str | None, str | None]] = []
    after = play(two, State(probe), EndTurn())
    out.append((None, after.pos.seat(hero).tile))
    if held is None and not start.oracle_used and start.land_pile:
        for icon in ICONS:
            consulted = play(two, State(probe), Oracle(icon))
            out.append((icon, consulted.pos.seat(hero).tile))
    return out


def placements(board: Board, tile: str) -> list[Placement]:
    """Every slot and rotation where a tile may go (R-TILE-1)."""
    return [Placement(tile, slot, rot) for slot in board.open_slots for rot in ROTATIONS]


def scenarios(puzzle: Puzzle, firsts: Sequence[Placement | None] | None = None) -> list[Scenario]:
    """Every scenario of a puzzle; `firsts` limits turn 1's placements (for a split search)."""
    start = puzzle.start
    base = start.board
    if firsts is None:
        tile = start.hero.tile
        firsts = list(placements(base, tile)) if start.phase == "place" and tile is not None else [None]
    seconds = turn_two_tiles(puzzle) if puzzle.turns == 2 else []
    out: list[Scenario] = []
    for f in firsts:
        b1 = base if f is None else base.with_tile(f.slot, f.tile, f.rotation)
        if puzzle.turns == 1:
            out.append(Scenario(f, None, None, (b1,)))
            continue
        for icon, tile2 in seconds:
            if tile2 is None:
                out.append(Scenario(f, icon, None, (b1, b1)))
                continue
            for p in placements(b1, tile2):
                out.append(Scenario(f, icon, p, (b1, b1.with_tile(p.slot, p.tile, p.rotation))))
    return out


@dataclass(frozen=True)
class PlacementFacts:
    """What one scenario's placement does: its tile's icon colour and pieces."""

    icon_colour: str
    icon_piece: int
    pieces: int
    second_cube: tuple[int, ...]
    """Pieces (by index) on a different island from the icon's piece, judged after placement."""
    piece_island: tuple[Quad, ...]
    """Each piece's island on the board after placement."""
    piece_quadrant: tuple[str, ...]
    """The quadrant naming each piece in the notation (its smallest quadrant)."""


@dataclass
class Layer:
    """Facts of one turn's boards, each mapped to the scenarios where it holds."""

    exists: dict[str, set[int]] = field(default_factory=dict)
    hubs: dict[frozenset[str], set[int]] = field(default_factory=dict)
    """Groups of docks any two of which one step joins: a shipping-route component or an island
    (restricted to the docks within reach, two or more)."""
    thera: dict[str, set[int]] = field(default_factory=dict)
    same_island: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(part, dock): the part lies on the dock's island."""
    dock_island: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(a, b) with a <= b among docks where a card fits: both on one island (goals of 2+ temples)."""
    dig: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    """(map card, dock): the card fits a site on the dock's island, not Thera, with no temple."""


@dataclass
class Facts:
    """Everything the model reads off the scenarios."""

    puzzle: Puzzle
    scenarios: list[Scenario]
    docks: list[str]
    """Dock aliases a line can reach, nearest first (the start dock first)."""
    distance: dict[str, int]
    """Least steps from the start dock, over every scenario."""
    aliases: list[list[dict[str, str]]]
    """Per scenario and turn: alias of a placed tile's dock -> its name on that board."""
    parts: list[str]
    part_of_dock: dict[str, str]
    start_cubes: dict[str, dict[str, int]]
    layers: list[Layer]
    placement: list[dict[int, PlacementFacts]]
    """Per placement (turn 1, turn 2): facts per scenario index that has it."""
    cards: list[str]
    steps_from: list[dict[str, dict[str, int]]] = field(default_factory=list)
    """Per scenario: least steps to each dock from the start dock, from Thera, and from the docks
    where some card fits ("start", "thera", "dig"), on the last turn's board (which has every
    step the earlier board has)."""

    def name(self, s: int, turn: int, alias: str) -> str:
        """The dock an alias names on scenario s's board of a turn."""
        return self.aliases[s][turn].get(alias, alias)

    def alias(self, s: int, turn: int, name: str) -> str:
        """The alias of a dock named on scenario s's board of a turn."""
        for a, n in self.aliases[s][turn].items():
            if n == name:
                return a
        return name


def _piece_index(spec: TileSpec, quadrant: str) -> int:
    return next(k for k, piece in enumerate(spec.pieces) if quadrant in piece)


def _placement_facts(board: Board, p: Placement) -> PlacementFacts:
    spec = board.components.tile[p.tile]
    t = tile_template(spec, p.rotation)
    keys = [(2 * p.slot[0] + piece[0][0], 2 * p.slot[1] + piece[0][1]) for piece in t.pieces]
    islands = tuple(board.island_of_piece[k] for k in keys)
    icon_island = islands[t.icon_piece]
    return PlacementFacts(
        icon_colour=board.components.market.colour_of(spec.icon),
        icon_piece=t.icon_piece,
        pieces=len(keys),
        second_cube=tuple(k for k, isl in enumerate(islands) if isl != icon_island),
        piece_island=islands,
        piece_quadrant=tuple(_OFFSET_NAME[piece[0]] for piece in t.pieces),
    )


def _tile_aliases(board: Board, p: Placement, which: int) -> dict[str, str]:
    """Aliases of a placed tile's docks -> their names (docks are named by their quadrant)."""
    spec = board.components.tile[p.tile]
    t = tile_template(spec, p.rotation)
    return {
        f"+{which}:{q}": format_quad((2 * p.slot[0] + i, 2 * p.slot[1] + j))
        for q, (i, j) in zip(spec.docks, t.docks, strict=True)
    }


@dataclass
class _BoardFacts:
    """What one board says, with docks named by alias; shared by the scenarios on that board."""

    scens: list[int]
    island: dict[str, Quad]
    groups: list[frozenset[str]]
    thera: set[str]


def build_facts(puzzle: Puzzle, scens: list[Scenario], max_steps: int, cards: list[str]) -> Facts:
    """Read the facts off every scenario's boards, for docks within `max_steps` steps."""
    start = puzzle.start
    hero = puzzle.hero
    comps = start.components
    base = start.board
    start_dock = start.seat(hero).boat
    assert start_dock is not None
    turns = len(scens[0].boards)

    aliases: list[list[dict[str, str]]] = []
    for sc in scens:
        per_turn = []
        for turn in range(turns):
            m: dict[str, str] = {}
            for which in (1, 2):
                p = sc.placement(which)
                if p is not None and which <= turn + 1:
                    m.update(_tile_aliases(sc.boards[turn], p, which))
            per_turn.append(m)
        aliases.append(per_turn)

    # Each distinct board once: scenarios sharing a board (and its aliases) share its facts.
    per_turn_boards: list[list[tuple[Board, dict[str, str], _BoardFacts]]] = []
    for turn in range(turns):
        seen: dict[tuple[int, tuple[tuple[str, str], ...]], int] = {}
        boards: list[tuple[Board, dict[str, str], _BoardFacts]] = []
        for s, sc in enumerate(scens):
            board = sc.boards[turn]
            key = (id(board), tuple(sorted(aliases[s][turn].items())))
            if key in seen:
                boards[seen[key]][2].scens.append(s)
                continue
            seen[key] = len(boards)
            back = {n: a for a, n in aliases[s][turn].items()}
            island = {back.get(n, n): isl for n, isl in board.island_of_dock.items()}
            groups: dict[tuple[str, object], set[str]] = {}
            for n, comp in board.ship_component.items():
                a = back.get(n, n)
                groups.setdefault(("ship", comp), set()).add(a)
                groups.setdefault(("land", island[a]), set()).add(a)
            thera = {a for a, isl in island.items() if isl == board.thera_island}
            bf = _BoardFacts([s], island, [frozenset(g) for g in groups.values() if len(g) >= 2], thera)
            boards.append((board, aliases[s][turn], bf))
        per_turn_boards.append(boards)

    # Docks within reach: breadth-first over every board's steps.
    neighbours: dict[str, set[str]] = {}
    for boards in per_turn_boards:
        for _, _, bf in boards:
            for g in bf.groups:
                for a in g:
                    neighbours.setdefault(a, set()).update(g)
    distance = {start_dock: 0}
    queue = deque([start_dock])
    while queue:
        d = queue.popleft()
        if distance[d] >= max_steps:
            continue
        for n in sorted(neighbours.get(d, ())):
            if n not in distance:
                distance[n] = distance[d] + 1
                queue.append(n)
    docks = sorted(distance, key=lambda d: (distance[d], d))
    reach = set(docks)

    # Parts: islands of the start board reached by a dock or holding cubes, and placed pieces.
    part_of_dock: dict[str, str] = {}
    for d in docks:
        if d.startswith("+"):
            which = int(d[1])
            tile = next(p.tile for sc in scens if (p := sc.placement(which)) is not None)
            part_of_dock[d] = f"+{which}:p{_piece_index(comps.tile[tile], d.split(':')[1])}"
        else:
            part_of_dock[d] = "I:{},{}".format(*base.island_of_dock[d])
    start_cubes: dict[str, dict[str, int]] = {}
    for cube_island, counts in start.cubes_by_island.items():
        start_cubes["I:{},{}".format(*cube_island)] = {c: counts.get(c, 0) for c in COLOURS}
    parts = set(part_of_dock.values()) | set(start_cubes)
    for sc in scens:
        for which in (1, 2):
            p = sc.placement(which)
            if p is not None:
                parts.update(f"+{which}:p{k}" for k in range(len(comps.tile[p.tile].pieces)))

    placement: list[dict[int, PlacementFacts]] = [{}, {}]
    for s, sc in enumerate(scens):
        for which in (1, 2):
            p = sc.placement(which)
            if p is not None:
                placement[which - 1][s] = _placement_facts(sc.board_after(which), p)

    layers = []
    temple_sites = [site for seat in start.seats for _, site in seat.temples]
    fit_cache: dict[tuple[Bounds, tuple[Quad, ...]], bool] = {}
    for turn, boards in enumerate(per_turn_boards):
        layer = Layer()
        for board, names, bf in boards:
            ss = bf.scens
            present = [d for d in docks if d in bf.island]
            for d in present:
                _add(layer.exists, d, ss)
                if d in bf.thera:
                    _add(layer.thera, d, ss)
            for g in bf.groups:
                near = g & reach
                if len(near) >= 2:
                    _add(layer.hubs, frozenset(near), ss)
            # Which parts lie on which dock's island.
            docks_on: dict[Quad, list[str]] = {}
            for d in present:
                docks_on.setdefault(bf.island[d], []).append(d)
            for part in parts:
                isl = _part_island(part, scens[ss[0]], turn, placement, ss[0])
                for d in docks_on.get(isl, ()) if isl is not None else ():
                    _add(layer.same_island, (part, d), ss)
            # Where each card fits: islands other than Thera without a temple, seen from the hero.
            blocked = {board.island_at(q) for q in temple_sites} | {board.thera_island}
            fitting: set[str] = set()
            for card in cards:
                bounds = site_bounds(board, hero, comps.map[card])
                if bounds is None:
                    continue
                for isl, ds in docks_on.items():
                    if isl in blocked:
                        continue
                    quads = board.island_quads[isl]
                    fit_key = (bounds, quads)
                    if fit_key not in fit_cache:
                        fit_cache[fit_key] = any(fits_bounds(bounds, q) for q in quads)
                    if fit_cache[fit_key]:
                        for d in ds:
                            _add(layer.dig, (card, d), ss)
                            fitting.add(d)
            if puzzle.goal.temples >= 2:
                ordered = sorted(fitting)
                for i, a in enumerate(ordered):
                    for b in ordered[i:]:
                        if bf.island[a] == bf.island[b]:
                            _add(layer.dock_island, (a, b), ss)
            del names
        layers.append(layer)

    facts = Facts(
        puzzle=puzzle,
        scenarios=scens,
        docks=docks,
        distance=distance,
        aliases=aliases,
        parts=sorted(parts),
        part_of_dock=part_of_dock,
        start_cubes=start_cubes,
        layers=layers,
        placement=placement,
        cards=cards,
    )
    last = turns - 1
    adjacency: dict[int, dict[str, list[str]]] = {}
    digs_of: dict[int, list[str]] = {}
    for _, _, bf in per_turn_boards[last]:
        adj: dict[str, list[str]] = {d: [] for d in docks}
        for g in bf.groups:
            members = sorted(g & reach)
            for a in members:
                adj[a].extend(b for b in members if b != a)
        for s in bf.scens:
            adjacency[s] = adj
    for (_card, d), holding in layers[last].dig.items():
        for s in holding:
            digs_of.setdefault(s, []).append(d)
    for s in range(len(scens)):
        theras = [d for d, holding in layers[last].thera.items() if s in holding]
        facts.steps_from.append(
            {
                "start": _bfs(adjacency[s], [start_dock]),
                "thera": _bfs(adjacency[s], theras),
                "dig": _bfs(adjacency[s], sorted(set(digs_of.get(s, [])))),
            }
        )
    return facts


def _add(table: dict[Any, set[int]], key: object, scens: list[int]) -> None:
    table.setdefault(key, set()).update(scens)


def _bfs(adj: dict[str, list[str]], sources: list[str]) -> dict[str, int]:
    dist = {d: 0 for d in sources if d in adj}
    queue = deque(dist)
    while queue:
        d = queue.popleft()
        for n in adj[d]:
            if n not in dist:
                dist[n] = dist[d] + 1
                queue.append(n)
    return dist


def _part_island(part: str, sc: Scenario, turn: int, placement: list[dict[int, PlacementFacts]], s: int) -> Quad | None:
    """The island a part lies on in turn `turn`'s board, or None if it is not there yet."""
    board = sc.boards[turn]
    if part.startswith("I:"):
        x, y = part[2:].split(",")
        return board.island_of_piece[(int(x), int(y))]
    which = int(part[1])
    if which > turn + 1 or s not in placement[which - 1]:
        return None
    p = sc.placement(which)
    assert p is not None
    index = int(part.split(":p")[1])
    t = tile_template(board.components.tile[p.tile], p.rotation)
    if index >= len(t.pieces):
        return None
    i, j = t.pieces[index][0]
    return board.island_of_piece[(2 * p.slot[0] + i, 2 * p.slot[1] + j)]
