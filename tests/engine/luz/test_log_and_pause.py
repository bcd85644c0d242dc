"""The public log tells every trick (each card once played, who won it) and the table pauses on it (issue 11).

The log is what the pass-the-device screen shows since a player's last turn. Won tricks are face down:
the log a seat can read back (its View, the `l` screen) keeps only who won each trick, never the cards.
"""

from __future__ import annotations

import random
import re

from boardgames_tui.engine.luz.models import Bid, LuzOptions, PlayCard
from boardgames_tui.engine.luz.rules import RULES

from .helpers import NAMES, act, build, last_line, public_lines, read_back

LABEL = re.compile(r"\b[RYGBP]\d+\b")


def test_each_card_is_logged_as_it_is_played_and_the_trick_with_its_winner() -> None:
    state = build([["R4", "B2"], ["R7"], ["B10"], ["P11"], ["Y1", "G2"]], trick_number=3)
    state = act(state, PlayCard(position=0))
    assert state.log[-1].kind == "lead" and state.log[-1].args == {"seat": 0, "card": "R4", "trick": 3}
    assert last_line(state) == "Ana led R4 in trick 3"
    for _ in range(3):
        state = act(state, PlayCard(position=0))
    assert public_lines(state)[-3:] == [
        "Ben played R7 in trick 3",
        "Cy played B10 in trick 3",
        "Dee played P11 in trick 3",
    ]
    state = act(state, PlayCard(position=1))  # Eve throws G2: Ben's R7 wins
    assert last_line(state) == "Eve played G2; Ben won trick 3 (red led): Ana R4 · Ben R7 · Cy B10 · Dee P11 · Eve G2"


def test_the_trick_line_says_when_the_sun_won_and_when_the_last_player_won() -> None:
    state = build([["R4"], ["R7"], ["Y1"]], trick_number=2)
    for _ in range(3):
        state = act(state, PlayCard(position=0))
    assert last_line(state) == "Cy played Y1 and won trick 2 (red led, trumped with yellow): Ana R4 · Ben R7 · Cy Y1"


def test_the_readable_log_keeps_only_who_won_each_trick() -> None:
    state = build([["R4", "B2"], ["R7", "B3"], ["G1", "B4"]], trick_number=1)
    before = read_back(state, 0)
    for _ in range(3):
        state = act(state, PlayCard(position=0))
    for seat in (None, 0, 1, 2):
        assert read_back(state, seat) == (*before, "Ben won trick 1")


def test_the_table_pauses_on_every_completed_trick_and_only_then() -> None:
    rng = random.Random(3)
    state = RULES.setup(NAMES[:4], LuzOptions(), "pause")
    pauses = 0
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        after = RULES.apply(state, seat, rng.choice(tuple(RULES.legal_actions(state, seat))))
        completed = state.phase == "play" and len(state.trick) == len(state.players) - 1
        assert RULES.public_pause(state, after) is completed
        pauses += completed
        state = after
    assert pauses == 40


def test_the_public_log_tells_every_card_once_and_every_line_has_a_subject() -> None:
    rng = random.Random(11)
    state = RULES.setup(NAMES[:3], LuzOptions(), "whole")
    played: list[tuple[str, str]] = []
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        action = rng.choice(tuple(RULES.legal_actions(state, seat)))
        if isinstance(action, PlayCard):
            played.append((NAMES[seat], state.hands[seat][action.position].label))
        state = RULES.apply(state, seat, action)
    lines = public_lines(state)
    play_lines = [line for line in lines if re.match(r"^\S+ (led|played) [RYGBP]\d+", line)]
    assert [re.match(r"^(\S+) (?:led|played) ([RYGBP]\d+)", line).groups() for line in play_lines] == played
    subject = re.compile(rf"^(?:Round \d: |Game over: )?({'|'.join(NAMES[:3])}) ")
    for line in lines:
        assert subject.match(line), line
    # What a seat can read back never names a card.
    for seat in (None, 0, 1, 2):
        assert not any(LABEL.search(line) for line in read_back(state, seat))


def test_a_bid_is_no_pause() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "bid")
    assert RULES.public_pause(state, act(state, Bid(tricks=2))) is False
