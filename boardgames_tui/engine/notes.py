"""Card notes (Hanabi): where each noted card is now.

A save keeps a seat's notes by card id (as text), so that a note follows its card when the slots of a hand
shift. A card id is the card's place in the unshuffled deck, so it names the card: a seat must never be
shown the ids of its own cards. Everything that shows notes (the seat's screen, a record of a game in play)
asks here for them by place instead: (the seat whose hand holds the card, its slot).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Place = tuple[int, int]  # (the seat whose hand holds the card, the slot in that hand; 0 = the first)


def cards_in_hands(state: Any) -> dict[Place, int]:
    """The id of the card at each place, for games whose hands hold identified cards (Hanabi's held
    cards, which carry `.card.id`); empty for the other games."""
    found: dict[Place, int] = {}
    for hand_seat, hand in enumerate(getattr(state, "hands", ())):
        for slot, held in enumerate(hand):
            card_id = getattr(getattr(held, "card", None), "id", None)
            if isinstance(card_id, int):
                found[(hand_seat, slot)] = card_id
    return found


def notes_by_place(state: Any, notes: Mapping[str, str]) -> dict[Place, str]:
    """The notes kept by card id (`notes`: card id as text -> note) on the cards now in hands, by place, in
    the order of the places. A note on a card no longer in a hand is left out."""
    if not notes:
        return {}
    return {place: notes[str(card_id)] for place, card_id in sorted(cards_in_hands(state).items()) if str(card_id) in notes}
