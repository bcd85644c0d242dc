"""The players of the last games, so the setup screen can offer their names again, and how each game's
table was last set: its number of players and each seat's kind (a person or a computer level).

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
MAX_GAMES = 20  # tables remembered, one per game


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


def _seat_kinds(kinds: Any) -> list[str | None]:
    if not isinstance(kinds, list):
        return []
    return [kind if isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20 else None for kind in kinds[:KEEP]]


def load_recent_seat_kinds(path: Path, game_id: str | None = None) -> list[str | None]:
    """Per seat, the computer level playing it or None for a person, as `game_id`'s table was last set (or,
    for a game not played yet, the last game's of any kind); [] when unknown. Levels are only words here:
    the setup offers one only if the game has it."""
    data = _load(path)
    table = _tables(data).get(game_id or "")
    return _seat_kinds(table.get("seat_kinds") if table is not None else data.get("seat_kinds"))


def load_recent_player_count(path: Path, game_id: str) -> int | None:
    """How many played `game_id` last time, or None when unknown."""
    count = _tables(_load(path)).get(game_id, {}).get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= KEEP else None


def _tables(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    tables = data.get("tables")
    if not isinstance(tables, dict):
        return {}
    return {game: table for game, table in list(tables.items())[:MAX_GAMES] if isinstance(game, str) and game.isidentifier() and isinstance(table, dict)}


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


def remember_names(path: Path, players: Sequence[str], seat_kinds: Sequence[str | None] = (), game_id: str | None = None) -> None:
    """Keep `players` (the game just started) first, then the older names not among them, and that game's
    seat kinds; with `game_id`, also as that game's table (the other games' tables stay)."""
    names = list(players)
    for name in load_recent_names(path):
        if _key(name) not in {_key(n) for n in names}:
            names.append(name)
    kinds = list(seat_kinds)[:KEEP]
    tables = {game: table for game, table in _tables(_load(path)).items() if game != game_id}
    if game_id is not None:
        tables = {game_id: {"count": len(players), "seat_kinds": kinds}, **tables}
    try:
        data = {"players": names[:KEEP], "seat_kinds": kinds, "tables": dict(list(tables.items())[:MAX_GAMES])}
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic_write_text(path, text + "\n", durable=False)
    except OSError:
        pass  # a read-only or full disk: the names are offered again next time only if it can be written
