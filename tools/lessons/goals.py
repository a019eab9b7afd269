"""The goal-card lessons' finder of tools/make_lessons.py (R-GOAL-1, -2, -9, -10, -11, -12): a
temple that scores a goal card where the misreading thinks it does not, so its holder digs
elsewhere, for more actions or fewer of the card's points (docs/teaching.md)."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from akrotiri_puzzles.actions import Action, Excavate
from akrotiri_puzzles.geometry import board_quarter, format_quad, quad_name
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle
from akrotiri_puzzles.rules import temple_island_set
from akrotiri_puzzles.solver import search
from akrotiri_puzzles.teaching import Mark

from .beliefs import ScoresThere, believed_gain
from .found import Candidate, Finder, Found, first_dig, line_cost, misread_line
from .search import card_fits

GOAL_WORDS = {
    "G01": "a temple at portage distance exactly 1",
    "G09": "the board's quarters holding your temples",
    "G10": "the tiles of your largest completed island",
    "G12": "a temple on an uncompleted island",
    "G11": "a temple on an island not directly connected to another of your temples' islands",
}


def _goal_why(pos: Position, rule: str, goal_id: str, dig: Excavate, wrong: Excavate) -> str:
    """Why the answer's temple scores the card and the misreading's choice is worse, in words."""
    site, other = format_quad(dig.site), format_quad(wrong.site)
    if rule == "quarters":
        mine = ", ".join(sorted({board_quarter(q) for _, q in pos.hero.temples})) or "none"
        return (
            f"Your temples stand in the board quarters {mine}. {site} lies in the {board_quarter(dig.site)} "
            f"quarter of the board, cut through Thera's centre, so it scores a new quarter; its tile quadrant "
            f"({quad_name(dig.site)}) does not matter. The misreading avoids it and digs {other} instead, for "
            "more actions."
        )
    if rule == "uncompleted":
        return (
            f"The island of {site} has filled slots beside all its tiles, but a slot diagonal to one of its "
            f"corners is still empty: a tile there could still extend it, so it is uncompleted and a temple "
            f"there scores {goal_id}. The misreading thinks it completed, avoids it and digs {other} instead, "
            "for more actions."
        )
    if rule == "largest_completed":
        return (
            f"Every slot around the corners where the island of {site} has land is filled, so no tile can "
            f"ever extend it: it is completed, although a slot beside one of its tiles is still empty (that "
            f"slot touches none of the island's land). A temple there scores {goal_id}. The misreading "
            f"thinks it uncompleted, avoids it and digs {other} instead, for more actions."
        )
    if rule == "not_connected":
        mine = ", ".join(format_quad(q) for _, q in pos.hero.temples)
        return (
            f"Your temples stand at {mine}. The island of {site} is joined to theirs only by routes across "
            f"the Thera board, which do not count: it is not directly connected, so a temple there scores "
            f"{goal_id}. The misreading thinks it is connected, avoids it and digs {other} instead, for more "
            "actions."
        )
    return (
        f"A temple at {site} scores {goal_id}; the misreading does not believe it and digs {other}, for more actions."
    )


def _portage_path(pos: Position, site: tuple[int, int]) -> tuple[str, str] | None:
    """The portage step on a least-weight path from a Thera dock to the site's island in the dock
    graph (R-GOAL-1): the dock it starts from and the dock it reaches."""
    import networkx as nx

    from akrotiri_puzzles.graphs import dock_graph

    board = pos.board
    g = dock_graph(board)
    dist, paths = nx.multi_source_dijkstra(g, set(board.thera_docks), weight="weight")
    island = board.island_at(site)
    docks = [d for d in board.docks_of_island[island] if d in dist]
    if not docks:
        return None
    best = min(docks, key=lambda d: (dist[d], d))
    path = paths[best]
    portages = [(a, b) for a, b in itertools.pairwise(path) if g.edges[a, b]["kind"] == "portage"]
    return portages[0] if len(portages) == 1 else None


def _goal_exercise(
    c: Candidate, goal: Goal, line: tuple[Action, ...], rule: str
) -> tuple[Puzzle, tuple[Action, ...], tuple[Action, ...]] | None:
    """The exercise with this goal, its best line and the misreading's line, when the best
    line digs where the card scores and the misreading's line fails."""
    puzzle = c.puzzle(1, goal)
    if goal != Goal() and c.goal is None:
        found = search(puzzle, max_nodes=3000)
        if not found.complete or found.optimum is None or found.optimum < 1:
            return None
        line = found.line
    dig = first_dig(line)
    if dig is None or not believed_gain(c.pos, rule, dig.site, truth=True):
        return None
    if believed_gain(c.pos, rule, dig.site, truth=False):
        return None  # the misreading would dig there too: it must think this site scores nothing
    mis = misread_line(puzzle, line_cost(puzzle, line), ScoresThere(rule))
    if mis is None or first_dig(mis) is None:
        return None
    return puzzle, line, mis


