"""Rummikub in Simplified Chinese: everything the engine reports has words in both languages, and the
Chinese ones carry no English word; the screens of the game, driven by keys at 80×24 and 100×30, show no
English word and cut no line: a Chinese line breaks between characters, never inside "joker" or a tile code,
never before a closing mark (，。：）…) or after an opening one (（“…). The setup's option notes and the
rulebook are checked the same way at both sizes.

Allowed in Chinese text: player names, the colour letters and tile codes (K R B O, R5, J=R5), key names,
and "joker", which the glossary (locale/zh_CN/glossary/rummikub.md, after the seed) writes as joker牌.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.cells import cell_len
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Select, Static

from boardgames_tui.engine.base import Fact, IllegalAction, event
from boardgames_tui.engine.rummikub.models import (
    ArrangeRack,
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubOptions,
    RummikubState,
    SortRack,
    SplitSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    Undo,
)
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.i18n import LOCALE_DIR, set_language
from boardgames_tui.narration.rummikub import RummikubNarrator, option_help
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.rules import RULES_WIDTH_MARGIN, rulebook_lines
from boardgames_tui.tui.screens.setup import SetupScreen
from boardgames_tui.tui.text import wrap_plain, wrapped

from ..engine.rummikub.helpers import NAMES, build, ids, tile_id, vbuild
from ..engine.rummikub.policies import BiasedRandomPolicy, MeldingPolicy
from ..engine.rummikub.test_playouts import VariantRandomPolicy, candidates

from ..engine.rummikub.variant_policies import VariantMeldingPolicy
from . import chinese
from .chinese import FRAME, screen_text
from .helpers import news_pages, resume_state, wait_for_handoff, wait_until

SIZES = [(80, 24), (100, 30)]

def english_words(text: str, names: tuple[str, ...] = NAMES) -> list[str]:
    """The English words left in `text` once names, the glossary's joker牌 and key names are taken out."""
    return chinese.english_words(text.replace("joker牌", " "), names, keys=chinese.KEY_NAMES | {"backspace"})

