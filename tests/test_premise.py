"""A puzzle's premise (premise.py, docs/puzzles.md "What a puzzle reveals"): a line may use
only the draws the puzzle states; files that do not fit are refused by name; `check` says
which draw an answer rests on."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from akrotiri_puzzles import load_components
from akrotiri_puzzles.actions import Buy, EndTurn, KeepGoal, Oracle
from akrotiri_puzzles.components import ICONS
from akrotiri_puzzles.errors import PuzzleError
from akrotiri_puzzles.files.puzzle_yaml import dumps_puzzle, load_puzzle, loads_puzzle
from akrotiri_puzzles.generator.reveal import Reveal, answer_reveal, until_every_icon
from akrotiri_puzzles.notation import parse_line
from akrotiri_puzzles.premise import WHOLE, Revealed, stated_position, unstated
from akrotiri_puzzles.puzzle import Goal, State, moves, play, replay, validate, why_not
from akrotiri_puzzles.solver.budget import playable_cards
from akrotiri_puzzles.web.referee import rest_of

from .test_check import check

ROOT = Path(__file__).resolve().parent.parent
COMPS = load_components()
P03 = load_puzzle(ROOT / "puzzles" / "p03.yaml", COMPS)
E01 = load_puzzle(ROOT / "puzzles" / "endgames" / "e01.yaml", COMPS)
TWO = load_puzzle(ROOT / "puzzles" / "generated" / "hard-s44-t2-two-temples-00000.yaml", COMPS)
ONLY_E05 = Revealed(maps=(("E05",), (), ()))
"""p03's easy deck holds E05, E04, ...: this premise reveals E05 alone."""
DIG = parse_line("excavate E04 -2,-1NW")[0]


def after(puzzle, text: str) -> State:  # type: ignore[no-untyped-def]
    """The state a line reaches (every action legal under the puzzle's premise)."""
    state = State(puzzle.start)
    for action in parse_line(text):
        state = play(puzzle, state, action)
    return state


# ---- buying (R-BUY-1) ----------------------------------------------------------------------------


def test_R_BUY_1_p03_states_the_cards_its_answer_buys():
    assert P03.revealed.deck("easy") == ("E05", "E04")
    assert P03.start.map_decks[0][:2] == ("E05", "E04")
    assert replay(P03, P03.solution or ()).reached


def test_R_BUY_1_a_card_bought_face_down_and_not_revealed_cannot_be_played():
    puzzle = replace(P03, revealed=ONLY_E05, solution=None, certificate=None, optimum=None)
    state = after(puzzle, "buy easy easy; ship -1,1SW")
    dig = DIG
    assert dig in [a for a in moves(replace(puzzle, revealed=WHOLE), state)]
    assert dig not in moves(puzzle, state)
    reason = why_not(puzzle, state, dig)
    assert reason is not None and "E04" in reason and "easy deck" in reason and "R-BUY-1" in reason


def test_R_BUY_1_buying_beyond_the_revealed_top_is_legal_and_costs_its_price():
    puzzle = replace(P03, revealed=Revealed(), solution=None, certificate=None, optimum=None)
    start = State(puzzle.start)
    assert Buy(("easy", "easy")) in moves(puzzle, start)
    state = play(puzzle, start, Buy(("easy", "easy")))
    assert state.pos.hero.drachmas == P03.start.hero.drachmas - 3


# ---- the oracle (R-ORA-1) ------------------------------------------------------------------------


def test_R_ORA_1_the_oracle_only_for_an_icon_a_revealed_tile_shows_first():
    start = P03.start
    top = start.land_pile[0]
    first_icon = COMPS.tile[top].icon
    puzzle = replace(P03, revealed=Revealed(land=(top,)), solution=None, certificate=None, optimum=None)
    state = State(puzzle.start)
    assert why_not(puzzle, state, Oracle(first_icon)) is None
    unseen = [i for i in ICONS if i != first_icon]
    for icon in unseen:
        reason = why_not(puzzle, state, Oracle(icon))
        assert reason is not None and "R-ORA-1" in reason and "oracle" in reason
    every = replace(puzzle, revealed=Revealed(land=start.land_pile[: until_every_icon(start)]))
    assert all(why_not(every, state, Oracle(icon)) is None for icon in ICONS)


