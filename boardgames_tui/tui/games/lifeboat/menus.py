"""The menus of the Lifeboat turn screen: the decision's own menu and the sub-menus opened over it, built
from one seat's choices (its View's legal actions) and the screen's step.

Every entry names what choosing it does: a legal action to submit, a sub-menu to open (`Open`) or a rowed
card to switch (`SwitchRowed`); the screen does it. No Textual here."""

from __future__ import annotations

from rich.text import Text

from ....engine.lifeboat.data import CARD_TYPE
from ....engine.lifeboat.models import (
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    Done,
    DoNothing,
    FireFlareGun,
    OfferTrade,
    OpenParasol,
    PlaceRowed,
    RefuseDemand,
    Rob,
    Row,
    UseChum,
)
from ....i18n import _, ngettext
from ....narration.lifeboat import card_name, status_word
from . import render
from .choices import Choices, Open, Step, SwitchRowed
from .render import Entry, Menu


def menus(choices: Choices, step: Step) -> tuple[Menu, ...]:
    """The decision's menu, then each sub-menu `step` opened over it, each numbered and highlighted."""
    return MenuBuilder(choices, step).stack()


def menu_keys(menu: Menu) -> list[str]:
    """The menu's keys for the key bar and the refusals: '1-4' for the numbers, then the letters."""
    numbers = sum(1 for entry in menu.entries if entry.key.isdigit())
    keys = [f"1-{numbers}" if numbers > 1 else "1"] if numbers else []
    keys += [entry.key for entry in menu.entries if entry.key.isalpha() and len(entry.key) == 1]
    return keys


