"""The layers of the package, declared in pyproject.toml ([tool.importlinter]) and checked by import-linter:
entry points > screens, arena > records > narration, bots > engine; nothing below the screens imports
Textual; the engine imports no Rich and no catalogue. The runtime checks in test_engine_purity.py see what
one import pulls in; this sees every import statement, also those inside functions."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_every_declared_layer_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    here = Path.cwd()
    os.chdir(ROOT)  # the contracts name the package; pyproject.toml is read from the project's root
    try:
        status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        os.chdir(here)
    report = capsys.readouterr().out
    assert status == 0, report
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    assert report.count(" KEPT") == len(contracts) >= 3, report


def test_the_engine_names_no_screen_and_no_computer_player() -> None:
    """The registry keeps where each game's rules are; the screens are found from the id (tui/games)."""
    text = (ROOT / "boardgames_tui" / "engine" / "registry.py").read_text(encoding="utf-8")
    assert "boardgames_tui.tui" not in text and "bots" not in text.replace("bots/<id>.py", "")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_level_a_table_can_seat_has_a_computer_player(game_id: str) -> None:
    assert GAMES[game_id].table_levels, game_id
    assert set(GAMES[game_id].table_levels) <= set(BOTS[game_id]), game_id


def test_no_screen_reads_a_state() -> None:
    """The screens get what they show from Views, from the engine's reveal (engine/reveal.py) once a game is
    over, and from a save's public facts: only the session (which plays the game) holds a State."""
    import re

    tui = ROOT / "boardgames_tui" / "tui"
    reads = re.compile(r"\b[A-Z][A-Za-z]*State\b|\.state\b|finished_state|_RULES\b")
    found = [
        f"{path.relative_to(tui)}:{number}: {line.strip()}"
        for path in sorted(tui.rglob("*.py"))
        if path.name != "session.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if reads.search(line) and not line.lstrip().startswith("#")
    ]
    allowed = [line for line in found if "screens/leave.py" in line]  # the leave dialog's own state machine
    assert found == allowed, "\n".join(line for line in found if line not in allowed)
