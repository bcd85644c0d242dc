"""The Splendor Duel turn screen's widgets, one per part of the table, each drawn from one seat's View and
its own reactive attributes (the screen sets them; none reads a State):

- TurnHeader: the game, the turn and whose it is;
- TokenBoard: the token board, with the board cursor, the tokens selected and the cells that may be chosen;
- Supply: the bag and the privilege supply;
- Royals: the royal cards left;
- Pyramid: the decks, the face-up cards and the player's reserve, with the card cursor;
- Players: both players' holdings;
- SymbolsLegend: what the card symbols mean (`g`, in the players' place);
- CardDetail: what the cursor is on, and whether the player can buy it;
- PromptLine: what to do now (or the app's notice while a computer plays).

Each is a Static redrawn when what it is drawn from changes (TablePart); when a panel's height changes,
the screen gives the news strip the rows left (`FitsNews`).
"""

from .board import TokenBoard
from .detail import CardDetail
from .header import TurnHeader
from .legend import SymbolsLegend
from .part import FitsNews, TablePart
from .players import Players
from .prompt import PromptLine
from .pyramid import Pyramid
from .royals import Royals
from .supply import Supply

__all__ = [
    "FitsNews",
    "CardDetail",
    "Players",
    "PromptLine",
    "Pyramid",
    "Royals",
    "Supply",
    "SymbolsLegend",
    "TablePart",
    "TokenBoard",
    "TurnHeader",
]
