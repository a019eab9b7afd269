"""The puzzle generator and grader (docs/generator.md), above the solver.

- candidates.py: positions reached by seeded play, with a goal and a horizon;
- ladder.py: the weaker solvers a puzzle is graded against (greedy bot, beam planner);
- grade.py: the grade: optimum, techniques proven necessary, ladder, goal; level by score;
- generate.py: one task: draw, prove, grade, keep or drop (and why);
- runner.py: tasks in order, here, in local processes or on a Dask cluster.
"""
