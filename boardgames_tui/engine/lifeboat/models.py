"""Lifeboat's data: options, state, actions and the per-seat view.

Seats are the players' indices (0..n-1); each seat owns one character for the whole game. Characters,
supply cards and navigation cards are indices into data.py (CHARACTERS, CARD_TYPE, navigation_cards()).
`boat` lists the seats still in the boat from bow (index 0) to stern.

The decision in progress beyond the phase itself is `LifeboatState.pending`, one typed model per kind:
the cards being drafted, the cards a rower is placing, a trade, a demand waiting for its answer, and the
three open windows (fight, overboard, thirst), each with its round of turns.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from ..base import Event, Fact, FrozenModel, Refusal

# draft: one seat at a time keeps a supply card; action: the actor chooses (free: play cards, trade);
# trade_offer / trade_answer / trade_confirm: the three steps of a trade; respond: the target of a demand
# gives in or refuses; fight: the fight window; row: the rower places the drawn cards; navigate: the
# navigator may use a compass; pick: the navigator chooses from the row pile; overboard: the window for
# life preservers and chum; thirst: the window for water; over: the game has ended.
Phase = Literal[
    "draft", "action", "trade_offer", "trade_answer", "trade_confirm", "respond", "fight", "row",
    "navigate", "pick", "overboard", "thirst", "over",
]  # fmt: skip
Status = Literal["conscious", "unconscious", "dead", "lost"]
Side = Literal["attacker", "defender"]
DemandKind = Literal["swap", "rob"]


class LifeboatOptions(FrozenModel):
    # standard: a rower draws 2 navigation cards (3 with an oar); variant: 1 (2 with an oar), and the
    # navigator adds the deck's top card to the row pile before choosing.
    rowing: Literal["standard", "variant"] = "standard"
    # N11 and N18 read differently in different sources (see data.navigation_cards).
    disputed_cards: Literal["majority", "alternative"] = "majority"
    # The acting character may propose trades (gifts both ways) during the action phase.
    trading: bool = True


# The decision in progress ----------------------------------------------------------------------------


class Draft(FrozenModel):
    """Supply: the cards being passed sternward and the seats still to keep one (the one deciding first)."""

    kind: Literal["draft"] = "draft"
    cards: tuple[int, ...] = Field(repr=False)
    drafters: tuple[int, ...]


class Rowing(FrozenModel):
    """The navigation cards the rower drew and is placing (row pile or under the deck)."""

    kind: Literal["rowing"] = "rowing"
    drawn: tuple[int, ...] = Field(repr=False)


class Trade(FrozenModel):
    """A trade the actor proposed to `partner`: the cards each gives (the phase names the step)."""

    kind: Literal["trade"] = "trade"
    partner: int
    give: tuple[int, ...] = Field(default=(), repr=False)  # the proposer's cards on offer
    back: tuple[int, ...] = Field(default=(), repr=False)  # the partner's cards in return


class Demand(FrozenModel):
    """The actor wants to swap places with `target`, or to rob it (a face-up `card`, or a random hand card
    when `card` is None)."""

    kind: Literal["demand"] = "demand"
    what: DemandKind
    target: int
    card: int | None = None


class OpenWindow(FrozenModel):
    """A window offered to `window` seats in turn (now the one at `pos`) until all of them have passed in a
    row; `changed` is set when the seat offered it now adds something."""

    window: tuple[int, ...]
    pos: int = 0
    passes: int = 0
    changed: bool = False


class Fight(OpenWindow):
    """A refused demand: the sides so far (the actor and the target first)."""

    kind: Literal["fight"] = "fight"
    demand: Demand
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]


class Overboard(OpenWindow):
    """The seats in the water and the buckets of chum thrown in so far."""

    kind: Literal["overboard"] = "overboard"
    swimmers: tuple[int, ...]
    chum: int = 0


class Thirst(OpenWindow):
    """The thirsts still to pay, per seat."""

    kind: Literal["thirst"] = "thirst"
    thirst: tuple[int, ...]


Pending = Annotated[Union[Draft, Rowing, Trade, Demand, Fight, Overboard, Thirst], Field(discriminator="kind")]


class LifeboatState(FrozenModel):
    players: tuple[str, ...]
    options: LifeboatOptions
    seed: str
    characters: tuple[int, ...]  # per seat
    love: tuple[int, ...] = Field(repr=False)  # per seat: the character on the secret Love card
    hate: tuple[int, ...] = Field(repr=False)  # per seat: the character on the secret Hate card
    boat: tuple[int, ...]  # seats in the boat, bow to stern
    wounds: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...] = Field(repr=False)  # per seat, sorted card ids
    face_up: tuple[tuple[int, ...], ...]  # per seat, in the order played
    parasol_open: bool = False  # the parasol (wherever it lies face up) has been opened
    rowed: tuple[bool, ...]
    fought: tuple[bool, ...]
    supply: tuple[int, ...] = Field(repr=False)  # the supply deck, top first
    set_aside: tuple[int, ...] = Field(repr=False)  # supply cards removed unseen at setup (4-5 players)
    discard: tuple[int, ...] = ()  # used or washed-away cards (public)
    lost_cards: tuple[int, ...] = Field(default=(), repr=False)  # gone with a character lost at sea
    nav_deck: tuple[int, ...] = Field(repr=False)  # top first
    row_pile: tuple[int, ...] = Field(default=(), repr=False)  # face down, in the order placed
    seagulls: int = 0
    round: int = 1
    phase: Phase = "draft"
    current: int | None = None  # the seat whose decision is pending (None once the game is over)
    pending: Pending | None = None  # what the decision is about, beyond the phase
    # actions
    order: tuple[int, ...] = ()  # the action order fixed at the start of the action phase
    turn_index: int = 0
    actor: int | None = None  # whose action it is (None outside the action phase)
    traded: tuple[int, ...] = ()  # seats the actor has proposed a trade to this turn
    nav_card: int | None = None  # the navigation card being resolved
    rolls: int = 0  # counter for derived random draws (random hand cards, unattended picks)
    since: int = 0  # where the events of the latest action start in the log (the handoff summary)
    log: tuple[Event, ...] = ()

    # Read-only shortcuts into `pending` (empty when the decision is of another kind)

    @property
    def draft(self) -> tuple[int, ...]:
        p = self.pending
        return p.cards if isinstance(p, Draft) else ()

    @property
    def drafters(self) -> tuple[int, ...]:
        p = self.pending
        return p.drafters if isinstance(p, Draft) else ()

    @property
    def drawn(self) -> tuple[int, ...]:
        p = self.pending
        return p.drawn if isinstance(p, Rowing) else ()

    @property
    def window(self) -> tuple[int, ...]:
        p = self.pending
        return p.window if isinstance(p, OpenWindow) else ()

    @property
    def attackers(self) -> tuple[int, ...]:
        p = self.pending
        return p.attackers if isinstance(p, Fight) else ()

    @property
    def defenders(self) -> tuple[int, ...]:
        p = self.pending
        return p.defenders if isinstance(p, Fight) else ()

    @property
    def overboard(self) -> tuple[int, ...]:
        p = self.pending
        return p.swimmers if isinstance(p, Overboard) else ()

    @property
    def thirst(self) -> tuple[int, ...]:
        p = self.pending
        return p.thirst if isinstance(p, Thirst) else ()


# Actions ---------------------------------------------------------------------------------------------
# Identical cards (three Water, say) are offered once: an action names the lowest-numbered such card.


class TakeSupply(FrozenModel):
    """Draft: keep supply card `card` from the cards being passed."""

    kind: Literal["take_supply"] = "take_supply"
    card: int


class PlayCard(FrozenModel):
    """Free: put hand card `card` face up in front of you (not while trading or rowing)."""

    kind: Literal["play_card"] = "play_card"
    card: int


class DoNothing(FrozenModel):
    kind: Literal["do_nothing"] = "do_nothing"


class Row(FrozenModel):
    """Draw 2 navigation cards (3 with an oar face up; 1/2 in the variant), then place them."""

    kind: Literal["row"] = "row"


class PlaceRowed(FrozenModel):
    """After rowing: for each drawn card, True = face down on the row pile, False = bottom of the deck."""

    kind: Literal["place_rowed"] = "place_rowed"
    to_pile: tuple[bool, ...]


class SwapSeats(FrozenModel):
    """Ask to swap places with seat `target` (a conscious target may refuse: fight)."""

    kind: Literal["swap_seats"] = "swap_seats"
    target: int


class Rob(FrozenModel):
    """Take face-up card `card` of seat `target`, or (card None) a random card from their hand."""

    kind: Literal["rob"] = "rob"
    target: int
    card: int | None = None


class UseMedicalKit(FrozenModel):
    """Action: heal one wound of seat `target` (not dead) with a medical kit from hand or face up."""

    kind: Literal["use_medical_kit"] = "use_medical_kit"
    target: int


class OpenParasol(FrozenModel):
    kind: Literal["open_parasol"] = "open_parasol"


class FireFlareGun(FrozenModel):
    kind: Literal["fire_flare_gun"] = "fire_flare_gun"


class ProposeTrade(FrozenModel):
    """Free, action phase only: start a trade with seat `target` (once per partner per turn)."""

    kind: Literal["propose_trade"] = "propose_trade"
    target: int


class TradeCard(FrozenModel):
    """While making or answering a trade: put own hand card `card` into the trade, or take it back."""

    kind: Literal["trade_card"] = "trade_card"
    card: int


class OfferTrade(FrozenModel):
    """Send the trade (the cards chosen, possibly none) to the partner."""

    kind: Literal["offer_trade"] = "offer_trade"


class AcceptTrade(FrozenModel):
    """Partner: agree, giving the chosen cards back; proposer: confirm the exchange."""

    kind: Literal["accept_trade"] = "accept_trade"


class DeclineTrade(FrozenModel):
    """Call the trade off (either party, at any step)."""

    kind: Literal["decline_trade"] = "decline_trade"


class AcceptDemand(FrozenModel):
    """Target of a demand: give in (the swap or the robbery happens)."""

    kind: Literal["accept_demand"] = "accept_demand"


class RefuseDemand(FrozenModel):
    """Target of a demand: refuse, which starts a fight."""

    kind: Literal["refuse_demand"] = "refuse_demand"


class JoinFight(FrozenModel):
    kind: Literal["join_fight"] = "join_fight"
    side: Side


class Done(FrozenModel):
    """Close your turn in an open window (fight, overboard, thirst): nothing more to add now."""

    kind: Literal["done"] = "done"


class Navigate(FrozenModel):
    """Navigator: go on to choose the navigation card, first using the face-up compass if `compass`."""

    kind: Literal["navigate"] = "navigate"
    compass: bool = False


class PickNavigation(FrozenModel):
    """Navigator: the row-pile card `card` is this round's navigation card."""

    kind: Literal["pick_navigation"] = "pick_navigation"
    card: int


