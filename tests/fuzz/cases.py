"""Fuzz cases: every command that reads a file, fed mutated copies of the repository's YAML
files and hand-written nasty inputs.

A case id says how to make it again: `m<seed>:<n>` is the n-th mutated case of a seed,
`nasty:<input>:<command>` a hand-written input given to one command, `option:<name>` a bad
option value.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from .mutate import HUGE_DIGITS, alias_bomb, deep, mutate
from .runner import Case

ROOT = Path(__file__).resolve().parents[2]
COMPONENT_FILES = ("thera", "tiles", "maps", "goals", "market", "player_board")
DEFAULT_COMPONENTS = ROOT / "akrotiri_puzzles" / "data" / "default"

SOLVE_LIMIT = ["--time-limit", "5"]
SOLVE_TIMEOUT = 90.0
"""A solve is given 5 s; the child is killed at 90 s (a runaway, not a slow proof)."""


@dataclass(frozen=True)
class Corpus:
    """The repository's YAML files by kind: positions, puzzles, component files."""

    positions: tuple[Path, ...]
    puzzles: tuple[Path, ...]
    components: tuple[Path, ...]

    @classmethod
    def load(cls) -> Corpus:
        """The files of `puzzles/`, `tests/data/` and the default component set."""
        data = ROOT / "tests" / "data"
        positions = sorted(data.glob("*.yaml")) + sorted((data / "perft").glob("*.yaml"))
        positions += sorted((data / "golden").glob("*.yaml"))
        puzzles = sorted((ROOT / "puzzles").glob("*.yaml")) + sorted((data / "puzzles").glob("*.yaml"))
        puzzles += sorted((data / "puzzles" / "small").glob("*.yaml"))[::23]
        components = sorted(DEFAULT_COMPONENTS.glob("*.yaml")) + sorted((data / "components").glob("*/*.yaml"))
        return cls(tuple(positions), tuple(puzzles), tuple(components))


# ---- commands -------------------------------------------------------------------------------

ACTIONS = [
    "end",
    "ship T1",
    "ship T2",
    "portage T2",
    "ship 1,0NE",
    "load red",
    "load red blue green",
    "unload blue",
    "sell red",
    "buy easy",
    "buy easy medium hard",
    "oracle lake",
    "tile 1,0 r0",
    "tile -2,-1 r90 red@SW",
    "keep G01",
    "boat T1",
    "excavate E01 1,0NE",
    "excavate M10 0,2NE",
]

NASTY_ACTIONS = [
    "",
    ";",
    "ship " + "A" * 100_000,
    "x" * 100_000,
    "; ".join(["end"] * 20_000),
    "load " + "red " * 10_000,
    "unload " + "blue " * 10_000,
    "tile 99999999999999999999999,0 r0",
    "tile " + HUGE_DIGITS + ",0 r0",
    "tile 1,0 r" + HUGE_DIGITS,
    "excavate E01 99999999999999999999,0NE",
    "excavate " + "E" * 50_000 + " 1,0NE",
    "ship " + HUGE_DIGITS + "," + HUGE_DIGITS + "NE",
    "keep " + "G" * 100_000,
    "buy easy easy easy easy",
    "oracle é漢字",
    "[red]ship[/red] T1",
    "ship T1\nend",
]


def position_commands(path: str, rng: random.Random) -> list[tuple[list[str], tuple[str, ...], float]]:
    """Every command that reads a position file: (argv, outputs, timeout)."""
    action = rng.choice(ACTIONS if rng.random() < 0.8 else NASTY_ACTIONS)
    return [
        (["show", path], (), 30),
        (["show", path, "--svg", "out.svg"], ("out.svg",), 30),
        (["show", path, "--line", rng.choice(ACTIONS)], (), 30),
        (["score", path], (), 30),
        (["score", path, "--json"], (), 30),
        (["legal", path], (), 30),
        (["legal", path, "--json"], (), 30),
        (["apply", path, action], (), 30),
        (["apply", path, action, "-o", "next.yaml"], ("next.yaml",), 30),
    ]


