"""A puzzle's premise: what it states of the hidden piles, and which draws a line may rely on.

The piles are hidden in the game: map cards are bought face down (R-BUY-1), the land tile of
the end of turn is drawn face down (R-END-1), the oracle turns tiles the player has not seen
(R-ORA-1), a goal draw deals unseen goal cards (R-EXC-1). A puzzle *reveals* the top of some
piles, in order; everything below is unknown. A line may use a draw only when the puzzle
states it, so that the answer holds for every order of the cards and tiles it does not state
(docs/puzzles.md, "What a puzzle reveals"):

- a map card bought face down and not revealed may be bought (its deck is known, its price
  paid) but never played: no line can name it;
- the oracle may be asked only for an icon that a revealed tile shows before any unrevealed
  one (or when the whole pile is revealed): then the tiles it turns are known;
- a turn may end only when the land tile it draws is revealed (and never when the pile is
  empty and the discard pile would be shuffled into a new one);
- a goal card may be kept only from an offer of revealed cards (the strategist variant's
  face-up goals are in view anyway).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import Action, EndTurn, Excavate, KeepGoal, Oracle
from .components import DECKS, Components
from .position import Position


@dataclass(frozen=True)
class Revealed:
    """The top of each hidden pile that a puzzle states, top first; the rest is unknown."""

    land: tuple[str, ...] = ()
    """The next land tiles of the pile (the end-of-turn draw, the oracle's turns)."""
    maps: tuple[tuple[str, ...], ...] = ((), (), ())
    """The top cards of the easy, medium and hard map decks."""
    goals: tuple[str, ...] = ()
    """The top cards of the goal deck (the offers of goal draws)."""
    unknown: tuple[str, ...] = ()
    """Map cards in the hero's hand that were bought face down and are not revealed: empty in a
    puzzle file; the rest of a line (the page's referee) carries the ones it bought."""
    whole: bool = False
    """Every pile stated as the position holds it: a game position analysed (`analyse`), where
    the position file gives the piles; never a puzzle's premise."""

    def deck(self, name: str) -> tuple[str, ...]:
        """The revealed top of one map deck."""
        return self.maps[DECKS.index(name)]

    def __bool__(self) -> bool:
        return self.whole or bool(self.land or any(self.maps) or self.goals or self.unknown)

    def describe(self, comps: Components) -> list[str]:
        """The revealed facts in words, one line per pile, e.g. `easy deck, top first: E05 (...), E04 (...)`."""
        if self.whole:
            return ["every pile, as the position gives it"]
        lines = []
        if self.land:
            tiles = ", ".join(f"{t} ({comps.tile[t].icon})" for t in self.land)
            lines.append(f"land pile, top first: {tiles}")
        for name, cards in zip(DECKS, self.maps, strict=True):
            if cards:
                lines.append(
                    f"{name} map deck, top first: {', '.join(f'{k} ({needs_words(comps, k)})' for k in cards)}"
                )
        if self.goals:
            lines.append(f"goal deck, top first: {', '.join(self.goals)}")
        return lines

    def after(self, start: Position, pos: Position) -> Revealed:
        """What is still stated at `pos`, reached from `start` by a line: the revealed cards still
        on top of their piles, and the hero's cards bought face down (the rest of a puzzle)."""
        if self.whole:
            return self
        known = set(start.hero.maps) - set(self.unknown)
        for cards in self.maps:
            known.update(cards)
        unknown = tuple(sorted(k for k in pos.hero.maps if k not in known))
        return Revealed(
            land=_on_top(pos.land_pile, self.land),
            maps=tuple(_on_top(deck, cards) for deck, cards in zip(pos.map_decks, self.maps, strict=True)),
            goals=_on_top(pos.goal_deck, self.goals),
            unknown=unknown,
        )


WHOLE = Revealed(whole=True)
"""The premise of a game position analysed as a whole: every pile as the position holds it."""


def needs_words(comps: Components, card_id: str) -> str:
    """What a map card asks, in words, e.g. `above lake; below volcano; right mountain` (R-EXC-2)."""
    card = comps.map[card_id]
    sides: dict[str, list[str]] = {}
    for direction, icon, n in card.requires:
        sides.setdefault(direction, []).extend([icon] * n)
    return "; ".join(f"{d} {' '.join(sides[d])}" for d in ("above", "below", "left", "right") if d in sides)


def _on_top(pile: tuple[str, ...], revealed: tuple[str, ...]) -> tuple[str, ...]:
    """The longest top of `pile` made of revealed cards."""
    known = set(revealed)
    n = 0
    while n < len(pile) and pile[n] in known:
        n += 1
    return pile[:n]


def unstated(revealed: Revealed, start: Position, pos: Position, action: Action) -> str | None:
    """Why a legal action would rest on a draw the puzzle does not state, or None.

    `start` is the puzzle's start (whose hand the hero knows); `pos` is where the action is
    played. Only the actions that read a hidden pile are looked at (see the module docstring).
    """
    if revealed.whole:
        return None
    if isinstance(action, Excavate):
        return _unknown_card(revealed, start, action.card)
    if isinstance(action, Oracle):
        return _unknown_oracle(revealed, pos, action.icon)
    if isinstance(action, EndTurn):
        return _unknown_draw(revealed, pos)
    if isinstance(action, KeepGoal) and pos.phase == "goal" and not pos.strategist:
        hidden = [g for g in pos.goal_offer if g not in revealed.goals]
        if hidden:
            return (
                f"the goal cards this goal draw offers (R-EXC-1) are not revealed by the puzzle "
                f"({len(hidden)} of {len(pos.goal_offer)} unknown): a line cannot choose among them"
            )
    return None


def _unknown_card(revealed: Revealed, start: Position, card: str) -> str | None:
    if card in start.hero.maps and card not in revealed.unknown:
        return None
    deck = start.components.map[card].deck
    if card in revealed.deck(deck):
        return None
    return (
        f"{card} was bought face down from the {deck} deck (R-BUY-1) and the puzzle does not reveal it: "
        "a line cannot count on which card it draws"
    )


def _unknown_oracle(revealed: Revealed, pos: Position, icon: str) -> str | None:
    known = set(revealed.land)
    tiles = pos.components.tile
    for tile in pos.land_pile:
        if tile not in known:
            return (
                f"asking the oracle for {'an' if icon[0] in 'aeiou' else 'a'} {icon} turns land tiles the puzzle "
                "does not reveal (R-ORA-1): which tile it gives is unknown"
            )
        if tiles[tile].icon == icon:
            return None
    return None  # the whole pile is revealed: the oracle's tiles are known


def _unknown_draw(revealed: Revealed, pos: Position) -> str | None:
    if pos.oracle_used or pos.hero.tile is not None:
        return None  # no tile is drawn (R-END-1)
    if pos.land_pile:
        if pos.land_pile[0] in revealed.land:
            return None
        return "the end of turn draws the top land tile (R-END-1), which the puzzle does not reveal"
    if pos.land_discard:
        return (
            "the end of turn shuffles the discard pile into a new land pile and draws from it (R-END-1): "
            "a draw no puzzle can state"
        )
    return None


def premise_problem(
    revealed: Revealed, start: Position, turns: int, goal_temples: int, score: bool
) -> tuple[str, str] | None:
    """(field, problem) when a premise does not fit its puzzle, or None.

    The revealed cards must be the top of their piles, in order; the cards bought face down
    must be in the hero's hand; a two-turn puzzle must reveal the land tile its first turn's
    end draws; every goal draw a line can meet before the goal must be revealed.
    """
    if revealed.whole:
        return None
    piles = [("land", start.land_pile, revealed.land)]
    piles += [(f"maps.{d}", deck, cards) for d, deck, cards in zip(DECKS, start.map_decks, revealed.maps, strict=True)]
    piles.append(("goals", start.goal_deck, revealed.goals))
    for name, pile, cards in piles:
        if tuple(pile[: len(cards)]) != cards:
            what = "pile" if name == "land" else "deck"
            top = ", ".join(pile[: len(cards)]) or "nothing"
            return f"revealed.{name}", f"{', '.join(cards)} is not the top of the {what}, in order (it holds {top})"
    stray = [k for k in revealed.unknown if k not in start.hero.maps]
    if stray:
        return "revealed.unknown", f"{', '.join(stray)} not in the hero's hand"
    if turns == 2:
        # The draw at the end of turn 1: after the placement, if the puzzle starts with one.
        probe = start if start.phase == "act" else start.with_seat(start.to_move, replace(start.hero, tile=None))
        problem = _unknown_draw(revealed, probe)
        if problem is not None:
            return "revealed.land", f"a two-turn puzzle must reveal the land tile drawn at the end of turn 1: {problem}"
    return _goal_draws(revealed, start, goal_temples, score)


def goal_cards_needed(start: Position, goal_temples: int, score: bool) -> tuple[int, int]:
    """(goal draws, goal cards) a premise must reveal: every goal draw (R-EXC-1) a line can
    meet before it reaches the goal, from the top of the goal deck (none in the strategist
    variant, whose goals lie face up). A temple goal is met at its last temple, whose draw is
    not needed; a score counts only once every draw of the turn is kept, so every temple the
    turn's actions could excavate counts."""
    if start.strategist:
        return 0, 0
    comps = start.components
    done = len(start.hero.temples)
    if score:
        most = start.actions_left if start.phase == "act" else comps.player_board.actions_after(done)
    else:
        most = goal_temples - 1
    draws = sum(
        1
        for n in range(done + 1, min(done + most, comps.player_board.temples) + 1)
        if comps.player_board.reveals[n - 1].goal_draw
    )
    return draws, min(comps.setup.goals_drawn * draws, len(start.goal_deck))


def _goal_draws(revealed: Revealed, start: Position, goal_temples: int, score: bool) -> tuple[str, str] | None:
    draws, need = goal_cards_needed(start, goal_temples, score)
    if len(revealed.goals) < need:
        return (
            "revealed.goals",
            f"a line can meet {draws} goal draw(s) (R-EXC-1) before the goal: the top {need} goal cards must be "
            f"revealed, not {len(revealed.goals)}",
        )
    return None


def stated_position(start: Position, revealed: Revealed) -> Position:
    """The position an endgame puzzle (a score goal, one turn) is analysed on: each map deck
    and the goal deck cut to their revealed tops.

    The analyser reads a position whole (`WHOLE`); cutting the decks gives it the puzzle's
    premise exactly for a score this turn. A card bought beyond the revealed top could not be
    played (`unstated`), and buying it only spends drachmas, which never raises a score
    (R-SCORE-1: cards in hand score nothing); the premise reveals every goal draw a line can
    meet (`premise_problem`), and a draw puts the card not kept at the bottom, below the
    revealed cards. The land pile stays whole: no tile is drawn or placed within the turn.
    """
    if revealed.whole:
        return start
    decks = tuple(tuple(deck[: len(top)]) for deck, top in zip(start.map_decks, revealed.maps, strict=True))
    return replace(start, map_decks=decks, goal_deck=start.goal_deck[: len(revealed.goals)])
