"""Lifeboat's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/002_c2d4862667e5a296.txt (the rulebook with its FAQ) and
shared/rules/lifeboat.md (our decisions); component data in assets/lifeboat/components.json; the rule
questions settled here are listed in NOTES.md next to this file.

Exactly one seat decides at any time (`state.current`). A round is
  draft      -> the conscious seats from bow to stern each keep one of the supply cards passed along
  action     -> in the order fixed at the start, each conscious actor may play cards face up and propose
                trades (free), then does one action: nothing, row, swap seats, rob, or a special action
                (medical kit, parasol, flare gun). A swap or a robbery of a conscious target waits for the
                target (`respond`); a refusal opens the `fight` window.
  navigate   -> the navigator (conscious, nearest the stern) may use a face-up compass, then `pick`s a
                card from the row pile (with no row pile the top card of the deck is used)
  resolution -> seagulls (the 4th ends the game at once), the `overboard` window (life preserver, chum),
                the `thirst` window (water), then markers are cleared and the next round starts.
An open window (fight, overboard, thirst) offers every conscious seat a turn, in order, whatever it holds,
and closes once every one of them has said `done` in a row without anything new being added.

Hot-path notes: actions are cached singletons, states are updated with a non-validating copy, and the
last legal-action list is cached so `apply` checks membership cheaply.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from ..base import GameRules, IllegalAction, Outcome
from ..rng import derived_random, shuffled
from .data import (
    CARD_EFFECT,
    CARD_POINTS,
    CARD_TYPE,
    CARD_WEAPON,
    CHARACTER_NAMES,
    CHARACTERS,
    CHUMS,
    COMPASS,
    FLARE_GUN,
    FRENCHY,
    JEWEL_POINTS,
    KID,
    LIFE_PRESERVER,
    MEDICAL_KITS,
    NAVIGATION_COUNT,
    OARS,
    PARASOL,
    SEAGULLS_TO_END,
    SIZE,
    SUPPLY_COUNT,
    SURVIVAL,
    WATER,
    NavCard,
    card_name,
    nav_text,
    navigation_cards,
)
from .models import (
    ACTION_ADAPTER,
    DEAL_LINE,
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    DemandView,
    Done,
    DoNothing,
    FightView,
    FireFlareGun,
    GiveWater,
    JoinFight,
    LifeboatAction,
    LifeboatLogEntry,
    LifeboatOptions,
    LifeboatState,
    LifeboatView,
    LogNote,
    Navigate,
    OfferTrade,
    OpenParasol,
    PickNavigation,
    PlaceRowed,
    PlayCard,
    ProposeTrade,
    RefuseDemand,
    Rob,
    Row,
    ScoreLine,
    SeatView,
    SwapSeats,
    TakeSupply,
    ThrowLifePreserver,
    TradeCard,
    TradeView,
    UseChum,
    UseMedicalKit,
)

__all__ = [
    "LifeboatRules",
    "RULES",
    "SET_ASIDE",
    "status",
    "score_lines",
    "fight_totals",
    "navigator",
    "cards_in_play",
]

SET_ASIDE = 10  # supply cards removed unseen with fewer than 6 players
# Short character names for the one-line score breakdown, by character index.
_SHORT_NAMES = ("Lauren", "Stephen", "Captain", "First Mate", "Frenchy", "Kid")
FLARE_DRAW = 3
_MAX_SEATS = 6
_WATER_SET = frozenset(WATER)
_KIT_SET = frozenset(MEDICAL_KITS)
_CHUM_SET = frozenset(CHUMS)
_OAR_SET = frozenset(OARS)


# Cached actions -------------------------------------------------------------------------------------

def _c(cls: Any, **kw: Any) -> Any:
    return cls.model_construct(**kw)


_TAKE = tuple(_c(TakeSupply, card=c) for c in range(SUPPLY_COUNT))
_PLAY = tuple(_c(PlayCard, card=c) for c in range(SUPPLY_COUNT))
_TRADE_CARD = tuple(_c(TradeCard, card=c) for c in range(SUPPLY_COUNT))
_DO_NOTHING = _c(DoNothing)
_ROW = _c(Row)
_SWAP = tuple(_c(SwapSeats, target=t) for t in range(_MAX_SEATS))
_ROB_HAND = tuple(_c(Rob, target=t, card=None) for t in range(_MAX_SEATS))
_ROB_CARD = tuple(tuple(_c(Rob, target=t, card=c) for c in range(SUPPLY_COUNT)) for t in range(_MAX_SEATS))
_KIT = tuple(_c(UseMedicalKit, target=t) for t in range(_MAX_SEATS))
_PARASOL = _c(OpenParasol)
_FLARE = _c(FireFlareGun)
_PROPOSE = tuple(_c(ProposeTrade, target=t) for t in range(_MAX_SEATS))
_OFFER = _c(OfferTrade)
_ACCEPT_TRADE = _c(AcceptTrade)
_DECLINE_TRADE = _c(DeclineTrade)
_ACCEPT = _c(AcceptDemand)
_REFUSE = _c(RefuseDemand)
_JOIN_ATTACKER = _c(JoinFight, side="attacker")
_JOIN_DEFENDER = _c(JoinFight, side="defender")
_DONE = _c(Done)
_NAVIGATE = _c(Navigate, compass=False)
_NAVIGATE_COMPASS = _c(Navigate, compass=True)
_PICK = tuple(_c(PickNavigation, card=c) for c in range(NAVIGATION_COUNT))
_THROW = tuple(_c(ThrowLifePreserver, target=t) for t in range(_MAX_SEATS))
_CHUM = _c(UseChum)
_WATER = tuple(_c(GiveWater, target=t) for t in range(_MAX_SEATS))
_PLACE = tuple(
    tuple(_c(PlaceRowed, to_pile=combo) for combo in product((True, False), repeat=k)) for k in range(5)
)
_SEAT_SETS = tuple(frozenset((s,)) for s in range(_MAX_SEATS))
_NOBODY: frozenset[int] = frozenset()


# Small helpers --------------------------------------------------------------------------------------

_new = object.__new__
_set = object.__setattr__


def _copy(model: Any, update: dict[str, Any]) -> Any:
    """`model.model_copy(update=update)` without pydantic's generic copying (hot path)."""
    new = _new(type(model))
    d = model.__dict__.copy()
    d.update(update)
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


_LOG_FIELDS = frozenset(("public", "private", "secret"))


def _entry(
    text: str, private: tuple[tuple[int, str], ...] = (), secret: tuple[tuple[int, str], ...] = ()
) -> LifeboatLogEntry:
    entry = _new(LifeboatLogEntry)
    _set(entry, "__dict__", {"public": text, "private": private, "secret": secret})
    _set(entry, "__pydantic_fields_set__", _LOG_FIELDS)
    _set(entry, "__pydantic_extra__", None)
    _set(entry, "__pydantic_private__", None)
    return entry


def _say(s: LifeboatState, text: str, private: tuple[tuple[int, str], ...] = (), **update: Any) -> LifeboatState:
    update["log"] = (*s.log, _entry(text, private))
    return _copy(s, update)  # type: ignore[no-any-return]


def _notes(log: Sequence[LifeboatLogEntry], seat: int | None) -> tuple[LogNote, ...]:
    """The seat's own private and secret additions to the log, line by line (none for the public table)."""
    if seat is None:
        return ()
    notes = []
    for i, entry in enumerate(log):
        for owner, text in entry.private:
            if owner == seat:
                notes.append(LogNote(line=i, text=text))
        for owner, text in entry.secret:
            if owner == seat:
                notes.append(LogNote(line=i, text=text, secret=True))
    return tuple(notes)


def _with(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1 :])


def _without(t: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = t.index(v)
    return t[:i] + t[i + 1 :]


def _insert(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, card)))


