"""Build the frozen corpus of small puzzles in tests/data/puzzles/small/ (one YAML file each).

Positions come from simulated games (greedy bots give positions with money and map cards,
random bots others), both editions, some with the strategist variant. Each candidate becomes a
puzzle with a horizon of 1 or 2 turns and a goal (a temple, a temple with a named map card, or
two temples); an action-phase position may be shrunk to fewer actions left. The exhaustive
search solves it, and it is kept only when the search proves its answer within NODE_BUDGET
states played: "small" means that, a machine-independent stand-in for under about 0.5 s.
Quotas per class keep the corpus balanced. Each file records the optimum and the line found.

    .venv/bin/python tools/make_test_puzzles.py            # rewrite the corpus
    .venv/bin/python tools/make_test_puzzles.py --dry-run  # only report what it would keep

The same seeds give the same corpus, byte for byte.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from akrotiri_puzzles.components import Components
from akrotiri_puzzles.files.components_yaml import load_components
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle, save_puzzle
from akrotiri_puzzles.generator.reveal import Reveal
from akrotiri_puzzles.geometry import SEATS
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, replay
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver.exhaustive import SearchResult, search

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "puzzles" / "small"
SEED = 4000
"""Game g of the run is simulated with seed SEED + g; the sampling generator is seeded SEED."""
MAX_GAMES = 260
PREMISE = Reveal(maps=3, oracle=True)
"""What each puzzle reveals of the hidden piles (docs/puzzles.md): the top 3 cards of every map
deck (a deck-top card may be the goal's), the land pile until every icon has shown (the oracle
and the draw of a two-turn puzzle), and every goal draw a line can meet. The corpus was made
with every pile known and given this premise afterwards (issue 29): every recorded answer
buys at most 3 cards deep, so each stays an answer, and a premise only takes lines away, so
each optimum and infeasibility stays proven."""
NODE_BUDGET = 6000
"""States the search may play before a candidate counts as too big."""
PER_GAME = {"place": 6, "act": 6}
"""Candidate positions drawn from each game, per phase."""

# Puzzles kept per cell (phase, seat, edition) and class (horizon, goal, feasible). Tile
# placements multiply the search by hundreds, so place puzzles are mostly those solved at once
# or those where no map card can fit after any placement.
QUOTA: dict[str, dict[tuple[int, str, bool | str], int]] = {
    "act": {
        (1, "temple", True): 9,
        (1, "temple", False): 6,
        (1, "map", True): 3,
        (1, "map", False): 3,
        (1, "two", True): 1,
        (1, "two", False): 2,
        (2, "temple", True): 3,
        (2, "temple", False): 2,
        (2, "map", True): 2,
        (2, "map", False): 2,
    },
    "place": {
        (1, "temple", True): 9,
        (1, "temple", False): 4,
        (1, "map", True): 3,
        (1, "map", False): 4,
        (1, "two", True): 1,
        (1, "two", False): 2,
        (2, "temple", True): 2,
        (2, "temple", False): 1,
        (2, "map", True): 1,
        (2, "map", False): 1,
    },
}
KINDS = ("temple", "map", "two")

PLACE2_OUT = ROOT / "tests" / "data" / "puzzles" / "place2"
PLACE2_SEED = 6000
PLACE2_BUDGET = 60000
PLACE2_QUOTA: dict[str, dict[tuple[int, str, bool | str], int]] = {
    "act": {},
    "place": {
        (2, "temple", "1"): 1,
        (2, "temple", "2+"): 2,
        (2, "temple", "none"): 1,
        (2, "map", "1"): 1,
        (2, "map", "2+"): 1,
        (2, "map", "none"): 1,
    },
}
"""The second corpus (`--set place2`): two-turn puzzles from the tile placement, the solver's
hardest class, with a larger budget (both placements are searched). Its classes split the
answer three ways (optimum 1, optimum 2 or more, infeasible): optimum 1 is by far the most
common answer, and it is settled by the one-action check without the two-turn model."""

PLACE2B_OUT = ROOT / "tests" / "data" / "puzzles" / "place2b"
PLACE2B_SEED = 6500
PLACE2B_BUDGET = 12000
PLACE2B_QUOTA: dict[str, dict[tuple[int, str, bool | str], int]] = {
    "act": {},
    "place": {
        (2, "temple", "1"): 2,
        (2, "temple", "2+"): 1,
        (2, "temple", "none"): 1,
        (2, "map", "1"): 1,
        (2, "map", "2+"): 1,
        (2, "map", "none"): 1,
    },
}
"""Its companion (`--set place2b`): the same class from other games with a smaller budget, so
that a run keeps more puzzles per hour (place2's budget makes each candidate the search gives
up on cost about 9 s of a quiet core)."""


PLACE2C_OUT = ROOT / "tests" / "data" / "puzzles" / "place2c"
PLACE2C_SEED = 7000
PLACE2C_QUOTA: dict[str, dict[tuple[int, str, bool | str], int]] = {
    "act": {},
    "place": {**PLACE2_QUOTA["place"], (2, "map", "2+"): 2},
}
"""A third set (`--set place2c`): place2b's budget on games from new seeds, and place2's quotas
with two answers of 2 or more for the map goal too (the two-turn model's answers; an answer of 1
is settled by the one-action check)."""


def answer_class(result: SearchResult) -> bool | str:
    """The answer as the quotas count it: feasible or not, or in the place2 corpus, "1", "2+"
    or "none"."""
    if PREFIX == "small":
        return result.optimum is not None
    return "none" if result.optimum is None else "1" if result.optimum == 1 else "2+"


PREFIX = "small"
GAMES_ASKED: int | None = None
"""`--max-games` as given, so that the README's command makes the same files again."""

