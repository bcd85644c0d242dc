"""Lifeboat in Simplified Chinese: every event, refusal, prompt, label and result has words in both
languages, and the Chinese ones carry no English; the game's screens in Chinese show no English word and
cut nothing at 80x24 and 100x30: nothing scrolls out of the turn screen (with a refusal showing too), no
line of it starts with closing punctuation, and the option help of the setup screen breaks cleanly. The
words this game shares with the app read the same in both catalogues.

Allowed in Chinese text: player names, card codes (N05), single letters (colour and marker letters, the
game's letter keys) and key names.
"""

from __future__ import annotations

import inspect
import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.core import PHASE_KINDS
from boardgames_tui.engine.lifeboat.models import DoNothing, LifeboatOptions, LifeboatState, TakeSupply
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.i18n import set_game, set_language
from boardgames_tui.narration.lifeboat import LifeboatNarrator
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.lifeboat.helpers import build, nav, random_midgame
from ..engine.lifeboat.test_playouts import CANDIDATES
from . import chinese
from .chinese import screen_text, squeezed

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
CARD_CODE = re.compile(r"N\d\d")
MARKS = re.compile(r"[ADRFT]+")  # the boat table's marker letters side by side ("RFT2": rowed, fought, thirst 2)
CATALOGUES = Path(__file__).parents[2] / "boardgames_tui" / "locale" / "zh_CN" / "LC_MESSAGES"
# The marks after which a Chinese sentence takes no space
SPACED = re.compile(r"[，。、；！？] ")
OPTIONS = [
    LifeboatOptions(rowing=rowing, disputed_cards=disputed, trading=trading)
    for rowing in ("standard", "variant")
    for disputed in ("majority", "alternative")
    for trading in (True, False)
]


def english_words(text: str, players: tuple[str, ...] = NAMES) -> list[str]:
    """The English words in `text`: a player's name, a card code, a key and the boat's marker letters are not."""
    return chinese.english_words(CARD_CODE.sub(" ", text), players, latin=MARKS)


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


# Kinds of fact and refusals the narrator words that random games never bring up (the rules' own tests and
# test_every_refusal_code_has_words reach them); "kind" and "turn" are not kinds of Lifeboat fact.
NOT_IN_RANDOM_GAMES = {"card_gone", "no_navigator", "random_card_used", "kind", "turn"}
REFUSALS_NOT_IN_RANDOM_GAMES = {"name_first_face_up", "navigation_deck_empty", "no_such_side", "offer_first", "unknown_action"}


def test_every_fact_and_refusal_of_random_games_is_said_in_both_languages(both_languages: None) -> None:
    """Every fact and refusal met in random games is said in both languages, with no English in the Chinese.
    Each one is said once for each table (the same event comes back in every later state's log), and the
    games stop once every kind of fact and every refusal the narrator words has come up."""
    wanted_kinds = {name[4:] for name in dir(LifeboatNarrator) if name.startswith("say_")} - NOT_IN_RANDOM_GAMES
    wanted_codes = {name[7:] for name in dir(LifeboatNarrator) if name.startswith("refuse_")} - REFUSALS_NOT_IN_RANDOM_GAMES
    kinds: set[str] = set()
    codes: set[str] = set()
    said: set[tuple[tuple[str, ...], str]] = set()  # (the table, the fact or refusal) already said
    for state in playouts():
        facts = [fact for _, fact in said_facts(state)]
        refusals = []
        if RULES.to_act(state):
            refusals = [r for a in CANDIDATES if (r := RULES.refusal(state, state.current, a)) is not None]
            refusals.append(RULES.refusal(state, (state.current + 1) % len(state.players), DoNothing()))
            # and the View's, some of which speak of the whole boat rather than of the seat tried
            refusals += [IllegalAction(r.code, **r.params) for r in RULES.view(state, state.current).refusals]
        else:
            refusals.append(RULES.refusal(state, 0, DoNothing()))
        kinds |= {fact.kind for fact in facts}
        codes |= {r.code for r in refusals if r}

        def unsaid(key: str) -> bool:
            if (state.players, key) in said:
                return False
            said.add((state.players, key))
            return True

        new_facts = [fact for fact in facts if unsaid(fact.model_dump_json())]
        new_refusals = [r for r in refusals if r and unsaid(str(r))]  # its code and parameters
        for language in ("en", "zh"):
            set_language(language)
            narrator = LifeboatNarrator(state.players)
            lines = [narrator.say(fact) for fact in new_facts] + [narrator.refusal(r) for r in new_refusals]
            if language == "zh":
                for line in lines:
                    assert not english_words(line, state.players), line
        if kinds >= wanted_kinds and codes >= wanted_codes:
            break
    assert wanted_kinds <= kinds, sorted(wanted_kinds - kinds)
    assert wanted_codes <= codes, sorted(wanted_codes - codes)
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