class MenuBuilder:
    """Builds the menus of one decision (`choices`) at one `step`."""

    def __init__(self, choices: Choices, step: Step) -> None:
        self.choices = choices
        self.step = step
        self.view = choices.view

    def stack(self) -> tuple[Menu, ...]:
        built = [self._base_menu(), *(self.sub_menu(sub) for sub in self.step.opened)]
        for menu, highlight in zip(built, self.step.highlights):
            if highlight is not None:
                menu.highlight = highlight
        return tuple(built)

    def _base_menu(self) -> Menu:
        builder = getattr(self, f"_menu_{self.choices.phase}", None)
        menu = builder() if builder is not None else Menu(_("Nothing to decide."))
        menu.number()
        return menu

    def sub_menu(self, sub: Open) -> Menu:
        """The sub-menu `sub` opens, numbered (it may have no entry: then there is nothing to open)."""
        if sub.kind == "rob":
            menu = self._menu_rob_whom()
        elif sub.kind == "rob_what":
            assert sub.target is not None
            menu = self._menu_rob_what(sub.target)
        elif sub.kind == "play_card":
            assert sub.target is not None
            menu = self._menu_play_card(sub.target)
        else:
            menu = self._menu_targets(sub.kind)
        menu.number()
        return menu

    def _who(self, seat: int) -> str:
        return render.who(self.view, seat)

    def _menu_draft(self) -> Menu:
        draft = self.view.draft or ()
        menu = Menu(_("Keep one of the {n} supply cards (the others are passed sternward):").format(n=len(draft)))
        for action in self.choices.by_kind.get("take_supply", []):
            count = sum(1 for c in draft if CARD_TYPE[c] == CARD_TYPE[action.card])
            label = render.card_chip(action.card)
            if count > 1:
                label.append(f" ×{count}")
            # what the highlighted card does is written under the menu (↑/↓ to read the others)
            menu.entries.append(Entry(label, action, hint=render.card_words(action.card)))
        return menu

    def _menu_action(self) -> Menu:
        by = self.choices.by_kind
        menu = Menu(_("Your action (one of these; cards may be played face up first, p):"))
        entries = menu.entries
        if "do_nothing" in by:
            entries.append(Entry(_("do nothing"), DoNothing(), "d", "nothing"))
        if "row" in by:
            entries.append(Entry(_("row"), Row(), "o", "row"))
        if "swap_seats" in by:
            entries.append(Entry(_("swap seats…"), Open("swap_seats"), "s", "swap"))
        if "rob" in by:
            entries.append(Entry(_("rob…"), Open("rob"), "b", "rob"))
        if "use_medical_kit" in by:
            entries.append(Entry(_("medical kit…"), Open("use_medical_kit"), "m", "kit"))
        if "open_parasol" in by:
            entries.append(Entry(_("open the parasol"), OpenParasol(), "u", "parasol"))
        if "fire_flare_gun" in by:
            entries.append(Entry(_("fire the flare gun"), FireFlareGun(), "f", "flare"))
        if "propose_trade" in by:
            entries.append(Entry(_("trade… (free)"), Open("propose_trade"), "t", "trade"))
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
        for action in self.choices.by_kind.get(kind, []):
            menu.entries.append(Entry(self._target_label(action.target, kind), action))
        return menu

    def _menu_rob_whom(self) -> Menu:
        menu = Menu(_("Rob whom (a conscious character may refuse: a fight)?"), sub=True, columns=True)
        targets: dict[int, list[Rob]] = {}
        for action in self.choices.by_kind.get("rob", []):
            targets.setdefault(action.target, []).append(action)
        kid = self.choices.me.character == "kid"
        for target, actions in targets.items():
            s = self.view.seats[target]
            label = self._target_label(target, "rob")
            in_hand = ngettext("{n} card in hand", "{n} cards in hand", s.hand_size).format(n=s.hand_size)
            label.append(" " + in_hand, style="dim")
            if s.face_up:
                label.append(" · " + _("face up: ") + render.face_up_text(s).plain, style="dim")
            if len(actions) == 1:
                menu.entries.append(Entry(label, actions[0]))
            else:
                menu.entries.append(Entry(label, Open("rob_what", target)))
        if kid:
            menu.title = _("Rob whom? (a pickpocket: taking a hand card cannot be refused)")
        return menu

    def _menu_rob_what(self, target: int) -> Menu:
        actions = [action for action in self.choices.by_kind.get("rob", []) if action.target == target]
        menu = Menu(_("Take from {who}:").format(who=self._who(target)), sub=True)
        for action in actions:
            if action.card is None:
                n = self.view.seats[target].hand_size
                label = Text(
                    ngettext("a random hand card ({n} card in hand)", "a random hand card ({n} cards in hand)", n).format(n=n)
                )
            else:
                label = Text(_("the face-up ")) + render.card_chip(action.card)
            menu.entries.append(Entry(label, action))
        return menu

    def _menu_play_card(self, card: int) -> Menu:
        """The question before a card goes face up, which cannot be taken back (p asks, p or 1 puts it)."""
        menu = Menu(_("Put {card} face up? It stays there until used, and anyone robbing you may take it by name:").format(card=card_name(card)), sub=True)
        if self.choices.can_play(card):
            menu.entries.append(Entry(Text(_("put it face up (p)")), self.choices.play_for(card)))
        return menu

    def _menu_trade_offer(self) -> Menu:
        trade = self.view.trade
        assert trade is not None
        give = render._cards_or_count(trade.give, trade.give_count)
        menu = Menu(
            _("Trade with {who}: Space puts the card at the cursor in or out. You give: {give}").format(
                who=render.name(self.view, trade.partner), give=give
            )
        )
        menu.entries.append(Entry(_("offer it"), OfferTrade(), "o", "offer"))
        menu.entries.append(Entry(_("call it off"), DeclineTrade(), "x", "call_off"))
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
        menu.entries.append(Entry(_("accept"), AcceptTrade(), "a", "accept"))
        menu.entries.append(Entry(_("decline"), DeclineTrade(), "x", "call_off"))
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
        menu.entries.append(Entry(_("confirm the trade"), AcceptTrade(), "a", "accept"))
        menu.entries.append(Entry(_("call it off"), DeclineTrade(), "x", "call_off"))
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
        menu.entries.append(Entry(_("give in"), AcceptDemand(), "y", "give_in"))
        menu.entries.append(Entry(_("refuse: fight"), RefuseDemand(), "n", "refuse"))
        return menu

    def _menu_fight(self) -> Menu:
        fight = self.view.fight
        me = self.choices.me
        mine = me.size + render.weapons(me.face_up)
        side = me.fight_side
        if side is None:
            title = _("Join a side (final; you add {n}), play weapons face up (p), or stay out (d):").format(n=mine)
        else:
            title = _("You fight with the {side}: play weapons face up (p), then done (d):").format(
                side=_("attackers") if side == "attacker" else _("defenders")
            )
        menu = Menu(title)
        for action in self.choices.by_kind.get("join_fight", []):
            if fight is not None and action.side == "attacker":
                label = _("join the attackers ({a} → {b})").format(a=fight.attack_total, b=fight.attack_total + mine)
            elif fight is not None:
                label = _("join the defenders ({a} → {b})").format(a=fight.defend_total, b=fight.defend_total + mine)
            else:  # pragma: no cover - a fight phase always has a fight
                label = action.side
            menu.entries.append(Entry(label, action))
        done = _("stay out (done)") if side is None else _("done")
        menu.entries.append(Entry(done, Done(), "d", "done"))
        return menu

    def _menu_row(self) -> Menu:
        drawn = self.view.drawn or ()
        menu = Menu(
            _("Place the rowed cards (a number switches one), then Enter:"),
            columns=True,
        )
        for i, card in enumerate(drawn):
            label = render.nav_short(render.nav_card(self.view, card), render.aboard(self.view))
            where = _("→ row pile") if self.step.to_pile[i] else _("→ under the deck")
            label.append(f"  {where}", style="bold green" if self.step.to_pile[i] else "bold")
            menu.entries.append(Entry(label, SwitchRowed(i)))
        menu.entries.append(Entry(Text(_("place them"), style="bold"), PlaceRowed(to_pile=self.step.to_pile), "⏎"))
        menu.highlight = len(drawn)
        return menu

    def _menu_navigate(self) -> Menu:
        pile = self.view.row_pile_size
        if pile == 0:
            what = _("no row pile: the top navigation card will be used")
        elif pile == 1:
            what = _("the row pile holds 1 card: it will be used")
        else:
            what = _("the row pile holds {n} cards: you will choose one").format(n=pile)
        menu = Menu(_("You navigate: {what}.").format(what=what))
        for action in self.choices.by_kind.get("navigate", []):
            if action.compass:
                menu.entries.append(
                    Entry(_("use the compass (add the top card to the row pile)"), action, "c", "compass")
                )
            else:
                menu.entries.insert(0, Entry(_("navigate"), action, "n", "navigate"))
        return menu

    def _menu_pick(self) -> Menu:
        menu = Menu(_("Choose this round's navigation card (the others go under the deck):"), columns=True)
        for action in self.choices.by_kind.get("pick_navigation", []):
            label = render.nav_short(render.nav_card(self.view, action.card), render.aboard(self.view))
            menu.entries.append(Entry(label, action))
        return menu

    def _menu_overboard(self) -> Menu:
        names = _(", ").join(render.name(self.view, x) for x in self.view.boat if self.view.seats[x].overboard)
        menu = Menu(_("In the water: {names}. Throw the life preserver or chum, or done:").format(names=names))
        for action in self.choices.by_kind.get("throw_life_preserver", []):
            menu.entries.append(
                Entry(_("throw the life preserver to {who}").format(who=self._who(action.target)), action)
            )
        if "use_chum" in self.choices.by_kind:
            menu.entries.append(Entry(_("throw a bucket of chum"), UseChum(), "c", "chum"))
        menu.entries.append(Entry(_("done"), Done(), "d", "done"))
        return menu

    def _menu_thirst(self) -> Menu:
        menu = Menu(_("Give water (each unpaid thirst is a wound), or done:"))
        for action in self.choices.by_kind.get("give_water", []):
            s = self.view.seats[action.target]
            who = _("yourself") if action.target == self.choices.seat else self._who(action.target)
            menu.entries.append(Entry(_("water for {who} (thirst {n})").format(who=who, n=s.thirst), action))
        menu.entries.append(Entry(_("done"), Done(), "d", "done"))
        return menu