Cell = tuple[str, str, int]
"""Phase, seat to move, edition."""


@dataclass(frozen=True)
class Candidate:
    """A puzzle drawn from a game, with the class it would fill."""

    puzzle: Puzzle
    game: int
    bots: str
    cls: tuple[str, str, int, int, str]
    """Phase, seat, edition, horizon, goal kind."""


def games(
    comps: Components, rng: random.Random, max_games: int | None = None
) -> Iterator[tuple[int, str, list[Position]]]:
    """Simulated games, each with positions where the hero may start a puzzle."""
    for g in range(MAX_GAMES if max_games is None else max_games):
        edition = (2016, 2014)[g % 2]
        strategist = g % 3 == 2
        bots = "greedy" if g % 3 != 1 else "random"
        found: dict[str, list[Position]] = {"place": [], "act": []}

        def grab(pos: Position, found: dict[str, list[Position]] = found) -> None:
            if pos.phase in found and pos.turn >= 1 and not pos.passing:
                found[pos.phase].append(pos)

        play_game(comps, SEED + g, edition, strategist, (bots, bots), max_turns=40, check=False, on_position=grab)
        picked = [p for phase, ps in found.items() for p in rng.sample(ps, min(PER_GAME[phase], len(ps)))]
        yield g, bots, picked


def open_classes(filled: Counter[tuple[object, ...]], cell: Cell) -> list[tuple[int, str]]:
    """Horizons and goals still wanted in a cell, one entry per puzzle missing."""
    out = []
    for (turns, kind, feasible), quota in QUOTA[cell[0]].items():
        out.extend([(turns, kind)] * max(quota - filled[(*cell, turns, kind, feasible)], 0))
    return out


def candidate(pos: Position, turns: int, kind: str, game: int, bots: str, rng: random.Random) -> Candidate:
    """A puzzle from a position, a horizon and a kind of goal; in the action phase, sometimes
    with fewer actions left than the turn gave."""
    if pos.phase == "act":
        # A shorter turn keeps the search small; in a two-turn puzzle the next turn is whole.
        most = rng.choice((0, 1)) if turns == 2 else rng.choice((1, 2, 2, 3, 3, 4))
        pos = replace(pos, actions_left=min(pos.actions_left, max(most, 2 if kind == "two" else 0)))
    goal = Goal(temples=2) if kind == "two" else Goal()
    if kind == "map":
        hand = pos.hero.maps
        tops = [deck[0] for deck in pos.map_decks if deck]
        pool = hand if hand and (rng.random() < 0.7 or not tops) else tops
        goal = Goal(map_card=rng.choice(pool))
    puzzle = Puzzle("", pos, goal, turns=turns, revealed=PREMISE.of(pos, turns, goal))
    return Candidate(puzzle, game, bots, (pos.phase, pos.to_move, pos.edition, turns, kind))


def describe(c: Candidate, result: SearchResult) -> str:
    """A title saying what the puzzle asks."""
    phase, seat, edition, turns, _ = c.cls
    when = "from the tile placement" if phase == "place" else "in the action phase"
    horizon = "this turn" if turns == 1 else "this turn and the next"
    answer = "no line does" if result.optimum is None else f"optimum {result.optimum}"
    return f"{seat} to {c.puzzle.goal.describe()} {horizon}, {when} ({edition}; {answer})"


