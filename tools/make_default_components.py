"""Write the reconstructed default land tiles and map cards (RULES section 9).

The printed tiles and cards are not public; this script builds a documented reconstruction
and writes `akrotiri_puzzles/data/default/{tiles,maps}.yaml`. Run it again only to change the
reconstruction; the YAML files are the data, this script is how they were made.

    python tools/make_default_components.py
"""

from __future__ import annotations

import random
from pathlib import Path

import yaml

OUT = Path(__file__).resolve().parent.parent / "akrotiri_puzzles" / "data" / "default"
ICONS = ("volcano", "lake", "tree", "mountain")
QUADRANTS = ("NW", "NE", "SW", "SE")

# Nine tile shapes, facing north. Land is in all four corners; joined corners are joined
# diagonally through the middle (a join along an edge would cut that side's shipping route),
# so a join splits the sea, and the routes of one tile stay within one stretch of sea.
# Most routes bend round a dock from one side to the next, or end at a dock: a ship step
# then reaches a handful of docks, not the whole sea.
SHAPES = [
    {  # four islets, two bends each past two docks
        "pieces": [["NW"], ["NE"], ["SW"], ["SE"]],
        "docks": ["NW", "NE", "SW", "SE"],
        "routes": [["N", "NW"], ["NW", "NE"], ["NE", "E"], ["S", "SE"], ["SE", "SW"], ["SW", "W"]],
    },
    {  # four islets, a bend round one dock and a bend past two
        "pieces": [["NW"], ["NE"], ["SW"], ["SE"]],
        "docks": ["NE", "SW", "SE"],
        "routes": [["N", "NE"], ["NE", "E"], ["S", "SE"], ["SE", "SW"], ["SW", "W"]],
    },
    {  # four islets, a three-way junction past two docks, and an end
        "pieces": [["NW"], ["NE"], ["SW"], ["SE"]],
        "docks": ["NE", "SE", "SW"],
        "junctions": ["fork"],
        "routes": [["N", "fork"], ["E", "fork"], ["S", "fork"], ["fork", "NE"], ["fork", "SE"], ["W", "SW"]],
    },
    {  # NW and SE joined, two bends
        "pieces": [["NW", "SE"], ["NE"], ["SW"]],
        "docks": ["NE", "SW"],
        "routes": [["N", "NE"], ["NE", "E"], ["S", "SW"], ["SW", "W"]],
    },
    {  # NW and SE joined, a bend past two docks and a fork
        "pieces": [["NW", "SE"], ["NE"], ["SW"]],
        "docks": ["NW", "NE", "SW"],
        "junctions": ["fork"],
        "routes": [["N", "NW"], ["NW", "NE"], ["NE", "E"], ["S", "fork"], ["W", "fork"], ["fork", "SW"]],
    },
    {  # NE and SW joined, two bends
        "pieces": [["NE", "SW"], ["NW"], ["SE"]],
        "docks": ["NW", "SE"],
        "routes": [["N", "NW"], ["NW", "W"], ["E", "SE"], ["SE", "S"]],
    },
    {  # NE and SW joined, a bend round one dock and a bend past two
        "pieces": [["NE", "SW"], ["NW"], ["SE"]],
        "docks": ["NE", "SE", "SW"],
        "routes": [["N", "NE"], ["NE", "W"], ["E", "SE"], ["SE", "SW"], ["SW", "S"]],
    },
    {  # NW and SE joined, both docks of the band on one side, and a bend round the islet
        "pieces": [["NW", "SE"], ["NE"], ["SW"]],
        "docks": ["NW", "SE", "SW"],
        "routes": [["N", "NW"], ["E", "SE"], ["S", "SW"], ["SW", "W"]],
    },
    {  # NE and SW joined, a fork to one islet and a bend past two docks
        "pieces": [["NE", "SW"], ["NW"], ["SE"]],
        "docks": ["NW", "SE", "SW"],
        "junctions": ["fork"],
        "routes": [["N", "fork"], ["W", "fork"], ["fork", "NW"], ["E", "SE"], ["SE", "SW"], ["SW", "S"]],
    },
]


