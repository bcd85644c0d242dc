"""Golden transcripts of every rule set: a fixed deal, the rule set's melding policy (it reads only its own
View), and what every seat sees after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/rummikub/test_transcript.py
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from boardgames_tui.engine.rummikub.models import RummikubAction, RummikubOptions, RummikubView, SetView
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.narration import narrator_for

from ..golden import golden_tests
from ..golden import transcript as play_transcript
from .policies import MeldingPolicy
from .variant_policies import VariantMeldingPolicy

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


def render(view: RummikubView) -> list[str]:
    """The public view (seat None) in full; a seat's view as its rack, legal action counts and log line
    (narrated in English, as the screens say them). American and International add their stacks, ice,
    discard pile, trump and the owner of every set."""
    say = narrator_for("rummikub", view.players)
    if view.seat is None:
        if view.rule_set == "standard":
            melded = "".join("M" if m else "-" for m in view.melded)
            lines = [
                f"  [public] current {view.players[view.current]} phase {view.phase} pool {view.pool_size}"
                f" racks {'/'.join(map(str, view.rack_counts))} melded {melded} freed {list(view.freed_jokers)}"
                f" meld {view.meld_points}",
                "    table: " + (" | ".join(set_text(sv) for sv in view.table) or "-"),
            ]
        else:
            flags = "".join(
                ("M" if m else "-") + ("!" if view.announced and view.announced[s] else "") for s, m in enumerate(view.melded)
            )
            top = view.discard_top.label if view.discard_top else "-"
            trump = (view.trump.label if view.trump else "-") + (" (taken)" if view.trump_taken else "")
            owned = (f"{view.players[sv.owner][0] if sv.owner is not None else '?'}{set_text(sv)}" for sv in view.table)
            lines = [
                f"  [public] current {view.players[view.current]} phase {view.phase} stacks {list(view.stack_sizes)}"
                f" racks {'/'.join(map(str, view.rack_counts))} ice {flags} discard {top} ({view.discard_pile_size})"
                f" trump {trump} meld {view.meld_points} laid {view.laid_points}"
                + (f" out-as {view.going_out_as}" if view.going_out_as else ""),
                "    table: " + (" | ".join(owned) or "-"),
            ]
        if view.end_turn_problems:
            lines.append("    problems: " + "; ".join(say.say(p) for p in view.end_turn_problems))
        return lines
    assert view.seat is not None and view.rack is not None
    line = f"  [seat {view.seat} {view.players[view.seat]}] rack: {' '.join(t.label for t in view.rack) or '-'}"
    if view.legal_actions:
        count = Counter(a.kind for a in view.legal_actions)
        line += " | legal: " + ", ".join(f"{k} {n}" for k, n in sorted(count.items()))
        if view.rule_set == "standard":
            line += f" | undo {'y' if view.can_undo else 'n'}"
    return [line, f"    log: {say.event(view.log[-1]) if view.log else '-'}"]


def transcript(players: tuple[str, ...], options: RummikubOptions, seed: str) -> str:
    return play_transcript(
        RULES,
        players,
        options,
        seed,
        policy=MeldingPolicy() if options.rule_set == "standard" else VariantMeldingPolicy(),
        render=render,
        action_line=lambda name, action: f"-- {name}: {short(action)}",
        max_steps=2000,
        scores=True,
    )


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
    "american_3p": (("Ana", "Ben", "Cy"), RummikubOptions(rule_set="american"), "4"),
    "international_3p": (("Ana", "Ben", "Cy"), RummikubOptions(rule_set="international"), "2"),
}

test_golden_transcript, test_transcript_is_deterministic = golden_tests(transcript, CASES, GOLDEN)