def assert_chinese(app: App[Any], players: tuple[str, ...], *whole: str) -> str:
    """The screen shows no English word, and each of `whole` (lines the game said) appears uncut."""
    text = screen_text(app)
    assert not english_words(text, players), (english_words(text, players), text)
    flat = squeezed(text)
    for line in whole:
        assert squeezed(line) in flat, (line, text)
    return text


def assert_whole_turn_screen(app: App[Any], players: tuple[str, ...]) -> None:
    """The turn screen shows everything it drew: nothing scrolled out of its middle, no line that starts with
    closing punctuation, no ASCII comma and no space after a Chinese mark (lists read 小明、Chloé)."""
    screen = app.screen
    assert isinstance(screen, LifeboatTurnScreen)
    body = screen.query_one("#lb-body")
    text = assert_chinese(app, players)
    assert body.max_scroll_y == 0, ("the middle of the screen overflows", text)
    chinese.assert_well_broken(text, "the turn screen")
    for name in sorted(players, key=len, reverse=True):
        text = text.replace(name, "某")  # a name may hold a comma; it stands for a word here
    assert "," not in text and not SPACED.search(text), text


async def show(app: Any, view: Any) -> LifeboatTurnScreen:
    """One seat's turn screen for a fixed view, pushed over the app's menu (no game session: a chosen action
    goes nowhere), with the game's catalogue asked first as while a game is open."""
    set_game("lifeboat")
    narrator = LifeboatNarrator(view.players)
    screen = LifeboatTurnScreen(view, game_id="lifeboat", title=narrator.title, narrator=narrator)
    await app.push_screen(screen)
    return screen


def phase_states() -> Iterator[LifeboatState]:
    """A state of every decision of the game, from random games of 4 to 6 (the first one reached from the
    third round on, when the boat has wounds, face-up cards and a long log; else the first one)."""
    first: dict[str, LifeboatState] = {}
    later: dict[str, LifeboatState] = {}
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[: 4 + seed % 3], OPTIONS[seed % len(OPTIONS)], f"phases-{seed}")
        while RULES.to_act(state):
            first.setdefault(state.phase, state)
            if state.round >= 3:
                later.setdefault(state.phase, state)
            state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
    assert set(first) >= {"draft", "action", "trade_offer", "trade_answer", "trade_confirm", "respond", "fight",
                          "row", "navigate", "pick", "overboard", "thirst"}, set(first)  # fmt: skip
    for phase, state in first.items():
        yield later.get(phase, state)