# ---- the end of turn (R-END-1) -------------------------------------------------------------------


def test_R_END_1_a_two_turn_puzzle_must_reveal_the_tile_it_draws():
    assert TWO.revealed.land == TWO.start.land_pile[:1]
    bare = replace(TWO, revealed=Revealed())
    reason = bare.check_start()
    assert reason is not None and reason.startswith("revealed.land:") and "R-END-1" in reason
    with pytest.raises(PuzzleError, match=r"TWO: revealed\.land: a two-turn puzzle must reveal"):
        validate(bare, "TWO")


def test_R_END_1_no_turn_ends_on_an_unrevealed_draw():
    two = replace(P03, turns=2, revealed=Revealed(land=P03.start.land_pile[:1]), solution=None, certificate=None)
    state = State(two.start)
    assert why_not(two, state, EndTurn()) is None
    pos = replace(state.pos, land_pile=state.pos.land_pile[1:])  # the revealed tile is gone
    reason = unstated(two.revealed, two.start, pos, EndTurn())
    assert reason is not None and "R-END-1" in reason


# ---- goal draws (R-EXC-1) ------------------------------------------------------------------------


def test_R_EXC_1_a_goal_draw_before_the_goal_must_be_revealed():
    assert E01.revealed.goals == E01.start.goal_deck[:4]
    reason = replace(E01, revealed=Revealed()).check_start()
    assert reason is not None and reason.startswith("revealed.goals:") and "R-EXC-1" in reason


def test_R_EXC_1_a_goal_card_is_kept_only_from_a_revealed_offer():
    assert E01.solution is not None
    line = E01.solution
    keep = next(i for i, a in enumerate(line) if isinstance(a, KeepGoal))
    state = replay(E01, line[:keep]).states[-1]
    assert state.pos.phase == "goal"
    assert why_not(E01, state, line[keep]) is None
    reason = unstated(Revealed(), E01.start, state.pos, line[keep])
    assert reason is not None and "R-EXC-1" in reason


def test_R_EXC_2_a_named_map_card_must_be_known():
    reason = replace(P03, goal=Goal(map_card="E07"), solution=None).check_start()
    assert reason is not None and reason.startswith("goal.map: E07 is neither in the hero's hand nor revealed")
    assert replace(P03, goal=Goal(map_card="E04"), solution=None).check_start() is None


# ---- the file ------------------------------------------------------------------------------------


def _p03_data() -> dict[str, object]:
    return yaml.safe_load((ROOT / "puzzles" / "p03.yaml").read_text())


def test_the_premise_must_be_the_top_of_its_piles_in_order():
    data = _p03_data()
    data["revealed"] = {"maps": {"easy": ["E04", "E05"]}}
    with pytest.raises(PuzzleError) as err:
        loads_puzzle(yaml.safe_dump(data), COMPS, "p03.yaml")
    assert str(err.value) == (
        "p03.yaml: revealed.maps.easy: E04, E05 is not the top of the deck, in order (it holds E05, E04)"
    )


@pytest.mark.parametrize(
    "revealed,words",
    [
        ({"maps": {"easy": ["M01"]}}, "revealed.maps.easy.0: not a card of the easy deck: 'M01'"),
        ({"land": ["L99"]}, "revealed.land.0: unknown land tile 'L99'"),
        ({"goals": ["G77"]}, "revealed.goals.0: unknown goal card 'G77'"),
        ({"tiles": ["L01"]}, "revealed.tiles"),
    ],
)
def test_a_bad_premise_is_refused_by_name(revealed, words):
    data = _p03_data()
    data["revealed"] = revealed
    with pytest.raises(PuzzleError, match=words.replace(".", r"\.")):
        loads_puzzle(yaml.safe_dump(data), COMPS, "p03.yaml")


