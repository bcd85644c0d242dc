"""Why a file in the saves folder cannot be played, in the player's language.

The store reports each unusable file as a `BrokenSave` with a code and its parameters (engine/saves.py
lists them); this module says them. A move the rules refused, or a deal that could not be set up, is said
by the game's own narrator, which knows its refusal codes.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from ..engine import saves as save_files
from ..engine.base import IllegalAction
from ..engine.saves import BrokenSave, SaveFileRefused, os_error_code
from ..i18n import N_, _, ngettext, pgettext

# Operating-system errors by their symbolic name, as a reason a file could not be read or written. A code
# missing here is said by a general sentence (`os_error`): players never see "EBUSY". Codes that share a
# number on some systems (EAGAIN and EWOULDBLOCK) are both listed: `errno.errorcode` names only one.
OS_ERRORS: dict[str, str] = {
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOENT": N_("the file is gone"),
    "EISDIR": N_("it is a folder"),
    "ENOTDIR": N_("a part of the path is not a folder"),
    "EEXIST": N_("a file is in the way where a folder should be"),
    "ELOOP": N_("too many links"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EINVAL": N_("the name is not allowed on this disk"),
    "EIO": N_("the disk could not be read"),
    "ENOSPC": N_("the disk is full"),
    "EDQUOT": N_("your disk quota is used up"),
    "EFBIG": N_("the file is too large for this disk"),
    "EROFS": N_("the disk is read-only"),
    "EBUSY": N_("the file is in use by another program"),
    "ETXTBSY": N_("the file is in use by another program"),
    "EAGAIN": N_("the disk was busy"),
    "EWOULDBLOCK": N_("the disk was busy"),
    "EINTR": N_("the write was interrupted"),
    "EMFILE": N_("too many files are open"),
    "ENFILE": N_("too many files are open"),
    "ENOMEM": N_("the computer is out of memory"),
    "EMLINK": N_("the folder holds too many entries"),
    "EXDEV": N_("the file cannot be moved between disks"),
    "ENOTEMPTY": N_("a folder that is not empty is in the way"),
    "ENXIO": N_("the disk is not connected"),
    "ENODEV": N_("the disk is not connected"),
    "ESTALE": N_("the network folder is no longer reachable"),
    "ENOTCONN": N_("the network folder is no longer reachable"),
    "ENETDOWN": N_("the network folder is no longer reachable"),
    "ENETUNREACH": N_("the network folder is no longer reachable"),
    "EHOSTDOWN": N_("the network folder is no longer reachable"),
    "EHOSTUNREACH": N_("the network folder is no longer reachable"),
    "ETIMEDOUT": N_("the disk or network folder did not answer in time"),
    "ENOTSUP": N_("the disk does not allow this"),
    "EOPNOTSUPP": N_("the disk does not allow this"),
    "ENOLCK": N_("the disk does not allow this"),
    "ECANCELED": N_("the write was cancelled"),
}


def os_error(code: str) -> str:
    """An operating-system error in words; a code this program has no words for gets a general sentence."""
    return _(OS_ERRORS[code]) if code in OS_ERRORS else _("the system reported an unexpected error")


def write_problem(exc: Exception) -> str:
    """Why a save could not be written, in the player's language (never the system's English message, never
    a bare error code)."""
    if isinstance(exc, SaveFileRefused):
        return describe_problem(BrokenSave(Path(), exc.code, exc.params))
    if isinstance(exc, OSError) and os_error_code(exc) in OS_ERRORS:
        return _(OS_ERRORS[os_error_code(exc)])
    return _("the system would not write the file, for a reason it did not say")


def folder_write_problem(folder: Path) -> str | None:
    """Why games cannot be saved in `folder`, or None when they can.

    A real test, not a permission check (`os.access` is wrong for root, read-only disks, full disks and
    network folders): the folder is made if it is missing, a small file is written in it atomically, as a
    save is, and removed again.
    """
    probe = folder / f".write-test-{uuid.uuid4().hex[:8]}"  # never listed: not a .json file
    try:
        save_files.atomic_write_text(probe, "boardgames_tui write test\n", durable=False)
        probe.unlink()
    except OSError as exc:
        return write_problem(exc)
    return None


def file_fields() -> dict[str, str]:
    """The fields of a save file, by their name in the file, in words (a context keeps these short words
    apart from the same words elsewhere)."""
    return {
        "schema_version": pgettext("save file field", "format version"),
        "save_id": pgettext("save file field", "save id"),
        "game_id": pgettext("save file field", "game"),
        "players": pgettext("save file field", "players"),
        "options": pgettext("save file field", "options"),
        "seed": pgettext("save file field", "deal number"),
        "actions": pgettext("save file field", "moves"),
        "state": pgettext("save file field", "game state"),
        "created_at": pgettext("save file field", "creation time"),
        "updated_at": pgettext("save file field", "last save time"),
        "position": pgettext("save file field", "position"),
        "finished": pgettext("save file field", "finished mark"),
        "match": pgettext("save file field", "match scores"),
        "log_marks": pgettext("save file field", "log marks"),
        "state_version": pgettext("save file field", "state version"),
        "computers": pgettext("save file field", "computer players"),
        "notes": pgettext("save file field", "card notes"),
    }


def field_name(path: str) -> str:
    """A field's path in a save file with its first part named in words ("players.0" → "players.0" in
    English, its translation elsewhere); parts inside a game's own data are left as they are."""
    head, dot, rest = path.partition(".")
    return file_fields().get(head, head) + dot + rest


