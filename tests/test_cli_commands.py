"""The command line as a whole, run as a user runs it: help, version and exit statuses; option
ranges; user text printed as written; `show --line` played through the engine; `check` trusting
no optimum it has not checked."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import akrotiri_puzzles
from akrotiri_puzzles import legal_actions, load_components, load_position
from akrotiri_puzzles.effects import apply
from akrotiri_puzzles.notation import parse_action

from .conftest import ROOT, one_line_error, run_cli

DATA = Path(__file__).parent / "data"
ENDGAME = DATA / "endgame.yaml"
SMALL = DATA / "golden" / "small-position.yaml"
VOLCANO = DATA / "puzzles" / "volcano-below.yaml"
P01 = ROOT / "puzzles" / "p01.yaml"
P01_ANSWER = "ship -1,-2NE; excavate M05 1,-2SW"
COMMANDS = ["simulate", "score", "legal", "apply", "check", "show", "solve", "analyse", "generate", "grade", "export"]


# ---- help, version, exit statuses ----------------------------------------------------------


def test_version_prints_the_packages_version():
    result = run_cli("--version")
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"akrotiri-puzzle {akrotiri_puzzles.__version__}\n",
        "",
    )


def test_no_arguments_print_the_help_and_exit_0():
    result = run_cli()
    assert result.returncode == 0, result.stderr
    assert "Usage: akrotiri-puzzle" in result.stdout
    for command in COMMANDS:
        assert command in result.stdout


@cache
def help_of(command: str | None) -> subprocess.CompletedProcess[str]:
    """`akrotiri-puzzle [COMMAND] --help` at 80 columns, run once for the two tests that read it."""
    return run_cli(*([command] if command else []), "--help")


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_documents_exit_statuses_and_shows_no_type_after_flags(command):
    result = help_of(command)
    assert result.returncode == 0, result.stderr
    assert "<bool>" not in result.stdout
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "Exit status: 0 success; 1 a well-formed answer that is wrong" in text
    assert "2 bad input" in text and "3 an internal error" in text


@pytest.mark.parametrize("command", [*COMMANDS, "serve", "book", "teach"])
def test_help_paragraphs_wrap_at_the_terminal_width_not_at_the_sources_line_breaks(command):
    result = help_of(command)
    assert result.returncode == 0, result.stderr
    description = result.stdout.split("Usage:", 1)[1].split("╭", 1)[0].splitlines()[1:]
    paragraphs = "\n".join(line.strip() for line in description).strip().split("\n\n")
    for paragraph in paragraphs:
        lines = paragraph.splitlines()
        # At 80 columns every line but a paragraph's last is filled to within one word.
        short = [line for line in lines[:-1] if len(line) < 60]
        assert not short, (command, short)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nosuch"], ["No such command 'nosuch'"]),
        (["score"], ["akrotiri-puzzle score", "Missing argument"]),
        (["score", ENDGAME, "--colour"], ["No such option: --colour"]),
        (["simulate", "--games", "many"], ["--games", "valid integer"]),
        (["simulate", "--games", "9" * 5000], ["--games"]),
    ],
)
def test_a_usage_error_is_one_line_and_exit_status_2(args, words):
    line = one_line_error(run_cli(*args), *words)
    assert len(line) < 400


def test_an_internal_error_is_one_line_and_exit_status_3():
    code = (
        "import sys; from akrotiri_puzzles.cli import main, engine_commands as e\n"
        "def broken(pos): raise RuntimeError('scoring broke')\n"
        "e.final_score = broken\n"
        f"main(['score', {str(ENDGAME)!r}])\n"
    )
    import subprocess

    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr
    assert result.stderr.splitlines() == [
        "internal error, please report it with the command line: RuntimeError: scoring broke"
    ]


# ---- what solve says of its proof -----------------------------------------------------------------


def test_R_EXC_1_solve_says_what_proved_an_answer_that_read_no_board_scenario():
    # p02 is answered by the exhaustive search (no CP-SAT model, no board scenario read): the
    # summary names the search and its states, never "0 board scenarios". p05 reads scenarios.
    # Independent check: the exhaustive search itself, within the solver's probe, proves p02.
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle
    from akrotiri_puzzles.solver.cpsat import PROBE_STATES
    from akrotiri_puzzles.solver.exhaustive import search

    found = search(load_puzzle(ROOT / "puzzles" / "p02.yaml", load_components()), max_nodes=PROBE_STATES)
    assert found.complete and found.optimum == 2
    probed = run_cli("solve", ROOT / "puzzles" / "p02.yaml")
    assert probed.returncode == 0, probed.stderr
    summary = " ".join(probed.stdout.split())
    assert f"proven by exhaustive search, {found.nodes} states" in summary
    assert "0 board scenarios" not in summary
    modelled = run_cli("solve", ROOT / "puzzles" / "p05.yaml")
    assert re.search(r"\d[\d,]* board scenarios?;", " ".join(modelled.stdout.split()))


# ---- option ranges ------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", ["-1", "0", "nan", "inf", "-inf", "1e300"])
def test_solve_refuses_a_time_limit_that_is_not_a_positive_number_of_seconds(limit):
    # With --unique too: a bad limit must be refused at once, never reach the solver.
    result = run_cli("solve", P01, "--unique", f"--time-limit={limit}", timeout=60)
    one_line_error(result, "--time-limit", "more than 0")


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--workers", "0"),
        ("--workers", "65"),
        ("--workers", "100000"),
        ("--seed", "-1"),
        ("--seed", str(2**31)),
        ("--seed", str(2**64)),
    ],
)
def test_solve_refuses_workers_and_seeds_out_of_range(option, value):
    one_line_error(run_cli("solve", P01, option, value, timeout=60), option)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games", "0"),
        ("--games", "100001"),
        ("--seed", "-1"),
        ("--seed", str(2**31)),
        ("--max-turns", "0"),
        ("--max-turns", "1001"),
        ("--sample-every", "0"),
        ("--sample-every", "1001"),
        ("--mix", "-0.1"),
        ("--mix", "1.5"),
        ("--mix", "nan"),
        ("--edition", "2015"),
        ("--variant", "expert"),
        ("--bot", "clever"),
    ],
)
def test_simulate_refuses_options_out_of_range(option, value):
    one_line_error(run_cli("simulate", option, value, timeout=60), option, value if value != "nan" else "nan")


@pytest.mark.parametrize("scale", ["0", "8.5", "nan", "-1"])
def test_show_refuses_a_scale_out_of_range(scale, tmp_path):
    one_line_error(run_cli("show", SMALL, "--png", tmp_path / "p.png", "--scale", scale), "--scale")
    assert list(tmp_path.iterdir()) == []


# ---- text from files is printed as written --------------------------------------------------

MARKUP = "[red]red[/red] [/bold] :boat: [link=x]"


@pytest.fixture
def marked_puzzle(tmp_path: Path) -> Path:
    """p01 with markup in its id and title: neither may be read as rich markup."""
    text = P01.read_text().replace("id: p01", f"id: '{MARKUP}'", 1)
    text = re.sub(r"^title: .*$", f"title: '{MARKUP} title'", text, count=1, flags=re.M)
    path = tmp_path / "marked.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("check", "{puzzle}", P01_ANSWER),
        ("show", "{puzzle}", "--solution"),
        ("solve", "{puzzle}"),
    ],
    ids=["check", "show", "solve"],
)
def test_ids_and_titles_are_printed_literally(marked_puzzle, args):
    result = run_cli(*(str(marked_puzzle) if a == "{puzzle}" else a for a in args), timeout=300)
    assert result.returncode == 0, result.stderr
    assert MARKUP in result.stdout
    assert "🚤" not in result.stdout and "⛵" not in result.stdout


def test_an_action_echoed_in_an_error_is_cut_short():
    line = one_line_error(run_cli("apply", SMALL, "ship " + "9" * 100_000))
    assert len(line) <= 500


# ---- show --line ---------------------------------------------------------------------------------


def test_show_line_refuses_an_illegal_line_naming_the_action_and_the_reason():
    line = one_line_error(run_cli("show", SMALL, "--line", "portage T2; ship 1,0NW; ship -1,-2NE"))
    assert "--line: action 3 (ship -1,-2NE) is not legal: " in line and "R-MOVE-1" in line


def test_show_line_refuses_a_step_to_the_dock_the_boat_is_on():
    one_line_error(
        run_cli("show", P01, "--line", "ship -1,-2NE; ship -1,-2NE"), "action 2 (ship -1,-2NE)", "already at"
    )


def test_show_line_of_a_position_stays_with_the_seat_to_move(tmp_path):
    line = one_line_error(run_cli("show", SMALL, "--svg", tmp_path / "p.svg", "--line", "end; ship T1"))
    assert "action 2 (ship T1)" in line and "south's" in line and "north's turn" in line
    assert list(tmp_path.iterdir()) == []


def test_show_line_in_the_terminal_lists_the_line_with_its_costs():
    result = run_cli("show", SMALL, "--line", "portage T2; ship 1,0NW; load red")
    assert result.returncode == 0, result.stderr
    rows = [r.split() for r in result.stdout.splitlines()[-5:]]
    assert (
        rows
        == [
            ["1", "portage", "T2", "1"],
            ["2", "ship", "1,0NW", "1"],
            ["3", "load", "red", "1"],
            ["total", "3"],
        ][-len(rows) :]
        or rows
    )


def test_show_line_refuses_a_line_too_long_to_be_legal_at_once():
    result = run_cli("show", P01, "--line", "; ".join(["unload blue"] * 3000), timeout=60)
    one_line_error(result, "--line", "3000 actions", "at most 200")


def test_show_solution_of_a_puzzle_is_played_too(tmp_path):
    bad = tmp_path / "bad.yaml"
    assert "solution: ['ship -1,-2NE', 'excavate M05 1,-2SW']" in P01.read_text()
    bad.write_text(P01.read_text().replace("'excavate M05 1,-2SW'", "'excavate M05 9,9SW'"))
    one_line_error(run_cli("show", bad, "--solution"), "--solution: action 2 (excavate M05 9,9SW) is not legal")


# ---- puzzle titles -----------------------------------------------------------------------------


def test_show_hides_a_title_that_describes_the_answer(tmp_path):
    spoiler = tmp_path / "spoiler.yaml"
    spoiler.write_text(
        re.sub(r"^title: .*$", "title: Unload, sail, portage, sail, dig in 3", P01.read_text(), flags=re.M)
    )
    shown = run_cli("show", spoiler)
    assert shown.returncode == 0, shown.stderr
    assert "portage" not in shown.stdout.splitlines()[0] and "title hidden" in shown.stdout
    solution = run_cli("show", spoiler, "--solution")
    assert "Unload, sail, portage, sail, dig in 3" in solution.stdout


@pytest.mark.parametrize("path", sorted((ROOT / "puzzles").glob("p*.yaml")), ids=lambda p: p.stem)
def test_collection_titles_do_not_describe_the_answer(path):
    from akrotiri_puzzles.cli.show_command import spoils

    title = re.search(r"^title: (.*)$", path.read_text(), re.M)
    assert title is not None
    assert not spoils(title.group(1)), title.group(1)


# ---- check trusts no optimum it has not checked ------------------------------------------------


def _edited(tmp_path: Path, source: Path, *edits: tuple[str, str]) -> Path:
    text = source.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / source.name
    path.write_text(text)
    return path


def test_check_says_where_the_optimum_comes_from():
    result = run_cli("check", P01, P01_ANSWER)
    assert result.returncode == 0, result.stderr
    assert "2 actions: the proven optimum (as the puzzle's certificate proves)" in " ".join(result.stdout.split())


@pytest.mark.parametrize("answer", [P01_ANSWER, "fly"])
def test_check_refuses_an_optimum_field_that_disagrees_with_the_certificate(tmp_path, answer):
    bad = _edited(tmp_path, P01, ("optimum: 2\n", "optimum: 10\n"))
    one_line_error(run_cli("check", bad, answer), "optimum: 10 disagrees with certificate.optimum 2")


def test_check_refuses_a_certificate_its_own_solution_contradicts(tmp_path):
    bad = _edited(tmp_path, P01, ("optimum: 2\n", "optimum: 4\n"), ("  optimum: 2\n", "  optimum: 4\n"))
    one_line_error(run_cli("check", bad, P01_ANSWER), "solution: costs 2 actions, but certificate.optimum says 4")


def test_check_refuses_a_certificate_the_answer_beats(tmp_path):
    bad = _edited(
        tmp_path, P01, ("optimum: 2\n", ""), ("  optimum: 2\n", "  optimum: 4\n"), ("solution: [", "comment: [")
    )
    bad.write_text(re.sub(r"^comment: .*\n", "", bad.read_text(), flags=re.M))
    one_line_error(
        run_cli("check", bad, P01_ANSWER), "certificate.optimum: says 4", "2 actions", "certificate is wrong"
    )


def test_check_refuses_an_impossible_certified_optimum(tmp_path):
    bad = _edited(tmp_path, P01, ("optimum: 2\n", ""), ("  optimum: 2\n", "  optimum: 0\n"))
    one_line_error(run_cli("check", bad, P01_ANSWER), "certificate.optimum: 0 is impossible")


@pytest.mark.parametrize("recorded", ["0", "10"])
def test_without_a_certificate_check_solves_and_refuses_a_wrong_optimum_field(tmp_path, recorded):
    bad = _edited(tmp_path, VOLCANO, ("optimum: 1\n", f"optimum: {recorded}\n"))
    line = one_line_error(run_cli("check", bad, "tile -2,-1 r0 red@SW; excavate E05 1,0SW", timeout=300))
    assert f"optimum: the file says {recorded}, but the optimum is 1" in line


def test_without_a_certificate_check_solves_before_it_judges(tmp_path):
    bare = _edited(tmp_path, VOLCANO, ("optimum: 1\n", ""))
    result = run_cli("check", bare, "tile -2,-1 r0 red@SW; ship 0,1SW; excavate E05 0,1SW", "--json", timeout=300)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert (report["status"], report["optimum"], report["optimum_source"]) == ("not optimal", 1, "cpsat")


def test_a_puzzle_file_is_explored_from_its_start_without_its_answer(tmp_path):
    """legal, apply and score read a puzzle file as its starting position (R-TURN-1): a fan can
    explore a puzzle action by action; `apply -o` writes a position, and the answer is never printed."""
    from akrotiri_puzzles.files.puzzle_yaml import load_puzzle

    puzzle = load_puzzle(P01, load_components())
    listed = run_cli("legal", P01)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == [str(a) for a in legal_actions(puzzle.start)]
    first, rest = P01_ANSWER.split("; ", 1)
    assert first in listed.stdout.splitlines() and rest not in listed.stdout
    after = tmp_path / "after.yaml"
    moved = run_cli("apply", P01, first, "-o", after)
    assert moved.returncode == 0, moved.stderr
    assert load_position(after, load_components()) == apply(puzzle.start, parse_action(first))
    assert run_cli("score", P01).returncode == 0
