"""Hanabi's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/003 (Board Game Arena's rule page) and shared/rules/hanabi.md.

Decisions where the rulebook is silent:
- The deal is round-robin, each new card entering slot 0 (the left end); seat 0 starts.
- After a play the replacement card is drawn first, then a bonus tile (five flamboyants) is resolved.
- "Shuffle a discard back" is skipped when the deck or the discard pile is empty; "replay a discard" is
  skipped when no discarded card is playable; a free clue is skipped only when no such clue can touch a card.
- "+1 token and remove a misfire" still gives the token when there is no misfire to remove.
- A third misfire ends the game at once (no replacement draw); completing every pile ends it at once.
- The drawer of the last card takes their extra turn last: the game ends exactly n turns after that draw.

The turn is a small state machine: phase "turn" (play, discard or clue), or one of the bonus decisions a
completed pile can leave pending (a free colour or number clue, a discard to shuffle back or to replay),
then "over". `phases` says which action kinds each phase allows (and `out_of_phase` what a pending bonus
decision answers to any other); each action kind K has check_K (why the rules refuse it) and do_K (its
effect), which the kernel in engine/base.py dispatches; see turn.py for the events an action logs.

Hot-path notes: actions are cached singletons, knowledge objects are interned and internal updates use
`model_construct` / `model_copy(update=...)` rather than validating constructors, so a random playout runs
tens of thousands of actions per second.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Event, Fact, GameRules, IllegalAction, Outcome, Refusal, event, fact
from ..rng import shuffled
from . import scoring
from .clues import clue_touches
from .config import (
    DISCARDS,
    PILE_SIZE,
    PLAYS,
    SKIP,
    clue_actions,
    clue_suits,
    config,
    deck_composition,
    game_suits,
    hand_size,
    max_score,
    needed_rank,
    playable_discards,
    replay_action,
    return_action,
)
from .config import after_clue as _after_clue
from .config import held as _held
from .models import (
    ACTION_ADAPTER,
    BLACK,
    BONUS_TILES,
    MAX_CLUE_TOKENS,
    MAX_MISFIRES,
    MULTI,
    RANKS,
    Card,
    ColourClue,
    DiscardCard,
    HanabiAction,
    HanabiOptions,
    HanabiState,
    HanabiView,
    HandView,
    HeldCard,
    Knowledge,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
    SlotView,
)
from .scoring import RATINGS, rating, score
from .turn import ACTION_EVENTS, TurnInProgress, card_code

__all__ = [
    "HanabiRules",
    "RULES",
    "RATINGS",
    "deck_composition",
    "game_suits",
    "clue_suits",
    "hand_size",
    "max_score",
    "rating",
    "score",
]

# Which action kinds each phase allows: an ordinary turn, then the bonus decisions a completed pile can leave.
PHASES: dict[str, tuple[str, ...]] = {
    "turn": ("play", "discard", "colour_clue", "number_clue"),
    "free_colour_clue": ("colour_clue",),
    "free_number_clue": ("number_clue",),
    "reshuffle_discard": ("return_discard", "skip_bonus"),
    "replay_discard": ("replay_discard", "skip_bonus"),
    "over": (),
}
# What a pending bonus decision answers to any other action.
_PENDING_REFUSAL: dict[str, str] = {
    "free_colour_clue": "free_colour_clue_first",
    "free_number_clue": "free_number_clue_first",
    "reshuffle_discard": "choose_reshuffle",
    "replay_discard": "choose_replay",
}
_SEATS: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(8))
_NOBODY: frozenset[int] = frozenset()


def _pending(state: HanabiState) -> IllegalAction:
    return IllegalAction(_PENDING_REFUSAL[state.phase])


def _as_int(value: Any) -> int | None:
    """A refusal's argument as JSON: the number the action named, or None for anything else."""
    return value if type(value) is int else None


def _find_discard(state: HanabiState, card_id: Any) -> tuple[int, Card] | None:
    for i, c in enumerate(state.discard):
        if c.id == card_id:
            return i, c
    return None


