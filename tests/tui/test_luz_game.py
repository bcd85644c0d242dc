"""Luz by key presses: bids and plays through every handoff, the completed trick shown on the handoff."""

from __future__ import annotations

import json
import random

import pytest
from textual.geometry import Region

from boardgames_tui.engine.luz.models import LuzOptions
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.luz.screen import LuzTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.screens.results import ResultsScreen

from .helpers import screen_text, start_game, take_device


async def play_one_decision(pilot, screen: LuzTurnScreen, rng: random.Random) -> None:
    if screen.bidding:
        await pilot.press(str(rng.randint(0, 3)))
        if rng.random() < 0.3:
            await pilot.press("b")
    else:
        for _ in range(rng.randint(0, 2)):
            await pilot.press("right")
        await pilot.press("enter")  # "Play your card …?": Enter again plays it
    await pilot.press("enter")


async def test_a_full_round_by_keys(save_dir) -> None:
    rng = random.Random(5)
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], LuzOptions(), "luz-round", game_id="luz")
        saw_trick_summary = False
        decisions = 0
        while session.view(None).round == 1:
            assert decisions < 3 + 30, "round 1 did not end"
            if isinstance(app.screen, PassDeviceScreen):
                if " won trick " in screen_text(app):
                    saw_trick_summary = True
                await take_device(app, pilot)
                continue
            screen = app.screen
            assert isinstance(screen, LuzTurnScreen)
            await play_one_decision(pilot, screen, rng)
            await pilot.pause()
            decisions += 1
        assert decisions == 3 + 30
        assert saw_trick_summary
        public = session.view(None)
        assert len(public.results) == 1 and sum(r.tricks for r in public.results[0]) == 10
        saved = json.loads(session.save_path.read_text())
        assert len(saved["actions"]) == decisions
        # The score sheet is one key away and shows the round's points.
        await take_device(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = screen_text(app)
        first = public.results[0][0]
        assert f"{first.points:+d}" in text
        await pilot.press("escape")
        assert isinstance(app.screen, LuzTurnScreen)


async def test_cards_that_may_not_be_played_are_not_selectable(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], LuzOptions(), "luz-follow", game_id="luz")
        # Bid through, then play until someone has to follow a colour while holding others.
        for _ in range(60):
            if isinstance(app.screen, PassDeviceScreen):
                await take_device(app, pilot)
                continue
            screen = app.screen
            assert isinstance(screen, LuzTurnScreen)
            hand = screen.view.hands[screen.seat]
            if not screen.bidding and len(screen.playable) < len(hand.colours):
                blocked = next(p for p in range(len(hand.colours)) if p not in screen.playable)
                assert screen.check_action("pick", (blocked,)) is None  # greyed: refused with its reason
                before = screen.selected
                await pilot.press(str((blocked + 1) % 10))
                assert screen.selected == before
                assert "You must follow" in status_text(screen)
                assert all(hand.colours[p] == screen.view.led_colour for p in screen.playable)
                return
            await pilot.press("enter")
            await pilot.pause()
        pytest.fail("no follow-colour situation came up")


async def test_whole_five_player_game_ends_on_the_results_screen(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, [f"P{n}" for n in range(1, 6)], LuzOptions(), "luz-5p", game_id="luz")
        # Play rounds 1-3 through the engine-facing session to keep the test short, then round 4 by keys.
        while session.view(None).round < 4:
            seat = session.acting_seat()
            assert seat is not None
            session.apply(seat, session.view(seat).legal_actions[0])
        app.show_next(session.next_step())
        await pilot.pause()
        for _ in range(5 * 11 * 3 + 5):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, PassDeviceScreen):
                await take_device(app, pilot)
                continue
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        outcome = session.outcome()
        assert outcome is not None and session.narrator.say(outcome.headline) in screen_text(app)
        assert session.replay_matches()


# Issue 11 ----------------------------------------------------------------------------------------------

from boardgames_tui.engine.luz.models import Bid, PlayCard  # noqa: E402

from .helpers import resume_state, wait_for_handoff  # noqa: E402
from .keys import status_text  # noqa: E402

HOSTILE = ("[b]Al[/i]", "[dad]", "漢字漢字漢字漢字漢字漢字漢字漢字")  # markup-like, and 16 wide characters


