from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ... import __version__
from ...i18n import LANGUAGES, N_, _, current_language, next_language, set_language
from ..widgets.choice_list import ChoiceList
from ..widgets.keybar import KeyBar

# The computers' paces in words (settings.PACES).
PACE_WORDS = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "step": N_("step by step (a key for each move)"),
}

# The symbol sets in words (settings.SYMBOL_SETS), and what each means, said when it is chosen.
SYMBOL_WORDS = {
    "auto": N_("automatic"),
    "standard": N_("standard"),
    "safe": N_("one cell wide"),
}
SYMBOL_NOTES = {
    "auto": N_("Symbols: one cell wide in Chinese, standard in English."),
    "standard": N_("Symbols: standard, as most terminals draw them."),
    "safe": N_(
        "Symbols: one cell wide, for terminals that draw stars, arrows and box lines two cells wide "
        "(borders become plain lines)."
    ),
}

LOGO = r"""
 _                         _
| |__   ___   __ _ _ __ __| | __ _  __ _ _ __ ___   ___  ___
| '_ \ / _ \ / _` | '__/ _` |/ _` |/ _` | '_ ` _ \ / _ \/ __|
| |_) | (_) | (_| | | | (_| | (_| | (_| | | | | | |  __/\__ \
|_.__/ \___/ \__,_|_|  \__,_|\__, |\__,_|_| |_| |_|\___||___/
                             |___/
"""


class MainMenuScreen(Screen[None]):
    DEFAULT_CSS = """
    MainMenuScreen { align: center middle; }
    MainMenuScreen #logo { color: $accent; width: auto; }
    MainMenuScreen #tagline { color: $text-muted; width: 100%; content-align: center middle; }
    MainMenuScreen OptionList { width: 44; height: auto; margin-top: 1; }
    MainMenuScreen Vertical { width: auto; height: auto; }
    """
    BINDINGS = [
        Binding("n", "new_game", N_("New game")),
        Binding("c", "resume", N_("Resume")),
        Binding("r", "rules", N_("Rules")),
        Binding("s", "statistics", N_("Statistics")),
        Binding("l", "language", N_("Language")),
        Binding("p", "pace", N_("Computers' pace")),
        Binding("y", "symbols", N_("Symbols")),
        Binding("q", "quit", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            yield Static(LOGO, id="logo")
            yield Static(_("Board games for friends around one laptop · v{v}").format(v=__version__), id="tagline")
            with Center():
                yield ChoiceList(
                    Option(_("[b]N[/b]ew game"), id="new"),
                    Option(_("Resume a saved game ([b]c[/b])"), id="resume"),
                    Option(_("[b]R[/b]ules"), id="rules"),
                    Option(_("[b]S[/b]tatistics"), id="statistics"),
                    Option(self.language_entry(), id="language"),
                    Option(self.pace_entry(), id="pace"),
                    Option(self.symbols_entry(), id="symbols"),
                    Option(_("[b]Q[/b]uit"), id="quit"),
                    id="menu",
                )
        yield KeyBar()

    @staticmethod
    def language_entry() -> str:
        """The language menu entry, naming the language in use in its own words."""
        return _("[b]L[/b]anguage: {language}").format(language=LANGUAGES[current_language()][1])

    def pace_entry(self) -> str:
        """The computers' pace entry, naming the pace chosen."""
        pace = getattr(self.app, "computer_pace", "normal")
        return _("Computers' [b]p[/b]ace: {pace}").format(pace=_(PACE_WORDS.get(pace, pace)))

    def symbols_entry(self) -> str:
        """The symbol set entry, naming the set chosen."""
        chosen = getattr(self.app, "symbol_set", "auto")
        return _("S[b]y[/b]mbols: {symbols}").format(symbols=_(SYMBOL_WORDS.get(chosen, chosen)))

    @on(OptionList.OptionSelected, "#menu")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "language":
            await self.action_language()
            return
        if event.option.id == "pace":
            self.action_pace()
            return
        if event.option.id == "symbols":
            self.action_symbols()
            return
        actions = {
            "new": self.action_new_game,
            "resume": self.action_resume,
            "rules": self.action_rules,
            "statistics": self.action_statistics,
            "quit": self.action_quit,
        }
        actions[event.option.id or "quit"]()

    def action_new_game(self) -> None:
        from .picker import GamePickerScreen

        self.app.push_screen(GamePickerScreen(purpose="play"))

    def action_resume(self) -> None:
        from .saves import ResumeScreen

        self.app.push_screen(ResumeScreen())

    def action_rules(self) -> None:
        from .picker import GamePickerScreen

        self.app.push_screen(GamePickerScreen(purpose="rules"))

    def action_statistics(self) -> None:
        from .statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    async def action_language(self) -> None:
        """Switch to the next language, remember it, and draw the menu again in it at once."""
        from ..settings import change_settings

        language = next_language()[0]
        set_language(language)
        change_settings(language=language)  # if it cannot be written, it lasts until the program closes
        menu = self.query_one("#menu", OptionList)
        place = menu.highlighted
        await self.recompose()
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = place
        menu.focus()
        redraw = getattr(self.app, "redraw_everything", None)
        if redraw is not None:  # the automatic symbol set follows the language
            redraw()

    def action_pace(self) -> None:
        """Switch to the next pace of the computers' moves (slow, normal, fast, step), remembered like the
        language."""
        from ..settings import PACES, change_settings

        pace = getattr(self.app, "computer_pace", "normal")
        pace = PACES[(PACES.index(pace) + 1) % len(PACES)] if pace in PACES else PACES[0]
        self.app.computer_pace = pace  # type: ignore[attr-defined]
        change_settings(computer_pace=pace)
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("pace", self.pace_entry())

    def action_symbols(self) -> None:
        """Switch to the next symbol set (automatic, standard, one cell wide), remembered like the language,
        and draw the whole screen again with it."""
        from ..settings import SYMBOL_SETS, change_settings

        chosen = getattr(self.app, "symbol_set", "auto")
        chosen = SYMBOL_SETS[(SYMBOL_SETS.index(chosen) + 1) % len(SYMBOL_SETS)] if chosen in SYMBOL_SETS else SYMBOL_SETS[0]
        self.app.symbol_set = chosen  # type: ignore[attr-defined]
        change_settings(symbols=chosen)
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("symbols", self.symbols_entry())
        redraw = getattr(self.app, "redraw_everything", None)
        if redraw is not None:
            redraw()
        self.notify(_(SYMBOL_NOTES[chosen]), markup=False)

    def action_quit(self) -> None:
        self.app.exit()
