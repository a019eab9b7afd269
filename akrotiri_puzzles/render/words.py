"""Short phrases about a position shared by the picture, the terminal and the HTML page."""

from __future__ import annotations

from ..components import COLOURS
from ..position import Position
from ..scoring import final_score

PHASE_WORDS = {
    "setup_tile": "setup: placing a first land tile",
    "setup_goal": "setup: choosing a goal card",
    "setup_boat": "setup: placing a boat",
    "place": "placing the land tile",
    "goal": "choosing a goal card",
    "over": "game over",
}


def phase_words(pos: Position) -> str:
    """What the player to move is doing, in words."""
    if pos.phase == "act":
        n = pos.actions_left
        return f"action phase, {n} action{'s' if n != 1 else ''} left"
    return PHASE_WORDS.get(pos.phase, pos.phase)


def title_line(pos: Position) -> str:
    """One line naming the turn, the seat to move and the phase."""
    if pos.phase == "over":
        score = final_score(pos)
        points = ", ".join(f"{s.seat} {s.total}" for s in score.seats)
        result = "shared victory" if len(score.winners) > 1 else f"{score.winners[0]} wins"
        return f"Turn {pos.turn} \u00b7 game over \u00b7 {points} points \u00b7 {result}"
    return f"Turn {pos.turn} \u00b7 {pos.to_move} to move \u00b7 {phase_words(pos)}"


def sell_price(pos: Position, colour: str) -> int | None:
    """What one cube of a colour sells for now, or None if its track is full (R-FREE-1)."""
    track = pos.components.market.track
    off = len(track) - pos.market[COLOURS.index(colour)]
    return track[off - 1] if off > 0 else None


def cube_list(colours: tuple[str, ...]) -> str:
    """Cube colours as words, `-` for none."""
    return " ".join(colours) if colours else "-"


GOAL_WORDS = {
    "portage_1": "portage distance 1",
    "portage_2": "portage distance 2",
    "no_icon": "island with no icon",
    "volcano": "island with a volcano",
    "lake": "island with a lake",
    "tree": "island with a tree",
    "mountain": "island with a mountain",
    "three_icons": "island with 3 kinds of icon",
    "quarters": "board quarters",
    "largest_completed": "largest completed island",
    "not_connected": "island not directly connected",
    "uncompleted": "uncompleted island",
}
"""Goal rules (R-GOAL-1..12) in a few words."""


def rule_words(rule: str, edition: int) -> str:
    """A goal rule in the card's words for an edition (R-GOAL-2 reads "2 or more" in 2016)."""
    if rule == "portage_2" and edition == 2016:
        return "portage distance 2 or more"
    return GOAL_WORDS.get(rule, rule)


def goal_words(pos: Position, goal: str) -> str:
    """A goal card with what it scores, e.g. `G04 island with a volcano (2)`."""
    card = pos.components.goal[goal]
    return f"{goal} {rule_words(card.rule, pos.edition)} ({card.value(pos.edition)})"


def map_words(pos: Position, card_id: str) -> str:
    """A map card's requirements in words, e.g. `E01 (cost 3, 3 pts): below tree; left lake; right volcano`."""
    card = pos.components.map[card_id]
    sides: dict[str, list[str]] = {}
    for direction, icon, n in card.requires:
        sides.setdefault(direction, []).extend([icon] * n)
    needs = "; ".join(f"{d} {' '.join(sides[d])}" for d in ("above", "below", "left", "right") if d in sides)
    return f"{card_id} (cost {card.cost}, {card.points} pts): {needs}"


def actions_per_turn(pos: Position, seat: str) -> int:
    """Actions the seat's player board shows now (R-TURN-2)."""
    return pos.components.player_board.actions_after(len(pos.seat(seat).temples))