def build(dry_run: bool, max_games: int | None = None) -> int:
    comps = load_components()
    rng = random.Random(SEED)
    kept: list[tuple[Candidate, SearchResult]] = []
    filled: Counter[tuple[object, ...]] = Counter()
    tried = 0
    games_played = 0
    for game, bots, positions in games(comps, rng, max_games):
        games_played = game + 1
        for pos in positions:
            cell = (pos.phase, pos.to_move, pos.edition)
            wanted = open_classes(filled, cell)
            if pos.phase == "act" and pos.actions_left < 2:
                wanted = [w for w in wanted if w[1] != "two"]
            if not (pos.hero.maps or any(pos.map_decks)):
                wanted = [w for w in wanted if w[1] != "map"]
            if not wanted:
                continue
            turns, kind = rng.choice(wanted)
            c = candidate(pos, turns, kind, game, bots, rng)
            if c.puzzle.check_start() is not None:
                continue  # e.g. too few temples left on the player board
            tried += 1
            result = search(c.puzzle, max_nodes=NODE_BUDGET)
            fine = (*c.cls, answer_class(result))
            if not result.complete or filled[fine] >= QUOTA[cell[0]].get(fine[3:], 0):
                continue
            filled[fine] += 1
            kept.append((c, result))
            if not dry_run:  # written as it grows: a run stopped early keeps what it found
                write(sorted(kept, key=lambda k: (k[0].cls, k[0].game)), games_played)
        print(f"game {game}: tried {tried}, kept {len(kept)}", file=sys.stderr)
        if not any(open_classes(filled, (phase, seat, ed)) for phase in QUOTA for seat in SEATS for ed in (2016, 2014)):
            break
    kept.sort(key=lambda k: (k[0].cls, k[0].game))
    if not dry_run:
        write(kept, games_played)
    print(report(kept, tried))
    print(missing(filled))
    return 0


def missing(filled: Counter[tuple[object, ...]]) -> str:
    """The classes whose quota was not met, as text."""
    lines = ["quotas not met:"]
    for phase, quotas in QUOTA.items():
        for seat in SEATS:
            for edition in (2016, 2014):
                for (turns, kind, feasible), quota in quotas.items():
                    have = filled[(phase, seat, edition, turns, kind, feasible)]
                    if have < quota:
                        what = {True: "feasible", False: "infeasible"}.get(feasible, f"answer {feasible}")
                        lines.append(f"  {phase} {seat} {edition} h{turns} {kind} {what}: {have} of {quota}")
    return "\n".join(lines)


Row = tuple[str, int | None, int, int, str]
"""A line of the index: file, optimum (None: infeasible), states played, game seed, bots."""


def write(kept: list[tuple[Candidate, SearchResult]], games_played: int) -> None:
    """Write every puzzle, check that each loads back as the same puzzle, then the index and README."""
    comps = load_components()
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    index: list[Row] = []
    for i, (c, result) in enumerate(kept, 1):
        phase, seat, edition, turns, kind = c.cls
        pid = f"{PREFIX}-{i:03d}"
        puzzle = replace(
            c.puzzle, id=pid, title=describe(c, result), optimum=result.optimum, solution=result.line or None
        )
        name = f"{pid}-{phase}-{seat}-{edition}-h{turns}-{kind}.yaml"
        save_puzzle(puzzle, OUT / name)
        back = load_puzzle(OUT / name, comps)
        assert back.start.key() == puzzle.start.key(), f"{name}: the position changed on the way back"
        assert (back.goal, back.turns, back.optimum) == (puzzle.goal, puzzle.turns, result.optimum), name
        if result.optimum is not None:
            again = replay(back, back.solution or ())
            assert again.illegal_at is None and again.reached and again.cost == result.optimum, name
        index.append((name, result.optimum, result.nodes, SEED + c.game, c.bots))
    write_index(index)
    (OUT / "README.md").write_text(readme(kept, games_played), encoding="utf-8")