async def show_a_refusal(pilot: Any, screen: LifeboatTurnScreen) -> bool:
    """Press keys that do nothing in most decisions until one is refused: its reason takes a line."""
    for key in ("9", "u", "x", "c"):
        await pilot.press(key)
        await pilot.pause()
        if screen.is_current and screen.query_one("#status").display:
            return True
    return False


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_decision_of_the_turn_screen_is_chinese_and_whole(size: tuple[int, int], make_app, in_chinese: None) -> None:
    app = make_app()
    refused = 0
    async with app.run_test(size=size) as pilot:
        for state in phase_states():
            view = RULES.view(state, state.current)
            screen = await show(app, view)
            await pilot.pause()
            await pilot.pause()
            menu = screen.menu
            assert_chinese(app, state.players, menu.title, *(entry.label for entry in menu.entries if isinstance(entry.label, str)))
            assert_whole_turn_screen(app, state.players)
            if await show_a_refusal(pilot, screen):
                refused += 1
                await pilot.pause()
                assert_whole_turn_screen(app, state.players)  # the status line took a row from the middle
            if screen.is_current:
                for key in ("h", "question_mark"):
                    await pilot.press(key)
                    await pilot.pause()
                    assert_chinese(app, state.players)
                    if isinstance(app.screen, HelpScreen):
                        await pilot.press("escape")
            app.pop_screen()
            await pilot.pause()
    assert refused >= 8


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_option_help_of_the_setup_screen_breaks_cleanly(size: tuple[int, int], make_app, in_chinese: None) -> None:
    """The setup screen folds Chinese anywhere: this game's option help is worded so that no line of it starts
    with closing punctuation, at either size (the form scrolls there, so its scrollbar takes two columns) and
    with 4 to 6 players."""
    from textual.widgets import Select

    from boardgames_tui.tui.screens.setup import SetupScreen

    narrator = LifeboatNarrator(NAMES[:4])
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await app.push_screen(SetupScreen("lifeboat"))
        await pilot.pause()
        for players in (4, 6):
            app.screen.query(Select).first().value = players
            await pilot.pause()
            for name in LifeboatOptions.model_fields:
                help_text = squeezed(narrator.option_help(name) or "")
                app.screen.query_one(f"#opt-help-{name}").scroll_visible(animate=False)
                await pilot.pause()
                text = re.sub("[\u2580-\u259f]", "", screen_text(app))  # the scrollbar beside a line
                shown = [line.strip() for line in text.splitlines() if line.strip() and squeezed(line) in help_text]
                assert squeezed("".join(shown)) == help_text, text  # the whole help is in view
                assert not chinese.badly_broken(shown), (chinese.badly_broken(shown), text)


def test_the_words_shared_with_the_app_read_as_the_app_says_them() -> None:
    """While a game is open its catalogue is asked first: a message both catalogues translate ("The game is
    over.", "It is not your turn.") must read the same, or the app would change its wording in this game. (The
    help's shared keys come from the app's own lines, `shared_help_lines`.)"""
    from babel.messages.pofile import read_po

    def translations(domain: str) -> dict[tuple[str | None, str], str]:
        with open(CATALOGUES / f"{domain}.po", "rb") as handle:
            catalog = read_po(handle)
        return {
            (m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string if isinstance(m.string, str) else m.string[0]
            for m in catalog
            if m.id and m.string
        }

    app, game = translations("app"), translations("lifeboat")
    shared = set(app) & set(game)
    assert {(None, "The game is over."), (None, "It is not your turn.")} <= shared
    assert {key: (app[key], game[key]) for key in shared if app[key] != game[key]} == {}


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
        await pilot.pause()
        assert_whole_turn_screen(app, players)
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
        keys = dict(screen.help_lines())
        assert (keys["l"], keys["q / Esc"]) == ("本局记录", "回到主菜单（会先询问；若有未保存的步骤会说明）")  # the app's words for its keys
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
        # The reveal under the scores may scroll; the headline and details above are checked in view.


async def test_a_number_past_the_choices_names_the_keys_that_work(make_app, in_chinese: None) -> None:
    # Chinese has one plural form: the words for "press 1-{n}" must not be the singular's "press 1".
    state = RULES.setup(NAMES[:4], LifeboatOptions(), "numbers")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        for choices in (4, 3, 2):
            assert state.phase == "draft" and len(state.draft) == choices
            screen = await show(app, RULES.view(state, state.current))
            await pilot.pause()
            await pilot.press("9")
            await pilot.pause()
            status = str(screen.query_one("#status").render())
            assert f"按 1-{choices}" in status, status
            app.pop_screen()
            await pilot.pause()
            state = RULES.apply(state, state.current, RULES.legal_actions(state, state.current)[0])


@pytest.mark.parametrize("steps", [40, 10_000])  # a replay's step (Love and Hate shown) and a finished game
def test_the_reveal_names_each_seat_with_chinese_brackets(steps: int, in_chinese: None) -> None:
    from rich.console import Console

    from boardgames_tui.engine.lifeboat.reveal import reveal
    from boardgames_tui.tui.games.lifeboat.table import reveal as render_reveal

    set_game("lifeboat")
    state = random_midgame(4, 5, steps)
    assert (state.phase == "over") == (steps > 1000)
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(render_reveal(reveal(state), LifeboatNarrator(state.players)))
    text = console.export_text()
    for name in state.players:
        assert f"{name}（" in text, text
    assert "(" not in text, text
