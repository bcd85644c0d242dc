"""Luz in Simplified Chinese: everything the narrator says, and every screen of the game, with no English left
and nothing cut at 80x24 and 100x30.

Allowed ASCII in Chinese text: player names, colour letters and card codes (R4, Y10: one letter and a
number), and key names (Enter, Esc ...).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from rich.cells import cell_len

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.luz.models import Bid, LuzOptions, LuzState, PlayCard
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.i18n import set_language
from boardgames_tui.narration.luz import NARRATOR, LuzNarrator
from boardgames_tui.tui.games.luz.screen import LuzTurnScreen
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.rules import RULES_WIDTH_MARGIN, rulebook_lines
from boardgames_tui.tui.session import HotseatSession

from ..engine.luz.helpers import build, rows
from . import chinese
from .chinese import assert_whole
from .helpers import wait_until

NAMES = ("Ana", "Ben", "Chloé", "Dee", "Eve")
DIRECTIONS = ("random", "high on the right", "high on the left")


def english_words(text: str, names: Iterable[str] = NAMES) -> list[str]:
    return chinese.english_words(text, names)


def said_everything(state: LuzState, narrator: LuzNarrator) -> list[str]:
    """Every sentence the game can show for `state`: each seat's and the public log, the whole log as the
    handoff tells it, the table's news, the position and (once over) the results."""
    lines = list(narrator.events(state.log))
    for seat in (None, *range(len(state.players))):
        lines.extend(narrator.events(RULES.view(state, seat).log))
    news = RULES.last_public_event(state)
    if news is not None:
        lines.append(narrator.event(news))
    lines.append(narrator.say(RULES.turn_label(state)))
    outcome = RULES.outcome(state)
    if outcome is not None:
        lines.append(narrator.say(outcome.headline))
        lines.extend(narrator.say(detail) for detail in outcome.details)
    return lines


def refusals(state: LuzState) -> list[IllegalAction]:
    """Every refusal this state can provoke."""
    found = []
    seat = min(RULES.to_act(state), default=0)
    tries: list[tuple[int, Any]] = [
        ((seat + 1) % len(state.players), Bid(tricks=1)),
        (seat, "bid 3"),
        (seat, Bid.model_construct(tricks=11, bead=False)),
        (seat, Bid.model_construct(tricks=1, bead="yes")),
        (seat, PlayCard.model_construct(position=12)),
        (seat, PlayCard(position=0)),
        (seat, Bid(tricks=0)),
    ]
    tries += [(seat, PlayCard(position=p)) for p in range(10)]
    for who, action in tries:
        refused = RULES.refusal(state, who, action)
        if refused is not None:
            found.append(refused)
    return found


def tie_states() -> list[LuzState]:
    """Finished games whose totals tie, settled every way: round 4, the holder, the nearest seat clockwise."""
    def finished(per_round: list[tuple[int, ...]], marker: int) -> LuzState:
        n = len(per_round[0])
        return build([[] for _ in range(n)], phase="over", round=4, trick_number=10, marker=marker, first=marker,
                     results=rows(*per_round))

    return [
        finished([(10, 10, 0, 0), (10, 10, 0, 0), (-5, 5, 0, 0), (20, 10, 0, 0)], marker=1),
        finished([(5, 15, 15, 0), (10, 10, 10, 0), (0, 0, 0, 0), (20, 10, 10, 0)], marker=3),
        finished([(10, 10, 10, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (10, 10, 10, 0, 0)], marker=1),
        finished([(10, 10, 0), (10, 10, 0), (5, 5, 0), (10, 10, 0)], marker=1),
    ]


def round_four_deals() -> list[LuzState]:
    """3 players, round 4 just dealt: the leader on points alone, tied with the holder, tied further round."""
    states = []
    for totals, marker in (((10, 5, 40), 0), ((0, 20, 20), 0), ((20, 0, 20), 0)):
        state = build([["R1"], ["R2"], ["R3"]], round=3, trick_number=10, marker=marker, first=marker, bids=(3, 3, 4),
                      tricks_won=(3, 3, 3), results=rows((0, 0, 0), totals))
        for _ in range(3):
            state = RULES.apply(state, state.current, PlayCard(position=0))
        assert state.round == 4
        states.append(state)
    return states


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_narrator_says_every_event_refusal_and_result_in_both_languages(players: int, direction: str) -> None:
    names = NAMES[:players]
    rng = random.Random(players * 10 + DIRECTIONS.index(direction))
    state = RULES.setup(names, LuzOptions(sort_direction=direction), f"zh-{players}-{direction}")
    states = [state]
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, rng.choice(tuple(RULES.legal_actions(state, seat))))
        states.append(state)
    extra = tie_states() + round_four_deals() if players == 3 and direction == "random" else []
    codes: set[str] = set()
    for language in ("en", "zh"):
        set_language(language)
        narrator = narrator_for("luz", names)
        for each in (*states, *extra):
            table = narrator if each.players == names else narrator_for("luz", each.players)
            lines = said_everything(each, table)  # type: ignore[arg-type]
            # Refusals: at the start, at the end, in the made-up positions and a sample of the others.
            if each is states[0] or each is states[-1] or each in extra or rng.random() < 0.2:
                for refused in refusals(each):
                    codes.add(refused.code)
                    lines.append(table.refusal(refused))
            for line in lines:
                assert line and "{" not in line, line
                if language == "zh":
                    assert not english_words(line, each.players), line
        assert narrator.title and narrator.blurb
        assert narrator.option_label("sort_direction") and narrator.option_help("sort_direction")
        for value in DIRECTIONS:
            said = narrator.option_choice("sort_direction", value)
            assert said and (language == "en" or not english_words(said))
    set_language("en")
    assert {"not_your_turn", "unknown_action", "bid_out_of_range", "bead_yes_or_no", "bid_first", "game_over"} <= codes
    assert {"bidding_over", "no_such_card"} <= codes
    if players == 3:
        assert "must_follow" in codes


