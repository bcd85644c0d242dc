"""Autosave, resume, unreadable saves and deleting: the promises of DESIGN.md section 4."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from boardgames_tui.engine.hanabi.models import HanabiOptions, HanabiState, NumberClue
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.engine.saves import SCHEMA_VERSION, BrokenSave, SavedGame, SaveFile, SaveStore
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.confirm import ConfirmScreen
from boardgames_tui.narration.save_problems import describe_problem
from boardgames_tui.tui.screens.saves import ResumeScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.choice_list import HIGHLIGHT_MARK

from .helpers import open_setup, reveal, screen_text, start_from_setup, wait_for_handoff, wait_until

SIZE = (100, 30)
OLD_MTIME_NS = 1_500_000_000 * 10**9  # 2017: any rewrite of a file would move its mtime to "now"


# Helpers ------------------------------------------------------------------------------------------


async def start_hanabi_with_keys(app: BoardGamesApp, pilot: Pilot[Any]) -> None:
    """Main menu -> n -> picker (Hanabi is first) -> Enter -> setup with the defaults -> Ctrl+S."""
    await open_setup(app, pilot)
    await start_from_setup(app, pilot)


def save_files(save_dir: Path) -> list[Path]:
    return sorted(save_dir.glob("*.json"))


def read_save(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def fingerprint(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def new_session(store: SaveStore, players: list[str], seed: str, actions: int = 0) -> HotseatSession:
    """A game started and played through the session alone (the first legal action each time)."""
    session = HotseatSession.new("hanabi", players, HanabiOptions(), store, seed=seed)
    for _ in range(actions):
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, session.view(seat).legal_actions[0])
    store.flush()  # written behind: let the files land before the test looks at the folder
    return session


# (1) autosave after every action -----------------------------------------------------------------


async def test_every_action_is_autosaved(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_hanabi_with_keys(app, pilot)
        [path] = save_files(save_dir)
        data = read_save(path)
        assert data["schema_version"] == SCHEMA_VERSION
        assert data["game_id"] == "hanabi"
        assert data["players"] == ["Ana", "Ben"]
        assert data["actions"] == []
        mtime_at_start = path.stat().st_mtime_ns

        # Ana plays her first card.
        turn = await reveal(app, pilot)
        assert turn.seat == 0
        await pilot.press("1", "p", "enter")
        await wait_for_handoff(app, pilot)
        assert save_files(save_dir) == [path]  # the same file, rewritten
        data = read_save(path)
        assert data["actions"] == [{"seat": 0, "action": {"kind": "play", "slot": 0}}]
        assert data["state"]["turn"] == 1
        assert data["state"]["current"] == 1
        assert path.stat().st_mtime_ns >= mtime_at_start

        # Ben gives a number clue.
        turn = await reveal(app, pilot)
        assert turn.seat == 1
        clue = next(c for c in turn.clues if isinstance(c, NumberClue))
        await pilot.press("c", str(clue.rank))
        assert turn.mode == "clue_confirm"
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert save_files(save_dir) == [path]
        data = read_save(path)
        assert len(data["actions"]) == 2
        assert data["actions"][0] == {"seat": 0, "action": {"kind": "play", "slot": 0}}
        assert data["actions"][1] == {"seat": 1, "action": clue.model_dump(mode="json")}
        assert data["state"]["turn"] == 2
        # What is on disk is exactly the session's state.
        assert app.session is not None
        assert HanabiState.model_validate(data["state"]) == app.session._state


# (2) resume in a new app -------------------------------------------------------------------------


async def test_resume_in_a_new_app_restores_the_same_game(make_app, save_dir: Path) -> None:
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        await start_hanabi_with_keys(first, pilot)
        await reveal(first, pilot)
        await pilot.press("1", "p", "enter")  # Ana plays; Ben is next
        await wait_for_handoff(first, pilot)
        original = first.session
        assert original is not None
    assert len(save_files(save_dir)) == 1

    second = make_app()
    assert second is not first
    async with second.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = second.screen
        assert isinstance(resume, ResumeScreen)
        assert len(resume.entries) == 1 and isinstance(resume.entries[0], SavedGame)
        await pilot.press("enter")
        handoff = await wait_for_handoff(second, pilot)
        await pilot.pause(0.1)
        assert second.screen_stack == [second.screen_stack[0], handoff]  # menu + handoff, resumed once
        assert handoff.player == "Ben"
        assert handoff.seat == 1
        assert "Pass the device to Ben" in screen_text(second)
        resumed = second.session
        assert resumed is not None and resumed is not original
        assert resumed.players == ("Ana", "Ben")
        assert resumed._state == original._state
        assert resumed.replay_matches()

        turn = await reveal(second, pilot)
        assert turn.seat == 1
        assert turn.view == original.view(1)
        assert resumed.view(None) == original.view(None)


# (3) unreadable saves are listed, never touched ------------------------------------------------


def write_broken_saves(save_dir: Path, template: dict[str, Any]) -> dict[str, tuple[Path, str]]:
    """Four unreadable files next to readable saves: name -> (path, a phrase its reason must contain)."""
    unknown_game = dict(template, save_id="unknown-game", game_id="chess")
    broken_state = dict(template, save_id="broken-state")
    broken_state["state"] = dict(template["state"], hands="not a hand", piles=[1, 2])
    files = {
        "damaged": (save_dir / "damaged.json", b'{"schema_version": 1, "game_id": "hanabi", "pla', "not valid JSON"),
        "foreign": (save_dir / "foreign.json", json.dumps({"name": "shopping list", "items": [1, 2]}).encode(), "not a boardgames_tui save file"),
        "unknown": (save_dir / "unknown-game.json", json.dumps(unknown_game).encode(), "'chess'"),
        "state": (save_dir / "broken-state.json", json.dumps(broken_state).encode(), "does not add up"),
    }
    out = {}
    for name, (path, content, phrase) in files.items():
        path.write_bytes(content)
        os.utime(path, ns=(OLD_MTIME_NS, OLD_MTIME_NS))
        out[name] = (path, phrase)
    return out


async def test_unreadable_saves_are_listed_with_a_reason_and_left_alone(make_app, save_dir: Path) -> None:
    store = SaveStore(save_dir)
    ana = new_session(store, ["Ana", "Ben"], seed="readable-1", actions=1)
    cleo = new_session(store, ["Cleo", "Dan", "Eve"], seed="readable-2", actions=2)
    readable_paths = {ana.save_path, cleo.save_path}
    broken = write_broken_saves(save_dir, read_save(ana.save_path))
    before = {name: fingerprint(path) for name, (path, _) in broken.items()}

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        readable = [e for e in resume.entries if isinstance(e, SavedGame)]
        unreadable = [e for e in resume.entries if isinstance(e, BrokenSave)]
        assert {e.path for e in readable} == readable_paths  # the readable ones still load
        assert {e.path for e in unreadable} == {path for path, _ in broken.values()}
        reasons = {e.path: describe_problem(e) for e in unreadable}
        for path, phrase in broken.values():
            assert phrase in reasons[path], (path.name, reasons[path])

        # Listed, disabled, with the file name and the reason on screen.
        options = resume.query_one("#saves", OptionList)
        assert options.option_count == 6
        for index, entry in enumerate(resume.entries):
            option = options.get_option_at_index(index)
            prompt = str(option.prompt)
            if isinstance(entry, BrokenSave):
                assert option.disabled
                assert "Unreadable" in prompt and entry.path.name in prompt and describe_problem(entry) in prompt
            else:
                assert not option.disabled
        text = screen_text(app)
        assert text.count("Unreadable") == 4
        for path, phrase in broken.values():
            assert path.name in text
            assert phrase in text
        assert {name: fingerprint(path) for name, (path, _) in broken.items()} == before

        # Resume a readable save (listed first) and play on: the broken files stay exactly as they were.
        first = resume.entries[0]
        assert isinstance(first, SavedGame)
        assert options.highlighted == 0
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert app.session is not None and app.session.save_path == first.path
        actions_before = len(read_save(first.path)["actions"])
        await reveal(app, pilot)
        await pilot.press("1", "p", "enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, HanabiTurnScreen), "the turn to end")
        assert len(read_save(first.path)["actions"]) == actions_before + 1

    assert {name: fingerprint(path) for name, (path, _) in broken.items()} == before
    assert set(save_files(save_dir)) == readable_paths | {path for path, _ in broken.values()}


# (4) engine level: atomic writes and round trips -----------------------------------------------


def make_save(seed: str, options: HanabiOptions | None = None, actions: int = 0) -> tuple[SaveFile, HanabiState]:
    options = options or HanabiOptions()
    players = ("Ana", "Ben", "Cleo")
    state = RULES.setup(players, options, seed)
    recorded = []
    for _ in range(actions):
        seat = state.current
        action = RULES.legal_actions(state, seat)[-1]  # the last legal action: usually a clue
        state = RULES.apply(state, seat, action)
        recorded.append({"seat": seat, "action": RULES.dump_action(action)})
    save = SaveFile.model_validate(
        {
            "schema_version": SCHEMA_VERSION,
            "save_id": f"save-{seed}",
            "game_id": "hanabi",
            "players": players,
            "options": options.model_dump(mode="json"),
            "seed": seed,
            "actions": recorded,
            "state": state.model_dump(mode="json"),
            "created_at": "2024-01-01T00:00:00+00:00",
            "updated_at": "2024-01-01T00:05:00+00:00",
            "position": f"Turn {RULES.turn_label(state).args['turn']}",
        }
    )
    return save, state


def test_write_leaves_no_temp_files_and_replaces_a_save_wholly(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    save, _ = make_save("atomic-1", actions=3)
    path = store.write(save)
    assert path == store.path_for(save.save_id)
    assert sorted(p.name for p in store.directory.iterdir()) == [path.name]  # no temp file, no dot file

    # A longer file already at that path is replaced entirely, not overwritten in place.
    path.write_text(json.dumps({"junk": "x" * 200_000}), encoding="utf-8")
    store.write(save)
    assert path.read_text(encoding="utf-8") == save.model_dump_json(indent=1)
    assert SaveFile.model_validate_json(path.read_bytes()) == save
    assert sorted(p.name for p in store.directory.iterdir()) == [path.name]


def test_a_failed_write_keeps_the_old_save_and_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import boardgames_tui.engine.saves as saves_module

    store = SaveStore(tmp_path / "saves")
    old, _ = make_save("atomic-2", actions=1)
    path = store.write(old)
    old_bytes = path.read_bytes()
    newer = old.model_copy(update={"updated_at": "2024-01-01T01:00:00+00:00", "position": "Turn 99"})

    events: list[str] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        events.append("fsync")
        real_fsync(fd)

    def failing_replace(src: Any, dst: Any) -> None:
        events.append("replace")
        assert Path(src).parent == Path(dst).parent  # same folder: the rename is atomic
        assert Path(src).read_text(encoding="utf-8") == newer.model_dump_json(indent=1)  # fully written first
        raise OSError("disk pulled out")

    monkeypatch.setattr(saves_module.os, "fsync", recording_fsync)
    monkeypatch.setattr(saves_module.os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk pulled out"):
        store.write(newer)
    assert events == ["fsync", "replace"]  # flushed to disk before the rename
    assert path.read_bytes() == old_bytes
    assert sorted(p.name for p in store.directory.iterdir()) == [path.name]


@pytest.mark.parametrize(
    "options",
    [
        HanabiOptions(),
        HanabiOptions(sixth_suit="tricky", black_powder=True, five_flamboyants=True, hand_size="unofficial"),
    ],
    ids=["default", "variants"],
)
def test_load_round_trips_the_state(tmp_path: Path, options: HanabiOptions) -> None:
    store = SaveStore(tmp_path / "saves")
    save, state = make_save("round-trip", options, actions=6)
    path = store.write(save)
    loaded = store.load(path)
    assert isinstance(loaded, SavedGame), loaded
    assert loaded.path == path
    assert loaded.save == save
    assert isinstance(loaded.state, HanabiState)
    assert loaded.state == state
    assert RULES.view(loaded.state, 0) == RULES.view(state, 0)
    # Replaying the recorded actions from the deal gives the saved state too.
    replayed = RULES.setup(save.players, RULES.Options.model_validate(save.options), save.seed)
    for record in loaded.save.actions:
        replayed = RULES.apply(replayed, record.seat, RULES.parse_action(record.action))
    assert replayed == loaded.state
    assert store.list() == [loaded]


# (5) deleting asks first -------------------------------------------------------------------------


async def test_deleting_a_save_asks_for_confirmation(make_app, save_dir: Path) -> None:
    store = SaveStore(save_dir)
    new_session(store, ["Ana", "Ben"], seed="keep-1")
    new_session(store, ["Cleo", "Dan"], seed="keep-2")
    assert len(save_files(save_dir)) == 2

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        options = resume.query_one("#saves", OptionList)
        assert options.highlighted == 0
        target = resume.entries[0]
        other = resume.entries[1]
        assert isinstance(target, SavedGame) and isinstance(other, SavedGame)

        # n keeps it.
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.pause()
        assert f"Hanabi · {', '.join(target.save.players)}" in screen_text(app)  # says which game goes
        await pilot.press("n")
        assert app.screen is resume
        assert target.path.exists() and other.path.exists()
        assert options.option_count == 2

        # y deletes it, and only it.
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert app.screen is resume
        assert not target.path.exists()
        assert other.path.exists()
        assert save_files(save_dir) == [other.path]
        assert options.option_count == 1
        assert [e.path for e in resume.entries] == [other.path]


# (6) names are content: a save with markup in its names lists, resumes and plays ----------------

HOSTILE_PLAYERS = ["[b]Al[/i]", "[dad]"]


def squeeze(text: str) -> str:
    """Screen text without spaces or line breaks (a long row may wrap anywhere)."""
    return "".join(text.split())


async def test_a_save_with_markup_in_the_names_lists_resumes_and_plays(make_app, save_dir: Path) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions
    from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
    from boardgames_tui.tui.screens.turn import TurnScreen

    # Written by this version, exactly as a game started from the setup screen would be.
    store = SaveStore(save_dir)
    session = HotseatSession.new("rummikub", HOSTILE_PLAYERS, RummikubOptions(), store, seed="[i]deal")
    store.flush()
    path = session.save_path

    for _restart in range(2):  # and again after a restart: nothing about the file bricks the list
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("c")
            resume = app.screen
            assert isinstance(resume, ResumeScreen)
            assert [type(e) for e in resume.entries] == [SavedGame]
            text = screen_text(app)
            assert "Rummikub · [b]Al[/i], [dad]" in text
            assert "[i]deal" in text
            await pilot.press("enter")
            handoff = await wait_for_handoff(app, pilot)
            assert isinstance(handoff, PassDeviceScreen)
            await pilot.pause()
            assert app.session is not None
            first = app.session.acting_seat()
            assert first is not None
            starter, other = HOSTILE_PLAYERS[first], HOSTILE_PLAYERS[1 - first]
            assert f"Pass the device to {starter}" in screen_text(app)
            actions_before = len(read_save(path)["actions"])
            await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
            await pilot.press("space")
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the first turn")
            assert starter in squeeze(screen_text(app))
            await pilot.press("d")  # draw a tile: the turn ends and the game is saved
            await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the next handoff")
            await pilot.pause()
            assert f"Pass the device to {other}" in screen_text(app)
            app.store.flush()
            assert len(read_save(path)["actions"]) == actions_before + 1
            await pilot.press("q", "y")
            await wait_until(pilot, lambda: len(app.screen_stack) == 1, "the main menu")


async def test_a_save_that_cannot_be_shown_is_listed_as_unreadable(
    make_app, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions
    from boardgames_tui.engine.rummikub.rules import RummikubRules

    store = SaveStore(save_dir)
    good = new_session(store, ["Ana", "Ben"], seed="good")
    odd = HotseatSession.new("rummikub", ["Cy", "Dee"], RummikubOptions(), store, seed="odd")
    store.flush()

    def broken_label(self: Any, options: Any) -> str:
        raise ValueError("no label for these options")

    monkeypatch.setattr(RummikubRules, "variant_label", broken_label)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        by_path = {entry.path: entry for entry in resume.entries}
        assert isinstance(by_path[good.save_path], SavedGame)
        shown = by_path[odd.save_path]
        assert isinstance(shown, BrokenSave)
        assert shown.code == "cannot_be_shown" and "no label for these options" in describe_problem(shown)
        text = screen_text(app)
        assert "Unreadable" in text and odd.save_path.name in text and "no label for these options" in text
        assert "Ana, Ben" in text
        # The readable one resumes; the other is never offered.
        options = resume.query_one("#saves", OptionList)
        assert options.get_option_at_index(resume.entries.index(shown)).disabled
        assert options.highlighted == resume.entries.index(by_path[good.save_path])
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert app.session is not None and app.session.players == ("Ana", "Ben")


async def test_resume_keys_say_why_they_do_nothing(make_app, save_dir: Path) -> None:
    store = SaveStore(save_dir)
    readable = new_session(store, ["Ana", "Ben"], seed="gone").save_path
    write_broken_saves(save_dir, read_save(readable))
    readable.unlink()  # only the unreadable files are left
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        assert resume.entries and all(isinstance(e, BrokenSave) for e in resume.entries)
        for key in ("enter", "delete"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is resume
            assert "nothing to resume" in screen_text(app), key
        await pilot.press("down")  # any other key: the status line is back to what it says
        await pilot.pause()
        assert "nothing to resume" not in screen_text(app)
        assert "Enter resumes" in screen_text(app)


async def test_a_save_that_cannot_be_played_stays_listed_as_unreadable(
    make_app, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions
    from boardgames_tui.engine.rummikub.rules import RummikubRules

    store = SaveStore(save_dir)
    odd = HotseatSession.new("rummikub", ["Cy", "Dee"], RummikubOptions(), store, seed="odd")
    good = new_session(store, ["Ana", "Ben"], seed="good")

    def broken_view(self: Any, state: Any, seat: int | None) -> Any:
        raise KeyError("tile 107")

    monkeypatch.setattr(RummikubRules, "view", broken_view)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        options = resume.query_one("#saves", OptionList)
        options.highlighted = next(i for i, e in enumerate(resume.entries) if e.path == odd.save_path)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is resume and app.session is None and app.is_running
        entry = next(e for e in resume.entries if e.path == odd.save_path)
        assert isinstance(entry, BrokenSave) and entry.code == "cannot_be_resumed"
        assert "cannot be resumed" in describe_problem(entry) and "tile 107" in describe_problem(entry)
        text = screen_text(app)
        assert "Unreadable" in text and "tile 107" in text
        # The other save is highlighted and resumes.
        assert resume.entries[options.highlighted or 0].path == good.save_path
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert app.session is not None and app.session.players == ("Ana", "Ben")


# The resume list at 80x24: a row's date and time together, its wrapped lines indented alike --------


async def test_resume_rows_keep_the_date_with_its_time_and_indent_every_wrapped_line(make_app, save_dir: Path) -> None:
    import re

    store = SaveStore(save_dir)
    # A deal name long enough that "turn · deal · last played" cannot share one row at 80 columns.
    session = new_session(store, ["Ana", "Ben", "Cleo"], seed="the-long-winter-evening-deal-of-2026", actions=2)
    broken = write_broken_saves(save_dir, read_save(session.save_path))

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        options = resume.query_one("#saves", OptionList)
        region = options.content_region
        strips = app.screen._compositor.render_strips()  # spaces included: an SVG screenshot drops them
        rows = [strips[y].crop(region.x, region.right).text.rstrip() for y in range(region.y, region.bottom)]
        rows = [row for row in rows if row.strip()]
        # The highlighted entry is marked in the cell before its title, not by colour alone.
        assert [row.strip().split(" · ")[0] for row in rows if HIGHLIGHT_MARK in row] == ["▸ Hanabi"], rows
        rows = [row.replace(HIGHLIGHT_MARK, " ") for row in rows]

        when = [row for row in rows if "last played" in row]
        assert len(when) == 1 and re.search(r"last played \d{4}-\d\d-\d\d \d\d:\d\d$", when[0]), rows
        assert "the-long-winter-evening-deal-of-2026" in "".join(rows)

        titles = [row for row in rows if row.lstrip().startswith(("Hanabi · ", "✗ Unreadable"))]
        assert len(titles) == 1 + len(broken)
        (title_indent,) = {len(row) - len(row.lstrip()) for row in titles}
        details = [row for row in rows if row not in titles]
        assert len(details) > len(titles)  # some entries take more than one line under their title
        assert {len(row) - len(row.lstrip()) for row in details} == {title_indent + 2}, rows


# What tells one saved game from another: the variant and the standing so far, public facts only ----------


def rows_of(saved: SavedGame) -> list[str]:
    return str(ResumeScreen.describe(saved)).splitlines()


def test_a_hanabi_entry_names_its_variant_and_the_score_so_far(save_dir: Path) -> None:
    from ..test_records import play

    store = SaveStore(save_dir)
    options = HanabiOptions(sixth_suit="avalanche", black_powder=True, allow_empty_clues=True)
    saved = play(store, "hanabi", options=options, moves=7, players=3)
    assert not saved.save.finished
    view = RULES.view(saved.state, None)
    title, where, _when = rows_of(saved)
    assert title.startswith("Hanabi (Empty clues, Sixth suit: avalanche, Black powder) · Ana, Ben, Chloé"), title
    assert f"Turn {view.turn + 1} · {view.players[view.current]} to play · score {view.score} / 30" == where
    # Nothing a player may not know: no card of any hand, no deal number drawn at random.
    for hand in saved.state.hands:
        for held in hand:
            assert held.card.label not in title + where
    assert "deal" not in where

    # The usual game says nothing of its options; a finished one keeps its variant beside the result.
    plain = play(store, "hanabi", moves=3, players=2)
    assert rows_of(plain)[0] == "Hanabi · Ana, Ben"
    over = play(store, "hanabi", options=options, players=3)
    assert over.save.finished
    title, where, _when = rows_of(over)
    assert title.startswith("Hanabi (Empty clues, Sixth suit: avalanche, Black powder) · ") and "finished" in title
    assert where.startswith(f"Score {RULES.score(over.state)} / 30")


@pytest.mark.parametrize(
    ("game", "moves", "expected"),
    [
        ("luz", 40, r"^Round 2 · (bidding|trick \d+) · \w+ to play · points: Ana -?\d+, Ben -?\d+, Chloé -?\d+$"),
        ("rummikub", 9, r"^Turn \d+ · \d+ tiles in the pool · (Ana|Ben) to play$"),
        ("splendor_duel", 12, r"^Turn \d+ · (Ana|Ben) · points: Ana \d+, Ben \d+$"),
        ("lifeboat", 12, r"^Round \d+ · \w+ · \d+ seagulls?$"),
    ],
)
def test_every_game_in_progress_says_where_it_stands(save_dir: Path, game: str, moves: int, expected: str) -> None:
    import re

    from boardgames_tui.engine.registry import get_game

    from ..test_records import play

    store = SaveStore(save_dir)
    saved = play(store, game, moves=moves)
    if game == "luz":  # play on into the second round, when there are points to tell
        rules = get_game("luz").rules()
        while saved.state.round < 2:
            saved = play(store, game, moves=moves)
            moves += 10
        assert rules.view(saved.state, None).results
    assert not saved.save.finished
    _title, where, _when = rows_of(saved)
    assert re.match(expected, where), where


def test_options_a_rule_set_settles_are_not_named_and_the_others_are(save_dir: Path) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions

    from ..test_records import play

    store = SaveStore(save_dir)
    american = RummikubOptions(rule_set="american", initial_meld=50, direction="counter-clockwise", turn_timer="60 s")
    title = rows_of(play(store, "rummikub", options=american, moves=3))[0]
    assert title.startswith("Rummikub (American rules, Turn timer: 60 s) · "), title
    standard = RummikubOptions(initial_meld=50, two_jokers_in_a_set=False, hints=True)
    title = rows_of(play(store, "rummikub", options=standard, moves=3))[0]
    assert title.startswith("Rummikub (Initial meld: 50, Two jokers in a set: off, Hints) · "), title
