"""Lifeboat in Simplified Chinese: every event, refusal, prompt, label and result has words in both
languages, and the Chinese ones carry no English; the game's screens in Chinese show no English word and
cut nothing at 80x24 and 100x30.

Allowed in Chinese text: player names, card codes (N05), single letters (colour and marker letters, the
game's letter keys) and key names. Words of the shared screens that belong to the app's catalogue are
listed in SHARED_CHROME: they are allowed only while that catalogue leaves them in English.
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from textual.app import App

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.core import PHASE_KINDS
from boardgames_tui.engine.lifeboat.models import DoNothing, LifeboatOptions, LifeboatState, TakeSupply
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.i18n import set_language
from boardgames_tui.tui.games.lifeboat.narrate import LifeboatNarrator
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.lifeboat.helpers import build, nav, random_midgame
from ..engine.lifeboat.test_playouts import CANDIDATES

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
WORD = re.compile(r"[A-Za-z]{2,}")
KEY_NAMES = {"Esc", "Tab", "Enter", "Space", "PgUp", "PgDn", "Home", "End", "Ctrl", "esc", "enter", "space", "tab"}
CARD_CODE = re.compile(r"N\d\d")
MARKS = re.compile(r"[ADRFT]+")  # the boat table's marker letters side by side ("RFT2": rowed, fought, thirst 2)
# Shared screens' words from files this game does not own (screens/help.py, log.py, results.py and the app's
# catalogue), some fixed in English when their module is imported: allowed, and reported to be translated.
SHARED_CHROME = (
    "Log — {title}",
    "Keys — {title}",
    "Back",
    "Game over",
    "Deal {deal}",
    "Played by {players}",
    "Nothing has happened yet.",
    "Place",
    "Score",
    "a play again (same players and options, new deal) · m main menu",
    "Play again",
    "Main menu",
    "Log",
    "Rules",
)
OPTIONS = [
    LifeboatOptions(rowing=rowing, disputed_cards=disputed, trading=trading)
    for rowing in ("standard", "variant")
    for disputed in ("majority", "alternative")
    for trading in (True, False)
]


def english_words(text: str, players: tuple[str, ...] = NAMES) -> list[str]:
    """The ASCII words of two letters or more in `text` that are not a player's name, a card code or a key."""
    for phrase in SHARED_CHROME:
        for piece in re.split(r"\{[a-z]+\}", phrase):
            if piece.strip() and WORD.search(piece):
                text = text.replace(piece.strip(), " ")
    for name in sorted(players, key=len, reverse=True):
        text = text.replace(name, " ")
    return [w for w in WORD.findall(CARD_CODE.sub(" ", text)) if w not in KEY_NAMES and not MARKS.fullmatch(w)]


@pytest.fixture
def both_languages() -> Iterator[None]:
    yield
    set_language("en")


# (a) Every fact and refusal, said in both languages ----------------------------------------------------


def said_facts(state: LifeboatState) -> Iterator[tuple[str, Any]]:
    """Every fact a table could be told about `state`: each seat's log, the prompt, the position, the
    handoff's summary, the outcome."""
    n = len(state.players)
    for seat in (None, *range(n)):
        view = RULES.view(state, seat)
        yield "prompt", view.prompt
        for entry in view.log[-6:]:
            yield "event", entry
        for line in view.results or ():
            yield from (("note", note) for note in line.notes)
    yield "position", RULES.turn_label(state)
    summary = RULES.last_public_event(state)
    if summary is not None:
        yield "summary", summary
    outcome = RULES.outcome(state)
    if outcome is not None:
        yield "headline", outcome.headline
        yield from (("detail", detail) for detail in outcome.details)


def playouts() -> Iterator[LifeboatState]:
    """Random legal games of every option and player count, every state along the way."""
    for i, options in enumerate(OPTIONS):
        for players in (4, 5, 6):
            rng = random.Random(i * 10 + players)
            state = RULES.setup(NAMES[:players], options, f"zh-{i}-{players}")
            yield state
            while RULES.to_act(state):
                state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
                yield state