def _names(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _cards_text(cards: Sequence[int]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _thirsty(who: str, n: int) -> str:
    """'Ana (Lady Lauren) is thirsty', '... is thirsty twice', '... is thirsty 3 times'."""
    return f"{who} is thirsty" + ("" if n == 1 else " twice" if n == 2 else f" {n} times")


def _conscious(s: LifeboatState, seat: int) -> bool:
    return s.wounds[seat] < SIZE[s.characters[seat]]


def _awake(s: LifeboatState) -> tuple[int, ...]:
    wounds, chars = s.wounds, s.characters
    return tuple(x for x in s.boat if wounds[x] < SIZE[chars[x]])


def status(s: LifeboatState, seat: int) -> str:
    """conscious (wounds < size), unconscious (wounds == size), dead (wounds > size), lost (out of the boat)."""
    if seat not in s.boat:
        return "lost"
    w, size = s.wounds[seat], SIZE[s.characters[seat]]
    return "conscious" if w < size else "unconscious" if w == size else "dead"


def navigator(s: LifeboatState) -> int:
    """The conscious seat nearest the stern, or -1."""
    for x in reversed(s.boat):
        if _conscious(s, x):
            return x
    return -1


def _weapons(s: LifeboatState, seat: int) -> int:
    return sum(CARD_WEAPON[c] for c in s.face_up[seat])


def fight_totals(s: LifeboatState) -> tuple[int, int]:
    """(attackers, defenders): sizes plus face-up weapons on each side."""
    chars = s.characters
    at = sum(SIZE[chars[x]] + _weapons(s, x) for x in s.attackers)
    dt = sum(SIZE[chars[x]] + _weapons(s, x) for x in s.defenders)
    return at, dt


def _holds(s: LifeboatState, seat: int, cards: frozenset[int] | tuple[int, ...]) -> int:
    """The card of `cards` the seat would use: face up first, then from hand; -1 if none."""
    for c in s.face_up[seat]:
        if c in cards:
            return c
    for c in s.hands[seat]:
        if c in cards:
            return c
    return -1


def _one_per_type(cards: Sequence[int]) -> list[int]:
    """The lowest-numbered card of every type in `cards` (sorted ids: the first of each run)."""
    out: list[int] = []
    last = -1
    for c in sorted(cards):
        t = CARD_TYPE[c]
        if t != last:
            out.append(c)
            last = t
    return out


def cards_in_play(s: LifeboatState) -> list[int]:
    """Every supply card somewhere in the state (for conservation checks): should be each id once."""
    out = [*s.supply, *s.set_aside, *s.discard, *s.lost_cards, *s.draft]
    for h in s.hands:
        out.extend(h)
    for f in s.face_up:
        out.extend(f)
    return out


# Scoring --------------------------------------------------------------------------------------------


def _alive_char(s: LifeboatState, seat_of: dict[int, int], ch: int) -> bool:
    seat = seat_of[ch]
    return seat in s.boat and s.wounds[seat] <= SIZE[ch]


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


def score_lines(s: LifeboatState) -> tuple[ScoreLine, ...]:
    """Every seat's score item by item (survival, treasure, love, hate), whatever the phase."""
    seat_of = {ch: seat for seat, ch in enumerate(s.characters)}
    out = []
    for seat, c in enumerate(s.characters):
        lv, ht = s.love[seat], s.hate[seat]
        in_boat = seat in s.boat
        alive = _alive_char(s, seat_of, c)
        notes: list[str] = []
        survival = SURVIVAL[c] if alive and ht != c else 0
        cards = (*s.hands[seat], *s.face_up[seat]) if in_boat else ()
        treasure_cards = tuple(x for x in cards if CARD_EFFECT[x] in ("cash", "painting", "jewels"))
        treasure = treasure_points(c, treasure_cards)
        love_points = SURVIVAL[lv] if _alive_char(s, seat_of, lv) else 0
        if ht == c:
            victims = [x for x in s.characters if x != c and not _alive_char(s, seat_of, x)]
            hate_points = sum(SIZE[x] for x in victims)
        else:
            hate_points = 0 if _alive_char(s, seat_of, ht) else SIZE[ht]
        if lv == c and ht == c:
            notes.append("loves and hates themself: own survival counts once, plus every other death")
        elif lv == c:
            notes.append("narcissist: own survival counts twice")
        elif ht == c:
            notes.append("misanthrope: nothing for own survival, the size of every other character who died")
        elif lv == ht:
            notes.append(f"loves and hates {CHARACTER_NAMES[lv]}")
        if not in_boat:
            notes.append("lost at sea: no survival, no treasure")
        elif not alive:
            notes.append("died in the boat: the treasure still counts")
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
                notes=tuple(notes),
            )
        )
    return tuple(out)


# The rules ------------------------------------------------------------------------------------------


