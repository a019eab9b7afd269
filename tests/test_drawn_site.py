"""Two-turn candidates whose goal needs the drawn tile (generator/drawn_site.py, issue 30):
the look at the board agrees with the engine's excavations (R-EXC-1, R-EXC-2), and its bound
on the idle line agrees with the solver's proof."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Excavate, Oracle, PlaceTile
from akrotiri_puzzles.board import Board
from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
from akrotiri_puzzles.generator.candidates import ANY_GOAL, candidates, recipe_for
from akrotiri_puzzles.generator.drawn_site import (
    SiteMemo,
    drawn_boards,
    drawn_slots,
    idle_dead,
    needs_drawn_tile,
    needs_oracle_tile,
    sites,
)
from akrotiri_puzzles.generator.generate import Task, attempt, drawn_by_default, reveal_for
from akrotiri_puzzles.generator.idle_turn import idle_first_turn, idle_rests
from akrotiri_puzzles.generator.reveal import Reveal
from akrotiri_puzzles.position import Position
from akrotiri_puzzles.puzzle import Goal, Puzzle, State, moves, play
from akrotiri_puzzles.rules import boat_island, legal_actions
from akrotiri_puzzles.simulate import play_game
from akrotiri_puzzles.solver import solve

from .conftest import ROOT, one_line_error, run_cli

TWO_TEMPLES = ROOT / "puzzles" / "generated" / "hard-s44-t2-two-temples-00000.yaml"


@pytest.fixture(scope="module")
def two_temples() -> Puzzle:
    return load_puzzle(TWO_TEMPLES, load_components())


def _states(p: Puzzle) -> list[State]:
    """Every state of the puzzle's answer, replayed by the engine, the start included."""
    assert p.solution is not None
    out = [State(p.start)]
    for action in p.solution:
        out.append(play(p, out[-1], action))
    return out


def test_sites_are_the_engines_excavations_R_EXC_2(two_temples: Puzzle) -> None:
    # At each state of the answer in the action phase, the sites on the boat's island are
    # exactly where the engine lets the hero excavate each card it can pay for.
    looked = 0
    for state in _states(two_temples):
        pos = state.pos
        island = boat_island(pos) if pos.phase == "act" else None
        if island is None or pos.actions_left == 0:
            continue
        legal = {(a.card, a.site) for a in moves(two_temples, state) if isinstance(a, Excavate)}
        quads = set(pos.board.island_quads[island])
        for card in sorted(set(pos.hero.maps)):
            if pos.components.map[card].cost > pos.hero.drachmas or island == pos.board.thera_island:
                continue
            expected = {site for c, site in legal if c == card}
            assert sites(pos, pos.board, card) & quads == expected, (card, island)
            looked += 1
    assert looked >= 4


def test_a_goal_with_a_site_now_does_not_need_the_drawn_tile(two_temples: Puzzle) -> None:
    # hard-s44-t2-two-temples-00000 digs its second temple on the drawn tile, but H06 and M08
    # have sites on the board already: two cards could be dug without it.
    pos = two_temples.start
    assert sites(pos, pos.board, "H06") and sites(pos, pos.board, "M08")
    assert not needs_drawn_tile(two_temples)
    for card in ("H06", "M08"):
        assert not needs_drawn_tile(replace(two_temples, goal=Goal(map_card=card)))
    # H07 has no site now and none after any placement of the drawn tile either.
    assert not sites(pos, pos.board, "H07")
    assert not any(sites(pos, b, "H07") for b in drawn_boards(two_temples))
    assert not needs_drawn_tile(replace(two_temples, goal=Goal(map_card="H07")))


def test_the_drawn_tile_is_placed_at_every_legal_slot(two_temples: Puzzle) -> None:
    # The boards are those of turn 2's placements (R-TILE-1): the answer's is among them, and
    # a puzzle of one turn, or one that does not reveal the drawn tile, has none.
    states = _states(two_temples)
    placed = next(s for s, a in zip(states, two_temples.solution or (), strict=False) if isinstance(a, PlaceTile))
    tile = placed.pos.hero.tile
    answer = next(a for a in two_temples.solution or () if isinstance(a, PlaceTile))
    boards = drawn_boards(two_temples)
    assert placed.pos.board.with_tile(answer.slot, tile, answer.rotation) in boards  # type: ignore[arg-type]
    assert drawn_boards(replace(two_temples, turns=1)) == []
    assert not needs_drawn_tile(replace(two_temples, turns=1))


def _legal_boards(p: Puzzle) -> set[Board]:
    """The boards after each of the engine's legal placements of the drawn tile (R-TILE-1),
    every second cube included."""
    out: set[Board] = set()
    for rest in idle_rests(p):
        start, tile = rest.start, rest.start.hero.tile
        if start.phase == "place" and tile is not None:
            out |= {
                start.board.with_tile(a.slot, tile, a.rotation)
                for a in legal_actions(start)
                if isinstance(a, PlaceTile)
            }
    return out


