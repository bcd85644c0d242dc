"""Splendor Duel in Simplified Chinese: every event, refusal, label and result has words in both languages,
the Chinese ones with no English left in them, and the game's screens at 80x24 and 100x30 show Chinese only
(besides player names, token letters, cell names and key names) without cutting anything."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len

from boardgames_tui.engine.base import Fact, IllegalAction, event, fact
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    Replenish,
    Reserve,
    SplendorDuelState,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.engine.splendor_duel.turn import QUIET_TURNS_LIMIT
from boardgames_tui.i18n import set_language
from boardgames_tui.narration.splendor_duel import NARRATOR, SplendorDuelNarrator, card_text
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen
from boardgames_tui.tui.games.splendor_duel.widgets import CardDetail, PromptLine
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NewsStrip

from ..engine.splendor_duel.helpers import EMPTY_BOARD, R, W, Y, board, build, player, tokens
from ..engine.splendor_duel.playout import random_game, rare_decision
from . import chinese
from .chinese import screen_text, squeezed
from .helpers import saved_session, take_device
from .keys import assert_every_key_answers

NAMES = ("Ana", "Ben")
# The screens are played by a Chinese name and a long one with a space: a line must never cut a name.
TABLE = ("小明", "Maximilian Roths")
TABLE_WORDS = ("小明", "Maximilian", "Roths")


def english_words(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    """What may stay in Latin letters on a Chinese screen: the players' names and the keys' names. Token
    letters, cell names (A1) and costs (2W1P) have no two letters in a row, so they never look like a word."""
    return chinese.english_words(text, names)


@pytest.fixture(params=["en", "zh"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


# Everything the engine reports -------------------------------------------------------------------


def probes(state: SplendorDuelState, rng: random.Random) -> list[Any]:
    """A handful of actions of every kind for this position, most of them refused."""
    seat = state.current
    shown = [c for row in state.pyramid for c in row if c] or [1]
    mine = list(state.seats[seat].reserved)
    cells = rng.sample(range(25), 6)
    out: list[Any] = [Replenish(), Pass(), TakeTokens(cells=(1, 0)), TakeTokens(cells=(0, 1, 2, 3)), TakeTokens(cells=())]
    out += [TakeTokens(cells=(c,)) for c in cells] + [TakeTokens(cells=(cells[0], cells[1]))]
    out += [UsePrivilege(cell=c) for c in cells] + [UsePrivilege.model_construct(cell=40)]
    out += [Reserve(gold_cell=c, level=rng.randint(1, 3), card=rng.choice([None, *shown])) for c in cells[:3]]
    out += [Reserve.model_construct(gold_cell=c, level=9, card=None) for c in range(25) if state.board[c] == Y][:1]
    out += [Buy(card=rng.choice(shown + mine), payment=tuple(rng.randint(0, 2) for _ in range(7))) for _ in range(3)]
    out += [Buy(card=rng.randint(1, 67), payment=(0,) * 7)]
    out += [PlaceJoker(colour=c) for c in range(6)] + [TakeBoardToken(cell=c) for c in cells[:2]]
    out += [StealToken(colour=c) for c in range(7)] + [ChooseRoyal(royal=r) for r in (1, 4)]
    out += [DiscardToken(colour=c) for c in range(7)]
    return out


def random_games(count: int) -> Iterator[tuple[SplendorDuelState, list[IllegalAction]]]:
    """Random legal games to the end, each with the refusals met on the way."""
    for game in range(count):
        rng = random.Random(game)
        refusals: list[IllegalAction] = []
        for step, state in enumerate(random_game(rng, f"chinese-{game}", NAMES)):
            if not RULES.to_act(state):
                break
            if step % 5 == 0 or rare_decision(state):
                for action in probes(state, rng):
                    refused = RULES.refusal(state, state.current, action)
                    if refused is not None:
                        refusals.append(refused)
            refusals.append(RULES.refusal(state, 1 - state.current, Pass()))  # type: ignore[arg-type]
        refusals.append(RULES.refusal(state, 0, Pass()))  # type: ignore[arg-type]
        yield state, refusals


def rare_positions() -> list[tuple[SplendorDuelState, list[Any]]]:
    """Positions random games seldom reach, each with the actions to take in it (the last may be refused)."""
    stuck = build(board_cells=EMPTY_BOARD, bag=(0,) * 7)  # neither player can act: both pass, the game ends
    one_pearl = build(board_cells=board("P....", ".....", ".....", ".....", "....."), seats=(player(privileges=1), player()), bag=(0,) * 7)
    # Card 32 (costs 4 blue 3 red) takes a gem or pearl from the opponent, who has none.
    thief = build(seats=(player(tokens(B=4, R=3)), player()), pyramid=((1, 2, 3, 4, 5), (32, 31, 33, 34), (55, 56, 57)))
    replenished = build(board_cells=board("R....", ".....", ".....", ".....", "....."), bag=tokens(W=1))
    # 8 crowns on four cards; card 52 (a joker with 2 crowns) makes 10.
    crowned = build(seats=(player(tokens(G=4, P=1, Y=1), cards=(55, 57, 59, 61)), player()), pyramid=((1, 2, 3, 4, 5), (52, 31, 33, 34), (56, 58, 60)))
    gold = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    no_top = gold.model_copy(update={"decks": (gold.decks[0], gold.decks[1], ())})  # the level-3 deck ran out
    # one more turn without a card bought or reserved ends the game (the no-progress rule)
    quiet = build(board_cells=board("R....", ".....", ".....", ".....", "....."), quiet_turns=QUIET_TURNS_LIMIT - 1)
    return [
        (no_top, [TakeTokens.model_construct(cells=(0, 0)), Reserve(gold_cell=0, level=3, card=None)]),
        (stuck, [Pass(), Pass()]),
        (crowned, [Buy(card=52, payment=(0, 0, 4, 0, 0, 1, 1)), PlaceJoker(colour=W)]),
        (one_pearl, [UsePrivilege(cell=0)]),
        (thief, [Buy(card=32, payment=(0, 4, 0, 3, 0, 0, 0))]),
        (replenished, [Replenish(), Replenish()]),
        (quiet, [TakeTokens(cells=(0,))]),
    ]


def everything_said(narrator: SplendorDuelNarrator) -> tuple[list[str], set[str], set[str]]:
    """Every event of every seat's log, every label, outcome and refusal met in play, as narrated; with
    the event kinds and refusal codes that came up."""
    said: list[str] = []
    kinds: set[str] = set()
    codes: set[str] = set()

    def say(fact: Fact) -> None:
        kinds.add(fact.kind)
        said.append(narrator.say(fact))

    def refuse(refusal: IllegalAction) -> None:
        codes.add(refusal.code)
        said.append(narrator.refusal(refusal))

    def finished(state: SplendorDuelState) -> None:
        for seat in (None, 0, 1):
            for entry in RULES.log_for(state, seat):
                kinds.add(entry.kind)
                said.append(narrator.event(entry))
            view = RULES.view(state, seat)
            if view.news:
                said.append(narrator.news_text(view.news))
            for reason in view.win_reasons:
                say(reason)
        outcome = RULES.outcome(state)
        if outcome is not None:
            say(outcome.headline)
            for detail in outcome.details:
                say(detail)
        say(RULES.turn_label(state))

    for state, refusals in random_games(12):
        finished(state)
        for refusal in refusals:
            refuse(refusal)
    for start, actions in rare_positions():
        state = start
        for action in actions:
            refused = RULES.refusal(state, state.current, action)
            if refused is not None:
                refuse(refused)
                continue
            state = RULES.apply(state, state.current, action)
            while state.phase == "royal":
                state = RULES.apply(state, state.current, ChooseRoyal(royal=state.royals[-1]))
            newest = RULES.last_public_event(state)
            if newest is not None:
                say(newest)
            say(RULES.turn_label(state))
        finished(state)
    refuse(IllegalAction("unknown_action", kind="fly"))
    return said, kinds, codes


def test_every_fact_and_refusal_has_words(language: str) -> None:
    narrator = NARRATOR(NAMES)
    said, kinds, codes = everything_said(narrator)
    everything_kind = {name[4:] for name in vars(SplendorDuelNarrator) if name.startswith("say_")}
    every_code = {name[7:] for name in dir(narrator) if name.startswith("refuse_")}
    assert everything_kind - kinds == set(), "kinds the test never met"
    assert every_code - codes == set(), "refusals the test never met"
    for text in said:
        assert text and "{" not in text and "}" not in text, text
    if language == "zh":
        for text in said:
            assert not english_words(text), text
        assert narrator.title == "璀璨宝石：对决"
        assert not english_words(narrator.blurb)


def test_a_news_paragraph_joins_its_events_in_each_language(language: str) -> None:
    narrator = NARRATOR(NAMES)
    news = (event("took_tokens", seat=0, tokens=[0, 0, 0, 3, 0, 0, 0], privilege="supply"), event("extra_turn", seat=0))
    text = narrator.news_text(news)
    if language == "en":
        assert text == "Ana took 3 red tokens; Ben takes a privilege from the supply; Ana will take an extra turn"
    else:
        assert text == "Ana取得3枚红宝石；Ben从公共区取得1个特权；Ana将进行一个额外回合"


def test_a_claimed_royal_card_is_named_by_its_label_on_the_board(language: str) -> None:
    """Four royal cards lie side by side; the news says which one went, as the board prints it."""
    from boardgames_tui.engine.splendor_duel.data import ROYALS
    from boardgames_tui.tui.games.splendor_duel.render import royal_text

    royal = next(r for r, data in ROYALS.items() if data.abilities == ("extra_turn",))
    text = NARRATOR(NAMES).say(fact("royal_claimed", seat=1, royal=royal))
    assert royal_text(royal).plain == "♚2★↻"
    if language == "en":
        assert text == "Ben claimed the royal card ♚2★↻ (+2 points)"
    else:
        assert text == "Ben获得王室卡 ♚2★↻（+2声望）"


# The screens --------------------------------------------------------------------------------------


async def open_turn(app: Any, pilot: Any, state: SplendorDuelState) -> HotseatSession:
    """Resume `state`, played by TABLE, and take the device, whatever language the title is in."""
    state = state.model_copy(update={"players": TABLE})
    session = saved_session(app, state, "splendor_duel")
    await app.start_session(session)
    await take_device(app, pilot)
    assert isinstance(app.screen, SplendorDuelTurnScreen)
    return session


# Typesetting Chinese: no line starts with closing punctuation or ends with opening punctuation, no ASCII
# colon after a cell name or a Chinese word, no space between two Chinese sentences.
WESTERN_PUNCTUATION = re.compile(r"[\u4e00-\u9fff）][:;,!?(]|\b[A-E][1-5]: |。 +[\u4e00-\u9fff]")


def badly_set(text: str) -> list[str]:
    """The screen's lines that break a rule of Chinese typesetting."""
    lines = text.split("\n")
    return chinese.badly_broken(lines) + [line for line in lines if WESTERN_PUNCTUATION.search(line)]


