"""argparse's own words on the command line ("usage:", "options:", "show this help message and exit", every
argument error) in the session's language, through the app's catalogue.

argparse asks `gettext.gettext` and `gettext.ngettext` for them, bound to its module as `argparse._` and
`argparse.ngettext` at import and looked up each time it says something (Python 3.11 to 3.14).
`argparse_in_language()` points those two names at `boardgames_tui.i18n` while our parsers are built and
used, so argparse's English becomes the msgid of a message in the "app" catalogue; the messages it can say
for this program are marked below, spelled exactly as argparse's source spells them (a message that a
Python version spells differently, or a new one, simply stays in English).

`HelpFormatter` lays the help out in terminal cells: Chinese text is wrapped between characters (textwrap
only breaks at spaces, and counts a character as one cell), and the headings of Python < 3.13, whose
colon argparse adds without asking gettext, are written as Python 3.13 writes them ("%(heading)s:").
"""

from __future__ import annotations

import argparse
import contextlib
import re
import unicodedata
from collections.abc import Iterator

from .i18n import N_, _, ngettext

# TRANSLATORS: the words of Python's argparse (the command line's help and errors). Keep every % placeholder
# (%(prog)s, %(message)s, %s, %r ...) exactly; keep the final line break of "%(prog)s: error: ..."; "usage: "
# and "%(heading)s:" are followed directly by the text ("用法：", "%(heading)s："), so the headings
# "options", "positional arguments" take no colon of their own.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("%(heading)s:"),  # Python 3.13+; older ones add ":" themselves (HelpFormatter asks for it too)
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),  # Python 3.14+
    N_("expected one argument"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
)


def translate(message: str) -> str:
    """argparse's `_`: its English message in the session's language (argparse 3.11 also asks for None)."""
    if not isinstance(message, str) or not message:  # "" would be the catalogue's header
        return message
    return _(message)


def translate_plural(singular: str, plural: str, count: int) -> str:
    """argparse's `ngettext`."""
    return ngettext(singular, plural, count)


@contextlib.contextmanager
def argparse_in_language() -> Iterator[None]:
    """While it lasts, argparse says its words through the app's catalogue (in the language set now, for
    what is fixed when a parser is built: its headings, the -h help; when said, for errors)."""
    saved = argparse.__dict__.get("_"), argparse.__dict__.get("ngettext")
    argparse._ = translate  # type: ignore[attr-defined]
    argparse.ngettext = translate_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for name, value in zip(("_", "ngettext"), saved):
            if value is None:
                argparse.__dict__.pop(name, None)
            else:
                setattr(argparse, name, value)


def cells(text: str) -> int:
    """The width of `text` in terminal cells (a Chinese character or full-width sign takes two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def is_wide(text: str) -> bool:
    return any(unicodedata.east_asian_width(char) in "WF" for char in text)


NO_BREAK_BEFORE = set("，。、：；！？）】」』》〉”’…·,.;:!?)]}")  # never at the start of a line
NO_BREAK_AFTER = set("（【「『《〈“‘([{")  # never at the end of a line
TOKENS = re.compile(r" +|[^\s]")


def wrap_cells(text: str, width: int) -> list[str]:
    """`text` (one paragraph, single spaces) in lines of at most `width` cells where it can be: a line may
    break at a space or between two wide characters, never inside a word of narrow ones ("--full", "json")
    nor before a closing sign; a word longer than a line keeps a line of its own."""
    units: list[str] = []  # pieces never broken, and single spaces
    for token in TOKENS.findall(text):
        if token.startswith(" "):
            units.append(" ")
            continue
        previous = units[-1] if units else " "
        joins = (
            previous != " "
            and (
                (not is_wide(token) and not is_wide(previous[-1]))  # a narrow word goes on
                or token in NO_BREAK_BEFORE
                or previous[-1] in NO_BREAK_AFTER
            )
        )
        if joins:
            units[-1] += token
        else:
            units.append(token)
    lines: list[str] = []
    line, used, space = "", 0, False
    for unit in units:
        if unit == " ":
            space = bool(line)
            continue
        size = cells(unit)
        gap = 1 if space else 0
        if line and used + gap + size > width:
            lines.append(line)
            line, used = unit, size
        else:
            line += " " * gap + unit
            used += gap + size
        space = False
    if line:
        lines.append(line)
    return lines


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, laid out in terminal cells, with headings the way the catalogue writes them."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self._headings: list[str] = []

    def start_section(self, heading: str | None) -> None:
        if isinstance(heading, str):
            self._headings.append(heading)
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        template = translate("%(heading)s:")
        if template == "%(heading)s:":
            return text
        for heading in self._headings:
            # Python < 3.13 wrote "heading:" itself; 3.13+ has already asked for the template.
            pattern = re.compile(rf"^( *){re.escape(heading)}:$", re.MULTILINE)
            text = pattern.sub(lambda match: match.group(1) + template % {"heading": heading}, text)
        return text

    def _format_usage(self, usage, actions, groups, prefix):  # type: ignore[no-untyped-def]
        if prefix is None:
            prefix = translate("usage: ")
        # argparse measures the prefix in characters: lay the usage out behind a stand-in as wide as it is.
        stand_in = "\0" * cells(prefix)
        text = super()._format_usage(usage, actions, groups, stand_in)
        return text.replace(stand_in, prefix, 1) if stand_in else text

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        header = " " * self._current_indent + self._format_action_invocation(action)
        extra = cells(header) - len(header)  # a wide metavar ("存档") was padded as if it took one cell a character
        if extra > 0 and text.startswith(header + " " * (extra + 2)):
            text = header + text[len(header) + extra :]
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        if not is_wide(text):
            return super()._split_lines(text, width)
        return wrap_cells(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not is_wide(text):
            return super()._fill_text(text, width, indent)
        lines = wrap_cells(self._whitespace_matcher.sub(" ", text).strip(), max(width - len(indent), 11))
        return "\n".join(indent + line for line in lines)
