"""Rummikub: every key answers in several situations of each rule set, and the reasons a key gives are the
rule that stops it (issue #11, section 2)."""

from __future__ import annotations

from ..engine.rummikub.helpers import build, vbuild

from .helpers import screen_text
from .keys import assert_every_key_answers as every_key_answers, show_state, status_text

SHARED = ("question_mark", "r", "l", "z")  # the same on every turn screen: pressed in the first situation only

async def assert_every_key_answers(app, pilot, state, setup_keys=(), skip=SHARED) -> dict[str, str]:
    """The shared check; no key falls back on the generic sentence, and our own reasons fit one line at
    80 columns (the engine's list of what is missing may be longer: the status line wraps)."""
    answers = await every_key_answers(app, pilot, state, setup_keys, skip=skip)
    for key, answer in answers.items():
        assert "not available right now" not in answer, (key, answer)
        assert len(answer) <= 76 or answer.startswith("✗ Not yet"), (key, answer)
    return answers

def plain_text(app) -> str:
    return " ".join(screen_text(app).split())

# Standard ----------------------------------------------------------------------------------------------

STANDARD = build(["R8 R7 R6 K4 K5 O1 O9", "B1 B2 B3"], ["K9 K10 K11", "B5 B6 B7 B8"])

async def test_every_key_answers_at_the_start_of_a_standard_turn(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, STANDARD, skip=())
    assert answers["d"] == "changed"  # the draw ends the turn
    assert "Select tiles first" in answers["enter"] and "Select tiles first" in answers["n"]
    assert "Nothing to undo" in answers["u"] and "Nothing to reset" in answers["ctrl+r"]
    assert "Not yet: Play at least one tile from your rack, or d draws a tile" in answers["e"]  # nothing to reset yet
    assert "Tab to the table" in answers["x"]
    assert "left end of your rack" in answers["less_than_sign"]
    assert "first tile of your rack" in answers["home"]
    assert "no discard pile" in answers["t"] and "no trump" in answers["w"] and "no trump" in answers["b"]

async def test_every_key_answers_on_the_table_after_touching_it(make_app) -> None:
    # Tab to the table, split K9 K10 K11 after K9: the table is touched, the cursor on set 1's end.
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, STANDARD, ("tab", "right", "x"))
    assert "Ctrl+R resets it to draw" in answers["d"]
    assert answers["u"] == "changed" and answers["ctrl+r"] == "changed"
    assert "end of set 1" in answers["right"] and "end of set 1" in answers["end"]
    assert "between two tiles" in answers["x"]

async def test_d_after_touching_the_table_says_why_and_the_hint_stops_offering_it(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_state(app, pilot, STANDARD)
        assert "· d draw" in screen.choices.prompt_text(screen.step) and "· d draw" in plain_text(app)
        await pilot.press("tab", "right", "x", "tab")  # split a set, back to the rack
        assert "d draw" not in screen.choices.prompt_text(screen.step)
        await pilot.press("d")
        assert "Ctrl+R resets it to draw" in status_text(screen)
        await pilot.press("escape")  # the next key, Esc included, clears the old error line
        assert status_text(screen) == ""

async def press_for_reason(app, pilot, state, setup_keys, key) -> str:
    """From `state` + `setup_keys`, press `key`: the reason it shows ('' if none)."""
    screen = await show_state(app, pilot, state, setup_keys)
    await pilot.press(key)
    await pilot.pause()
    return status_text(screen)

async def test_keys_with_a_selection_and_before_the_initial_meld(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert "Esc clears the selection first" in await press_for_reason(app, pilot, STANDARD, ("space",), "q")
        reason = await press_for_reason(app, pilot, STANDARD, ("space",), "backspace")
        assert "Only tiles played from your rack this turn" in reason
        screen = await show_state(app, pilot, STANDARD, ("space",))
        await pilot.press("escape")
        assert screen.selected == () and app.screen is screen  # Esc clears the selection, stays
        before_meld = build(["R8 R7 R6 K4 K5 O1 O9", "B1 B2 B3"], ["K9 K10 K11"], melded=(False, True))
        assert "Until your initial meld" in await press_for_reason(app, pilot, before_meld, ("tab", "right"), "x")

# American ---------------------------------------------------------------------------------------------

AMERICAN_DRAW = vbuild(
    "american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], table=[(1, "O1 O2 O3")], discards=[("R5", 1)],
    phase="draw", melded=(False, True, True),
)

async def test_every_key_answers_before_the_american_draw(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, AMERICAN_DRAW)
    assert "breaking the ice in an earlier turn" in answers["t"]
    assert answers["e"].startswith("✗ Draw first: d a face-down tile")
    assert answers["space"].startswith("✗ Draw first") and answers["b"].startswith("✗ Draw first")  # the engine refuses it for that first
    assert answers["d"] == "changed" and answers["w"] == "changed"

async def test_every_key_answers_after_the_american_draw_on_anothers_meld(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, AMERICAN_DRAW, ("d", "tab", "right"))
    assert "already drawn" in answers["d"] and "already drawn" in answers["t"] and "already drawn" in answers["w"]
    # The engine's own reasons (the View carries them per set): the tile under the cursor is named.
    assert "Only Ben may split or rearrange Ben's meld" in answers["x"]
    assert "is in Ben's meld: only Ben may move its tiles" in answers["less_than_sign"]

async def test_american_e_on_the_tile_taken_from_the_discard_pile_says_why(make_app) -> None:
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], discards=[("R5", 1)], phase="draw")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        reason = await press_for_reason(app, pilot, state, ("t", "end"), "e")  # R5 joins the rack's end
    assert "R5 came from the discard pile this turn: discard another tile" in reason

# International -----------------------------------------------------------------------------------------

async def test_every_key_answers_in_the_international_first_turn_with_a_timer(make_app) -> None:
    state = vbuild(
        "international", ["R10 R11 R12 R13 K9", "B1 B2", "O7 O8"], phase="turn", turn=0,
        melded=(False, False, False), options={"turn_timer": "60 s"},
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state)
    assert "no draw in your first turn" in answers["d"]
    assert "Not yet" not in answers["e"] or "Breaking the ice" in answers["e"]

async def test_international_w_after_breaking_the_ice_says_why(make_app) -> None:
    state = vbuild("international", ["R10 R11 K9", "B1 B2", "O7 O8"], phase="draw", discards=[("K5", 2)])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert "only for a finish or a closed win" in await press_for_reason(app, pilot, state, (), "w")

async def test_every_key_answers_when_only_a_discard_is_left(make_app) -> None:
    state = vbuild("international", ["R10 R11 K9", "B1 B2", "O7 O8"], phase="discard", options={"turn_timer": "30 s"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state, ("tab",))
    assert "Your time is up" in answers["space"] and "Your time is up" in answers["d"]