def test_a_solution_resting_on_an_unstated_draw_is_refused_naming_the_draw():
    data = _p03_data()
    del data["revealed"]
    with pytest.raises(PuzzleError) as err:
        loads_puzzle(yaml.safe_dump(data), COMPS, "p03.yaml")
    assert str(err.value).startswith(
        "p03.yaml: solution.2: excavate E04 -2,-1NW: E04 was bought face down from the easy deck (R-BUY-1)"
    )


def test_the_answer_comes_last_in_a_file_and_the_old_order_still_reads():
    text = dumps_puzzle(P03)
    keys = [line.split(":")[0] for line in text.splitlines() if line and not line.startswith(" ")]
    assert keys.index("goal") < keys.index("revealed") < keys.index("position") < keys.index("solution")
    assert keys.index("solution") < keys.index("certificate") == len(keys) - 1
    data = yaml.safe_load(text)
    old = {k: data[k] for k in ("format", "id", "title", "goal", "horizon", "optimum", "solution", "certificate")}
    old.update(revealed=data["revealed"], position=data["position"])
    assert loads_puzzle(yaml.safe_dump(old, sort_keys=False), COMPS) == loads_puzzle(text, COMPS)


def test_what_a_premise_reveals_in_words():
    lines = P03.revealed.describe(COMPS)
    assert lines[0] == (
        "easy map deck, top first: E05 (above lake; below volcano; right mountain), "
        "E04 (above mountain; below tree; right volcano)"
    )
    assert TWO.revealed.describe(COMPS) == ["land pile, top first: L32 (mountain)", "goal deck, top first: G12, G02"]
    assert E01.revealed.describe(COMPS) == [f"goal deck, top first: {', '.join(E01.revealed.goals)}"]
    assert Revealed().describe(COMPS) == [] and not Revealed()


# ---- the rest of a line (the page's referee) and the solver --------------------------------------


def test_R_BUY_1_the_rest_of_a_line_keeps_the_cards_it_bought_face_down_unknown():
    puzzle = replace(P03, revealed=ONLY_E05, solution=None, certificate=None, optimum=None)
    state = after(puzzle, "buy easy easy")
    rest = rest_of(puzzle, state)
    assert rest is not None
    assert rest.revealed.unknown == ("E04",) and rest.revealed.deck("easy") == ()
    assert "E04" in rest.start.hero.maps and "E04" not in playable_cards(rest, 5)
    there = play(rest, State(rest.start), parse_line("ship -1,1SW")[0])
    assert why_not(rest, there, DIG) is not None


def test_R_BUY_1_cpsat_plays_only_the_hand_and_the_revealed_tops():
    assert "E04" in playable_cards(P03, 5)
    assert "E04" not in playable_cards(replace(P03, revealed=ONLY_E05), 5)
    assert "E04" in playable_cards(replace(P03, revealed=WHOLE), 5)


def test_an_endgame_puzzle_is_analysed_on_the_decks_it_reveals():
    stated = stated_position(E01.start, E01.revealed)
    assert stated.map_decks == ((), (), ()) and stated.goal_deck == E01.revealed.goals
    assert stated.land_pile == E01.start.land_pile
    assert stated_position(E01.start, WHOLE) is E01.start


# ---- the generator's reveal ----------------------------------------------------------------------


def test_a_recipe_reveals_counts_never_cards():
    start = P03.start
    assert Reveal().of(start, 1, Goal()) == Revealed()
    assert Reveal().of(start, 2, Goal()).land == start.land_pile[:1]
    two = Reveal(maps=2).of(start, 1, Goal())
    assert two.maps == tuple(deck[:2] for deck in start.map_decks)
    oracle = Reveal(oracle=True).of(start, 1, Goal())
    assert {COMPS.tile[t].icon for t in oracle.land} == set(ICONS)
    last = COMPS.tile[oracle.land[-1]].icon
    assert last not in {COMPS.tile[t].icon for t in oracle.land[:-1]}
    assert answer_reveal(P03.solution or ()) == Reveal(maps=2)


# ---- the command line ----------------------------------------------------------------------------


