"""Golden transcripts of the American and International rule sets: a fixed deal, the variant melding
policy (it reads only its own View), and what every seat sees after every action.

Regenerate after an intended change with:
    UPDATE_GOLDEN=1 pytest tests/engine/rummikub/test_variant_transcript.py
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from boardgames_tui.engine.rummikub.models import RummikubOptions, RummikubView
from boardgames_tui.engine.rummikub.rules import RULES

from ..golden import golden_tests
from ..golden import transcript as play_transcript
from .test_transcript import set_text, short
from .variant_policies import VariantMeldingPolicy

GOLDEN = Path(__file__).parent / "golden"


def render(view: RummikubView) -> list[str]:
    """The public view (seat None) in full; a seat's view as its rack, legal action counts and log line."""
    if view.seat is None:
        flags = "".join(("M" if m else "-") + ("!" if view.announced and view.announced[s] else "") for s, m in enumerate(view.melded))
        top = view.discard_top.label if view.discard_top else "-"
        trump = (view.trump.label if view.trump else "-") + (" (taken)" if view.trump_taken else "")
        lines = [
            f"  [public] current {view.players[view.current]} phase {view.phase} stacks {list(view.stack_sizes)}"
            f" racks {'/'.join(map(str, view.rack_counts))} ice {flags} discard {top} ({view.discard_pile_size})"
            f" trump {trump} meld {view.meld_points} laid {view.laid_points}"
            + (f" out-as {view.going_out_as}" if view.going_out_as else ""),
            "    table: " + (" | ".join(f"{view.players[sv.owner][0] if sv.owner is not None else '?'}{set_text(sv)}" for sv in view.table) or "-"),
        ]
        if view.end_turn_problems:
            lines.append("    problems: " + "; ".join(view.end_turn_problems))
        return lines
    assert view.seat is not None and view.rack is not None
    line = f"  [seat {view.seat} {view.players[view.seat]}] rack: {' '.join(t.label for t in view.rack) or '-'}"
    if view.legal_actions:
        count = Counter(a.kind for a in view.legal_actions)
        line += " | legal: " + ", ".join(f"{k} {n}" for k, n in sorted(count.items()))
    return [line, f"    log: {view.log[-1] if view.log else '-'}"]


def transcript(players: tuple[str, ...], options: RummikubOptions, seed: str) -> str:
    return play_transcript(
        RULES,
        players,
        options,
        seed,
        policy=VariantMeldingPolicy(),
        render=render,
        action_line=lambda name, action: f"-- {name}: {short(action)}",
        max_steps=2000,
        scores=True,
    )


CASES = {
    "american_3p": (("Ana", "Ben", "Cy"), RummikubOptions(rule_set="american"), "4"),
    "international_3p": (("Ana", "Ben", "Cy"), RummikubOptions(rule_set="international"), "2"),
}

test_golden_transcript, test_transcript_is_deterministic = golden_tests(transcript, CASES, GOLDEN)