class BothLanguages:
    """Says every fact in English and in Chinese (strict: a kind without words fails) and keeps the
    Chinese lines that hold an English word."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.narrator = RummikubNarrator(players)
        self.players = players
        self.leaks: list[str] = []
        self.said = 0

    def _both(self, say: Any) -> str:
        set_language("en")
        english = say()
        set_language("zh")
        try:
            chinese = say()
        finally:
            set_language("en")
        assert english and chinese
        if english_words(chinese, self.players):
            self.leaks.append(chinese)
        self.said += 1
        return chinese

    def fact(self, told: Fact) -> str:
        return self._both(lambda: self.narrator.say(told))

    def refusal(self, refused: IllegalAction) -> str:
        return self._both(lambda: self.narrator.refusal(refused))

# Random games of every rule set and player count -----------------------------------------------------------

def refusals(state: RummikubState, seat: int, rng: random.Random) -> Iterator[IllegalAction]:
    """The refusals of a sample of actions this seat might try now."""
    pool = candidates(state, rng)
    pool.append(ArrangeRack(tile=999, to=0))
    pool.append(RecordClock(seconds_left=9999))
    for action in rng.sample(pool, min(20, len(pool))):
        try:
            RULES.apply(state, seat, action)
        except IllegalAction as refused:
            yield refused
    try:
        RULES.apply(state, (seat + 1) % len(state.players), Draw())
    except IllegalAction as refused:
        yield refused

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule_set", ["standard", "american", "international"])
def test_random_games_are_told_in_both_languages(rule_set: str, players: int) -> None:
    rng = random.Random(f"{rule_set}{players}")
    names = NAMES[:players]
    options = RummikubOptions(rule_set=rule_set, turn_timer="30 s")  # type: ignore[arg-type]
    state = RULES.setup(names, options, f"zh-{rule_set}-{players}")
    melding: Any = MeldingPolicy() if rule_set == "standard" else VariantMeldingPolicy()
    randomly: Any = BiasedRandomPolicy(rng, 0.3) if rule_set == "standard" else VariantRandomPolicy(rng, 0.3)
    say = BothLanguages(names)
    read = [0] * (players + 1)  # per reader (the public table last): log events already said
    codes: set[str] = set()
    for step in range(4000):
        for reader, seat in enumerate((*range(players), None)):
            log = RULES.view(state, seat).log
            for entry in log[read[reader] :]:
                say.fact(entry)
            read[reader] = len(log)
        say.fact(RULES.turn_label(state))
        told = RULES.last_public_event(state)
        if told is not None:
            say.fact(told)
        if state.phase == "over":
            break
        seat = state.current
        view = RULES.view(state, seat)
        for problem in view.end_turn_problems:
            say.fact(problem)
        for table_set in view.table:
            if table_set.problem is not None:
                say.fact(table_set.problem)
        if step % 7 == 0:
            for refused in refusals(state, seat, rng):
                codes.add(refused.code)
                say.refusal(refused)
        action = melding(view) if rng.random() < 0.7 else randomly(view.legal_actions)
        state = RULES.apply(state, seat, action)
    outcome = RULES.outcome(state)
    assert outcome is not None, "the game ended"
    for line in (outcome.headline, *outcome.details):
        say.fact(line)
    label = RULES.variant_label(options)
    if label is not None:
        say.fact(label)
    assert say.said > 100 and len(codes) > 5
    assert not say.leaks, say.leaks[:10]

# Every refusal, provoked -------------------------------------------------------------------------------------

TIMER = RummikubOptions(turn_timer="60 s")

def _over() -> RummikubState:
    state = build(["K11 K12 K13", "R10"])
    state = RULES.apply(state, 0, MoveTiles(tiles=ids("K11 K12 K13")))
    return RULES.apply(state, 0, EndTurn())

def _freed() -> RummikubState:
    state = build(["R5 K9", "B1"], ["R4 J R6"])
    return RULES.apply(state, 0, MoveTiles(tiles=ids("R5"), to=0, position=1))

def _took_discard() -> RummikubState:
    state = vbuild("american", ["K1 K2 K3", "B1"], discards=[("R5", 1)], phase="draw")
    return RULES.apply(state, 0, TakeDiscard())

def _unmelded(**options: Any) -> RummikubState:
    return build(["R10 R11 R12 K4", "B1"], ["K1 K2 K3"], melded=(False, False), options=RummikubOptions(**options))

OWNED = [(0, "R3 R4 R5"), (1, "K7 K8 K9"), (1, "R8 B8 J"), (1, "O3 J' O5")]
J1 = tile_id("J")

# code -> (the state, the action, the seat that tries it; None: the current one)
CASES: dict[str, tuple[Any, Any, int | None]] = {
    "game_over": (_over, Draw(), 1),
    "not_your_turn": (lambda: build(["K1", "B1"]), Draw(), 1),
    "unknown_action": (lambda: build(["K1", "B1"]), TakeDiscard(), None),
    "no_tiles_chosen": (lambda: build(["K1", "B1"]), MoveTiles(tiles=()), None),
    "no_such_tile": (lambda: build(["K1", "B1"]), MoveTiles.model_construct(kind="move", tiles=(999,), to=None, position=None), None),
    "tile_listed_twice": (lambda: build(["K1", "B1"]), MoveTiles(tiles=ids("K1") * 2), None),
    "tile_not_yours": (lambda: build(["K1", "B1"]), MoveTiles(tiles=ids("B1")), None),
    "new_set_has_no_position": (lambda: build(["K1", "B1"]), MoveTiles(tiles=ids("K1"), position=0), None),
    "no_such_set": (lambda: build(["K1", "B1"]), MoveTiles(tiles=ids("K1"), to=7), None),
    "no_such_position": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), MoveTiles(tiles=ids("K1"), to=0, position=9), None),
    "meld_first_next_turn": (lambda: _unmelded(play_after_meld="next turn"), MoveTiles(tiles=ids("K4"), to=0), None),
    "meld_first": (_unmelded, MoveTiles(tiles=ids("K4"), to=0), None),
    "replacement_stays": (_freed, MoveTiles(tiles=ids("R5")), None),
    "locked_set_keeps_tiles": (lambda: build(["K1", "B1"], ["R4 J R6"]), MoveTiles(tiles=ids("R4")), None),
    "group_joker_needs_both": (
        lambda: build(["K7 O7", "B1"], ["B7 J R7"], options=RummikubOptions(group_joker_needs_both_colours=True)),
        MoveTiles(tiles=ids("K7"), to=0, position=1),
        None,
    ),
    "already_that_set": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), MoveTiles(tiles=ids("R1 R2 R3")), None),
    "locked_run_grows_at_ends": (lambda: build(["R7", "B1"], ["R4 J R6"]), MoveTiles(tiles=ids("R7"), to=0, position=1), None),
    "move_changes_nothing": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), MoveTiles(tiles=ids("R2"), to=0, position=1), None),
    "joker_stays_on_table": (_freed, ReturnToRack(tiles=(J1,)), None),
    "not_played_this_turn": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), ReturnToRack(tiles=ids("R1")), None),
    "replacement_undo_only": (_freed, ReturnToRack(tiles=ids("R5")), None),
    "split_between_tiles": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), SplitSet(set_id=0, at=0), None),
    "locked_set_no_split": (lambda: build(["K1", "B1"], ["R4 J R6"]), SplitSet(set_id=0, at=1), None),
    "not_a_joker": (lambda: build(["K1", "B1"], ["R1 R2 R3"]), ChooseJoker(tile=ids("R1")[0], colour="R", number=1), None),
    "joker_not_on_table": (lambda: build(["K1", "B1"]), ChooseJoker(tile=J1, colour="R", number=1), None),
    "invalid_set_joker": (lambda: build(["K1", "B1"], ["R4 J K9"]), ChooseJoker(tile=J1, colour="R", number=5), None),
    "joker_fixed": (lambda: build(["K1", "B1"], ["R4 J R6"]), ChooseJoker(tile=J1, colour="R", number=7), None),
    "joker_cannot_be": (lambda: build(["K1", "B1"], ["B7 J R7"]), ChooseJoker(tile=J1, colour="R", number=7), None),
    "locked_set_reading": (lambda: build(["K1", "B1"], ["R5 J J'"]), ChooseJoker(tile=J1, colour="K", number=5), None),
    "sort_by_colour_or_number": (lambda: build(["K1", "B1"]), SortRack.model_construct(kind="sort_rack", by="size"), None),
    "not_on_rack": (lambda: build(["K1 K2", "B1"]), ArrangeRack(tile=ids("B1")[0], to=0), None),
    "no_such_rack_place": (lambda: build(["K1 K2", "B1"]), ArrangeRack(tile=ids("K1")[0], to=5), None),
    "tile_already_there": (lambda: build(["K1 K2", "B1"]), ArrangeRack(tile=ids("K1")[0], to=0), None),
    "no_turn_timer": (lambda: build(["K1", "B1"]), TimeUp(), None),
    "clock_out_of_range": (lambda: build(["K1", "B1"], options=TIMER), RecordClock(seconds_left=99), None),
    "clock_runs_down": (lambda: build(["K1", "B1"], options=TIMER, clock=20), RecordClock(seconds_left=40), None),
    "nothing_to_undo": (lambda: build(["K1", "B1"]), Undo(), None),
    "nothing_to_reset": (lambda: build(["K1", "B1"]), ResetTurn(), None),
    "turn_not_done": (lambda: build(["K1", "B1"]), EndTurn(), None),
    "table_changed_no_draw": (
        lambda: RULES.apply(build(["K1 K2", "B1"]), 0, MoveTiles(tiles=ids("K1"))),
        Draw(),
        None,
    ),
    "draw_first": (lambda: vbuild("american", ["K1 K2", "B1"], phase="draw"), MoveTiles(tiles=ids("K1")), None),
    "time_is_up_discard": (lambda: vbuild("american", ["K1 K2", "B1"], phase="discard"), Undo(), None),
    "starter_no_draw": (lambda: RULES.setup(NAMES[:2], RummikubOptions(rule_set="international"), "x"), Draw(), None),
    "already_drew": (lambda: vbuild("american", ["K1 K2", "B1"]), Draw(), None),
    "end_by_discarding": (lambda: vbuild("american", ["K1 K2", "B1"]), EndTurn(), None),
    "trump_not_taken": (lambda: vbuild("american", ["K1 K2", "B1"]), ReturnTrump(), None),
    "others_meld_tile": (lambda: vbuild("american", ["K10 O1", "B1"], OWNED), MoveTiles(tiles=ids("K9")), None),
    "own_tiles_stay_own": (
        lambda: vbuild("american", ["K10 O1", "B1"], OWNED),
        MoveTiles(tiles=ids("R5"), to=1),
        None,
    ),
    "others_joker": (lambda: vbuild("american", ["O4 O1", "B1"], OWNED), MoveTiles(tiles=ids("O4"), to=3, position=1), None),
    "others_meld_split": (lambda: vbuild("american", ["K10 O1", "B1"], OWNED), SplitSet(set_id=1, at=1), None),
    "others_meld_joker": (lambda: vbuild("american", ["K10 O1", "B1"], OWNED), ChooseJoker(tile=J1, colour="K", number=8), None),
    "taken_discard_kept": (_took_discard, Discard(tile=ids("R5")[0]), None),
    "discard_pile_empty": (lambda: vbuild("american", ["K1 K2", "B1"], phase="draw"), TakeDiscard(), None),
    "discard_after_ice": (
        lambda: vbuild("american", ["K1 K2", "B1"], discards=[("R5", 1)], phase="draw", melded=(False, True)),
        TakeDiscard(),
        None,
    ),
    "no_trump": (lambda: vbuild("american", ["K1 K2", "B1"], phase="draw", trump=None), TakeTrump(), None),
    "trump_not_after_ice": (lambda: vbuild("international", ["K1 K2", "B1"], phase="draw"), TakeTrump(), None),
}

def test_every_refusal_is_provoked_and_said_in_both_languages() -> None:
    said = BothLanguages(NAMES)
    for code, (make, action, seat) in CASES.items():
        state = make()
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(state, state.current if seat is None else seat, action)
        assert refused.value.code == code, (code, refused.value)
        said.refusal(refused.value)
    narrated = {name.removeprefix("refuse_") for name in dir(RummikubNarrator) if name.startswith("refuse_")}
    assert narrated == set(CASES), "every refusal the narrator words is provoked here, and no other"
    assert not said.leaks, said.leaks

def test_every_chinese_message_of_the_game_is_translated_without_english_words() -> None:
    path = LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "rummikub.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="zh_CN", domain="rummikub")
    leaks = []
    for message in catalog:
        if not message.id:
            continue
        text = message.string[0] if isinstance(message.string, tuple) else message.string
        assert text, f"untranslated: {message.id!r}"
        # Placeholders are filled with names, numbers and tile codes; key names and letters stay.
        if english_words(re.sub(r"\{\w+\}", " ", text)):
            leaks.append(text)
    assert not leaks, leaks

# The screens, in Chinese, at both sizes ----------------------------------------------------------------------

def visible(text: str, shown: str) -> bool:
    """`text` is on the screen whole: every character, wrapped or not (an ellipsis would replace some)."""
    return chinese.squeezed(text) in chinese.squeezed(shown)

def assert_chinese(shown: str, names: tuple[str, ...] = NAMES) -> None:
    words = english_words(shown, names)
    assert not words, (words, shown)


def badly_broken(rows: list[str]) -> list[str]:
    """The rows (frames and scroll bars taken off) that start with a closing mark or end with an opening
    one (see chinese.badly_broken), or show "joker" or a tile code cut at the row's end."""
    inner = [FRAME.sub(" ", row).strip() for row in rows]
    bad = chinese.badly_broken(inner, bullets="")
    for number, row in enumerate(inner):
        if not row:
            continue
        following = inner[number + 1] if number + 1 < len(inner) else ""
        if re.search(r"(?<![A-Za-z])(j|jo|jok|joke)$", row) or re.match(r"(oker|ker|er|r)牌", row):
            bad.append(row)
        elif re.search(r"(?<![A-Za-z0-9])[KRBO]1?$", row) and re.match(r"\d", following):
            bad.append(row)
    return bad