def round_two(names=("Ana", "Ben", "Chloé"), seed: str = "7", bids: int = 3):
    """Deal 7, round 2 of a 3-player game, `bids` players have bid 1 (Ana bids first and leads).

    Round 2's hands depend only on the deal number: Ana R2 ..., Ben R5 Y3 Y2 G4 B8 P7 ..., Chloé R8 R6 R4 ...
    """
    state = RULES.setup(list(names), LuzOptions(), seed)
    while state.round == 1:
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    for _ in range(bids):
        state = RULES.apply(state, state.current, Bid(tricks=1))
    assert state.current == 0
    return state


def prompt(app) -> str:
    return str(app.screen.query_one("#prompt").render())


async def play_card_by_keys(app, pilot, key: str) -> None:
    """On a Luz turn screen: choose the card, Enter, and Enter again to confirm."""
    assert isinstance(app.screen, LuzTurnScreen)
    await pilot.press(key, "enter", "enter")
    await pilot.pause()


async def test_a_trick_won_by_its_last_player_pauses_for_the_table(save_dir) -> None:
    """Issue 11: Ana leads her card 1, Ben plays R5, Chloé plays card 1 (R8) and wins: the table is shown
    the trick before Chloé leads the next one."""
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, round_two())
        await play_card_by_keys(app, pilot, "1")
        await take_device(app, pilot)
        await play_card_by_keys(app, pilot, "1")
        await take_device(app, pilot)
        await play_card_by_keys(app, pilot, "1")
        handoff = await wait_for_handoff(app, pilot, "the handoff after the trick")
        assert handoff.player == "Chloé"
        assert session.view(None).status[2].tricks == 1
        # The public log tells the whole trick, with a subject: what the handoff feed is made of.
        last = session.narrator.event(session.rules.log(session._state)[-1])
        assert last == "Chloé played R8 and won trick 1 (red led): Ana R2 · Ben R5 · Chloé R8"


async def test_the_trick_its_last_player_won_is_on_the_handoff(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, round_two())
        for _ in range(2):
            await play_card_by_keys(app, pilot, "1")
            await take_device(app, pilot)
        await play_card_by_keys(app, pilot, "1")
        handoff = await wait_for_handoff(app, pilot, "the handoff after the trick")
        line = "Chloé played R8 and won trick 1 (red led): Ana R2 · Ben R5 · Chloé R8"
        assert handoff.feed[-1] == line
        assert "Chloé played R8 and won trick 1" in screen_text(app)


async def test_each_card_played_is_on_the_next_handoff(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, round_two())
        await play_card_by_keys(app, pilot, "1")
        await wait_for_handoff(app, pilot)
        assert "Ana led R2 in trick 1" in screen_text(app)
        await take_device(app, pilot)
        await play_card_by_keys(app, pilot, "1")
        await wait_for_handoff(app, pilot)
        assert "Ben played R5 in trick 1" in screen_text(app)


async def test_playing_a_card_asks_for_confirmation_naming_its_position(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, round_two())
        screen = app.screen  # Ana: R2 Y5 Y6 Y7 G5 G7 B5 B7 P4 P8
        await pilot.press("5")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and session.view(None).trick == ()
        assert "Play your card 5 (green)? Enter again to confirm, Esc to choose again" in prompt(app)
        # Esc goes back to choosing (not to the menu); nothing was played.
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "Enter again" not in prompt(app)
        assert "Card 5 (green) chosen" in prompt(app)
        # Choosing another card drops the question too.
        await pilot.press("enter", "6")
        await pilot.pause()
        assert "Enter again" not in prompt(app) and "Card 6 (green) chosen" in prompt(app)
        await pilot.press("enter", "enter")
        await wait_for_handoff(app, pilot)
        assert [(p.seat, p.card.label) for p in session.view(None).trick] == [(0, "G7")]
        assert len(session._actions) == 1


async def test_a_greyed_card_says_why_and_enter_never_plays_another(save_dir) -> None:
    """Issue 11: `3` (greyed) then Enter played card 1. Now `3` says why, and Enter only asks about card 1."""
    state = round_two()
    state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])  # Ana leads R2: Ben must follow red
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, LuzTurnScreen) and screen.playable == [0]
        await pilot.press("3")
        await pilot.pause()
        assert status_text(screen) == "✗ You must follow red: card 3 is yellow"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and len(session._actions) == 0
        assert "Play your card 1 (red)?" in prompt(app)
        # A refused key while the question is open drops the question: Enter asks again, plays nothing.
        await pilot.press("5")
        await pilot.pause()
        assert "You must follow red: card 5 is blue" in status_text(screen)
        assert "Enter again" not in prompt(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and len(session._actions) == 0 and "Play your card 1 (red)?" in prompt(app)


async def test_keys_past_the_end_of_the_hand_say_how_many_cards_there_are(save_dir) -> None:
    state = round_two()
    for _ in range(6):  # two tricks: 8 cards left each
        seat = state.current
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, LuzTurnScreen) and len(screen.view.hands[screen.seat].colours) == 8
        keybar = screen_text(app).rstrip().splitlines()[-1]
        assert "1-8 Card" in keybar
        await pilot.press("9")
        await pilot.pause()
        assert status_text(screen) == "✗ You hold 8 cards: keys 1-8 choose one"
        await pilot.press("b")
        await pilot.pause()
        assert "safety bead" in status_text(screen)


