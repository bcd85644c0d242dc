"""The log is a sequence of events the narrator tells the table: every line has a subject, plurals agree,
only characters in the boat are ever named (a navigation card naming someone who is not aboard is read
for those who are), and a seat's own secrets are arguments only that seat receives."""

from __future__ import annotations

import json
import random
import re

from boardgames_tui.engine.base import Event
from boardgames_tui.engine.lifeboat.core import ev
from boardgames_tui.engine.lifeboat.data import CHARACTERS
from boardgames_tui.engine.lifeboat.flow import card_event
from boardgames_tui.engine.lifeboat.models import DoNothing, LifeboatOptions, LifeboatState, Navigate
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.narration.lifeboat import CHARACTER_NAMES, LifeboatNarrator

from .helpers import NAMES, act, build, lines, nav

FULL_NAMES = [str(name) for name in CHARACTER_NAMES]


def playouts(count: int = 12):  # type: ignore[no-untyped-def]
    for seed in range(count):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[: 4 + seed % 3], LifeboatOptions(rowing=("standard", "variant")[seed % 2]), f"text-{seed}")
        yield state
        while RULES.to_act(state):
            state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
            yield state


def finished() -> list[LifeboatState]:
    return [state for state in playouts() if state.phase == "over"]


def test_events_are_json_values_and_survive_the_save_file() -> None:
    for state in finished():
        for entry in state.log:
            json.dumps(entry.args)
            for _, extra in entry.secret:
                json.dumps(extra)
        assert LifeboatState.model_validate_json(state.model_dump_json()) == state


def test_every_public_log_line_has_a_subject() -> None:
    subjects = {"The", "A", "Round", "Navigation:", "Nobody", "There", "Everyone", "Land"}
    for state in finished():
        for line in lines(state):
            first = line.split(" ")[0]
            assert (
                first in subjects
                or any(line.startswith(player + " (") for player in state.players)
                or any(line.startswith(name) for name in FULL_NAMES)  # "Sir Stephen and First Mate are not aboard"
            ), line
            assert not line.endswith(":") and line[0].isupper(), line


def test_plurals_agree_in_the_log() -> None:
    wrong = re.compile(
        r"\b1 (cards|wounds|buckets|seagulls|supply cards|navigation cards)\b|\b1 card go\b|\b0 wound\b"
        r"|\b([02-9]|\d\d) (card|wound|bucket|supply card|navigation card)\b(?! of)"
    )
    for state in finished():
        for seat in (None, *range(len(state.players))):
            for line in lines(state, seat):
                assert not wrong.search(line), line


def test_a_seats_secrets_reach_only_that_seat() -> None:
    for state in finished():
        for seat in (None, *range(len(state.players))):
            for entry in RULES.log_for(state, seat):
                assert entry.only in (None, seat)
                assert not entry.secret, "secret arguments are merged for their owner and dropped for the rest"
        narrator = LifeboatNarrator(state.players)
        public = lines(state)
        for seat in range(len(state.players)):
            mine = [narrator.event(e) for e in RULES.log_for(state, seat) if e.only is None]
            assert len(mine) == len(public)
            for theirs, ours in zip(public, mine):  # the same sentence, with the seat's own note after it
                assert ours == theirs or ours.startswith(theirs + " (")


def test_a_navigation_card_names_only_the_characters_aboard() -> None:
    narrator = LifeboatNarrator(NAMES[:4])
    four = build(("lady_lauren", "sir_stephen", "captain", "kid"))
    said = narrator.event(ev("navigation_card", **card_event(four, nav("N07"))))  # Frenchy overboard; three thirsty
    assert said == "The navigation card is N07: nobody overboard; thirsty Lady Lauren, The Captain; fighters thirsty"
    said = narrator.event(ev("navigation_card", **card_event(four, nav("N22"))))  # everyone overboard and thirsty
    assert said.startswith("The navigation card is N22: everyone overboard; everyone thirsty")
    # In a game of four, the characters not aboard never appear after the line that says they are not aboard
    for state in finished():
        absent = [FULL_NAMES[c] for c in range(len(CHARACTERS)) if c not in state.characters]
        gone: set[str] = set()
        for line in lines(state):
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
    text = " ".join(lines(s))
    assert "The Kid" not in text and "Frenchy" not in text
    assert "N05: nobody overboard; everyone thirsty" in text
    assert "Ana (Lady Lauren) is thirsty" in text


def test_the_handoff_summary_is_every_public_event_of_the_latest_action() -> None:
    for state in playouts(4):
        summary = RULES.last_public_event(state)
        if state.phase == "over":
            assert summary is None, "the results' headline says it all"
            continue
        assert isinstance(summary, Event) and summary.public
        newest = [e for e in state.log[state.since :] if e.only is None]
        assert summary.args["events"] == [{"kind": e.kind, "args": e.args} for e in newest]


def test_lines_leave_nothing_counted_unsaid_and_name_nobody_twice() -> None:
    # A Chinese-speaking tester read "puts 0 cards on the row pile", "the row pile holds 0 cards", a medical
    # kit used by Ana on Ana, and two thirst clauses joined by 和.
    from boardgames_tui.i18n import set_language

    narrator = LifeboatNarrator(NAMES[:4])
    ana, ben = (0, 1), (1, 2)
    assert narrator.say_places_rowed(ana, 0, 2) == "Ana (Sir Stephen) puts the 2 cards rowed under the navigation deck"
    assert narrator.say_places_rowed(ana, 1, 0) == "Ana (Sir Stephen) puts 1 card on the row pile (rowed this round)"
    assert narrator.say_navigator(ana, 0) == "Navigation: Ana (Sir Stephen) is the navigator; the row pile is empty"
    assert narrator.say_heals(ana, ana, 1, None) == "Ana (Sir Stephen) uses a medical kit on themselves: 1 wound left"
    assert narrator.say_heals(ana, ben, 1, None).endswith("on Ben (The Captain): 1 wound left")
    set_language("zh")
    try:
        assert narrator.say_thirsty([[0, 1, 1], [1, 2, 2]]) == "Ana（斯蒂芬先生）口渴，Ben（船长）口渴两次"
        assert narrator.say_heals(ana, ana, 1, None) == "Ana（斯蒂芬先生）对自己使用了医疗包：剩余1点伤害"
    finally:
        set_language("en")
