"""The Rummikub turn screen's widgets, one per part of the screen, each drawn from one seat's View and its
own reactive attributes (the screen sets them; none reads a State):

- TurnHeader: the game, the turn, whose it is, and the turn's clock;
- OthersLine: the other players' tile counts, and the pool or the stacks, the discard pile and the trump;
- TableSets: the sets on the table, the cursor when it is there, the selected tiles, what changed;
- Rack: the viewer's tiles, the cursor when it is there, the selected tiles, the colour legend;
- TurnLine: the turn so far and what ending it needs;
- PromptLine: what to do now (or the app's notice while a computer plays).
"""

from .header import TurnHeader
from .others import OthersLine
from .prompt import PromptLine
from .rack import Rack
from .table_sets import TableSets
from .turn_line import TurnLine

__all__ = ["OthersLine", "PromptLine", "Rack", "TableSets", "TurnHeader", "TurnLine"]
