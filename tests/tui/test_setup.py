"""The new-game setup screen generated from the game's Options model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static, Switch

from boardgames_tui.engine.registry import GAMES
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.setup import SetupScreen

from .helpers import open_setup, reveal, screen_text, start_from_setup, wait_until

SIZE = (100, 30)


def assert_on_screen(app: BoardGamesApp, message: str) -> None:
    """The player must be able to read `message` without scrolling: it is in the terminal's picture."""
    text = screen_text(app)
    assert message in text, f"{message!r} is not visible on the {app.size.width}x{app.size.height} screen"


async def type_into(pilot: Pilot[Any], widget: Input, text: str) -> None:
    """Focus an input, clear it with the keyboard, and type `text`."""
    widget.focus()
    await pilot.pause()
    await pilot.press("home", "ctrl+k")  # to the start, delete everything to the right
    assert widget.value == ""
    if text:
        await pilot.press(*text)


async def choose(pilot: Pilot[Any], select: Select[Any], steps_down: int) -> None:
    """Open a Select with Enter, move down `steps_down` entries (up, if negative), and pick with Enter."""
    select.focus()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.press(*["down" if steps_down > 0 else "up"] * abs(steps_down), "enter")
    await pilot.pause()


async def choose_players(pilot: Pilot[Any], setup: SetupScreen, count: int) -> None:
    """Set the number of players with the keys, from wherever the form starts (the last game's count)."""
    select = setup.query_one("#player-count", Select)
    assert isinstance(select.value, int)
    await choose(pilot, select, count - select.value)
    assert select.value == count


async def start_and_reveal(app: BoardGamesApp, pilot: Pilot[Any]) -> HanabiTurnScreen:
    await start_from_setup(app, pilot)
    return await reveal(app, pilot)


def visible_name_rows(setup: SetupScreen) -> list[str]:
    return [row.id or "" for row in setup.query(".row") if (row.id or "").startswith("name-row-") and row.display]


