"""The public log tells the whole story to the table: every line has a subject, plurals agree, and only
characters in the boat are ever named (a navigation card naming someone who is not aboard is read for
those who are)."""

from __future__ import annotations

import random
import re

from boardgames_tui.engine.lifeboat.data import CHARACTER_NAMES, CHARACTERS, navigation_cards, nav_text
from boardgames_tui.engine.lifeboat.models import DoNothing, LifeboatOptions, Navigate
from boardgames_tui.engine.lifeboat.rules import RULES

from .helpers import NAMES, act, build, nav


def playouts(count: int = 12):  # type: ignore[no-untyped-def]
    for seed in range(count):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[: 4 + seed % 3], LifeboatOptions(rowing=("standard", "variant")[seed % 2]), f"text-{seed}")
        yield state
        while RULES.to_act(state):
            state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
            yield state


def test_every_public_log_line_has_a_subject() -> None:
    subjects = {"The", "A", "Round", "Navigation:", "Nobody", "There", "Everyone", "Land"}
    names = set(CHARACTER_NAMES)
    last = None
    for state in playouts():
        if state.phase == "over" and last is not state.log:
            last = state.log
            for entry in state.log:
                line = entry.public
                first = line.split(" ")[0]
                assert (
                    first in subjects
                    or any(line.startswith(player + " (") for player in state.players)
                    or any(line.startswith(name) for name in names)  # "Sir Stephen and First Mate are not aboard"
                ), line
                assert not line.endswith(":") and line[0].isupper(), line


def test_plurals_agree_in_the_log() -> None:
    wrong = re.compile(
        r"\b1 (cards|wounds|buckets|seagulls|supply cards|navigation cards)\b|\b1 card go\b|\b0 wound\b"
        r"|\b([02-9]|\d\d) (card|wound|bucket|supply card|navigation card)\b(?! of)"
    )
    for state in playouts():
        if state.phase == "over":
            for entry in state.log:
                assert not wrong.search(entry.public), entry.public
                for _, text in (*entry.private, *entry.secret):
                    assert not wrong.search(text), text


def test_a_navigation_card_names_only_the_characters_aboard() -> None:
    n07 = navigation_cards()[nav("N07")]  # Frenchy overboard; Lady Lauren, the Captain and First Mate thirsty
    aboard = [c.key for c in CHARACTERS].index
    four = [aboard(k) for k in ("lady_lauren", "sir_stephen", "captain", "kid")]
    assert nav_text(n07, four) == "N07: nobody overboard; thirsty Lady Lauren, The Captain; fighters thirsty"
    n22 = navigation_cards()[nav("N22")]  # everyone overboard and thirsty
    assert nav_text(n22, four).startswith("N22: everyone overboard; everyone thirsty")
    # In a game of four, the characters not aboard never appear after the line that says they are not aboard
    for state in playouts():
        if state.phase != "over":
            continue
        absent = [CHARACTER_NAMES[c] for c in range(len(CHARACTERS)) if c not in state.characters]
        gone: set[str] = set()
        for i, entry in enumerate(state.log):
            line = entry.public
            if "not aboard" in line:
                continue
            for name in absent:
                assert name not in line, line
            if line.startswith("The navigation card is"):
                for name in gone:
                    assert name not in line, ("lost at sea, no longer aboard", line)
            if "is lost at sea" in line:
                gone.add(line.split(" (", 1)[1].split(")", 1)[0])


def test_a_game_of_four_says_who_is_thirsty_by_name_only_for_those_aboard() -> None:
    # The Kid is not aboard; N05 makes everyone but the Kid thirsty: for this boat, that is everyone.
    s = build(("lady_lauren", "sir_stephen", "captain", "first_mate"), nav_deck=[nav("N05")], actor=3)
    s = act(act(s, DoNothing()), Navigate())
    text = " ".join(e.public for e in s.log)
    assert "The Kid" not in text and "Frenchy" not in text
    assert "N05: nobody overboard; everyone thirsty" in text
    assert "Ana (Lady Lauren) is thirsty" in text
