"""What each seat may see: its own reserved cards; the opponent's only as a count; never a deck's order."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.splendor_duel.models import Reserve
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.narration.splendor_duel import NARRATOR

from .helpers import board, build, player, random_midgame, resample_hidden, said


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_view_does_not_depend_on_hidden_information(seed: int, steps: int) -> None:
    state = random_midgame(seed, steps)
    rng = random.Random(seed)
    for seat in (0, 1):
        before = RULES.view(state, seat)
        public = RULES.view(state, None)
        for _ in range(3):
            other = resample_hidden(state, seat, rng)
            assert RULES.view(other, seat) == before
            assert RULES.view(other, None) == public
            assert RULES.legal_actions(other, seat) == RULES.legal_actions(state, seat)


def test_resampling_changes_what_is_hidden() -> None:
    # guards the test above: the resampling does change the hidden parts, and the owner would notice
    state = random_midgame(5, 40, reserve_bias=1.0)
    assert any(p.reserved for p in state.seats)
    seat = 0 if state.seats[1].reserved else 1
    other = resample_hidden(state, seat, random.Random(3))
    assert other.decks != state.decks
    assert RULES.view(other, seat) == RULES.view(state, seat)


def test_view_contents() -> None:
    s = build(
        board_cells=board("RY...", ".....", ".....", ".....", "....."),
        seats=(player(reserved=(6, 7)), player(reserved=(31,))),
    )
    v0 = RULES.view(s, 0)
    assert v0.seats[0].reserved == (6, 7) and v0.seats[1].reserved is None and v0.seats[1].reserved_count == 1
    assert v0.deck_sizes == tuple(len(d) for d in s.decks) and v0.bag_size == sum(s.bag)
    assert v0.board == s.board and v0.pyramid == s.pyramid and v0.legal_actions == tuple(RULES.legal_actions(s, 0))
    pub = RULES.view(s, None)
    assert pub.seats[0].reserved is None and pub.seats[1].reserved is None and pub.legal_actions == ()
    assert "decks" not in v0.model_dump() and "bag" not in v0.model_dump(), "sizes only, never contents or order"


def test_blind_reserve_is_private_in_the_log() -> None:
    s = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    top = s.decks[1][0]
    s2 = RULES.apply(s, 0, Reserve(gold_cell=0, level=2, card=None))
    narrator = NARRATOR(s2.players)
    assert any(f"#{top}" in line for line in narrator.events(RULES.view(s2, 0).log))
    assert not any(f"#{top}" in line for line in narrator.events(RULES.view(s2, 1).log))
    assert not any(f"#{top}" in line for line in narrator.events(RULES.view(s2, None).log))
    assert all(top not in entry.args.values() for view in (RULES.view(s2, 1), RULES.view(s2, None)) for entry in (*view.log, *view.news))
    assert f"#{top}" not in said(s2)
