"""Text that players typed (names, notes) or that came from a file is content, never markup.

Two helpers, used on every screen:
- `markup(template, **values)` for our own markup with values in it: the template's `[b]…[/b]` is styled,
  the values are inserted as plain text, whatever brackets, backslashes or `@click` they hold;
- `plain(value)` for a Rich renderable (a table cell, a line in a Group): a `Text`, which Rich never
  parses, where a `str` would be read as Rich markup.
"""

from __future__ import annotations

import unicodedata

from rich.text import Text
from textual.content import Content


def printable(value: object) -> str:
    """`value` as text without control characters (an escape sequence in a name must not reach the terminal)."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(ch if unicodedata.category(ch)[0] != "C" or ch in "\n\t\u200c\u200d" else "\ufffd" for ch in text)


def markup(template: str, /, **values: object) -> Content:
    """Our markup `template` with `{name}` placeholders filled by `values` as plain text.

    `markup("[b]{name}[/b] played {card}", name=player, card="R3")`: only the template is markup.
    """
    # Textual substitutes string.Template variables after parsing the tags, so a value is never read as markup.
    slots = {key: "${" + key + "}" for key in values}
    source = template.replace("$", "$$").format(**slots)
    return Content.from_markup(source, **{key: printable(value) for key, value in values.items()})


def plain(value: object, style: str = "") -> Text:
    """`value` as Rich text that is never parsed as markup (a table cell, a line in a Group)."""
    return Text(printable(value), style=style)
