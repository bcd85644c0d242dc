"""Every key on the Hanabi turn screen answers: it acts, or it says in one line which rule stops it.

Each situation (an ordinary turn, each step of playing, discarding and cluing, no clue tokens, all eight,
a bonus decision) is resumed from a saved state and every bound key is pressed from it. The key bar and
the prompt offer only what is possible now, and players' names are shown exactly as typed, in full.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from boardgames_tui.engine.base import event
from boardgames_tui.engine.hanabi.models import HanabiOptions, HanabiState
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.tui.games.hanabi import render
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen

from ..engine.hanabi.helpers import build
from .keys import assert_every_key_answers, show_state, status_text

SIZE = (80, 24)
GENERIC = "is not available right now"  # the app's fallback when a screen gives no reason

# Ana (seat 0) acts; Bob (first to her left) holds no blue card and no 4; Cy holds no red card.
HANDS = [
    ["R1", "Y1", "G1", "B1", "W1"],
    ["R2", "Y2", "G2", "W2", "R3"],
    ["Y3", "G3", "B3", "W3", "Y4"],
]
TWO_HANDS = [["Y5", "Y1", "Y1", "B2", "W3"], ["G2", "G3", "B1", "W1", "W2"]]


def three_players(**fields: Any) -> HanabiState:
    fields.setdefault("clue_tokens", 5)
    return build(HANDS, fill_deck=True, **fields)


def with_names(state: HanabiState, *names: str) -> HanabiState:
    return state.model_copy(update={"players": names})


def screen_lines(app: Any) -> list[str]:
    """The terminal's rows as plain text."""
    return [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]


def key_bar(app: Any) -> str:
    return screen_lines(app)[-1]


def assert_specific(answers: dict[str, str]) -> None:
    """Every refused key named its rule, not the app's generic fallback."""
    generic = {key: text for key, text in answers.items() if GENERIC in text}
    assert not generic, generic


# An ordinary turn ---------------------------------------------------------------------------------


async def test_every_key_answers_on_an_ordinary_turn(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # "1" selects the card already selected: tested below from another selection.
        answers = await assert_every_key_answers(app, pilot, three_players(), skip=("1",))
    assert_specific(answers)
    assert answers["6"] == "✗ There is no card 6: you hold 5 cards."
    assert answers["k"] == "✗ There is no bonus to resolve: play, discard or give a clue"
    assert answers["y"] == "✗ A colour letter names a clue: press c first, then the player."
    assert answers["enter"] == "✗ Enter confirms a play, a discard or a clue: choose one with p, d or c first."


async def test_a_digit_selects_its_card_and_the_key_bar_names_the_hand_size(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_state(app, pilot, three_players(), ("2",))
        assert isinstance(screen, HanabiTurnScreen) and screen.selected == 1
        await pilot.press("1")
        assert screen.selected == 0
        bar = key_bar(app)
        assert "1-5 Select card" in bar and "1-6" not in bar


async def test_all_eight_clue_tokens_discard_is_refused_by_the_rule(make_app) -> None:
    app = make_app()
    state = three_players(clue_tokens=8)
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, state, skip=("1",))
        assert_specific(answers)
        assert answers["d"] == "✗ You can't discard while all 8 clue tokens are available"
        screen = await show_state(app, pilot, state)
        prompt = str(screen.query_one("#prompt").render())
        assert "discard" not in prompt and "c to give a clue" in prompt
        assert "d Discard" in key_bar(app)  # shown, greyed: the rule says why on a press


async def test_no_clue_tokens_clue_keys_are_refused_by_the_rule(make_app) -> None:
    app = make_app()
    state = three_players(clue_tokens=0)
    reason = "✗ There are no clue tokens left: play or discard a card"
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, state, skip=("1",))
        assert_specific(answers)
        assert answers["c"] == reason
        assert answers["b"] == reason  # a colour letter names a clue too
        screen = await show_state(app, pilot, state)
        prompt = str(screen.query_one("#prompt").render())
        assert "c to give a clue" not in prompt and "no clue tokens" in prompt


# Playing and discarding ---------------------------------------------------------------------------