def test_chinese_names_and_terms() -> None:
    set_language("zh")
    try:
        narrator = NARRATOR(NAMES[:3])
        assert narrator.title == "光影"
        state = RULES.setup(NAMES[:3], LuzOptions(), "terms")
        for _ in range(3):
            state = RULES.apply(state, state.current, Bid(tricks=2))
        assert narrator.say(RULES.turn_label(state)) == "第1轮 · 第1墩"
        assert narrator.refusal(IllegalAction("must_follow", colour="R")) == "你必须跟红色：你手里有红色牌"
        assert narrator.option_choice("sort_direction", "random") == "随机"
    finally:
        set_language("en")


# The app, in Chinese ------------------------------------------------------------------------------------


class Screens:
    """The screens of one test, each read in Chinese; English left on any of them fails the test at the end,
    naming every screen and word at once."""

    def __init__(self, app: Any, names: Iterable[str]) -> None:
        self.app = app
        self.names = tuple(names)
        self.english: dict[str, list[str]] = {}

    def read(self, where: str) -> str:
        text = chinese.screen_text(self.app)
        left = english_words(text, self.names)
        if left:
            self.english[where] = sorted(set(left))
        return text

    def assert_all_chinese(self) -> None:
        assert not self.english, "English on the screen: " + "; ".join(f"{k}: {v}" for k, v in self.english.items())


def assert_breaks_well(text: str, where: str) -> None:
    """Every row breaks where Chinese allows, and no bullet is left alone on its row (Rich moves a sentence
    without spaces whole to the next row)."""
    for row in text.splitlines():
        body = chinese.FRAME.sub(" ", row).strip()
        assert body not in ("·", "•"), f"{where}: a bullet alone on its row\n{text}"
    chinese.assert_well_broken(text, where)


async def resume(app: Any, pilot: Any, state: LuzState) -> HotseatSession:
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id="luz-zh",
        game_id="luz",
        players=state.players,
        options=state.options.model_dump(mode="json"),
        seed=state.seed,
        state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",
    )
    session = HotseatSession.resume(SavedGame(app.store.path_for("luz-zh"), save, state), app.store)
    await app.start_session(session)
    await take(app, pilot)
    return session