class HanabiRules(GameRules[HanabiState, HanabiAction, HanabiView, HanabiOptions]):  # type: ignore[type-var]
    max_actions = 1_000  # a turn is one action; clue tokens bound the turns to well under 200
    card_notes = True
    id = "hanabi"
    title = "Hanabi"
    min_players = 2
    max_players = 5
    Options = HanabiOptions
    State = HanabiState
    action_adapter = ACTION_ADAPTER
    phases = PHASES
    # A listed action is applied unchecked (tests/engine/hanabi/test_checks.py holds the listing to the checks).
    remember_listing = True

    # -- setup

    def setup(self, players: Sequence[str], options: HanabiOptions | None, seed: str) -> HanabiState:
        options = options if options is not None else HanabiOptions()
        players = self.seat_players(players)
        cfg = config(options)
        deck = shuffled(cfg.deck, seed, "deck")
        size = hand_size(options, len(players))
        # Conventional round-robin deal; each new card goes to the left (slot 0 = newest).
        hands: list[tuple[HeldCard, ...]] = [() for _ in players]
        pos = 0
        for _ in range(size):
            for seat in range(len(players)):
                hands[seat] = (HeldCard(card=deck[pos], knowledge=cfg.initial_knowledge), *hands[seat])
                pos += 1
        tiles = shuffled(BONUS_TILES, seed, "bonus") if options.five_flamboyants else ()
        return HanabiState(
            players=players,
            options=options,
            seed=seed,
            suits=cfg.suits,
            deck=deck[pos:],
            hands=tuple(hands),
            piles=tuple(0 for _ in cfg.suits),
            bonus_tiles=tiles,
        )

    # -- whose move, and what it may be

    def to_act(self, state: HanabiState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEATS[state.current]

    def list_actions(self, state: HanabiState, seat: int) -> tuple[HanabiAction, ...]:
        """Every action the checks below allow, listed fast (tests/engine/hanabi/test_checks.py holds the
        two to agreeing)."""
        phase = state.phase
        cfg = config(state.options)
        if phase == "turn":
            n = len(state.hands[seat])
            acts: list[HanabiAction] = list(PLAYS[:n])
            if state.clue_tokens < MAX_CLUE_TOKENS:
                acts.extend(DISCARDS[:n])
            if state.clue_tokens > 0:
                acts.extend(clue_actions(state.options, cfg, state.hands, seat, True, True))
            return tuple(acts)
        if phase == "free_colour_clue":
            return tuple(clue_actions(state.options, cfg, state.hands, seat, True, False))
        if phase == "free_number_clue":
            return tuple(clue_actions(state.options, cfg, state.hands, seat, False, True))
        if phase == "reshuffle_discard":
            return (*(return_action(c.id) for c in state.discard), SKIP)
        if phase == "replay_discard":
            return (*(replay_action(c.id) for c in playable_discards(state.discard, state.piles, cfg)), SKIP)
        return ()  # pragma: no cover

    # -- checks: why the rules refuse an action (None: allowed)

    def out_of_phase(self, state: HanabiState, seat: int, kind: str) -> IllegalAction:
        """A bonus decision pending waits for its answer; an ordinary turn has no bonus to answer."""
        return IllegalAction("no_bonus") if state.phase == "turn" else _pending(state)

    @staticmethod
    def _slot_refusal(state: HanabiState, seat: int, slot: Any) -> IllegalAction | None:
        if type(slot) is int and 0 <= slot < len(state.hands[seat]):
            return None
        return IllegalAction("no_such_slot", slot=_as_int(slot))

    def check_play(self, state: HanabiState, seat: int, action: PlayCard) -> IllegalAction | None:
        return self._slot_refusal(state, seat, action.slot)

    def check_discard(self, state: HanabiState, seat: int, action: DiscardCard) -> IllegalAction | None:
        if state.clue_tokens >= MAX_CLUE_TOKENS:
            return IllegalAction("all_clue_tokens", n=MAX_CLUE_TOKENS)
        return self._slot_refusal(state, seat, action.slot)

    def check_colour_clue(self, state: HanabiState, seat: int, action: ColourClue) -> IllegalAction | None:
        return self._token_refusal(state) or self._clue_refusal(state, seat, action)

    def check_number_clue(self, state: HanabiState, seat: int, action: NumberClue) -> IllegalAction | None:
        return self._token_refusal(state) or self._clue_refusal(state, seat, action)

    @staticmethod
    def _token_refusal(state: HanabiState) -> IllegalAction | None:
        """A clue costs a token in an ordinary turn (a free clue, its own bonus step, costs none)."""
        if state.phase == "turn" and state.clue_tokens <= 0:
            return IllegalAction("no_clue_tokens")
        return None

    @staticmethod
    def _clue_refusal(state: HanabiState, seat: int, action: ColourClue | NumberClue) -> IllegalAction | None:
        target = action.target
        if type(target) is not int or not 0 <= target < len(state.players):
            return IllegalAction("no_such_player", target=_as_int(target))
        if target == seat:
            return IllegalAction("clue_to_self")
        cfg = config(state.options)
        if isinstance(action, ColourClue):
            suit = action.suit
            if suit not in cfg.colour_clue_suits_set:
                if suit == BLACK:
                    return IllegalAction("black_not_named")
                if suit == MULTI:
                    return IllegalAction("multi_not_named")
                return IllegalAction("not_a_colour", suit=suit if isinstance(suit, str) else None)
            empty = IllegalAction("empty_colour_clue", target=target, suit=suit)
        else:
            rank = action.rank
            if rank not in RANKS:
                return IllegalAction("no_such_number", rank=_as_int(rank))
            empty = IllegalAction("empty_number_clue", target=target, rank=rank)
        if state.options.allow_empty_clues:
            return None
        if any(clue_touches(hc.card, action, cfg.avalanche) for hc in state.hands[target]):
            return None
        return empty

    def check_return_discard(self, state: HanabiState, seat: int, action: ReturnDiscard) -> IllegalAction | None:
        if _find_discard(state, action.card_id) is None:
            return IllegalAction("not_in_discard", card_id=_as_int(action.card_id))
        return None

    def check_replay_discard(self, state: HanabiState, seat: int, action: ReplayDiscard) -> IllegalAction | None:
        found = _find_discard(state, action.card_id)
        if found is None:
            return IllegalAction("not_in_discard", card_id=_as_int(action.card_id))
        card = found[1]
        cfg = config(state.options)
        need = needed_rank(state.piles, cfg, cfg.suit_index[card.suit])
        if need == 0:
            return IllegalAction("firework_already_complete", card=card_code(card))
        if card.rank != need:
            return IllegalAction("firework_needs", card=card_code(card), need=f"{card.suit}{need}")
        return None

    def check_skip_bonus(self, state: HanabiState, seat: int, action: SkipBonus) -> IllegalAction | None:
        """Only the two optional tiles may be declined (the phases say so); a free clue must be given."""
        return None

    # -- effects of allowed actions

    def do_play(self, state: HanabiState, seat: int, action: PlayCard) -> HanabiState:
        slot = action.slot
        t = TurnInProgress(state, config(state.options))
        hand = state.hands[seat]
        card = hand[slot].card
        rest = hand[:slot] + hand[slot + 1 :]
        i = t.cfg.suit_index[card.suit]
        if card.rank == t.need(i):
            complete = t.add_to_pile(i)
            t.log("play", seat=seat, card=card_code(card))
            if complete and all(p >= PILE_SIZE for p in t.piles):
                t.set_hand(seat, rest)  # the show is over: no replacement card
                t.pile_completed(i)
                return t.finish()
            # A plain completion (a clue token) is said before the draw, straight after the card that made it;
            # a bonus tile waits for the draw, as its effects may reach the deck.
            plain_completion = complete and not (state.options.five_flamboyants and t.bonus_tiles)
            if plain_completion:
                t.pile_completed(i)
            t.set_hand(seat, t.draw(rest))
            if complete and not plain_completion:
                t.pile_completed(i)
        else:
            t.discard = (*t.discard, card)
            t.misfires += 1
            t.log("misfire", seat=seat, card=card_code(card), misfires=t.misfires)
            if t.misfires >= MAX_MISFIRES:
                t.set_hand(seat, rest)
                t.over_reason = "third_misfire"
            else:
                t.set_hand(seat, t.draw(rest))
        return t.finish()

    def do_discard(self, state: HanabiState, seat: int, action: DiscardCard) -> HanabiState:
        slot = action.slot
        t = TurnInProgress(state, config(state.options))
        hand = state.hands[seat]
        card = hand[slot].card
        t.discard = (*t.discard, card)
        t.clue_tokens += 1
        t.log("discard", seat=seat, card=card_code(card))
        t.set_hand(seat, t.draw(hand[:slot] + hand[slot + 1 :]))
        return t.finish()

    def do_colour_clue(self, state: HanabiState, seat: int, action: ColourClue) -> HanabiState:
        cfg = config(state.options)
        named = frozenset((action.suit, MULTI)) if cfg.avalanche else frozenset((action.suit,))
        return self._clue(state, seat, action, cfg, True, named, suit=action.suit)

    def do_number_clue(self, state: HanabiState, seat: int, action: NumberClue) -> HanabiState:
        return self._clue(state, seat, action, config(state.options), False, frozenset((action.rank,)), rank=action.rank)

    def _clue(
        self,
        state: HanabiState,
        seat: int,
        action: ColourClue | NumberClue,
        cfg: Any,
        colour: bool,
        named: frozenset[Any],
        **value: Any,
    ) -> HanabiState:
        """Tell the target which of its cards the clue touches; every card learns what it is or is not."""
        target = action.target
        hand = state.hands[target]
        t = TurnInProgress(state, cfg)
        new_hand = []
        slots = []
        for index, hc in enumerate(hand):
            hit = clue_touches(hc.card, action, cfg.avalanche)
            if hit:
                slots.append(index)
            k = hc.knowledge
            nk = _after_clue(k, colour, named, hit)
            new_hand.append(hc if nk is k else _held(hc.card, nk))
        t.set_hand(target, tuple(new_hand))
        free = state.phase != "turn"
        if free:
            t.phase = "turn"
        else:
            t.clue_tokens -= 1
        t.log("colour_clue" if colour else "number_clue", seat=seat, target=target, slots=slots, free=free, **value)
        return t.finish()

    def do_return_discard(self, state: HanabiState, seat: int, action: ReturnDiscard) -> HanabiState:
        i, card = _find_discard(state, action.card_id)  # type: ignore[misc]
        t = TurnInProgress(state, config(state.options))
        t.discard = state.discard[:i] + state.discard[i + 1 :]
        t.deck = shuffled((*state.deck, card), state.seed, "reshuffle", state.reshuffles)
        t.reshuffles += 1
        t.phase = "turn"
        t.log("return_discard", seat=seat, card=card_code(card))
        return t.finish()

    def do_replay_discard(self, state: HanabiState, seat: int, action: ReplayDiscard) -> HanabiState:
        i, card = _find_discard(state, action.card_id)  # type: ignore[misc]
        t = TurnInProgress(state, config(state.options))
        suit_i = t.cfg.suit_index[card.suit]
        t.discard = state.discard[:i] + state.discard[i + 1 :]
        t.phase = "turn"
        t.log("replay_discard", seat=seat, card=card_code(card))
        if t.add_to_pile(suit_i):
            t.pile_completed(suit_i)
        return t.finish()

    def do_skip_bonus(self, state: HanabiState, seat: int, action: SkipBonus) -> HanabiState:
        t = TurnInProgress(state, config(state.options))
        t.phase = "turn"
        t.log("skip_bonus", seat=seat)
        return t.finish()

    # -- view

    def view(self, state: HanabiState, seat: int | None) -> HanabiView:
        cfg = config(state.options)
        n = len(state.players)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        hands: list[HandView] = []
        unseen = self.unseen_counts(state, seat) if seat is not None else {}
        for h, hand in enumerate(state.hands):
            slots: list[SlotView] = []
            own = self._own_possible(cfg.suits, unseen, [hc.knowledge for hc in hand]) if h == seat else ()
            for index, hc in enumerate(hand):
                if seat is None:
                    slots.append(SlotView.model_construct(card=None, knowledge=hc.knowledge, possible=()))
                elif h != seat:
                    slots.append(SlotView.model_construct(card=hc.card, knowledge=hc.knowledge, possible=()))
                else:
                    slots.append(SlotView.model_construct(card=None, knowledge=hc.knowledge, possible=own[index]))
            hands.append(HandView.model_construct(seat=h, name=state.players[h], slots=tuple(slots)))
        return HanabiView(
            seat=seat,
            players=state.players,
            options=state.options,
            suits=cfg.suits,
            clue_suits=cfg.clue_suits,
            piles=state.piles,
            discard=state.discard,
            hands=tuple(hands),
            clue_tokens=state.clue_tokens,
            misfires=state.misfires,
            deck_size=len(state.deck),
            current=state.current,
            turn=state.turn,
            phase=state.phase,
            final_turns_left=state.final_turns_left,
            bonus_tiles_left=len(state.bonus_tiles),
            bonus_revealed=state.bonus_revealed,
            score=score(state),
            log=self.log_for(state, seat),
            legal_actions=self.legal_for(state, seat),
            refusals=self.refusals(state, seat),
        )

    def refusals(self, state: HanabiState, seat: int | None) -> tuple[Refusal, ...]:
        """For the seat to act: the engine's reason for refusing each of TRIED_KINDS as such now (no clue
        token left, every token still there, no bonus to skip, a bonus step pending). A refusal about the
        probe's own slot or player only says nothing stops the kind, and is left out."""
        if seat is None or seat != state.current or state.phase == "over":
            return ()
        found = []
        for kind, probe in TRIED_KINDS.items():
            refused = self.refusal(state, seat, probe)
            if refused is not None and refused.code not in _PROBE_ONLY:
                found.append(Refusal(kind=kind, code=refused.code, params=refused.params))
        return tuple(found)

    @staticmethod
    def unseen_counts(state: HanabiState, seat: int) -> dict[tuple[str, int], int]:
        """Copies of each identity that `seat` cannot see (its own hand and the deck)."""
        cfg = config(state.options)
        counts = dict(cfg.counts)
        for c in state.discard:
            counts[(c.suit, c.rank)] -= 1
        for i, suit in enumerate(cfg.suits):
            played = state.piles[i]
            ranks = range(5, 5 - played, -1) if i == cfg.black_index else range(1, played + 1)
            for r in ranks:
                counts[(suit, r)] -= 1
        for h, hand in enumerate(state.hands):
            if h != seat:
                for hc in hand:
                    counts[(hc.card.suit, hc.card.rank)] -= 1
        return counts

    @staticmethod
    def _possible(suits: tuple[str, ...], counts: dict[tuple[str, int], int], k: Knowledge) -> tuple[str, ...]:
        return tuple(f"{s}{r}" for s in suits if s in k.suits for r in RANKS if r in k.ranks and counts[(s, r)] > 0)

    @classmethod
    def _own_possible(
        cls, suits: tuple[str, ...], unseen: dict[tuple[str, int], int], hand: list[Knowledge]
    ) -> list[tuple[str, ...]]:
        """What each of the viewer's own cards may be: the unseen copies its clues allow, less the copies the
        viewer's other cards are known to be (a card that can be only W4 leaves one W4 fewer for the rest; a
        tester's "could be" listed a W4 while another of their cards was the last one). Repeated, since a card
        pinned down that way may pin down another. Read from clues and the table alone, so it is the same
        whatever the viewer's cards really are."""
        possible = [cls._possible(suits, unseen, k) for k in hand]
        for _ in hand:
            pinned = [p[0] if len(p) == 1 else None for p in possible]
            narrowed = []
            for index, k in enumerate(hand):
                counts = dict(unseen)
                for other, label in enumerate(pinned):
                    if label is not None and other != index:
                        counts[(label[:-1], int(label[-1]))] -= 1
                narrowed.append(cls._possible(suits, counts, k))
            if narrowed == possible:
                break
            possible = narrowed
        return possible

    # -- the log, the results and the labels, as facts for the narrator

    def last_public_event(self, state: HanabiState) -> Event | None:
        """The newest action with what followed from it (a completed pile, the last card drawn, the end):
        one event when it is alone, else an "action_news" event listing them in order."""
        log = state.log
        if not log:
            return None
        start = len(log) - 1
        while start > 0 and log[start].kind not in ACTION_EVENTS:
            start -= 1
        if start == len(log) - 1:
            return log[start]
        return event("action_news", events=[{"kind": e.kind, "args": e.args} for e in log[start:]])

    def outcome(self, state: HanabiState) -> Outcome | None:
        return scoring.outcome(state) if state.phase == "over" else None

    def turn_label(self, state: HanabiState) -> Fact:
        """kind "turn": the turn, any pending bonus (`bonus`: its tile), and the final round (`last_card`
        on the drawer's own turn, else `turns_left`); kind "over_after_turns" once the game is over."""
        if state.phase == "over":
            return fact("over_after_turns", turns=state.turn)
        args: dict[str, Any] = {"turn": state.turn + 1}
        if state.phase != "turn":
            args["bonus"] = state.phase
        if state.final_turns_left is not None:
            if state.last_card_turn == state.turn:
                args["last_card"] = True
            else:
                args["turns_left"] = state.final_turns_left
        return fact("turn", **args)

    def has_hidden_information(self, state: HanabiState) -> bool:
        return True

    # -- helpers for the UI and tests

    def score(self, state: HanabiState) -> int:
        return score(state)

    def max_score(self, state: HanabiState) -> int:
        return config(state.options).max_score

    def playable(self, state: HanabiState, card: Card) -> bool:
        """Whether `card` is the next card of its pile."""
        cfg = config(state.options)
        return card.rank == needed_rank(state.piles, cfg, cfg.suit_index[card.suit])


# The moves a player tries by key (p, d, c, k), each probed on no card and no player in particular.
TRIED_KINDS: dict[str, HanabiAction] = {
    "play": PlayCard.model_construct(slot=0),
    "discard": DiscardCard.model_construct(slot=0),
    "clue": ColourClue.model_construct(target=-1, suit=""),
    "skip": SkipBonus.model_construct(),
}
_PROBE_ONLY = frozenset({"no_such_slot", "no_such_player"})

RULES = HanabiRules()
