"""Hanabi in Simplified Chinese: everything the narrator says, in both languages, for every variant and player
count; and the game's screens (a turn, a refusal, the log, the help, the results, a late table with every
bonus tile used) with no English left and nothing cut at 80x24 and 100x30: no label ending in "…", no
bonus tile broken across two lines, no line of the table starting with a comma or a closing bracket.

Allowed ASCII in Chinese text: player names, colour letters (alone or in a row: "≠YM") and card codes (R3, K-:
one letter and a number), and key names (Enter, Esc ...).
"""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Iterable
from typing import Any

import pytest
from rich.cells import cell_len

from boardgames_tui.engine.base import Event, IllegalAction, event, fact
from boardgames_tui.engine.hanabi.models import (
    BONUS_TILES,
    ColourClue,
    DiscardCard,
    HanabiOptions,
    HanabiState,
    NumberClue,
    SkipBonus,
)
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.engine.hanabi.scoring import RATINGS
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.i18n import _, set_language
from boardgames_tui.narration.hanabi import BONUS_TILES_SHORT, NARRATOR, HanabiNarrator
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.session import HotseatSession

from boardgames_tui.tui.text import NO_LINE_END, NO_LINE_START, wrap_plain

from ..engine.hanabi.helpers import build
from ..engine.hanabi.test_playouts import VARIANTS, candidate_actions, choose, variant_id
from . import chinese
from .chinese import assert_whole, screen_rows
from .helpers import news_pages, wait_until

NAMES = ("Ana", "Bob", "Chloé", "Dee", "Eve")
COLOUR_LETTERS = re.compile(r"[RYGBWMK]+")  # what a card is not: "≠YM"


def english_words(text: str, names: Iterable[str] = NAMES) -> list[str]:
    """The English words left in `text`: names, key names and colour letters ("≠YM") are allowed."""
    return chinese.english_words(text, names, latin=COLOUR_LETTERS)


def check_said(lines: Iterable[str], language: str, names: Iterable[str] = NAMES) -> None:
    for line in lines:
        assert line and "{" not in line and "}" not in line, line
        if language == "zh":
            assert not english_words(line, names), line


# Everything the narrator says ----------------------------------------------------------------------------


def said_at(state: HanabiState, narrator: HanabiNarrator) -> list[str]:
    """What the table is told at this point: the turn label and the newest action with what followed it."""
    lines = [narrator.say(RULES.turn_label(state))]
    news = RULES.last_public_event(state)
    if news is not None:
        lines.append(narrator.event(news))
    return lines


def said_at_the_end(state: HanabiState, narrator: HanabiNarrator) -> list[str]:
    """Every seat's log (and the public one), and the results."""
    lines: list[str] = []
    for seat in (None, *range(len(state.players))):
        lines.extend(narrator.events(RULES.view(state, seat).log))
    outcome = RULES.outcome(state)
    assert outcome is not None
    lines.append(narrator.say(outcome.headline))
    lines.extend(narrator.say(detail) for detail in outcome.details)
    return lines


def playout(options: HanabiOptions, players: int, seed: int) -> list[HanabiState]:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options, f"zh-{seed}")
    states = [state]
    while RULES.to_act(state):
        state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 0.9))
        states.append(state)
    return states


