"""Lifeboat's scoring: four independent items per seat (survival, treasure, Love, Hate), and the outcome.

Every special case follows from the items: survival is 0 when hating oneself, treasure counts while the
character is in the boat (even dead), Love scores the loved one's survival if they live, Hate the hated
one's size if they die (hating oneself: the size of every other character who died). Loving oneself
doubles survival; loving and hating oneself gives it once. Ties share the win.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Fact, Outcome, fact
from .core import status
from .data import CARD_EFFECT, CARD_POINTS, CHARACTERS, JEWEL_POINTS, SIZE, SURVIVAL
from .models import LifeboatState, ScoreLine


def _alive(s: LifeboatState, seat_of: dict[int, int], character: int) -> bool:
    seat = seat_of[character]
    return seat in s.boat and s.wounds[seat] <= SIZE[character]


def treasure_points(character: int, cards: Sequence[int]) -> int:
    """Cash 1 each, paintings their value, jewels 1/4/8 for 1/2/3; the character's own kind doubles."""
    cash = paintings = jewels = 0
    for c in cards:
        e = CARD_EFFECT[c]
        if e == "cash":
            cash += CARD_POINTS[c]
        elif e == "painting":
            paintings += CARD_POINTS[c]
        elif e == "jewels":
            jewels += 1
    jewel_pts = JEWEL_POINTS[min(jewels, len(JEWEL_POINTS) - 1)]
    ability = CHARACTERS[character].ability
    if ability == "double_cash":
        cash *= 2
    elif ability == "double_paintings":
        paintings *= 2
    elif ability == "double_jewels":
        jewel_pts *= 2
    return cash + paintings + jewel_pts


def _notes(s: LifeboatState, seat: int, alive: bool) -> tuple[Fact, ...]:
    """The special cases behind a seat's items, as facts for the score sheet."""
    c, lv, ht = s.characters[seat], s.love[seat], s.hate[seat]
    notes: list[Fact] = []
    if lv == c and ht == c:
        notes.append(fact("loves_and_hates_self"))
    elif lv == c:
        notes.append(fact("narcissist"))
    elif ht == c:
        notes.append(fact("misanthrope"))
    elif lv == ht:
        notes.append(fact("loves_and_hates", character=lv))
    if seat not in s.boat:
        notes.append(fact("scored_lost_at_sea"))
    elif not alive:
        notes.append(fact("scored_died_aboard"))
    return tuple(notes)


def score_lines(s: LifeboatState) -> tuple[ScoreLine, ...]:
    """Every seat's score item by item (survival, treasure, love, hate), whatever the phase."""
    seat_of = {ch: seat for seat, ch in enumerate(s.characters)}
    out = []
    for seat, c in enumerate(s.characters):
        lv, ht = s.love[seat], s.hate[seat]
        alive = _alive(s, seat_of, c)
        survival = SURVIVAL[c] if alive and ht != c else 0
        cards = (*s.hands[seat], *s.face_up[seat]) if seat in s.boat else ()
        treasure_cards = tuple(x for x in cards if CARD_EFFECT[x] in ("cash", "painting", "jewels"))
        treasure = treasure_points(c, treasure_cards)
        love_points = SURVIVAL[lv] if _alive(s, seat_of, lv) else 0
        if ht == c:
            hate_points = sum(SIZE[x] for x in s.characters if x != c and not _alive(s, seat_of, x))
        else:
            hate_points = 0 if _alive(s, seat_of, ht) else SIZE[ht]
        out.append(
            ScoreLine(
                seat=seat,
                player=s.players[seat],
                character=CHARACTERS[c].key,
                love=CHARACTERS[lv].key,
                hate=CHARACTERS[ht].key,
                status=status(s, seat),  # type: ignore[arg-type]
                survival=survival,
                treasure=treasure,
                treasure_cards=treasure_cards,
                love_points=love_points,
                hate_points=hate_points,
                total=survival + treasure + love_points + hate_points,
                notes=_notes(s, seat, alive),
            )
        )
    return tuple(out)


def outcome_of(s: LifeboatState) -> Outcome:
    """The result: the ranking by total, and one short line per seat, best first (the results screen of an
    80x24 terminal holds six of them)."""
    lines = score_lines(s)
    scores = tuple(line.total for line in lines)
    order = sorted(range(len(scores)), key=lambda x: -scores[x])
    ranking: list[tuple[int, ...]] = []
    for x in order:
        if ranking and scores[ranking[-1][0]] == scores[x]:
            ranking[-1] = (*ranking[-1], x)
        else:
            ranking.append((x,))
    winners = ranking[0]
    details = tuple(
        fact(
            "score_line",
            seat=line.seat,
            character=s.characters[line.seat],
            status=line.status,
            survival=line.survival,
            treasure=line.treasure,
            love=s.love[line.seat],
            love_points=line.love_points,
            hate=s.hate[line.seat],
            hate_points=line.hate_points,
        )
        for line in sorted(lines, key=lambda ln: -ln.total)  # stable: the ranking's order
    )
    return Outcome(
        scores=scores,
        ranking=tuple(ranking),
        winners=winners,
        reason="fourth_seagull",
        headline=fact("landed", winners=list(winners), points=scores[winners[0]]),
        details=details,
    )
