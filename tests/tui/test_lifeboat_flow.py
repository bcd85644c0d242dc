"""Lifeboat at a table of several people: the laptop goes round only to someone with a real decision (an
empty-handed seat with one thing to do is passed over, without a handoff, and the table is told), and each
person's table marks with ✦ what changed since they last looked."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from boardgames_tui.engine.lifeboat.models import Done, Navigate
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.tui.games.lifeboat import render
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NEW_MARK

from ..engine.lifeboat.helpers import act, build, nav
from .helpers import screen_text, take_device, wait_for_handoff, wait_until

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # seats 0-3 = Ana, Ben, Cy, Dee, bow to stern
ANA, BEN, CY, DEE = range(4)


def thirst_window(**hands: list[str]) -> Any:
    """N07 was used: Lady Lauren (Ana), the Captain (Cy) and the First Mate (Dee) are thirsty (Frenchy, named
    overboard, is not aboard); the thirst window opens at Ana."""
    state = build(FOUR, phase="navigate", current=DEE, row_pile=(nav("N07"),), hands={
        seat: hands.get(name, []) for seat, name in enumerate(("ana", "ben", "cy", "dee"))
    })  # fmt: skip
    state = act(state, Navigate())
    assert state.phase == "thirst" and state.current == ANA
    assert [state.thirst[x] for x in range(4)] == [1, 0, 1, 1]
    return state


def session_of(app: Any, state: Any, computers: tuple[str | None, ...] = ()) -> HotseatSession:
    """`state` as a saved game of `app` (a made-up position), with `computers` seated as given."""
    save = SaveFile(
        schema_version=SCHEMA_VERSION, save_id="flow", game_id="lifeboat", players=state.players,
        options=state.options.model_dump(), seed=state.seed, state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00", updated_at="2026-01-01T00:00:00+00:00", computers=computers,
    )  # fmt: skip
    return HotseatSession.resume(SavedGame(app.store.path_for("flow"), save, state), app.store)


async def turn_of(app: Any, pilot: Any, seat: int) -> LifeboatTurnScreen:
    """The handoff in front of the table is `seat`'s: take the device, return its turn screen."""
    handoff = await wait_for_handoff(app, pilot, f"the handoff to seat {seat}")
    assert handoff.seat == seat, (handoff.seat, seat)
    await take_device(app, pilot)
    await wait_until(pilot, lambda: isinstance(app.screen, LifeboatTurnScreen), "a turn screen")
    screen = app.screen
    assert isinstance(screen, LifeboatTurnScreen) and screen.seat == seat
    return screen


async def test_three_people_pass_the_laptop_over_an_empty_hand_with_nothing_to_do(make_app) -> None:
    """Ana, Ben and Cy are people, Dee a computer. Ben holds no card: in the thirst window he could only say
    done, which everyone can see, so the laptop goes from Ana straight to Cy; Ana's cash keeps her asked
    (holding no water is not told by skipping her)."""
    state = thirst_window(ana=["bundle_of_cash"], cy=["water"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, state, computers=(None, None, None, "easy"))
        await app.start_session(session)
        await turn_of(app, pilot, ANA)
        await pilot.press("d")
        screen = await turn_of(app, pilot, CY)  # the first handoff after Ana's is Cy's: none to Ben
        recorded = [(a.seat, RULES.parse_action(a.action)) for a in session._actions]
        assert recorded[-2:] == [(ANA, Done()), (BEN, Done())], "Ben's done is recorded like any move"
        assert session._state.current == CY
        # Cy is told, on the handoff and on the news strip, that Ben passed
        assert "Ben (Sir Stephen) passes" in "".join(screen.news)
        assert "Ben (Sir Stephen) passes" in " ".join(screen_text(app).split())


async def test_a_person_who_plays_their_last_card_in_a_window_is_moved_on_and_told(make_app) -> None:
    """Thirst: Cy gives his only card, a water, to Ana; with an empty hand he can only be done, and so can
    Dee: the game goes on to Ana, who is told all of it."""
    state = thirst_window(ana=["bundle_of_cash"], cy=["water"])
    state = act(act(state, Done()), Done())  # Ana passes, Ben passes
    assert state.current == CY
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, state)
        await app.start_session(session)
        await turn_of(app, pilot, CY)
        assert "water for Ana" in screen_text(app)
        await pilot.press("1")  # a water for Ana
        screen = await turn_of(app, pilot, ANA)
        news = " ".join(screen.news)
        for line in ("Cy (The Captain) gives a water to Ana (Lady Lauren)", "Cy (The Captain) is done",
                     "Dee (First Mate) passes"):  # fmt: skip
            assert line in news, line
        assert session._state.thirst == (0, 0, 1, 1) and session._state.current == ANA


