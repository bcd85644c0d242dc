"""One ranking rule for every game's results: competition ranking."""

from __future__ import annotations

from boardgames_tui.engine.base import Outcome, fact


def outcome(scores: tuple[int, ...], ranking: tuple[tuple[int, ...], ...]) -> Outcome:
    return Outcome(scores=scores, ranking=ranking, winners=ranking[0], reason="end", headline=fact("end"))


def test_tied_seats_share_a_place_and_the_next_place_is_skipped() -> None:
    # Lifeboat 19/15/15/14 was shown as 1, 2, 2, 3.
    result = outcome((19, 15, 15, 14), ((0,), (1, 2), (3,)))
    assert result.places() == {0: 1, 1: 2, 2: 2, 3: 4}


def test_a_tie_for_first_then_the_rest() -> None:
    result = outcome((5, 5, 5, 1, 0), ((0, 1, 2), (3,), (4,)))
    assert result.places() == {0: 1, 1: 1, 2: 1, 3: 4, 4: 5}


def test_no_ties_count_one_by_one() -> None:
    assert outcome((3, 2, 1), ((0,), (1,), (2,))).places() == {0: 1, 1: 2, 2: 3}
