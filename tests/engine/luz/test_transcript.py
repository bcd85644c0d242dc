"""Golden transcript: a fixed deal, a simple policy that only reads its own View, and every seat's view
rendered as text after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/luz/test_transcript.py
"""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.luz.models import TRUMP, Bid, LuzAction, LuzOptions, LuzView, PlayCard
from boardgames_tui.engine.luz.rules import RULES

from boardgames_tui.narration import narrator_for

from ..golden import golden_tests
from ..golden import transcript as play_transcript

GOLDEN = Path(__file__).parent / "golden"


def policy(view: LuzView) -> LuzAction:
    """Bid the number of suns held (a bead with three or more); lead from the high end of the hand,
    follow with the legal card nearest the high end."""
    legal = view.legal_actions
    assert legal and view.seat is not None
    hand = view.hands[view.seat]
    if view.phase == "bid":
        suns = hand.colours.count(TRUMP)
        action: LuzAction = Bid(tricks=min(suns, 10), bead=suns >= 3)
    else:
        plays = [a for a in legal if isinstance(a, PlayCard)]
        action = plays[-1] if hand.high_side == "right" else plays[0]
    assert action in legal
    return action


def short(action: LuzAction) -> str:
    """b3 = bid 3, b3+ = bid 3 with the safety bead, p0 = play the leftmost card."""
    if isinstance(action, Bid):
        return f"b{action.tricks}{'+' if action.bead else ''}"
    return f"p{action.position}"


def render(view: LuzView) -> list[str]:
    who = "public" if view.seat is None else f"seat {view.seat} ({view.players[view.seat]})"
    lines = [
        f"  [{who}] round {view.round} phase {view.phase} trick {view.trick_number} dealer {view.dealer}"
        f" marker {view.marker} first {view.first} leader {view.leader} current {view.current}"
        f" led {view.led_colour or '-'}"
    ]
    for hv in view.hands:
        if hv.numbers is None:
            faces = [f"{c}?" for c in hv.colours]
        else:
            faces = [f"{c}{n}" for c, n in zip(hv.colours, hv.numbers)]
        plus = ["+"]
        row = plus + faces if hv.high_side == "left" else faces + plus
        lines.append(f"    {hv.name}: {' '.join(row)}")
    lines.append("    table: " + (" ".join(f"{view.players[p.seat]}:{p.card.label}" for p in view.trick) or "-"))
    lines.append(
        "    status: "
        + " | ".join(
            f"{s.name} bid {'-' if s.bid is None else s.bid}{'+' if s.bead else ''} tricks {s.tricks} total {s.total}"
            for s in view.status
        )
    )
    newest = narrator_for("luz", view.players).event(view.log[-1]) if view.log else "-"
    lines.append(f"    log ({len(view.log)}): {newest}")
    if view.seat is not None:
        lines.append(f"    legal: {' '.join(short(a) for a in view.legal_actions) or '-'}")
    return lines


def transcript(players: tuple[str, ...], options: LuzOptions, seed: str) -> str:
    return play_transcript(RULES, players, options, seed, policy=policy, render=render)


CASES = {
    "random_3p": (("Ana", "Ben", "Cy"), LuzOptions(), "271828"),
}

test_golden_transcript, test_transcript_is_deterministic = golden_tests(transcript, CASES, GOLDEN)