async def test_every_key_answers_while_a_play_waits_for_enter(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, three_players(), ("3", "p"))
    assert_specific(answers)
    assert "Enter" in answers["p"] and "card 3" in answers["p"]
    assert answers["d"] == answers["c"] == answers["p"]


# Giving a clue ------------------------------------------------------------------------------------


async def test_every_key_answers_while_choosing_whom_to_clue(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, three_players(), ("c",))
        assert_specific(answers)
        assert answers["4"] == "✗ There are only 2 other players."
        assert answers["6"] == answers["4"]
        await show_state(app, pilot, three_players(), ("c",))
        bar = key_bar(app)
        assert "1-2 Player" in bar and "1-4" not in bar


async def test_every_key_answers_while_choosing_what_to_tell(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, three_players(), ("c", "1"))
    assert_specific(answers)
    assert answers["b"] == "✗ Bob has no blue cards (empty clues are off)"
    assert answers["4"] == "✗ Bob has no 4s (empty clues are off)"
    assert answers["m"] == "✗ Multicolour can't be named in a clue in this game"
    assert "colour" in answers["p"] and "Esc" in answers["p"]


async def test_every_clue_value_fits_the_key_bar_at_80_columns(make_app) -> None:
    options = HanabiOptions(hand_size="unofficial", sixth_suit="tricky")
    # Bob holds six colours and five numbers: eleven keys, listed as two entries.
    state = build(
        [["R1", "Y1", "G1", "B1", "W1", "M1"], ["R2", "Y3", "G4", "B5", "W1", "M2"]], options=options, fill_deck=True
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_state(app, pilot, state, ("c",))
        assert screen.mode == "clue_value"
        assert key_bar(app).strip() == "r/y/g/b/w/m Colour  1/2/3/4/5 Number  esc Cancel  ? Help  l Log  z News"
        prompt = str(screen.query_one("#prompt").render())
        assert prompt == "Clue for Bob: colour r/y/g/b/w/m or number 1/2/3/4/5. Esc to go back."


async def test_every_key_answers_before_a_clue_is_given(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, three_players(), ("c", "2", "3"))
        assert_specific(answers)
        assert answers["p"] == "✗ Enter gives this clue; Esc goes back to choose another."
        screen = await show_state(app, pilot, three_players(), ("c", "2", "3"))
        prompt = str(screen.query_one("#prompt").render())
        assert prompt == "Tell Cy about 3s (the 4 cards marked ▲)? Enter gives it, Esc goes back."
        await pilot.press("escape", "escape", "1", "3")  # Bob holds one 3
        prompt = str(screen.query_one("#prompt").render())
        assert prompt == "Tell Bob about 3s (the card marked ▲)? Enter gives it, Esc goes back."


async def test_a_free_colour_clue_cannot_be_refused_and_names_no_number(make_app) -> None:
    state = build(
        TWO_HANDS,
        options=HanabiOptions(five_flamboyants=True),
        piles={"R": 5},
        fill_deck=True,
        phase="free_colour_clue",
        bonus_revealed=("free_colour_clue",),
        bonus_tiles=("clue", "clue_and_misfire", "free_number_clue", "reshuffle_discard", "replay_discard"),
        clue_tokens=5,
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        answers = await assert_every_key_answers(app, pilot, state)
        assert_specific(answers)
        assert answers["escape"] == answers["q"] == "✗ Give your free colour clue first (bonus tile)"
        assert answers["3"] == answers["escape"]
        screen = await show_state(app, pilot, state)
        assert "Esc" not in str(screen.query_one("#prompt").render())


async def test_every_key_answers_while_choosing_a_discard_to_shuffle_back(make_app) -> None:
    state = build(
        TWO_HANDS,
        options=HanabiOptions(five_flamboyants=True),
        piles={"R": 5},
        discard=["Y2", "G4"],
        fill_deck=True,
        phase="reshuffle_discard",
        bonus_revealed=("reshuffle_discard",),
        bonus_tiles=("clue", "clue_and_misfire", "free_number_clue", "free_colour_clue", "replay_discard"),
        clue_tokens=5,
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        # PgUp belongs to the list of choices, whose first is highlighted: Textual's list stays put.
        answers = await assert_every_key_answers(app, pilot, state, skip=("pageup",))
    assert_specific(answers)
    assert answers["p"] == "✗ Choose a discarded card to shuffle back into the deck, or skip the bonus"


# Names as typed, in full --------------------------------------------------------------------------

HOSTILE = "[b]Al[/i]"
WIDE = "一二三四五六七八九十一二三四五六"  # 16 characters, 32 cells


async def test_hostile_and_wide_names_show_as_typed_on_one_line_at_80x24(make_app) -> None:
    told = event("number_clue", seat=0, target=1, rank=3, slots=[4], free=False)
    state = with_names(three_players(log=(told,)), WIDE, HOSTILE, "[@click=app.quit]")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_state(app, pilot, state, ("c",))
        lines = screen_lines(app)
        # Each other player's name and cards on one row: B? are Bob's (Al's) cards, Y3 starts Cy's.
        assert any(HOSTILE in line and "R2" in line and "R3" in line for line in lines), lines
        assert any("[@click=app.quit]" in line and "Y3" in line and "Y4" in line for line in lines), lines
        assert any(WIDE in line for line in lines), lines
        # Names as typed in the news (the strip wraps a long sentence at a space, never inside a name).
        from boardgames_tui.tui.widgets.news import NewsStrip

        assert f"{WIDE} told {HOSTILE}: slot 5 is a 3." in screen.query_one(NewsStrip).shown
        await pilot.press("1")
        prompt = str(screen.query_one("#prompt").render())
        assert HOSTILE in prompt
        await pilot.press("r")
        prompt = str(screen.query_one("#prompt").render())
        assert prompt.startswith(f"Tell {HOSTILE} about red")
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running  # nothing in a name is an action


async def test_wide_names_at_80x24_with_six_cards_each(make_app) -> None:
    options = HanabiOptions(hand_size="unofficial")
    state = build(
        [["R1", "Y1", "G1", "B1", "W1", "R2"], ["Y2", "G2", "B2", "W2", "R3", "Y3"]], options=options, fill_deck=True
    )
    state = with_names(state, WIDE, WIDE[::-1])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await show_state(app, pilot, state)
        lines = screen_lines(app)
        row = next(line for line in lines if WIDE[::-1] in line)
        assert "Y2" in row and "Y3" in row, lines  # the name and all six cards on one row
        assert any(WIDE in line for line in lines), lines  # the viewer's own name, whole
        assert status_text(app.screen) == ""


# Plurals ------------------------------------------------------------------------------------------


def test_counts_are_worded_for_one_and_for_many() -> None:
    state = three_players(final_turns_left=1)
    view = RULES.view(state, 0)
    assert "Final round: 1 turn left" in render.status_line(view).plain
    view = RULES.view(three_players(final_turns_left=2), 0)
    assert "Final round: 2 turns left" in render.status_line(view).plain
    known = view.hands[0].slots[0].model_copy(update={"possible": ("R1",)})
    hand = view.hands[0].model_copy(update={"slots": (known, *view.hands[0].slots[1:])})
    own = render.own_hand(view, hand, None)
    text = "".join(segment.text for segment in Console(width=100).render(own))
    assert "1 id " in text and "25 ids" in text


async def test_page_keys_scroll_the_table_or_say_why_not(make_app) -> None:
    options = HanabiOptions(sixth_suit="tricky", black_powder=True)
    hands = [["R1", "Y1", "G1", "B1"], ["R2", "Y2", "G2", "B2"], ["R3", "Y3", "G3", "B3"], ["W1", "W2", "W3", "W4"]]
    log = tuple(event("number_clue", seat=0, target=1, rank=1, slots=[n], free=False) for n in range(5))
    state = build([*hands, ["M1", "M2", "M3", "K5"]], options=options, fill_deck=True, log=log)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await show_state(app, pilot, state)
        await pilot.press("pageup")
        assert status_text(app.screen) == "✗ The table is already scrolled to the top."
        before = screen_lines(app)
        await pilot.press("pagedown")
        await pilot.pause(0.5)  # the scroll is animated
        assert screen_lines(app) != before and status_text(app.screen) == ""
        for _page in range(10):  # down to the bottom, then the key says so
            await pilot.press("pagedown")
            await pilot.pause(0.5)
            if status_text(app.screen):
                break
        assert status_text(app.screen) == "✗ The table is already scrolled to the bottom."
