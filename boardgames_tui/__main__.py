"""Entry point: `boardgames` or `python -m boardgames_tui` starts the games; `boardgames export SAVE` and
`boardgames import FILE` write and read game records (`--help` lists the options)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def seat_number(text: str) -> int:
    """A seat as players count them (1 = the first player), for --seat."""
    from .i18n import _

    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise argparse.ArgumentTypeError(_("{value} is not a seat number (1 = the first player)").format(value=text[:20]))
    return int(text)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    from typing import NoReturn

    from .cli_words import argparse_in_language

    class Parser(argparse.ArgumentParser):
        """argparse, whose error messages quote what was typed (an unknown argument, a bad --seat) with any
        escape sequence or control character written out, never sent to the terminal."""

        def error(self, message: str) -> NoReturn:
            from .records import shown

            super().error(shown(message))

    with argparse_in_language():  # argparse's own words ("usage:", its errors) in the session's language
        return build_parser(Parser).parse_args(argv)


def build_parser(parser_class: type[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """The command line: the games, `export` and `import` (built in the language set now)."""
    from .cli_words import HelpFormatter
    from .i18n import LANGUAGES, _, pgettext

    parser = parser_class(
        prog="boardgames",
        formatter_class=HelpFormatter,
        description=_("Board games for friends around one laptop, in the terminal."),
        epilog=_(
            "Without --lang the language chosen in the main menu is used, or else the system locale "
            "(LANG=zh_CN.UTF-8 gives Simplified Chinese)."
        ),
    )
    lang_help = _("the language of this session: {choices}").format(
        choices=", ".join(f"{code} ({name})" for code, (_folder, name) in LANGUAGES.items())
    )
    parser.add_argument("--lang", choices=sorted(LANGUAGES), help=lang_help)
    commands = parser.add_subparsers(
        dest="command",
        metavar=pgettext("command line", "COMMAND"),
        title=_("commands (without one, the games start)"),
    )
    export = commands.add_parser(
        "export",
        formatter_class=HelpFormatter,
        help=_("write a game's record to standard output"),
        description=_(
            "Write a game's record to standard output. A game still being played is written as one seat "
            "(--seat) or the public table may know it: no deal number, no moves, only what that viewpoint "
            "has seen; --full writes the whole game."
        ),
    )
    export.add_argument(
        "save",
        metavar=pgettext("command line", "SAVE"),
        help=_("a save: its id (the file name in the saves folder, without .json) or the path to a save file"),
    )
    export.add_argument(
        "--format",
        choices=("json", "text", "hanablive"),
        default="json",
        help=_(
            "json: this program's record, which import reads back (of a game still being played: what the "
            "viewpoint may know, which import refuses); text: a readable move list; hanablive: a finished "
            "Hanabi game for the hanab.live replay viewer (default: json)"
        ),
    )
    export.add_argument(
        "--seat",
        type=seat_number,
        metavar="N",
        help=_(
            "write what seat N (1 = the first player) may know of a game still being played, with its private "
            "card notes; of a finished game, add seat N's notes. Without it no notes are written"
        ),
    )
    export.add_argument(
        "--full",
        action="store_true",
        help=_(
            "of a game still being played, write the whole record (the deal number and every move: every "
            "hidden card), which import turns into a save on another computer; never show it to the players"
        ),
    )
    import_command = commands.add_parser(
        "import",
        formatter_class=HelpFormatter,
        help=_("turn a game record (the json format of export) into a new save"),
        description=_(
            "Turn a game record (the json format of export) into a new save in the saves folder. A game still "
            "being played must have been written with export --full."
        ),
    )
    import_command.add_argument("file", metavar=pgettext("command line", "FILE"), help=_("the record file to read"))
    from .hosting.cli import add_host_command

    add_host_command(commands, HelpFormatter, lang_help)
    for command in (export, import_command):  # --lang may come after the command too
        command.add_argument("--lang", choices=sorted(LANGUAGES), default=argparse.SUPPRESS, help=lang_help)
    return parser


def run_command(arguments: argparse.Namespace) -> int:
    """Carry out `export` or `import`; the exit code (0 done, 1 a file could not be used, 2 the request
    cannot be met). Every problem is said on standard error in the player's language."""
    from .engine.saves import SaveStore
    from .i18n import _
    from .records import RecordError, export, find_save, import_record, read_record_file, shown

    store = SaveStore()
    try:
        if arguments.command == "export":
            saved = find_save(arguments.save, store)
            seat = arguments.seat - 1 if arguments.seat is not None else None
            write_out(export(saved, arguments.format, seat, full=arguments.full))
            if arguments.full and not saved.save.finished:
                # Last, so that it is the line left on the screen under a long record.
                warning = _(
                    "Warning: this is the whole record of a game still being played: it shows every hidden card. "
                    "Do not show it to the players; use it only to move the game to another computer "
                    "(boardgames import FILE)."
                )
                print(warning, file=sys.stderr)
        else:
            from pathlib import Path

            path = Path(arguments.file)
            written = import_record(read_record_file(path), store, path.name or arguments.file)
            said = _("Imported as save {id}: {path}").format(id=written.stem, path=written)
            print(shown(said), file=sys.stderr)  # the saves folder comes from the environment
    except RecordError as exc:
        print(exc.message, file=sys.stderr)
        return exc.exit_code
    except Exception as exc:  # noqa: BLE001 - a command-line tool reports, it does not print a traceback
        problem = _("Something unexpected went wrong ({error}); nothing was written.").format(error=type(exc).__name__)
        print(problem, file=sys.stderr)
        return 1
    return 0


def write_out(text: str) -> None:
    """Print a record on standard output, in UTF-8 even where the terminal's encoding has no room for it."""
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
    except BrokenPipeError:  # `boardgames export X | head`: the reader left, which is fine
        import os

        # Python flushes standard output once more on the way out; let that go nowhere instead of failing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def requested_language(argv: Sequence[str]) -> str | None:
    """The value of --lang in `argv`, looked up before the parser exists (so that --help is in it too)."""
    for index, word in enumerate(argv):
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return None


def main(argv: Sequence[str] | None = None) -> None:
    from .i18n import set_language
    from .tui.settings import choose_language, load_settings

    words = list(sys.argv[1:] if argv is None else argv)
    settings = load_settings()
    set_language(choose_language(requested_language(words), settings))
    arguments = parse_arguments(words)
    # Before the app exists: its first screen is built in this language.
    set_language(choose_language(getattr(arguments, "lang", None), settings))
    if arguments.command == "host":
        from .hosting.cli import run_host

        code = run_host(arguments)
        if code:
            sys.exit(code)
        return
    if arguments.command is not None:
        code = run_command(arguments)
        if code:
            sys.exit(code)
        return
    from .tui.app import BoardGamesApp

    app = BoardGamesApp()
    app.run()
    # Moves that never reached the disk, or an unexpected error (Textual printed it): said here, non-zero exit.
    status, message = app.exit_report()
    if message:
        print(message, file=sys.stderr)
    if status:
        sys.exit(status)


if __name__ == "__main__":
    main()
