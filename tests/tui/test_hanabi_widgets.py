"""The Hanabi turn screen's widgets, each alone in a small app with one seat's View: each draws what it should,
and draws again when one of its reactive attributes changes. The own hand never shows the viewer's cards."""

from __future__ import annotations

import random
from typing import Any

from textual.app import App, ComposeResult
from textual.widget import Widget

from boardgames_tui.engine.hanabi.models import ColourClue, DiscardCard, HanabiOptions, HanabiState, NumberClue, PlayCard
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.tui.games.hanabi import render
from boardgames_tui.tui.games.hanabi.choices import Step
from boardgames_tui.tui.games.hanabi.widgets import (
    BonusChoices,
    OthersHands,
    OwnHand,
    PromptLine,
    TableSummary,
    TurnHeader,
)
from boardgames_tui.tui.widgets.news import NEW_MARK

from ..engine.hanabi.helpers import act, build, resample_own_cards

SIZE = (100, 20)


def table_start() -> HanabiState:
    """Ana, Bob and Cy; Bob holds R1 first, the deck's top card is W3."""
    hands = [["G2", "Y3", "B4", "W1", "R5"], ["R1", "Y2", "G4", "B1", "W4"], ["Y1", "G3", "B3", "R4", "W2"]]
    return build(hands, deck=["W3", "Y5"], fill_deck=True)


class OneWidget(App[None]):
    """`widget`, alone on the screen."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


def shown(app: App[Any]) -> str:
    """The screen's text, row by row, trailing blanks cut."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips()).rstrip()


def rows_with(text: str, word: str) -> list[str]:
    return [line for line in text.splitlines() if word in line]


def after(text: str, label: str) -> list[str]:
    """The cells after `label` on its row, inside the panel's border."""
    return rows_with(text, label)[0].split(label, 1)[1].strip(" │").split()


async def test_the_header_says_whose_turn_it_is() -> None:
    state = table_start()
    header = TurnHeader("Hanabi", RULES.view(state, 0))
    app = OneWidget(header)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert shown(app).startswith(" Hanabi  Turn 1 · Your turn, Ana")
        header.view = RULES.view(act(state, NumberClue(target=1, rank=1)), 0)  # Ana's clue: Bob's turn now
        await pilot.pause()
        assert shown(app).startswith(" Hanabi  Turn 2 · Bob to play")


async def test_the_table_summary_draws_the_tokens_piles_and_discards_and_follows_its_view() -> None:
    state = table_start()
    summary = TableSummary(RULES.view(state, 0))
    app = OneWidget(summary)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "Clues ●●●●●●●● 8/8" in text and "Misfires ··· 0/3" in text and "Score 0/25" in text
        assert rows_with(text, "Discards")[0].split()[1:] == ["none"]
        assert NEW_MARK not in text and "Conventions" not in text

        before = RULES.view(state, 0)
        state = act(act(state, NumberClue(target=1, rank=1)), DiscardCard(slot=1))  # Bob discards Y2
        state = act(state, PlayCard(slot=3))  # Cy misfires R4
        summary.view = view = RULES.view(state, 0)
        await pilot.pause()
        text = shown(app)
        assert "Misfires ✗·· 1/3" in text and "R:4" in text and "Y:2" in text
        assert NEW_MARK not in text, "nothing is marked until the widget is told what is new"

        summary.new = render.changes(before, view)
        await pilot.pause()
        text = shown(app)
        assert f"{NEW_MARK}R:4" in text and f"{NEW_MARK}Y:2" in text and f"1/3{NEW_MARK}" in text

        summary.convention = "H-group"
        await pilot.pause()
        assert "Conventions: H-group" in shown(app)


