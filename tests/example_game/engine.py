"""High card: the example game's engine, everything a real game keeps in engine/<id>/ (models.py, rules.py,
reveal.py) in one short file. Pure: the standard library, pydantic and engine/base.py, never a screen.

The game (see high_card.md): two players each hold `hand_size` cards from a shuffled deck of the cards 1 to 13.
The leader plays a card face up, the other player answers with one, and the higher card wins the trick and
leads the next. When the hands are empty, whoever won more tricks wins (an odd number of tricks: no ties).

What is hidden: each hand from the other player, and the cards never dealt from both. The log's deal event
tells each player their own cards as a secret argument (`Event.secret`); every other event is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field, TypeAdapter

from boardgames_tui.engine.base import Event, Fact, FrozenModel, GameRules, IllegalAction, Outcome, event, fact
from boardgames_tui.engine.rng import derived_random, shuffled

DECK = tuple(range(1, 14))  # the cards 1 to 13, each once


# Models: options, state, actions, view -------------------------------------------------------------------


class HighCardOptions(FrozenModel):
    """The setup screen is generated from these fields (a Literal is a choice, a bool a switch); the narrator
    names them (OPTION_LABELS ...)."""

    hand_size: Literal[3, 5] = 3


class HighCardState(FrozenModel):
    players: tuple[str, ...]
    options: HighCardOptions
    seed: str
    hands: tuple[tuple[int, ...], ...] = Field(repr=False)  # secret: each seat may see its own only
    undealt: tuple[int, ...] = Field(repr=False)  # secret from everyone, never in a View
    leader: int  # leads the trick in progress
    current: int | None  # whose decision is pending; None once the game is over
    table: tuple[int, ...] = ()  # the trick in progress, the leader's card first
    tricks: tuple[int, ...] = (0, 0)  # tricks won, per seat
    trick: int = 1  # the number of the trick in progress
    log: tuple[Event, ...] = ()


class PlayCard(FrozenModel):
    kind: Literal["play"] = "play"  # every action has a `kind`: saves and logs are plain JSON
    card: int


class HighCardView(FrozenModel):
    """What one seat may know (seat None: the whole table). Everything a screen or a bot is given."""

    seat: int | None
    players: tuple[str, ...]
    options: HighCardOptions
    hand: tuple[int, ...]  # the seat's own cards; () for the public table
    hand_sizes: tuple[int, ...]  # how many cards each player holds
    leader: int
    current: int | None
    table: tuple[int, ...]
    tricks: tuple[int, ...]
    trick: int
    log: tuple[Event, ...]
    legal_actions: tuple[PlayCard, ...]


class HighCardRevealed(FrozenModel):
    """What was hidden, laid open once the game is over (engine/reveal.py finds `reveal` by the game's id)."""

    players: tuple[str, ...]
    dealt: tuple[tuple[int, ...], ...]
    undealt: tuple[int, ...]


# Rules ---------------------------------------------------------------------------------------------------


def deal(seed: str, hand_size: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The two hands (sorted) and the undealt cards: every shuffle comes from the deal number."""
    deck = shuffled(DECK, seed, "deck")
    hands = (tuple(sorted(deck[:hand_size])), tuple(sorted(deck[hand_size : 2 * hand_size])))
    return hands, deck[2 * hand_size :]


class HighCardRules(GameRules[HighCardState, PlayCard, HighCardView, HighCardOptions]):
    id = "high_card"
    title = "High card"
    min_players = 2
    max_players = 2
    Options = HighCardOptions
    State = HighCardState
    action_adapter = TypeAdapter(PlayCard)  # a real game has several kinds: a union discriminated by `kind`
    max_actions = 20

    def setup(self, players: Sequence[str], options: HighCardOptions, seed: str) -> HighCardState:
        players = self.seat_players(players)
        hands, undealt = deal(seed, options.hand_size)
        leader = derived_random(seed, "leader").randrange(2)
        dealt = event(
            "deal", size=options.hand_size, leader=leader, secret=tuple((s, {"cards": list(hands[s])}) for s in (0, 1))
        )
        return HighCardState(
            players=players, options=options, seed=seed, hands=hands, undealt=undealt, leader=leader,
            current=leader, log=(dealt,),
        )

    def to_act(self, state: HighCardState) -> frozenset[int]:
        return frozenset() if state.current is None else frozenset({state.current})

    def list_actions(self, state: HighCardState, seat: int) -> Sequence[PlayCard]:
        """Every legal action of `seat`, who is to act (the kernel answers for everyone else)."""
        return tuple(PlayCard(card=card) for card in state.hands[seat])

    # The apply kernel (GameRules.apply): check_<kind> says why the rules refuse an action, do_<kind> does it.

    def check_play(self, state: HighCardState, seat: int, action: PlayCard) -> IllegalAction | None:
        if action.card not in state.hands[seat]:
            return IllegalAction("not_in_hand", card=action.card)
        return None

    def do_play(self, state: HighCardState, seat: int, action: PlayCard) -> HighCardState:
        hands = list(state.hands)
        hands[seat] = tuple(card for card in hands[seat] if card != action.card)
        table = (*state.table, action.card)
        log = (*state.log, event("play", seat=seat, card=action.card))
        other = 1 - seat
        if len(table) < 2:
            return state.model_copy(update={"hands": tuple(hands), "table": table, "current": other, "log": log})
        winner = state.leader if table[0] > table[1] else other
        tricks = tuple(won + (s == winner) for s, won in enumerate(state.tricks))
        log = (*log, event("trick_won", seat=winner, trick=state.trick, cards=list(table)))
        update = {"hands": tuple(hands), "table": (), "tricks": tricks, "leader": winner, "log": log}
        if any(hands):
            return state.model_copy(update={**update, "current": winner, "trick": state.trick + 1})
        best = max((0, 1), key=lambda s: tricks[s])
        over = event("game_over", seat=best, tricks=tricks[best])
        return state.model_copy(update={**update, "current": None, "log": (*log, over)})

    def view(self, state: HighCardState, seat: int | None) -> HighCardView:
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"no seat {seat!r}")
        return HighCardView(
            seat=seat,
            players=state.players,
            options=state.options,
            hand=state.hands[seat] if seat is not None else (),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            leader=state.leader,
            current=state.current,
            table=state.table,
            tricks=state.tricks,
            trick=state.trick,
            log=self.log_for(state, seat),
            legal_actions=self.legal_for(state, seat),
        )

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.current is not None:
            return None
        winner = max((0, 1), key=lambda s: state.tricks[s])
        return Outcome(
            scores=state.tricks,
            ranking=((winner,), (1 - winner,)),
            winners=(winner,),
            reason="most_tricks",
            headline=fact("winner", seat=winner, tricks=state.tricks[winner], of=state.options.hand_size),
        )

    # What the screens around the game show -----------------------------------------------------------------

    def turn_label(self, state: HighCardState) -> Fact:
        if state.current is None:
            return fact("position_over")
        return fact("position_trick", trick=state.trick, of=state.options.hand_size)

    def public_pause(self, before: HighCardState, after: HighCardState) -> bool:
        """A finished trick is shown to the whole table, even when its winner (the same seat) leads next."""
        return bool(before.table) and not after.table


RULES = HighCardRules()


def reveal(state: HighCardState) -> HighCardRevealed:
    hands, undealt = deal(state.seed, state.options.hand_size)
    return HighCardRevealed(players=state.players, dealt=hands, undealt=undealt)
