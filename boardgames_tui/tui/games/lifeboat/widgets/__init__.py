"""The Lifeboat turn screen's widgets, one per part of the screen, each drawn from one seat's View and its
own reactive attributes (the screen sets them; none reads a State):

- BoatHeader: the game, the round, the decision and whose private screen this is;
- Boat: the characters bow to stern, their wounds, status, markers, hand sizes and face-up cards;
- Decks: the seagulls and the sizes of the decks and piles;
- Situation: what is going on (the action order, a demand, a fight, a trade, who is thirsty ...);
- LogAndLegend: the newest log lines, and the legend of the marks when there is room, in the room the panels
  above leave;
- OwnPanel: the player's character, Love and Hate (shown or hidden), hand and the card at the cursor;
- MenuPrompt: the decision's menu (or the app's notice while a computer plays on this screen).
"""

from .boat import Boat
from .decks import Decks
from .header import BoatHeader
from .log_and_legend import LogAndLegend
from .menu_prompt import MenuPrompt
from .own_panel import OwnPanel
from .situation import Situation

__all__ = ["Boat", "BoatHeader", "Decks", "LogAndLegend", "MenuPrompt", "OwnPanel", "Situation"]
