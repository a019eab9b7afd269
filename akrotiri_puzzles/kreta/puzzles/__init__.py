"""Kreta's puzzles (docs/kreta/puzzles.md): a position, a hero, a horizon of K cards and a goal;
opponents passive. `puzzle.py` defines them and replays lines through the engine, `model/`
proves optima with CP-SAT, `exhaustive.py` searches engine states independently, `corpus.py`
draws positions from seeded games."""
