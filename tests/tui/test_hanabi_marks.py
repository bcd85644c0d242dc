"""Hanabi marks what changed since a person last looked at the table (NEW_MARK ✦): the card just played on a
pile, the discards just made, the cards just drawn into other hands, the cards a clue just touched, a new
misfire. Worked out from two of the person's own Views only; nothing is marked when the earlier View is
unknown (a game just resumed)."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console
from textual.app import App

from boardgames_tui.engine.hanabi.models import ColourClue, DiscardCard, HanabiOptions, HanabiState, NumberClue, PlayCard
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.tui.games.hanabi import render
from boardgames_tui.narration.hanabi import HanabiNarrator
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.widgets.news import NEW_MARK

from ..engine.hanabi.helpers import act, build, resample_own_cards
from .helpers import reveal, screen_text, start_game, wait_for_handoff


def table_start() -> HanabiState:
    """Ana, Bob and Cy; Bob holds R1 first, the deck's top card is W3."""
    hands = [["G2", "Y3", "B4", "W1", "R5"], ["R1", "Y2", "G4", "B1", "W4"], ["Y1", "G3", "B3", "R4", "W2"]]
    return build(hands, deck=["W3", "Y5"], fill_deck=True)


def drawn(item: Any, width: int = 100) -> str:
    return "".join(segment.text for segment in Console(width=width, color_system=None).render(item))


def test_a_play_a_draw_and_a_clue_since_the_last_look_are_marked() -> None:
    state = act(table_start(), NumberClue(target=1, rank=1))  # Ana's turn ends: she looks at the table
    before = RULES.view(state, 0)
    state = act(state, PlayCard(slot=0))  # Bob plays R1 and draws W3
    state = act(state, ColourClue(target=0, suit="B"))  # Cy tells Ana her slot 3 is blue
    view = RULES.view(state, 0)
    new = render.changes(before, view)
    assert new.piles == {0}  # red
    assert new.drawn == {view.hands[1].slots[0].card.id} and view.hands[1].slots[0].card.label == "W3"
    assert new.clued == {(0, 2)}
    assert not new.discards and not new.misfired and not new.bonus
    # Drawn: the pile's top card, Bob's new card, and what Ana was told about her third card.
    assert f"{NEW_MARK} R1" in drawn(render.fireworks_panel(view, new))
    bob = drawn(render.other_hand(view, view.hands[1], None, new=new)).splitlines()
    assert bob[0].split()[1:3] == [NEW_MARK, "W3"], bob  # only the new card: "Bob ✦ W3 Y2 G4 B1"
    assert bob[0].count(NEW_MARK) == 1 and NEW_MARK not in bob[1], "Bob's own old 1 was clued before Ana looked"
    own = drawn(render.own_hand(view, view.hands[0], None, new=new)).splitlines()
    assert own[1].split()[4] == f"{NEW_MARK}*B?" and own[1].count(NEW_MARK) == 1, own
    # Unmarked, the same panels draw exactly as before.
    assert NEW_MARK not in drawn(render.fireworks_panel(view)) + drawn(render.other_hand(view, view.hands[1], None))


def test_a_discard_and_a_misfire_are_marked() -> None:
    state = act(table_start(), NumberClue(target=1, rank=1))
    before = RULES.view(state, 0)
    state = act(state, DiscardCard(slot=1))  # Bob discards Y2
    state = act(state, PlayCard(slot=3))  # Cy misfires R4
    view = RULES.view(state, 0)
    new = render.changes(before, view)
    assert {card.label for card in view.discard if card.id in new.discards} == {"Y2", "R4"}
    assert new.misfired and not new.piles
    assert f"Misfires ✗·· 1/3{NEW_MARK}" in drawn(render.status_line(view, new))
    discards = drawn(render.discard_panel(view, new))
    assert f"{NEW_MARK}R:4" in discards and f"{NEW_MARK}Y:2" in discards
    # An old discard stays unmarked beside a new one of its colour.
    later = act(act(act(state, NumberClue(target=1, rank=1)), DiscardCard(slot=4)), NumberClue(target=0, rank=5))
    text = drawn(render.discard_panel(RULES.view(later, 0), render.changes(RULES.view(state, 0), RULES.view(later, 0))))
    assert f"{NEW_MARK}R:4" not in text and "R:4" in text and f"{NEW_MARK}W:4" in text, text


def test_the_numbers_of_a_colours_discards_are_set_apart() -> None:
    # Testers read "W:14" (a white 1 and a white 4) as fourteen.
    from boardgames_tui.engine.hanabi.models import Card

    view = RULES.view(table_start(), 0)
    discard = (Card(id=90, suit="W", rank=4), Card(id=91, suit="R", rank=3), Card(id=92, suit="W", rank=1), Card(id=93, suit="W", rank=1))
    view = view.model_copy(update={"discard": discard})
    assert drawn(render.discard_panel(view)).split()[1:] == ["R:3", "W:1,1,4"]