class ThrowLifePreserver(FrozenModel):
    """Overboard window: throw the life preserver to conscious seat `target` in the water."""

    kind: Literal["throw_life_preserver"] = "throw_life_preserver"
    target: int


class UseChum(FrozenModel):
    """Overboard window: throw in a bucket of chum: everyone in the water takes one more wound."""

    kind: Literal["use_chum"] = "use_chum"


class GiveWater(FrozenModel):
    """Thirst window: spend a water to cancel one thirst of seat `target`."""

    kind: Literal["give_water"] = "give_water"
    target: int


LifeboatAction = Annotated[
    Union[
        TakeSupply,
        PlayCard,
        DoNothing,
        Row,
        PlaceRowed,
        SwapSeats,
        Rob,
        UseMedicalKit,
        OpenParasol,
        FireFlareGun,
        ProposeTrade,
        TradeCard,
        OfferTrade,
        AcceptTrade,
        DeclineTrade,
        AcceptDemand,
        RefuseDemand,
        JoinFight,
        Done,
        Navigate,
        PickNavigation,
        ThrowLifePreserver,
        UseChum,
        GiveWater,
    ],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[LifeboatAction] = TypeAdapter(LifeboatAction)


# View ------------------------------------------------------------------------------------------------


class SeatView(FrozenModel):
    """One seat and its character, as the viewer may see them."""

    seat: int
    player: str
    character: str  # key, e.g. "kid"
    size: int
    survival: int
    position: int | None  # 0 = bow; None once lost at sea
    wounds: int
    status: Status  # conscious (wounds < size), unconscious (==), dead (>), lost (removed from the game)
    face_up: tuple[int, ...]
    hand_size: int
    parasol_open: bool  # this seat's parasol is face up and open
    rowed: bool
    fought: bool
    fight_side: Side | None
    overboard: bool
    thirst: int  # thirsts still unpaid in the thirst window
    hand: tuple[int, ...] | None  # the viewer's own hand only
    love: str | None  # the viewer's own Love card (a character key) only
    hate: str | None  # the viewer's own Hate card only


class DemandView(FrozenModel):
    kind: DemandKind
    attacker: int
    target: int
    card: int | None  # the face-up card demanded; None = a random hand card (rob) or a swap


class FightView(FrozenModel):
    attacker: int
    defender: int
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]
    attack_total: int  # sizes plus face-up weapons
    defend_total: int


