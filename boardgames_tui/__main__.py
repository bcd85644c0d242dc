"""Entry point: `boardgames` or `python -m boardgames_tui` (`--help` lists the options)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    from .i18n import LANGUAGES, _

    parser = argparse.ArgumentParser(
        prog="boardgames",
        description=_("Board games for friends around one laptop, in the terminal."),
        epilog=_(
            "Without --lang the language chosen in the main menu is used, or else the system locale "
            "(LANG=zh_CN.UTF-8 gives Simplified Chinese)."
        ),
    )
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help=_("the language of this session: {choices}").format(
            choices=", ".join(f"{code} ({name})" for code, (_folder, name) in LANGUAGES.items())
        ),
    )
    return parser.parse_args(argv)


def requested_language(argv: Sequence[str]) -> str | None:
    """The value of --lang in `argv`, looked up before the parser exists (so that --help is in it too)."""
    for index, word in enumerate(argv):
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return None


def main(argv: Sequence[str] | None = None) -> None:
    from .i18n import _, set_language
    from .tui.settings import choose_language, load_settings

    words = list(sys.argv[1:] if argv is None else argv)
    settings = load_settings()
    set_language(choose_language(requested_language(words), settings))
    arguments = parse_arguments(words)
    # Before the app exists: its first screen is built in this language.
    set_language(choose_language(arguments.lang, settings))
    from .tui.app import BoardGamesApp

    app = BoardGamesApp()
    app.run()
    farewell = app.farewell()
    if farewell:
        print(farewell, file=sys.stderr)
    if app.return_code:  # an unexpected error: Textual printed it; say where the game is and exit non-zero
        if app.session is not None and not farewell:
            print(_("The game was last saved in {path}").format(path=app.session.save_path), file=sys.stderr)
        sys.exit(app.return_code)


if __name__ == "__main__":
    main()
