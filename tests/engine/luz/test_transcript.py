"""Golden transcript: a fixed deal, a simple policy that only reads its own View, and every seat's view
rendered as text after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/luz/test_transcript.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames_tui.engine.luz.models import TRUMP, Bid, LuzAction, LuzOptions, LuzView, PlayCard
from boardgames_tui.engine.luz.rules import RULES

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
    lines.append(f"    log ({len(view.log)}): {view.log[-1] if view.log else '-'}")
    if view.seat is not None:
        lines.append(f"    legal: {' '.join(short(a) for a in view.legal_actions) or '-'}")
    return lines


def transcript(players: tuple[str, ...], options: LuzOptions, seed: str) -> str:
    state = RULES.setup(players, options, seed)
    out = [f"Luz golden transcript: players {', '.join(players)}; deal {seed}; options {options.model_dump()}"]
    step = 0
    while True:
        out.append(f"== {RULES.turn_label(state)} :: {RULES.last_public_summary(state)}")
        for seat in (None, *range(len(players))):
            out.extend(render(RULES.view(state, seat)))
        if not RULES.to_act(state):
            break
        seat = state.current
        action = policy(RULES.view(state, seat))
        out.append(f"-- {players[seat]} chooses {RULES.dump_action(action)}")
        state = RULES.apply(state, seat, action)
        step += 1
        assert step < 500
    outcome = RULES.outcome(state)
    assert outcome is not None
    out.append(f"== RESULT {outcome.headline}")
    out.extend(f"   {d}" for d in outcome.details)
    out.append("== LOG")
    out.extend(f"   {line}" for line in RULES.view(state, None).log)
    return "\n".join(out) + "\n"


CASES = {
    "random_3p": (("Ana", "Ben", "Cy"), LuzOptions(), "271828"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    players, options, seed = CASES[name]
    text = transcript(players, options, seed)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from the golden transcript (UPDATE_GOLDEN=1 to accept a change)"


def test_transcript_is_deterministic() -> None:
    players, options, seed = CASES["random_3p"]
    assert transcript(players, options, seed) == transcript(players, options, seed)
