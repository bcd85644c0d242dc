"""The Lifeboat turn screen: the public boat, the player's own hand, Love and Hate, and one menu.

Every decision the engine asks for is an entry of the menu at the bottom: letters for the usual ones
(d do nothing / done, o row, s swap, b rob, t trade, y/n give in or refuse, ...), numbers 1-9 for
cards and targets, ↑/↓ and Enter (or the mouse) for any entry. A letter that needs a target opens a
numbered sub-menu (Esc goes back). ←/→ move over the own hand; p puts the card face up; Space puts it
into (or takes it out of) a trade. Every key only builds an action from the View's legal actions.

The key bar groups the menu's keys in one entry ("1-4/d/⏎ Choose": the menu above names each), so the
shared keys keep their place at 80 columns. A key that does nothing now says why (`refusal`): the rule
that stops it, as the engine refuses the action the key tries (the View's `refusals`: no rule is worked out
here), and what the decision is now.

The screen keeps the keys, what each may do now (check_action) and why not (refusal), and the mode machine
(`step`: the sub-menus open, the highlighted entries, the rowed cards' places, the hand cursor). What it
shows is drawn by its widgets (widgets/), each from the seat's View and the reactive attributes the screen
sets on them; the menus are built from the View's choices and the step (menus.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar
from weakref import WeakKeyDictionary

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.widgets import Static

from ....engine.base import IllegalAction
from ....engine.lifeboat.models import LifeboatView, Refusal, TradeCard
from ....i18n import N_, _
from ...screens.turn import TurnScreen, shared_help_lines
from ...widgets.body import FittedBody
from ...widgets.keybar import KeyBar
from ...widgets.news import NewsStrip
from . import render
from ....narration.lifeboat import LifeboatNarrator
from .choices import TRADE_PICK_PHASES, Choices, Open, Step, SwitchRowed, sentence
from .menus import menu_keys, menus
from .render import Entry, Menu
from .widgets import Boat, BoatHeader, Decks, LogAndLegend, MenuPrompt, OwnPanel, Situation

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
# The seats that hid their Love and Hate (h), per game session: hidden stays hidden on that seat's next turns.
_HIDDEN: WeakKeyDictionary[Any, set[int]] = WeakKeyDictionary()
KEY_TAGS: dict[str, tuple[str, ...]] = {}
for _key, _tag, _label in LETTERS:
    KEY_TAGS[_key] = (*KEY_TAGS.get(_key, ()), _tag)
ACTION_TAGS = frozenset({"nothing", "row", "swap", "rob", "kit", "parasol", "flare", "trade"})
# What each letter's tag tries (the engine's rules.TRIED_ACTIONS): the View says why the engine refuses it now.
TAG_KINDS: dict[str, str] = {
    "nothing": "do_nothing",
    "done": "done",
    "row": "row",
    "swap": "swap_seats",
    "rob": "rob",
    "kit": "use_medical_kit",
    "parasol": "open_parasol",
    "flare": "fire_flare_gun",
    "trade": "propose_trade",
    "offer": "offer_trade",
    "accept": "accept_trade",
    "call_off": "decline_trade",
    "give_in": "accept_demand",
    "refuse": "refuse_demand",
    "navigate": "navigate",
    "compass": "compass",
    "chum": "use_chum",
}
TRADE_TAGS = frozenset({"offer", "accept", "call_off"})
# What a number tries where no entry is numbered: joining a fight, throwing the life preserver, giving water.
NUMBER_KINDS = ("join_fight", "throw_life_preserver", "give_water")
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

    # Enter takes the highlighted choice: a card, do nothing, done.
    BENCH_KEYS = {"": {"select": ("down", "up"), "apply": ("enter",)}}

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

    # The mode machine: one value, replaced by the keys (and started afresh by each new View).
    step: var[Step] = var(Step, init=False, always_update=True)
    # Whether this seat's Love and Hate show (h hides them, on this seat's next screens too: _HIDDEN).
    show_secrets: var[bool] = var(True, init=False)

    def __init__(self, view: LifeboatView, **context: Any) -> None:
        super().__init__(view, **context)
        self.narrator: SeatNarrator = SeatNarrator(self.narrator.players)
        self.view: LifeboatView = view
        self.choices = Choices(view)
        self.changes = render.NO_CHANGES  # what changed since the seat last looked, as last drawn
        self.menus: tuple[Menu, ...] = ()  # the phase's menu, then each sub-menu open: from the step
        # The widgets that follow the View, the step and the secrets (watch_step ...), composed below.
        self._header = BoatHeader(self.game_title, view, id="lb-header")
        self._boat = Boat(view, id="lb-boat")
        self._decks = Decks(view, id="lb-decks")
        self._situation = Situation(view, id="lb-situation")
        self._log = LogAndLegend(self.narrator, view)
        self._own = OwnPanel(view, id="lb-own")
        self._prompt = MenuPrompt(id="prompt")
        self.step = self.choices.first_step()

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

    @property
    def menu(self) -> Menu:
        """The menu the keys choose from now: the last sub-menu opened, else the phase's own."""
        return self.menus[-1]

    def watch_step(self, before: Step, step: Step) -> None:
        """The menus follow the mode machine, and the prompt and the hand cursor with them. The keys that
        work change with the sub-menu open and the card at the cursor."""
        self.menus = menus(self.choices, step)
        self._prompt.menu = self.menu
        self._own.cursor = step.cursor
        if before.opened != step.opened or before.cursor != step.cursor:
            self.refresh_bindings()

    def watch_show_secrets(self, shown: bool) -> None:
        """Love and Hate shown or hidden: the own panel, and the log lines that name them."""
        self.narrator.hide_love_and_hate = not shown
        self._own.secrets_shown = shown
        self._log.secrets_shown = shown

    def watch_notice(self, notice: str) -> None:
        self._prompt.notice = notice

    # Layout ----------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self._header
        with FittedBody(id="lb-body"):
            yield self._boat
            yield self._decks
            yield self._situation
            yield self._log  # the newest log lines in the room the boat leaves
        yield self._own
        yield self._prompt
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_secrets = self.seat not in self._hidden_seats()
        if not self.show_secrets:
            self._show_news_again()
        self._show_view()

    def _hidden_seats(self) -> set[int]:
        session = getattr(self.app, "session", None)
        if session is None:
            return set()  # a screen shown on its own (tests): only this screen remembers
        return _HIDDEN.setdefault(session, set())

    def on_resize(self, event: Any) -> None:
        self._follow_width()
        self._log.refit()

    def fit_to_body(self) -> None:
        """The middle of the screen changed size (a status line came or went, the own panel grew): the log
        fills the room the boat leaves again."""
        self._log.refit()

    @property
    def _width(self) -> int:
        """The text width of the panels (one cell of padding each side)."""
        return max(40, (self.size.width or self.app.size.width or 80) - 2)

    def _follow_width(self) -> None:
        width = self._width
        for widget in (self._header, self._boat, self._situation, self._own, self._prompt):
            widget.width = width

    def show_view(self, view: Any) -> bool:
        """The same player goes on (a card played, a trade step, a window coming back): keep the cursor."""
        self.view = view
        self.choices = Choices(view)
        self.step = self.choices.first_step(self.step.cursor)
        self.set_status("")
        self._show_view()
        self.refresh_bindings()
        return True

    def _changes(self) -> render.Changes:
        """What changed since this seat last looked at the table (nothing when that is not known)."""
        accent = self.app.get_css_variables().get("accent")
        return render.changes(self.previous_view, self.view, f"bold {accent}" if accent else "bold")

    def _show_view(self) -> None:
        """The widgets show the screen's View, marked with what changed since the seat last looked."""
        view = self.view
        self.changes = self._changes()
        for widget in (self._header, self._situation, self._log):
            widget.view = view
        for marked in (self._boat, self._decks, self._own):
            marked.view = view
            marked.changes = self.changes
        self._follow_width()

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
        choices = self.choices
        if action == "choose":
            return self._entry_for_key(str(parameters[0])) is not None
        if action == "letter":
            return self._entry_for_tag(str(parameters[0])) is not None
        if action == "play":
            if not choices.plays:
                return False
            return True if choices.can_play(choices.cursor_card(self.step)) else None
        if action == "trade_card":
            if self.view.phase not in TRADE_PICK_PHASES or not choices.trade_cards:
                return False
            return True if choices.cursor_card(self.step) in choices.trade_cards else None
        if action == "hand":
            return len(choices.hand) > 1 and choices.hand_matters
        if action == "move":
            return len(self.menu.entries) > 1
        if action == "activate_highlight":
            return bool(self.menu.entries)
        if action == "back":
            return len(self.menus) > 1
        return True  # h, and the shared keys (q leaves from a sub-menu too; Esc goes back first)

    # The key bar ----------------------------------------------------------------------------------------

    def key_display(self, binding: Binding) -> str | None:
        if binding.action != "activate_highlight":
            return None
        keys = menu_keys(self.menu)
        if len(keys) <= 5:  # Enter (with ↑/↓) chooses too; a long list of letters leaves it to the help
            keys.append("⏎")
        return "/".join(keys) or "⏎"

    def _keys_words(self) -> str:
        """The menu's keys in words: '1-3', 'd or o', 'd, o, s, b or t'."""
        keys = menu_keys(self.menu) or ["⏎"]
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
            if not self.choices.hand:
                return _("Your hand is empty.")
            if len(self.choices.hand) == 1:
                return _("You hold only one card: it is the one at the cursor.")
            return _("←/→ pick a card to play or trade, and neither is possible now.")
        if action == "move":
            return _("There is only one choice here: Enter takes it.")
        if action == "activate_highlight":
            return _("There is nothing to choose here.")
        return None

    def _now(self) -> str:
        """What the decision is now, with its keys: the second half of a refusal (short: one line in all)."""
        phase, keys = self.view.phase, self._keys_words()
        if len(self.menus) > 1:
            return _("Choose {keys}, or Esc to go back.").format(keys=keys)
        if phase == "fight":
            if self.choices.me.fight_side is None:
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

    def _rule(self, refused: Refusal) -> str:
        """The engine's reason, as the narrator says it, ending as a sentence."""
        return sentence(self.narrator.refusal(IllegalAction(refused.code, **refused.params)))

    def _refuse_number(self) -> str:
        numbered = sum(1 for entry in self.menu.entries if entry.key.isdigit())
        if numbered == 1:
            return _("Only one choice is numbered here: press 1.")
        if numbered:
            # Not a plural form: languages with one form (Chinese) would say "press 1" for every count.
            return _("Only {n} choices are numbered here: press 1-{n}.").format(n=numbered)
        if len(self.menus) == 1:
            if self.view.phase == "action":
                return _("Your action is chosen with a letter: {keys}.").format(keys=self._keys_words())
            # a number would join a side, throw the life preserver or give water: the one this decision has
            refused = next(
                (r for kind in NUMBER_KINDS if (r := self.choices.refused(kind)) is not None and r.code != "not_now"), None
            )
            if refused is not None:
                if refused.code == "already_fighting":  # the rule, with the keys that still work
                    side = _("attackers") if self.choices.me.fight_side == "attacker" else _("defenders")
                    return _("You are with the {side} (sides are final): p plays weapons, d when done.").format(side=side)
                if refused.code in ("no_life_preserver", "no_water"):
                    return then(self._rule(refused), self._now())
                return self._rule(refused)
            if self.view.phase in TRADE_PICK_PHASES:
                return _("Cards go into the trade with Space, at the cursor (←/→).")
        return then(_("Nothing is numbered here."), self._now())

    def _tried(self, key: str) -> tuple[str, Refusal | None]:
        """The tag `key` stands for now and the engine's refusal of what it tries: the first tag whose kind the
        decision has (refused by a rule of its own), else a trade's while trading, else the key's first
        refused one (None: the engine refuses none of them)."""
        tried = [(tag, refused) for tag in KEY_TAGS[key] if (refused := self.choices.refused(TAG_KINDS[tag])) is not None]
        for tag, refused in tried:
            if refused.code != "not_now":
                return tag, refused
        for tag, refused in tried:
            if tag in TRADE_TAGS and str(refused.params.get("phase", "")).startswith("trade"):
                return tag, refused
        return tried[0] if tried else (KEY_TAGS[key][0], None)

    def _refuse_letter(self, key: str) -> str:
        if len(self.menus) > 1:
            return self._now()
        tag, refused = self._tried(key)
        if refused is None:
            return then(_("Not now."), self._now())
        phase = str(refused.params.get("phase", ""))
        trade = self.view.trade
        if trade is not None and (refused.code == "offer_first" or (tag == "accept" and phase == "trade_offer")):
            # accepting waits for the offer: the rule, with the key that makes it
            return _("Offer the trade first (o); then {who} answers.").format(who=render.name(self.view, trade.partner))
        if refused.code != "not_now":
            return self._rule(refused)
        # The engine has no place for it in this decision (not_now): said with what the decision is instead.
        if tag in ACTION_TAGS:
            if phase in ("trade_offer", "trade_confirm"):  # the trade the actor is making
                return _("{what} waits: finish the trade first.").format(what=_(WHAT[tag]))
            why = _("Your action is under way.") if phase == "row" else _("{what}: not now.").format(what=_(WHAT[tag]))
        elif tag == "offer" and phase == "trade_answer":
            return _("The offer is made: accept it (a) or decline it (x).")
        elif tag == "offer" and phase == "trade_confirm":
            return _("The offer is answered: confirm the trade (a) or call it off (x).")
        elif tag in TRADE_TAGS:
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

    def _refuse_play(self) -> str:
        refused = self.choices.refused("play_card")
        if refused is None:
            return _("That card cannot be put face up now.")
        if refused.code == "not_in_hand" and refused.target is None:  # tried with no card: the hand is empty
            return _("Your hand is empty: there is no card to put face up.")
        if refused.code == "no_playing_now":  # the rule, said short (one line at 80 columns)
            phase = str(refused.params.get("phase", ""))
            if phase.startswith("trade"):
                return _("Cards cannot be put face up during a trade.")
            if phase == "row":
                return _("Cards cannot be put face up while you place the rowed cards.")
            if phase == "pick":
                return _("Cards cannot be put face up while you choose the navigation card.")
        return self._rule(refused)

    def _refuse_trade_card(self) -> str:
        refused = self.choices.refused("trade_card")
        if refused is None:
            return _("That card cannot go into the trade.")
        if refused.code == "not_now":  # no trade to put cards into: the keys that go on instead
            if refused.params.get("phase") == "trade_confirm":
                return _("The cards are chosen: confirm the trade (a) or call it off (x).")
            return _("Space puts a card into a trade: there is no trade going on.")
        if refused.code == "trade_own_cards" and refused.target is None:  # tried with no card: the hand is empty
            return _("You have no card in hand to trade.")
        return self._rule(refused)

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
            self.step = self.step.highlighting(index)
            self._run(self.menu.entries[index])

    def action_activate_highlight(self) -> None:
        entries = self.menu.entries
        if entries:
            self._run(entries[min(self.menu.highlight, len(entries) - 1)])

    def _run(self, entry: Entry) -> None:
        """Do what the entry names: open its sub-menu, switch a rowed card, or submit its action."""
        choice = entry.choice
        if isinstance(choice, Open):
            self._open(choice)
        elif isinstance(choice, SwitchRowed):
            self.step = self.step.switching(choice.index)
        elif choice in self.choices.legal:  # a placement of the rowed cards is built here: only a legal one goes
            self.submit(choice)

    def _open(self, sub: Open) -> None:
        step = self.step.opening(sub)
        if not menus(self.choices, step)[-1].entries:
            return
        self.set_status("")
        self.step = step

    def action_move(self, step: int) -> None:
        entries = self.menu.entries
        if entries:
            self.step = self.step.highlighting((self.menu.highlight + step) % len(entries))

    def action_back(self) -> None:
        if len(self.menus) > 1:
            self.set_status("")
            self.step = self.step.back()

    def action_hand(self, step: int) -> None:
        hand = self.choices.hand
        if not hand:
            return
        self.step = replace(self.step, cursor=((self.step.cursor or 0) + step) % len(hand))

    def action_hand_click(self, index: int) -> None:
        if 0 <= index < len(self.choices.hand):
            self.step = replace(self.step, cursor=index)
            if self.view.phase in TRADE_PICK_PHASES:
                self.action_trade_card()

    def action_play(self) -> None:
        """p asks before the card at the cursor goes face up (it cannot go back to the hand); p again, 1 or
        Enter puts it there, Esc keeps it."""
        card = self.choices.cursor_card(self.step)
        if card is not None and self.choices.can_play(card):
            asked = Open("play_card", card)
            top = self.step.opened[-1] if self.step.opened else None
            if top == asked:
                self.submit(self.choices.play_for(card))
                return
            if top is not None and top.kind == "play_card":  # asked about another card: ask about this one
                self.step = self.step.back()
            self._open(asked)
        elif self.choices.plays:
            self.show_error(_("That card cannot be played now"))

    def action_trade_card(self) -> None:
        card = self.choices.cursor_card(self.step)
        if card is not None and card in self.choices.trade_cards:
            self.submit(TradeCard(card=card))

    def action_secrets(self) -> None:
        self.show_secrets = not self.show_secrets
        hidden = self._hidden_seats()
        if self.show_secrets:
            hidden.discard(self.seat)
        else:
            hidden.add(self.seat)
        self._show_news_again()

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
            ("p", _("put the card at the cursor face up, after asking: p again confirms (not while trading, rowing or picking)")),
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