def test_check_refuses_a_file_whose_solution_rests_on_an_unstated_draw(tmp_path):
    data = _p03_data()
    del data["revealed"]
    path = tmp_path / "p03.yaml"
    path.write_text(yaml.safe_dump(data))
    result = check(path, "buy easy easy; ship -1,1SW; excavate E04 -2,-1NW")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{path}: solution.2: excavate E04 -2,-1NW: E04 was bought face down from the easy deck" in lines[0]


def test_check_says_which_draw_a_fans_answer_rests_on(tmp_path):
    data = _p03_data()
    for key in ("solution", "certificate", "optimum"):
        data.pop(key)
    data["revealed"] = {"maps": {"easy": ["E05"]}}
    path = tmp_path / "p03-e05.yaml"
    path.write_text(yaml.safe_dump(data))
    result = check(path, "buy easy easy; ship -1,1SW; excavate E04 -2,-1NW", "--json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["status"] == "illegal" and report["first_illegal"]["number"] == 3
    assert "E04 was bought face down from the easy deck" in report["first_illegal"]["reason"]
    plain = check(path, "buy easy easy; ship -1,1SW; excavate E04 -2,-1NW")
    assert plain.returncode == 1 and "E04 was bought face down" in " ".join(plain.stdout.split())
    assert check(ROOT / "puzzles" / "p03.yaml", "buy easy easy; ship -1,1SW; excavate E04 -2,-1NW").returncode == 0


# ---- where a puzzle is shown ---------------------------------------------------------------------


def test_the_picture_lists_what_the_puzzle_reveals_after_the_key():
    from akrotiri_puzzles.render.svg import render_svg

    svg = render_svg(P03.start, revealed=P03.revealed)
    panel = svg.split('class="revealed"', 1)[1]
    assert "Revealed by the puzzle (top first)" in panel
    for card in ("E05", "E04", "M11", "M01", "H04", "H05"):
        assert f'data-card="{card}"' in panel
    assert panel.index('data-card="E05"') < panel.index('data-card="E04"')  # top first
    assert 'class="revealed"' not in render_svg(P03.start)  # a position: no premise to show
    bare = render_svg(P03.start, revealed=Revealed())
    assert "nothing: every pile is face down" in bare
    two = render_svg(TWO.start, revealed=TWO.revealed)
    assert f"1. {TWO.revealed.land[0]} mountain" in two
    # The tile drawn as printed: its land, routes, docks and icon, by the board's painter.
    tile = two.split(f'data-tile="{TWO.revealed.land[0]}"', 1)[1].split('class="tile-drawn"', 1)[0]
    assert "<path" in tile and "<line" in tile and "clip-path" in tile


def test_show_prints_what_the_puzzle_reveals():
    def show(path: Path) -> str:
        run = subprocess.run(
            [sys.executable, str(ROOT / "cli.py"), "show", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
            env={"COLUMNS": "100", "PATH": ""},
        )
        assert run.returncode == 0, run.stderr
        return run.stdout

    p03 = show(ROOT / "puzzles" / "p03.yaml")
    assert "Revealed by the puzzle (top first; everything else is face down)" in p03
    assert "E05: above lake; below volcano; right mountain" in p03
    assert "Revealed: nothing. Every pile is face down" in show(ROOT / "puzzles" / "p01.yaml")


def test_the_page_says_what_the_puzzle_reveals_and_hides_a_card_bought_face_down():
    from akrotiri_puzzles.files.collection import load_collection
    from akrotiri_puzzles.web.pages import puzzle_page
    from akrotiri_puzzles.web.site import Site, position_words

    site = Site(load_collection([ROOT / "puzzles" / "p03.yaml", ROOT / "puzzles" / "p01.yaml"], COMPS))
    assert "<strong>Revealed (top first):</strong> easy map deck, top first: E05" in puzzle_page(site, "p03")
    assert "nothing: every pile is face down" in puzzle_page(site, "p01")
    puzzle = replace(P03, revealed=ONLY_E05)
    state = after(puzzle, "buy easy easy")
    words = position_words(state, puzzle.revealed.after(puzzle.start, state.pos).unknown)
    assert any("bought face down" in w for w in words) and not any("E04" in w for w in words)
    assert any("E05" in w for w in words)