def write_index(rows: list[Row]) -> None:
    """The index as CSV (not YAML, so that globbing the directory for puzzles finds only puzzles)."""
    lines = ["file,optimum,nodes,game,bots"]
    lines += [f"{name},{'' if opt is None else opt},{nodes},{game},{bots}" for name, opt, nodes, game, bots in rows]
    (OUT / "index.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _counts(kept: list[tuple[Candidate, SearchResult]]) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {k: Counter() for k in ("phase", "seat", "edition", "variant", "bots")}
    out.update({k: Counter() for k in ("horizon", "goal", "answer", "optimum")})
    for c, r in kept:
        phase, seat, edition, turns, kind = c.cls
        out["phase"][phase] += 1
        out["seat"][seat] += 1
        out["edition"][str(edition)] += 1
        out["variant"]["strategist" if c.puzzle.start.strategist else "standard"] += 1
        out["bots"][c.bots] += 1
        out["horizon"][f"{turns} turn(s)"] += 1
        out["goal"][{"temple": "1 temple", "map": "1 temple, named map card", "two": "2 temples"}[kind]] += 1
        out["answer"]["feasible" if r.optimum is not None else "infeasible"] += 1
        out["optimum"][str(r.optimum) if r.optimum is not None else "none"] += 1
    return out


def report(kept: list[tuple[Candidate, SearchResult]], tried: int) -> str:
    """Counts per class and the search's effort, as text."""
    lines = [f"{len(kept)} puzzles kept of {tried} solved"]
    for name, counts in _counts(kept).items():
        lines.append(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    nodes = sorted(r.nodes for _, r in kept)
    if nodes:
        p95 = nodes[min(len(nodes) - 1, int(0.95 * len(nodes)))]
        lines.append(f"  nodes: median {statistics.median(nodes):g}, p95 {p95}, max {nodes[-1]}")
    return "\n".join(lines)


def readme(kept: list[tuple[Candidate, SearchResult]], games_played: int) -> str:
    """The corpus README: how it was made and what is in it."""
    rows = "\n".join(
        f"| {name} | " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + " |"
        for name, counts in _counts(kept).items()
    )
    nodes = sorted(r.nodes for _, r in kept)
    title = "Small puzzles" if PREFIX == "small" else "Two-turn puzzles from the tile placement"
    again = ("" if PREFIX == "small" else f" --set {PREFIX}") + (f" --max-games {GAMES_ASKED}" if GAMES_ASKED else "")
    stand_in = (
        ', a machine-independent stand-in for\n"under about 0.5 s"'
        if PREFIX == "small"
        else " (about 7,000 a second on a quiet core)"
    )
    return f"""# {title}

{len(kept)} puzzles small enough for the exhaustive search (`akrotiri_puzzles/solver/exhaustive.py`)
to prove their answer within {NODE_BUDGET} states played{stand_in}. Tests compare solvers on them. Each file records the exhaustive optimum in
`optimum` and an optimal line in `solution`; a file without them has no line that reaches the
goal within its horizon. `index.csv` lists every file with its optimum (empty: infeasible), the
states the search played to prove it (median {statistics.median(nodes):g}, max {nodes[-1]}), and
the seed and bots of the game it came from.

Made by `tools/make_test_puzzles.py`; do not edit by hand, change the tool and run it again:

    .venv/bin/python tools/make_test_puzzles.py{again}

It simulates games with seeds {SEED} to {SEED + games_played - 1} (game g: edition 2016 when g is
even, 2014 when odd; the strategist variant when g % 3 == 2; random bots when g % 3 == 1,
greedy bots otherwise), draws up to {PER_GAME["place"]} positions at a tile placement and
{PER_GAME["act"]} in an action phase from each with `random.Random({SEED})`, and gives each a
horizon and a goal still wanted by the quotas per class (phase, seat to move, edition, horizon,
goal, feasible). Action-phase positions may have fewer actions left than their turn gave (at
most 1 in a two-turn puzzle). A puzzle is kept when the search proves its answer within the
budget and its class still wants one; it is written, read back and checked to load as the same
position, and its line to replay to the goal at the recorded cost. The files are rewritten as
each puzzle is kept, so a run stopped early (`--max-games`, Ctrl-C) leaves the puzzles found
so far, from the games named above.

| class | puzzles |
|---|---|
{rows}
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="report what would be kept; write nothing")
    parser.add_argument(
        "--set",
        choices=("small", "place2", "place2b", "place2c"),
        default="small",
        help="small: tests/data/puzzles/small (default); place2, place2b, place2c: tests/data/puzzles/place2...",
    )
    parser.add_argument("--max-games", type=int, help=f"games to simulate at most (default {MAX_GAMES})")
    args = parser.parse_args()
    global OUT, SEED, NODE_BUDGET, QUOTA, PREFIX, GAMES_ASKED
    GAMES_ASKED = args.max_games
    if args.set == "place2":
        OUT, SEED, NODE_BUDGET, QUOTA, PREFIX = PLACE2_OUT, PLACE2_SEED, PLACE2_BUDGET, PLACE2_QUOTA, "place2"
    if args.set == "place2b":
        OUT, SEED, NODE_BUDGET, QUOTA, PREFIX = PLACE2B_OUT, PLACE2B_SEED, PLACE2B_BUDGET, PLACE2B_QUOTA, "place2b"
    if args.set == "place2c":
        OUT, SEED, NODE_BUDGET, QUOTA, PREFIX = PLACE2C_OUT, PLACE2C_SEED, PLACE2B_BUDGET, PLACE2C_QUOTA, "place2c"
    return build(args.dry_run, args.max_games)


if __name__ == "__main__":
    sys.exit(main())
