"""Per game, the function that deals again at random what one seat cannot see and leaves everything that seat
can see as it was: `RESAMPLE[game](state, seat, rng)`. The no-leak tests (Views, bots, exports) use it to show
that what a seat is given does not depend on what it may not know."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.engine.hanabi.helpers import resample_own_cards
from tests.engine.lifeboat.helpers import resample_hidden as resample_lifeboat
from tests.engine.luz.helpers import resample_own_numbers
from tests.engine.rummikub.helpers import resample_hidden as resample_rummikub
from tests.engine.splendor_duel.helpers import resample_hidden as resample_splendor

RESAMPLE: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "hanabi": resample_own_cards,
    "luz": resample_own_numbers,
    "rummikub": resample_rummikub,
    "splendor_duel": resample_splendor,
    "lifeboat": resample_lifeboat,
}
