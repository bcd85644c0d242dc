"""Five flamboyants on screen: a bonus tile's decision belongs to the player who completed the pile."""

from __future__ import annotations

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen

from ..engine.hanabi.helpers import build
from .helpers import resume_state

OPTIONS = HanabiOptions(five_flamboyants=True)


async def test_free_colour_clue_must_be_given_then_the_turn_passes(make_app) -> None:
    state = build(
        [["R5", "Y1", "Y1", "B2", "W3"], ["G2", "G3", "B1", "W1", "W2"]],
        options=OPTIONS,
        piles={"R": 4},
        fill_deck=True,
        bonus_tiles=("free_colour_clue", "clue", "clue_and_misfire", "free_number_clue", "reshuffle_discard", "replay_discard"),
        clue_tokens=5,
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await pilot.press("1", "p", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen) and screen.seat == 0  # same player, no handoff
        assert screen.mode == "clue_value"  # two players: straight to naming a colour
        await pilot.press("escape")  # a free clue cannot be refused
        assert screen.mode == "clue_value"
        await pilot.press("3")  # numbers are not offered for a free colour clue
        assert screen.mode == "clue_value"
        await pilot.press("g")
        assert screen.mode == "clue_confirm"
        assert screen.touched_slots(1, screen.pending_clue) == {0, 1}
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        view = session.view(1)
        assert view.clue_tokens == 5  # the free clue cost nothing (and the tile replaced the token)
        assert [slot.knowledge.suits for slot in view.hands[1].slots[:2]] == [("G",), ("G",)]


async def test_replay_from_the_discard_pile_is_chosen_from_a_list(make_app) -> None:
    state = build(
        [["R5", "Y2", "Y3", "B2", "W3"], ["G2", "G3", "B1", "W1", "W2"]],
        options=OPTIONS,
        piles={"R": 4},
        discard=["Y1", "Y1", "G4"],
        fill_deck=True,
        bonus_tiles=("replay_discard", "clue", "clue_and_misfire", "free_number_clue", "reshuffle_discard", "free_colour_clue"),
        clue_tokens=5,
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await pilot.press("1", "p", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen) and screen.mode == "bonus_pick"
        assert len(screen.bonus_choices) == 1  # two Y1s are one choice; G4 is not playable
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        view = session.view(1)
        assert view.piles[view.suits.index("Y")] == 1
