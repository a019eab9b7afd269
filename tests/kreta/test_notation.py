"""The notation: parse(format(a)) == a for every legal action met in seeded games, legality said
the same way by `legal_actions` and `why_illegal`, and bad text refused in one line."""

from __future__ import annotations

import random
from functools import cache

import pytest

from akrotiri_puzzles.kreta.actions import (
    Abbot,
    Castellan,
    Fort,
    Halt,
    Harvest,
    Journey,
    Keep,
    March,
    Replace,
    Sail,
    Ship,
    Village,
    Villager,
)
from akrotiri_puzzles.kreta.errors import NotationError
from akrotiri_puzzles.kreta.files.board_yaml import default_board
from akrotiri_puzzles.kreta.notation import format_line, parse_action, parse_line
from akrotiri_puzzles.kreta.rules import apply_unchecked, legal_actions, why_illegal
from akrotiri_puzzles.kreta.setup import new_game


@cache
def positions(games: int = 4) -> tuple:
    """Every position of a few random games of 2, 3 and 4 players."""
    out = []
    for g in range(games):
        rng = random.Random(100 + g)
        pos = new_game(default_board(), 2 + g % 3, 100 + g)
        while pos.phase != "over":
            out.append(pos)
            pos = apply_unchecked(pos, rng.choice(legal_actions(pos)))
        out.append(pos)
    return tuple(out)


def universe(board) -> list:
    """Every action the notation can name on the board (and a few it cannot place)."""
    ids = [p.id for p in board.provinces]
    ports = [board.provinces[i].id for i in board.ports]
    out = [Castellan(), Keep(), Replace(), Halt()]
    for k in (False, True):
        for make in (Ship, Villager, Abbot, Village, Harvest):
            out += [make(p, k) for p in ids]
        out += [Fort(n, k) for n in range(1, 28)]
        out += [March(a, b, k) for a in ids for b in ids]
        out += [Sail(((a, b),), k) for a in ports for b in ports]
    out += [Journey(a, b) for a in ids for b in ids]
    return out


def test_K_TURN_1_parse_of_format_is_the_action_for_every_legal_action():
    seen = set()
    for pos in positions():
        for action in legal_actions(pos):
            assert parse_action(str(action)) == action, str(action)
            seen.add(type(action).__name__)
    assert seen == {
        "Ship",
        "Sail",
        "Villager",
        "March",
        "Journey",
        "Halt",
        "Abbot",
        "Fort",
        "Village",
        "Harvest",
        "Castellan",
        "Keep",
        "Replace",
    }


def test_K_TURN_2_legal_actions_and_why_illegal_agree_on_every_action_the_notation_names():
    board = default_board()
    actions = universe(board)
    checked = 0
    for pos in positions()[::3]:
        legal = set(legal_actions(pos))
        assert len(legal) == len(legal_actions(pos))  # no action twice
        for action in actions:
            assert (why_illegal(pos, action) is None) == (action in legal), (str(action), pos.phase)
            checked += 1
    assert checked > 100_000


def test_a_line_reads_and_writes_with_separators():
    line = parse_line("king admiral ship chania; commander march sfakia>chania, chania>rethymno; halt")
    assert line == [Ship("chania", True), March("sfakia", "chania"), Journey("chania", "rethymno"), Halt()]
    assert parse_line(format_line(line)) == line


def test_sail_moves_are_read_in_a_canonical_order():
    assert parse_action("admiral sail messara>thripti chania>kissamos") == Sail(
        (("chania", "kissamos"), ("messara", "thripti"))
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "an empty action"),
        ("king", "names no card"),
        ("king castellan", "the king copies"),
        ("admiral boat chania", "expected 'admiral ship P' or"),
        ("architect fort twelve", "a fort space is a number"),
        ("farmer Messara!", "is not a province id"),
        ("commander march sfakia", "expected FROM>TO"),
        ("dance", "not an action; the forms are"),
        ("x" * 101, "at most 100"),
    ],
)
def test_bad_notation_is_one_clear_line(text, words):
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert words in str(info.value) and "\n" not in str(info.value)