def test_R_TILE_1_the_look_places_the_drawn_tile_once_per_legal_slot_and_rotation(two_temples: Puzzle) -> None:
    # The boards are made from the open slots and rotations, not from the legal actions (each
    # of which also names a second cube): the same boards, each once, kept by the memo.
    boards = drawn_boards(two_temples)
    assert len(boards) == len(set(boards)) == len(_legal_boards(two_temples)) > 50
    assert set(boards) == _legal_boards(two_temples)
    memo = SiteMemo()
    kept = drawn_boards(two_temples, memo)
    assert kept == boards and all(a is b for a, b in zip(drawn_boards(two_temples, memo), kept, strict=True))


def _game_starts(seed: int, task: int) -> list[Position]:
    """The starts of the action phase of the game of a task of `generate --difficulty hard
    --drawn-site --seed SEED`."""
    comps = load_components()
    rng = random.Random(f"akrotiri-generate {seed} {task}")
    recipe = recipe_for("hard", rng, 2)
    snaps: list[Position] = []
    play_game(
        comps,
        rng.randrange(2**31),
        recipe.edition,
        bots=("mixed", "mixed"),
        mix=0.8,
        check=False,
        max_turns=40,
        on_position=snaps.append,
    )
    return [q for q in snaps if q.phase == "act" and q.turn > 2 and not q.points and not q.passing]


def test_R_EXC_2_the_look_with_its_memo_is_the_definition_over_the_engines_placements() -> None:
    # The goals of positions of the game of task 4 of `generate --difficulty hard --drawn-site
    # --seed 101`, each looked at as the generator does (one memo for the game, the board as it
    # is read first) and by the module's definition over the engine's legal placements: the
    # same verdicts, some of each.
    starts = _game_starts(101, 4)
    memo, plain = SiteMemo(), SiteMemo()
    verdicts = []
    for start in starts[::3]:
        for goal in [*(Goal(map_card=c) for c in sorted(set(start.hero.maps))), Goal(), Goal(temples=2)]:
            p = Puzzle("look", start, goal, 2, revealed=Reveal().of(start, 2, goal))
            boards = _legal_boards(p)
            hand = sorted(set(start.hero.maps))
            now = {c for c in hand if plain(start, start.board, c)}
            later = {c for c in hand if c not in now and any(plain(start, b, c) for b in boards)}
            if goal.map_card is not None:
                needed = goal.map_card in later
            else:
                needed = len(now) <= (1 if goal.temples >= 2 else 0) and bool(later)
            expected = needed and idle_dead(p)
            assert needs_drawn_tile(p, memo) == expected, (start, goal)
            verdicts.append(expected)
    assert True in verdicts and False in verdicts


def test_R_EXC_2_the_drawn_tiles_sites_read_without_each_board_are_those_of_each_board() -> None:
    # SiteMemo.drawn_site builds a board with the drawn tile only where its cheap necessary
    # condition holds (the tile's icon added to the card's bounds, the tile's land and the open
    # quadrants as they are): for every card in hand, with a site now or not, its answer is the
    # first slot and rotation whose board, built and read by `sites`, has a site (a quarter of
    # the positions of seed 101's task 4: some of each).
    answers = []
    for seed, task in ((101, 4),):
        memo = SiteMemo()
        for start in _game_starts(seed, task)[::4]:
            tile = start.land_pile[0] if start.land_pile else None
            if tile is None:
                continue
            slots = drawn_slots(start.board)
            for card in sorted(set(start.hero.maps)):
                found = next(
                    (sr for sr in slots if sites(start, start.board.with_tile(sr[0], tile, sr[1]), card)), None
                )
                assert memo.drawn_site(start, start.board, tile, card) == found, (start, card)
                answers.append((found is None, bool(sites(start, start.board, card))))
    assert {(True, False), (False, False), (False, True)} <= set(answers)


def test_the_idle_bound_never_rules_out_a_line_that_exists() -> None:
    # The degenerate two-turn puzzle's idle line exists (2 actions after `end`): the bound
    # must not call it dead. Those the bound calls dead, the solver proves INFEASIBLE.
    degenerate = load_puzzle(ROOT / "tests" / "data" / "themes" / "degenerate-two-turn.yaml", load_components())
    assert idle_first_turn(degenerate, 0).optimum is not None
    assert not idle_dead(degenerate)


def test_drawn_candidates_have_no_idle_line_proven_by_the_solver() -> None:
    # Task 4 of `generate --difficulty hard --drawn-site --seed 101`: its candidates pass the
    # look, and the solver proves that no line doing nothing in turn 1 reaches their goal.
    comps = load_components()
    rng = random.Random("akrotiri-generate 101 4")
    recipe = replace(recipe_for("hard", rng, 2), drawn=True, goal=ANY_GOAL)
    found = list(candidates(comps, rng.randrange(2**31), recipe, rng))
    assert found
    for p in found:
        assert needs_drawn_tile(p) and idle_dead(p)
        assert idle_first_turn(p, 0).status == "INFEASIBLE"


