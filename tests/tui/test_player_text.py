"""Text from players is content, never markup: the one helper every screen uses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from boardgames_tui.tui.text import markup, plain

HOSTILE = ["[b]Al[/i]", "[dad]", "[@click=app.quit]", "[@click=zz.q]", "[link='file:///etc/passwd']x", "\\", "a\\[b]", "$name", "${x}", "{n}"]
# Brackets, backslashes and dollar signs are what markup and templates read; mixed with any other text.
names = st.text(alphabet=st.sampled_from("[]\\/@=$'{}ab 字é\u0301\u05d0😀"), max_size=16) | st.sampled_from(HOSTILE)


@given(name=names, other=names)
@settings(max_examples=300, deadline=None)
def test_values_are_inserted_as_typed_and_only_the_template_is_styled(name: str, other: str) -> None:
    content = markup("[b]{name}[/b] told {other} about [i]blue[/i]", name=name, other=other)
    assert content.plain == f"{name} told {other} about blue"
    styled = [(span.start, span.end, str(span.style)) for span in content.spans if span.end > span.start]
    blue = len(f"{name} told {other} about ")
    assert styled == ([(0, len(name), "b")] if name else []) + [(blue, blue + 4, "i")]


def test_no_value_can_add_a_click_action() -> None:
    content = markup("Pass to {name}", name="[@click=app.quit]quit[/]")
    assert content.plain == "Pass to [@click=app.quit]quit[/]"
    assert not content.spans


@given(name=names)
@settings(max_examples=100, deadline=None)
def test_plain_text_for_rich_is_never_parsed(name: str) -> None:
    console = Console(width=80, record=True, color_system=None)
    console.print(plain(name), end="")
    assert console.export_text() == name


def test_control_characters_never_reach_the_terminal() -> None:
    assert markup("{name}", name="a\x1b[31mb").plain == "a\ufffd[31mb"
    assert plain("x\x07").plain == "x\ufffd"
