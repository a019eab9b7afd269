"""Where a map card can be excavated: icons above, below, left and right of a site (R-EXC-2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .board import Board
from .components import MapCard
from .geometry import DIRECTIONS, Quad, in_direction

IconCoordinates = Mapping[tuple[str, int], Sequence[int]]
"""Per terrain kind and axis (0: x, 1: y), the icons' coordinates on that axis, sorted."""


Requirement = tuple[str, str, int]
"""(direction, icon kind, how many): one requirement of a map card (R-EXC-2)."""


def requirement_bound(
    coordinates: IconCoordinates, seat: str, requirement: Requirement
) -> tuple[int, bool, int] | None:
    """One requirement as a bound a site's coordinate must pass: (axis, below, bound), or None
    when the board has too few icons of the kind (`Bounds`).

    A site has at least n icons of a kind above it exactly when its row lies below the n-th
    highest such icon's row, and so on for each direction; the site's own row and column never
    count because the comparisons are strict. For the north seat everything is mirrored.
    """
    direction, kind, n = requirement
    axis = 1 if direction in ("above", "below") else 0
    coords = coordinates.get((kind, axis), ())
    if len(coords) < n:
        return None
    # "toward +" is above or right for south, below or left for north.
    if (direction in ("above", "right")) == (seat == "south"):
        return (axis, True, coords[-n])  # below the n-th largest coordinate
    return (axis, False, coords[n - 1])  # above the n-th smallest


def meets(board: Board, seat: str, card: MapCard, site: Quad) -> bool:
    """Whether a site meets every requirement of the card, read from `seat`."""
    return bool(valid_sites(board, seat, card, (site,)))


Bounds = tuple[tuple[int, bool, int], ...] | None
"""(axis, below, bound) per requirement: a site fits when its coordinate on `axis` is below
(or above) `bound` for each; None when the board lacks the icons altogether."""


def site_bounds(board: Board, seat: str, card: MapCard) -> Bounds:
    """The card's requirements on this board as bounds on a site's coordinates (hashable)."""
    return bounds_from(board.icon_coordinates, seat, card)


def bounds_from(
    coordinates: IconCoordinates,
    seat: str,
    card: MapCard,
    known: dict[Requirement, tuple[int, bool, int] | None] | None = None,
) -> Bounds:
    """The card's requirements as bounds, given the icons' sorted coordinates per kind and axis.
    `known`: each requirement's bound on these coordinates, kept across the cards of one board
    (filled here on first use)."""
    out: list[tuple[int, bool, int]] = []
    for requirement in card.requires:
        if known is None:
            bound = requirement_bound(coordinates, seat, requirement)
        else:
            if requirement not in known:
                known[requirement] = requirement_bound(coordinates, seat, requirement)
            bound = known[requirement]
        if bound is None:
            return None
        out.append(bound)
    return tuple(out)


def fits_bounds(bounds: Bounds, q: Quad) -> bool:
    """Whether a site meets bounds from `site_bounds`."""
    if bounds is None:
        return False
    return all((q[axis] < bound) if below else (q[axis] > bound) for axis, below, bound in bounds)


def site_test(board: Board, seat: str, card: MapCard) -> Callable[[Quad], bool]:
    """A test of whether a quadrant meets the card from `seat`, for checking many sites."""
    bounds = site_bounds(board, seat, card)
    return lambda q: fits_bounds(bounds, q)


def valid_sites(board: Board, seat: str, card: MapCard, quads: tuple[Quad, ...]) -> list[Quad]:
    """The quadrants among `quads` where the card can be excavated from `seat`."""
    fits = site_test(board, seat, card)
    return [q for q in quads if fits(q)]


def icon_counts(board: Board, seat: str, site: Quad) -> dict[str, dict[str, int]]:
    """Icons of each kind in each direction of a site, seen from `seat` (for explanations)."""
    out: dict[str, dict[str, int]] = {d: {} for d in DIRECTIONS}
    for quad, kind in board.icons:
        for d in DIRECTIONS:
            if in_direction(seat, d, site, quad):
                out[d][kind] = out[d].get(kind, 0) + 1
    return out