def test_the_option_names_its_puzzles() -> None:
    assert Task(311, 4, "hard", 2, drawn=True).name == "hard-s311-t2-drawn-00004"


@pytest.mark.parametrize("args", [["--turns", "1"], ["--start", "place"]])
def test_drawn_site_is_two_turns_from_the_action_phase(args, tmp_path) -> None:  # type: ignore[no-untyped-def]
    one_line_error(run_cli("generate", "--drawn-site", *args, "--out", tmp_path), "--drawn-site")


@pytest.mark.parametrize("args", [["--turns", "1"], ["--start", "place"], ["--drawn-site"]])
def test_any_site_is_two_turns_from_the_action_phase_with_any_goal(args, tmp_path) -> None:  # type: ignore[no-untyped-def]
    one_line_error(run_cli("generate", "--any-site", *args, "--out", tmp_path), "--any-site")


def test_R_END_1_hard_two_turns_from_the_action_phase_draw_the_drawn_tile_recipe() -> None:
    # Session 47 (the lead): at hard, --turns 2 from the action phase asks for a goal that needs
    # the tile drawn at the end of turn 1 unless --any-site; easy and medium keep any goal, and
    # two turns from the placement are not the look's.
    assert drawn_by_default("hard", 2, None) and drawn_by_default("hard", 2, "act")
    assert not drawn_by_default("hard", 2, None, any_site=True)
    assert not drawn_by_default("hard", 2, "place") and not drawn_by_default("hard", 1, None)
    assert not drawn_by_default("hard", None, None)
    assert not drawn_by_default("medium", 2, None) and not drawn_by_default("easy", 2, "act")


def test_generate_hard_turns_2_names_the_collections_drawn_site_file_and_any_site_the_plain_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Each command is run over a folder holding what an earlier run of it made (its journal of
    # dropped tasks and its kept file, copied from the collection), so it proves nothing again:
    # it only names its tasks. `--turns 2 --seed 4411` is the collection's `--drawn-site` row,
    # `--turns 2 --any-site` (seed 44) the plain recipe's row, each under the file's own name.
    generated = ROOT / "puzzles" / "generated"
    rows = {
        "hard-s4411-t2-drawn-00089": ["--seed", "4411"],
        "hard-s44-t2-two-temples-00000": ["--seed", "44", "--any-site", "--goal", "two-temples"],
    }
    for name, args in rows.items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / f"{name}.yaml").write_bytes((generated / f"{name}.yaml").read_bytes())
        stem, index = name.rsplit("-", 1)
        journal = "".join(f"{stem}-{i:05d}\tno line within the horizon\n" for i in range(int(index)))
        (folder / ".generate-dropped.tsv").write_text(journal, encoding="utf-8")
        run = run_cli("generate", "--difficulty", "hard", "--turns", "2", *args, "--out", folder)
        assert run.returncode == 0, run.stderr
        assert f"{name}.yaml" in run.stdout and f"({int(index) + 1} known from an earlier run)" in run.stdout
        assert sorted(p.name for p in folder.iterdir()) == [".generate-dropped.tsv", f"{name}.yaml"]


def test_a_task_whose_game_has_no_goal_needing_the_drawn_tile_says_so() -> None:
    # Task 0 of `generate --difficulty hard --drawn-site --seed 101`: no goal passes the look, and
    # the journal says why (it said "no position of the kind in the game", which misled).
    outcome = attempt(Task(101, 0, "hard", 2, drawn=True), load_components())
    assert not outcome.kept and outcome.reason == "no goal in the game that needs the drawn tile"


def test_R_ORA_1_oracle_candidates_need_the_oracle_proven_by_the_solver() -> None:
    # Task 70 of `generate --difficulty medium --drawn-site --theme oracle --seed 560`: the goal
    # needs a tile only the oracle gives, in one slot. The solver's line consults the oracle, and
    # with the oracle forbidden no line exists; a one-turn puzzle never passes the look (the
    # oracle's tile could only be placed in a later turn).
    comps = load_components()
    rng = random.Random("akrotiri-generate 560 70")
    recipe = replace(recipe_for("medium", rng, 2), reveal=reveal_for(("oracle",)), drawn=True, goal=ANY_GOAL)
    p = next(iter(candidates(comps, rng.randrange(2**31), recipe, rng)))
    assert needs_oracle_tile(p) and not needs_oracle_tile(replace(p, turns=1))
    line = solve(p).line
    assert any(isinstance(a, Oracle) for a in line)
    assert solve(p, forbid=["oracle"]).optimum is None
