"""Kreta (Stefan Dorra, 2005): the second game, beside Akrotiri, on the common foundations.

Rules with IDs in docs/kreta/rules.md (`K-CMD-2`); the board is data (`data/board.yaml`,
reconstructed); positions are frozen values (`position.py`); the rules answer
`legal_actions(pos)` and `apply(pos, action)` (`rules/`); actions have a notation
(`notation.py`); puzzles are solved by a CP-SAT model and checked by an exhaustive search
(`puzzles/`). Nothing here imports Akrotiri's modules (tests/test_layers.py).
"""
