"""Seeded randomness. Every random choice a game makes derives from (deal number, purpose, counter),
so the same deal number, options, players and actions always rebuild the same game."""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derived_random(seed: str, purpose: str, counter: int = 0) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x1f{purpose}\x1f{counter}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def shuffled(items: Sequence[T], seed: str, purpose: str, counter: int = 0) -> tuple[T, ...]:
    out = list(items)
    derived_random(seed, purpose, counter).shuffle(out)
    return tuple(out)


def new_deal_number() -> str:
    """A fresh, easy-to-type deal number for a game started without one."""
    return str(secrets.randbelow(900_000) + 100_000)
