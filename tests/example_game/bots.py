"""High card's computer players (a real game's bots/<id>.py): each level picks one of its seat's legal
actions from the seat's View and the random generator it is given, nothing else."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.bots.base import BotFactory, RandomBot

from .engine import PlayCard


class LowBot:
    """Plays its lowest card, unless it can take the trick it answers: then its lowest card that does."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        cards = sorted(action.card for action in view.legal_actions)
        winners = [card for card in cards if view.table and card > view.table[0]]
        return PlayCard(card=(winners or cards)[0])


class HighBot(LowBot):
    """As LowBot, but leads with its highest card."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        if view.table:
            return super().choose(view, rng)
        return max(view.legal_actions, key=lambda action: action.card)


# Every level the game has; the registry's GameSpec.table_levels says which ones a table can seat.
LEVELS: dict[str, BotFactory] = {"random": RandomBot, "easy": LowBot, "hard": HighBot}
