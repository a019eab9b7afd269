"""The CP-SAT model of Kreta puzzles: `solve(puzzle)` finds the optimum and proves it.

facts.py   what the model reads off the start (plain numbers)
build.py   variables and constraints: the lines of at most K cards and the scoring
read.py    a solution read back into actions, replayed by the engine
solve.py   the objective per goal, the solve, the result
"""

from .solve import ModelResult, solve

__all__ = ["ModelResult", "solve"]
