"""Hostile cases (issue 32): puzzle databases from a stranger (hostile schemas, huge and computed
rows, ids that climb out of the output folder), and the commands added since the first fuzzer
(`analyse`, `grade`, `export`, `teach`, `book`) fed mutated files.

A case id `h<seed>:<n>` is the n-th hostile case of a seed. Every case declares its output
folders (`Case.outputs`): a file anywhere else in its directory, or beside it under the name a
hostile id asked for (`Case.escapes`), is a problem (runner.strays).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import yaml

from .cases import ACTIONS, NASTY_ACTIONS, ROOT, SOLVE_TIMEOUT, Corpus, _answer
from .mutate import mutate
from .runner import Case

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY, id TEXT NOT NULL, level TEXT, score INTEGER, techniques TEXT NOT NULL,
    optimum INTEGER, goal TEXT NOT NULL, horizon INTEGER NOT NULL, seed INTEGER, yaml TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_level ON puzzles (level, id);
"""
"""What `generate --db` makes (files/puzzle_db.py), written out here so that the fuzzer builds
its databases without the code under test."""
LIMIT = ["--time-limit", "5"]
LESSONS = sorted((ROOT / "lessons").glob("*.yaml"))
COLLECTION = sorted((ROOT / "puzzles").glob("p*.yaml"))


def escape_name(token: str) -> str:
    """The file name a hostile id tries to write beside the case's directory."""
    return f"akrotiri-fuzz-escaped-{token}"


def _ids(rng: random.Random, token: str) -> list[str]:
    """Puzzle ids for a database's rows: most fine, some climbing out of the output folder."""
    out = escape_name(token)
    hostile = [
        f"../../{out}",
        f"../{out}",
        f"/tmp/{out}",
        f"sub/../../../{out}",
        f"pictures/../../../{out}",
        "a/b/c",
        "..",
        ".",
        ".hidden",
        "CON",
        "x" * 100,
        "é漢字",
        "with space",
        "new\nline",
        "back\\slash",
        "",
    ]
    n = rng.randint(1, 4)
    ids = [f"p{i:02d}" for i in range(n)]
    if rng.random() < 0.6:
        ids[rng.randrange(n)] = rng.choice(hostile)
    if rng.random() < 0.1 and n > 1:
        ids[1] = ids[0].upper()  # two ids that name one file on a case-insensitive file system
    return ids


def _puzzle_text(rng: random.Random, ident: str) -> str:
    """A puzzle of the repository as stored in a database (YAML, its position inline), with `ident`."""
    data = yaml.safe_load(rng.choice(COLLECTION).read_text())
    data["id"] = ident
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


ROWS: dict[str, Callable[[random.Random, str], object]] = {
    "huge-2mb": lambda rng, text: "x" * 2_000_000,
    "huge-6mb": lambda rng, text: "# " + "y" * 6_000_000,
    "blob": lambda rng, text: text.encode(),
    "null": lambda rng, text: None,
    "integer": lambda rng, text: 2**62,
    "mutated": lambda rng, text: mutate(text, rng).decode("utf-8", "replace"),
    "position-dev-zero": lambda rng, text: text.split("position:")[0] + "position: /dev/zero\n",
    "position-passwd": lambda rng, text: text.split("position:")[0] + "position: /etc/passwd\n",
    "position-climbs": lambda rng, text: text.split("position:")[0] + "position: ../../../etc/hostname\n",
}
"""A row's YAML replaced by something that is not a puzzle's (the SQL types vary too)."""

