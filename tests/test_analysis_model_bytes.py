"""The analyser's CP-SAT models are the same bytes in every process: nothing in their build may
iterate a set of strings, whose order follows PYTHONHASHSEED (a set of board quarters did, in
solver/model/score_two.py). Another order is another model, so CP-SAT could print another line
among equals in another process ("same seed, same bytes")."""

from __future__ import annotations

import os
import subprocess
import sys

from .conftest import ROOT

BUILD = """
import hashlib, sys
from akrotiri_puzzles import load_components
from akrotiri_puzzles.analysis.board_solve import TwoTurns
from akrotiri_puzzles.files.position_yaml import load_position
from akrotiri_puzzles.solver.deadline import Deadline
pos = load_position(sys.argv[1], load_components())
model = TwoTurns(pos, "score", Deadline(None)).fresh()
print(hashlib.sha256(str(model.m.proto).encode()).hexdigest())
"""


def _proto_digest(path: str, hash_seed: int) -> str:
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    done = subprocess.run(
        [sys.executable, "-c", BUILD, path], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_two_turn_model_same_bytes_in_every_process() -> None:
    # A turn-1 board after a placement, the next turn's excavations on islands of several
    # quarters (the quarters card's variables, R-GOAL-9): before the quarters were sorted, the
    # two hash seeds below built different protos of this position.
    path = str(ROOT / "tests" / "data" / "analysis" / "two-turn-quarters.yaml")
    assert _proto_digest(path, 1) == _proto_digest(path, 2)