def option_name(game: str, path: str) -> str:
    """An option's path in a save file with the option named as the setup screen names it."""
    from .base import narrator_class

    head, dot, rest = path.partition(".")
    try:
        return narrator_class(game)(()).option_label(head) + dot + rest
    except Exception:  # noqa: BLE001 - a game id from a damaged file: the path as it is
        return path


def field_problem(field: str, problem: str, count: int, game: str | None = None) -> str:
    """Where a file breaks its model and how, from pydantic's error type ("missing", "int_type" ...)."""
    if problem == "missing":
        what = pgettext("save file problem", "missing")
    elif problem == "extra_forbidden":
        what = pgettext("save file problem", "not expected here")
    elif problem.startswith(("string_too", "too_")):
        what = pgettext("save file problem", "too long or too short")
    elif problem.endswith(("_type", "_parsing")):
        what = pgettext("save file problem", "of the wrong kind")
    elif problem in ("literal_error", "enum"):
        what = pgettext("save file problem", "not one of the allowed values")
    elif problem.startswith(("greater_than", "less_than")):
        what = pgettext("save file problem", "out of range")
    elif problem in ("string_pattern_mismatch", "value_error"):
        what = pgettext("save file problem", "not allowed (control characters or a bad form)")
    else:
        what = pgettext("save file problem", "not valid")
    where = (option_name(game, field) if game else field_name(field)) if field else _("the file")
    return ngettext("{field}: {what} ({n} problem)", "{field}: {what} ({n} problems)", count).format(
        field=where, what=what, n=count
    )


def game_refusal(game_id: str | None, players: tuple[str, ...], code: str, params: dict[str, Any]) -> str:
    """A refusal the game's rules gave, said by the game's narrator (never fails: a reason is always shown)."""
    if not game_id:
        return code
    from .base import narrator_for

    try:
        return narrator_for(game_id, players).refusal(IllegalAction(code, **params))
    except Exception:  # noqa: BLE001 - an unknown code or parameters from a damaged file: name the code
        return code


def describe_problem(entry: BrokenSave) -> str:
    """Why `entry` cannot be played, as one sentence about the file."""
    said = SAYINGS.get(entry.code)
    if said is None:
        return _("cannot be used ({code})").format(code=entry.code)
    try:
        return said(entry.params)
    except (KeyError, TypeError, ValueError):  # a code with parameters it does not have
        return _("cannot be used ({code})").format(code=entry.code)


def _too_large(p: dict[str, Any]) -> str:
    if p.get("size") is None:
        return _("is too large (over {limit} bytes): not read").format(limit=f"{p['limit']:,}")
    return _("is too large ({size} bytes; a save is at most {limit}): not read").format(
        size=f"{p['size']:,}", limit=f"{p['limit']:,}"
    )


def _illegal_move(p: dict[str, Any]) -> str:
    reason = game_refusal(p.get("game"), tuple(p.get("players", ())), p["refusal"], p.get("refusal_params", {}))
    return _("has a move the rules do not allow (move {n}: {reason})").format(n=p["move"], reason=reason)


def _cannot_set_up(p: dict[str, Any]) -> str:
    if not p.get("refusal"):
        return _("cannot be set up with its players and options")
    reason = game_refusal(p.get("game"), tuple(p.get("players", ())), p["refusal"], p.get("refusal_params", {}))
    return _("cannot be set up: {reason}").format(reason=reason)


def _wrong_player_count(p: dict[str, Any]) -> str:
    if p["min"] == p["max"]:
        return ngettext(
            "cannot be set up: it has {count} player; the game is for {max} exactly",
            "cannot be set up: it has {count} players; the game is for {max} exactly",
            p["count"],
        ).format(count=p["count"], max=p["max"])
    return ngettext(
        "cannot be set up: it has {count} player; the game is for {min} to {max}",
        "cannot be set up: it has {count} players; the game is for {min} to {max}",
        p["count"],
    ).format(count=p["count"], min=p["min"], max=p["max"])


