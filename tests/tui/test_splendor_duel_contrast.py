"""Splendor Duel: every letter on a coloured tile is readable. Each style that draws a letter on a tile (the
tokens, the card colours, the card bodies, decks, royal cards and the grey of a token out of reach) has
at least WCAG's 4.5:1 contrast between its letter and its tile, in fixed colours no terminal theme
repaints; and the screen paints them as declared (Textual's link colour once repainted every clickable
letter a light grey: W was 253 on 254)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.color import Color, ColorType
from rich.style import Style
from textual.geometry import Region

from boardgames_tui.engine.splendor_duel.data import TOKEN_LETTERS
from boardgames_tui.tui.games.splendor_duel import render

from ..engine.splendor_duel.helpers import board, build, player, tokens
from .helpers import resume_state

W, B, G, R, K, P, Y = range(7)
MINIMUM = 4.5


def luminance(color: Color) -> float:
    """WCAG relative luminance of a colour (256-colour numbers through Rich's palette)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = color.get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(foreground: Color, background: Color) -> float:
    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_measure_is_wcags() -> None:
    black, white = Color.parse("#000000"), Color.parse("#ffffff")
    assert contrast(black, white) == pytest.approx(21.0)
    assert contrast(white, white) == pytest.approx(1.0)
    assert contrast(Color.parse("#767676"), white) == pytest.approx(4.54, abs=0.01)  # WCAG's grey at the limit


@pytest.mark.parametrize("style", render.LETTER_STYLES)
def test_every_letter_style_is_readable_on_its_tile(style: str) -> None:
    parsed = Style.parse(style)
    assert parsed.color is not None and parsed.bgcolor is not None, f"{style}: a letter and a tile, both fixed"
    for color in (parsed.color, parsed.bgcolor):
        # The 16 ANSI colours and the terminal's default are the theme's to choose: not fixed.
        assert color.type not in (ColorType.STANDARD, ColorType.DEFAULT), f"{style}: {color.name} depends on the theme"
    ratio = contrast(parsed.color, parsed.bgcolor)
    assert ratio >= MINIMUM, f"{style}: {ratio:.2f}:1"


def test_the_letter_styles_cover_every_tile_the_panels_draw() -> None:
    """Each token, each card colour (joker and points-only too) and the other tiles are among the checked."""
    drawn = {
        *(style for _text, style in (render.card_letter(card) for card in (1, 26, 54))),
        *render.TOKEN_STYLES,
        render.CARD_BODY_STYLE,
        render.DECK_STYLE,
        render.ROYAL_STYLE,
        render.OUT_OF_REACH_STYLE,
    }
    assert drawn <= set(render.LETTER_STYLES)


def rgb(style: str) -> tuple[Any, Any]:
    """A declared style's (letter, tile) colours as the RGB a terminal is sent."""
    parsed = Style.parse(style)
    assert parsed.color is not None and parsed.bgcolor is not None
    return parsed.color.get_truecolor(), parsed.bgcolor.get_truecolor()


def painted(widget: Any, tiles_only: bool = True) -> dict[str, set[tuple[Any, Any]]]:
    """Each token letter the widget shows on its own (a tile: not a letter inside a word or a name), with
    the (letter, tile) colours the terminal gets for it; `tiles_only=False`: every piece of text holding a
    token letter (a card's top line), keyed by that text."""
    seen: dict[str, set[tuple[Any, Any]]] = {}
    for strip in widget.render_lines(Region(0, 0, *widget.outer_size)):
        for segment in strip:
            style = segment.style
            if style is None or style.color is None or style.bgcolor is None:
                continue
            text = segment.text
            if (text in TOKEN_LETTERS and len(text) == 1) or (not tiles_only and set(text) & set(TOKEN_LETTERS)):
                seen.setdefault(text, set()).add((style.color.get_truecolor(), style.bgcolor.get_truecolor()))
    return seen


def ratio(colours: tuple[Any, Any]) -> float:
    fg, bg = colours
    return contrast(Color.from_triplet(fg), Color.from_triplet(bg))


async def test_the_screen_paints_the_letters_as_declared(make_app) -> None:
    # Every colour on the board, on cards and in the players' lines; a gold the reservation may take.
    me = player(tokens(W=1, B=1, G=1, R=1, K=1, P=1, Y=1))
    state = build(board_cells=board("WBGRK", "PY...", ".....", ".....", "....."), seats=(me, player()))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        for selector in ("#sd-board", "#sd-players"):
            seen = painted(screen.query_one(selector))
            assert set(seen) == set(TOKEN_LETTERS), (selector, seen)
            for letter, colours in seen.items():
                assert colours == {rgb(render.TOKEN_STYLES[TOKEN_LETTERS.index(letter)])}, (selector, letter, colours)
        await pilot.press("tab")  # the cards: the cursor on one of them (its colours reversed)
        cards = painted(screen.query_one("#sd-cards"), tiles_only=False)
        assert len(cards) > 10
        for text, colours in cards.items():
            for pair in colours:
                assert ratio(pair) >= MINIMUM, ("cards", text, pair)


async def test_tokens_out_of_reach_stay_readable(make_app) -> None:
    # Reserving with two golds on the board: every other token is a grey tile, its letter still legible.
    state = build(board_cells=board("Y.W..", ".....", "..R..", ".....", "....Y"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        await pilot.press("tab", "v")
        screen = app.screen
        assert screen.reserving is not None
        seen = painted(screen.query_one("#sd-board"))
        assert seen["W"] == seen["R"] == {rgb(render.OUT_OF_REACH_STYLE)}
        assert seen["Y"] == {rgb(render.TOKEN_STYLES[Y])}
        for colours in seen.values():
            for pair in colours:
                assert ratio(pair) >= MINIMUM


def test_the_read_only_table_has_nothing_textual_would_draw_as_a_link() -> None:
    """The table a handoff, a replay or the results show has no clicks: Textual would paint each one in
    its link colour over the tile's letter colour."""
    from rich.console import Console

    from boardgames_tui.engine.splendor_duel.rules import RULES
    from boardgames_tui.narration.splendor_duel import NARRATOR
    from boardgames_tui.tui.games.splendor_duel.table import table

    state = build(board_cells=board("WBGRK", "PY...", ".....", ".....", "....."), seats=(player(reserved=(6,)), player()))
    for seat in (None, 0):
        view = RULES.view(state, seat)
        segments = list(Console(width=120).render(table(view, NARRATOR(view.players))))
        assert any(segment.text == "W" for segment in segments)
        assert not any(segment.style is not None and "@click" in segment.style.meta for segment in segments)