async def test_the_key_bar_offers_the_cards_that_may_be_played(save_dir) -> None:
    state = round_two()
    state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])  # Ben must follow red: only his card 1
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        keybar = screen_text(app).rstrip().splitlines()[-1]
        assert "1 Card" in keybar and "1-0" not in keybar


async def test_bids_out_of_range_and_the_bead_answer(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, round_two(bids=0))
        screen = app.screen
        assert isinstance(screen, LuzTurnScreen) and screen.bidding
        await pilot.press("left")
        await pilot.pause()
        assert status_text(screen) == "✗ Bids go from 0 to 10: 0 is the lowest"
        await pilot.press("9", "right", "right")
        await pilot.pause()
        assert status_text(screen) == "✗ Bids go from 0 to 10: 10 is the highest"
        assert "Bid 10 tricks" in prompt(app)
        await pilot.press("left", "left", "left", "left", "left", "left", "left", "left", "left")
        await pilot.pause()
        assert "Bid 1 trick," in prompt(app)


async def test_hostile_names_show_exactly_as_typed(save_dir) -> None:
    state = round_two(HOSTILE)
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        text = screen_text(app)
        for name in HOSTILE:
            assert name in text
        assert f"Your turn, {HOSTILE[0]}" in text
        # The score sheet, every name whole on one line with its total.
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = screen_text(app)
        for name in HOSTILE:
            assert text.count(name) == 1
        await pilot.press("escape")
        # The handoff lines of a trick.
        await play_card_by_keys(app, pilot, "1")
        await wait_for_handoff(app, pilot)
        text = screen_text(app)
        assert f"{HOSTILE[0]} led R2 in trick 1" in text
        assert f"Pass the device to {HOSTILE[1]}" in text


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_score_sheet_fits_with_long_names(save_dir, size) -> None:
    names = ("漢字漢字漢字漢字漢字漢字漢字漢字", "[b]Al[/i]", "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰ", "[@click=app.quit]", "\\[b]x\\")
    state = RULES.setup(list(names), LuzOptions(), "sheet")
    while state.round < 4:  # three rounds on the sheet, the fourth being bid
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[-1])
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=size) as pilot:
        await resume_state(app, pilot, state)
        text = screen_text(app)
        for name in names:  # the turn screen too: every name whole
            assert name in text
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        lines = screen_text(app).splitlines()
        public = RULES.view(state, None)
        for seat, name in enumerate(names):
            row = [line for line in lines if name in line]
            assert len(row) == 1, (name, lines)
            total = public.status[seat].total
            assert f" {total}" in row[0]
            assert f"{public.results[0][seat].points:+d}" in "\n".join(lines)


async def test_the_trick_line_wraps_between_entries_only(save_dir) -> None:
    """At 80x24 with names of 16 wide characters, no play and not the led colour is cut in two."""
    names = ("漢字漢字漢字漢字漢字漢字漢字漢字", "[@click=app.quit", "Chloé")
    state = round_two(names)
    state = RULES.apply(state, 0, PlayCard(position=1))  # Y5: yellow is led
    state = RULES.apply(state, 1, RULES.legal_actions(state, 1)[0])  # Y3, following
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        widget = app.screen.query_one("#luz-trick")
        lines = ["".join(s.text for s in strip) for strip in widget.render_lines(Region(0, 0, *widget.size))]
        assert len(lines) == 2, lines
        for entry in (f"Trick: {names[0]}  Y5", f"{names[1]}  Y3", "led: yellow (sun)"):
            assert any(entry in line for line in lines), (entry, lines)
        assert lines[1].startswith(" " * len("Trick: ") + "led:")  # under the plays, not split
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:  # room enough: one line
        await resume_state(app, pilot, state)
        widget = app.screen.query_one("#luz-trick")
        lines = ["".join(s.text for s in strip) for strip in widget.render_lines(Region(0, 0, *widget.size))]
        assert len(lines) == 1 and f"{names[1]}  Y3  led: yellow (sun)" in lines[0], lines
