"""The single translation hook: every user-visible string goes through `_()`, `ngettext()` or `pgettext()`
with its English source text, so the whole collection can be shown in another language.

Catalogues are gettext catalogues in boardgames_tui/locale/<locale>/LC_MESSAGES/<domain>.po, compiled to
.mo beside them (see boardgames_tui/locale/README.md). There is one domain for the app (menus, setup,
handoff, saves, results) and one per game (its screens and narrator); at run time they are chained into
one translation, so code never names its domain. While a game is open its own domain is asked first,
so a word both catalogues know ("Play", "Game over") reads as that game says it. Strings fixed at import time (binding descriptions,
tables of labels) are marked with `N_()` and translated where they are shown, so a change of language
takes effect at once.
"""

from __future__ import annotations

import functools
import gettext
import os
from collections.abc import Mapping
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"


def catalogue_domains(locale_dir: Path = LOCALE_DIR) -> tuple[str, ...]:
    """The domains: "app", then every game's: each catalogue (`<language>/LC_MESSAGES/<domain>.po`, compiled to
    .mo) found beside this module, so a new game's catalogue is found by its name (this module is below the
    registry and imports none)."""
    found = {path.stem for pattern in ("*.po", "*.mo") for path in locale_dir.glob(f"*/LC_MESSAGES/{pattern}")}
    found.discard("app")
    return ("app", *sorted(found))


DOMAINS = catalogue_domains()

# Language code → (gettext locale folder, the language's own name for the settings menu).
LANGUAGES: dict[str, tuple[str | None, str]] = {"en": (None, "English"), "zh": ("zh_CN", "简体中文")}
DEFAULT_LANGUAGE = "en"

_language = DEFAULT_LANGUAGE
_game: str | None = None  # the game whose catalogue is asked first
_translation: gettext.NullTranslations = gettext.NullTranslations()


@functools.cache
def load_translation(language: str, first: str | None = None) -> gettext.NullTranslations:
    """Every domain's catalogue for `language`, chained with `first` (a game's domain) asked before the
    others (English: no catalogue, the source text)."""
    folder = LANGUAGES[language][0]
    if folder is None:
        return gettext.NullTranslations()
    chain: gettext.NullTranslations | None = None
    for domain in sorted(DOMAINS, key=lambda domain: domain != first):  # stable: app, then the games
        found = gettext.translation(domain, localedir=LOCALE_DIR, languages=[folder], fallback=True)
        if chain is None:
            chain = found
        else:
            chain.add_fallback(found)
    return chain or gettext.NullTranslations()


def set_language(language: str) -> None:
    """Show every string from now on in `language` ("en" or "zh"); unknown codes are refused."""
    global _language, _translation
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    _translation = load_translation(language, _game)
    _language = language


def next_language() -> tuple[str, str]:
    """The language after the current one (the menu's `l`, a hosted seat's F2), and its name in its own words."""
    codes = list(LANGUAGES)
    code = codes[(codes.index(current_language()) + 1) % len(codes)]
    return code, LANGUAGES[code][1]


def set_game(game_id: str | None) -> None:
    """Ask `game_id`'s catalogue first from now on (None: the app's, as in the menus)."""
    global _game, _translation
    if game_id is not None and game_id not in DOMAINS:
        raise ValueError(f"no catalogue for game {game_id!r}")
    _translation = load_translation(_language, game_id)
    _game = game_id


def current_language() -> str:
    return _language


def current_game() -> str | None:
    """The game whose catalogue is asked first now (None: the app's)."""
    return _game


def language_from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the system locale asks for: the first of LC_ALL, LC_MESSAGES, LANG that is set
    decides (POSIX order); one starting with "zh" is Chinese, anything else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return DEFAULT_LANGUAGE


def _(message: str) -> str:
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Marks `message` for translation where it is defined; translate it with `_()` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` ("1 card", "2 cards"); format `{n}` into it afterwards."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """A message whose English is ambiguous, told apart by `context` ("verb" / "noun" ...)."""
    return _translation.pgettext(context, message)
