"""The words of each lesson (tools/make_lessons.py writes them into lessons/*.yaml): title, the
rule IDs, the rule in plain words, the usual misreading, and what each misreading's holder
believes. The order here is the course order."""

from __future__ import annotations

TEXTS: dict[str, dict] = {  # type: ignore[type-arg]
    "ship-steps": {
        "title": "A ship step sails any distance along the routes",
        "rules": ["R-MOVE-1"],
        "rule": (
            "A boat moves in steps. A ship step goes from its dock to any dock joined to it by shipping "
            "routes, however far, turning at junctions and sailing past other docks without stopping. A "
            "portage step goes overland to another dock of the same island. Each step costs one movement point."
        ),
        "misreading": (
            "A ship step only reaches the next dock along the route, so a long voyage costs a step per dock passed."
        ),
        "says": {"next dock": "A ship step stops at the next dock on the route."},
    },
    "empty-boat": {
        "title": "An empty boat moves twice: unload first",
        "rules": ["R-MOVE-2"],
        "rule": (
            "A Move action gives 1 movement point, or 2 if the boat is empty when the action starts. "
            "Unloading (away from Thera) and selling (at Thera) are free actions, so emptying the boat "
            "before moving can halve the actions a voyage costs."
        ),
        "misreading": "A boat always moves two steps per action, cargo or not, so there is no point unloading first.",
        "says": {"cargo": "Cargo does not slow the boat, so the cubes stay aboard."},
    },
    "occupied-dock": {
        "title": "Passing through the other boat's dock",
        "rules": ["R-MOVE-3"],
        "rule": (
            "A boat may never stop at the dock where the other boat lies, but it may pass through it "
            "between two steps (typically portage in, ship out) for one extra movement point. While it is "
            "there it can only move on: no loading, digging, buying or ending the turn."
        ),
        "misreading": (
            "An occupied dock is either a wall (you cannot go through) or a harbour like any other (you "
            "can stop there and act)."
        ),
        "says": {
            "stop": "The boat may stop at the occupied dock and dig from there.",
            "no entry": "An occupied dock cannot be entered at all, so the boat goes round.",
        },
    },
    "map-from-your-seat": {
        "title": "Read map cards from your own seat",
        "rules": ["R-EXC-2", "R-GEO-10"],
        "rule": (
            "Above, below, left and right on a map card are seen from the player's own seat. For the "
            "north seat, across the table, everything is mirrored: above is down the page (-y) and left "
            "is +x. So the same site can fit a card for one seat and not for the other."
        ),
        "misreading": "Map cards are read the same way for both players, from the south side of the board.",
        "says": {"other seat": "North reads the card as south would, with above up the page."},
    },
    "own-quadrant": {
        "title": "The site's own quadrant never counts",
        "rules": ["R-EXC-2"],
        "rule": (
            "A map card counts icons above, below, left and right of the excavation site: in quadrant rows "
            "strictly above (or below) the site's row, in quadrant columns strictly left (or right) of its "
            "column. An icon in the site's own quadrant lies in none of these, so it never counts."
        ),
        "misreading": "An icon on the site itself is right there, so it counts for the card.",
        "says": {"own": "The icon on the site's own quadrant counts for the card."},
    },
    "above-any-row": {
        "title": "Above means any row above, however far to the side",
        "rules": ["R-EXC-2"],
        "rule": (
            "Above a site is every quadrant in a row higher than the site's, across the whole board, not "
            "just the column over the site; likewise below, and left and right are whole columns."
        ),
        "misreading": "Above means straight above the site, in its own column of tiles.",
        "says": {"column": "Only icons straight above (below, beside) the site, in its column (row) of tiles, count."},
    },
    "one-temple-per-island": {
        "title": "One temple per island, however many tiles it spans",
        "rules": ["R-EXC-1"],
        "rule": (
            "A temple can only be excavated on an island that has no temple yet, and the island is all the "
            "land joined to it, across tiles. (Islands that merge later, when a tile joins them, may end up "
            "holding several temples.)"
        ),
        "misreading": "A temple only takes its own tile, so another tile of the same island is still free.",
        "says": {"tile": "A temple only blocks the tile it stands on."},
    },
    "buying-maps": {
        "title": "Map cards: 1, 3 or 7 drachmas for 1, 2 or 3",
        "rules": ["R-BUY-1"],
        "rule": (
            "At Thera, one action buys 1, 2 or 3 map cards for 1, 3 or 7 drachmas in all, choosing the deck "
            "of each card. The card's own cost is paid later, when a temple is excavated with it."
        ),
        "misreading": "Map cards cost a drachma each, so two cost 2 and three cost 3.",
        "says": {"per card": "Map cards cost one drachma each."},
    },
    "selling-prices": {
        "title": "Each cube of a colour sells for less than the one before",
        "rules": ["R-FREE-1", "R-TILE-2"],
        "rule": (
            "Cubes are taken from the market's leftmost space of their colour, where prices are lowest, so "
            "the cheap spaces empty first. A cube sold goes back onto the rightmost empty space of its colour "
            "and earns that space's price; the next cube of that colour fills the space to its left, which "
            "pays the same or less."
        ),
        "misreading": "Every cube of a colour sells for the price the market shows for that colour.",
        "says": {"flat": "Every cube of a colour sells for the price the first one fetched."},
    },
    "second-cube": {
        "title": "The tile's second cube goes on the tile, on another island",
        "rules": ["R-TILE-2"],
        "rule": (
            "After laying a land tile, one cube of the icon's colour goes on the icon's piece. Then a second "
            "cube, of any colour still on the market, goes on the tile just laid, on a piece that is a "
            "different island from the icon's (no second cube if the tile's land is all one island). Both "
            "come from the market's leftmost spaces. The second cube never goes on another tile: not where "
            "your boat lies, not beside the first cube."
        ),
        "misreading": "The second cube may go on any island: where your boat lies, or beside the first cube.",
        "says": {
            "any island": "The second cube goes on any island: beside the first cube, or where the boat lies.",
            "anywhere on the tile": "Where the second cube goes on the tile, and its colour, make no difference.",
        },
    },
    "oracle": {
        "title": "The oracle: an action now, a tile for next turn",
        "rules": ["R-ORA-1", "R-END-1", "R-TURN-1"],
        "rule": (
            "Once per turn, holding no land tile, a player may consult the oracle for one action: name an "
            "icon and turn tiles from the pile until one shows it. That tile is kept; instead of drawing at "
            "the end of the turn the player draws nothing, and lays the oracle's tile at the start of the "
            "next turn, like any tile."
        ),
        "misreading": "The oracle's tile can be laid at once, in the turn it is found.",
        "says": {"at once": "The oracle's tile is laid straight away, in the same turn."},
    },
    "more-actions": {
        "title": "More actions with more temples, from the next turn",
        "rules": ["R-TURN-2"],
        "rule": (
            "A turn has as many actions as the rightmost number showing on the player board: 3 at the start, "
            "4 once the first temple is off the board, 5 after the second, 6 after the fourth. The number is "
            "fixed when the action phase starts, so a number revealed by excavating counts from the next "
            "turn, not this one."
        ),
        "misreading": "The action revealed by a new temple can be used at once, in the same turn.",
        "says": {"at once": "The action a new temple reveals can be used straight away."},
    },
    "last-round": {
        "title": "When the game ends, and who plays last",
        "rules": ["R-END-2"],
        "rule": (
            "Excavating the sixth temple does not end the game at once: the turn goes on, and the round "
            "is finished so that both players have had as many turns. If the first player dug it, the "
            "second player still plays one turn, the game's last. Then the game is scored: played map "
            "cards, goal cards and 1 point per 10 drachmas. Cubes, map cards in hand and actions left "
            "score nothing."
        ),
        "misreading": "The game ends the moment a sixth temple is dug: the turn stops there, and nobody plays again.",
        "says": {
            "game over": "The game ends the moment my last temple is dug, so nothing after it counts.",
            "next turn": "Another turn follows, so this one digs the next temple in the fewest actions.",
        },
    },
    "goal-portage-distance": {
        "title": "Goal cards: portage distance counts portages only",
        "rules": ["R-GOAL-1", "R-GOAL-2"],
        "rule": (
            "A temple's portage distance is the fewest portage steps from a Thera dock to a dock of its "
            "island; ship steps count nothing. G01 pays 3 per temple at distance exactly 1 (both editions); "
            "G02 pays per temple at distance 2: 6 for 2 or more in the 2016 edition, 5 for exactly 2 in 2014."
        ),
        "misreading": "Portage distance counts every step from Thera, ship steps too.",
        "says": {"goal": "Every step from Thera counts towards the portage distance."},
    },
    "goal-quarters": {
        "title": "Goal cards: the board's quarters are cut through Thera",
        "rules": ["R-GOAL-9"],
        "rule": (
            "G09 pays 2 points for each quarter of the board holding one of your temples (8 at most, both "
            "editions). The quarters are cut through the centre of the Thera board: north-east, north-west, "
            "south-east and south-west of it."
        ),
        "misreading": "The quarters are the four quadrants of a tile (NW, NE, SW, SE).",
        "says": {"goal": "A temple in a new tile quadrant (NW, NE, SW, SE) scores a new quarter."},
    },
    "goal-completed-islands": {
        "title": "Goal cards: a completed island is one no tile can touch",
        "rules": ["R-GOAL-10", "R-GOAL-12", "R-GEO-9"],
        "rule": (
            "An island is completed when every slot around each corner point where it has land is filled: "
            "no tile could ever extend it. Empty slots elsewhere beside its tiles, touching none of its land, "
            "do not matter. G10 pays 1 per tile of your largest completed island with a temple; G12 pays 2 "
            "per temple on an uncompleted island (both editions)."
        ),
        "misreading": "An island is completed only when every slot beside its tiles is filled.",
        "says": {"goal": "An island with an empty slot beside one of its tiles is not completed yet."},
    },
    "goal-not-connected": {
        "title": "Goal cards: directly connected means one ship step, not through Thera",
        "rules": ["R-GOAL-11"],
        "rule": (
            "G11 pays per temple whose island is not directly connected to another island holding one of "
            "your temples: 3 in the 2016 edition, 2 in 2014. Two islands are directly connected when a dock "
            "of one reaches a dock of the other in one ship step without using the Thera board's routes."
        ),
        "misreading": "Islands joined by a route through Thera are directly connected too.",
        "says": {"goal": "Islands joined by a ship route through Thera are directly connected."},
    },
}