class TradeView(FrozenModel):
    proposer: int
    partner: int
    stage: Literal["offer", "answer", "confirm"]
    give_count: int
    back_count: int
    give: tuple[int, ...] | None  # the proposer's cards: seen by the proposer, and by the partner once sent
    back: tuple[int, ...] | None  # the partner's cards: seen by the partner, and by the proposer to confirm


class ScoreLine(FrozenModel):
    """One seat's score, item by item, with the secret cards revealed (only once the game is over)."""

    seat: int
    player: str
    character: str
    love: str
    hate: str
    status: Status
    survival: int  # own character alive: its survival value (twice when loving oneself, ...)
    treasure: int  # own character still in the boat: its cash, paintings and jewels
    treasure_cards: tuple[int, ...]
    love_points: int
    hate_points: int
    total: int
    notes: tuple[Fact, ...]  # the special cases that explain the items (narcissist, lost at sea ...)


class LifeboatView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    options: LifeboatOptions
    round: int
    phase: Phase
    current: int | None  # the seat whose decision is pending
    actor: int | None  # whose action it is during the action phase
    order: tuple[int, ...]  # this round's action order
    boat: tuple[int, ...]  # seats bow to stern
    seats: tuple[SeatView, ...]  # by seat
    navigator: int | None  # the conscious seat nearest the stern
    seagulls: int
    seagulls_to_end: int
    supply_size: int
    set_aside_count: int
    navigation_size: int
    row_pile_size: int
    discard: tuple[int, ...]
    lost_count: int  # cards gone with characters lost at sea
    navigation_card: int | None  # the navigation card being resolved (public)
    demand: DemandView | None
    fight: FightView | None
    window: tuple[int, ...]  # seats offered the open window, in order
    trade: TradeView | None
    draft_size: int
    draft: tuple[int, ...] | None  # the cards to choose from, for the seat drafting now
    drawn: tuple[int, ...] | None  # the rower's drawn navigation cards, for the rower placing them
    row_pile: tuple[int, ...] | None  # the row pile, for the navigator choosing from it
    prompt: Fact  # what the pending decision is about (public)
    results: tuple[ScoreLine, ...] | None  # once the game is over
    # The log as the viewer may read it: every public event, the viewer's own secret arguments (the card it
    # kept, the cards it rowed ...) and the events only it may see (its Love and Hate cards).
    log: tuple[Event, ...]
    legal_actions: tuple[LifeboatAction, ...]
    # For the seat to act only: each action a player may try by key (rules.TRIED_ACTIONS) that the engine
    # would refuse now, with its reason; a key's refusal is said from here, never worked out by a screen.
    refusals: tuple[Refusal, ...] = ()