SCHEMAS: dict[str, str] = {
    "generated-virtual": "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT, level TEXT, goal TEXT, "
    "yaml TEXT GENERATED ALWAYS AS (goal || printf('%.*c', 300000000, ' ')) VIRTUAL);",
    "generated-stored": "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT, level TEXT, goal TEXT, "
    "yaml TEXT GENERATED ALWAYS AS (goal) STORED);",
    "view-endless": "CREATE VIEW puzzles AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
    "SELECT 'k' || i AS key, 'p' || i AS id, 'easy' AS level, printf('%.*c', 900000, 'x') AS yaml FROM n;",
    "trigger": SCHEMA + "CREATE TRIGGER t AFTER INSERT ON puzzles BEGIN DELETE FROM puzzles; END;",
    "virtual-table": "CREATE VIRTUAL TABLE puzzles USING fts5(key, id, level, yaml);",
    "unknown-column": "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT, level TEXT, yaml TEXT, spy TEXT);",
    "without-rowid": "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT, level TEXT, yaml TEXT) WITHOUT ROWID;",
    "no-yaml": "CREATE TABLE puzzles (key TEXT PRIMARY KEY, id TEXT, level TEXT);",
    "other-table": SCHEMA + "CREATE TABLE notes (x);",
    "expression-index": SCHEMA + "CREATE INDEX odd ON puzzles (length(yaml) * 2);",
    "no-table": "CREATE TABLE games (x);",
    "loose-types": "CREATE TABLE puzzles (key, id, level, yaml);",
}
"""Schemas that generate --db does not make."""


def _database(rng: random.Random, token: str) -> tuple[bytes, str]:
    """A database file's bytes and what is wrong with it (its kind)."""
    kind = rng.choices(
        ("fine", "ids", "row", "schema", "many", "file"),
        weights=(1, 4, 4, 3, 1, 2),
    )[0]
    db = sqlite3.connect(":memory:")
    schema = SCHEMAS[rng.choice(sorted(SCHEMAS))] if kind == "schema" else SCHEMA
    db.executescript(schema)
    columns = [row[1] for row in db.execute("PRAGMA table_xinfo(puzzles)") if not row[6]]
    ids = _ids(rng, token) if kind in ("ids", "schema", "row") else [f"p{i:02d}" for i in range(3)]
    if kind == "many":
        ids = [f"p{i:04d}" for i in range(rng.choice((100, 200, 500)))]
    what = kind
    for i, ident in enumerate(ids):
        text: object = _puzzle_text(rng, ident)
        if kind == "row" and (i == 0 or rng.random() < 0.3):
            name = rng.choice(sorted(ROWS))
            text = ROWS[name](rng, str(text))
            what = f"row:{name}"
        values = {"key": f"k{i}", "id": ident, "level": rng.choice(("easy", "hard", None, "x" * 100)), "score": 1}
        values |= {"techniques": "", "optimum": 3, "goal": "g", "horizon": 1, "seed": 1, "yaml": text}
        names = [c for c in values if c in columns]
        if names:
            try:
                db.execute(
                    f"INSERT INTO puzzles ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                    [values[n] for n in names],
                )
            except sqlite3.Error:
                break  # a view or a schema that takes no rows
    db.commit()
    data = db.serialize()
    db.close()
    if kind == "schema":
        what = f"schema:{next(k for k, v in SCHEMAS.items() if v == schema)}"
    if kind == "file":
        how = rng.choice(("truncated", "flipped", "empty", "text"))
        what = f"file:{how}"
        if how == "truncated":
            data = data[: rng.randrange(1, len(data))]
        elif how == "flipped":
            spoilt = bytearray(data)
            for _ in range(rng.randint(1, 50)):
                spoilt[rng.randrange(100, len(spoilt))] = rng.randrange(256)
            data = bytes(spoilt)
        elif how == "empty":
            data = b""
        else:
            data = b"SQLite format 3\x00 but not really\n" * 10
    return data, what