def puzzle_commands(path: str, answer: str, rng: random.Random) -> list[tuple[list[str], tuple[str, ...], float]]:
    """Every command that reads a puzzle file: (argv, outputs, timeout)."""
    return [
        (["show", path], (), 30),
        (["show", path, "--solution"], (), 30),
        (["show", path, "--solution", "--html", "out.html"], ("out.html",), 30),
        (["solve", path, "--json", *SOLVE_LIMIT], (), SOLVE_TIMEOUT),
        (["check", path, answer], (), SOLVE_TIMEOUT),
        (["check", path, answer, "--json"], (), SOLVE_TIMEOUT),
    ]


def components_commands(directory: str, rng: random.Random) -> list[tuple[list[str], tuple[str, ...], float]]:
    """Every command given a component directory: (argv, outputs, timeout). The files they read
    besides the components are written into the case as `pos.yaml` and `puz.yaml`."""
    seed = str(rng.randrange(1000))
    bot = rng.choice(("random", "greedy"))
    variant = rng.choice(("standard", "strategist"))
    edition = rng.choice(("2016", "2014"))
    sim = ["simulate", "--games", "1", "--max-turns", "12", "--seed", seed, "--bot", bot]
    sim += ["--variant", variant, "--edition", edition]
    return [
        ([*sim, "--components", directory], (), 60),
        (["--components", directory, *sim, "--json"], (), 60),
        (["score", "pos.yaml", "--components", directory], (), 30),
        (["legal", "pos.yaml", "--components", directory], (), 30),
        (["apply", "pos.yaml", rng.choice(ACTIONS), "--components", directory], (), 30),
        (["show", "pos.yaml", "--components", directory, "--svg", "out.svg"], ("out.svg",), 30),
        (["show", "puz.yaml", "--components", directory], (), 30),
        (["--components", directory, "solve", "puz.yaml", "--json", *SOLVE_LIMIT], (), SOLVE_TIMEOUT),
        (["check", "puz.yaml", "end", "--components", directory], (), SOLVE_TIMEOUT),
    ]


def _answer(text: str) -> str:
    """A puzzle file's recorded solution as a line, or a plain action when it has none."""
    try:
        data = yaml.safe_load(text)
        solution = data.get("solution") if isinstance(data, dict) else None
    except Exception:  # PyYAML can fail on its own resolution (a bad !!timestamp raises AttributeError)
        solution = None
    if isinstance(solution, list) and all(isinstance(a, str) for a in solution):
        return "; ".join(solution)
    return solution if isinstance(solution, str) and solution else "end"


# ---- mutated cases --------------------------------------------------------------------------


def mutated_case(corpus: Corpus, seed: int, n: int) -> Case:
    """The n-th case of a seed: a mutated file given to one command that reads its kind."""
    rng = random.Random(f"{seed}:{n}")
    kind = rng.choices(("position", "puzzle", "puzzle-by-path", "components"), weights=(4, 4, 1, 3))[0]
    files: dict[str, bytes] = {}
    if kind == "position":
        source = rng.choice(corpus.positions)
        files["pos.yaml"] = mutate(source.read_text(), rng)
        argv, outputs, timeout = rng.choice(position_commands("pos.yaml", rng))
    elif kind == "puzzle":
        source = rng.choice(corpus.puzzles)
        text = source.read_text()
        files["puz.yaml"] = mutate(text, rng)
        answer = _answer(text) if rng.random() < 0.8 else rng.choice(NASTY_ACTIONS + ACTIONS)
        argv, outputs, timeout = rng.choice(puzzle_commands("puz.yaml", answer, rng))
    elif kind == "puzzle-by-path":
        source = rng.choice(corpus.positions)
        files["pos.yaml"] = mutate(source.read_text(), rng)
        files["puz.yaml"] = b"format: akrotiri-puzzle 1\nid: by-path\nposition: pos.yaml\n"
        argv, outputs, timeout = rng.choice(puzzle_commands("puz.yaml", rng.choice(ACTIONS), rng))
    else:
        source = rng.choice(corpus.components)
        files[f"comps/{source.name}"] = mutate(source.read_text(), rng)
        files["pos.yaml"] = rng.choice(corpus.positions).read_bytes()
        files["puz.yaml"] = rng.choice(corpus.puzzles).read_bytes()
        argv, outputs, timeout = rng.choice(components_commands("comps", rng))
    return Case(f"m{seed}:{n}", argv, files, {}, timeout, outputs)


