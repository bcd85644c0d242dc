"""Lifeboat's data: options, state, actions and the per-seat view.

Seats are the players' indices (0..n-1); each seat owns one character for the whole game. Characters,
supply cards and navigation cards are indices into data.py (CHARACTERS, CARD_TYPE, navigation_cards()).
`boat` lists the seats still in the boat from bow (index 0) to stern.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter, model_validator

from ..base import FrozenModel, LogEntry

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
    rowing: Literal["standard", "variant"] = Field(
        "standard",
        title="Rowing",
        description=(
            "standard: a rower draws 2 navigation cards (3 with an oar face up); variant: a rower draws 1"
            " (2 with an oar) and the navigator adds the top navigation card to the row pile before choosing"
        ),
    )
    disputed_cards: Literal["majority", "alternative"] = Field(
        "majority",
        title="Disputed navigation cards",
        description=(
            "Two cards read differently in different sources. majority: N11 makes everyone but Lady Lauren"
            " thirsty and N18 everyone; alternative: N11 only the Captain, First Mate, Frenchy and the Kid,"
            " N18 everyone but the Kid"
        ),
    )
    trading: bool = Field(
        True,
        title="Trading",
        description="Let the acting character propose card trades (gifts both ways) during the action phase",
    )


# The public text of the setup line that deals the Love and Hate cards (saves of earlier versions keep the
# seat's Love and Hate in its private text: see LifeboatState._secrets_apart).
DEAL_LINE = "Everyone gets a secret Love card, a secret Hate card and one supply card"


class LifeboatLogEntry(LogEntry):
    """A log line: public text, each seat's private additions, and each seat's secret additions: the text
    naming the seat's own Love and Hate cards, which that seat's screen hides on request."""

    secret: tuple[tuple[int, str], ...] = ()


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
    drawn: tuple[int, ...] = Field(default=(), repr=False)  # navigation cards the rower is placing
    seagulls: int = 0
    round: int = 1
    phase: Phase = "draft"
    current: int = -1  # the seat whose decision is pending (-1 once the game is over)
    # draft
    draft: tuple[int, ...] = Field(default=(), repr=False)  # the supply cards being passed sternward
    drafters: tuple[int, ...] = ()  # seats still to keep a card, in order (the current one first)
    # actions
    order: tuple[int, ...] = ()  # the action order fixed at the start of the action phase
    turn_index: int = 0
    actor: int = -1  # whose action it is (-1 outside the action phase)
    traded: tuple[int, ...] = ()  # seats the actor has proposed a trade to this turn
    trade_with: int = -1
    trade_give: tuple[int, ...] = Field(default=(), repr=False)  # the proposer's cards on offer
    trade_back: tuple[int, ...] = Field(default=(), repr=False)  # the partner's cards in return
    demand_kind: DemandKind | None = None
    demand_target: int = -1
    demand_card: int = -1  # a face-up card to rob; -1 = a random hand card
    attackers: tuple[int, ...] = ()
    defenders: tuple[int, ...] = ()
    # open windows (fight, overboard, thirst): offered to `window` seats in turn until all have passed
    window: tuple[int, ...] = ()
    window_pos: int = 0
    passes: int = 0
    changed: bool = False  # the seat offered the window now has added something
    # navigation
    nav_card: int = -1  # the navigation card being resolved
    overboard: tuple[int, ...] = ()  # seats in the water
    chum: int = 0  # buckets of chum thrown in this navigation
    thirst: tuple[int, ...] = ()  # per seat, thirsts still to pay in the thirst window
    rolls: int = 0  # counter for derived random draws (random hand cards, unattended picks)
    summary: str = ""
    log: tuple[LifeboatLogEntry, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _secrets_apart(cls, data: Any) -> Any:
        """Saves of earlier versions named Love and Hate in the deal line's private text: it becomes secret."""
        if not isinstance(data, dict) or not data.get("log"):
            return data
        log = list(data["log"])
        for i, entry in enumerate(log):
            if isinstance(entry, dict) and "secret" not in entry and entry.get("public") == DEAL_LINE:
                log[i] = {**entry, "private": (), "secret": entry.get("private", ())}
                return {**data, "log": tuple(log)}
        return data


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
    character_name: str
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
    notes: tuple[str, ...]


class LogNote(FrozenModel):
    """The viewer's own addition to one line of the log (`LifeboatView.log[line]`): what only they may read."""

    line: int
    text: str
    secret: bool = False  # names the viewer's own Love and Hate cards (the screen hides it with h)


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
    navigation_text: str
    demand: DemandView | None
    fight: FightView | None
    window: tuple[int, ...]  # seats offered the open window, in order
    trade: TradeView | None
    draft_size: int
    draft: tuple[int, ...] | None  # the cards to choose from, for the seat drafting now
    drawn: tuple[int, ...] | None  # the rower's drawn navigation cards, for the rower placing them
    row_pile: tuple[int, ...] | None  # the row pile, for the navigator choosing from it
    prompt: str  # what the pending decision is about (public)
    results: tuple[ScoreLine, ...] | None  # once the game is over
    summary: str
    log: tuple[str, ...]  # the public text of every log line: what the whole table read
    notes: tuple[LogNote, ...] = ()  # the viewer's own private additions to those lines, kept apart
    legal_actions: tuple[LifeboatAction, ...]
