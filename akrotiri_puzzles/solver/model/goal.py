"""Actions counted per turn, the goal, the objective, and redundant constraints for the proofs."""

from __future__ import annotations

from .core import Core


class Counts(Core):
    """What a line spends and what it reaches."""

    def add_actions(self) -> None:
        # Actions as the game counts them, per turn: Move actions started, loads, buys,
        # excavations and the oracle; free actions cost none (R-TURN-2, R-TURN-3).
        m, E = self.m, self.events
        self.cost = []
        first_turn = []
        for k in range(E):
            v = m.new_int_var(0, self.bound, f"actions at {k}")
            at_stop = self.loads[k] + sum(self.buy_count[k]) + self.digs[k] + self.asks[k]
            m.add(v == self.moves[k] + at_stop)
            # A stop does something.
            m.add(sum(self.unload[k].values()) + sum(self.sell[k].values()) + at_stop >= 1).only_enforce_if(
                self.stop[k]
            )
            in_first = m.new_int_var(0, self.bound, f"turn-1 actions at {k}")
            m.add(in_first == v).only_enforce_if(self.t2[k].negated())
            m.add(in_first == 0).only_enforce_if(self.t2[k])
            self.cost.append(v)
            first_turn.append(in_first)
        self.total = m.new_int_var(0, self.bound, "actions in all")
        m.add(self.total == sum(self.cost))
        m.add(sum(first_turn) <= self.bud.first)
        if self.turns == 2:
            # Turn 2's actions depend on the temples turn 1 revealed (R-TURN-2).
            early = []
            for k in range(E):
                lit = m.new_bool_var(f"turn-1 excavation at {k}")
                m.add_bool_and([self.digs[k], self.t2[k].negated()]).only_enforce_if(lit)
                m.add_bool_or([self.digs[k].negated(), self.t2[k]]).only_enforce_if(lit.negated())
                early.append(lit)
            revealed = m.new_int_var(0, len(self.bud.second) - 1, "temples excavated in turn 1")
            m.add(revealed == sum(early))
            # Turn 2 comes only if no seat has excavated every temple by the end of turn 1: else
            # the game ends with the round (R-END-2).
            board = self.comps.player_board
            if len(self.start.seat(self.start.other).temples) >= board.temples or "second-turn" in self.spec.forbid:
                for k in range(E):
                    m.add(self.end[k] == 0)
            else:
                m.add(revealed <= board.temples - len(self.hero.temples) - 1).only_enforce_if(self.t2[E])
            allowed = m.new_int_var(0, max(self.bud.second), "actions of turn 2")
            m.add_element(revealed, list(self.bud.second), allowed)
            m.add(self.total - sum(first_turn) <= allowed)

    def add_goal(self) -> None:
        # The goal: this many temples, one with the named map card if any; never more
        # excavations than temples left (R-EXC-1). The line ends at the goal: once it is met,
        # every later event is idle.
        m, E = self.m, self.events
        goal = self.goal
        m.add(sum(self.digs) >= goal.temples)
        named = goal.map_card
        if named is not None:
            if named in self.cards:
                m.add(sum(self.dig[k][named] for k in range(E)) >= 1)
            else:
                m.add_bool_or([])  # the named card fits nowhere a line within the bound can reach
        m.add(sum(self.digs) <= self.comps.player_board.temples - len(self.hero.temples))
        for k in range(1, E):
            done = sum(self.digs[:k])
            met = m.new_bool_var(f"goal met before event {k}")
            m.add_implication(met, self.idle[k])
            if named is None or named not in self.cards:
                m.add(done <= goal.temples - 1).only_enforce_if(met.negated())
                continue
            played = m.new_bool_var(f"{named} played before event {k}")
            m.add(sum(self.dig[i][named] for i in range(k)) >= 1).only_enforce_if(played)
            m.add(sum(self.dig[i][named] for i in range(k)) == 0).only_enforce_if(played.negated())
            m.add(done <= goal.temples - 1).only_enforce_if([met.negated(), played])

    def add_bounds(self) -> None:
        # Redundant, for the proofs: no class's line is shorter than its lower bound; the legs'
        # points add up to no more than the actions can give.
        m = self.m
        for c, lb in enumerate(self.f.lower):
            if lb > self.bound:
                m.add(self.scen[c] == 0)
            elif lb > self.goal.temples:
                m.add(self.total >= lb).only_enforce_if(self.scen[c])
        m.add(sum(self.points) <= self.max_points)

    def add_objective(self) -> None:
        # With `minimise`, the fewest actions; else any line within the bound.
        if self.spec.minimise:
            self.m.minimize(self.total)
