"""What the score models optimise and how their objective weighs it: one home for the constants
the one-turn model (score.py), the two-turn model (score_two.py) and the analyser share."""

OBJECTIVES = ("actions", "score", "margin")
"""What a model optimises: the fewest actions to the goal, the hero's final score, or the
hero's score minus the opponent's with the drachmas as the tie-break (R-SCORE-3)."""

MARGIN_SCALE = 10**5
"""The margin objective counts points at this scale, the drachmas breaking ties (R-SCORE-3)."""
TIE = 1000
"""The primary value's weight over the line's actions (never more than TIE - 1 of them): the
model maximises `primary * TIE - actions`, the best value first, then the fewest actions."""