def refusals(state: HanabiState, rng: random.Random) -> list[IllegalAction]:
    found = []
    seat = state.current
    for action in [*rng.sample(candidate_actions(state), 24), "play"]:
        for who in (seat, (seat + 1) % len(state.players)):
            refused = RULES.refusal(state, who, action)
            if refused is not None:
                found.append(refused)
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_narrator_says_every_event_refusal_and_result_in_both_languages(players: int) -> None:
    names = NAMES[:players]
    kinds: set[str] = set()
    codes: set[str] = set()
    for number, options in enumerate(VARIANTS):
        states = playout(options, players, players * 100 + number)
        kinds.update(entry.kind for entry in states[-1].log)
        rng = random.Random(number)
        sampled = [states[0], states[-1], *rng.sample(states, min(3, len(states)))]
        for language in ("en", "zh"):
            set_language(language)
            narrator = narrator_for("hanabi", names)
            lines = [line for state in states for line in said_at(state, narrator)]
            lines += said_at_the_end(states[-1], narrator)  # type: ignore[arg-type]
            for state in sampled:
                for refused in refusals(state, random.Random(number)):
                    codes.add(refused.code)
                    lines.append(narrator.refusal(refused))
            try:
                check_said(lines, language, names)
            except AssertionError as exc:
                raise AssertionError(f"{variant_id(options)} in {language}: {exc}") from None
    set_language("en")
    assert {"play", "misfire", "discard", "colour_clue", "number_clue", "game_over", "last_card"} <= kinds
    assert {"firework_complete", "bonus_tile", "final_round_over"} <= kinds
    assert {"game_over", "not_your_turn", "unknown_action", "no_such_slot", "no_such_player", "clue_to_self"} <= codes
    assert {"not_a_colour", "no_such_number", "no_bonus"} <= codes


def every_bonus_tile_event() -> list[Event]:
    """A bonus tile event for every tile and every way it can turn out."""
    out = []
    for suit in ("R", "M", "K"):
        for token in (True, False):
            out.append(event("bonus_tile", seat=0, suit=suit, tile="clue", token=token))
            for removed in (True, False):
                out.append(event("bonus_tile", seat=0, suit=suit, tile="clue_and_misfire", token=token, misfire_removed=removed))
    for tile, blocked in (("free_colour_clue", "no_clue"), ("free_number_clue", "no_clue"), ("reshuffle_discard", "discard_empty"),
                          ("reshuffle_discard", "deck_empty"), ("replay_discard", "none_playable")):
        out.append(event("bonus_tile", seat=1, suit="Y", tile=tile, blocked=None))
        out.append(event("bonus_tile", seat=1, suit="Y", tile=tile, blocked=blocked))
    return out


def every_rarer_fact() -> list[Any]:
    """The events, labels and results a playout seldom reaches, each way it can be said."""
    facts: list[Any] = every_bonus_tile_event()
    for free in (False, True):
        for slots in ([], [2], [0, 3, 4]):
            facts.append(event("colour_clue", seat=0, target=1, suit="M", slots=slots, free=free))
            facts.append(event("number_clue", seat=0, target=1, rank=3, slots=slots, free=free))
    facts += [
        event("firework_complete", suit="W", token=True),
        event("firework_complete", suit="W", token=False),
        event("all_fireworks", suit="B"),
        event("return_discard", seat=2, card="B5"),
        event("replay_discard", seat=2, card="W1"),
        event("skip_bonus", seat=2),
        event("final_round_over"),
        *(event("game_over", reason=reason, score=17, max_score=25) for reason in ("all_fireworks", "third_misfire", "final_round")),
        event("action_news", events=[{"kind": "play", "args": {"seat": 0, "card": "R5"}},
                                     {"kind": "firework_complete", "args": {"suit": "R", "token": True}}]),
        fact("turn", turn=4),
        *(fact("turn", turn=9, bonus=tile) for tile in BONUS_TILES),
        fact("turn", turn=9, bonus="free_colour_clue", last_card=True),
        fact("turn", turn=9, turns_left=1),
        fact("turn", turn=9, turns_left=3),
        fact("over_after_turns", turns=40),
        fact("show_lost", max_score=25),
        fact("fireworks_total", total=12, max_score=25, counted=False),
        fact("piles", piles=["R5", "Y-", "K3"]),
        fact("misfire_count", misfires=2, most=3),
        *(fact("ended", reason=reason) for reason in ("all_fireworks", "third_misfire", "final_round", "over")),
    ]
    for low, code in RATINGS:
        facts += [fact("final_score", score=max(low, -5), max_score=30, rating=code), fact("rating", rating=code)]
    return facts


