"""What every computer player is: something that picks one of its seat's legal actions from that seat's
View. A bot is given nothing else (no state, no rules object holding the deal), so it can only know what
a person in that seat could know; the no-leak tests hold every bot to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..engine.rng import derived_random


class Bot(Protocol):
    def choose(self, view: Any, rng: random.Random) -> Any:
        """One of `view.legal_actions`. `rng` is the only randomness a bot may use (it is seeded from the
        deal number, so a game with computers replays the same)."""
        ...


BotFactory = Callable[[], Bot]


class RandomBot:
    """Plays a uniformly random legal action: the floor every real level must clear."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_actions)


def decision_rng(deal_number: str, decision: int, seat: int) -> random.Random:
    """The generator a computer in `seat` uses for the `decision`-th action of the game (counting every
    recorded action), derived from the deal number: the same deal with the same moves replays the same."""
    return derived_random(deal_number, f"bot seat {seat}", decision)