def database_case(rng: random.Random, seed: int, n: int) -> tuple[Case, str]:
    """A hostile database given to a command that reads one."""
    token = f"h{seed}-{n}"
    data, what = _database(rng, token)
    files = {"p.sqlite": data}
    command = rng.choice(("export", "export-level", "book", "serve"))
    if command == "book" and what == "many":
        command = "export"  # a book of hundreds of puzzles draws for minutes: not what is fuzzed here
    if command == "export":
        argv, outputs = ["export", "--db", "p.sqlite", "--out", "out"], ("out",)
    elif command == "export-level":
        argv, outputs = ["export", "--db", "p.sqlite", "--out", "out", "--level", "easy"], ("out",)
    elif command == "book":
        argv, outputs = ["book", "--db", "p.sqlite", "--html", "book"], ("book",)
    else:
        argv, outputs = ["serve", "--port", "0", "--check", "--db", "p.sqlite"], ()
    return Case(f"h{seed}:{n}", argv, files, {}, 90, outputs, (escape_name(token),)), what


def _lesson_dir(rng: random.Random) -> dict[str, bytes]:
    """A folder of lessons, one of them mutated."""
    chosen = rng.sample(LESSONS, rng.randint(1, 3))
    files = {f"lessons/{p.name}": p.read_bytes() for p in chosen}
    victim = rng.choice(chosen)
    files[f"lessons/{victim.name}"] = mutate(victim.read_text(), rng)
    return files


def command_case(rng: random.Random, corpus: Corpus, seed: int, n: int) -> tuple[Case, str]:
    """A mutated file given to analyse, grade, teach or book."""
    command = rng.choice(("analyse", "grade", "teach", "book"))
    cid = f"h{seed}:{n}"
    if command == "analyse":
        files = {"pos.yaml": mutate(rng.choice(corpus.positions).read_text(), rng)}
        extra = rng.choice(([], ["--json"], ["--turns", "2"], ["--alternatives", "3"], ["--objective", "margin"]))
        if rng.random() < 0.3:
            extra = [*extra, "--line", rng.choice(ACTIONS + NASTY_ACTIONS)]
        return Case(cid, ["analyse", "pos.yaml", *LIMIT, *extra], files, {}, SOLVE_TIMEOUT), "analyse"
    if command == "grade":
        files = {"puz.yaml": mutate(rng.choice(corpus.puzzles).read_text(), rng)}
        return Case(cid, ["grade", "puz.yaml", *LIMIT, "--json"], files, {}, SOLVE_TIMEOUT), "grade"
    if command == "book":
        chosen = rng.sample(COLLECTION, rng.randint(1, 3))
        files = {f"in/{p.name}": p.read_bytes() for p in chosen}
        victim = rng.choice(chosen)
        files[f"in/{victim.name}"] = mutate(victim.read_text(), rng)
        return Case(cid, ["book", "in", "--html", "book"], files, {}, 90, ("book",)), "book"
    files = _lesson_dir(rng)
    lesson = Path(rng.choice(sorted(files))).stem
    how = rng.choice(("list", "show", "answer", "solution", "book", "svg"))
    argv = ["teach", "--lessons", "lessons"]
    outputs: tuple[str, ...] = ()
    if how == "show":
        argv.append(lesson)
    elif how == "answer":
        text = _answer(files[f"lessons/{lesson}.yaml"].decode("utf-8", "replace"))
        argv += [lesson, "--answer", rng.choice((text, *ACTIONS, *NASTY_ACTIONS[:6]))]
    elif how == "solution":
        argv += [lesson, "--solution"]
    elif how == "book":
        argv += ["--book", "out"]
        outputs = ("out",)
    elif how == "svg":
        argv += [lesson, "--svg", "out/lesson.svg"]
        outputs = ("out",)
    return Case(cid, argv, files, {}, 60, outputs), f"teach-{how}"


def hostile_case(corpus: Corpus, seed: int, n: int) -> tuple[Case, str]:
    """The n-th hostile case of a seed, and its kind (for the summary)."""
    rng = random.Random(f"hostile {seed}:{n}")
    if rng.random() < 0.55:
        return database_case(rng, seed, n)
    return command_case(rng, corpus, seed, n)


def hostile_cases(corpus: Corpus, seed: int, count: int, start: int = 0) -> Iterator[Case]:
    """Hostile cases start..start+count-1 of a seed."""
    for n in range(start, start + count):
        yield hostile_case(corpus, seed, n)[0]
