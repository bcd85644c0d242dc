"""The players of the last games, so the setup screen can offer their names (and the last game's seat
kinds: a person or a computer level per seat) again.

A small JSON file next to the saves folder (in the user data folder, or under BOARDGAMES_TUI_DATA_DIR),
written atomically. It is a convenience only: a missing, damaged or foreign file is ignored, and a file
that cannot be written never stops a game from starting.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.saves import atomic_write_text, parse_save_json, read_regular_file
from ..engine.seating import name_refusal, same_name_key

FILE_NAME = "recent_players.json"
KEEP = 6  # the most players any game seats


def recent_names_path(save_dir: Path) -> Path:
    """Where the names are kept for saves in `save_dir`: beside that folder, not in it (the resume list
    reads every JSON file in the saves folder)."""
    return save_dir.parent / FILE_NAME


_key = same_name_key


def _load(path: Path) -> dict[str, Any]:
    try:  # read as carefully as a save: a regular file, bounded in size and depth
        data = parse_save_json(read_regular_file(path, limit=64 * 1024).decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # missing, unreadable, a pipe or link, not UTF-8 or not JSON
        return {}
    return data if isinstance(data, dict) else {}


def load_recent_seat_kinds(path: Path) -> list[str | None]:
    """Per seat of the last game started, the computer level playing it or None for a person ([] when
    unknown). Levels are only words here: the setup offers one only if the game has it."""
    kinds = _load(path).get("seat_kinds")
    if not isinstance(kinds, list):
        return []
    return [kind if isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20 else None for kind in kinds[:KEEP]]


def load_recent_names(path: Path) -> list[str]:
    """The remembered names, most recent game first; [] when there is no usable file."""
    players = _load(path).get("players")
    if not isinstance(players, list):
        return []
    names: list[str] = []
    for name in players:
        # Only names setup itself would take: the same checks as every other way into a game.
        if isinstance(name, str) and name_refusal(len(names), name) is None and _key(name) not in {_key(n) for n in names}:
            names.append(name)
    return names[:KEEP]


def remember_names(path: Path, players: Sequence[str], seat_kinds: Sequence[str | None] = ()) -> None:
    """Keep `players` (the game just started) first, then the older names not among them, and that game's
    seat kinds."""
    names = list(players)
    for name in load_recent_names(path):
        if _key(name) not in {_key(n) for n in names}:
            names.append(name)
    try:
        text = json.dumps({"players": names[:KEEP], "seat_kinds": list(seat_kinds)[:KEEP]}, ensure_ascii=False, indent=1)
        atomic_write_text(path, text + "\n", durable=False)
    except OSError:
        pass  # a read-only or full disk: the names are offered again next time only if it can be written
