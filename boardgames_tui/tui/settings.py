"""The player's settings (the language, the computers' pace, the symbol set), kept in a small JSON file in the user's config folder.

The folder is platformdirs' user config folder for "boardgames_tui", or BOARDGAMES_TUI_CONFIG_DIR when set
(tests). The file is read as carefully as a save — a regular file, small, valid JSON, a known language —
and anything else is ignored without a word and left as it is: settings are a convenience and never stop
the program. The file is written only when the player changes a setting.

This module imports neither pydantic nor the engine: the main menu reads it before any game is loaded.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..i18n import LANGUAGES, language_from_environment

CONFIG_DIR_ENV = "BOARDGAMES_TUI_CONFIG_DIR"
FILE_NAME = "settings.json"
MAX_SETTINGS_BYTES = 16 * 1024


# How fast computers move on the table: a pause after each move long enough to follow it, or "step": each
# move waits for a key.
PACES = ("slow", "normal", "fast", "step")
DEFAULT_PACE = "normal"

# Which symbols the screens draw (see symbols.py): "auto" the safe set in Chinese, or one set for every language.
SYMBOL_SETS = ("auto", "standard", "safe")
DEFAULT_SYMBOLS = "auto"


@dataclass(frozen=True)
class Settings:
    language: str | None = None  # None: not chosen, follow the system locale
    computer_pace: str = DEFAULT_PACE
    symbols: str = DEFAULT_SYMBOLS


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    override = environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_path

    return user_config_path("boardgames_tui", appauthor=False)


def settings_path(environ: Mapping[str, str] = os.environ) -> Path:
    return config_dir(environ) / FILE_NAME


def _read_small_regular_file(path: Path) -> bytes:
    """The bytes of `path` if it is a small regular file; OSError or ValueError otherwise. A link, a
    folder, a pipe or a device is never opened."""
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SETTINGS_BYTES:
        raise ValueError("not a small regular file")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else between the two looks
            raise ValueError("not a regular file")
        data = os.read(fd, MAX_SETTINGS_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_SETTINGS_BYTES:
        raise ValueError("too large")
    return data


def _refuse_constant(text: str) -> object:
    raise ValueError(f"{text} is not allowed")


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there is no usable file (the file is never changed)."""
    try:
        raw = _read_small_regular_file(path if path is not None else settings_path())
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (OSError, ValueError, RecursionError):  # missing, unreadable, not UTF-8, not JSON, too deep
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    language = data.get("language")
    pace = data.get("computer_pace")
    symbols = data.get("symbols")
    return Settings(
        language=language if isinstance(language, str) and language in LANGUAGES else None,
        computer_pace=pace if isinstance(pace, str) and pace in PACES else DEFAULT_PACE,
        symbols=symbols if isinstance(symbols, str) and symbols in SYMBOL_SETS else DEFAULT_SYMBOLS,
    )


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write `settings` atomically (the old file or the new, never a torn one); False if it cannot be
    written (a read-only folder, a full disk): the setting then lasts until the program closes."""
    target = path if path is not None else settings_path()
    fields = {"language": settings.language, "computer_pace": settings.computer_pace, "symbols": settings.symbols}
    text = json.dumps(fields, ensure_ascii=False, indent=1) + "\n"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp_name, target)  # a link in its place is replaced, never followed
        except BaseException:
            try:
                os.unlink(tmp_name)
            except FileNotFoundError:
                pass
            raise
    except OSError:
        return False
    return True


def change_settings(**changes: str | None) -> bool:
    """Change some settings and keep the others as saved; False when the file cannot be written (the change
    then lasts until the program closes)."""
    return save_settings(replace(load_settings(), **changes))  # type: ignore[arg-type]


def choose_language(
    requested: str | None, settings: Settings, environ: Mapping[str, str] = os.environ
) -> str:
    """The language to start in: `--lang` first, then the saved setting, then the system locale."""
    if requested in LANGUAGES:
        return requested  # type: ignore[return-value]
    if settings.language in LANGUAGES:
        return settings.language  # type: ignore[return-value]
    return language_from_environment(environ)
