"""The board as data (K-SET-2, K-R-1): provinces, their adjacency, fort spaces and ports.

A `Board` is built once (from `data/board.yaml` or a user's file, `files/board_yaml.py`) and
shared by every position of a game; what the rules ask of it often (neighbours, distances, the
fort spaces round a province, values) is computed once here. Provinces are numbered by their
order in the file; a fort space by its number (1 to 26, card n names space n, K-CAST-1).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property

from .components import province_value

Point = tuple[float, float]


@dataclass(frozen=True)
class Province:
    """A province: its id (used in the notation), name, colour, whether it touches the sea and
    has a port, the value printed as white hexagons, and where it is drawn."""

    id: str
    name: str
    colour: str
    coast: bool
    port: bool
    hexagons: int
    shape: tuple[Point, ...] = ()
    """The outline, for pictures (empty: the board gives no geometry)."""
    port_at: Point | None = None
    """Where the port is drawn, out at sea."""
    label_at: Point | None = None

    @property
    def value(self) -> int:
        """Points for first place (K-SCORE-2)."""
        return province_value(self.colour, self.port)


@dataclass(frozen=True)
class FortSpace:
    """A round fort space where provinces meet: its number and the provinces round it, in order."""

    number: int
    provinces: tuple[int, ...]
    at: Point | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """The map of a game; compared by identity (one board object per game)."""

    name: str
    provinces: tuple[Province, ...]
    adjacency: frozenset[frozenset[int]]
    spaces: tuple[FortSpace, ...]
    """Index n-1 holds fort space n."""
    reconstructed: bool = False
    note: str = ""
    size: Point | None = None
    source: str = field(default="", compare=False)

    @cached_property
    def index(self) -> dict[str, int]:
        """Province id -> index."""
        return {p.id: i for i, p in enumerate(self.provinces)}

    @cached_property
    def ids(self) -> tuple[str, ...]:
        """Province ids in board order."""
        return tuple(p.id for p in self.provinces)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Adjacent provinces of each province (one orange border, K-CMD-2, K-R-2)."""
        out: list[list[int]] = [[] for _ in self.provinces]
        for pair in self.adjacency:
            a, b = sorted(pair)
            out[a].append(b)
            out[b].append(a)
        return tuple(tuple(sorted(n)) for n in out)

    @cached_property
    def distance(self) -> tuple[tuple[int, ...], ...]:
        """Steps between provinces along the adjacency (a large number when unreachable)."""
        n = len(self.provinces)
        rows = []
        for start in range(n):
            dist = [n + 1] * n
            dist[start] = 0
            todo = deque([start])
            while todo:
                p = todo.popleft()
                for q in self.neighbours[p]:
                    if dist[q] > dist[p] + 1:
                        dist[q] = dist[p] + 1
                        todo.append(q)
            rows.append(tuple(dist))
        return tuple(rows)

    @cached_property
    def spaces_of(self) -> tuple[tuple[int, ...], ...]:
        """Indices (number - 1) of the fort spaces touching each province (K-SCORE-1)."""
        return tuple(
            tuple(s for s, space in enumerate(self.spaces) if p in space.provinces) for p in range(len(self.provinces))
        )

    @cached_property
    def values(self) -> tuple[int, ...]:
        """Each province's value (K-SCORE-2)."""
        return tuple(p.value for p in self.provinces)

    @cached_property
    def ports(self) -> tuple[int, ...]:
        """Provinces with a port."""
        return tuple(i for i, p in enumerate(self.provinces) if p.port)

    def province(self, pid: str) -> int:
        """The index of a province id; KeyError when unknown."""
        return self.index[pid]

    def space(self, number: int) -> FortSpace:
        """Fort space `number` (1-based)."""
        return self.spaces[number - 1]