class LifeboatRules(GameRules[LifeboatState, LifeboatAction, LifeboatView, LifeboatOptions]):  # type: ignore[type-var]
    id = "lifeboat"
    title = "Lifeboat"
    min_players = 4
    max_players = 6
    Options = LifeboatOptions
    State = LifeboatState
    action_adapter = ACTION_ADAPTER

    def __init__(self) -> None:
        self._cache: tuple[Any, int, tuple[Any, ...], frozenset[int]] | None = None

    # -- setup ---------------------------------------------------------------------------------------

    def setup(self, players: Sequence[str], options: LifeboatOptions | None, seed: str) -> LifeboatState:
        options = options if options is not None else LifeboatOptions()
        players = self.seat_players(players)
        n = len(players)
        chars = tuple(shuffled(range(len(CHARACTERS)), seed, "characters")[:n])  # per seat
        present = sorted(chars)
        seat_of = {c: seat for seat, c in enumerate(chars)}
        boat = tuple(seat_of[c] for c in present)
        love = shuffled(present, seed, "love")
        hate = shuffled(present, seed, "hate")
        deck = shuffled(range(SUPPLY_COUNT), seed, "supply")
        set_aside: tuple[int, ...] = ()
        if n < len(CHARACTERS):
            set_aside, deck = tuple(sorted(deck[:SET_ASIDE])), deck[SET_ASIDE:]
        hands: list[tuple[int, ...]] = [()] * n
        for i, seat in enumerate(boat):
            hands[seat] = (deck[i],)
        deck = deck[n:]
        nav = shuffled(range(NAVIGATION_COUNT), seed, "navigation")
        s = LifeboatState(
            players=players,
            options=options,
            seed=seed,
            characters=chars,
            love=love,
            hate=hate,
            boat=boat,
            wounds=(0,) * n,
            hands=tuple(hands),
            face_up=((),) * n,
            rowed=(False,) * n,
            fought=(False,) * n,
            supply=deck,
            set_aside=set_aside,
            nav_deck=nav,
        )
        order = ", ".join(f"{players[x]} ({CHARACTER_NAMES[chars[x]]})" for x in boat)
        s = _say(s, f"A lifeboat for {n} sets out; from bow to stern: {order}")
        if set_aside:
            ashore = [CHARACTER_NAMES[c] for c in range(len(CHARACTERS)) if c not in chars]
            s = _say(
                s,
                f"{_names(ashore)} {'is' if len(ashore) == 1 else 'are'} not aboard;"
                f" {SET_ASIDE} supply cards are set aside unseen",
            )
        private = tuple((seat, f"(Your supply card: {card_name(hands[seat][0])}.)") for seat in range(n))
        secret = tuple(
            (seat, f"(Your Love card: {CHARACTER_NAMES[love[seat]]}; your Hate card: {CHARACTER_NAMES[hate[seat]]}.)")
            for seat in range(n)
        )
        s = _copy(s, {"log": (*s.log, _entry(DEAL_LINE, private, secret))})
        s = self._start_round(s)
        return _copy(s, {"summary": "; ".join(e.public for e in s.log)})  # type: ignore[no-any-return]

    # -- helpers for text ----------------------------------------------------------------------------

    @staticmethod
    def _who(s: LifeboatState, seat: int) -> str:
        return f"{s.players[seat]} ({CHARACTER_NAMES[s.characters[seat]]})"

    def _status_change(self, s: LifeboatState, seat: int, before: int) -> str:
        size = SIZE[s.characters[seat]]
        after = s.wounds[seat]
        was = "conscious" if before < size else "unconscious" if before == size else "dead"
        now = "conscious" if after < size else "unconscious" if after == size else "dead"
        if was == now:
            return ""
        if now == "conscious":
            return f"{self._who(s, seat)} is conscious again"
        return f"{self._who(s, seat)} is {'unconscious' if now == 'unconscious' else 'dead'}"

    def _wound(self, s: LifeboatState, seat: int, n: int, why: str) -> LifeboatState:
        if n <= 0:
            return s
        before = s.wounds[seat]
        s = _copy(s, {"wounds": _with(s.wounds, seat, before + n)})
        text = f"{self._who(s, seat)} takes {_plural(n, 'wound')} ({why})"
        change = self._status_change(s, seat, before)
        if change:
            text += f"; {change}"
        return _say(s, text)

    # -- round flow ----------------------------------------------------------------------------------

    def _start_round(self, s: LifeboatState) -> LifeboatState:
        awake = _awake(s)
        r = s.round
        if s.supply and awake:
            k = min(len(awake), len(s.supply))
            drafters = awake[:k]
            s = _say(
                s,
                f"Round {r}: {self._who(s, drafters[0])} draws {_plural(k, 'supply card')} for the supply",
                phase="draft",
                draft=s.supply[:k],
                supply=s.supply[k:],
                drafters=drafters,
                current=drafters[0],
                actor=-1,
            )
            return self._draft_auto(s)
        why = "the supply deck is empty" if awake else "nobody is conscious"
        s = _say(s, f"Round {r}: nobody draws supply cards ({why})")
        return self._start_actions(s)

    def _draft_auto(self, s: LifeboatState) -> LifeboatState:
        """The last card of the supply goes to the last drafter without a decision."""
        if len(s.draft) != 1:
            return s
        seat, card = s.drafters[0], s.draft[0]
        hands = _with(s.hands, seat, _insert(s.hands[seat], card))
        s = _say(
            s,
            f"{self._who(s, seat)} keeps the last supply card",
            ((seat, f"(You keep {card_name(card)}.)"),),
            hands=hands,
            draft=(),
            drafters=(),
        )
        return self._start_actions(s)

    def _start_actions(self, s: LifeboatState) -> LifeboatState:
        order = _awake(s)
        s = _copy(s, {"order": order, "turn_index": 0, "draft": (), "drafters": ()})
        if order:
            s = _say(s, "The actions go in this order: " + ", ".join(self._who(s, x) for x in order))
        return self._next_actor(s, 0)

    def _next_actor(self, s: LifeboatState, i: int) -> LifeboatState:
        order = s.order
        while i < len(order):
            seat = order[i]
            if seat in s.boat and _conscious(s, seat):
                return _copy(  # type: ignore[no-any-return]
                    s,
                    {
                        "phase": "action",
                        "turn_index": i,
                        "actor": seat,
                        "current": seat,
                        "traded": (),
                        "trade_with": -1,
                        "trade_give": (),
                        "trade_back": (),
                    },
                )
            i += 1
        return self._start_navigation(_copy(s, {"actor": -1, "turn_index": len(order)}))

    def _end_action(self, s: LifeboatState) -> LifeboatState:
        s = _copy(
            s,
            {
                "demand_kind": None,
                "demand_target": -1,
                "demand_card": -1,
                "attackers": (),
                "defenders": (),
                "window": (),
                "window_pos": 0,
                "passes": 0,
                "changed": False,
                "trade_with": -1,
                "trade_give": (),
                "trade_back": (),
            },
        )
        return self._next_actor(s, s.turn_index + 1)

    # -- navigation ----------------------------------------------------------------------------------

    def _nav_cards(self, s: LifeboatState) -> tuple[NavCard, ...]:
        return navigation_cards(s.options.disputed_cards)

    def _start_navigation(self, s: LifeboatState) -> LifeboatState:
        nav = navigator(s)
        if nav >= 0:
            pile = len(s.row_pile)
            return _say(
                s,
                f"Navigation: {self._who(s, nav)} is the navigator; the row pile holds {_plural(pile, 'card')}",
                phase="navigate",
                current=nav,
            )
        s = _say(s, "Navigation: nobody is conscious to navigate", phase="navigate")
        if s.options.rowing == "variant" and s.nav_deck:
            s = _copy(s, {"row_pile": (*s.row_pile, s.nav_deck[0]), "nav_deck": s.nav_deck[1:]})
        return self._choose_card(s, -1)

    def _choose_card(self, s: LifeboatState, nav: int) -> LifeboatState:
        """After the compass step: the top card, the only card of the row pile, or the navigator's pick."""
        pile = s.row_pile
        if not pile:
            card, deck = s.nav_deck[0], s.nav_deck[1:]
            s = _say(s, "There is no row pile: the top navigation card is used", nav_deck=deck)
            return self._resolve(s, card)
        if len(pile) == 1:
            s = _say(s, "The row pile holds one card: it is used", row_pile=())
            return self._resolve(s, pile[0])
        if nav >= 0:
            return _copy(s, {"phase": "pick", "current": nav})  # type: ignore[no-any-return]
        rng = derived_random(s.seed, "unattended pick", s.rolls)
        card = pile[rng.randrange(len(pile))]
        s = _say(
            s,
            "Nobody can choose: a random card of the row pile is used",
            row_pile=(),
            nav_deck=(*s.nav_deck, *(c for c in pile if c != card)),
            rolls=s.rolls + 1,
        )
        return self._resolve(s, card)

    def _resolve(self, s: LifeboatState, card: int) -> LifeboatState:
        nc = self._nav_cards(s)[card]
        aboard = [s.characters[x] for x in s.boat]
        s = _say(s, f"The navigation card is {nav_text(nc, aboard)}", nav_card=card, current=-1)
        if nc.bird:
            gulls = max(0, s.seagulls + nc.bird)
            if nc.bird > 0:
                text = f"A seagull appears: {gulls} of {SEAGULLS_TO_END}"
            else:
                text = f"The crossed-out seagull takes one away: {gulls} of {SEAGULLS_TO_END} seagulls remain"
            s = _say(s, text, seagulls=gulls)
            if gulls >= SEAGULLS_TO_END:
                return self._end_game(s)
        over = tuple(x for x in s.boat if s.characters[x] in nc.overboard)
        if over:
            go = "goes" if len(over) == 1 else "go"
            s = _say(s, f"{_names([self._who(s, x) for x in over])} {go} overboard", overboard=over, chum=0)
            awake = _awake(s)
            if awake:
                return self._open_window(s, "overboard", awake)
            return self._finish_overboard(s)
        return self._start_thirst(s)

    def _open_window(self, s: LifeboatState, phase: str, order: tuple[int, ...]) -> LifeboatState:
        return _copy(  # type: ignore[no-any-return]
            s,
            {"phase": phase, "window": order, "window_pos": 0, "passes": 0, "changed": False, "current": order[0]},
        )

    def _finish_overboard(self, s: LifeboatState) -> LifeboatState:
        over = s.overboard
        chum = s.chum + sum(1 for x in over for c in s.face_up[x] if c in _CHUM_SET)
        lost: list[int] = []
        for x in over:
            before = s.wounds[x]
            size = SIZE[s.characters[x]]
            saved = LIFE_PRESERVER in s.face_up[x]
            fall = 0 if saved or s.characters[x] == FRENCHY else 1
            reasons = []
            if fall:
                reasons.append("the fall")
            elif saved:
                reasons.append("the life preserver spares the fall")
            else:
                reasons.append("a swimmer: no wound from the fall")
            if chum:
                reasons.append(f"sharks from {_plural(chum, 'bucket')} of chum")
            n = fall + chum
            washed = tuple(c for c in s.face_up[x] if c != LIFE_PRESERVER)
            update: dict[str, Any] = {
                "wounds": _with(s.wounds, x, before + n),
                "face_up": _with(s.face_up, x, (LIFE_PRESERVER,) if saved else ()),
                "discard": (*s.discard, *washed),
            }
            if PARASOL in washed:
                update["parasol_open"] = False
            text = f"{self._who(s, x)} falls in: {_plural(n, 'wound') if n else 'no wound'} ({'; '.join(reasons)})"
            if washed:
                text += f"; loses the face-up {_cards_text(washed)}"
            s = _copy(s, update)
            change = self._status_change(s, x, before)
            if change:
                text += f"; {change}"
            s = _say(s, text)
            if before > size or (before == size and not saved):
                lost.append(x)
        for x in lost:
            gone = (*s.hands[x], *s.face_up[x])
            s = _say(
                s,
                f"{self._who(s, x)} is lost at sea with all their cards",
                boat=_without(s.boat, x),
                hands=_with(s.hands, x, ()),
                face_up=_with(s.face_up, x, ()),
                lost_cards=(*s.lost_cards, *gone),
            )
        s = _copy(s, {"overboard": (), "chum": 0, "window": (), "window_pos": 0, "passes": 0, "changed": False})
        return self._start_thirst(s)

    def _start_thirst(self, s: LifeboatState) -> LifeboatState:
        nc = self._nav_cards(s)[s.nav_card]
        n = len(s.players)
        thirst = [0] * n
        shade: list[int] = []
        for x in s.boat:
            ch = s.characters[x]
            if s.wounds[x] > SIZE[ch]:
                continue  # the dead are past thirst
            t = (nc.rowers_thirsty and s.rowed[x]) + (nc.fighters_thirsty and s.fought[x]) + (ch in nc.thirsty)
            if t and s.parasol_open and PARASOL in s.face_up[x]:
                t -= 1
                shade.append(x)
            thirst[x] = t
        for x in shade:
            s = _say(s, f"{self._who(s, x)}'s open parasol spares one thirst")
        if any(thirst):
            s = _say(s, _names([_thirsty(self._who(s, x), thirst[x]) for x in s.boat if thirst[x]]), thirst=tuple(thirst))
            awake = _awake(s)
            if awake:
                return self._open_window(s, "thirst", awake)
            return self._finish_thirst(s)
        s = _say(s, "Nobody is thirsty")
        return self._end_round(s)

    def _finish_thirst(self, s: LifeboatState) -> LifeboatState:
        thirst = s.thirst
        s = _copy(s, {"thirst": ()})
        for x in s.boat:
            if thirst[x]:
                s = self._wound(s, x, thirst[x], "thirst")
        return self._end_round(s)

    def _end_round(self, s: LifeboatState) -> LifeboatState:
        n = len(s.players)
        s = _copy(
            s,
            {
                "nav_deck": (*s.nav_deck, s.nav_card),
                "nav_card": -1,
                "rowed": (False,) * n,
                "fought": (False,) * n,
                "thirst": (),
                "window": (),
                "window_pos": 0,
                "passes": 0,
                "changed": False,
                "round": s.round + 1,
            },
        )
        return self._start_round(s)

    def _end_game(self, s: LifeboatState) -> LifeboatState:
        s = _copy(
            s,
            {
                "phase": "over",
                "current": -1,
                "actor": -1,
                "window": (),
                "window_pos": 0,
                "passes": 0,
                "changed": False,
            },
        )
        s = _say(s, "Land is in sight at the fourth seagull: everyone still in the boat is rescued. Game over")
        out = self.outcome_of(s)
        for line in out.details:
            s = _say(s, line)
        return _say(s, out.headline)

    # -- whose move ----------------------------------------------------------------------------------

    def to_act(self, state: LifeboatState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEAT_SETS[state.current]

    def legal_actions(self, state: LifeboatState, seat: int) -> Sequence[LifeboatAction]:
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1] == seat:
            return cache[2]
        actions = tuple(self._legal(state, seat))
        self._cache = (state, seat, actions, frozenset(map(id, actions)))
        return actions

    def _plays(self, s: LifeboatState, seat: int) -> list[Any]:
        return [_PLAY[c] for c in _one_per_type(s.hands[seat])]

    def _legal(self, s: LifeboatState, seat: int) -> list[Any]:
        phase = s.phase
        if phase == "over" or seat != s.current:
            return []
        if phase == "action":
            return self._action_choices(s, seat)
        if phase == "draft":
            return [_TAKE[c] for c in _one_per_type(s.draft)] + self._plays(s, seat)
        if phase == "fight":
            out: list[Any] = [_DONE]
            if seat not in s.attackers and seat not in s.defenders:
                out += [_JOIN_ATTACKER, _JOIN_DEFENDER]
            return out + self._plays(s, seat)
        if phase == "overboard":
            out = [_DONE]
            lp_hand = LIFE_PRESERVER in s.hands[seat]
            if lp_hand or (LIFE_PRESERVER in s.face_up[seat] and seat not in s.overboard):
                out += [_THROW[t] for t in s.overboard if t != seat and _conscious(s, t)]
            if _holds(s, seat, _CHUM_SET) >= 0:
                out.append(_CHUM)
            return out + self._plays(s, seat)
        if phase == "thirst":
            out = [_DONE]
            if _holds(s, seat, _WATER_SET) >= 0:
                out += [_WATER[t] for t in s.boat if s.thirst[t]]
            return out + self._plays(s, seat)
        if phase == "respond":
            return [_ACCEPT, _REFUSE, *self._plays(s, seat)]
        if phase == "row":
            return list(_PLACE[len(s.drawn)])
        if phase == "navigate":
            out = [_NAVIGATE]
            if COMPASS in s.face_up[seat] and s.nav_deck:
                out.append(_NAVIGATE_COMPASS)
            return out + self._plays(s, seat)
        if phase == "pick":
            return [_PICK[c] for c in s.row_pile]
        if phase == "trade_offer":
            return [*(_TRADE_CARD[c] for c in s.hands[seat]), _OFFER, _DECLINE_TRADE]
        if phase == "trade_answer":
            return [*(_TRADE_CARD[c] for c in s.hands[seat]), _ACCEPT_TRADE, _DECLINE_TRADE]
        if phase == "trade_confirm":
            return [_ACCEPT_TRADE, _DECLINE_TRADE]
        return []  # pragma: no cover

    def _action_choices(self, s: LifeboatState, seat: int) -> list[Any]:
        out: list[Any] = [_DO_NOTHING]
        if s.nav_deck:
            out.append(_ROW)
        boat = s.boat
        others = [t for t in boat if t != seat]
        out += [_SWAP[t] for t in others]
        hands, face_up = s.hands, s.face_up
        for t in others:
            if hands[t]:
                out.append(_ROB_HAND[t])
            if face_up[t]:
                row = _ROB_CARD[t]
                out += [row[c] for c in _one_per_type(face_up[t])]
        if _holds(s, seat, _KIT_SET) >= 0:
            out += [_KIT[t] for t in boat if 0 < s.wounds[t] <= SIZE[s.characters[t]]]
        mine = (*hands[seat], *face_up[seat])
        if PARASOL in mine and not (s.parasol_open and PARASOL in face_up[seat]):
            out.append(_PARASOL)
        if FLARE_GUN in mine and s.nav_deck:
            out.append(_FLARE)
        if s.options.trading:
            out += [_PROPOSE[t] for t in others if t not in s.traded and _conscious(s, t)]
        out += self._plays(s, seat)
        return out

    # -- apply ---------------------------------------------------------------------------------------

    def apply(self, state: LifeboatState, seat: int, action: LifeboatAction) -> LifeboatState:
        if state.phase == "over":
            raise IllegalAction("The game is over")
        if seat != state.current:
            if type(seat) is int and 0 <= seat < len(state.players):
                raise IllegalAction(f"It is {state.players[state.current]}'s turn, not yours")
            raise IllegalAction(f"There is no seat {seat!r}")
        self.legal_actions(state, seat)
        cache = self._cache
        assert cache is not None
        ok = id(action) in cache[3]
        if not ok:
            try:
                ok = action in cache[2]
            except Exception:  # a malformed action
                ok = False
        if not ok:
            raise IllegalAction(self._why(state, seat, action))
        start = len(state.log)
        handler = getattr(self, "_do_" + action.kind)
        s = handler(state, seat, action)
        if s.phase == "over":  # the results screen says it all: its headline names why the game ended
            return _copy(s, {"summary": ""})  # type: ignore[no-any-return]
        return _copy(s, {"summary": "; ".join(e.public for e in s.log[start:])})  # type: ignore[no-any-return]

    # -- free actions

    def _do_play_card(self, s: LifeboatState, seat: int, a: PlayCard) -> LifeboatState:
        c = a.card
        s = _say(
            s,
            f"{self._who(s, seat)} puts the {card_name(c)} face up",
            hands=_with(s.hands, seat, _without(s.hands[seat], c)),
            face_up=_with(s.face_up, seat, (*s.face_up[seat], c)),
        )
        if s.phase in ("fight", "overboard", "thirst"):
            s = _copy(s, {"changed": True})
        return s

    # -- draft

    def _do_take_supply(self, s: LifeboatState, seat: int, a: TakeSupply) -> LifeboatState:
        c = a.card
        drafters = s.drafters[1:]
        draft = _without(s.draft, c)
        text = f"{self._who(s, seat)} keeps a supply card"
        if drafters:
            text += f" and passes {_plural(len(draft), 'card')} to {self._who(s, drafters[0])}"
        s = _say(
            s,
            text,
            ((seat, f"(You keep {card_name(c)}.)"),),
            hands=_with(s.hands, seat, _insert(s.hands[seat], c)),
            draft=draft,
            drafters=drafters,
            current=drafters[0] if drafters else -1,
        )
        if not drafters:  # pragma: no cover - the last card is always dealt by _draft_auto
            return self._start_actions(s)
        return self._draft_auto(s)

    # -- the five actions

    def _do_do_nothing(self, s: LifeboatState, seat: int, a: DoNothing) -> LifeboatState:
        return self._end_action(_say(s, f"{self._who(s, seat)} does nothing"))

    def _do_row(self, s: LifeboatState, seat: int, a: Row) -> LifeboatState:
        k = 1 if s.options.rowing == "variant" else 2
        oar = any(c in _OAR_SET for c in s.face_up[seat])
        if oar:
            k += 1
        k = min(k, len(s.nav_deck))
        drawn = s.nav_deck[:k]
        ids = ", ".join(self._nav_cards(s)[c].id for c in drawn)
        return _say(
            s,
            f"{self._who(s, seat)} rows and draws {_plural(k, 'navigation card')}" + (" (with an oar)" if oar else ""),
            ((seat, f"(You drew {ids}.)"),),
            phase="row",
            drawn=drawn,
            nav_deck=s.nav_deck[k:],
        )

    def _do_place_rowed(self, s: LifeboatState, seat: int, a: PlaceRowed) -> LifeboatState:
        drawn = s.drawn
        pile = tuple(c for c, keep in zip(drawn, a.to_pile) if keep)
        bottom = tuple(c for c, keep in zip(drawn, a.to_pile) if not keep)
        nc = self._nav_cards(s)
        private = f"(Row pile: {', '.join(nc[c].id for c in pile) or 'none'}; bottom: {', '.join(nc[c].id for c in bottom) or 'none'}.)"
        rowed = bool(pile)
        text = (
            f"{self._who(s, seat)} puts {_plural(len(pile), 'card')} on the row pile and"
            f" {len(bottom)} under the navigation deck"
        )
        if rowed:
            text += " (rowed this round)"
        s = _say(
            s,
            text,
            ((seat, private),),
            drawn=(),
            row_pile=(*s.row_pile, *pile),
            nav_deck=(*s.nav_deck, *bottom),
            rowed=_with(s.rowed, seat, True) if rowed else s.rowed,
            phase="action",
        )
        return self._end_action(s)

    def _do_swap_seats(self, s: LifeboatState, seat: int, a: SwapSeats) -> LifeboatState:
        return self._demand(s, seat, "swap", a.target, -1)

    def _do_rob(self, s: LifeboatState, seat: int, a: Rob) -> LifeboatState:
        return self._demand(s, seat, "rob", a.target, -1 if a.card is None else a.card)

    def _demand_text(self, s: LifeboatState, kind: str, attacker: int, target: int, card: int) -> str:
        if kind == "swap":
            return f"{self._who(s, attacker)} wants to swap places with {self._who(s, target)}"
        if card >= 0:
            return f"{self._who(s, attacker)} wants the face-up {card_name(card)} of {self._who(s, target)}"
        return f"{self._who(s, attacker)} wants a random hand card of {self._who(s, target)}"

    def _demand(self, s: LifeboatState, seat: int, kind: str, target: int, card: int) -> LifeboatState:
        text = self._demand_text(s, kind, seat, target, card)
        s = _copy(s, {"demand_kind": kind, "demand_target": target, "demand_card": card})
        if not _conscious(s, target):
            s = _say(s, f"{text}: {status(s, target)}, they cannot refuse")
            return self._end_action(self._execute_demand(s, seat))
        if kind == "rob" and card < 0 and s.characters[seat] == KID:
            s = _say(s, f"{text}: a pickpocket cannot be refused")
            return self._end_action(self._execute_demand(s, seat))
        return _say(s, f"{text}: they may give in or refuse (fight)", phase="respond", current=target)

    def _execute_demand(self, s: LifeboatState, attacker: int) -> LifeboatState:
        target, card = s.demand_target, s.demand_card
        if s.demand_kind == "swap":
            boat = list(s.boat)
            i, j = boat.index(attacker), boat.index(target)
            boat[i], boat[j] = boat[j], boat[i]
            return _say(
                s,
                f"{self._who(s, attacker)} and {self._who(s, target)} swap places",
                boat=tuple(boat),
            )
        if card >= 0:
            if card not in s.face_up[target]:  # pragma: no cover - face-up cards cannot leave during a demand
                return _say(s, f"The {card_name(card)} is no longer there")
            update: dict[str, Any] = {
                "face_up": _with(s.face_up, target, _without(s.face_up[target], card)),
                "hands": _with(s.hands, attacker, _insert(s.hands[attacker], card)),
            }
            if card == PARASOL:
                update["parasol_open"] = False
            return _say(
                s, f"{self._who(s, attacker)} takes the {card_name(card)} from {self._who(s, target)}", **update
            )
        hand = s.hands[target]
        if not hand:
            return _say(s, f"{self._who(s, target)} has no hand card left to take")
        rng = derived_random(s.seed, "rob", s.rolls)
        got = hand[rng.randrange(len(hand))]
        hands = _with(s.hands, target, _without(hand, got))
        hands = _with(hands, attacker, _insert(hands[attacker], got))
        return _say(
            s,
            f"{self._who(s, attacker)} takes a random hand card from {self._who(s, target)}",
            ((attacker, f"(You took {card_name(got)}.)"), (target, f"(You lost {card_name(got)}.)")),
            hands=hands,
            rolls=s.rolls + 1,
        )

    def _do_accept_demand(self, s: LifeboatState, seat: int, a: AcceptDemand) -> LifeboatState:
        s = _say(s, f"{self._who(s, seat)} gives in")
        return self._end_action(self._execute_demand(s, s.actor))

    def _do_refuse_demand(self, s: LifeboatState, seat: int, a: RefuseDemand) -> LifeboatState:
        attacker = s.actor
        awake = _awake(s)
        i = awake.index(attacker)
        order = awake[i:] + awake[:i]
        s = _say(
            s,
            f"{self._who(s, seat)} refuses: a fight! {self._who(s, attacker)} against {self._who(s, seat)};"
            " everyone conscious may join a side or play cards",
            attackers=(attacker,),
            defenders=(seat,),
        )
        return self._open_window(s, "fight", order)

    def _do_use_medical_kit(self, s: LifeboatState, seat: int, a: UseMedicalKit) -> LifeboatState:
        kit = _holds(s, seat, _KIT_SET)
        t = a.target
        before = s.wounds[t]
        s = self._remove_card(s, seat, kit)
        s = _copy(s, {"wounds": _with(s.wounds, t, before - 1), "discard": (*s.discard, kit)})
        text = f"{self._who(s, seat)} uses a medical kit on {self._who(s, t)}: {_plural(before - 1, 'wound')} left"
        change = self._status_change(s, t, before)
        if change:
            text += f"; {change}"
        return self._end_action(_say(s, text))

    def _remove_card(self, s: LifeboatState, seat: int, card: int) -> LifeboatState:
        if card in s.face_up[seat]:
            return _copy(s, {"face_up": _with(s.face_up, seat, _without(s.face_up[seat], card))})  # type: ignore[no-any-return]
        return _copy(s, {"hands": _with(s.hands, seat, _without(s.hands[seat], card))})  # type: ignore[no-any-return]

    def _do_open_parasol(self, s: LifeboatState, seat: int, a: OpenParasol) -> LifeboatState:
        face_up = s.face_up[seat] if PARASOL in s.face_up[seat] else (*s.face_up[seat], PARASOL)
        hands = _with(s.hands, seat, _without(s.hands[seat], PARASOL)) if PARASOL in s.hands[seat] else s.hands
        s = _say(
            s,
            f"{self._who(s, seat)} opens the parasol",
            hands=hands,
            face_up=_with(s.face_up, seat, face_up),
            parasol_open=True,
        )
        return self._end_action(s)

    def _do_fire_flare_gun(self, s: LifeboatState, seat: int, a: FireFlareGun) -> LifeboatState:
        s = self._remove_card(s, seat, FLARE_GUN)
        k = min(FLARE_DRAW, len(s.nav_deck))
        drawn, deck = s.nav_deck[:k], s.nav_deck[k:]
        nc = self._nav_cards(s)
        gulls = s.seagulls
        seen = []
        ended = False
        for c in drawn:
            card = nc[c]
            if ended:
                seen.append(f"{card.id} (not needed)")
                continue
            if card.bird > 0:
                gulls += 1
                seen.append(f"{card.id} a seagull")
            elif card.bird < 0:
                gulls = max(0, gulls - 1)
                seen.append(f"{card.id} a crossed-out seagull")
            else:
                seen.append(f"{card.id} no bird")
            if gulls >= SEAGULLS_TO_END:
                ended = True
        s = _say(
            s,
            f"{self._who(s, seat)} fires the flare gun: {', '.join(seen)}; {gulls} of {SEAGULLS_TO_END} seagulls",
            nav_deck=(*deck, *drawn),
            discard=(*s.discard, FLARE_GUN),
            seagulls=gulls,
        )
        if ended:
            return self._end_game(s)
        return self._end_action(s)

    # -- trading

    def _do_propose_trade(self, s: LifeboatState, seat: int, a: ProposeTrade) -> LifeboatState:
        return _say(
            s,
            f"{self._who(s, seat)} proposes a trade to {self._who(s, a.target)}",
            phase="trade_offer",
            trade_with=a.target,
            trade_give=(),
            trade_back=(),
            traded=(*s.traded, a.target),
        )

    def _do_trade_card(self, s: LifeboatState, seat: int, a: TradeCard) -> LifeboatState:
        field = "trade_give" if s.phase == "trade_offer" else "trade_back"
        chosen: tuple[int, ...] = getattr(s, field)
        if a.card in chosen:
            chosen = _without(chosen, a.card)
            text = f"{self._who(s, seat)} takes a card back out of the trade"
        else:
            chosen = tuple(sorted((*chosen, a.card)))
            text = f"{self._who(s, seat)} puts a card into the trade"
        return _say(s, text, **{field: chosen})

    def _do_offer_trade(self, s: LifeboatState, seat: int, a: OfferTrade) -> LifeboatState:
        t = s.trade_with
        return _say(
            s,
            f"{self._who(s, seat)} offers {self._who(s, t)} {_plural(len(s.trade_give), 'card')}",
            ((t, f"(On offer: {_cards_text(s.trade_give)}.)"),),
            phase="trade_answer",
            current=t,
        )

    def _do_accept_trade(self, s: LifeboatState, seat: int, a: AcceptTrade) -> LifeboatState:
        if s.phase == "trade_answer":
            proposer = s.actor
            return _say(
                s,
                f"{self._who(s, seat)} answers with {_plural(len(s.trade_back), 'card')} in return",
                ((proposer, f"(In return: {_cards_text(s.trade_back)}.)"),),
                phase="trade_confirm",
                current=proposer,
            )
        proposer, partner = seat, s.trade_with
        give, back = s.trade_give, s.trade_back
        hands = list(s.hands)
        hands[proposer] = tuple(sorted((*(c for c in hands[proposer] if c not in give), *back)))
        hands[partner] = tuple(sorted((*(c for c in hands[partner] if c not in back), *give)))
        return _say(
            s,
            f"{self._who(s, proposer)} and {self._who(s, partner)} trade:"
            f" {_plural(len(give), 'card')} for {_plural(len(back), 'card')}",
            (
                (proposer, f"(You gave {_cards_text(give)} and got {_cards_text(back)}.)"),
                (partner, f"(You gave {_cards_text(back)} and got {_cards_text(give)}.)"),
            ),
            hands=tuple(hands),
            phase="action",
            current=proposer,
            trade_with=-1,
            trade_give=(),
            trade_back=(),
        )

    def _do_decline_trade(self, s: LifeboatState, seat: int, a: DeclineTrade) -> LifeboatState:
        return _say(
            s,
            f"{self._who(s, seat)} calls the trade off",
            phase="action",
            current=s.actor,
            trade_with=-1,
            trade_give=(),
            trade_back=(),
        )

    # -- windows

    def _do_join_fight(self, s: LifeboatState, seat: int, a: JoinFight) -> LifeboatState:
        if a.side == "attacker":
            return _say(
                s, f"{self._who(s, seat)} joins the attackers", attackers=(*s.attackers, seat), changed=True
            )
        return _say(s, f"{self._who(s, seat)} joins the defenders", defenders=(*s.defenders, seat), changed=True)

    def _do_done(self, s: LifeboatState, seat: int, a: Done) -> LifeboatState:
        passes = 1 if s.changed else s.passes + 1
        s = _say(s, f"{self._who(s, seat)} {'is done' if s.changed else 'passes'}")
        window = s.window
        if passes >= len(window):
            s = _copy(s, {"passes": passes, "changed": False})
            if s.phase == "fight":
                return self._resolve_fight(s)
            if s.phase == "overboard":
                return self._finish_overboard(s)
            return self._finish_thirst(s)
        pos = (s.window_pos + 1) % len(window)
        return _copy(s, {"passes": passes, "changed": False, "window_pos": pos, "current": window[pos]})  # type: ignore[no-any-return]

    def _resolve_fight(self, s: LifeboatState) -> LifeboatState:
        at, dt = fight_totals(s)
        win = at > dt
        losers = s.defenders if win else s.attackers
        fought = list(s.fought)
        for x in (*s.attackers, *s.defenders):
            fought[x] = True
        s = _say(
            s,
            f"The fight ends: attackers {_names([self._who(s, x) for x in s.attackers])} {at},"
            f" defenders {_names([self._who(s, x) for x in s.defenders])} {dt}:"
            f" the {'attackers' if win else 'defenders'} win",
            fought=tuple(fought),
            window=(),
        )
        for x in losers:
            s = self._wound(s, x, 1, "lost the fight")
        if win:
            s = self._execute_demand(s, s.actor)
        return self._end_action(s)

    def _do_throw_life_preserver(self, s: LifeboatState, seat: int, a: ThrowLifePreserver) -> LifeboatState:
        s = self._remove_card(s, seat, LIFE_PRESERVER)
        t = a.target
        return _say(
            s,
            f"{self._who(s, seat)} throws the life preserver to {self._who(s, t)}",
            face_up=_with(s.face_up, t, (*s.face_up[t], LIFE_PRESERVER)),
            changed=True,
        )

    def _do_use_chum(self, s: LifeboatState, seat: int, a: UseChum) -> LifeboatState:
        c = _holds(s, seat, _CHUM_SET)
        s = self._remove_card(s, seat, c)
        return _say(
            s,
            f"{self._who(s, seat)} throws a bucket of chum: sharks!",
            discard=(*s.discard, c),
            chum=s.chum + 1,
            changed=True,
        )

    def _do_give_water(self, s: LifeboatState, seat: int, a: GiveWater) -> LifeboatState:
        c = _holds(s, seat, _WATER_SET)
        s = self._remove_card(s, seat, c)
        t = a.target
        target = "themself" if t == seat else self._who(s, t)
        s = _say(
            s,
            f"{self._who(s, seat)} gives a water to {target}",
            discard=(*s.discard, c),
            thirst=_with(s.thirst, t, s.thirst[t] - 1),
            changed=True,
        )
        if not any(s.thirst):  # everyone's thirst is paid (public): the window closes at once
            return self._finish_thirst(_say(s, "Nobody is thirsty any more"))
        return s

    # -- navigation decisions

    def _do_navigate(self, s: LifeboatState, seat: int, a: Navigate) -> LifeboatState:
        if a.compass:
            s = _say(
                s,
                f"{self._who(s, seat)} uses the compass: the top navigation card joins the row pile",
                ((seat, f"(It is {self._nav_cards(s)[s.nav_deck[0]].id}.)"),),
                row_pile=(*s.row_pile, s.nav_deck[0]),
                nav_deck=s.nav_deck[1:],
            )
        if s.options.rowing == "variant" and s.nav_deck:
            s = _say(
                s,
                "The navigator adds the top navigation card to the row pile (variant)",
                row_pile=(*s.row_pile, s.nav_deck[0]),
                nav_deck=s.nav_deck[1:],
            )
        pile = len(s.row_pile)
        if pile > 1:
            s = _say(s, f"{self._who(s, seat)} looks at the {pile} cards of the row pile")
        return self._choose_card(s, seat)

    def _do_pick_navigation(self, s: LifeboatState, seat: int, a: PickNavigation) -> LifeboatState:
        rest = tuple(c for c in s.row_pile if c != a.card)
        s = _say(
            s,
            f"{self._who(s, seat)} chooses a card; {_plural(len(rest), 'card')}"
            f" {'goes' if len(rest) == 1 else 'go'} under the navigation deck",
            ((seat, f"(Under the deck: {', '.join(self._nav_cards(s)[c].id for c in rest)}.)"),),
            row_pile=(),
            nav_deck=(*s.nav_deck, *rest),
        )
        return self._resolve(s, a.card)

    # -- why an action is refused

    def _why(self, s: LifeboatState, seat: int, a: Any) -> str:
        kind = getattr(a, "kind", None)
        phase = s.phase
        hand = s.hands[seat]
        expected = {
            "draft": "Keep one of the supply cards passed to you",
            "row": "Place the cards you rowed: each on the row pile or under the navigation deck",
            "pick": "Choose one card of the row pile as the navigation card",
            "trade_offer": "Choose the cards to offer, then offer the trade or call it off",
            "trade_answer": "Choose the cards to give in return, then accept the trade or decline it",
            "trade_confirm": "Confirm the trade or call it off",
            "respond": "Give in or refuse (a fight)",
            "fight": "Join a side, play cards, or say you are done",
            "navigate": "Navigate (with the compass if you have it face up)",
            "overboard": "Throw the life preserver, throw chum, play cards, or say you are done",
            "thirst": "Give water, play cards, or say you are done",
            "action": "Choose your action (or play cards, or propose a trade)",
        }[phase]
        if kind == "play_card":
            if phase in ("row", "pick") or phase.startswith("trade"):
                return f"Cards cannot be played now. {expected}"
            if getattr(a, "card", None) not in hand:
                return "You do not hold that card in your hand"
            return f"Play that card by naming the first of its kind in your hand. {expected}"
        if kind == "trade_card" and phase in ("trade_offer", "trade_answer"):
            return "Only cards in your own hand can be traded"
        if phase == "action":
            target = getattr(a, "target", None)
            if kind in ("swap_seats", "rob", "propose_trade", "use_medical_kit"):
                if not (type(target) is int and 0 <= target < len(s.players)):
                    return f"There is no seat {target!r}"
                if target not in s.boat:
                    return f"{s.players[target]}'s character is no longer in the boat"
            if kind in ("swap_seats", "rob", "propose_trade") and target == seat:
                return "You cannot do that to yourself"
            if kind == "rob":
                card = getattr(a, "card", None)
                if card is None:
                    return f"{s.players[target]} has no card in hand to take"  # type: ignore[index]
                if card not in s.face_up[target]:  # type: ignore[index]
                    return f"{s.players[target]} has no such card face up"  # type: ignore[index]
                return "Name the first face-up card of its kind"
            if kind == "use_medical_kit":
                if _holds(s, seat, _KIT_SET) < 0:
                    return "You have no medical kit"
                return "A medical kit heals a wounded character who is not dead"
            if kind == "open_parasol":
                return "You have no closed parasol to open"
            if kind == "fire_flare_gun":
                return "You have no flare gun (or the navigation deck is empty)"
            if kind == "propose_trade":
                if not s.options.trading:
                    return "Trading is switched off for this game"
                if target in s.traded:
                    return "You have already proposed a trade to them this turn"
                return "Trades are only with conscious characters"
            if kind == "row":
                return "The navigation deck is empty"
            return f"That is not possible in the action phase. {expected}"
        if phase == "thirst" and kind == "give_water":
            if _holds(s, seat, _WATER_SET) < 0:
                return "You have no water"
            return "Water goes to a character who is still thirsty"
        if phase == "overboard" and kind == "throw_life_preserver":
            if LIFE_PRESERVER not in hand and LIFE_PRESERVER not in s.face_up[seat]:
                return "You have no life preserver"
            if seat in s.overboard and LIFE_PRESERVER not in hand:
                return "You are in the water: you keep hold of your life preserver"
            return "The life preserver goes to a conscious character in the water (not yourself)"
        if phase == "overboard" and kind == "use_chum":
            return "You have no bucket of chum"
        if phase == "fight" and kind == "join_fight":
            return "You are already in this fight: joining is final"
        if phase == "draft" and kind == "take_supply":
            return "Keep one of the cards passed to you (the first of its kind)"
        if phase == "navigate" and kind == "navigate":
            return "You have no compass face up (or the navigation deck is empty)"
        if phase == "pick" and kind == "pick_navigation":
            return "Choose a card that is in the row pile"
        if phase == "row" and kind == "place_rowed":
            return f"Say for each of the {len(s.drawn)} drawn cards whether it goes on the row pile"
        if phase == "trade_offer" and kind == "accept_trade":
            return "Offer the trade first"
        return f"That is not possible now. {expected}"

    # -- view ----------------------------------------------------------------------------------------

    def _prompt(self, s: LifeboatState) -> str:
        phase = s.phase
        cur = s.current
        if phase == "over":
            return self.outcome_of(s).headline
        who = self._who(s, cur)
        if phase == "draft":
            return f"Supply: {who} keeps one of {_plural(len(s.draft), 'card')}"
        if phase == "action":
            return f"{who}'s action"
        if phase.startswith("trade"):
            return f"{self._who(s, s.actor)} and {self._who(s, s.trade_with)} are trading; {who} decides"
        if phase == "respond":
            kind = s.demand_kind or "swap"
            return self._demand_text(s, kind, s.actor, s.demand_target, s.demand_card) + f": {who} gives in or refuses"
        if phase == "fight":
            at, dt = fight_totals(s)
            return (
                f"Fight: attackers {_names([self._who(s, x) for x in s.attackers])} ({at}) against defenders"
                f" {_names([self._who(s, x) for x in s.defenders])} ({dt}); {who} may join or play cards"
            )
        if phase == "row":
            return f"{who} places the rowed cards"
        if phase == "navigate":
            return f"{who} navigates"
        if phase == "pick":
            return f"{who} chooses the navigation card from {_plural(len(s.row_pile), 'card')}"
        if phase == "overboard":
            return (
                f"In the water: {_names([self._who(s, x) for x in s.overboard])};"
                f" {who} may throw the life preserver or chum, or play cards"
            )
        return (
            "Thirsty: " + ", ".join(f"{self._who(s, x)} ×{s.thirst[x]}" for x in s.boat if s.thirst[x])
            + f"; {who} may give water"
        )

    def view(self, state: LifeboatState, seat: int | None) -> LifeboatView:
        s = state
        n = len(s.players)
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        phase = s.phase
        over = phase == "over"
        position = {x: i for i, x in enumerate(s.boat)}
        in_window = phase in ("fight", "overboard", "thirst")
        seats = []
        for x in range(n):
            ch = s.characters[x]
            side = "attacker" if x in s.attackers else "defender" if x in s.defenders else None
            seats.append(
                SeatView(
                    seat=x,
                    player=s.players[x],
                    character=CHARACTERS[ch].key,
                    character_name=CHARACTER_NAMES[ch],
                    size=SIZE[ch],
                    survival=SURVIVAL[ch],
                    position=position.get(x),
                    wounds=s.wounds[x],
                    status=status(s, x),  # type: ignore[arg-type]
                    face_up=s.face_up[x],
                    hand_size=len(s.hands[x]),
                    parasol_open=s.parasol_open and PARASOL in s.face_up[x],
                    rowed=s.rowed[x],
                    fought=s.fought[x],
                    fight_side=side if phase == "fight" else None,
                    overboard=x in s.overboard,
                    thirst=s.thirst[x] if s.thirst else 0,
                    hand=s.hands[x] if x == seat else None,
                    love=CHARACTERS[s.love[x]].key if x == seat else None,
                    hate=CHARACTERS[s.hate[x]].key if x == seat else None,
                )
            )
        demand = None
        if s.demand_kind is not None and phase in ("respond", "fight"):
            demand = DemandView(
                kind=s.demand_kind,
                attacker=s.actor,
                target=s.demand_target,
                card=s.demand_card if s.demand_card >= 0 else None,
            )
        fight = None
        if phase == "fight":
            at, dt = fight_totals(s)
            fight = FightView(
                attacker=s.attackers[0],
                defender=s.defenders[0],
                attackers=s.attackers,
                defenders=s.defenders,
                attack_total=at,
                defend_total=dt,
            )
        trade = None
        if phase.startswith("trade"):
            stage = phase[len("trade_") :]
            proposer, partner = s.actor, s.trade_with
            trade = TradeView(
                proposer=proposer,
                partner=partner,
                stage=stage,  # type: ignore[arg-type]
                give_count=len(s.trade_give),
                back_count=len(s.trade_back),
                give=s.trade_give if seat == proposer or (seat == partner and stage != "offer") else None,
                back=s.trade_back if seat == partner or (seat == proposer and stage == "confirm") else None,
            )
        nav = navigator(s) if not over else -1
        nc = self._nav_cards(s)[s.nav_card] if s.nav_card >= 0 else None
        return LifeboatView(
            seat=seat,
            players=s.players,
            options=s.options,
            round=s.round,
            phase=phase,
            current=None if over else s.current,
            actor=s.actor if s.actor >= 0 else None,
            order=s.order,
            boat=s.boat,
            seats=tuple(seats),
            navigator=nav if nav >= 0 else None,
            seagulls=s.seagulls,
            seagulls_to_end=SEAGULLS_TO_END,
            supply_size=len(s.supply),
            set_aside_count=len(s.set_aside),
            navigation_size=len(s.nav_deck),
            row_pile_size=len(s.row_pile),
            discard=s.discard,
            lost_count=len(s.lost_cards),
            navigation_card=s.nav_card if s.nav_card >= 0 else None,
            navigation_text=nav_text(nc) if nc is not None else "",
            demand=demand,
            fight=fight,
            window=s.window if in_window else (),
            trade=trade,
            draft_size=len(s.draft),
            draft=s.draft if phase == "draft" and seat is not None and seat == s.current else None,
            drawn=s.drawn if phase == "row" and seat is not None and seat == s.current else None,
            row_pile=s.row_pile if phase == "pick" and seat is not None and seat == s.current else None,
            prompt=self._prompt(s),
            results=score_lines(s) if over else None,
            summary=s.summary,
            log=tuple(entry.public for entry in s.log),
            notes=_notes(s.log, seat),
            legal_actions=self.legal_for(s, seat),
        )

    # -- results -------------------------------------------------------------------------------------

    def outcome(self, state: LifeboatState) -> Outcome | None:
        if state.phase != "over":
            return None
        return self.outcome_of(state)

    def outcome_of(self, s: LifeboatState) -> Outcome:
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
        top = scores[winners[0]]
        if len(winners) == 1:
            headline = f"Land at the fourth seagull: {s.players[winners[0]]} wins with {top} points"
        else:
            names = _names([s.players[x] for x in winners])
            headline = f"Land at the fourth seagull: {names} share the win with {top} points"
        details = []
        for line in sorted(lines, key=lambda ln: -ln.total):  # stable: the ranking's order
            # One short line per seat (the results screen of an 80x24 terminal holds six of them); what the
            # status rules out is not listed: the dead have no survival, the lost at sea no treasure either.
            # 'Ana (Lauren): survival 8, treasure 3, ♥ Kid 5, ✖ self 9', 'Ben (Kid, lost at sea): ♥ Mate 0, ...'
            x = line.seat
            c = s.characters[x]
            items = []
            if line.status in ("conscious", "unconscious"):
                items.append(f"survival {line.survival}")
            if line.status != "lost":
                items.append(f"treasure {line.treasure}")
            love = "self" if s.love[x] == c else _SHORT_NAMES[s.love[x]]
            hate = "self" if s.hate[x] == c else _SHORT_NAMES[s.hate[x]]
            items += [f"♥ {love} {line.love_points}", f"✖ {hate} {line.hate_points}"]
            fate = {"dead": ", dead", "lost": ", lost at sea"}.get(line.status, "")
            details.append(f"{s.players[x]} ({_SHORT_NAMES[c]}{fate}): " + ", ".join(items))
        return Outcome(
            scores=scores,
            ranking=tuple(ranking),
            winners=winners,
            reason="the fourth seagull was sighted",
            headline=headline,
            details=tuple(details),
        )

    # -- labels --------------------------------------------------------------------------------------

    _PHASE_LABEL = {
        "draft": "supply",
        "action": "actions",
        "trade_offer": "actions",
        "trade_answer": "actions",
        "trade_confirm": "actions",
        "respond": "actions",
        "fight": "fight",
        "row": "actions",
        "navigate": "navigation",
        "pick": "navigation",
        "overboard": "overboard",
        "thirst": "thirst",
    }

    def turn_label(self, state: LifeboatState) -> str:
        if state.phase == "over":
            return "Game over"
        return f"Round {state.round} · {self._PHASE_LABEL[state.phase]} · {state.seagulls} seagull" + (
            "" if state.seagulls == 1 else "s"
        )

    def last_public_summary(self, state: LifeboatState) -> str:
        return state.summary

    def has_hidden_information(self, state: LifeboatState) -> bool:
        return True


RULES = LifeboatRules()