def test_every_fact_and_refusal_of_random_games_is_said_in_both_languages(both_languages: None) -> None:
    kinds: set[str] = set()
    codes: set[str] = set()
    for state in playouts():
        narrators = {}
        for language in ("en", "zh"):
            set_language(language)
            narrators[language] = LifeboatNarrator(state.players)
        facts = list(said_facts(state))
        refusals = []
        if RULES.to_act(state):
            refusals = [r for a in CANDIDATES if (r := RULES.refusal(state, state.current, a)) is not None]
            refusals.append(RULES.refusal(state, (state.current + 1) % len(state.players), DoNothing()))
        else:
            refusals.append(RULES.refusal(state, 0, DoNothing()))
        for language, narrator in narrators.items():
            set_language(language)
            lines = [narrator.say(fact) for _, fact in facts] + [narrator.refusal(r) for r in refusals if r]
            if language == "zh":
                for line in lines:
                    assert not english_words(line, state.players), line
        kinds |= {fact.kind for _, fact in facts}
        codes |= {r.code for r in refusals if r}
    assert {"launch", "dealt", "love_and_hate", "fight_ends", "falls_in", "landed", "score_line"} <= kinds
    assert {"not_now", "no_playing_now", "not_your_turn", "game_over", "not_yourself"} <= codes


def engine_codes() -> set[str]:
    """Every refusal code the engine's files name."""
    from pathlib import Path

    import boardgames_tui.engine.lifeboat as package

    source = " ".join(p.read_text(encoding="utf-8") for p in Path(package.__path__[0]).glob("*.py"))
    return set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source)) | {"game_over", "not_your_turn", "unknown_action"}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_refusal_code_has_words(language: str, both_languages: None) -> None:
    set_language(language)
    narrator = LifeboatNarrator(NAMES[:4])
    samples = {"seat": 1, "phase": "action", "cards": 2, "kind": "jump"}
    codes = engine_codes() | {"keep_your_preserver", "no_life_preserver"}  # chosen in a variable there
    for code in sorted(codes):
        method = getattr(narrator, f"refuse_{code}")
        params = {name: samples[name] for name in inspect.signature(method).parameters if name in samples}
        said = narrator.refusal(IllegalAction(code, **params))
        assert said and "_" not in said
        if language == "zh":
            assert not english_words(said), (code, said)
    for phase in PHASE_KINDS:
        for code in ("not_now", "no_playing_now"):
            said = narrator.refusal(IllegalAction(code, phase=phase))
            assert language == "en" or not english_words(said), said


def test_the_game_names_its_options_in_chinese(both_languages: None) -> None:
    set_language("zh")
    narrator = LifeboatNarrator(NAMES[:4])
    said = [narrator.title, narrator.blurb]
    for name, field in LifeboatOptions.model_fields.items():
        said.append(narrator.option_label(name))
        said.append(narrator.option_help(name) or "")
        values = [True, False] if field.annotation is bool else list(field.annotation.__args__)  # type: ignore[union-attr]
        said += [narrator.option_choice(name, value) for value in values]
    for line in said:
        assert not [w for w in english_words(line) if w not in {"N11", "N18"}], line
    assert narrator.title == "救生艇"


# (b) The screens in Chinese ----------------------------------------------------------------------------


def squeezed(text: str) -> str:
    """The text without whitespace nor box borders: a line wrapped on screen reads as one."""
    return "".join(re.sub(r"[║│┃▊▎▔▁]", "", text).split())