def shows_whole(app: Any, *sentences: str) -> str:
    """The screen, after checking it is Chinese, no name is cut, and each sentence is on it in full
    (perhaps wrapped). The turn screen also sets its lines as Chinese is set and fits the terminal."""
    text = screen_text(app)
    left = english_words(text, TABLE_WORDS)
    assert not left, (left, text)
    for sentence in sentences:
        assert squeezed(sentence) in squeezed(text), (sentence, text)
    screen = app.screen
    if isinstance(screen, SplendorDuelTurnScreen):  # the whole table on the screen, every key in the bar
        from boardgames_tui.tui.widgets.keybar import KeyBar

        assert not badly_set(text), (badly_set(text), text)
        assert screen.max_scroll_y == 0 and screen.max_scroll_x == 0, text
        assert screen.query_one(KeyBar).describe(screen).cell_length <= app.size.width - 2
    return text


def on_one_line(text: str, *pieces: str) -> None:
    """Each piece (a numbered option) is on the screen without a line break inside it."""
    lines = text.split("\n")
    for piece in pieces:
        assert any(piece in line for line in lines), (piece, text)


NEWS = {
    "log": (
        event("privilege_used", seat=1, colour=R, cell=12),
        event("bought", seat=1, card=35, reserved=False, payment=[0, 2, 0, 2, 0, 0, 1]),
        event("royal_claimed", seat=1, royal=1),
    ),
    "news_start": 0,
}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_turn_a_refusal_the_log_and_help_in_chinese(make_app, in_chinese, size) -> None:
    me = player(tokens(W=1, B=1, G=1, R=1, Y=1), reserved=(6, 58), privileges=1)
    state = build(
        board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
        seats=(me, player(tokens(K=3), privileges=1, cards=(2, 7, 12))),
        turn=7,
        **NEWS,
    )
    narrator = NARRATOR(TABLE)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await open_turn(app, pilot, state)
        screen = app.screen
        # The news strip holds what happened since the last look, one event a line, opened at the first;
        # z reads on to the newest (it wraps around a long name, inside Chinese sentences).
        news = narrator.events(state.log)
        assert list(screen.query_one(NewsStrip).lines) == list(news)
        shows_whole(app, news[0], screen.query_one(PromptLine).text().plain)
        while screen.query_one(NewsStrip).more_below:
            await pilot.press("z")
            await pilot.pause()
        shows_whole(app, news[-1], screen.query_one(PromptLine).text().plain)
        await pilot.press("x")  # passing is refused: a main action is possible
        shows_whole(app, narrator.refusal(IllegalAction("pass_not_allowed")))
        await pilot.press("g")  # the legend: token letters with their Chinese names
        shows_whole(app, "W 白宝石", "K 黑宝石", "P 珍珠", "Y 黄金")
        await pilot.press("g", "tab")  # a card and what it costs
        shows_whole(app, screen.query_one(CardDetail).text().plain)
        await pilot.press("left")  # the level-1 deck, its level in words
        shows_whole(app, "一级牌堆")
        await pilot.press("right")
        await pilot.press("l")
        shows_whole(app, *narrator.events(RULES.log_for(session._state, 0)))
        await pilot.press("escape")
        await pilot.press("question_mark")
        text = shows_whole(app)
        assert "在资源棋盘和卡牌之间切换" in squeezed(text)
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("tab", "space", "enter")  # the board again; the centre's black token
        for _ in range(50):
            if type(app.screen).__name__ == "PassDeviceScreen":
                break
            await pilot.pause(0.05)
        newest = session._state.log[-1]
        assert newest.kind == "took_tokens"
        shows_whole(app, narrator.event(newest))


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_choices_and_a_payment_in_chinese(make_app, in_chinese, size) -> None:
    me = player(tokens(W=1, B=1, G=1, R=1, Y=3), reserved=(6, 58, 40), cards=(2, 7, 12))
    for phase in ("royal", "steal", "discard", "joker"):
        other = player(tokens(W=1, B=1, G=1, R=1, K=1, P=1))
        state = build(seats=(me, other), phase=phase, turn=9, **NEWS)
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await open_turn(app, pilot, state)
            text = shows_whole(app, app.screen.query_one(PromptLine).text().plain)
            on_one_line(text, *(f"{number}  {label}" for number, (label, _action) in enumerate(app.screen.choices.options(), 1)))
            await pilot.press("b")  # a key of another step: it says what to choose first
            shows_whole(app)
    payer = player(tokens(W=1, B=1, G=1, R=1, Y=3), reserved=(6, 58, 40))
    paying = build(seats=(payer, player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)), **NEWS)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_turn(app, pilot, paying)
        await pilot.press("tab", "b")
        text = shows_whole(app, "购买一张一级黑色卡？支付方式：", "共15种 · 按 Enter 购买，按 Esc 取消。")
        on_one_line(text, "1 1W 1B 1G 1R", "5 1B 1G 1R 1Y", "9 1B 1G 2Y", "↑/↓ 更多支付方式：第1-9种，共15种")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_results_in_chinese(make_app, in_chinese, size) -> None:
    # 4 + 4 + 4 + 4 points already; card 54 (5 points) wins with 21.
    me = player(tokens(B=4, P=1, Y=1), cards=(56, 58, 60, 62))
    state = build(
        board_cells=board("W....", ".....", ".....", ".....", "....."),
        seats=(me, player()),
        pyramid=((1, 3, 4, 5, 6), (54, 32, 33, 34), (55, 57, 59)),
        seed="20260101",
    )
    narrator = NARRATOR(TABLE)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await open_turn(app, pilot, state)
        await pilot.press("tab", "up")  # the first level-2 card
        await pilot.press("b")
        shows_whole(app, f"购买{card_text(54)}，支付")  # the card and its price, to confirm
        await pilot.press("enter")
        await pilot.pause()
        outcome = session.outcome()
        assert outcome is not None and outcome.winners == (0,)
        for _ in range(50):
            if type(app.screen).__name__ == "ResultsScreen":
                break
            await pilot.pause(0.05)
        shows_whole(app, narrator.say(outcome.headline), *(narrator.say(line) for line in outcome.details))


