"""The Hanabi turn screen's widgets, one per part of the table, each drawn from one seat's View and its own
reactive attributes (the screen sets them; none reads a State):

- TurnHeader: the game, the turn and whose it is;
- TableSummary: clue tokens, misfires, deck and score, the fireworks, the discards, the bonus tiles used;
- OthersHands: the other players' hands, what each was told, the player numbers and a clue's marks;
- OwnHand: the viewer's own hand, what they know of each card, the selected card and their notes;
- PromptLine: what to do now;
- BonusChoices: the discarded cards a bonus tile lets the player take back (tells the screen by a message).
"""

from .bonus_choices import BonusChoices
from .header import TurnHeader
from .others_hands import OthersHands
from .own_hand import OwnHand
from .prompt import PromptLine
from .table_summary import TableSummary

__all__ = ["BonusChoices", "OthersHands", "OwnHand", "PromptLine", "TableSummary", "TurnHeader"]
