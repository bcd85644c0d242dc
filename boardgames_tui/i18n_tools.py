"""Catalogue maintenance for translators (needs Babel: `pip install -e '.[test]'`).

    python -m boardgames_tui.i18n_tools update [DOMAIN ...]   # extract messages from the code into the .po files
    python -m boardgames_tui.i18n_tools compile [DOMAIN ...]  # .po → .mo (commit both)
    python -m boardgames_tui.i18n_tools check [DOMAIN ...]    # untranslated, placeholder mismatches, stale .mo

Without DOMAIN every domain is done: "app" and one per game of the registry (engine/registry.py), whether or
not its catalogue exists yet (`update` makes it).

A message belongs to the domain of the file that says it: files under tui/games/<game>/ and the game's
narrator narration/<game>.py to that game's domain, every other file of the package to "app". The engine says no sentences (a test holds it to that).
See boardgames_tui/locale/README.md.
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .engine.registry import GAMES
from .i18n import LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).parent
# The catalogues the code's messages go to: the app's and each registered game's.
DOMAINS: tuple[str, ...] = ("app", *GAMES)
COMMENT_TAGS = ("TRANSLATORS:",)


def domain_of(path: Path) -> str | None:
    """The catalogue a source file's messages go to (None: the file says no messages)."""
    parts = path.relative_to(PACKAGE).parts
    if parts[0] == "engine" or path.name == "i18n_tools.py":
        return None
    if parts[:2] == ("tui", "games") and len(parts) > 3:
        return parts[2]
    if parts[0] == "narration" and path.stem in DOMAINS:
        return path.stem
    return "app"


def source_files(domain: str) -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if domain_of(path) == domain:
            yield path


def extract(domain: str):  # type: ignore[no-untyped-def]
    """A Babel catalogue of every message the code of `domain` says."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    catalog = Catalog(project="boardgames_tui", domain=domain)
    for path in source_files(domain):
        relative = path.relative_to(PACKAGE.parent).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            catalog.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(locale: str, domain: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def translated_locales() -> list[str]:
    return [folder for folder, _name in LANGUAGES.values() if folder is not None]


def read_catalog(locale: str, domain: str):  # type: ignore[no-untyped-def]
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(locale, domain)
    if not path.exists():
        return Catalog(locale=locale, domain=domain, project="boardgames_tui")
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=domain)


def update(domains: tuple[str, ...] = DOMAINS) -> None:
    from babel.messages.pofile import write_po

    for locale in translated_locales():
        for domain in domains:
            catalog = read_catalog(locale, domain)
            catalog.update(extract(domain), no_fuzzy_matching=True)
            path = po_path(locale, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False, ignore_obsolete=True, sort_output=False)
            print(f"updated {path.relative_to(PACKAGE.parent)}")


def compiled(catalog) -> bytes:  # type: ignore[no-untyped-def]
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all(domains: tuple[str, ...] = DOMAINS) -> None:
    for locale in translated_locales():
        for domain in domains:
            path = po_path(locale, domain)
            if path.exists():
                path.with_suffix(".mo").write_bytes(compiled(read_catalog(locale, domain)))
                print(f"compiled {path.with_suffix('.mo').relative_to(PACKAGE.parent)}")


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a str.format message (a message that is not a valid format string has none)."""
    try:
        return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return set()


@dataclass
class Problem:
    locale: str
    domain: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.locale}/{self.domain}: {self.what}: {self.message!r}"


def problems(domains: tuple[str, ...] = DOMAINS) -> list[Problem]:
    """Everything a translator still has to do: messages in the code without a translation, translations
    whose placeholders differ from their message, and .mo files older than their .po."""
    found: list[Problem] = []
    for locale in translated_locales():
        for domain in domains:
            catalog = read_catalog(locale, domain)
            for message in extract(domain):
                if not message.id:
                    continue
                entry = catalog.get(message.id, context=message.context)
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                if entry is None or entry.fuzzy or not entry.string or not all(entry.string if isinstance(entry.string, tuple) else (entry.string,)):
                    found.append(Problem(locale, domain, ids[0], "untranslated"))
                    continue
                strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                wanted = set().union(*(placeholders(i) for i in ids))
                for text in strings:
                    # A Chinese plural has one form; it may leave out {n} only if the English singular does.
                    if placeholders(text) != wanted and placeholders(text) != placeholders(ids[0]):
                        found.append(Problem(locale, domain, ids[0], f"placeholders differ in {text!r}"))
            path = po_path(locale, domain)
            if path.exists() and (not path.with_suffix(".mo").exists() or path.with_suffix(".mo").read_bytes() != compiled(catalog)):
                found.append(Problem(locale, domain, path.name, "the .mo is not compiled from the .po"))
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    domains = tuple(argv[1:]) or DOMAINS
    unknown = set(domains) - set(DOMAINS)
    if unknown:
        print(f"unknown domain(s): {', '.join(sorted(unknown))}; the domains are {', '.join(DOMAINS)}")
        return 2
    if command == "update":
        update(domains)
    elif command == "compile":
        compile_all(domains)
    elif command == "check":
        found = problems(domains)
        for problem in found:
            print(problem)
        print(f"{len(found)} problems")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