def mutated_cases(corpus: Corpus, seed: int, count: int, start: int = 0) -> Iterator[Case]:
    """Cases start..start+count-1 of a seed."""
    for n in range(start, start + count):
        yield mutated_case(corpus, seed, n)


# ---- hand-written nasty inputs --------------------------------------------------------------

POSITION = (ROOT / "tests" / "data" / "port.yaml").read_text()
PUZZLE = (ROOT / "puzzles" / "p01.yaml").read_text()


def _big_lines(size: int) -> bytes:
    line = b"# " + b"x" * 76 + b"\n"
    return line * (size // len(line))


NASTY_FILES: dict[str, Callable[[], bytes]] = {
    "empty": lambda: b"",
    "blank": lambda: b"\n\n   \n",
    "comment": lambda: b"# nothing here\n",
    "null": lambda: b"~\n",
    "scalar": lambda: b"42\n",
    "string": lambda: b"just a string\n",
    "list": lambda: b"[1, 2, 3]\n",
    "two-documents": lambda: b"a: 1\n---\nb: 2\n",
    "binary": lambda: bytes(random.Random(1).randrange(256) for _ in range(4096)),
    "nul-bytes": lambda: b"format: akrotiri-position 1\x00\x00\n",
    "not-utf8": lambda: b"format: \xff\xfe akrotiri\n",
    "utf16": lambda: POSITION.encode("utf-16"),
    "control-chars": lambda: b"id: \x07\x1b[31mred\n",
    "long-line-5mb": lambda: b"a" * (5 * 1024 * 1024),
    "many-lines-5mb": lambda: _big_lines(5 * 1024 * 1024),
    "long-value-1mb": lambda: b"format: " + b"x" * (1024 * 1024) + b"\n",
    "long-key": lambda: b"x" * 200_000 + b": 1\n",
    "deep-list-100": lambda: deep(100).encode(),
    "deep-list-1000": lambda: deep(1000).encode(),
    "deep-list-30000": lambda: deep(30_000).encode(),
    "deep-list-300000": lambda: deep(300_000).encode(),
    "deep-map-1000": lambda: deep(1000, "map").encode(),
    "deep-map-30000": lambda: deep(30_000, "map").encode(),
    "deep-block": lambda: "".join(" " * i + f"k{i}:\n" for i in range(3000)).encode(),
    "deep-in-field": lambda: POSITION.replace("edition: 2016", "edition: " + deep(30_000)).encode(),
    "alias-bomb": lambda: f"board: {alias_bomb(10)}\n".encode(),
    "alias-bomb-field": lambda: f"x: &a [{', '.join(['lol'] * 9)}]\nseats: {alias_bomb(9)}\n".encode(),
    "alias-bomb-key": lambda: (
        b"a: &a [x, x, x, x, x, x, x, x]\n" + b"b: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
        b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\n" + b"d: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
        b"e: &e [*d, *d, *d, *d, *d, *d, *d, *d]\n" + b"f: &f [*e, *e, *e, *e, *e, *e, *e, *e]\n"
        b"g: &g [*f, *f, *f, *f, *f, *f, *f, *f]\n" + b"h: &h [*g, *g, *g, *g, *g, *g, *g, *g]\n"
    ),
    "self-alias": lambda: b"board: &a [*a]\n",
    "self-alias-map": lambda: b"seats: &a {south: *a}\n",
    "merge-keys": lambda: b"base: &b {drachmas: 3}\nseats:\n  south: {<<: *b, boat: T1}\n",
    "undefined-alias": lambda: b"seats: *nowhere\n",
    "duplicate-top": lambda: (POSITION + "edition: 2014\n").encode(),
    "duplicate-nested": lambda: b"seats:\n  south:\n    drachmas: 3\n    drachmas: 4\n",
    "duplicate-mixed-quotes": lambda: b"edition: 2016\n'edition': 2014\n",
    "huge-int-top": lambda: f"turn: {HUGE_DIGITS}\n".encode(),
    "huge-int-drachmas": lambda: f"seats:\n  south: {{drachmas: {HUGE_DIGITS}}}\n".encode(),
    "huge-negative": lambda: f"turn: -{HUGE_DIGITS}\n".encode(),
    "huge-int-key": lambda: f"{HUGE_DIGITS}: 1\n".encode(),
    "drachmas-1e30": lambda: b"seats:\n  south: {drachmas: 1000000000000000000000000000000, boat: T1}\n",
    "drachmas-2e63": lambda: b"seats:\n  south: {drachmas: 9223372036854775808, boat: T1}\n",
    "turn-2e63": lambda: b"turn: 9223372036854775807\n",
    "actions-2e63": lambda: b"actions_left: 9223372036854775807\nseats: {south: {boat: T1}}\n",
    "points-1e30": lambda: b"movement_points: 1000000000000000000000000000000\n",
    "cube-count-1e30": lambda: (
        b"board: [{slot: [1, 0], tile: L01}]\n"
        b"cubes: [{piece: '1,0NE', colour: red, count: 1000000000000000000000000000000}]\n"
    ),
    "cube-count-negative-market": lambda: b"market: {red: -1000000000000000000000}\n",
    "market-2e63": lambda: b"market: {red: 9223372036854775807}\n",
    "slot-huge": lambda: b"board: [{slot: [1000000000000000000000, 0], tile: L01}]\n",
    "slot-float": lambda: b"board: [{slot: [1.5, 0], tile: L01}]\n",
    "slot-inf": lambda: b"board: [{slot: [.inf, 0], tile: L01}]\n",
    "shuffle-seed-huge": lambda: b"piles: {known: false, shuffle_seed: 1000000000000000000000000000000}\n",
    "float-nan": lambda: b"turn: .nan\n",
    "bool-for-int": lambda: b"turn: true\n",
    "tags-python": lambda: b"turn: !!python/object/apply:os.system ['true']\n",
    "tags-binary": lambda: b"id: !!binary AAAA\n",
    "tags-set": lambda: b"seats: !!set {south, north}\n",
    "tags-timestamp": lambda: b"turn: 2001-12-14\n",
    "tags-custom": lambda: b"turn: !mytag 3\n",
    "complex-key": lambda: b"? [a, b]\n: 1\n",
    "markup-title": lambda: PUZZLE.replace("title: ", "title: '[/bold][red]x' #").encode(),
    "markup-id": lambda: PUZZLE.replace("id: p01", "id: '[/bold]p01[blink]'").encode(),
    "long-id": lambda: PUZZLE.replace("id: p01", "id: " + "p" * 100_000).encode(),
    "long-title": lambda: PUZZLE.replace("title: ", "title: " + "t" * 100_000 + " #").encode(),
    "long-tile-id": lambda: POSITION.replace("tile: L", "tile: " + "L" * 100_000, 1).encode(),
    "newline-id": lambda: PUZZLE.replace("id: p01", 'id: "p\\n01\\r\\n"').encode(),
    "optimum-huge": lambda: PUZZLE.replace("optimum: 3", f"optimum: {2**63}", 1).encode(),
    "optimum-zero": lambda: PUZZLE.replace("optimum: 3", "optimum: 0", 1).encode(),
    "certificate-seed-huge": lambda: PUZZLE.replace("seed: 508", f"seed: {10**30}").encode(),
    "horizon-huge": lambda: PUZZLE.replace("horizon: 1", f"horizon: {2**63}").encode(),
    "temples-huge": lambda: PUZZLE.replace("goal: {temples: 1}", f"goal: {{temples: {10**30}}}").encode(),
    "solution-long": lambda: PUZZLE.replace("solution: [", "solution: ['" + "x" * 100_000 + "', ").encode(),
    "solution-many": lambda: PUZZLE.replace("solution: [", "solution: [" + "end, " * 20_000).encode(),
}
"""Contents that every reader must refuse (or read) in one line, fast and in bounded memory."""

SPECIAL_FILES = {
    "dev-zero": "link:/dev/zero",
    "dev-urandom": "link:/dev/urandom",
    "fifo": "fifo",
    "directory": "dir",
    "dangling-link": "link:nowhere.yaml",
    "link-loop": "link:pos.yaml",
}
"""Paths that are not regular files."""

PUZZLE_POSITIONS = {
    "position-dev-zero": "/dev/zero",
    "position-fifo": "fifo.yaml",
    "position-directory": ".",
    "position-itself": "puz.yaml",
    "position-missing": "nowhere.yaml",
    "position-big": "big.yaml",
    "position-deep": "deep.yaml",
    "position-bomb": "bomb.yaml",
    "position-empty-name": "",
    "position-long-name": "x" * 5000,
}
"""A puzzle's `position:` naming something that is not a position file."""


def _special_case(cid: str, argv: list[str], name: str, kind: str, outputs: tuple[str, ...] = ()) -> Case:
    special = {name: kind}
    if name == "pos.yaml" and kind == "link:pos.yaml":
        special = {name: "link:loop.yaml", "loop.yaml": "link:pos.yaml"}
    return Case(cid, argv, {}, special, 30, outputs)


_COMMON_FLAGS = {"--games", "--max-turns", "--seed", "--bot", "--variant", "--edition", "--time-limit", "--components"}


def signature(argv: list[str]) -> str:
    """A command line in a few words, for case ids: the command and its distinctive options."""
    words = [a for a in argv if a in COMMANDS or (a.startswith("-") and a not in _COMMON_FLAGS)]
    return "_".join(w.lstrip("-") for w in words)


COMMANDS = {"show", "score", "legal", "apply", "solve", "check", "simulate"}


def nasty_cases(every_command: bool = True) -> Iterator[Case]:
    """Each nasty input given to each command that reads its kind of file; or, when not
    `every_command`, to one command only, the kind of file and the command chosen in turn.
    A case's id names the same case in both selections."""
    turn = 0

    def pick(cases: list[Case]) -> list[Case]:
        nonlocal turn
        turn += 1
        return cases if every_command else [cases[turn % len(cases)]]

    answer = _answer(PUZZLE)
    for name, make in NASTY_FILES.items():
        data = make()
        rng = random.Random(name)
        cases = [
            Case(f"nasty:{name}:position:{signature(argv)}", argv, {"pos.yaml": data}, {}, timeout, outputs)
            for argv, outputs, timeout in position_commands("pos.yaml", rng)
        ]
        cases += [
            Case(f"nasty:{name}:puzzle:{signature(argv)}", argv, {"puz.yaml": data}, {}, timeout, outputs)
            for argv, outputs, timeout in puzzle_commands("puz.yaml", answer, rng)
        ]
        commands = components_commands("comps", rng)
        for file in COMPONENT_FILES:
            files = {f"comps/{file}.yaml": data, "pos.yaml": POSITION.encode(), "puz.yaml": PUZZLE.encode()}
            cases += [
                Case(f"nasty:{name}:{file}.yaml:{signature(argv)}", argv, files, {}, timeout, outputs)
                for argv, outputs, timeout in commands
            ]
        yield from pick(cases)
    for name, kind in SPECIAL_FILES.items():
        rng = random.Random(name)
        cases = [
            _special_case(f"nasty:{name}:position:{signature(argv)}", argv, "pos.yaml", kind, outputs)
            for argv, outputs, _ in position_commands("pos.yaml", rng)
        ]
        cases += [
            _special_case(f"nasty:{name}:puzzle:{signature(argv)}", argv, "pos.yaml", kind, outputs)
            for argv, outputs, _ in puzzle_commands("pos.yaml", answer, rng)
        ]
        for file in COMPONENT_FILES:
            argv = ["legal", "pos2.yaml", "--components", "comps"]
            case = _special_case(f"nasty:{name}:{file}.yaml:legal", argv, f"comps/{file}.yaml", kind)
            case.files["pos2.yaml"] = POSITION.encode()
            cases.append(case)
        yield from pick(cases)
    for kind in ("dir", "fifo", "link:/dev/zero"):
        argv = ["legal", "pos2.yaml", "--components", "comps"]
        case = _special_case(f"nasty:components-{kind}:legal", argv, "comps", kind)
        case.files["pos2.yaml"] = POSITION.encode()
        yield case
    for name, target in PUZZLE_POSITIONS.items():
        text = f"format: akrotiri-puzzle 1\nid: by-path\nposition: '{target}'\n".encode()
        files = {
            "puz.yaml": text,
            "big.yaml": b"a" * (5 * 1024 * 1024),
            "deep.yaml": deep(30_000).encode(),
            "bomb.yaml": f"board: {alias_bomb(10)}\n".encode(),
        }
        cases = [
            Case(f"nasty:{name}:{signature(argv)}", argv, dict(files), {"fifo.yaml": "fifo"}, timeout, outputs)
            for argv, outputs, timeout in puzzle_commands("puz.yaml", "end", random.Random(name))
        ]
        yield from pick(cases)
    for i, action in enumerate(NASTY_ACTIONS):
        files = {"pos.yaml": POSITION.encode(), "puz.yaml": PUZZLE.encode()}
        cases = [
            Case(f"nasty:action{i}:apply", ["apply", "pos.yaml", action], files),
            Case(f"nasty:action{i}:check", ["check", "puz.yaml", action], files, {}, SOLVE_TIMEOUT),
            Case(f"nasty:action{i}:show_line", ["show", "pos.yaml", "--line", action], files),
        ]
        yield from pick(cases)


# ---- bad option values (the command line's own checks) -----------------------------------------

BAD_OPTIONS: dict[str, list[str]] = {
    "seed-beyond-32-bits": ["solve", "puz.yaml", "--seed", str(2**40), *SOLVE_LIMIT],
    "seed-beyond-64-bits": ["solve", "puz.yaml", "--seed", str(2**70), *SOLVE_LIMIT],
    "seed-negative": ["solve", "puz.yaml", "--seed", "-1", *SOLVE_LIMIT],
    "workers-100000": ["solve", "puz.yaml", "--workers", "100000", *SOLVE_LIMIT],
    "workers-0": ["solve", "puz.yaml", "--workers", "0"],
    "time-limit-negative": ["solve", "puz.yaml", "--time-limit", "-1"],
    "time-limit-nan": ["solve", "puz.yaml", "--time-limit", "nan"],
    "time-limit-inf": ["solve", "puz.yaml", "--time-limit", "inf"],
    "time-limit-zero": ["solve", "puz.yaml", "--time-limit", "0"],
    "simulate-seed-huge": ["simulate", "--games", "1", "--max-turns", "3", "--seed", str(2**70)],
    "simulate-seed-negative": ["simulate", "--games", "1", "--max-turns", "3", "--seed", "-5"],
    "simulate-edition-huge": ["simulate", "--games", "1", "--edition", str(10**30)],
    "simulate-games-0": ["simulate", "--games", "0"],
    "simulate-sample-every-0": ["simulate", "--games", "1", "--save-positions", "out", "--sample-every", "0"],
    "simulate-max-turns-huge-seed": ["simulate", "--games", "1", "--max-turns", str(10**30)],
    "show-scale-nan": ["show", "pos.yaml", "--png", "out.png", "--scale", "nan"],
    "show-site-long": ["show", "pos.yaml", "--site", "x" * 100_000],
    "show-placed-huge": ["show", "pos.yaml", "--placed", HUGE_DIGITS + ",0"],
    "components-missing": ["score", "pos.yaml", "--components", "nowhere"],
    "components-file": ["score", "pos.yaml", "--components", "pos.yaml"],
    "theme-long": ["book", "--html", "out", "--theme", "x" * 100_000],
    "theme-empty": ["serve", "--port", "0", "--check", "--theme", ""],
    "theme-commas": ["generate", "--out", "out", "--theme", ",,,"],
}
"""Bad option values; the command line checks these (not the file readers)."""


def option_cases() -> Iterator[Case]:
    """Each bad option value, with a valid position and puzzle to read."""
    files = {"pos.yaml": POSITION.encode(), "puz.yaml": PUZZLE.encode()}
    for name, argv in BAD_OPTIONS.items():
        yield Case(f"option:{name}", argv, dict(files), {}, SOLVE_TIMEOUT if argv[0] == "solve" else 60)
