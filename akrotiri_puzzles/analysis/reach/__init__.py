"""The relaxation: cheap, sound upper bounds on what the hero's next turn or two can reach,
without CP-SAT, and the questions the placement search asks of them (whether no relaxed line
reaches a value). `reach_bound.score_bound` and `reach_tight.tight_bound` bound one action phase;
`reach_two.below` and `TwoRelaxed` bound two turns from a tile placement; `reach_below.Below`
asks one analysis's two-turn questions one after another (with `reach_thin`'s questions of a
whole group of placements and `reach_known`'s domination, `cover` among it); `reach_ceiling`
cuts the relaxed search's states. The modules import only each other and the layers below the
analysis (rules, positions, the solver's facts), never the analysis that asks them.

Each module keeps the name it had beside the analysis's other modules until session 87
(`reach_two.py`, `reach_below.py`, ...), the names docs/analysis.md and docs/benchmarks.md use.
"""