def table_refusal(p: dict[str, Any]) -> str:
    """A seating check the file fails (engine/seating.py), in words."""
    code, n = p["refusal"], p.get("seat", 0) + 1
    if code == "name_blank":
        return _("is refused: player {n} has no visible name").format(n=n)
    if code == "name_unprintable":
        return _("is refused: the name of player {n} has a control character, an invisible one or a special space").format(n=n)
    if code == "name_spaces":
        return _("is refused: the name of player {n} starts or ends with a space").format(n=n)
    if code == "name_too_long":
        return ngettext(
            "is refused: the name of player {n} is longer than {max} character",
            "is refused: the name of player {n} is longer than {max} characters",
            p["limit"],
        ).format(n=n, max=p["limit"])
    if code == "names_alike":
        return _("is refused: two players are called {name} (names must differ, whatever the case)").format(name=p["name"])
    if code == "no_person":
        return _("is refused: every seat is a computer, and a table needs at least one person")
    raise KeyError(code)


def note_refusal(p: dict[str, Any]) -> str:
    """A card note the file holds that a player could not have written, in words."""
    code = p["refusal"]
    if code == "note_blank":
        return _("is refused: a card note has nothing visible in it")
    if code == "note_unprintable":
        return _("is refused: a card note has a control character or an invisible one")
    if code == "note_too_long":
        return ngettext(
            "is refused: a card note is longer than {max} character",
            "is refused: a card note is longer than {max} characters",
            p["limit"],
        ).format(max=p["limit"])
    if code == "note_no_card":
        return _("is refused: a card note is on a card that is in nobody's hand")
    raise KeyError(code)


SAYINGS: dict[str, Any] = {
    "bad_file_name": lambda p: _("has a file name this program never gives a save (letters, digits, - and _ only)"),
    "is_link": lambda p: _("is a link, not a file: not read"),
    "not_regular_file": lambda p: _("is not a regular file (a folder, pipe or device): not read"),
    "too_large": _too_large,
    "unreadable": lambda p: _("cannot be read: {error}").format(error=os_error(p["error"])),
    "not_text": lambda p: _("is not a text file"),
    "bad_json": lambda p: _("is not valid JSON (line {line}, column {column})").format(line=p["line"], column=p["column"]),
    "duplicate_key": lambda p: _("is refused: the key {key} appears twice").format(key=repr(p["key"])),
    "number_too_long": lambda p: ngettext(
        "is refused: a number has more than {n} digit", "is refused: a number has more than {n} digits", p["digits"]
    ).format(n=p["digits"]),
    "not_a_number": lambda p: _("is refused: {text} is not a number a save holds").format(text=p["text"]),
    "too_deep": lambda p: ngettext(
        "is refused: it is nested more than {n} level deep", "is refused: it is nested more than {n} levels deep", p["depth"]
    ).format(n=p["depth"]),
    "not_a_save": lambda p: _("is not a boardgames_tui save file"),
    "unknown_format": lambda p: _("uses save format {version}; this version reads {supported}").format(
        version=repr(p["version"]), supported=p["supported"]
    ),
    "damaged": lambda p: _("is damaged: {problem}").format(problem=field_problem(p["field"], p["problem"], p["count"])),
    "unknown_game": lambda p: _("is for a game this version does not have ({game})").format(game=repr(p["game"])),
    "match_mismatch": lambda p: _("is inconsistent: its match scores do not fit its players"),
    "computers_mismatch": lambda p: _("is inconsistent: its list of computer players does not fit its players"),
    "notes_mismatch": lambda p: _("is inconsistent: its card notes do not fit its players"),
    "unknown_level": lambda p: _("names a computer level a table cannot seat: {level}").format(level=p["level"]),
    "bad_table": table_refusal,
    "bad_note": note_refusal,
    "notes_not_allowed": lambda p: _("is refused: it holds card notes, which this game does not have"),
    "too_many_moves": lambda p: _("is refused: it has {count} moves, more than any real game needs (at most {limit})").format(
        count=f"{p['count']:,}", limit=f"{p['limit']:,}"
    ),
    "damaged_options": lambda p: _("has damaged options: {problem}").format(
        problem=field_problem(p["field"], p["problem"], p["count"], p.get("game"))
    ),
    "wrong_player_count": _wrong_player_count,
    "cannot_set_up": _cannot_set_up,
    "seat_out_of_range": lambda p: _("has a move by a seat that does not exist (move {n})").format(n=p["move"]),
    "damaged_move": lambda p: _("has a damaged move {n}: {problem}").format(
        n=p["move"], problem=field_problem(p["field"], p["problem"], p["count"])
    ),
    "illegal_move": _illegal_move,
    "does_not_add_up": lambda p: _("does not add up: its saved game differs from the game its moves make"),
    "internal_error": lambda p: _("cannot be read ({error})").format(error=p["error"]),
    "folder_unreadable": lambda p: _("the saves folder cannot be read: {error}").format(error=os_error(p["error"])),
    "cannot_be_shown": lambda p: _("cannot be shown: {error}").format(error=p["error"]),
    "cannot_be_resumed": lambda p: _("cannot be resumed: {error}").format(error=p["error"]),
}
