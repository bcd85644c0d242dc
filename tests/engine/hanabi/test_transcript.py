"""Golden transcripts: a fixed deal, a simple policy that only reads its own View, and every seat's view
rendered as text after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/hanabi/test_transcript.py
"""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.hanabi.models import (
    BLACK,
    ColourClue,
    DiscardCard,
    HanabiAction,
    HanabiOptions,
    HanabiView,
    NumberClue,
    PlayCard,
    SkipBonus,
)
from boardgames_tui.engine.hanabi.rules import RULES

from ..golden import golden_tests
from ..golden import transcript as play_transcript

GOLDEN = Path(__file__).parent / "golden"


def needs(view: HanabiView, suit: str) -> int:
    i = view.suits.index(suit)
    played = view.piles[i]
    if played >= 5:
        return 0
    return 5 - played if suit == BLACK else played + 1


def playable_label(view: HanabiView, label: str) -> bool:
    return int(label[1:]) == needs(view, label[0])


def policy(view: HanabiView) -> HanabiAction:
    """Play a card known to be playable, else clue a playable card, else discard the oldest untouched."""
    legal = view.legal_actions
    assert legal
    if view.phase != "turn":
        bonus = [a for a in legal if not isinstance(a, SkipBonus)]
        return bonus[0] if bonus else legal[0]
    seat = view.seat
    assert seat is not None
    mine = view.hands[seat].slots
    for i, slot in enumerate(mine):
        if slot.possible and all(playable_label(view, p) for p in slot.possible):
            return PlayCard(slot=i)
    if view.clue_tokens > 0:
        n = len(view.players)
        for off in range(1, n):
            hand = view.hands[(seat + off) % n]
            for slot in hand.slots:
                card = slot.card
                assert card is not None
                k = slot.knowledge
                if not playable_label(view, card.label) or (len(k.suits) == 1 and len(k.ranks) == 1):
                    continue
                options: list[HanabiAction] = [NumberClue(target=hand.seat, rank=card.rank)]
                if card.suit in view.clue_suits:
                    options.append(ColourClue(target=hand.seat, suit=card.suit))
                if len(k.ranks) == 1:
                    options.reverse()
                for a in options:
                    if a in legal:
                        return a
    discards = [i for i, s in enumerate(mine) if not s.knowledge.touched]
    if DiscardCard(slot=0) in legal:
        return DiscardCard(slot=discards[-1] if discards else len(mine) - 1)
    return next(a for a in legal if not isinstance(a, PlayCard))


def render(view: HanabiView) -> list[str]:
    who = "public" if view.seat is None else f"seat {view.seat} ({view.players[view.seat]})"
    lines = [
        f"  [{who}] turn {view.turn} current {view.current} phase {view.phase} tokens {view.clue_tokens}"
        f" misfires {view.misfires} deck {view.deck_size} score {view.score} final {view.final_turns_left}"
        f" bonus {view.bonus_tiles_left}/{','.join(view.bonus_revealed) or '-'}",
        "    piles " + " ".join(f"{s}{p}" for s, p in zip(view.suits, view.piles))
        + "   discard " + (" ".join(c.label for c in view.discard) or "-"),
    ]
    for hand in view.hands:
        slots = []
        for slot in hand.slots:
            k = slot.knowledge
            face = slot.card.label if slot.card else "??"
            slots.append(f"{face}{'*' if k.touched else ''}[{''.join(k.suits)}/{''.join(map(str, k.ranks))}]")
        lines.append(f"    {hand.name}: " + " ".join(slots))
        for i, slot in enumerate(hand.slots):
            if slot.possible:
                lines.append(f"      slot {i + 1} may be: {' '.join(slot.possible)}")
    if view.seat is not None:
        lines.append(f"    legal: {len(view.legal_actions)} actions")
    return lines


def transcript(players: tuple[str, ...], options: HanabiOptions, seed: str) -> str:
    return play_transcript(RULES, players, options, seed, policy=policy, render=render, log=False)


CASES = {
    "base_3p": (("Ana", "Bob", "Cy"), HanabiOptions(), "314159"),
    # a deal where the policy completes piles and meets bonus tiles (free clue, replay, reshuffle)
    "flamboyant_tricky_black_3p": (
        ("Ana", "Bob", "Cy"),
        HanabiOptions(sixth_suit="tricky", black_powder=True, five_flamboyants=True),
        "40",
    ),
}

test_golden_transcript, test_transcript_is_deterministic = golden_tests(transcript, CASES, GOLDEN)
