"""One action in progress: a mutable scratch copy of the state's changing fields, the events it logs, and
the consequences every kind of action shares (drawing, completing a pile, a bonus tile, the end of the turn
and of the game). `finish` builds the next state once.

Events (all public; each action logs its own event first, then what followed from it):
    play / misfire / discard {seat, card}        misfire adds `misfires` (how many are lit now)
    colour_clue {seat, target, suit, slots, free} / number_clue {seat, target, rank, slots, free}
    return_discard / replay_discard {seat, card} / skip_bonus {seat}
    last_card {seat}                              the seat drew the deck's last card
    firework_complete {suit, token}               token: whether a clue token came back (not all 8 were in)
    all_fireworks {suit}                          that pile completed the show
    bonus_tile {seat, suit, tile, ...}            clue tiles: token (and misfire_removed); the choices:
                                                  blocked None (the seat decides now) or why it is lost
    final_round_over {}                           / game_over {reason, score, max_score}
"""

from __future__ import annotations

from typing import Any

from ..base import Event, event
from .config import PILE_SIZE, Config, clue_actions, held, needed_rank, playable_discards
from .models import MAX_CLUE_TOKENS, BonusTile, Card, EndReason, HanabiState, HeldCard, Phase
from .scoring import score

# The events that open an action's entry in the log; the others are what followed from it.
ACTION_EVENTS = frozenset(
    ("play", "misfire", "discard", "colour_clue", "number_clue", "return_discard", "replay_discard", "skip_bonus")
)


def card_code(card: Card) -> str:
    return f"{card.suit}{card.rank}"


class TurnInProgress:
    __slots__ = (
        "state",
        "cfg",
        "seat",
        "hands",
        "deck",
        "piles",
        "discard",
        "clue_tokens",
        "misfires",
        "phase",
        "final_turns_left",
        "last_card_turn",
        "bonus_tiles",
        "bonus_revealed",
        "reshuffles",
        "events",
        "over_reason",
    )

    def __init__(self, state: HanabiState, cfg: Config) -> None:
        self.state = state
        self.cfg = cfg
        self.seat = state.current
        self.hands = state.hands
        self.deck = state.deck
        self.piles = state.piles
        self.discard = state.discard
        self.clue_tokens = state.clue_tokens
        self.misfires = state.misfires
        self.phase: Phase = state.phase
        self.final_turns_left = state.final_turns_left
        self.last_card_turn = state.last_card_turn
        self.bonus_tiles = state.bonus_tiles
        self.bonus_revealed = state.bonus_revealed
        self.reshuffles = state.reshuffles
        self.events: list[Event] = []
        self.over_reason: EndReason | None = None

    # -- building blocks

    def log(self, kind: str, **args: Any) -> None:
        self.events.append(event(kind, **args))

    def set_hand(self, seat: int, hand: tuple[HeldCard, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def need(self, suit_i: int) -> int:
        return needed_rank(self.piles, self.cfg, suit_i)

    def add_to_pile(self, suit_i: int) -> bool:
        """Add one card to a pile; True if that completed it."""
        piles = list(self.piles)
        piles[suit_i] += 1
        self.piles = tuple(piles)
        return piles[suit_i] == PILE_SIZE

    def draw(self, hand: tuple[HeldCard, ...]) -> tuple[HeldCard, ...]:
        """The hand with the deck's top card added at the left (slot 0), if any is left."""
        if not self.deck:
            return hand
        card = self.deck[0]
        self.deck = self.deck[1:]
        if not self.deck:
            self.final_turns_left = len(self.state.players)
            self.last_card_turn = self.state.turn
            self.log("last_card", seat=self.seat)
        return (held(card, self.cfg.initial_knowledge), *hand)

    def gain_token(self) -> bool:
        if self.clue_tokens < MAX_CLUE_TOKENS:
            self.clue_tokens += 1
            return True
        return False

    # -- completing a pile

    def pile_completed(self, suit_i: int) -> None:
        """The end of the show, a bonus tile, or a clue token."""
        suit = self.cfg.suits[suit_i]
        if all(p >= PILE_SIZE for p in self.piles):
            self.log("all_fireworks", suit=suit)
            self.over_reason = "all_fireworks"
            return
        if not (self.state.options.five_flamboyants and self.bonus_tiles):
            self.log("firework_complete", suit=suit, token=self.gain_token())
            return
        tile: BonusTile = self.bonus_tiles[0]
        self.bonus_tiles = self.bonus_tiles[1:]
        self.bonus_revealed = (*self.bonus_revealed, tile)
        if tile == "clue":
            self.log("bonus_tile", seat=self.seat, suit=suit, tile=tile, token=self.gain_token())
        elif tile == "clue_and_misfire":
            token = self.gain_token()
            removed = self.misfires > 0
            if removed:
                self.misfires -= 1
            self.log("bonus_tile", seat=self.seat, suit=suit, tile=tile, token=token, misfire_removed=removed)
        else:
            blocked = self.bonus_blocked(tile)
            if blocked is None:
                self.phase = tile  # the seat decides it before the turn ends
            self.log("bonus_tile", seat=self.seat, suit=suit, tile=tile, blocked=blocked)

    def bonus_blocked(self, tile: BonusTile) -> str | None:
        """Why a tile that asks for a decision is lost (None: it can be used now)."""
        if tile == "free_colour_clue" or tile == "free_number_clue":
            colour = tile == "free_colour_clue"
            clues = clue_actions(self.state.options, self.cfg, self.hands, self.seat, colour, not colour)
            return None if clues else "no_clue"
        if tile == "reshuffle_discard":
            if not self.discard:
                return "discard_empty"
            return None if self.deck else "deck_empty"
        if tile == "replay_discard":
            return None if playable_discards(self.discard, self.piles, self.cfg) else "none_playable"
        raise AssertionError(tile)  # pragma: no cover - BonusTile is a closed Literal

    # -- the end of the action

    def finish(self) -> HanabiState:
        """End the turn unless a bonus decision is pending, end the game if it is over, build the state."""
        state = self.state
        update: dict[str, Any] = {
            "hands": self.hands,
            "deck": self.deck,
            "piles": self.piles,
            "discard": self.discard,
            "clue_tokens": self.clue_tokens,
            "misfires": self.misfires,
            "final_turns_left": self.final_turns_left,
            "last_card_turn": self.last_card_turn,
            "bonus_tiles": self.bonus_tiles,
            "bonus_revealed": self.bonus_revealed,
            "reshuffles": self.reshuffles,
        }
        reason = self.over_reason
        if reason is None and self.phase == "turn":
            update["turn"] = state.turn + 1
            left = self.final_turns_left
            if left is not None and self.last_card_turn != state.turn:  # the drawer's own turn doesn't count
                left -= 1
                update["final_turns_left"] = left
                if left <= 0:
                    reason = "final_round"
                    self.log("final_round_over")
            if reason is None:
                update["current"] = (state.current + 1) % len(state.players)
                update["phase"] = "turn"
        elif reason is None:
            update["phase"] = self.phase  # a bonus decision is pending: same player, same turn
        if reason is not None:
            update["turn"] = state.turn + 1
            update["phase"] = "over"
            update["end_reason"] = reason
            final = state.model_copy(update=update)
            self.log("game_over", reason=reason, score=score(final), max_score=self.cfg.max_score)
        update["log"] = (*state.log, *self.events)
        return state.model_copy(update=update)
