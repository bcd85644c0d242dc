"""The score, the guild's rating of the show, and the outcome of a finished game (as facts to narrate)."""

from __future__ import annotations

from ..base import Fact, Outcome, fact
from .config import PILE_SIZE, Config, config
from .models import BLACK, MAX_MISFIRES, HanabiState

# Rating bands of the fireworks makers' guild (from the rulebook): the lowest score of each band and its
# code, best first. The narrator has the verdict and what the crowd did for each code.
RATINGS: tuple[tuple[int, str], ...] = (
    (30, "divine"),
    (25, "legendary"),
    (21, "amazing"),
    (16, "excellent"),
    (11, "honourable"),
    (6, "mediocre"),
    (-(10**9), "awful"),
)


def rating(points: int) -> str:
    """The band of a final score; negative scores fall into the lowest band."""
    for low, code in RATINGS:
        if points >= low:
            return code
    raise AssertionError("unreachable")  # pragma: no cover


def fireworks_total(state: HanabiState, cfg: Config) -> int:
    total = sum(state.piles)
    if cfg.black_index >= 0:
        total -= PILE_SIZE  # the black pile starts at -5
    return total


def score(state: HanabiState) -> int:
    """The current score: the piles (black pile counting played cards - 5); 0 once three misfires happened."""
    if state.misfires >= MAX_MISFIRES:
        return 0
    return fireworks_total(state, config(state.options))


def pile_code(suit: str, played: int) -> str:
    """The top card of a pile ("R3", "K4" for a black pile of 5 and 4) or "R-" when it is empty."""
    if played == 0:
        return f"{suit}-"
    return f"{suit}{PILE_SIZE + 1 - played if suit == BLACK else played}"


def outcome(state: HanabiState) -> Outcome:
    """The result of a finished game: everyone shares the team's score; a perfect show is a win."""
    cfg = config(state.options)
    points = score(state)
    lost = state.misfires >= MAX_MISFIRES
    seats = tuple(range(len(state.players)))
    perfect = points == cfg.max_score and all(p >= PILE_SIZE for p in state.piles)
    reason = state.end_reason or "over"
    band = rating(points)
    headline: Fact = (
        fact("show_lost", max_score=cfg.max_score)
        if lost
        else fact("final_score", score=points, max_score=cfg.max_score, rating=band)
    )
    # The headline of a show that was not lost already says the score and its rating: the details do not
    # say them again (a tester read the rating twice and the same 25 / 25 three times).
    total = fireworks_total(state, cfg)
    details = (
        *((fact("rating", rating=band),) if lost else ()),
        *((fact("fireworks_total", total=total, max_score=cfg.max_score, counted=not lost),) if lost or total != points else ()),
        fact("piles", piles=[pile_code(s, p) for s, p in zip(cfg.suits, state.piles)]),
        fact("misfire_count", misfires=state.misfires, most=MAX_MISFIRES),
        fact("ended", reason=reason),
    )
    return Outcome(
        scores=tuple(points for _ in seats),
        ranking=(seats,),
        winners=seats if perfect else (),
        reason=reason,
        headline=headline,
        details=details,
        cooperative=True,
    )
