"""Splendor Duel's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/001_34ee70203a36d0cb.txt (the rulebook with its rulings) and
shared/rules/splendor_duel.md (decisions where it is open); card data in assets/splendor_duel/cards.json.

A turn is several `apply` calls by the same seat; `state.phase` is the state machine:
  start    -> use privileges (any number), replenish (then `main`), or a main action directly
  main     -> a main action only (take tokens, take gold + reserve, buy) or, if none is possible, pass
  joker / take_token / steal / royal -> choices asked by the abilities of the bought card or royal card
  discard  -> return tokens one at a time until 10 remain
then the victory check, then the opponent's turn (or an extra turn for the same seat): turn.py.

`PHASES` says which action kinds each phase allows (and `out_of_phase` what any other is told); each
action kind K has check_K (why the rules refuse it, or None) and do_K (its effect), which the kernel in
engine/base.py dispatches. `list_actions` lists the candidates those checks allow, from the fast
enumerations in lines.py and cards.py; the kernel remembers the listing and applies a listed action
(found by identity among the cached singletons) without checking it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Event, Fact, GameRules, IllegalAction, Outcome, event, fact
from ..fastmodel import build, copy_with
from ..rng import derived_random, shuffled
from .cards import (
    MAX_RESERVED,
    buy_problem,
    can_afford,
    cheapest_payment,
    cost_after_bonuses,
    has_main_action,
    main_actions,
    payments,
    reserve_targets,
)
from .data import CARDS, CARDS_BY_LEVEL, FACE_UP, GEMS, GOLD, JOKER, PRIVILEGES, ROYALS, SPIRAL, TOKEN_COUNTS, Card
from .lines import BOARD_INFO, EMPTY, LINES, board_info, is_cell, take_problem
from .models import (
    ACTION_ADAPTER,
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    PlayerState,
    PlayerView,
    Refusal,
    Replenish,
    Reserve,
    SplendorDuelAction,
    SplendorDuelOptions,
    SplendorDuelState,
    SplendorDuelView,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from .turn import (
    MAX_TOKENS,
    add_tokens,
    advance,
    end_turn,
    gain_privilege,
    logged,
    new_event,
    news,
    owned,
    recount,
    with_seat,
)

__all__ = [
    "SplendorDuelRules",
    "RULES",
    "LINES",
    "cost_after_bonuses",
    "payments",
    "cheapest_payment",
    "can_afford",
    "buy_problem",
    "MAX_TOKENS",
    "MAX_RESERVED",
]

MAIN_STEP = ("start", "main")
_MAIN_ACTIONS = ("take_tokens", "reserve", "buy", "pass")
# Which action kinds each phase allows: privileges and the replenish before the main action, the main
# action (or, with none possible, passing), then the choices a bought card or a royal card asks for.
PHASES: dict[str, tuple[str, ...]] = {
    "start": ("use_privilege", "replenish", *_MAIN_ACTIONS),
    "main": _MAIN_ACTIONS,
    "joker": ("place_joker",),
    "take_token": ("take_board_token",),
    "steal": ("steal_token",),
    "royal": ("choose_royal",),
    "discard": ("discard",),
    "over": (),
}
# What the main step, once replenished, tells the optional steps.
_AFTER_REPLENISH = {"use_privilege": "privilege_after_replenish", "replenish": "already_replenished"}
# The choice each phase waits for, as the refusal of any other action.
PENDING_CHOICE = {
    "joker": "must_place_joker",
    "take_token": "must_take_board_token",
    "steal": "must_steal",
    "royal": "must_choose_royal",
    "discard": "must_discard",
}

_BOARD_TAKE = tuple(build(TakeBoardToken, cell=c) for c in range(25))
_STEAL = tuple(build(StealToken, colour=c) for c in range(7))
_DISCARD = tuple(build(DiscardToken, colour=c) for c in range(7))
_JOKER = tuple(build(PlaceJoker, colour=c) for c in range(7))
_ROYAL = {r: build(ChooseRoyal, royal=r) for r in ROYALS}
_REPLENISH = build(Replenish)
_PASS = build(Pass)
_SEAT_SETS = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()

# The View carries, for the seat to act, why the engine would refuse each kind of action a key may try
# (SplendorDuelView.refusals), so that a screen says the engine's reason instead of working a rule out.
# TRIED_ACTIONS are tried with what they act on left out: the answer is what stops the kind as such (a
# choice the turn waits for, the replenish already made, no privilege, three reserved cards, no gold on the
# board, a main action still possible for a pass). An answer about the part left out (NEEDS_A_TARGET)
# means nothing does, and is not kept. Where nothing stops the kind as such, the TARGETED_TRIES: a
# privilege on each board cell the listing does not offer one on, and a reservation of each level's deck.
TRIED_ACTIONS: dict[str, Any] = {
    "take_tokens": TakeTokens.model_construct(cells=()),
    "buy": Buy.model_construct(card=None, payment=()),
    "reserve": Reserve.model_construct(gold_cell=None, level=None, card=None),
    "use_privilege": UsePrivilege.model_construct(cell=None),
    "replenish": Replenish(),
    "pass": Pass(),
}
NEEDS_A_TARGET = frozenset({"no_tokens_selected", "card_not_available", "not_a_gold", "no_such_cell"})
TARGETED_TRIES = ("use_privilege", "reserve_deck")
_PRIVILEGE_ON = tuple(build(UsePrivilege, cell=c) for c in range(25))
_RESERVE_DECK = tuple(tuple(build(Reserve, gold_cell=c, level=lv, card=None) for lv in (1, 2, 3)) for c in range(25))
_REFUSALS: dict[tuple[Any, ...], Refusal] = {}  # (kind, target, code, params) -> the one Refusal saying it


def _refusal_of(kind: str, refused: IllegalAction, target: int | None) -> Refusal:
    """The View's Refusal of `kind` (tried on `target`) for the engine's `refused`: one shared object for
    each (read-only, as every View is), made once."""
    params = refused.params
    key = (kind, target, refused.code, *params.items())
    try:
        found = _REFUSALS.get(key)
    except TypeError:  # a parameter that is no key (a list): not shared
        return Refusal(kind=kind, code=refused.code, params=dict(params), target=target)
    if found is None:
        found = _REFUSALS[key] = Refusal(kind=kind, code=refused.code, params=dict(params), target=target)
    return found


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def privilege_keeps_a_main_action(state: SplendorDuelState, seat: int, cell: int, others_left: int) -> bool:
    """The seed's ruling: a privilege may be spent only if a main action stays possible, now or after
    a replenish. Cheap unless no other gem or pearl stays on the board (`others_left`)."""
    if others_left > 0:
        return True  # taking one of those stays possible
    p = state.seats[seat]
    board = list(state.board)
    colour = board[cell]
    board[cell] = EMPTY
    if has_main_action(state, board, p, add_tokens(p.tokens, colour)):
        return True
    bag = state.bag
    if any(bag[:GOLD]):
        return True
    return bool(bag[GOLD]) and len(p.reserved) < MAX_RESERVED and reserve_targets(state)


def _refill(row: tuple[int, ...], cid: int, decks: list[tuple[int, ...]], lv: int) -> tuple[int, ...]:
    """The display row with `cid` replaced by the top of its deck (an empty slot if the deck is empty)."""
    slot = row.index(cid)
    new = 0
    if decks[lv]:
        new = decks[lv][0]
        decks[lv] = decks[lv][1:]
    return (*row[:slot], new, *row[slot + 1 :])


def _bought(card: Card) -> tuple[str, ...]:
    """The abilities buying `card` leaves to resolve (a token to take names its colour)."""
    return tuple(f"take_token:{card.colour}" if a == "take_token" else a for a in card.abilities)


_PENDING = {cid: _bought(card) for cid, card in CARDS.items()}


class SplendorDuelRules(GameRules[SplendorDuelState, SplendorDuelAction, SplendorDuelView, SplendorDuelOptions]):  # type: ignore[type-var]
    id = "splendor_duel"
    title = id.replace("_", " ").title()  # for programmers; players read the narrator's title
    min_players = 2
    max_players = 2
    Options = SplendorDuelOptions
    State = SplendorDuelState
    action_adapter = ACTION_ADAPTER
    phases = PHASES
    # A listed action is applied unchecked: a buy's check lists every payment, a take's checks its line.
    remember_listing = True

    # -- setup

    def setup(self, players: Sequence[str], options: SplendorDuelOptions | None, seed: str) -> SplendorDuelState:
        options = options if options is not None else SplendorDuelOptions()
        players = self.seat_players(players)
        decks = [list(shuffled(CARDS_BY_LEVEL[lv], seed, f"deck-{lv + 1}")) for lv in range(3)]
        pyramid = tuple(tuple(decks[lv][: FACE_UP[lv]]) for lv in range(3))
        decks_t = tuple(tuple(decks[lv][FACE_UP[lv] :]) for lv in range(3))
        pool = [colour for colour, n in enumerate(TOKEN_COUNTS) for _ in range(n)]
        order = shuffled(pool, seed, "board")
        board = [EMPTY] * 25
        for cell, colour in zip(SPIRAL, order):
            board[cell] = colour
        first = derived_random(seed, "first").randrange(2)
        empty = (0,) * 7
        seats = tuple(PlayerState(tokens=empty, privileges=1 if s != first else 0) for s in range(2))
        log = (new_event("start", {"first": first, "second": 1 - first}),)  # the second player's privilege
        return SplendorDuelState(
            players=players,
            options=options,
            seed=seed,
            current=first,
            board=tuple(board),
            bag=empty,
            decks=decks_t,
            pyramid=pyramid,
            royals=tuple(sorted(ROYALS)),
            supply_privileges=PRIVILEGES - 1,
            seats=seats,
            log=log,
            turn_start=len(log),
        )

    # -- whose move

    def to_act(self, state: SplendorDuelState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEAT_SETS[state.current]

    def list_actions(self, state: SplendorDuelState, seat: int) -> tuple[SplendorDuelAction, ...]:
        """Every candidate the checks below allow, listed fast (the tests hold the two to agreeing)."""
        return tuple(self._listing(state, seat))

    def _listing(self, state: SplendorDuelState, seat: int) -> list[Any]:
        phase = state.phase
        p = state.seats[seat]
        if phase in MAIN_STEP:
            out: list[Any] = []
            board = state.board
            info = BOARD_INFO.get(board)
            if info is None:
                info = board_info(board)
            bag_left = phase == "start" and any(state.bag)
            if phase == "start":
                if p.privileges:
                    privs = info[2]
                    if len(privs) > 1:  # taking one leaves another to take: always allowed
                        out.extend(privs)
                    elif privs and privilege_keeps_a_main_action(state, seat, privs[0].cell, 0):
                        out.append(privs[0])
                if bag_left:
                    out.append(_REPLENISH)
            before = len(out)
            main_actions(state, seat, info, out)
            if len(out) == before and not bag_left:
                out.append(_PASS)
            return out
        if phase == "discard":
            return [_DISCARD[c] for c in range(7) if p.tokens[c]]
        if phase == "take_token":
            return [_BOARD_TAKE[c] for c in range(25) if state.board[c] == state.choice_colour]
        if phase == "steal":
            o = state.seats[1 - seat]
            return [_STEAL[c] for c in range(GOLD) if o.tokens[c]]
        if phase == "royal":
            return [_ROYAL[r] for r in state.royals]
        if phase == "joker":
            return [_JOKER[c] for c in GEMS if p.bonuses[c]]
        return []  # pragma: no cover

    # -- checks: why the rules refuse an action (None: allowed)

    def out_of_phase(self, state: SplendorDuelState, seat: int, kind: str) -> IllegalAction:
        """A pending choice waits for its answer; the main step has no choice to answer, and once the bag is
        replenished neither a privilege nor another replenish."""
        phase = state.phase
        if phase == "take_token":
            return IllegalAction(PENDING_CHOICE["take_token"], colour=state.choice_colour)
        if phase not in MAIN_STEP:
            return IllegalAction(PENDING_CHOICE[phase])
        return IllegalAction(_AFTER_REPLENISH.get(kind, "nothing_to_choose"))

    def check_use_privilege(self, state: SplendorDuelState, seat: int, action: UsePrivilege) -> IllegalAction | None:
        if not state.seats[seat].privileges:
            return IllegalAction("no_privilege")
        cell = action.cell
        if not is_cell(cell):
            return IllegalAction("no_such_cell")
        colour = state.board[cell]
        if colour == EMPTY:
            return IllegalAction("cell_empty", cell=cell)
        if colour == GOLD:
            return IllegalAction("privilege_not_gold")
        others_left = sum(1 for v in state.board if 0 <= v < GOLD) - 1
        if not privilege_keeps_a_main_action(state, seat, cell, others_left):
            return IllegalAction("privilege_leaves_no_action")
        return None

    def check_replenish(self, state: SplendorDuelState, seat: int, action: Replenish) -> IllegalAction | None:
        if not any(state.bag):
            return IllegalAction("bag_empty")
        return None

    def check_take_tokens(self, state: SplendorDuelState, seat: int, action: TakeTokens) -> IllegalAction | None:
        cells = action.cells
        if not all(is_cell(c) for c in cells):
            return IllegalAction("no_such_cell")
        problem = take_problem(state.board, cells)
        if problem is not None:
            return problem
        if cells != tuple(sorted(cells)):
            return IllegalAction("cells_out_of_order")
        return None

    def check_reserve(self, state: SplendorDuelState, seat: int, action: Reserve) -> IllegalAction | None:
        if len(state.seats[seat].reserved) >= MAX_RESERVED:
            return IllegalAction("reserve_full", most=MAX_RESERVED)
        if GOLD not in state.board:
            return IllegalAction("no_gold_on_board")
        cell = action.gold_cell
        if not is_cell(cell) or state.board[cell] != GOLD:
            return IllegalAction("not_a_gold", cell=cell if is_cell(cell) else None)
        level = action.level
        if not _is_int(level, 1, 3):
            return IllegalAction("no_such_level")
        card = action.card
        if card is None:
            if not state.decks[level - 1]:
                return IllegalAction("deck_empty", level=level)
        elif not card or card not in state.pyramid[level - 1]:
            return IllegalAction("card_not_on_display", level=level)
        return None

    def check_buy(self, state: SplendorDuelState, seat: int, action: Buy) -> IllegalAction | None:
        p = state.seats[seat]
        card = action.card
        if not (type(card) is int and card in CARDS and (card in p.reserved or any(card in row for row in state.pyramid))):
            return IllegalAction("card_not_available")
        problem = buy_problem(card, p.bonuses, p.tokens)
        if problem is not None:
            return problem
        if action.payment not in payments(cost_after_bonuses(card, p.bonuses), p.tokens):
            return IllegalAction("wrong_payment")
        return None

    def check_pass(self, state: SplendorDuelState, seat: int, action: Pass) -> IllegalAction | None:
        p = state.seats[seat]
        if (state.phase == "start" and any(state.bag)) or has_main_action(state, state.board, p, p.tokens):
            return IllegalAction("pass_not_allowed")
        return None

    def check_place_joker(self, state: SplendorDuelState, seat: int, action: PlaceJoker) -> IllegalAction | None:
        colour = action.colour
        if not (_is_int(colour, 0, len(GEMS) - 1) and state.seats[seat].bonuses[colour]):
            return IllegalAction("joker_colour_not_owned", colour=colour if _is_int(colour, 0, GOLD) else None)
        return None

    def check_take_board_token(self, state: SplendorDuelState, seat: int, action: TakeBoardToken) -> IllegalAction | None:
        if not (is_cell(action.cell) and state.board[action.cell] == state.choice_colour):
            return IllegalAction("not_that_colour", colour=state.choice_colour)
        return None

    def check_steal_token(self, state: SplendorDuelState, seat: int, action: StealToken) -> IllegalAction | None:
        colour = action.colour
        if colour == GOLD:
            return IllegalAction("steal_not_gold")
        if not (_is_int(colour, 0, GOLD - 1) and state.seats[1 - seat].tokens[colour]):
            return IllegalAction("opponent_lacks_token", colour=colour if _is_int(colour, 0, GOLD) else None)
        return None

    def check_choose_royal(self, state: SplendorDuelState, seat: int, action: ChooseRoyal) -> IllegalAction | None:
        if action.royal not in state.royals:
            return IllegalAction("royal_not_available")
        return None

    def check_discard(self, state: SplendorDuelState, seat: int, action: DiscardToken) -> IllegalAction | None:
        colour = action.colour
        if not (_is_int(colour, 0, GOLD) and state.seats[seat].tokens[colour]):
            return IllegalAction("no_token_to_return", colour=colour if _is_int(colour, 0, GOLD) else None)
        return None

    # -- step 1 and 2

    def do_use_privilege(self, state: SplendorDuelState, seat: int, action: UsePrivilege) -> SplendorDuelState:
        board = list(state.board)
        colour = board[action.cell]
        board[action.cell] = EMPTY
        p = state.seats[seat]
        p = copy_with(p, {"tokens": add_tokens(p.tokens, colour), "privileges": p.privileges - 1})
        entry = new_event("privilege_used", {"seat": seat, "colour": colour, "cell": action.cell})
        return logged(
            state,
            entry,
            board=tuple(board),
            seats=with_seat(state.seats, seat, p),
            supply_privileges=state.supply_privileges + 1,
        )

    def do_replenish(self, state: SplendorDuelState, seat: int, action: Replenish) -> SplendorDuelState:
        pool = [colour for colour, n in enumerate(state.bag) for _ in range(n)]
        order = shuffled(pool, state.seed, "replenish", state.replenishes)
        board = list(state.board)
        i = 0
        for cell in SPIRAL:
            if i >= len(order):
                break
            if board[cell] == EMPTY:
                board[cell] = order[i]
                i += 1
        seats, supply, source = gain_privilege(state.seats, state.supply_privileges, 1 - seat)
        entry = new_event("replenished", {"seat": seat, "count": len(pool), "privilege": source})
        return logged(
            state,
            entry,
            phase="main",
            board=tuple(board),
            bag=(0,) * 7,
            seats=seats,
            supply_privileges=supply,
            replenishes=state.replenishes + 1,
        )

    # -- main actions

    def do_take_tokens(self, state: SplendorDuelState, seat: int, action: TakeTokens) -> SplendorDuelState:
        board = list(state.board)
        p = state.seats[seat]
        tokens = list(p.tokens)
        got = [0] * 7
        for c in action.cells:
            colour = board[c]
            got[colour] += 1
            tokens[colour] += 1
            board[c] = EMPTY
        seats = with_seat(state.seats, seat, copy_with(p, {"tokens": tuple(tokens)}))
        supply = state.supply_privileges
        source = None
        if 3 in got[:5] or got[5] == 2:  # three of a gem colour, or both pearls: the opponent's privilege
            seats, supply, source = gain_privilege(seats, supply, 1 - seat)
        entry = new_event("took_tokens", {"seat": seat, "tokens": got, "privilege": source})
        return advance(state, seat, entry, board=tuple(board), seats=seats, supply_privileges=supply, passes=0)

    def do_reserve(self, state: SplendorDuelState, seat: int, action: Reserve) -> SplendorDuelState:
        board = list(state.board)
        board[action.gold_cell] = EMPTY
        lv = action.level - 1
        decks = list(state.decks)
        pyramid = list(state.pyramid)
        if action.card is None:  # blind: only the reserving player learns which card it is
            cid = decks[lv][0]
            decks[lv] = decks[lv][1:]
            secret: tuple[tuple[int, dict[str, Any]], ...] = ((seat, {"drawn": cid}),)
        else:
            cid = action.card
            pyramid[lv] = _refill(pyramid[lv], cid, decks, lv)
            secret = ()
        p = state.seats[seat]
        p = copy_with(p, {"tokens": add_tokens(p.tokens, GOLD), "reserved": (*p.reserved, cid)})
        args = {"seat": seat, "cell": action.gold_cell, "level": action.level, "card": action.card}
        return advance(
            state,
            seat,
            new_event("reserved", args, secret),
            board=tuple(board),
            decks=tuple(decks),
            pyramid=tuple(pyramid),
            seats=with_seat(state.seats, seat, p),
            passes=0,
        )

    def do_buy(self, state: SplendorDuelState, seat: int, action: Buy) -> SplendorDuelState:
        cid = action.card
        card: Card = CARDS[cid]
        pay = action.payment
        p = state.seats[seat]
        tokens = tuple([a - b for a, b in zip(p.tokens, pay)])
        bag = tuple([a + b for a, b in zip(state.bag, pay)])
        decks = list(state.decks)
        pyramid = list(state.pyramid)
        reserved = p.reserved
        lv = card.level - 1
        from_reserve = cid in reserved
        if from_reserve:
            reserved = tuple(r for r in reserved if r != cid)
        else:
            pyramid[lv] = _refill(pyramid[lv], cid, decks, lv)
        colour = card.colour if card.colour < 5 else None
        update = recount(p, (*p.cards, owned(cid, colour)), p.royals)
        update["tokens"] = tokens
        update["reserved"] = reserved
        p = copy_with(p, update)
        entry = new_event("bought", {"seat": seat, "card": cid, "reserved": from_reserve, "payment": list(pay)})
        return advance(
            state,
            seat,
            entry,
            bag=bag,
            decks=tuple(decks),
            pyramid=tuple(pyramid),
            seats=with_seat(state.seats, seat, p),
            pending=_PENDING[cid],
            passes=0,
        )

    def do_pass(self, state: SplendorDuelState, seat: int, action: Pass) -> SplendorDuelState:
        passes = state.passes + 1
        entry = new_event("passed", {"seat": seat})
        if passes >= 2:  # neither player can act: the game ends without a winner
            s = logged(state, entry, passes=passes, extra_turn=False)
            return logged(s, new_event("stalemate", {}), phase="over", winner=None)
        return end_turn(state, seat, entry, passes=passes, extra_turn=False)

    # -- choices

    def do_place_joker(self, state: SplendorDuelState, seat: int, action: PlaceJoker) -> SplendorDuelState:
        p = state.seats[seat]
        cards = list(p.cards)
        for i in range(len(cards) - 1, -1, -1):
            if cards[i].colour is None and CARDS[cards[i].card].colour == JOKER:
                cards[i] = owned(cards[i].card, action.colour)
                break
        p = copy_with(p, recount(p, tuple(cards), p.royals))
        entry = new_event("joker_placed", {"seat": seat, "colour": action.colour})
        return advance(state, seat, entry, seats=with_seat(state.seats, seat, p))

    def do_take_board_token(self, state: SplendorDuelState, seat: int, action: TakeBoardToken) -> SplendorDuelState:
        board = list(state.board)
        colour = board[action.cell]
        board[action.cell] = EMPTY
        p = state.seats[seat]
        p = copy_with(p, {"tokens": add_tokens(p.tokens, colour)})
        entry = new_event("took_board_token", {"seat": seat, "colour": colour, "cell": action.cell})
        return advance(state, seat, entry, board=tuple(board), seats=with_seat(state.seats, seat, p), choice_colour=-1)

    def do_steal_token(self, state: SplendorDuelState, seat: int, action: StealToken) -> SplendorDuelState:
        p, o = state.seats[seat], state.seats[1 - seat]
        p = copy_with(p, {"tokens": add_tokens(p.tokens, action.colour)})
        o = copy_with(o, {"tokens": add_tokens(o.tokens, action.colour, -1)})
        seats = with_seat(with_seat(state.seats, seat, p), 1 - seat, o)
        entry = new_event("stole", {"seat": seat, "colour": action.colour, "victim": 1 - seat})
        return advance(state, seat, entry, seats=seats)

    def do_choose_royal(self, state: SplendorDuelState, seat: int, action: ChooseRoyal) -> SplendorDuelState:
        r = action.royal
        p = state.seats[seat]
        update = recount(p, p.cards, (*p.royals, r))
        update["thresholds"] = p.thresholds + 1
        p = copy_with(p, update)
        return advance(
            state,
            seat,
            new_event("royal_claimed", {"seat": seat, "royal": r}),
            seats=with_seat(state.seats, seat, p),
            royals=tuple(x for x in state.royals if x != r),
            pending=(*ROYALS[r].abilities, *state.pending),
        )

    def do_discard(self, state: SplendorDuelState, seat: int, action: DiscardToken) -> SplendorDuelState:
        p = state.seats[seat]
        p = copy_with(p, {"tokens": add_tokens(p.tokens, action.colour, -1)})
        return advance(
            state,
            seat,
            new_event("returned", {"seat": seat, "colour": action.colour}),
            seats=with_seat(state.seats, seat, p),
            bag=add_tokens(state.bag, action.colour),
        )

    # -- view

    def view(self, state: SplendorDuelState, seat: int | None) -> SplendorDuelView:
        if seat is not None and not (type(seat) is int and 0 <= seat < 2):
            raise ValueError(f"no seat {seat!r}")
        legal = self.legal_for(state, seat)
        seats = tuple(
            PlayerView(
                seat=s,
                name=state.players[s],
                tokens=p.tokens,
                privileges=p.privileges,
                cards=p.cards,
                reserved=p.reserved if s == seat else None,
                reserved_count=len(p.reserved),
                royals=p.royals,
                bonuses=p.bonuses,
                colour_points=p.colour_points,
                points=p.points,
                crowns=p.crowns,
            )
            for s, p in enumerate(state.seats)
        )
        return SplendorDuelView(
            seat=seat,
            players=state.players,
            turn=state.turn,
            current=state.current,
            phase=state.phase,
            board=state.board,
            bag_size=sum(state.bag),
            deck_sizes=tuple(len(d) for d in state.decks),
            pyramid=state.pyramid,
            royals=state.royals,
            supply_privileges=state.supply_privileges,
            seats=seats,
            pending=state.pending,
            choice_colour=state.choice_colour,
            extra_turn=state.extra_turn,
            quiet_turns=state.quiet_turns,
            winner=state.winner,
            win_reasons=state.win_reasons,
            news=self.news(state),
            log=self.log_for(state, seat),
            legal_actions=legal,
            refusals=self.refusals(state, seat, legal),
        )

    def refusals(self, state: SplendorDuelState, seat: int | None, legal: Sequence[Any] = ()) -> tuple[Refusal, ...]:
        """For `seat` when it is to act: each of TRIED_ACTIONS the engine would refuse as such now, and why;
        then, for a privilege and a reservation nothing stops as such, the TARGETED_TRIES (`legal`: the
        seat's legal actions, already listed). Nothing for another seat: it has nothing to try.

        Cheap, as every View asks (the bots' too): the targeted tries go straight to their check (the
        kernel's part, the turn and the phase, is answered by the try without a target), and the same
        refusal is one shared object."""
        if seat != state.current or state.phase == "over":
            return ()
        found: list[Refusal] = []
        stopped: set[str] = set()
        for kind, action in TRIED_ACTIONS.items():
            refused = self.refusal(state, seat, action)
            if refused is not None and refused.code not in NEEDS_A_TARGET:
                found.append(_refusal_of(kind, refused, None))
                stopped.add(kind)
        if "use_privilege" not in stopped:
            offered = {action.cell for action in legal if type(action) is UsePrivilege}
            for cell in range(25):
                if cell not in offered:
                    refused = self.check_use_privilege(state, seat, _PRIVILEGE_ON[cell])
                    if refused is not None:
                        found.append(_refusal_of("use_privilege", refused, cell))
        if "reserve" not in stopped:
            gold = state.board.index(GOLD)  # nothing stops a reservation as such: a gold is on the board
            for deck in _RESERVE_DECK[gold]:
                refused = self.check_reserve(state, seat, deck)
                if refused is not None:
                    found.append(_refusal_of("reserve_deck", refused, deck.level))
        return tuple(found)

    @staticmethod
    def news(state: SplendorDuelState) -> tuple[Event, ...]:
        """What the table has seen since the current player's last turn (secrets left out)."""
        return tuple(entry.seen_by(None) or entry for entry in news(state))

    # -- results

    def outcome(self, state: SplendorDuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(p.points for p in state.seats)
        details = tuple(
            fact("totals", seat=s, points=p.points, crowns=p.crowns, best=max(p.colour_points))
            for s, p in enumerate(state.seats)
        )
        w = state.winner
        if w is None:
            reason = "no_progress" if state.log and state.log[-1].kind == "no_progress" else "stalemate"
            return Outcome(
                scores=scores, ranking=((0, 1),), winners=(), reason=reason, headline=fact("no_winner"), details=details
            )
        reasons = [{"kind": r.kind, **r.args} for r in state.win_reasons]
        return Outcome(
            scores=scores,
            ranking=((w,), (1 - w,)),
            winners=(w,),
            reason=state.win_reasons[0].kind if state.win_reasons else "won",
            headline=fact("won", seat=w, reasons=reasons),
            details=details,
        )

    # -- labels

    def turn_label(self, state: SplendorDuelState) -> Fact:
        if state.phase == "over":
            return fact("game_over")
        return fact("turn_of", turn=state.turn + 1, seat=state.current)

    def last_public_event(self, state: SplendorDuelState) -> Event | None:
        """The news (everything since the current player's last turn) as one event the handoff can say."""
        told = self.news(state)
        if len(told) <= 1:
            return told[0] if told else None
        return event("news", events=[{"kind": e.kind, "args": e.args} for e in told])

    def has_hidden_information(self, state: SplendorDuelState) -> bool:
        return True


RULES = SplendorDuelRules()