def assert_well_broken(shown: str) -> None:
    bad = badly_broken(shown.split("\n"))
    assert not bad, (bad, shown)

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_standard_turn_in_chinese(make_app, in_chinese, size: tuple[int, int]) -> None:
    state = build(["R10 R11 R12 K4 O7 B2 J", "B1 B3 B9"], ["K1 K2 K3", "O4 J' O6"], pool="K13 R13")
    dealt = event("first_player", seat=1, direction="clockwise")
    state = state.model_copy(update={"melded": (False, True), "log": (dealt,), "told": (0, 1)})
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, RummikubTurnScreen)
        shown = screen_text(app)
        assert "拉密" in shown and "破冰" in shown
        assert "K 黑 · R 红 · B 蓝 · O 橙" in shown, "the colour letters are named on the rack's frame"
        assert_chinese(shown)
        assert_well_broken(shown)
        # A refusal: nothing played yet, so the turn cannot end.
        await pilot.press("e")
        await pilot.pause()
        shown = screen_text(app)
        refusal = screen.choices.not_yet()
        assert visible(refusal, shown), (refusal, shown)
        assert_chinese(shown)
        assert_well_broken(shown)
        # A turn: R10 R11 R12 as a new set, the initial meld (33) is complete.
        for tile in ids("R10 R11 R12"):
            rack = [t.id for t in screen.view.rack]
            while rack[screen.cursor.index] != tile:
                await pilot.press("right")
            await pilot.press("space")
        await pilot.press("n")
        await pilot.pause()
        shown = screen_text(app)
        assert "R10" in shown and "顺牌" in shown
        assert_chinese(shown)
        assert_well_broken(shown)
        # The log, then the help.
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
        shown = screen_text(app)
        assert_chinese(shown)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the turn screen")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        shown = screen_text(app)
        app.screen.query_one(VerticalScroll).scroll_end(animate=False)  # the rest of the keys
        await pilot.pause()
        shown += "\n" + screen_text(app)
        assert "K 黑" in shown and "O 橙" in shown
        for _key, line in screen.help_lines():
            text = line.plain if isinstance(line, Text) else line
            assert visible(text, shown), (text, shown)
        assert_chinese(shown)
        assert_well_broken(shown)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the turn screen")
        # The turn ends: the handoff tells the table in Chinese.
        await pilot.press("e")
        await wait_for_handoff(app, pilot)
        shown = screen_text(app)
        told = session.public_summary()
        assert told.startswith("Ana打出3张牌") and visible(told, shown), (told, shown)
        assert_chinese(shown)
        assert isinstance(app.screen, PassDeviceScreen)

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rule_set", ["american", "international"])
async def test_a_draw_meld_discard_turn_in_chinese(make_app, in_chinese, size: tuple[int, int], rule_set: str) -> None:
    state = vbuild(
        rule_set, ["K7 R7 B7 O1 O2", "B1 B2", "K12 K13"], [(1, "R3 R4 R5")], discards=[("K6", 1)], phase="draw",
        melded=(True, True, False), trump="O13'",
    )
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, RummikubTurnScreen)
        shown = screen_text(app)
        assert "弃牌堆" in shown and "王牌" in shown and re.search(r"牌堆\d+堆（\d+张）", shown), shown  # the seed's 堆
        assert re.search(r"第\d+回合 · 轮到你了", shown) and "背面朝上" not in shown, shown
        assert f"拉密（{'美国规则' if rule_set == 'american' else '国际规则'}）" in shown.replace(" (", "（").replace(")", "）")
        assert_chinese(shown)
        assert_well_broken(shown)
        await pilot.press("e")  # a discard before the draw: the key says why not
        await pilot.pause()
        shown = screen_text(app)
        assert_chinese(shown)
        assert_well_broken(shown)
        await pilot.press("t")  # take the discard K6
        await pilot.pause()
        shown = screen_text(app)
        assert "K6" in shown and "拿了 K6" in shown.replace("\n", "")
        assert_chinese(shown)
        assert_well_broken(shown)

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_results_in_chinese(make_app, in_chinese, size: tuple[int, int]) -> None:
    state = build(["K11 K12 K13", "R10 R9 B1", "O10 O5"]).model_copy(update={"seed": "4711"})  # a deal number
    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        rack = [t.id for t in screen.view.rack]
        for tile in ids("K11 K12 K13"):
            while rack[screen.cursor.index] != tile:
                await pilot.press("right")
            await pilot.press("space")
        await pilot.press("n")
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        shown = screen_text(app)
        outcome = session.outcome()
        assert outcome is not None
        for line in (outcome.headline, *outcome.details):
            text = session.narrator.say(line)
            assert visible(text, shown), (text, shown)
        assert "Ana获胜：+35" in shown, shown
        assert_chinese(shown)