async def test_the_other_hands_show_cards_numbers_clue_marks_and_notes() -> None:
    state = table_start()
    view = RULES.view(state, 0)
    others = OthersHands(view)
    app = OneWidget(others)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = shown(app)
        bob, cy = rows_with(text, "Bob")[0], rows_with(text, "Cy")[0]
        assert bob.split() == ["Bob", "R1", "Y2", "G4", "B1", "W4"]  # every other hand face up, from the left
        assert cy.split() == ["Cy", "Y1", "G3", "B3", "R4", "W2"]
        assert text.index("Bob") < text.index("Cy") and "▲" not in text and "✎" not in text

        others.targeting = True  # a player is being chosen: the digit that chooses each
        await pilot.pause()
        text = shown(app)
        assert rows_with(text, "Bob")[0].split()[:2] == ["1", "Bob"] and rows_with(text, "Cy")[0].split()[:2] == ["2", "Cy"]

        others.clue = NumberClue(target=2, rank=3)  # the clue about to be given: Cy's G3 and B3
        await pilot.pause()
        text = shown(app)
        lines = text.splitlines()
        cy_row = next(index for index, line in enumerate(lines) if "Cy" in line)
        marks = next(line for line in lines[cy_row:] if "▲" in line)
        assert marks.count("▲▲▲") == 2
        assert lines[cy_row].index("G3") <= marks.index("▲▲▲") + 1 <= lines[cy_row].index("G3") + 2
        assert not any("▲" in line for line in lines[:cy_row]), "no mark on Bob's hand"

        others.clue = None
        others.notes = {(1, 0): "play soon"}
        await pilot.pause()
        text = shown(app)
        assert "▲" not in text and "✎1 play soon" in text

        others.view = RULES.view(act(act(state, NumberClue(target=1, rank=1)), PlayCard(slot=0)), 0)  # Bob plays R1, draws W3
        await pilot.pause()
        assert rows_with(shown(app), "Bob")[0].split() == ["1", "Bob", "W3", "Y2", "G4", "B1", "W4"]


async def test_the_own_hand_shows_what_is_known_the_selection_and_notes() -> None:
    state = act(act(table_start(), NumberClue(target=1, rank=1)), ColourClue(target=0, suit="B"))  # Ana: card 3 is blue
    state = act(state, NumberClue(target=1, rank=2))
    own = OwnHand(RULES.view(state, 0))
    app = OneWidget(own)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "You: Ana" in text.splitlines()[0]
        assert after(text, "your cards") == ["??", "??", "*B?", "??", "??"]
        assert "▶" not in text and "could be:" not in text  # none selected

        own.selected = 2
        await pilot.pause()
        text = shown(app)
        assert "▶3" in rows_with(text, "card ")[0]
        assert "Slot 3 could be: B1 B2 B3 B4 B5" in text

        own.selected = 0
        await pilot.pause()
        text = shown(app)
        assert "▶1" in rows_with(text, "card ")[0] and "Slot 1 could be: R1" in text and "B1" not in rows_with(text, "could be:")[0]

        own.notes = {4: "chop"}
        await pilot.pause()
        text = shown(app)
        assert "5✎" in rows_with(text, "card ")[0] and "✎5 chop" in text


async def test_the_own_hand_grows_when_the_selected_cards_line_wraps() -> None:
    """Another card selected may need another row for what it could be (24 identities in six colours)."""
    state = build([["R5", "Y2", "G3", "B4", "W1"], ["R2", "Y3", "G4", "B5", "W2"]], options=HanabiOptions(sixth_suit="tricky"), fill_deck=True)
    state = act(act(state, NumberClue(target=1, rank=2)), NumberClue(target=0, rank=5))  # Bob: Ana's card 1 is a 5
    own = OwnHand(RULES.view(state, 0))
    own.selected = 0
    app = OneWidget(own)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        height = own.size.height
        own.selected = 1
        await pilot.pause()
        assert own.size.height == height + 1
        assert "M1 M2 M3 M4" in shown(app), "the whole line, not cut at the old height"
        own.selected = 0
        await pilot.pause()
        assert own.size.height == height