# What changed since the person last looked -----------------------------------------------------------------


def boat_lines(screen: LifeboatTurnScreen) -> list[str]:
    """The boat table of `screen` as it is drawn now, one line a seat (after the heading)."""
    console = Console(width=100, color_system=None, record=True)
    console.print(render.boat_table(screen.view, 98, screen.changes))
    return console.export_text().splitlines()


async def test_the_table_marks_what_changed_since_the_person_last_looked(make_app) -> None:
    state = thirst_window(ana=["bundle_of_cash"], cy=["water"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, state)
        await app.start_session(session)
        screen = await turn_of(app, pilot, ANA)
        # a game just resumed: nothing to compare with, nothing marked
        assert screen.previous_view is None and screen.changes == render.NO_CHANGES
        assert not any(NEW_MARK in line for line in boat_lines(screen))
        await pilot.press("d")  # Ana passes; Ben has nothing to add
        await turn_of(app, pilot, CY)
        await pilot.press("1")  # Cy gives Ana a water, then he and Dee are done
        screen = await turn_of(app, pilot, ANA)
        assert screen.previous_view is not None
        changes = screen.changes
        assert changes.hands == frozenset({CY}) and changes.decks == frozenset({"discard"})
        assert not changes.moved and not changes.hurt and not changes.face_up
        lines = boat_lines(screen)
        cy_row = next(line for line in lines if "The Captain" in line)
        assert f"{NEW_MARK}0" in cy_row, cy_row  # his hand: 1 card then, none now
        assert all(NEW_MARK not in line for line in lines if "The Captain" not in line)
        shown = [line for line in screen_text(app).splitlines() if "The Captain" in line and "Cy" in line]
        assert shown and NEW_MARK in shown[0], shown  # on the terminal too
        assert f"{NEW_MARK}discard {len(state.discard) + 1}" in " ".join(screen_text(app).split())


def table_text(view: Any, changes: render.Changes = render.NO_CHANGES, width: int = 78) -> list[str]:
    console = Console(width=width + 2, color_system=None, record=True)
    console.print(render.boat_table(view, width, changes))
    return console.export_text().splitlines()


def test_changes_name_each_part_of_the_table_that_moved_on() -> None:
    from boardgames_tui.engine.lifeboat.models import AcceptDemand, PlayCard, SwapSeats

    state = build(FOUR, hands={ANA: ["water"], BEN: ["knife"]}, actor=BEN)
    before = RULES.view(state, ANA)
    assert render.changes(None, before) == render.NO_CHANGES
    assert render.changes(before, before) == render.Changes()
    knife = next(a for a in RULES.legal_actions(state, BEN) if isinstance(a, PlayCard))
    after = act(act(act(state, knife), SwapSeats(target=DEE)), AcceptDemand())  # Ben: knife face up, swaps with Dee
    changes = render.changes(before, RULES.view(after, ANA), "bold")
    assert changes.moved == frozenset({BEN, DEE}), "Cy kept his place"
    assert changes.hands == frozenset({BEN}) and changes.face_up == {BEN: frozenset({knife.card})}
    assert not changes.hurt and not changes.own_hand and not changes.decks
    rows = table_text(RULES.view(after, ANA), changes)
    ben = next(row for row in rows if "Sir Stephen" in row)
    assert f"{NEW_MARK}Knife +3" in ben and f"{NEW_MARK}0" in ben
    assert all(NEW_MARK not in row for row in rows if "The Captain" in row)


def test_someone_lost_at_sea_ahead_moves_nobody_but_changes_their_own_row() -> None:
    state = build(FOUR, wounds={ANA: 5})  # Lady Lauren (size 4) is dead
    before = RULES.view(state, CY)
    lost = state.model_copy(update={"boat": (BEN, CY, DEE)})
    changes = render.changes(before, RULES.view(lost, CY))
    assert changes.moved == frozenset() and changes.hurt == frozenset({ANA})


def test_the_markers_are_read_with_the_status_not_as_face_up_cards() -> None:
    rowed = (True, True, False, False)
    state = build(FOUR, face_up={BEN: ["knife"]}, rowed=rowed, fought=(False, True, False, False))
    lines = table_text(RULES.view(state, ANA))
    head = lines[0]
    status, hand = head.index("Status"), head.index("Hand")
    ben = next(line for line in lines if "Sir Stephen" in line)
    assert "RF" in ben[status:hand], ben
    assert ben[head.index("Face up") :].strip() == "Knife +3"
    # markers new since the last look: one mark before each run of them
    later = state.model_copy(update={"rowed": (True, True, True, False), "fought": (False, True, True, False)})
    rows = table_text(RULES.view(later, ANA), render.changes(RULES.view(state, ANA), RULES.view(later, ANA)))
    assert NEW_MARK not in next(row for row in rows if "Lady Lauren" in row)  # rowed then, rowed now
    ben = next(row for row in rows if "Sir Stephen" in row)
    assert "RF" in ben and NEW_MARK not in ben  # both then
    assert f"{NEW_MARK}RF" in next(row for row in rows if "The Captain" in row)  # both new: one mark


def test_love_and_hate_say_plainly_what_they_are_worth() -> None:
    def said(love: str, hate: str) -> str:
        state = build(FOUR, love=(love, *FOUR[1:]), hate=(hate, *FOUR[1:]))
        return " ".join(render.secrets_line(RULES.view(state, ANA), True).plain.split())

    assert said("captain", "sir_stephen") == (
        "Love: The Captain — you gain 5 if they survive Hate: Sir Stephen — you gain 5 if they die"
    )
    assert said("lady_lauren", "captain").startswith("Love: yourself — your survival counts twice")
    assert "Hate: yourself — nothing for your own survival" in said("captain", "lady_lauren")
    assert said("lady_lauren", "lady_lauren") == (
        "Love and Hate: yourself — your survival counts once; you gain the size of every other character who dies"
    )
    state = build(FOUR)
    hidden = render.secrets_line(RULES.view(state, ANA), False).plain
    assert "Love" in hidden and "h shows them" in hidden and "Lauren" not in hidden


def test_water_given_to_oneself_is_drunk() -> None:
    from boardgames_tui.narration.lifeboat import LifeboatNarrator

    narrator = LifeboatNarrator(("Ana", "Ben"))
    assert narrator.say_gives_water(who=[0, 0], target=[0, 0]) == "Ana (Lady Lauren) drinks a water"
    assert narrator.say_gives_water(who=[0, 0], target=[1, 2]) == "Ana (Lady Lauren) gives a water to Ben (The Captain)"


async def test_love_and_hate_hidden_with_h_stay_hidden_in_the_news_shown_again(make_app) -> None:
    from boardgames_tui.engine.lifeboat.models import LifeboatOptions

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        session = HotseatSession.new("lifeboat", ["Ana", "Ben", "Cyd", "Dee"], LifeboatOptions(), app.store, seed="h")
        await app.start_session(session)
        await take_device(app, pilot)
        assert "Your Love card" in screen_text(app)  # in the news strip, since the game began
        await pilot.press("h")
        assert "Your Love card" not in screen_text(app)
        await pilot.press("z", "z")  # the news hidden, then shown again
        text = screen_text(app)
        assert "Your Love card" not in text and "(your Love and Hate: hidden, h shows them)" in text
        await pilot.press("h")
        assert "Your Love card" in screen_text(app)


def test_done_with_giving_water_reads_as_such_in_chinese(in_chinese) -> None:  # noqa: ANN001
    from boardgames_tui.engine.base import event
    from boardgames_tui.i18n import set_game
    from boardgames_tui.narration.lifeboat import LifeboatNarrator

    set_game("lifeboat")
    try:
        narrator = LifeboatNarrator(("Ana", "Ben", "Cy", "Dev"))
        said = {window: narrator.event(event("done", who=[3, 0], added=True, window=window)) for window in ("thirst", "fight")}
        assert "不再给水" in said["thirst"]
        assert "不再给水" not in said["fight"] and "不再出手" in said["fight"]
        assert "不再出手" in narrator.event(event("done", who=[3, 0], added=True)), "an older save's event, without its window"
    finally:
        set_game(None)
