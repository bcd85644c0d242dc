"""Golden transcripts: a fixed deal, the melding policy (it reads only its own View), and what every seat
sees after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/rummikub/test_transcript.py
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from boardgames_tui.engine.rummikub.models import RummikubAction, RummikubOptions, RummikubView, SetView
from boardgames_tui.engine.rummikub.rules import RULES

from .policies import MeldingPolicy

GOLDEN = Path(__file__).parent / "golden"


def set_text(sv: SetView) -> str:
    meaning = {m.tile: f"{m.colour or '?'}{m.number}" for m in sv.jokers}
    tiles = " ".join(f"J={meaning[t.id]}" if t.id in meaning else t.label for t in sv.tiles)
    flags = ("L" if sv.locked else "") + ("*" if sv.changed else "") + ("" if sv.valid else "!")
    return f"{sv.id}:{tiles}{' ' + flags if flags else ''}"


def short(action: RummikubAction) -> str:
    data = RULES.dump_action(action)
    kind = data.pop("kind")
    return kind + "".join(f" {k}={v}" for k, v in data.items() if v is not None)


def render(view: RummikubView, public: bool) -> list[str]:
    if public:
        melded = "".join("M" if m else "-" for m in view.melded)
        lines = [
            f"  [public] current {view.players[view.current]} phase {view.phase} pool {view.pool_size}"
            f" racks {'/'.join(map(str, view.rack_counts))} melded {melded} freed {list(view.freed_jokers)}"
            f" meld {view.meld_points}",
            "    table: " + (" | ".join(set_text(sv) for sv in view.table) or "-"),
        ]
        if view.end_turn_problems:
            lines.append("    problems: " + "; ".join(view.end_turn_problems))
        return lines
    assert view.seat is not None and view.rack is not None
    line = f"  [seat {view.seat} {view.players[view.seat]}] rack: {' '.join(t.label for t in view.rack) or '-'}"
    if view.legal_actions:
        count = Counter(a.kind for a in view.legal_actions)
        line += " | legal: " + ", ".join(f"{k} {n}" for k, n in sorted(count.items()))
        line += f" | undo {'y' if view.can_undo else 'n'}"
    return [line, f"    log: {view.log[-1] if view.log else '-'}"]


def transcript(players: tuple[str, ...], options: RummikubOptions, seed: str) -> str:
    state = RULES.setup(players, options, seed)
    policy = MeldingPolicy()
    out = [f"Rummikub golden transcript: players {', '.join(players)}; deal {seed}; options {options.model_dump()}"]
    step = 0
    while True:
        out.append(f"== {RULES.turn_label(state)} :: {RULES.last_public_summary(state)}")
        out.extend(render(RULES.view(state, None), True))
        for seat in range(len(players)):
            out.extend(render(RULES.view(state, seat), False))
        if not RULES.to_act(state):
            break
        seat = state.current
        action = policy(RULES.view(state, seat))
        out.append(f"-- {players[seat]}: {short(action)}")
        state = RULES.apply(state, seat, action)
        step += 1
        assert step < 2000
    outcome = RULES.outcome(state)
    assert outcome is not None
    out.append(f"== RESULT {outcome.headline} (scores {list(outcome.scores)})")
    out.extend(f"   {d}" for d in outcome.details)
    out.append("== LOG")
    out.extend(f"   {line}" for line in RULES.view(state, None).log)
    return "\n".join(out) + "\n"


CASES = {
    "standard_2p": (("Ana", "Ben"), RummikubOptions(), "3"),
    "variants_3p": (
        ("Ana", "Ben", "Cy"),
        RummikubOptions(
            initial_meld=50,
            play_after_meld="next turn",
            direction="counter-clockwise",
            group_joker_needs_both_colours=True,
            joker_reuse="new set with 2 rack tiles",
        ),
        "1",
    ),
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
    players, options, seed = CASES["standard_2p"]
    assert transcript(players, options, seed) == transcript(players, options, seed)