def goal_finder(goal_id: str, rule: str) -> Finder:
    def find(c: Candidate, line: tuple[Action, ...]) -> Found | None:
        # The card need not be the hero's: the exercise asks which temple would score it. The
        # goal is any temple, or (more exercises) a temple with a map card in hand.
        goals = [c.goal] if c.goal is not None else [Goal(), *(Goal(1, k) for k in _misjudged_cards(c.pos, rule))]
        for goal in goals:
            got = _goal_exercise(c, goal, line, rule)
            if got is not None:
                break
        else:
            return None
        puzzle, line, mis = got
        dig, wrong = first_dig(line), first_dig(mis)
        assert dig is not None and wrong is not None
        marks = [
            Mark("site", f"scores {goal_id}", quad=dig.site),
            Mark("site", "the misreading digs here", quad=wrong.site),
        ]
        why = _goal_why(c.pos, rule, goal_id, dig, wrong)
        if rule == "quarters":
            mine = [site for _, site in c.pos.hero.temples]
            marks.append(
                Mark(
                    "quarter",
                    f"board quarter {board_quarter(dig.site)}: none of yours yet",
                    quarter=board_quarter(dig.site),
                )
            )
            marks.extend(Mark("site", f"your temple ({board_quarter(q)} quarter)", quad=q) for q in mine)
        if rule == "not_connected":
            marks.extend(Mark("site", "your temple", quad=q) for _, q in c.pos.hero.temples)
        if rule == "portage_1":
            path = _portage_path(c.pos, dig.site)
            if path is not None:
                start, end = path
                marks.append(Mark("dock", "ship steps from Thera to here: weight 0", dock=start))
                marks.append(Mark("dock", "one portage to here: weight 1, then ship on", dock=end))
                why = (
                    f"From a Thera dock, ship steps reach {start} (they count nothing), one portage step "
                    f"reaches {end}, and the island of {format_quad(dig.site)} is reached from there without "
                    f"another portage: its portage distance is 1, so a temple there scores {goal_id}. The "
                    f"misreading counts every step and thinks that island 2 or more away, while the island of "
                    f"{format_quad(wrong.site)}, one ship step from Thera, is at distance 0: its temple scores "
                    "nothing, after more actions."
                )
        held = "You hold" if goal_id in c.pos.hero.goals else "Suppose you held"
        task = (
            f"{held} goal card {goal_id} ({GOAL_WORDS[goal_id]}): excavate a temple that scores it, "
            "in as few actions as you can."
        )
        return Found(puzzle, [("goal", mis)], marks, why, task, goal_id)

    return find


def _misjudged_cards(pos: Position, rule: str) -> list[str]:
    """Map cards in hand, affordable with the cargo sold, that fit a site on an island the hero
    could dig which scores the goal card while the misreading thinks it does not."""
    board = pos.board
    taken = temple_island_set(pos)
    money = pos.hero.drachmas + 5 * len(pos.hero.cargo)
    cards = sorted(k for k in set(pos.hero.maps) if pos.components.map[k].cost <= money)
    out = []
    for island, quads in board.island_quads.items():
        if island == board.thera_island or island in taken or island not in board.docks_of_island:
            continue
        if not believed_gain(pos, rule, quads[0], truth=True) or believed_gain(pos, rule, quads[0], truth=False):
            continue
        out.extend(k for k in cards if k not in out and any(card_fits(pos, pos.to_move, k, q) for q in quads))
    return sorted(out)


def misjudged_island(rule: str) -> Callable[[Candidate], bool]:
    """Whether some island the hero could dig, where a card in hand fits, scores the goal card
    while the misreading thinks it does not (the answer must dig there)."""

    def test(c: Candidate) -> bool:
        pos = c.pos
        if pos.actions_left != pos.components.player_board.actions_after(len(pos.hero.temples)):
            return False  # only where the action phase starts: fewer, different positions
        return bool(_misjudged_cards(pos, rule))

    return test


__all__ = ["GOAL_WORDS", "goal_finder", "misjudged_island"]
