"""Hard's discard when the next player is close to going out (American, International): it throws the tile
that player is least likely to lay, and in American, among the safe ones, a high tile it would be caught
with. Hand-made positions with a known right answer."""

from __future__ import annotations

from boardgames_tui.engine.rummikub.models import Discard, RummikubState
from boardgames_tui.engine.rummikub.rules import RULES

from ..engine.rummikub.helpers import vbuild
from .test_rummikub import decide

# Every partner of K10, B12 and B13 is in sight (on the table or on Hard's rack), and both jokers too;
# the 2s are not: K2, B2, the other O2, R3 and R4 are all unseen. Set 10 (K12 K13 K1) takes Hard's K11.
SAFE_HIGH_TABLE = [
    (0, "R10 O10 B10 K10"),
    (0, "R9 R10 R11"),
    (0, "O9 O10 O11"),
    (0, "B8 B9 B10"),
    (1, "R8 O8 K8"),
    (1, "R8 O8 K8 B8"),
    (0, "R11 O11 B11 K11"),
    (0, "R6 O6 J"),
    (0, "B6 K6 J"),
    (0, "R13 O13 K13 B13"),
    (0, "R12 R13 R1"),
    (0, "O12 O13 O1"),
    (1, "K12 K13 K1"),
]
HARD_RACK = "R2 R2 O2 K10 K11 B12 B13"  # the pair R2 O2 and the duplicate R2, K10 K11, B12 B13


def discard_of(state: RummikubState) -> str:
    action = decide(state, "hard", 0)
    assert isinstance(action, Discard), action
    assert RULES.refusal(state, state.current, action) is None
    return next(t.label for t in RULES.view(state, state.current).rack or () if t.id == action.tile)


def at_discard(rule_set: str, racks: list[str], table: list[tuple[int, str]]) -> RummikubState:
    """Hard (seat 0) has nothing left to do but discard; seat 1 plays next."""
    return vbuild(rule_set, racks, table, phase="discard", trump=None)


# Two players far from out, between Hard and the next player (the last seat: these rule sets go
# counter-clockwise), so that Hard's rack is what a turn left on it: with one or two opponents in American
# Hard keeps whole sets on its rack and never throws from them (tests/bots/test_rummikub.py), which these
# positions are not about.
FAR_SEATS = ["B3 B4 B5 O4 O5 K3 K4 K5", "R7 B7 K7 O7 R5 K5"]


def test_trial_position_keeps_the_two_the_next_player_waits_for() -> None:
    # The game a person won: at three tiles they took Hard's R2 and laid O2 K2 R2. The spare R2 costs Hard
    # no outs, so without an opponent close it is the tile to throw; with one at three tiles, a 2 is the tile
    # most likely to complete their pair, and a high tile whose partners are all in sight goes instead.
    close = at_discard("american", [HARD_RACK, *FAR_SEATS, "K2 B2 O7"], SAFE_HIGH_TABLE)
    assert discard_of(close) in ("K10", "B12", "B13")
    far = at_discard("american", [HARD_RACK, *FAR_SEATS, "K2 B2 O7 B1 O3 R4 O4"], SAFE_HIGH_TABLE)
    assert discard_of(far) == "R2"


def test_a_tile_that_lays_off_is_not_thrown_while_a_safer_one_is_there() -> None:
    # Before its ice Hard throws as Easy does: the tile with the fewest partners on its rack, the highest
    # first, here K5 (R1 O1 O3 hang together; B3 is lower). K5 joins the run K2 K3 K4 on the table, so
    # anyone who has broken the ice can lay it: with the next player at three tiles the B3 goes instead.
    table = [(1, "K2 K3 K4"), (1, "R7 O7 B7")]
    far = vbuild("american", ["K5 R1 O1 O3 B3", "R9 R10 O12 B2 B5 O6 K9 K11"], table, melded=[False, True])
    assert discard_of(far) == "K5"
    close = vbuild("american", ["K5 R1 O1 O3 B3", "R9 R10 O12"], table, melded=[False, True])
    assert discard_of(close) == "B3"


def test_after_the_ice_a_tile_the_next_player_can_lay_is_kept_back_too() -> None:
    # International, Hard has broken the ice and its turn is over but for the discard: K4 is the one tile
    # no draw would complete a set with (O2 O3 and O2 R2 are pairs), and Hard cannot lay it (K2-K6 is the
    # next player's run), so it goes while nobody is close; but the next player may split their own run
    # (K2 K3 K4, K4 K5 K6), so at two tiles, taking K4 and throwing the other goes out.
    table = [(1, "K2 K3 K4 K5 K6"), (0, "B7 B8 B9 B10")]
    far = vbuild("international", ["K4 O2 O3 R2", "R9 R10 O12 B2 B5 O6"], table, phase="discard")
    assert discard_of(far) == "K4"
    close = vbuild("international", ["K4 O2 O3 R2", "R9 R10"], table, phase="discard")
    assert discard_of(close) != "K4"


def test_the_discard_is_unchanged_while_every_opponent_is_far_from_out() -> None:
    # K11 joins K12 K13 K1 on the table, yet with four tiles or more on every other rack Hard throws it as
    # before: it costs no outs and is the highest such tile.
    # (Four players: with fewer, Hard would keep K11 to lay with its going out.)
    table = [(1, "K12 K13 K1"), (3, "R4 O4 B4")]
    far_seat = FAR_SEATS[1]
    far = vbuild("american", ["K11 R6 B9 O2 O3", "R9 R10 O12 B2", far_seat, "B5 O6 K9 K8"], table, phase="discard", trump=None)
    assert discard_of(far) == "K11"
    # Only the next player may take a discard, and seat 3 plays next (counter-clockwise): seat 1 at three
    # tiles cannot take the K11, so it still goes (the highest tile, which Hard would be caught with).
    after_next = vbuild("american", ["K11 R6 B9 O2 O3", "R9 R10 O12", far_seat, "B5 O6 K9 K8"], table, phase="discard", trump=None)
    assert discard_of(after_next) == "K11"
    next_close = vbuild("american", ["K11 R6 B9 O2 O3", "B5 O6 K9 K8", far_seat, "R9 R10 O12"], table, phase="discard", trump=None)
    assert discard_of(next_close) != "K11"