async def take(app: Any, pilot: Any) -> None:
    """Through the handoff to the next private screen."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
    handoff = app.screen
    await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
    await pilot.press("space")
    # The turn screen, or in front of it the summary of a round finished since this seat last looked.
    await wait_until(pilot, lambda: isinstance(app.screen, (LuzTurnScreen, PanelScreen)), "the turn screen")
    await pilot.pause()


async def back(pilot: Any) -> None:
    await pilot.press("escape")
    await pilot.pause()


def played_to(players: int, steps: int, seed: str = "2718") -> LuzState:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], LuzOptions(), seed)
    for _ in range(steps):
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, rng.choice(tuple(RULES.legal_actions(state, seat))))
    return state


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("players", [3, 5])
async def test_every_luz_screen_in_chinese(make_app, in_chinese, size, players) -> None:  # noqa: ANN001
    names = NAMES[:players]
    app = make_app()
    screens = Screens(app, names)
    async with app.run_test(size=size) as pilot:
        # A bid by keys: the bidding screen, then the handoff that tells it.
        session = await resume(app, pilot, played_to(players, 0))
        narrator = session.narrator
        text = screens.read("bidding")
        assert "光影" in text and "下注" in text
        assert_breaks_well(text, "bidding")
        assert_whole(text, narrator.events(session.view(session.acting_seat()).log)[-1], "bidding: the log")
        await pilot.press("3", "b")
        await pilot.pause()
        assert_whole(screens.read("bidding with the bead"), "带安全珠", "the prompt")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff after a bid")
        await pilot.pause()
        text = screens.read("handoff")
        assert_whole(text, session.public_feed(session.acting_seat())[-1], "handoff: the news")
        await take(app, pilot)
        # Into the tricks: a greyed card says why, and a refusal from the rules is said in Chinese too.
        for _ in range(200):  # on to a turn where some cards may not be played (the led colour is held)
            seat = session.acting_seat()
            view = session.view(seat)
            if view.phase == "play" and len(view.legal_actions) < len(view.hands[seat].colours):
                break
            session.apply(seat, view.legal_actions[0])
        app.show_next(session.next_step())
        await pilot.pause()
        if isinstance(app.screen, PassDeviceScreen):
            await take(app, pilot)
        screen = app.screen
        assert isinstance(screen, LuzTurnScreen)
        text = screens.read("playing")
        assert_breaks_well(text, "playing")
        for line in narrator.events(screen.view.log[-3:]):
            assert_whole(text, line, "playing: the log")
        greyed = [p for p in range(len(screen.colours)) if p not in screen.playable]
        if greyed:
            await pilot.press(str((greyed[0] + 1) % 10))
            await pilot.pause()
            text = screens.read("a greyed card")
            assert "你必须跟" in text
        screen.submit(Bid(tricks=1))  # the rules refuse it: the bidding is over
        await pilot.pause()
        text = screens.read("a refusal")
        assert_whole(text, narrator.refusal(IllegalAction("bidding_over")), "the refusal")
        await pilot.press("enter")
        await pilot.pause()
        text = screens.read("confirming a play")
        assert "再按 Enter 确认" in text
        # The log, the help, the score sheet.
        await pilot.press("escape", "l")
        await pilot.pause()
        text = screens.read("log")
        assert_whole(text, narrator.events(screen.view.log)[-1], "log: the newest line")
        await back(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        text = screens.read("help")
        assert_breaks_well(text, "help")
        for _key, meaning in screen.help_lines():
            assert_whole(text, meaning, "help")
        await back(pilot)
        await pilot.press("s")
        await pilot.pause()
        text = screens.read("score sheet")
        assert_breaks_well(text, "score sheet")
        for name in names:
            assert name in text
        await back(pilot)
    # The results of a whole game.
    app = screens.app = make_app()
    async with app.run_test(size=size) as pilot:
        state = played_to(players, 4 * (players + 10 * players) - 1)
        session = await resume(app, pilot, state)
        seat = session.acting_seat()
        session.apply(seat, session.view(seat).legal_actions[0])
        app.show_next(session.next_step())
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        text = screens.read("results")
        outcome = session.outcome()
        assert outcome is not None
        assert_whole(text, session.narrator.say(outcome.headline), "results: the headline")
        for detail in outcome.details:
            assert_whole(text, session.narrator.say(detail), "results: the details")
    screens.assert_all_chinese()


LONG_NAMES = ("小明", "Maximilian-Alex", "欧阳娜娜娜娜娜娜娜娜娜娜娜娜娜娜", "Dee", "司马相如司马相如")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("players", [3, 5])
async def test_long_chinese_names_fold_between_characters(make_app, in_chinese, size, players) -> None:  # noqa: ANN001
    """With Chinese names up to 16 characters, the log's sentences fold between characters behind their dot
    (never a dot alone on a row, never a row starting with a comma), and every name is whole. Nothing is
    below the visible rows: a table of five long names leaves the log in view, even at 80x24."""
    names = LONG_NAMES[:players]
    app = make_app()
    screens = Screens(app, names)
    rng = random.Random(players)
    state = RULES.setup(names, LuzOptions(sort_direction="high on the left"), "long-names")
    async with app.run_test(size=size) as pilot:
        session = await resume(app, pilot, state)
        narrator = session.narrator
        for where in ("the deal", "the first trick", "the last trick of round 1", "round 2"):
            screen = app.screen
            assert isinstance(screen, LuzTurnScreen)
            body = screen.query_one("#luz-body")
            await wait_until(pilot, lambda: body.max_scroll_y == 0, f"{where}: everything in view")
            text = screens.read(where)
            assert_breaks_well(text, where)
            newest = narrator.events(screen.view.log)[-1]
            assert_whole(text, newest, where)
            assert ("· " + newest[:4]) in text, f"{where}: the newest log line does not begin behind its dot\n{text}"
            for name in names:
                assert name in text.replace("\n", ""), f"{where}: {name} is not whole\n{text}"
            # On to the next moment worth reading: bids in, then the end of trick 10, then the next deal.
            target = {"the deal": (1, 1), "the first trick": (1, 10), "the last trick of round 1": (2, 0)}.get(where)
            if target is None:
                break
            while (state := session.view(None)).round < target[0] or (
                target[1] and (state.phase != "play" or state.trick_number < target[1] or not state.trick)
            ):
                seat = session.acting_seat()
                session.apply(seat, rng.choice(tuple(session.view(seat).legal_actions)))
            app.show_next(session.next_step())
            await take(app, pilot)
            if where == "the last trick of round 1":  # round 1 is summed up before round 2 is bid
                assert isinstance(app.screen, PanelScreen)
                text = screens.read("the summary of round 1")
                assert_breaks_well(text, "the summary of round 1")
                assert "第1轮结束" in text
                for name in names:
                    assert name in text.replace("\n", ""), f"the summary: {name} is not whole\n{text}"
                await pilot.press("enter")
                await pilot.pause()
    screens.assert_all_chinese()


@pytest.mark.parametrize("columns", [80, 100])
def test_the_chinese_rulebook_breaks_rows_where_chinese_allows(in_chinese, columns) -> None:  # noqa: ANN001
    """The rules screen at 80 and 100 columns: no row begins with closing punctuation or ends with an opening
    bracket, and no key name or card code is split across two rows."""
    width = columns - RULES_WIDTH_MARGIN
    rows = ["".join(segment.text for segment in strip).rstrip() for strip in rulebook_lines("luz", width, "zh")]
    text = "\n".join(rows)
    assert_breaks_well(text, f"rules at {columns}")
    for row, following in zip(rows, rows[1:]):
        folded = cell_len(row) >= width - 1  # Rich chops a row that has no space to break at
        assert not (folded and re.search(r"[A-Za-z0-9]$", row) and re.match(r"\s*[A-Za-z0-9]", following)), (
            f"rules at {columns}: a word split between {row!r} and {following!r}"
        )


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_table_is_told_every_bid_once_the_bidding_is_done(players: int, language: str) -> None:
    """The handoff after the last bid tells every bid (the news since the first bidder's own bid stops
    short of it), their total and who leads; before that, and once a card is played, there is nothing more."""
    names = LONG_NAMES[:players]
    state = RULES.setup(names, LuzOptions(), "bids")
    set_language(language)
    try:
        narrator = NARRATOR(names)
        for step in range(players):
            assert narrator.table_news(RULES.view(state, None)) == ()
            state = RULES.apply(state, state.current, Bid(tricks=step % 3, bead=step == 1))
        (said,) = narrator.table_news(RULES.view(state, None))
        for name in names:
            assert name in said
        assert str(sum(step % 3 for step in range(players))) in said
        if language == "zh":
            assert not english_words(said, names), said
            assert said.startswith("下注完毕：") and "安全珠" in said
        else:
            assert said.startswith("Bidding done:") and "safety bead" in said
        state = RULES.apply(state, state.current, RULES.legal_actions(state, state.current)[0])
        assert narrator.table_news(RULES.view(state, None)) == ()
    finally:
        set_language("en")
