"""The Lifeboat turn screen: the public boat, the player's own hand, Love and Hate, and one menu.

Every decision the engine asks for is an entry of the menu at the bottom: letters for the usual ones
(d do nothing / done, o row, s swap, b rob, t trade, y/n give in or refuse, ...), numbers 1-9 for
cards and targets, ↑/↓ and Enter (or the mouse) for any entry. A letter that needs a target opens a
numbered sub-menu (Esc goes back). ←/→ move over the own hand; p puts the card face up; Space puts it
into (or takes it out of) a trade. Every key only builds an action from the View's legal actions.

The key bar groups the menu's keys in one entry ("1-4/d/⏎ Choose": the menu above names each), so the
shared keys keep their place at 80 columns. A key that does nothing now says why (`refusal`): the rule
that stops it, and what the decision is now.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ....engine.lifeboat.data import CARD_TYPE, FLARE_GUN, LIFE_PRESERVER, MEDICAL_KITS, PARASOL
from ....engine.lifeboat.models import (
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    Done,
    DoNothing,
    FireFlareGun,
    LifeboatView,
    OfferTrade,
    OpenParasol,
    PlaceRowed,
    PlayCard,
    RefuseDemand,
    Rob,
    Row,
    TradeCard,
    UseChum,
)
from ....i18n import N_, _, ngettext
from ...screens.turn import TurnScreen, shared_help_lines
from ...widgets.body import FittedBody
from ...widgets.keybar import KeyBar
from ...widgets.news import NewsStrip
from . import render
from ....narration.lifeboat import LifeboatNarrator, status_word
from .render import Entry, Menu

# Letter keys: (key, tag, key bar label). One key may carry several tags in different phases.
LETTERS: tuple[tuple[str, str, str], ...] = (
    ("d", "nothing", N_("Nothing")),
    ("d", "done", N_("Done")),
    ("o", "row", N_("Row")),
    ("s", "swap", N_("Swap…")),
    ("b", "rob", N_("Rob…")),
    ("m", "kit", N_("Med kit…")),
    ("u", "parasol", N_("Parasol")),
    ("f", "flare", N_("Flare gun")),
    ("t", "trade", N_("Trade…")),
    ("o", "offer", N_("Offer")),
    ("a", "accept", N_("Accept")),
    ("x", "call_off", N_("Call off")),
    ("y", "give_in", N_("Give in")),
    ("n", "refuse", N_("Refuse")),
    ("n", "navigate", N_("Navigate")),
    ("c", "compass", N_("Compass")),
    ("c", "chum", N_("Chum")),
)
PLAY_PHASES = ("draft", "action", "respond", "fight", "navigate", "overboard", "thirst")
# The seats that hid their Love and Hate (h), per game session: hidden stays hidden on that seat's next turns.
_HIDDEN: WeakKeyDictionary[Any, set[int]] = WeakKeyDictionary()
TRADE_PICK_PHASES = ("trade_offer", "trade_answer")
KEY_TAGS: dict[str, tuple[str, ...]] = {}
for _key, _tag, _label in LETTERS:
    KEY_TAGS[_key] = (*KEY_TAGS.get(_key, ()), _tag)
ACTION_TAGS = frozenset({"nothing", "row", "swap", "rob", "kit", "parasol", "flare", "trade"})
# What a letter does, as the subject of a refusal ("Rowing: not now. Keep a supply card first (1-4).")
WHAT: dict[str, str] = {
    "nothing": N_("Doing nothing"),
    "row": N_("Rowing"),
    "swap": N_("Swapping seats"),
    "rob": N_("Robbing"),
    "kit": N_("The medical kit"),
    "parasol": N_("The parasol"),
    "flare": N_("The flare gun"),
    "trade": N_("Trading"),
}


def then(first: str, second: str) -> str:
    """Two sentences one after the other (a space between them in English, none in Chinese)."""
    return _("{first} {second}").format(first=first, second=second)


class SeatNarrator(LifeboatNarrator):
    """The narrator of one seat's screen: while that seat hides its Love and Hate (h), the line that names
    them says so instead, wherever the screen narrates the log (the news shown again with z too)."""

    hide_love_and_hate = False

    def say_love_and_hate(self, love: int, hate: int) -> str:
        if self.hide_love_and_hate:
            return self.love_and_hate_hidden()
        return super().say_love_and_hate(love, hate)


class LifeboatTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("lifeboat.tcss")

    # The numbers and letters are named by the menu itself; the key bar shows them in one entry, on Enter's
    # binding (see key_display): "1-4/d/⏎ Choose".
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"choose({n})", N_("Choose"), show=False) for n in range(1, 10)),
        *(Binding(key, f"letter('{tag}')", label, show=False) for key, tag, label in LETTERS),
        Binding("enter", "activate_highlight", N_("Choose"), key_display="⏎"),
        Binding("p", "play", N_("Play")),
        Binding("space", "trade_card", N_("In/out"), key_display="Space"),
        # ←/→ are said on the card's own line (the key bar has no room for them at 80 columns)
        Binding("left", "hand(-1)", N_("Card"), key_display="←→", show=False),
        Binding("right", "hand(1)", N_("Card"), show=False),
        Binding("up", "move(-1)", N_("Choice"), show=False),
        Binding("down", "move(1)", N_("Choice"), show=False),
        Binding("h", "secrets", N_("Love/Hate")),
        Binding("escape", "back", N_("Back")),
        *TurnScreen.BINDINGS,  # after the game's keys: at 80 columns the key bar is full
    ]

    def __init__(self, view: LifeboatView, **context: Any) -> None:
        self.show_secrets = True
        super().__init__(view, **context)
        self.narrator: SeatNarrator = SeatNarrator(self.narrator.players)
        self.view: LifeboatView = view
        self._log_shown: tuple[int, int, Any, bool] | None = None
        self._legend_width = 0  # the width the legend was last broken to
        self.changes = render.NO_CHANGES  # what changed since the seat last looked, as last drawn
        hand = self._hand
        self.cursor: int | None = 0 if hand else None
        self._prepare()

    # The news since the seat last looked (see TurnScreen): narrated by the session for the seat, so the
    # line naming its Love and Hate gives way to the placeholder here while they are hidden.

    @property  # type: ignore[override]
    def news(self) -> tuple[str, ...]:
        if self.show_secrets:
            return self._news
        secret = self._love_and_hate_said()
        return tuple(self.narrator.love_and_hate_hidden() if line == secret else line for line in self._news)

    @news.setter
    def news(self, lines: tuple[str, ...]) -> None:
        self._news = tuple(lines)

    def _love_and_hate_said(self) -> str | None:
        """The log's line naming this seat's Love and Hate, as the session narrates it."""
        entry = next((entry for entry in self.view.log if entry.kind == "love_and_hate"), None)
        return None if entry is None else LifeboatNarrator.say_love_and_hate(self.narrator, **entry.args)

    def _show_news_again(self) -> None:
        """Redraw the news strip (Love and Hate were just hidden or shown); a strip hidden with z stays so."""
        for strip in self.query(NewsStrip).results(NewsStrip):
            if strip.lines:
                self.action_news()  # hides it
                self.action_news()  # and shows it again, said as the seat now wants it

    # The View, indexed ------------------------------------------------------------------------------

    @property
    def _hand(self) -> tuple[int, ...]:
        return self.view.seats[self.seat].hand or ()

    @property
    def me(self) -> Any:
        return self.view.seats[self.seat]

    @property
    def phase(self) -> str:
        return self.view.phase

    def _prepare(self) -> None:
        """Index the legal actions and build the phase's menu."""
        legal = self.view.legal_actions
        self.legal = legal
        self.plays: dict[int, PlayCard] = {}  # card type -> the action naming the first of its kind
        self.trade_cards: set[int] = set()
        self.by_kind: dict[str, list[Any]] = {}
        for action in legal:
            if isinstance(action, PlayCard):
                self.plays[CARD_TYPE[action.card]] = action
            elif isinstance(action, TradeCard):
                self.trade_cards.add(action.card)
            self.by_kind.setdefault(action.kind, []).append(action)
        drawn = self.view.drawn or ()
        self.to_pile = [True] * len(drawn)
        self.menus: list[Menu] = [self._base_menu()]
        if self.cursor is not None:
            self.cursor = min(self.cursor, len(self._hand) - 1) if self._hand else None

    def _one(self, kind: str) -> Any:
        actions = self.by_kind.get(kind)
        return actions[0] if actions else None

    def _submit(self, action: Any) -> Any:
        return lambda: self.submit(action)

    # Menus -----------------------------------------------------------------------------------------

    def _base_menu(self) -> Menu:
        builder = getattr(self, f"_menu_{self.phase}", None)
        menu = builder() if builder is not None else Menu(_("Nothing to decide."))
        menu.number()
        return menu

    def _who(self, seat: int) -> str:
        return render.who(self.view, seat)

    def _menu_draft(self) -> Menu:
        draft = self.view.draft or ()
        menu = Menu(_("Keep one of the {n} supply cards (the others are passed sternward):").format(n=len(draft)))
        for action in self.by_kind.get("take_supply", []):
            count = sum(1 for c in draft if CARD_TYPE[c] == CARD_TYPE[action.card])
            label = render.card_chip(action.card)
            if count > 1:
                label.append(f" ×{count}")
            # what the highlighted card does is written under the menu (↑/↓ to read the others)
            menu.entries.append(Entry(label, self._submit(action), hint=render.card_words(action.card)))
        return menu

    def _menu_action(self) -> Menu:
        by = self.by_kind
        menu = Menu(_("Your action (one of these; cards may be played face up first, p):"))
        entries = menu.entries
        if "do_nothing" in by:
            entries.append(Entry(_("do nothing"), self._submit(DoNothing()), "d", "nothing"))
        if "row" in by:
            entries.append(Entry(_("row"), self._submit(Row()), "o", "row"))
        if "swap_seats" in by:
            entries.append(Entry(_("swap seats…"), lambda: self._open(self._menu_targets("swap_seats")), "s", "swap"))
        if "rob" in by:
            entries.append(Entry(_("rob…"), lambda: self._open(self._menu_rob_whom()), "b", "rob"))
        if "use_medical_kit" in by:
            entries.append(Entry(_("medical kit…"), lambda: self._open(self._menu_targets("use_medical_kit")), "m", "kit"))
        if "open_parasol" in by:
            entries.append(Entry(_("open the parasol"), self._submit(OpenParasol()), "u", "parasol"))
        if "fire_flare_gun" in by:
            entries.append(Entry(_("fire the flare gun"), self._submit(FireFlareGun()), "f", "flare"))
        if "propose_trade" in by:
            entries.append(Entry(_("trade… (free)"), lambda: self._open(self._menu_targets("propose_trade")), "t", "trade"))
        return menu

    def _target_label(self, seat: int, kind: str) -> Text:
        s = self.view.seats[seat]
        label = Text(self._who(seat))
        extra = ""
        if kind == "use_medical_kit":
            extra = f" {s.wounds}/{s.size} {render.STATUS_MARK[s.status]}"
        elif kind in ("swap_seats", "rob") and s.status != "conscious":
            extra = _(" ({status}: no fight)").format(status=status_word(s.status))
        elif kind == "swap_seats":
            extra = _(" (position {n})").format(n=(s.position or 0) + 1)
        elif kind == "propose_trade":
            extra = ngettext(" ({n} card in hand)", " ({n} cards in hand)", s.hand_size).format(n=s.hand_size)
        label.append(extra, style="dim")
        return label

    def _menu_targets(self, kind: str) -> Menu:
        titles = {
            "swap_seats": _("Swap seats with (a conscious character may refuse: a fight):"),
            "use_medical_kit": _("Heal one wound of:"),
            "propose_trade": _("Propose a trade to (you will choose the cards to give):"),
        }
        menu = Menu(titles[kind], sub=True, columns=True)
        for action in self.by_kind.get(kind, []):
            menu.entries.append(Entry(self._target_label(action.target, kind), self._submit(action)))
        return menu

    def _menu_rob_whom(self) -> Menu:
        menu = Menu(_("Rob whom (a conscious character may refuse: a fight)?"), sub=True, columns=True)
        targets: dict[int, list[Rob]] = {}
        for action in self.by_kind.get("rob", []):
            targets.setdefault(action.target, []).append(action)
        kid = self.me.character == "kid"
        for target, actions in targets.items():
            s = self.view.seats[target]
            label = self._target_label(target, "rob")
            in_hand = ngettext("{n} card in hand", "{n} cards in hand", s.hand_size).format(n=s.hand_size)
            label.append(" " + in_hand, style="dim")
            if s.face_up:
                label.append(" · " + _("face up: ") + render.face_up_text(s).plain, style="dim")
            if len(actions) == 1:
                menu.entries.append(Entry(label, self._submit(actions[0])))
            else:
                menu.entries.append(Entry(label, lambda t=target, a=actions: self._open(self._menu_rob_what(t, a))))
        if kid:
            menu.title = _("Rob whom? (a pickpocket: taking a hand card cannot be refused)")
        return menu

    def _menu_rob_what(self, target: int, actions: list[Rob]) -> Menu:
        menu = Menu(_("Take from {who}:").format(who=self._who(target)), sub=True)
        for action in actions:
            if action.card is None:
                n = self.view.seats[target].hand_size
                label = Text(
                    ngettext("a random hand card ({n} card in hand)", "a random hand card ({n} cards in hand)", n).format(n=n)
                )
            else:
                label = Text(_("the face-up ")) + render.card_chip(action.card)
            menu.entries.append(Entry(label, self._submit(action)))
        menu.number()
        return menu

    def _picked(self) -> tuple[int, ...]:
        trade = self.view.trade
        if trade is None:
            return ()
        mine = trade.give if trade.proposer == self.seat else trade.back
        return mine or ()

    def _menu_trade_offer(self) -> Menu:
        trade = self.view.trade
        assert trade is not None
        give = render._cards_or_count(trade.give, trade.give_count)
        menu = Menu(
            _("Trade with {who}: Space puts the card at the cursor in or out. You give: {give}").format(
                who=render.name(self.view, trade.partner), give=give
            )
        )
        menu.entries.append(Entry(_("offer it"), self._submit(OfferTrade()), "o", "offer"))
        menu.entries.append(Entry(_("call it off"), self._submit(DeclineTrade()), "x", "call_off"))
        return menu

    def _menu_trade_answer(self) -> Menu:
        trade = self.view.trade
        assert trade is not None
        menu = Menu(
            _("{who} offers {give}. Space: your card at the cursor in return. You give: {back}").format(
                who=render.name(self.view, trade.proposer),
                give=render._cards_or_count(trade.give, trade.give_count),
                back=render._cards_or_count(trade.back, trade.back_count),
            )
        )
        menu.entries.append(Entry(_("accept"), self._submit(AcceptTrade()), "a", "accept"))
        menu.entries.append(Entry(_("decline"), self._submit(DeclineTrade()), "x", "call_off"))
        return menu

    def _menu_trade_confirm(self) -> Menu:
        trade = self.view.trade
        assert trade is not None
        menu = Menu(
            _("{who} answers: you give {give} and get {back}.").format(
                who=render.name(self.view, trade.partner),
                give=render._cards_or_count(trade.give, trade.give_count),
                back=render._cards_or_count(trade.back, trade.back_count),
            )
        )
        menu.entries.append(Entry(_("confirm the trade"), self._submit(AcceptTrade()), "a", "accept"))
        menu.entries.append(Entry(_("call it off"), self._submit(DeclineTrade()), "x", "call_off"))
        return menu

    def _menu_respond(self) -> Menu:
        demand = self.view.demand
        title = _("Give in, or refuse and fight?")
        if demand is not None:
            what = (
                _("to swap seats with you")
                if demand.kind == "swap"
                else _("your face-up {card}").format(card=render.short_card(demand.card))
                if demand.card is not None
                else _("a random card from your hand")
            )
            title = _("{who} wants {what}. Give in, or refuse and fight?").format(
                who=self._who(demand.attacker), what=what
            )
        menu = Menu(title)
        menu.entries.append(Entry(_("give in"), self._submit(AcceptDemand()), "y", "give_in"))
        menu.entries.append(Entry(_("refuse: fight"), self._submit(RefuseDemand()), "n", "refuse"))
        return menu

    def _menu_fight(self) -> Menu:
        fight = self.view.fight
        mine = self.me.size + render.weapons(self.me.face_up)
        side = self.me.fight_side
        if side is None:
            title = _("Join a side (final; you add {n}), play weapons face up (p), or stay out (d):").format(n=mine)
        else:
            title = _("You fight with the {side}: play weapons face up (p), then done (d):").format(
                side=_("attackers") if side == "attacker" else _("defenders")
            )
        menu = Menu(title)
        for action in self.by_kind.get("join_fight", []):
            if fight is not None and action.side == "attacker":
                label = _("join the attackers ({a} → {b})").format(a=fight.attack_total, b=fight.attack_total + mine)
            elif fight is not None:
                label = _("join the defenders ({a} → {b})").format(a=fight.defend_total, b=fight.defend_total + mine)
            else:  # pragma: no cover - a fight phase always has a fight
                label = action.side
            menu.entries.append(Entry(label, self._submit(action)))
        done = _("stay out (done)") if side is None else _("done")
        menu.entries.append(Entry(done, self._submit(Done()), "d", "done"))
        return menu

    def _menu_row(self) -> Menu:
        drawn = self.view.drawn or ()
        menu = Menu(
            _("Place the rowed cards (a number switches one), then Enter:"),
            columns=True,
        )
        for i, card in enumerate(drawn):
            label = render.nav_short(render.nav_card(self.view, card), render.aboard(self.view))
            where = _("→ row pile") if self.to_pile[i] else _("→ under the deck")
            label.append(f"  {where}", style="bold green" if self.to_pile[i] else "bold")
            menu.entries.append(Entry(label, lambda i=i: self._toggle_rowed(i)))
        menu.entries.append(Entry(Text(_("place them"), style="bold"), self._place_rowed, "⏎"))
        menu.highlight = len(drawn)
        return menu

    def _toggle_rowed(self, i: int) -> None:
        self.to_pile[i] = not self.to_pile[i]
        highlight = self.menus[0].highlight
        self.menus = [self._base_menu()]
        self.menus[0].highlight = highlight
        self._draw_menu()

    def _place_rowed(self) -> None:
        action = PlaceRowed(to_pile=tuple(self.to_pile))
        if action in self.legal:
            self.submit(action)

    def _menu_navigate(self) -> Menu:
        pile = self.view.row_pile_size
        if pile == 0:
            what = _("no row pile: the top navigation card will be used")
        elif pile == 1:
            what = _("the row pile holds 1 card: it will be used")
        else:
            what = _("the row pile holds {n} cards: you will choose one").format(n=pile)
        menu = Menu(_("You navigate: {what}.").format(what=what))
        for action in self.by_kind.get("navigate", []):
            if action.compass:
                menu.entries.append(
                    Entry(_("use the compass (add the top card to the row pile)"), self._submit(action), "c", "compass")
                )
            else:
                menu.entries.insert(0, Entry(_("navigate"), self._submit(action), "n", "navigate"))
        return menu

    def _menu_pick(self) -> Menu:
        menu = Menu(_("Choose this round's navigation card (the others go under the deck):"), columns=True)
        for action in self.by_kind.get("pick_navigation", []):
            label = render.nav_short(render.nav_card(self.view, action.card), render.aboard(self.view))
            menu.entries.append(Entry(label, self._submit(action)))
        return menu

    def _menu_overboard(self) -> Menu:
        names = _(", ").join(render.name(self.view, x) for x in self.view.boat if self.view.seats[x].overboard)
        menu = Menu(_("In the water: {names}. Throw the life preserver or chum, or done:").format(names=names))
        for action in self.by_kind.get("throw_life_preserver", []):
            menu.entries.append(
                Entry(_("throw the life preserver to {who}").format(who=self._who(action.target)), self._submit(action))
            )
        if "use_chum" in self.by_kind:
            menu.entries.append(Entry(_("throw a bucket of chum"), self._submit(UseChum()), "c", "chum"))
        menu.entries.append(Entry(_("done"), self._submit(Done()), "d", "done"))
        return menu

    def _menu_thirst(self) -> Menu:
        menu = Menu(_("Give water (each unpaid thirst is a wound), or done:"))
        for action in self.by_kind.get("give_water", []):
            s = self.view.seats[action.target]
            who = _("yourself") if action.target == self.seat else self._who(action.target)
            menu.entries.append(Entry(_("water for {who} (thirst {n})").format(who=who, n=s.thirst), self._submit(action)))
        menu.entries.append(Entry(_("done"), self._submit(Done()), "d", "done"))
        return menu

    def _open(self, menu: Menu) -> None:
        menu.number()
        if not menu.entries:
            return
        self.menus.append(menu)
        self.set_status("")
        self._draw_menu()
        self.refresh_bindings()

    @property
    def menu(self) -> Menu:
        return self.menus[-1]

    # Layout ----------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="lb-header")
        with FittedBody(id="lb-body"):
            yield Static(id="lb-boat")
            yield Static(id="lb-decks")
            yield Static(id="lb-situation")
            yield Static(id="lb-legend")
            yield Static(id="lb-log")
        yield Static(id="lb-own")
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self._set_secrets_shown(self.seat not in self._hidden_seats())
        if not self.show_secrets:
            self._show_news_again()
        self._draw_all()

    def _hidden_seats(self) -> set[int]:
        session = getattr(self.app, "session", None)
        if session is None:
            return set()  # a screen shown on its own (tests): only this screen remembers
        return _HIDDEN.setdefault(session, set())

    def on_resize(self, event: Any) -> None:
        self._draw_fitted()
        self._draw_menu()

    def _draw_fitted(self) -> None:
        """Fill the room the boat leaves with the newest log lines, then the legend: never a scrollbar."""
        self.call_after_refresh(self._fill_room)

    def fit_to_body(self) -> None:
        """The middle of the screen changed size (a status line came or went, the own panel grew)."""
        self._draw_fitted()

    @property
    def _width(self) -> int:
        """The text width of the panels (one cell of padding each side)."""
        return max(40, (self.size.width or self.app.size.width or 80) - 2)

    def _fill_room(self) -> None:
        if not self.is_attached:
            return
        body = self.query_one("#lb-body", FittedBody)
        used = sum(
            widget.outer_size.height
            for widget in (self.query_one(f"#lb-{name}", Static) for name in ("boat", "decks", "situation"))
            if widget.display
        )
        free = body.scrollable_content_region.height - used
        width = max(20, body.scrollable_content_region.width)
        legend_text = render.legend_text(width)
        legend_height = 2 + legend_text.plain.count("\n")  # a blank line, then the legend's lines
        show_legend = free >= legend_height + 4
        if show_legend:
            free -= legend_height
        rows = max(0, min(10, free - 1))  # a blank line above the log
        legend = self.query_one("#lb-legend", Static)
        log = self.query_one("#lb-log", Static)
        if legend.display != show_legend:
            legend.display = show_legend
        if show_legend and self._legend_width != width:
            self._legend_width = width
            legend.update(legend_text)  # broken to this width, so its height is the one counted above
        shown = (rows, width, self.view, self.show_secrets)
        if shown != self._log_shown:
            self._log_shown = shown
            recent = render.recent_log(self.view, self.narrator, rows, self.show_secrets, width)
            log.update(recent)
            log.display = bool(recent.plain)

    def show_view(self, view: Any) -> bool:
        """The same player goes on (a card played, a trade step, a window coming back): keep the cursor."""
        self.view = view
        self._prepare()
        self.set_status("")
        self._draw_all()
        self.refresh_bindings()
        return True

    def _changes(self) -> render.Changes:
        """What changed since this seat last looked at the table (nothing when that is not known)."""
        accent = self.app.get_css_variables().get("accent")
        return render.changes(self.previous_view, self.view, f"bold {accent}" if accent else "bold")

    def _draw_all(self) -> None:
        view = self.view
        width = self._width
        self.changes = self._changes()
        self.query_one("#lb-header", Static).update(render.header(view, self.game_title, width + 2))
        self.query_one("#lb-boat", Static).update(render.boat_table(view, width, self.changes))
        self.query_one("#lb-decks", Static).update(render.decks_line(view, self.changes))
        situation = render.situation(view, width)
        widget = self.query_one("#lb-situation", Static)
        widget.update(situation)
        widget.display = bool(situation.plain)
        self._draw_fitted()
        self._draw_own()
        self._draw_menu()

    def _draw_own(self) -> None:
        view = self.view
        width = self._width
        hand = render.hand_line(view, self.cursor, picked=self._picked(), width=width, changes=self.changes)
        lines = [render.character_line(view), render.secrets_line(view, self.show_secrets, width), hand]
        detail = self._detail()
        if detail.plain and (self.plays or self.trade_cards):
            lines.append(detail)  # wraps: what a card does is never cut
        self.query_one("#lb-own", Static).update(Text("\n").join(lines))

    def _detail(self) -> Text:
        hand = self._hand
        if self.cursor is None or not hand:
            return Text()
        card = hand[self.cursor]
        out = Text()
        if len(hand) > 1:
            out.append(_("←/→ another card") + " · ", style="bold")
        if self.phase in TRADE_PICK_PHASES and card in self.trade_cards:
            out.append((_("Space takes it out") if card in self._picked() else _("Space puts it in")) + " · ", style="bold")
        elif CARD_TYPE[card] in self.plays:
            out.append(_("p puts it face up") + " · ", style="bold")
        out.append(render.card_words(card), style="dim")
        return out

    def _draw_menu(self) -> None:
        self.query_one("#prompt", Static).update(render.menu_text(self.menu, self._width))

    # Which keys work now -----------------------------------------------------------------------------

    def _entry_for_key(self, key: str) -> Entry | None:
        for entry in self.menu.entries:
            if entry.key == key:
                return entry
        return None

    def _entry_for_tag(self, tag: str) -> Entry | None:
        for entry in self.menu.entries:
            if entry.tag == tag:
                return entry
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return self._entry_for_key(str(parameters[0])) is not None
        if action == "letter":
            return self._entry_for_tag(str(parameters[0])) is not None
        if action == "play":
            if not self.plays:
                return False
            return True if self._cursor_card_type() in self.plays else None
        if action == "trade_card":
            if self.phase not in TRADE_PICK_PHASES or not self.trade_cards:
                return False
            return True if self._cursor_card() in self.trade_cards else None
        if action == "hand":
            return len(self._hand) > 1 and bool(self.plays or self.trade_cards)
        if action == "move":
            return len(self.menu.entries) > 1
        if action == "activate_highlight":
            return bool(self.menu.entries)
        if action == "back":
            return len(self.menus) > 1
        return True  # h, and the shared keys (q leaves from a sub-menu too; Esc goes back first)

    # The key bar ----------------------------------------------------------------------------------------

    def _menu_keys(self) -> list[str]:
        """The menu's keys for the key bar and the refusals: '1-4' for the numbers, then the letters."""
        numbers = sum(1 for entry in self.menu.entries if entry.key.isdigit())
        keys = [f"1-{numbers}" if numbers > 1 else "1"] if numbers else []
        keys += [entry.key for entry in self.menu.entries if entry.key.isalpha() and len(entry.key) == 1]
        return keys

    def key_display(self, binding: Binding) -> str | None:
        if binding.action != "activate_highlight":
            return None
        keys = self._menu_keys()
        if len(keys) <= 5:  # Enter (with ↑/↓) chooses too; a long list of letters leaves it to the help
            keys.append("⏎")
        return "/".join(keys) or "⏎"

    def _keys_words(self) -> str:
        """The menu's keys in words: '1-3', 'd or o', 'd, o, s, b or t'."""
        keys = self._menu_keys() or ["⏎"]
        if len(keys) == 1:
            return keys[0]
        return _("{keys} or {last}").format(keys=_(", ").join(keys[:-1]), last=keys[-1])

    # Why a key does nothing now ------------------------------------------------------------------------

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "choose":
            return self._refuse_number()
        if action == "letter":
            tag = str(parameters[0])
            key = next(key for key, tags in KEY_TAGS.items() if tag in tags)
            return self._refuse_letter(key)
        if action == "play":
            return self._refuse_play()
        if action == "trade_card":
            return self._refuse_trade_card()
        if action == "hand":
            if not self._hand:
                return _("Your hand is empty.")
            if len(self._hand) == 1:
                return _("You hold only one card: it is the one at the cursor.")
            return _("←/→ pick a card to play or trade, and neither is possible now.")
        if action == "move":
            return _("There is only one choice here: Enter takes it.")
        if action == "activate_highlight":
            return _("There is nothing to choose here.")
        return None

    def _now(self) -> str:
        """What the decision is now, with its keys: the second half of a refusal (short: one line in all)."""
        phase, keys = self.phase, self._keys_words()
        if len(self.menus) > 1:
            return _("Choose {keys}, or Esc to go back.").format(keys=keys)
        if phase == "fight":
            if self.me.fight_side is None:
                return _("Fight: join or stay out ({keys}); p plays weapons.").format(keys=keys)
            return _("Fight: p plays weapons, d when done.")
        sentences = {
            "draft": _("Keep a supply card first ({keys})."),
            "action": _("Choose your action ({keys})."),
            "trade_offer": _("Trade: Space puts cards in; o offers, x calls off."),
            "trade_answer": _("Trade: Space puts cards in; a accepts, x declines."),
            "trade_confirm": _("Trade: a confirms, x calls it off."),
            "respond": _("Answer first: y gives in, n refuses (a fight)."),
            "row": _("Place the rowed cards first ({keys})."),
            "navigate": _("Navigate first ({keys})."),
            "pick": _("Choose the navigation card first ({keys})."),
            "overboard": _("Overboard: choose {keys}."),
            "thirst": _("Thirst: choose {keys}."),
        }
        return sentences.get(phase, _("Choose {keys}.")).format(keys=keys)

    def _holds(self, cards: tuple[int, ...] | frozenset[int]) -> bool:
        """Whether the player has one of `cards` in hand or face up."""
        return any(card in cards for card in (*self._hand, *self.me.face_up))

    def _refuse_number(self) -> str:
        numbered = sum(1 for entry in self.menu.entries if entry.key.isdigit())
        if numbered:
            return ngettext(
                "Only {n} choice is numbered here: press 1.", "Only {n} choices are numbered here: press 1-{n}.", numbered
            ).format(n=numbered)
        phase, me = self.phase, self.me
        if len(self.menus) == 1:
            if phase == "action":
                return _("Your action is chosen with a letter: {keys}.").format(keys=self._keys_words())
            if phase == "fight" and me.fight_side is not None:
                side = _("attackers") if me.fight_side == "attacker" else _("defenders")
                return _("You are with the {side} (sides are final): p plays weapons, d when done.").format(side=side)
            if phase == "overboard":
                if not self._holds((LIFE_PRESERVER,)):
                    return then(_("You have no life preserver to throw."), self._now())
                if me.overboard and LIFE_PRESERVER not in self._hand:
                    return _("You are in the water: you keep hold of your life preserver.")
                return then(_("The life preserver goes to someone conscious in the water."), self._now())
            if phase == "thirst":
                return then(_("You have no water to give."), self._now())
            if phase in TRADE_PICK_PHASES:
                return _("Cards go into the trade with Space, at the cursor (←/→).")
        return then(_("Nothing is numbered here."), self._now())

    def _refuse_letter(self, key: str) -> str:
        if len(self.menus) > 1:
            return self._now()
        phase, tags = self.phase, KEY_TAGS[key]
        specific = self._why_not(key)
        if specific:
            return specific
        tag = tags[0]
        if tag in ACTION_TAGS:
            if phase.startswith("trade") and self.view.actor == self.seat:
                return _("{what} waits: finish the trade first.").format(what=_(WHAT[tag]))
            if self.view.actor == self.seat and phase in ("respond", "fight", "row"):
                why = _("Your action is under way.")
            else:
                why = _("{what}: not now.").format(what=_(WHAT[tag]))
        elif tag in ("offer", "accept", "call_off"):
            why = _("There is no trade going on.")
        elif tag in ("give_in", "refuse"):
            why = _("No demand to answer.")
        elif tag in ("navigate", "compass"):
            why = _("Navigating: not now.")
        elif tag == "chum":
            why = _("Chum: not now.")
        else:
            why = _("Not now.")
        return then(why, self._now())

    def _why_not(self, key: str) -> str | None:
        """The rule that stops `key` in this decision, where there is one to name."""
        phase, view = self.phase, self.view
        if phase == "action":
            others = [seat for seat in view.boat if seat != self.seat]
            if key == "o":
                return _("The navigation deck is empty: nobody can row.")
            if key == "s" and not others:
                return _("There is nobody else in the boat to swap seats with.")
            if key == "b":
                return _("Nobody has a card to rob: every other hand is empty and nothing is face up.")
            if key == "m":
                if not self._holds(MEDICAL_KITS):
                    return _("You have no medical kit.")
                return _("Nobody is wounded (and the dead cannot be healed).")
            if key == "u":
                if not self._holds((PARASOL,)):
                    return _("You have no parasol.")
                return _("Your parasol is already open.")
            if key == "f":
                if not self._holds((FLARE_GUN,)):
                    return _("You have no flare gun.")
                return _("The navigation deck is empty: the flare gun would show nothing.")
            if key == "t":
                if not view.options.trading:
                    return _("Trading is switched off in this game.")
                return _("You have proposed a trade to everyone you can this turn (once each).")
        trade = view.trade
        if trade is not None:
            if phase == "trade_offer" and key == "a":
                return _("Offer the trade first (o); then {who} answers.").format(who=render.name(view, trade.partner))
            if phase == "trade_answer" and key == "o":
                return _("The offer is made: accept it (a) or decline it (x).")
            if phase == "trade_confirm" and key == "o":
                return _("The offer is answered: confirm the trade (a) or call it off (x).")
        if phase == "navigate" and key == "c":
            return _("You have no compass face up (or the navigation deck is empty).")
        if phase == "overboard" and key == "c":
            return _("You have no bucket of chum.")
        return None

    def _refuse_play(self) -> str:
        phase = self.phase
        if not self._hand:
            return _("Your hand is empty: there is no card to put face up.")
        if phase.startswith("trade"):
            return _("Cards cannot be put face up during a trade.")
        if phase == "row":
            return _("Cards cannot be put face up while you place the rowed cards.")
        if phase == "pick":
            return _("Cards cannot be put face up while you choose the navigation card.")
        return _("That card cannot be put face up now.")

    def _refuse_trade_card(self) -> str:
        phase = self.phase
        if phase == "trade_confirm":
            return _("The cards are chosen: confirm the trade (a) or call it off (x).")
        if phase not in TRADE_PICK_PHASES:
            return _("Space puts a card into a trade: there is no trade going on.")
        if not self._hand:
            return _("You have no card in hand to trade.")
        return _("That card cannot go into the trade.")

    def _cursor_card(self) -> int | None:
        hand = self._hand
        if self.cursor is None or not hand:
            return None
        return hand[self.cursor]

    def _cursor_card_type(self) -> int | None:
        card = self._cursor_card()
        return None if card is None else CARD_TYPE[card]

    # Keys ----------------------------------------------------------------------------------------------

    def action_choose(self, number: int) -> None:
        entry = self._entry_for_key(str(number))
        if entry is not None:
            self._run(entry)

    def action_letter(self, tag: str) -> None:
        entry = self._entry_for_tag(tag)
        if entry is not None:
            self._run(entry)

    def action_activate(self, index: int) -> None:
        """A click on a menu entry."""
        if 0 <= index < len(self.menu.entries):
            self.menu.highlight = index
            self._run(self.menu.entries[index])

    def action_activate_highlight(self) -> None:
        entries = self.menu.entries
        if entries:
            self._run(entries[min(self.menu.highlight, len(entries) - 1)])

    def _run(self, entry: Entry) -> None:
        entry.run()

    def action_move(self, step: int) -> None:
        entries = self.menu.entries
        if entries:
            self.menu.highlight = (self.menu.highlight + step) % len(entries)
            self._draw_menu()

    def action_back(self) -> None:
        if len(self.menus) > 1:
            self.menus.pop()
            self.set_status("")
            self._draw_menu()
            self.refresh_bindings()

    def action_hand(self, step: int) -> None:
        hand = self._hand
        if not hand:
            return
        self.cursor = ((self.cursor or 0) + step) % len(hand)
        self._draw_own()
        self.refresh_bindings()

    def action_hand_click(self, index: int) -> None:
        if 0 <= index < len(self._hand):
            self.cursor = index
            if self.phase in TRADE_PICK_PHASES:
                self.action_trade_card()
                return
            self._draw_own()
            self.refresh_bindings()

    def action_play(self) -> None:
        card_type = self._cursor_card_type()
        if card_type is not None and card_type in self.plays:
            self.submit(self.plays[card_type])
        elif self.plays:
            self.show_error(_("That card cannot be played now"))

    def action_trade_card(self) -> None:
        card = self._cursor_card()
        if card is not None and card in self.trade_cards:
            self.submit(TradeCard(card=card))

    def action_secrets(self) -> None:
        self._set_secrets_shown(not self.show_secrets)
        hidden = self._hidden_seats()
        if self.show_secrets:
            hidden.discard(self.seat)
        else:
            hidden.add(self.seat)
        self._draw_own()
        self._fill_room()  # the recent log may name them too
        self._show_news_again()

    def _set_secrets_shown(self, shown: bool) -> None:
        self.show_secrets = shown
        self.narrator.hide_love_and_hate = not shown

    def action_log(self) -> None:
        """The whole log as this player may read it; with Love and Hate hidden (h), their note stays out."""
        from ...screens.log import LogScreen

        lines = tuple(line.plain for line in render.log_lines(self.view, self.narrator, self.show_secrets))
        self.app.push_screen(LogScreen(self.game_title, lines, private=True))

    # Help ------------------------------------------------------------------------------------------------

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("1-9", _("choose a numbered entry: a card to keep, a target, a side, a navigation card")),
            ("↑/↓ Enter", _("move to any entry of the menu and choose it (the mouse works too)")),
            (_("key bar"), _("\"1-4/d/⏎ Choose\" lists the keys of the menu above, which names each one")),
            ("d", _("do nothing (your action) / done (fight, overboard, thirst: nothing more to add)")),
            ("o", _("row: draw navigation cards, then place each on the row pile or under the deck")),
            ("s / b", _("swap seats with / rob someone (a conscious target may refuse: a fight)")),
            ("m / u / f", _("use a medical kit / open the parasol / fire the flare gun (your action)")),
            ("t", _("propose a trade (free, before your action); then o offer, a accept, x call off")),
            ("y / n", _("give in to a demand / refuse it (a fight)")),
            ("n / c", _("as navigator: navigate / use the compass first")),
            ("c", _("overboard: throw a bucket of chum")),
            ("←/→", _("move over your hand")),
            ("p", _("put the card at the cursor face up (not while trading, rowing or picking)")),
            ("Space", _("put the card at the cursor into the trade, or take it out")),
            ("h", _("hide or show your Love and Hate cards")),
            ("Esc", _("back out of a sub-menu")),
            # the marks of the boat table, a few to a line (each line fits an 80-column help screen)
            (_("marks"), _("✚ conscious ☾ unconscious ✝ dead ≈ lost at sea")),
            ("", _("W/S wounds/size · ▶ decides now · A/D attacker/defender")),
            ("", _("R rowed · F fought · ~ in the water · T thirst · ⚓ navigator · ☂ open")),
            ("", _("✦ new since your last look (the news above the menu says what happened)")),
            # the keys every game shares, as every game's help says them
            *shared_help_lines(self.game_title),
        ]


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = LifeboatTurnScreen
