"""Why an action is refused: the reasons `apply` raises IllegalAction with.

They are kept here, as English templates, so the turn screen can give the same reason for a refused key
(translated through its catalogue, `{who}`/`{what}`/`{n}` filled in by the caller) without holding the state.
"""

from __future__ import annotations

NO_CLUE_TOKENS = "There are no clue tokens left: play or discard a card"
ALL_CLUE_TOKENS = "You can't discard while all {n} clue tokens are available"
NO_BONUS = "There is no bonus to resolve: play, discard or give a clue"
FREE_COLOUR_CLUE_FIRST = "Give your free colour clue first (bonus tile)"
FREE_NUMBER_CLUE_FIRST = "Give your free number clue first (bonus tile)"
CHOOSE_RESHUFFLE = "Choose a discarded card to shuffle back into the deck, or skip the bonus"
CHOOSE_REPLAY = "Choose a playable card from the discard pile, or skip the bonus"
MULTI_NOT_NAMED = "Multicolour can't be named in a clue in this game"
BLACK_NOT_NAMED = "Black can't be named in a clue"
EMPTY_COLOUR_CLUE = "{who} has no {what} cards (empty clues are off)"  # what: a colour's name
EMPTY_NUMBER_CLUE = "{who} has no {what} (empty clues are off)"  # what: "3s"


def number_plural(rank: int) -> str:
    """How a reason or a log line names every card of a number: '3s'."""
    return f"{rank}s"