async def test_duplicate_names_are_refused_case_insensitively(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        assert setup.query_one("#name-0", Input).value == "Ana"
        await type_into(pilot, setup.query_one("#name-1", Input), "aNA")
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        error = setup.query_one("#setup-error", Static)
        assert "Two players are called aNA" in str(error.content)
        assert app.screen is setup
        assert app.session is None
        assert not list(save_dir.glob("*.json"))

        # Fixing the name starts the game.
        await type_into(pilot, setup.query_one("#name-1", Input), "Bea")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the game to start")
        assert app.session is not None and app.session.players == ("Ana", "Bea")
        assert len(list(save_dir.glob("*.json"))) == 1


async def test_empty_names_are_refused(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        await type_into(pilot, setup.query_one("#name-0", Input), "   ")  # blank after stripping
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert "Player 1 needs a name." in str(setup.query_one("#setup-error", Static).content)
        assert app.screen is setup
        assert app.session is None
        assert not list(save_dir.glob("*.json"))
        # The Start button refuses too.
        setup.query_one("#start").focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.screen is setup and app.session is None
        assert not list(save_dir.glob("*.json"))


@pytest.mark.parametrize(
    ("seat", "name", "message"),
    [(1, "ana", "Two players are called ana"), (0, "", "Player 1 needs a name.")],
    ids=["duplicate", "empty"],
)
async def test_the_refusal_is_visible_without_scrolling(make_app, seat: int, name: str, message: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        await type_into(pilot, setup.query_one(f"#name-{seat}", Input), name)
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert message in str(setup.query_one("#setup-error", Static).content)
        assert_on_screen(app, message)


async def test_player_count_shows_that_many_name_rows(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        count = setup.query_one("#player-count", Select)
        assert count.value == 2
        assert visible_name_rows(setup) == ["name-row-0", "name-row-1"]

        await choose(pilot, count, 2)  # 2 -> 4
        assert count.value == 4
        assert visible_name_rows(setup) == [f"name-row-{i}" for i in range(4)]
        assert setup.player_names() == ["Ana", "Ben", "Chloé", "Dev"]

        await choose(pilot, count, 1)  # 4 -> 5
        assert visible_name_rows(setup) == [f"name-row-{i}" for i in range(5)]

        count.focus()
        await pilot.press("enter", "up", "up", "up", "enter")  # 5 -> 2: rows hide again
        await pilot.pause()
        assert count.value == 2
        assert visible_name_rows(setup) == ["name-row-0", "name-row-1"]
        assert setup.player_names() == ["Ana", "Ben"]

        # The game starts with exactly the visible players.
        await choose(pilot, count, 1)  # 2 -> 3
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the game to start")
        assert app.session is not None
        assert app.session.players == ("Ana", "Ben", "Chloé")


async def test_options_chosen_in_the_widgets_reach_the_session(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        powder = setup.query_one("#opt-black_powder", Switch)
        assert powder.value is False
        powder.focus()
        await pilot.pause()
        await pilot.press("space")
        assert powder.value is True

        sixth = setup.query_one("#opt-sixth_suit", Select)
        assert sixth.value == "none"
        await choose(pilot, sixth, 1)  # none -> tricky
        assert sixth.value == "tricky"

        hand = setup.query_one("#opt-hand_size", Select)
        await choose(pilot, hand, 1)  # standard -> unofficial
        assert hand.value == "unofficial"

        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the game to start")
        session = app.session
        assert session is not None
        options = session.options
        assert options.black_powder is True  # type: ignore[attr-defined]
        assert options.sixth_suit == "tricky"  # type: ignore[attr-defined]
        assert options.hand_size == "unofficial"  # type: ignore[attr-defined]
        assert options.five_flamboyants is False  # type: ignore[attr-defined]
        assert options.allow_empty_clues is False  # type: ignore[attr-defined]
        # ...and the game really uses them: six suits plus black, six cards each for two players.
        view = session.view(0)
        assert view.suits == ("R", "Y", "G", "B", "W", "M", "K")
        assert all(len(hand.slots) == 6 for hand in view.hands)


async def deal_with_number(app: BoardGamesApp, pilot: Pilot[Any], deal: str) -> HanabiTurnScreen:
    setup = await open_setup(app, pilot)
    await choose_players(pilot, setup, 3)
    await type_into(pilot, setup.query_one("#name-2", Input), "Cyd")
    powder = setup.query_one("#opt-black_powder", Switch)
    powder.focus()
    await pilot.press("space")
    await type_into(pilot, setup.query_one("#seed", Input), deal)
    return await start_and_reveal(app, pilot)


async def test_a_typed_deal_number_is_the_seed(make_app, save_dir: Path) -> None:
    views = {}
    for run, deal in enumerate(("4242", "4242", "4243")):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            turn = await deal_with_number(app, pilot, deal)
            assert app.session is not None
            assert app.session.deal_number == deal
            assert app.session.players == ("Ana", "Ben", "Cyd")
            assert turn.seat == 0
            # The deal number rebuilds the deck: never on a private screen, nor in a View.
            assert not hasattr(turn.view, "deal_number")
            assert deal not in screen_text(app)
            views[run] = turn.view
    first, again, other = views[0], views[1], views[2]
    opponents = lambda view: [[slot.card for slot in hand.slots] for hand in view.hands[1:]]  # noqa: E731
    assert all(card is not None for hand in opponents(first) for card in hand)
    assert opponents(first) == opponents(again)
    assert first == again
    assert opponents(first) != opponents(other)
    assert len(list(save_dir.glob("*.json"))) == 3


def test_names_typed_two_ways_are_one_name() -> None:
    from boardgames_tui.tui.screens.setup import check_names

    assert check_names(["Chloé", "Chloe\u0301"]) is not None
    assert check_names(["Chloé", "Chloe"]) is None


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_every_game_in_the_picker_starts_from_its_generated_setup(make_app, game_id: str) -> None:
    from boardgames_tui.tui.screens.picker import GamePickerScreen

    from .helpers import reveal_any, start_from_setup

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, GamePickerScreen)
        for _ in range(list(GAMES).index(game_id)):
            await pilot.press("down")
        await pilot.press("enter")
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.spec.id == game_id
        # Each computer level says what it does, with the game's own words for it.
        lines = [str(line) for line in setup.query_one("#levels-help", Static).content.renderables]  # type: ignore[union-attr]
        labels = {"easy": "Easy computer", "hard": "Hard computer", "strongest": "Strongest computer"}
        assert lines == [f"{labels[level]}: {setup.narrator.level_help(level)}" for level in setup.spec.table_levels]
        await start_from_setup(app, pilot)
        session = app.session
        assert session is not None and session.spec.id == game_id
        assert len(session.players) == setup.rules.min_players
        assert session.options == setup.rules.Options()  # the generated widgets start at the defaults
        await reveal_any(app, pilot)
        assert getattr(app.screen, "PRIVATE", False) and app.screen.game_id == game_id


async def test_options_a_rule_set_settles_are_hidden_and_switches_say_on_or_off(make_app) -> None:
    from textual.widgets import Label, Select, Switch

    from boardgames_tui.tui.screens.picker import GamePickerScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, GamePickerScreen)
        await pilot.press("down", "down", "enter")  # Rummikub
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.spec.id == "rummikub"
        direction = setup.query_one("#opt-row-direction")
        assert direction.display
        setup.query_one("#opt-rule_set", Select).value = "american"
        await pilot.pause()
        assert not direction.display and not setup.query_one("#opt-row-initial_meld").display
        assert setup.query_one("#opt-row-turn_timer").display  # still meaningful for every rule set
        setup.query_one("#opt-rule_set", Select).value = "standard"
        await pilot.pause()
        assert direction.display
        state = setup.query_one("#opt-two_jokers_in_a_set-state", Label)
        assert str(state.content) == "on"
        setup.query_one("#opt-two_jokers_in_a_set", Switch).value = False
        await pilot.pause()
        assert str(state.content) == "off"


# Errors that go away, limits that are said, names that are remembered ----------------------------


def setup_error(setup: SetupScreen) -> str:
    return str(setup.query_one("#setup-error", Static).content)


async def test_an_error_disappears_once_fixed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        await type_into(pilot, setup.query_one("#name-1", Input), "ana")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called ana" in setup_error(setup)
        await type_into(pilot, setup.query_one("#name-0", Input), "")  # still wrong, for another reason
        await pilot.pause()
        assert setup_error(setup) == "✗ Player 1 needs a name."
        await pilot.press(*"Bea")  # fixed: the line empties without pressing Ctrl+S again
        await pilot.pause()
        assert setup_error(setup) == ""
        assert "Two players" not in screen_text(app) and "needs a name" not in screen_text(app)


async def test_the_name_length_limit_is_said_while_typing(make_app) -> None:
    from boardgames_tui.tui.screens.setup import MAX_NAME_LENGTH

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot)
        name = setup.query_one("#name-0", Input)
        hint = setup.query_one("#name-hint-0", Static)
        await type_into(pilot, name, "A" * (MAX_NAME_LENGTH - 1))
        await pilot.pause()
        assert not hint.display
        await pilot.press("B")  # the limit is reached: it is said at once, next to the field
        await pilot.pause()
        assert name.value == "A" * (MAX_NAME_LENGTH - 1) + "B"
        assert hint.display and f"{MAX_NAME_LENGTH} characters at most" in str(hint.content)
        assert f"{MAX_NAME_LENGTH} characters at most" in screen_text(app)
        await pilot.press("C")  # refused, and the hint still says why
        await pilot.pause()
        assert name.value.endswith("B") and hint.display
        await pilot.press("backspace")
        await pilot.pause()
        assert not hint.display
        # Sixteen wide characters are sixteen characters: accepted whole.
        await type_into(pilot, name, "字" * MAX_NAME_LENGTH)
        await pilot.pause()
        assert name.value == "字" * MAX_NAME_LENGTH and hint.display


def test_names_must_be_visible_text() -> None:
    from boardgames_tui.tui.screens.setup import check_names

    assert check_names(["Ana", "  "]) == "Player 2 needs a name."
    assert "control" in (check_names(["A\tb", "Ben"]) or "")
    assert "control" in (check_names(["Ana", "x\x1b[31m"]) or "")
    assert "control" in (check_names(["\u202eAna", "Ben"]) or "")  # a right-to-left override turns text round
    assert "special space" in (check_names(["Ana\u00a0Lee", "Ben"]) or "")  # a save file would refuse it
    assert "special space" in (check_names(["Ana\u3000Lee", "Ben"]) or "")
    assert check_names(["Ana Lee", "Ben"]) is None
    assert check_names(["אנה", "بن", "字字", "e\u0301", "😀", "[b]Al[/i]"]) is None  # scripts and marks are text


async def test_a_control_character_in_a_name_is_refused_with_a_reason(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        name = setup.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        name.insert_text_at_cursor("\x07")  # pasted text may hold anything
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Player 1's name has a control character" in setup_error(setup)
        assert app.session is None and not list(save_dir.glob("*.json"))


async def test_a_refusal_shows_hostile_names_as_typed(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        await type_into(pilot, setup.query_one("#name-0", Input), "[b]Al[/i]")
        await type_into(pilot, setup.query_one("#name-1", Input), "[B]al[/I]")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called [B]al[/I]; names must differ." in setup_error(setup)
        assert "Two players are called [B]al[/I]" in screen_text(app)


async def test_the_deal_number_is_digits_and_says_so(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        seed = setup.query_one("#seed", Input)
        help_line = setup.query_one("#seed-help", Static)
        await type_into(pilot, seed, "12ab")
        await pilot.pause()
        assert "A deal number has digits only" in str(help_line.content)  # said while typing
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "A deal number has digits only" in setup_error(setup)
        assert app.session is None and not list(save_dir.glob("*.json"))
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert setup_error(setup) == "" and "digits only" not in str(help_line.content)
        await type_into(pilot, seed, " 4242 ")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the game to start")
        assert app.session is not None and app.session.deal_number == "4242"


async def test_names_are_remembered_from_the_last_game(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        await choose(pilot, setup.query_one("#player-count", Select), 1)  # three players
        for seat, name in enumerate(["Zoë", "[dad]", "Ana"]):
            await type_into(pilot, setup.query_one(f"#name-{seat}", Input), name)
        await start_from_setup(app, pilot)

    again = make_app()  # a new start of the program
    async with again.run_test(size=SIZE) as pilot:
        setup = await open_setup(again, pilot)
        assert setup.player_names() == ["Zoë", "[dad]", "Ana"]  # as many players as last time
        await choose_players(pilot, setup, 5)
        names = setup.player_names()
        assert names[:3] == ["Zoë", "[dad]", "Ana"]
        assert len({name.casefold() for name in names}) == 5  # the defaults that fill up never repeat one
        assert "[dad]" in screen_text(again)


async def test_a_broken_names_file_is_ignored(make_app, save_dir: Path) -> None:
    from boardgames_tui.tui.recent_names import recent_names_path

    path = recent_names_path(save_dir)
    for content in (b"{not json", b'{"players": "Ana"}', b"\xff\xfe", b'{"players": [1, "", "x\\u0007", "Zed"]}'):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(app, pilot)
            expected = ["Zed", "Ana"] if b"Zed" in content else ["Ana", "Ben"]
            assert setup.player_names() == expected, content


async def test_the_sixth_suit_list_is_not_cut_at_80x24(make_app) -> None:
    from textual.containers import VerticalScroll

    from boardgames_tui.tui.widgets.keybar import KeyBar

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot)
        sixth = setup.query_one("#opt-sixth_suit", Select)
        form = setup.query_one(VerticalScroll)
        # The field at the very bottom of the form, just above the error line and the key bar.
        while sixth.region.bottom < form.region.bottom and form.scroll_y < form.max_scroll_y:
            form.scroll_to(y=form.scroll_y + 1, animate=False)
            await pilot.pause()
        while sixth.region.bottom > form.region.bottom:
            form.scroll_to(y=form.scroll_y + 1, animate=False)
            await pilot.pause()
        assert sixth.region.bottom == form.region.bottom
        await pilot.click(sixth)
        await pilot.pause(0.1)
        overlay = sixth.query_one("SelectOverlay")
        assert sixth.expanded
        # The whole list shows below the field, inside the form: not under the key bar or the error line.
        assert overlay.region.y >= sixth.region.bottom
        assert overlay.region.bottom <= form.region.bottom
        assert not overlay.region.overlaps(setup.query_one(KeyBar).region)
        assert overlay.max_scroll_y == 0
        text = screen_text(app)
        for choice in ("none", "tricky", "difficult", "avalanche"):
            assert choice in text
        await pilot.press("down", "enter")
        await pilot.pause()
        assert sixth.value == "tricky"


def test_what_counts_as_a_deal_number() -> None:
    from boardgames_tui.tui.screens.setup import MAX_DEAL_DIGITS, check_deal, deal_number

    assert check_deal("") is None and check_deal("   ") is None  # blank: a new random deal
    assert check_deal(" 007 ") is None and deal_number(" 007 ") == "007"
    assert check_deal("１２３") is None and deal_number("１２３") == "123"  # typed with a CJK input method
    for wrong in ("12.5", "-3", "abc", "4 2", "٣", "²"):
        assert "digits only" in (check_deal(wrong) or ""), wrong
    assert check_deal("9" * MAX_DEAL_DIGITS) is None
    assert f"at most {MAX_DEAL_DIGITS} digits" in (check_deal("9" * (MAX_DEAL_DIGITS + 1)) or "")


async def test_a_hostile_names_file_never_hangs_or_crashes_the_setup(make_app, save_dir: Path) -> None:
    import os

    from boardgames_tui.tui.recent_names import recent_names_path

    path = recent_names_path(save_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    makers = [
        lambda: path.write_text("[" * 100_000),  # deeper than any parser's stack
        lambda: os.mkfifo(path),  # reading it would wait for ever
        lambda: path.symlink_to("/dev/zero"),  # reading it would never end
    ]
    for make in makers:
        if path.exists() or path.is_symlink():
            path.unlink()
        make()
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            setup = await open_setup(app, pilot)
            assert setup.player_names() == ["Ana", "Ben"]


async def test_the_setup_starts_with_the_last_games_seat_kinds(make_app, save_dir: Path) -> None:
    from boardgames_tui.tui.recent_names import load_recent_seat_kinds, recent_names_path
    from boardgames_tui.tui.screens.picker import GamePickerScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, GamePickerScreen)
        await pilot.press("enter")  # Hanabi
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#kind-1", Select).value == "human"  # nothing remembered yet
        setup.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.session is not None, "the game")
        assert load_recent_seat_kinds(recent_names_path(save_dir)) == [None, "hard"]
    app = make_app()  # the next time the program runs
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n", "enter")
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert [setup.query_one(f"#kind-{seat}", Select).value for seat in range(3)] == ["human", "hard", "human"]


def test_a_damaged_seat_kinds_list_is_ignored(tmp_path: Path) -> None:
    from boardgames_tui.tui.recent_names import load_recent_seat_kinds

    path = tmp_path / "recent_players.json"
    path.write_text('{"players": ["Ana"], "seat_kinds": [null, "hard", 7, "../x", "grandmaster"]}', encoding="utf-8")
    assert load_recent_seat_kinds(path) == [None, "hard", None, None, "grandmaster"]  # a level it lacks: the setup offers a person
    path.write_text('{"seat_kinds": "hard"}', encoding="utf-8")
    assert load_recent_seat_kinds(path) == []


def test_each_games_table_is_remembered_apart(tmp_path: Path) -> None:
    from boardgames_tui.tui.recent_names import load_recent_player_count, load_recent_seat_kinds, remember_names

    path = tmp_path / "recent_players.json"
    remember_names(path, ["Ana", "Ben", "Cyd"], [None, "hard", "hard"], "luz")
    remember_names(path, ["Ana", "Ben"], [None, "easy"], "hanabi")
    assert (load_recent_player_count(path, "luz"), load_recent_seat_kinds(path, "luz")) == (3, [None, "hard", "hard"])
    assert (load_recent_player_count(path, "hanabi"), load_recent_seat_kinds(path, "hanabi")) == (2, [None, "easy"])
    # A game not played yet: the last game's seats, and no count (the setup starts at the game's fewest).
    assert (load_recent_player_count(path, "rummikub"), load_recent_seat_kinds(path, "rummikub")) == (None, [None, "easy"])
    path.write_text('{"tables": {"luz": {"count": 99, "seat_kinds": "hard"}, "../x": {"count": 3}, "hanabi": [2]}}', encoding="utf-8")
    assert (load_recent_player_count(path, "luz"), load_recent_seat_kinds(path, "luz")) == (None, [])
    assert load_recent_player_count(path, "hanabi") is None and load_recent_player_count(path, "../x") is None