def screen_text(app: App[Any]) -> str:
    """What the terminal shows, as plain text: the screenshot without its style sheet and window title."""
    import html

    svg = app.export_screenshot()
    svg = re.sub(r"<style>.*?</style>", "", svg, flags=re.S)
    svg = re.sub(r'<text class="[^"]*-title"[^>]*>.*?</text>', "", svg, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def assert_chinese(app: App[Any], players: tuple[str, ...], *whole: str) -> str:
    """The screen shows no English word, and each of `whole` (lines the game said) appears uncut."""
    text = screen_text(app)
    assert not english_words(text, players), (english_words(text, players), text)
    flat = squeezed(text)
    for line in whole:
        assert squeezed(line) in flat, (line, text)
    return text


class ChineseViewer(App[None]):
    """One seat's Lifeboat turn screen for a fixed view, titled as the game's narrator says it."""

    def __init__(self, view: Any) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        narrator = LifeboatNarrator(self.view.players)
        self.push_screen(LifeboatTurnScreen(self.view, game_id="lifeboat", title=narrator.title, narrator=narrator))


def phase_states() -> Iterator[LifeboatState]:
    """A state in every phase of the game (the first one reached in a few random games)."""
    seen: set[str] = set()
    for seed in range(40):
        state = random_midgame(4 + seed % 3, seed, 1 + seed * 7 % 260)
        if state.phase not in seen and state.phase != "over":
            seen.add(state.phase)
            yield state
    assert seen >= {"draft", "action", "fight", "thirst", "overboard", "respond", "navigate"}, seen


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_phase_of_the_turn_screen_is_chinese_and_whole(size: tuple[int, int], in_chinese: None) -> None:
    for state in phase_states():
        view = RULES.view(state, state.current)
        app = ChineseViewer(view)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LifeboatTurnScreen)
            menu = screen.menu
            assert_chinese(app, state.players, menu.title, *(entry.label for entry in menu.entries if isinstance(entry.label, str)))
            for key in ("h", "question_mark"):
                await pilot.press(key)
                await pilot.pause()
                assert_chinese(app, state.players)
                if isinstance(app.screen, HelpScreen):
                    await pilot.press("escape")


async def resume(app: Any, pilot: Any, state: LifeboatState) -> HotseatSession:
    """Resume `state` as a saved game (as the shared helper does, but with the title in Chinese)."""
    save = SaveFile(
        schema_version=SCHEMA_VERSION, save_id="zh", game_id="lifeboat", players=state.players,
        options=state.options.model_dump(), seed=state.seed, state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00", updated_at="2026-01-01T00:00:00+00:00",
    )  # fmt: skip
    session = HotseatSession.resume(SavedGame(app.store.path_for("zh"), save, state), app.store)
    await app.start_session(session)
    await pilot.pause()
    return session


async def take_device(app: Any, pilot: Any) -> LifeboatTurnScreen:
    from .helpers import wait_until

    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen) and app.screen.armed, "the handoff")
    await pilot.press("space")
    await wait_until(pilot, lambda: isinstance(app.screen, LifeboatTurnScreen), "a turn screen")
    return app.screen  # type: ignore[no-any-return]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_turn_a_refusal_the_log_help_and_results_in_chinese(make_app, size: tuple[int, int], in_chinese: None) -> None:
    from .helpers import wait_until

    four = ("lady_lauren", "sir_stephen", "captain", "first_mate")
    state = build(four, hands={0: ["knife", "water"], 1: ["jewels"]}, face_up={2: ["oar"]}, nav_deck=[nav("N05")])
    players = state.players
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await resume(app, pilot, state)
        screen = await take_device(app, pilot)
        narrator = session.narrator
        # a turn: the action menu, every word in Chinese
        assert_chinese(app, players, screen.menu.title, narrator.title)
        # a key refused by the screen, and an action refused by the rules (said by the narrator)
        await pilot.press("u")
        refused = screen.query_one("#status").render()
        assert_chinese(app, players, str(refused))
        screen.post_message(TurnScreen.ActionChosen(screen.seat, TakeSupply(card=0)))
        await pilot.pause()
        said = narrator.refusal(IllegalAction("not_now", phase="action"))
        assert_chinese(app, players, said)
        # the log and the help
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
        assert_chinese(app, players, *session.log_lines(0)[-3:])
        await pilot.press("escape")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert_chinese(app, players)
        await pilot.press("escape")
        # a turn played: Ana does nothing; the next player's screen
        await pilot.press("d")
        screen = await take_device(app, pilot)
        assert_chinese(app, players, screen.menu.title)
    # the results of a finished game
    finished = random_midgame(6, 3, 10_000)
    assert finished.phase == "over"
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await resume(app, pilot, finished)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        outcome = session.outcome()
        assert outcome is not None
        lines = [session.narrator.say(outcome.headline), *(session.narrator.say(d) for d in outcome.details)]
        assert_chinese(app, (*finished.players, finished.seed), *lines)  # the deal number is the seed
        assert app.screen.query_one("#results-box").max_scroll_y == 0, "everything is in view"