def test_nothing_is_marked_without_an_earlier_view_or_with_another_seats() -> None:
    state = act(act(table_start(), NumberClue(target=1, rank=1)), PlayCard(slot=0))
    assert render.changes(None, RULES.view(state, 0)) == render.NO_CHANGES
    assert render.changes(RULES.view(state, 1), RULES.view(state, 0)) == render.NO_CHANGES
    assert render.changes(RULES.view(state, 0), RULES.view(state, 0)) == render.NO_CHANGES


def test_the_marks_tell_nothing_of_the_viewers_own_cards() -> None:
    """Two tables alike but for Ana's own cards (and the deck's order) mark the same things for Ana."""
    moves = [NumberClue(target=2, rank=3), NumberClue(target=1, rank=4)]
    for trial in range(20):
        one = act(table_start(), NumberClue(target=1, rank=1))
        other = resample_own_cards(one, 0, random.Random(trial))
        assert RULES.view(one, 0) == RULES.view(other, 0)
        marks = []
        for state in (one, other):
            before = RULES.view(state, 0)
            for move in moves:  # Bob and Cy clue each other: nothing drawn, Ana's cards untouched
                state = act(state, move)
            view = RULES.view(state, 0)
            marks.append(render.changes(before, view))
        assert marks[0] == marks[1] and marks[0].clued == {(2, 1), (2, 2), (1, 2), (1, 4)}


class MarkedApp(App[None]):
    def __init__(self, view: Any, previous: Any) -> None:
        super().__init__()
        self.view, self.previous = view, previous

    def on_mount(self) -> None:
        narrator = HanabiNarrator(self.view.players)
        self.push_screen(HanabiTurnScreen(self.view, game_id="hanabi", title="Hanabi", narrator=narrator, previous_view=self.previous))


async def test_the_turn_screen_marks_the_changes_and_its_help_says_what_the_mark_means() -> None:
    state = act(table_start(), NumberClue(target=1, rank=1))
    before = RULES.view(state, 0)
    state = act(act(state, PlayCard(slot=0)), ColourClue(target=0, suit="B"))
    for previous, marks in ((before, 3), (None, 0)):
        app = MarkedApp(RULES.view(state, 0), previous)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HanabiTurnScreen)
            assert not screen.query("#hanabi-log"), "the news strip tells the moves; the table keeps no log"
            text = screen_text(app)
            table = [line for line in text.splitlines() if not line.lstrip().startswith(NEW_MARK)]  # not the news
            assert sum(line.count(NEW_MARK) for line in table) == marks, text
            await pilot.press("question_mark")
            await pilot.pause()
            assert "what changed since you last looked" in screen_text(app)


async def test_a_hotseat_game_marks_what_happened_since_each_players_turn(make_app) -> None:
    """Played by keys: Ana clues Ben, Ben plays, Chloé clues Ana; Ana's next screen marks the pile, Ben's new
    card and her clued cards, and Ben's marks Chloé's clue to Ana."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], HanabiOptions(), "marks-7")
        screen = await reveal(app, pilot)
        assert NEW_MARK not in "".join(screen_text(app).split("Since you last looked")[:1]), "nothing seen before"
        clue = next(c for c in screen.clues if c.target == 1)
        screen.submit(clue)
        await wait_for_handoff(app, pilot)
        ben = await reveal(app, pilot)
        assert isinstance(ben, HanabiTurnScreen) and ben.seat == 1
        ben.submit(DiscardCard(slot=0))
        await wait_for_handoff(app, pilot)
        chloe = await reveal(app, pilot)
        assert isinstance(chloe, HanabiTurnScreen) and chloe.seat == 2
        chloe.submit(next(c for c in chloe.clues if c.target == 0))
        await wait_for_handoff(app, pilot)
        ana = await reveal(app, pilot)
        assert isinstance(ana, HanabiTurnScreen) and ana.seat == 0
        view = session.view(0)
        assert ana.new.discards == {view.discard[-1].id} and ana.new.drawn == {view.hands[1].slots[0].card.id}
        assert ana.new.clued and all(seat == 0 for seat, _slot in ana.new.clued)
        text = screen_text(app)
        assert f"{NEW_MARK}{view.discard[-1].suit}:" in text


def test_the_rulebooks_rating_table_says_what_the_end_of_the_game_says() -> None:
    # A tester scored 24 and read "Amazing, they'll remember it for weeks!", where the rules said "Stunning".
    from boardgames_tui.i18n import set_language
    from boardgames_tui.narration.hanabi import RATINGS, rating_words
    from boardgames_tui.tui.screens.rules import rulebook_text

    try:
        for language, colon in (("en", ": "), ("zh", "：")):
            set_language(language)
            text = rulebook_text("hanabi", language)
            for code in RATINGS:
                verdict, crowd = rating_words(code)
                assert f"{verdict}{colon}{crowd}" in text, (language, code)
    finally:
        set_language("en")