EVERY_REFUSAL = [
    IllegalAction("game_over"),
    IllegalAction("not_your_turn", seat=1),
    IllegalAction("unknown_action", kind="dance"),
    IllegalAction("no_clue_tokens"),
    IllegalAction("all_clue_tokens", n=8),
    IllegalAction("no_bonus"),
    IllegalAction("free_colour_clue_first"),
    IllegalAction("free_number_clue_first"),
    IllegalAction("choose_reshuffle"),
    IllegalAction("choose_replay"),
    IllegalAction("multi_not_named"),
    IllegalAction("black_not_named"),
    IllegalAction("not_a_colour", suit="X"),
    IllegalAction("not_a_colour", suit=None),
    IllegalAction("empty_colour_clue", target=1, suit="G"),
    IllegalAction("empty_number_clue", target=1, rank=4),
    IllegalAction("no_such_slot", slot=5),
    IllegalAction("no_such_slot", slot=None),
    IllegalAction("no_such_player", target=7),
    IllegalAction("no_such_player", target=None),
    IllegalAction("clue_to_self"),
    IllegalAction("no_such_number", rank=6),
    IllegalAction("no_such_number", rank=None),
    IllegalAction("not_in_discard", card_id=99),
    IllegalAction("not_in_discard", card_id=None),
    IllegalAction("firework_already_complete", card="R3"),
    IllegalAction("firework_needs", card="B3", need="B1"),
]


def test_every_kind_and_every_refusal_has_words_in_both_languages() -> None:
    narrator_methods = {name for name in dir(HanabiNarrator) if name.startswith("refuse_")}
    assert narrator_methods == {f"refuse_{refused.code}" for refused in EVERY_REFUSAL}
    facts = every_rarer_fact()
    kinds = {name[4:] for name in dir(HanabiNarrator) if name.startswith("say_")}
    assert kinds == {f.kind for f in facts} | {"play", "misfire", "discard", "last_card"}
    facts += [event("play", seat=0, card="G2"), event("misfire", seat=1, card="K4", misfires=2),
              event("discard", seat=2, card="M1"), event("last_card", seat=0)]
    for language in ("en", "zh"):
        set_language(language)
        narrator = NARRATOR(NAMES[:3])
        lines = [narrator.say(f) for f in facts] + [narrator.refusal(refused) for refused in EVERY_REFUSAL]
        assert narrator.title and narrator.blurb
        for name, field in HanabiOptions.model_fields.items():
            lines += [narrator.option_label(name), narrator.option_help(name) or ""]
            values = typing.get_args(field.annotation) or (True, False)
            lines += [narrator.option_choice(name, value) for value in values]
        check_said(lines, language)
    set_language("en")


def test_chinese_names_and_terms() -> None:
    set_language("zh")
    try:
        narrator = NARRATOR(NAMES[:3])
        assert narrator.title == "花火"
        assert narrator.say(event("colour_clue", seat=0, target=1, suit="R", slots=[0, 2], free=False)) == "Ana提示Bob：第1、3位是红色。"
        assert narrator.say(event("misfire", seat=2, card="Y3", misfires=1)) == "Chloé打出了Y3，失误！（第1次，上限3次）"
        assert narrator.refusal(IllegalAction("all_clue_tokens", n=8)) == "8个提示标记都可用时不能弃牌"
        assert narrator.say(fact("final_score", score=19, max_score=25, rating="excellent")) == "得分 19 / 25：出色，观众满意而归。"
        assert narrator.option_choice("sixth_suit", "avalanche") == "色彩雪崩"
        assert narrator.option_choice("convention", "none") == "未指定"
        assert narrator.option_label("five_flamboyants") == "华丽的五张"
    finally:
        set_language("en")


# The app, in Chinese ------------------------------------------------------------------------------------


def assert_chinese(app: Any, names: Iterable[str], where: str) -> str:
    """The screen has no English word but names, colour letters and key names; no line is wider than the
    terminal. Returns the screen as text."""
    lines = screen_rows(app)
    width = app.size.width
    assert all(cell_len(line) <= width for line in lines), f"{where}: a line past the edge\n" + "\n".join(lines)
    text = "\n".join(lines)
    left = english_words(text, names)
    assert not left, f"{where}: English on the screen: {sorted(set(left))}\n{text}"
    return text


def assert_typeset(text: str, where: str) -> None:
    """Nothing on a game screen is cut short with an ellipsis, and no line starts with closing punctuation
    (a comma, a full stop, a closing bracket) nor ends with an opening one."""
    assert "…" not in text, f"{where}: something cut with …\n{text}"
    chinese.assert_well_broken(text, where)