def tiles() -> list[dict[str, object]]:
    """36 tiles: every shape once with each icon, 9 of each icon."""
    out: list[dict[str, object]] = []
    for s, shape in enumerate(SHAPES):
        for i, icon in enumerate(ICONS):
            tile: dict[str, object] = {
                "id": f"L{len(out) + 1:02d}",
                "icon": icon,
                "icon_quadrant": QUADRANTS[(s + i) % 4],
                "pieces": shape["pieces"],
                "docks": shape["docks"],
            }
            if "junctions" in shape:
                tile["junctions"] = shape["junctions"]
            tile["routes"] = shape["routes"]
            out.append(tile)
    return out


def maps(seed: int = 2016) -> list[dict[str, object]]:
    """12 easy, 12 medium and 12 hard map cards, icons drawn from a fixed seed."""
    rng = random.Random(seed)
    directions = ["above", "below", "left", "right"]
    spreads = {
        "easy": [(1, 1, 1)] * 12,
        "medium": [(2, 1, 1), (2, 2, 1)] * 6,
        "hard": [(2, 2, 2), (3, 2, 1), (3, 2, 2), (3, 3, 1)] * 3,
    }
    price = {"easy": (3, 3), "medium": (6, 5), "hard": (9, 7)}
    out: list[dict[str, object]] = []
    for deck, letter in (("easy", "E"), ("medium", "M"), ("hard", "H")):
        for n, spread in enumerate(spreads[deck], start=1):
            sides = rng.sample(directions, 3)
            counts = list(spread)
            rng.shuffle(counts)
            card: dict[str, object] = {
                "id": f"{letter}{n:02d}",
                "deck": deck,
                "cost": price[deck][0],
                "points": price[deck][1],
            }
            for side in directions:
                if side in sides:
                    k = counts[sides.index(side)]
                    card[side] = sorted(rng.choice(ICONS) for _ in range(k))
            out.append(card)
    return out


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: object) -> bool:
        return True


def _lists(dumper: yaml.SafeDumper, data: list[object]) -> yaml.Node:
    # Records are blocks; lists of names or of short lists stay on one line.
    flow = not any(isinstance(x, dict) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _lists)


def main() -> None:
    header_tiles = (
        "# The 36 land tiles of the default set, each facing north (R-GEO-3, 5, 6, 7).\n"
        "# Pieces partition the quadrants; docks name the quadrant whose piece they sit on;\n"
        "# routes join ports (N E S W), docks and junctions.\n"
        "# Reconstructed: shapes and corners are known, the exact printed tiles are not.\n"
        "# Written by tools/make_default_components.py.\n"
    )
    header_maps = (
        "# The 36 map cards of the default set (R-EXC-2): icons required above, below, left and\n"
        "# right of the excavation site, read from the excavating player's seat.\n"
        "# Easy 3 points and hard 7 points are known; costs, medium points and the icons are\n"
        "# reconstructed. Written by tools/make_default_components.py.\n"
    )
    basis_tiles = {
        "count (36)": "known",
        "land in all four corners": "known",
        "3 or 4 pieces per tile (reported by a review of the printed game)": "reconstructed",
        "a shipping route on every side": "known",
        "one icon per tile": "known",
        "icons per kind (9 each)": "reconstructed",
        "pieces, docks and routes of each tile": "reconstructed",
    }
    body = {"basis": basis_tiles, "tiles": tiles()}
    text = yaml.dump(body, Dumper=_Dumper, sort_keys=False, width=200)
    (OUT / "tiles.yaml").write_text(header_tiles + text)
    basis_maps = {
        "count (12 per deck)": "known",
        "easy cost 3 and points 3": "known",
        "hard points 7": "known",
        "medium cost and points, hard cost": "reconstructed",
        "icons of each card": "reconstructed",
    }
    body = {"basis": basis_maps, "maps": maps()}
    text = yaml.dump(body, Dumper=_Dumper, sort_keys=False, width=200)
    (OUT / "maps.yaml").write_text(header_maps + text)


if __name__ == "__main__":
    main()