# Lines broken for the width, in every panel of the game --------------------------------------------------------

SAMPLE_VALUES = {
    "name": "Maximiliana", "names": "小明和Maximiliana", "tiles": "R10 R11 R12 J", "tile": "K13", "n": "3", "count": "3",
    "points": "36", "need": "30", "score": "+25", "scores": "小明 +3", "how": "公开获胜", "problems": "只有2张，组合至少要3张",
}


def _messages() -> list[str]:
    path = LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "rummikub.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="zh_CN", domain="rummikub")
    texts = []
    for message in catalog:
        if message.id:
            text = message.string[0] if isinstance(message.string, tuple) else message.string
            english = message.id[0] if isinstance(message.id, tuple) else message.id
            for line in (text, english):
                texts.append(re.sub(r"\{(\w+)\}", lambda m: SAMPLE_VALUES.get(m.group(1), "7"), line))
    return texts


def test_lines_break_between_characters_and_words_never_inside_one() -> None:
    for text in _messages():
        if len(text.strip()) < 3:  # a separator (", " -> "、") is no line
            continue
        for width in range(12, 80, 5):
            rows = wrapped(Text(text), width).plain.split("\n")
            assert all(cell_len(row) <= width for row in rows), (width, rows)
            assert not badly_broken(rows), (width, rows)
            assert "".join(rows).replace(" ", "") == text.replace(" ", "").replace("\n", ""), (width, rows)
    assert wrap_plain("R10 R11 R12", 5) == ["R10", "R11", "R12"], "a tile code is never cut"
    assert wrap_plain("换下joker牌", 8) == ["换下", "joker牌"], "nor is joker"


