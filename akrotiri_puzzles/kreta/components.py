"""Kreta's components (K-SET-1, docs/kreta/components.md): cards, pieces, tiles, values.

What never changes in a game and is not the map. The map (provinces, adjacency, fort spaces,
ports) is board data (`board.py`, K-R-1).
"""

from __future__ import annotations

from typing import Final

CARDS: Final = ("king", "architect", "admiral", "commander", "castellan", "abbot", "farmer")
"""The seven character cards each player holds (K-SET-1), in the order the pictures show them."""
KING, ARCHITECT, ADMIRAL, COMMANDER, CASTELLAN, ABBOT, FARMER = CARDS
COPYABLE: Final = ("architect", "admiral", "commander", "abbot", "farmer")
"""Cards the king can copy: never the castellan nor itself (K-KING-2, K-R-11)."""

COLOURS: Final = ("red", "blue", "white", "black")
"""The players' colours, by seat; a game of n players uses the first n."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4

PIECES: Final = {"abbot": 1, "ship": 2, "fort": 3, "village": 4, "villager": 5}
"""Pieces per player besides the score marker (K-SET-1; the abbot from the component list)."""

FULL: Final = 7
"""Figures (abbots, villagers, villages of every colour) that make a province full (K-FIG-2)."""

PROVINCE_COLOURS: Final = ("yellow", "green", "brown")
BASE_VALUE: Final = {"brown": 2, "green": 3, "yellow": 4}
PORT_BONUS: Final = 2
"""K-SCORE-2: brown 2, green 3, yellow 4, +2 with a port."""
PROVINCE_COUNTS: Final = {"yellow": 2, "green": 8, "brown": 6}
"""K-SET-2: 16 provinces."""

TILES: Final = ("wheat", "olive", "wine", "thyme", "cheese")
"""Agriculture tile types (K-FARM-3)."""
TILE_DEAL: Final = {"yellow": {"wheat": 2}, "green": {"olive": 4, "wine": 4}, "brown": {"thyme": 3, "cheese": 3}}
"""K-SET-3 with the split of K-R-16 (olive 4, wine 4, thyme 3, cheese 3: reconstructed)."""

FORT_CARDS: Final = 26
"""Fort cards, card n names fort space n (K-SET-4)."""
ROW: Final = 11
"""Cards in the row at setup, so scorings in a game (K-SET-4, K-END-1)."""
FACE_UP: Final = 2
"""Face-up cards of the row (K-SET-4, K-CAST-4)."""

MARCH_POINTS: Final = 4
"""The commander's movement points (K-CMD-1)."""
ABBOT_STEPS: Final = 3
"""The abbot moves 1 to 3 steps (K-ABB-1)."""
PORT_CAPACITY: Final = {2: 1, 3: 2, 4: 2}
"""Ships in one port, by the number of players (K-ADM-2)."""


def province_value(colour: str, port: bool) -> int:
    """The value of a province: its colour's, +2 with a port (K-SCORE-2)."""
    return BASE_VALUE[colour] + (PORT_BONUS if port else 0)