async def test_the_own_hand_never_shows_the_viewers_cards() -> None:
    """Two tables alike but for the viewer's own cards draw the same own hand, whatever is selected."""
    state = act(act(table_start(), NumberClue(target=1, rank=1)), ColourClue(target=0, suit="B"))
    other = resample_own_cards(state, 0, random.Random(3))
    assert [held.card for held in other.hands[0]] != [held.card for held in state.hands[0]]
    drawn = []
    for table in (state, other):
        own = OwnHand(RULES.view(table, 0), new=render.changes(RULES.view(table, 1), RULES.view(table, 0)))
        app = OneWidget(own)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            pictures = [shown(app)]
            for selected in range(5):
                own.selected = selected
                await pilot.pause()
                pictures.append(shown(app))
        drawn.append(pictures)
    assert drawn[0] == drawn[1]
    assert after(drawn[0][0], "your cards") == ["??", "??", "*B?", "??", "??"]


async def test_the_prompt_follows_the_step_and_comes_back_over_a_notice() -> None:
    state = table_start()
    view = RULES.view(state, 0)
    prompt = PromptLine(view)
    app = OneWidget(prompt)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert shown(app) == "Choose a card (1-5, ←/→), then p play; or c to give a clue."  # all 8 tokens: no discard

        prompt.step = Step(mode="confirm_play", selected=3)
        await pilot.pause()
        assert shown(app) == "Play card 4? Enter to confirm, Esc to cancel."

        prompt.step = Step(mode="clue_target")
        await pilot.pause()
        assert shown(app) == "Give a clue to whom? Press the player's number (1-2); Esc to cancel."

        clue = NumberClue(target=1, rank=1)
        prompt.step = Step(mode="clue_confirm", clue_target=1, pending_clue=clue)
        await pilot.pause()
        assert shown(app) == "Tell Bob about 1s (the 2 cards marked ▲)? Enter gives it, Esc goes back."

        prompt.notice = "Cy (computer) is thinking…"  # as the app says it while a computer thinks
        await pilot.pause()
        assert shown(app) == "Cy (computer) is thinking…"
        prompt.step = prompt.step  # the same step again (a key, refused meanwhile): the notice stays
        await pilot.pause()
        assert shown(app) == "Cy (computer) is thinking…"
        prompt.notice = ""
        await pilot.pause()
        assert shown(app).startswith("Tell Bob about 1s")

        prompt.view = RULES.view(act(state, NumberClue(target=1, rank=1)), 0)  # no longer Ana's turn
        prompt.step = Step()
        await pilot.pause()
        assert shown(app) == "Choose a card (1-5, ←/→), then p play."


async def test_the_bonus_choices_say_which_card_was_chosen() -> None:
    state = build(
        [["R5", "Y2", "Y3", "B2", "W3"], ["G2", "G3", "B1", "W1", "W2"]],
        options=HanabiOptions(five_flamboyants=True),
        piles={"R": 4},
        discard=["Y1", "Y1", "G4"],
        fill_deck=True,
        bonus_tiles=("replay_discard", "clue", "clue_and_misfire", "free_number_clue", "reshuffle_discard", "free_colour_clue"),
        clue_tokens=5,
    )
    view = RULES.view(act(state, PlayCard(slot=0)), 0)
    assert view.phase == "replay_discard"
    chosen: list[Any] = []

    class Picker(OneWidget):
        def on_bonus_choices_chosen(self, message: BonusChoices.Chosen) -> None:
            chosen.append(message.action)

    choices = BonusChoices(view)
    app = Picker(choices)
    async with app.run_test(size=SIZE) as pilot:
        choices.focus()
        await pilot.pause()
        assert choices.option_count == 1 and choices.highlighted == 0  # two Y1s are one choice; G4 is not playable
        assert "Y1" in shown(app)
        await pilot.press("enter")
        await pilot.pause()
    card = next(card for card in view.discard if card.id == chosen[0].card_id)
    assert len(chosen) == 1 and card.label == "Y1"