TABLE = ["R1 R2 R3 R4 J R6 R7 R8 R9 R10 R11 R12 R13", "O4 O5 O6", "K7 B7 R7 O7", "B11 B12"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_long_sets_and_news_stay_inside_the_table(make_app, in_chinese, size: tuple[int, int]) -> None:
    long_name = "Maximiliana"
    state = vbuild(
        "international", ["K7 R7 B7 O1 O2", "B1 B2", "K12 K13"], [(1, TABLE[0]), (0, TABLE[1]), (2, "B11 B12 B13")],
        discards=[("K6", 1)], phase="turn", melded=(True, True, False), trump="O13'",
    )
    starter = event("first_player_extra_tile", seat=1, trump="O13")
    news = (starter, event("took_discard", seat=2, tile="K6"), event("laid", seat=1, tiles=["B11", "B12", "B13"]))
    state = state.model_copy(update={"players": ("小明", long_name, "Cy"), "log": news, "told": (0, 3)})
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume_state(app, pilot, state)
        shown = screen_text(app)
        names = ("小明", long_name, "Cy")
        assert_chinese(shown, names)
        assert_well_broken(shown)
        rows = shown.split("\n")
        table_rows = [FRAME.sub(" ", row).strip() for row in rows]
        # the long run's notes go on under its first tile, inside the frame
        notes = next(row for row in rows if "锁定：含joker牌" in row)
        assert FRAME.sub(" ", notes).startswith(" " * 6), notes
        assert not any(row.startswith("·") or row.endswith("·") for row in table_rows), "news breaks between its items"
        # The news strip holds every line; at 80x24 a long one opens at its start and z reads on.
        from boardgames_tui.tui.widgets.news import NewsStrip

        strip = app.screen.query_one(NewsStrip)
        said = [RummikubNarrator(names).say(told) for told in news]
        assert list(strip.lines) == said
        assert visible(said[0], shown), (said[0], shown)
        pages = await news_pages(app, pilot)
        for line in said:
            assert any(visible(line, page) for page in pages), (line, pages)
        if size[1] > 24:
            assert len(pages) == 1, "everything fits at once"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rule_set", ["standard", "american", "international"])
async def test_the_setup_notes_in_chinese(make_app, in_chinese, size: tuple[int, int], rule_set: str) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("n", "down", "down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup")
        setup = app.screen
        setup.query_one("#opt-rule_set", Select).value = rule_set
        await pilot.pause()
        notes = option_help()
        checked = 0
        for name, note in notes.items():
            widget = setup.query_one(f"#opt-help-{name}", Static)
            if not widget.display:
                continue
            widget.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            region = widget.region
            rows = screen_text(app).split("\n")[region.y : region.bottom]
            cells = [Text(row).plain for row in rows]
            assert visible(note, "\n".join(cells)), (note, cells)
            assert not badly_broken(cells), (name, cells)
            assert_chinese("\n".join(cells))
            checked += 1
        assert checked >= (8 if rule_set == "standard" else 5)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_rulebook_breaks_its_lines_well(size: tuple[int, int]) -> None:
    rows = [strip.text.rstrip() for strip in rulebook_lines("rummikub", size[0] - RULES_WIDTH_MARGIN, "zh")]
    assert not badly_broken(rows), badly_broken(rows)
    text = "".join(row.strip() + ("" if re.search("joker$", row) else " ") for row in rows)  # joker|牌 rejoined
    assert not english_words(text), english_words(text)