async def resume(app: Any, pilot: Any, state: HanabiState) -> HotseatSession:
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id="hanabi-zh",
        game_id="hanabi",
        players=state.players,
        options=state.options.model_dump(mode="json"),
        seed=state.seed,
        state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",
    )
    session = HotseatSession.resume(SavedGame(app.store.path_for("hanabi-zh"), save, state), app.store)
    await app.start_session(session)
    await take(app, pilot)
    return session


async def take(app: Any, pilot: Any) -> HanabiTurnScreen:
    """Through the handoff to the next private screen."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
    handoff = app.screen
    await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
    await pilot.press("space")
    await wait_until(pilot, lambda: isinstance(app.screen, HanabiTurnScreen), "the turn screen")
    await pilot.pause()
    return app.screen  # type: ignore[no-any-return]


def status(app: Any) -> str:
    return str(app.screen.query_one("#status").render())


def played_to(options: HanabiOptions, players: int, steps: int, seed: str = "2718") -> HanabiState:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options, seed)
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 0.9))
    return state


SEVEN_PILES = HanabiOptions(sixth_suit="tricky", black_powder=True, five_flamboyants=True, convention="H-group")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("players", [2, 5])
async def test_every_hanabi_screen_in_chinese(make_app, in_chinese, size, players) -> None:  # noqa: ANN001
    names = NAMES[:players]
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await resume(app, pilot, played_to(SEVEN_PILES, players, 12))
        narrator = session.narrator
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen)
        text = assert_chinese(app, names, "a turn")
        assert_typeset(text, "a turn")
        assert "花火" in text and "烟花" in text and "黑" in text and "多色" in text  # the legend names the letters
        assert any("K黑" in line and "约定：H组" in line for line in text.splitlines())  # one line for both
        assert_whole(text, str(screen.query_one("#prompt").render()), "the prompt")
        if size == (100, 30) and players == 2:
            pages = await news_pages(app, pilot)  # a long story opens at its start; z reads on
            for line in narrator.events(screen.view.log[-2:]):
                assert any(chinese.is_whole(line, page) for page in pages), f"the table's log: {line!r} is not whole on the screen\n{pages}"
        # A key the rules refuse says why, in Chinese.
        await pilot.press("k")
        await pilot.pause()
        text = assert_chinese(app, names, "a refused key")
        assert_whole(text, status(app).lstrip("✗ "), "a refused key")
        assert "没有待处理的奖励" in text
        # An action the engine refuses is said by the narrator.
        screen.submit(SkipBonus())
        await pilot.pause()
        text = assert_chinese(app, names, "a refusal")
        assert_whole(text, narrator.refusal(IllegalAction("no_bonus")), "the refusal")
        # Giving a clue, step by step.
        clue = screen.clues[0]
        await pilot.press("c")
        if screen.mode == "clue_target":
            await pilot.press(str(screen.others.index(clue.target) + 1))
        await pilot.pause()
        text = assert_chinese(app, names, "choosing a clue")
        assert_typeset(text, "choosing a clue")
        assert_whole(text, str(screen.query_one("#prompt").render()), "the clue prompt")
        await pilot.press(clue.suit.lower() if isinstance(clue, ColourClue) else str(clue.rank))
        await pilot.pause()
        text = assert_chinese(app, names, "confirming a clue")
        assert_typeset(text, "confirming a clue")
        assert_whole(text, str(screen.query_one("#prompt").render()), "the clue's confirmation")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff after a clue")
        await pilot.pause()
        text = assert_chinese(app, names, "the handoff")
        assert_whole(text, session.public_feed(session.acting_seat())[-1], "the handoff's news")  # type: ignore[arg-type]
        screen = await take(app, pilot)
        # The log, the help.
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
        await pilot.pause()
        text = assert_chinese(app, names, "the log")
        assert_whole(text, narrator.events(screen.view.log)[-1], "the log's newest line")
        await pilot.press("escape")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await pilot.pause()
        text = assert_chinese(app, names, "the help")
        await pilot.press("end")  # a long help scrolls at 80x24: its end too
        await pilot.pause()
        text += "\n" + assert_chinese(app, names, "the end of the help")
        for _key, meaning in screen.help_lines():
            assert_whole(text, meaning, "the help")
        await pilot.press("escape")
        await pilot.pause()
    # The results of a whole game, reached by its last action.
    app = make_app()
    async with app.run_test(size=size) as pilot:
        rng = random.Random("31415")
        state = RULES.setup(names, SEVEN_PILES, "31415")
        while True:
            action = choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 0.9)
            after = RULES.apply(state, state.current, action)
            if not RULES.to_act(after):
                break
            state = after
        session = await resume(app, pilot, state)
        session.apply(state.current, action)
        app.show_next(session.next_step())
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        text = assert_chinese(app, names, "the results")
        outcome = session.outcome()
        assert outcome is not None
        assert_whole(text, session.narrator.say(outcome.headline), "the headline")
        for detail in outcome.details:
            assert_whole(text, session.narrator.say(detail), "the details")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_bonus_decisions_in_chinese(make_app, in_chinese, size) -> None:  # noqa: ANN001
    options = HanabiOptions(five_flamboyants=True)
    hands = [["Y5", "Y1", "Y1", "B2", "W3"], ["G2", "G3", "B1", "W1", "W2"]]
    rest = ("clue", "clue_and_misfire", "free_number_clue", "free_colour_clue", "replay_discard")
    state = build(hands, options=options, piles={"R": 5}, discard=["Y2", "G4"], fill_deck=True, phase="reshuffle_discard",
                  bonus_revealed=("reshuffle_discard",), bonus_tiles=rest, clue_tokens=5)
    names = state.players
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume(app, pilot, state)
        text = assert_chinese(app, names, "a discard to shuffle back")
        assert "奖励" in text and "k 放弃" in text
        await pilot.press("p")
        await pilot.pause()
        assert_whole(assert_chinese(app, names, "a refused key"), "请选择一张弃牌洗回牌堆，或放弃此奖励", "the refusal")
    free = state.model_copy(update={"phase": "free_colour_clue"})
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume(app, pilot, free)
        text = assert_chinese(app, names, "a free colour clue")
        assert "免费提示" in text
        await pilot.press("3")
        await pilot.pause()
        assert_whole(assert_chinese(app, names, "a number for a free colour clue"), "请先给出你的免费颜色提示（奖励牌）", "the refusal")


# Late in a game, at 80 columns ------------------------------------------------------------------------------

LATE_NAMES = ("小明", "Alexandrina Long", "Bob", "王小红")


def late_table() -> HanabiState:
    """Every bonus tile used, and 小明's last card told by seven clues what it is not (≠RYGBM ≠1: wider
    than a card), 小明 to play."""
    options = SEVEN_PILES.model_copy(update={"allow_empty_clues": True})
    hands = [["R1", "Y2", "G3", "W5"], ["B2", "R3", "K4", "M1"], ["G4", "W1", "Y3", "B4"], ["R2", "M3", "W2", "K5"]]
    state = build(hands, options=options, piles={"R": 5, "G": 5, "B": 5, "W": 4, "M": 5, "K": 5}, discard=["Y1", "M2"],
                  fill_deck=True, bonus_revealed=BONUS_TILES, bonus_tiles=())
    state = state.model_copy(update={"players": LATE_NAMES})
    moves = [(0, NumberClue(target=1, rank=3)), (1, ColourClue(target=0, suit="R")), (2, ColourClue(target=0, suit="Y")),
             (3, ColourClue(target=0, suit="G")), (0, DiscardCard(slot=0)), (1, ColourClue(target=0, suit="B")),
             (2, ColourClue(target=0, suit="M")), (3, NumberClue(target=0, rank=1))]
    for seat, action in moves:
        state = RULES.apply(state, seat, action)
    return state


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_late_table_in_chinese_is_whole(make_app, in_chinese, size) -> None:  # noqa: ANN001
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume(app, pilot, late_table())
        text = assert_chinese(app, LATE_NAMES, "a late table")
        assert_typeset(text, "a late table")
        lines = text.splitlines()
        # The used bonus tiles: each name whole on one line (a narrow screen wraps between two tiles).
        for tile in BONUS_TILES:
            name = _(BONUS_TILES_SHORT[tile])
            assert any(name in line for line in lines), f"{name!r} is cut\n{text}"
        # What the last card is not: the colours and the number, neither cut.
        assert any("≠RYGBM" in line for line in lines) and any("≠1" in line for line in lines), text
        # The news since 小明 last looked (the table keeps no log of its own: l shows it), the newest
        # sentences whole above the prompt, once z has read on through a long story.
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen)
        assert not screen.query("#hanabi-log")
        await pilot.pause()
        text = assert_chinese(app, LATE_NAMES, "the news")
        pages = await news_pages(app, pilot)
        for page in pages:
            assert_typeset(page, "the news")
        for line in screen.narrator.events(screen.view.log[-2:]):
            assert any(chinese.is_whole(line, page) for page in pages), f"the news: {line!r} is not whole\n{pages}"


@pytest.mark.parametrize("width", [9, 10, 17, 30, 41, 76])
def test_narrated_sentences_break_as_chinese_is_typeset(width: int) -> None:
    """The table's log breaks its lines between Chinese characters, never before a comma or a closing bracket,
    never after an opening one, and never inside a name, a card code or an English word; nothing is lost."""
    set_language("zh")
    try:
        names = ("小明", "Alexandrina Long", "Bob", "王小红")
        narrator = NARRATOR(names)
        sentences = [narrator.say(f) for f in every_rarer_fact()]
        for options in VARIANTS[:4]:
            states = playout_named(options, names, 7)
            sentences += narrator.events(states[-1].log)
    finally:
        set_language("en")
    for sentence in sentences:
        lines = wrap_plain(sentence, width)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", ""), sentence
        for number, line in enumerate(lines):
            assert cell_len(line) <= width, (sentence, lines)
            assert number == 0 or line[:1] not in NO_LINE_START, (sentence, lines)
            assert number == len(lines) - 1 or line[-1:] not in NO_LINE_END, (sentence, lines)
        if width >= cell_len("Alexandrina"):
            assert all(not line.endswith("Alexandrin") for line in lines), lines


def playout_named(options: HanabiOptions, names: tuple[str, ...], seed: int) -> list[HanabiState]:
    rng = random.Random(seed)
    state = RULES.setup(names, options, f"typeset-{seed}")
    states = [state]
    while RULES.to_act(state):
        state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 0.9))
        states.append(state)
    return states


FACE = re.compile(r"(?<![A-Za-z0-9])[RYGBWMK][1-5](?![0-9])")
TOLD = re.compile(r"[RYGBWMK?][1-5?]")


def columns(row: str, pattern: re.Pattern[str]) -> list[int]:
    """The terminal columns where `pattern` matches in `row` (a Chinese character takes two)."""
    return [cell_len(row[: match.start()]) for match in pattern.finditer(row)]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_what_a_player_was_told_sits_under_each_card(make_app, in_chinese, size) -> None:  # noqa: ANN001
    """Each other hand's "已知" row has its labels ("*G?", "??") in the columns of the cards above them, and
    the own hand's slot numbers stand over its labels. Read from the terminal's rows (a screenshot's text
    drops leading spaces)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume(app, pilot, played_to(HanabiOptions(), 3, 6))
        rows = screen_rows(app)
        knows = [number for number, row in enumerate(rows) if row.strip(" │").startswith("已知")]
        assert len(knows) == 2, "\n".join(rows)
        for number in knows:
            faces, told = columns(rows[number - 1], FACE), columns(rows[number], TOLD)
            assert len(faces) == len(told) >= 4 and faces == told, (rows[number - 1], rows[number])
        own = next(number for number, row in enumerate(rows) if row.strip(" │").startswith("你的牌"))
        slots = [cell_len(rows[own - 1][: match.start()]) for match in re.finditer(r"[1-6]", rows[own - 1])]
        assert slots == columns(rows[own], TOLD), (rows[own - 1], rows[own])