# Every key's answer, in every mode of the turn screen ----------------------------------------------

_START = build(
    board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
    seats=(player(tokens(W=1, B=1, G=1, R=1, Y=1), privileges=1), player()),
    pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)),
)
_SITUATIONS = {
    "board, empty bag": (_START.model_copy(update={"bag": (0,) * 7}), ()),
    "cards": (_START, ("tab",)),
    "a deck": (_START, ("tab", "left")),
    "paying": (_START, ("tab", "b")),
    "reserving": (_START, ("tab", "v")),
    "selection": (_START, ("up", "left", "space", "right", "space")),
    "discard": (build(board_cells=board("W.R..", ".....", "..Y..", ".....", "....."), seats=(player(tokens(W=2, B=2, G=2, R=2, K=2, P=1)), player()), phase="discard"), ()),
    "a card's token": (build(board_cells=board("R....", ".....", "..Y..", ".....", "....R"), phase="take_token", choice_colour=R), ("down", "down", "right", "right")),
    "only a pass": (build(bag=(0,) * 7, board_cells=EMPTY_BOARD), ()),
}


@pytest.mark.parametrize("situation", sorted(_SITUATIONS))
async def test_every_game_key_answers_in_chinese(make_app, in_chinese, situation: str) -> None:
    """Each of the game's own keys (the shared ones open other screens), pressed from the same situation,
    acts or says why not: in Chinese, on one line at 80 columns."""
    state, keys = _SITUATIONS[situation]
    from textual.binding import Binding
    from textual.screen import Screen

    shared = {"help", "rules", "log", "leave"} | {b.action for b in Screen.BINDINGS if isinstance(b, Binding)}

    def own(screen: Any, key: str) -> bool:
        """The game's own keys: not the shared ones, no Ctrl key, no 2-8 (they answer as 1 and 9 do)."""
        actions = {binding.action for binding in screen._bindings.key_to_bindings[key]}
        return not actions <= shared and not key.startswith("ctrl+") and key not in {str(n) for n in range(2, 9)}

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state, keys, keep=own)
    for key, answer in answers.items():
        answer = "" if answer == "changed" else answer
        assert not english_words(answer), (key, answer)
        assert cell_len(answer) <= 76, (key, answer)  # one line at 80 columns, after the status line's ✗
