"""The reveal on the results screen (every seat's hidden cards once a game is over) and each game's read-only
table: a seat's table never shows what that seat could not see, the public table shows no hidden card."""

from __future__ import annotations

import random
import re
from collections import Counter
from importlib import import_module
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement

from boardgames_tui.engine.reveal import reveal
from boardgames_tui.engine.registry import get_game
from boardgames_tui.i18n import set_language
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.screens.results import ResultsScreen

from ..engine.lifeboat.helpers import resample_hidden as lifeboat_resample
from ..engine.splendor_duel.helpers import resample_hidden as splendor_resample
from .helpers import game_id_of, saved_session, screen_text, wait_until

NAMES = ("Ana", "Ben", "Cy", "Di")


def play(game_id: str, players: int, seed: str, steps: int | None = None, options: Any = None) -> Any:
    """A game driven by seeded random legal actions, to its end (or `steps` actions). Rummikub draws or ends
    its turn whenever it may, so that its games end in a few dozen turns."""
    rules = get_game(game_id).rules()
    state = rules.setup(NAMES[:players], options if options is not None else rules.Options(), seed)
    rng = random.Random(seed)
    taken = 0
    while rules.to_act(state) and (steps is None or taken < steps):
        seat = min(rules.to_act(state))
        actions = list(rules.legal_actions(state, seat))
        quick = [a for a in actions if a.kind in ("draw", "end_turn", "discard")] if game_id == "rummikub" else []
        state = rules.apply(state, seat, rng.choice(quick or actions))
        taken += 1
    return state


def drawn(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def table_module(game_id: str) -> Any:
    return import_module(f"boardgames_tui.tui.games.{game_id}.table")


def table_text(game_id: str, state: Any, seat: int | None) -> str:
    view = get_game(game_id).rules().view(state, seat)
    return drawn(table_module(game_id).table(view, narrator_for(game_id, state.players)))


def squeezed(text: str) -> list[str]:
    """The lines of `text` without spaces or box edges (a screenshot's text keeps only some of its spaces)."""
    return [re.sub(r"[\s║│┃]", "", line) for line in text.splitlines()]


def tight(text: str) -> str:
    return re.sub(r"\s", "", text)


def codes(text: str, pattern: str) -> Counter[str]:
    return Counter(re.findall(pattern, text))


async def results_text(make_app: Any, state: Any) -> str:
    """The results screen of the finished game `state` (resumed as a save), as text."""
    spec = get_game(game_id_of(state))
    assert spec.rules().outcome(state) is not None
    app = make_app()
    async with app.run_test(size=(100, 120)) as pilot:
        session = saved_session(app, state)
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        return screen_text(app)


# Results: every hidden card of every seat --------------------------------------------------------------------


async def test_hanabi_results_show_every_hand_in_slot_order_and_the_deck(make_app) -> None:
    state = play("hanabi", 3, "reveal-1")
    assert state.deck, "a game lost early leaves cards in the deck"
    lines = squeezed(await results_text(make_app, state))
    for seat, hand in enumerate(state.hands):
        row = "".join([state.players[seat], *(held.card.label for held in hand)])
        assert row in lines, row
    deck = [card.label for card in state.deck]
    for start in range(0, len(deck), 10):
        assert "".join(deck[start : start + 10]) in lines


async def test_luz_results_show_the_last_hands_and_the_cards_set_aside(make_app) -> None:
    state = play("luz", 3, "reveal-2")
    # What each seat held in the last round: the cards it played to that round's tricks.
    held: dict[int, Counter[str]] = {seat: Counter() for seat in range(3)}
    last_round = [e for e in state.log if e.kind == "trick_complete"][-10:]
    for trick in last_round:
        for offset, label in enumerate(trick.args["cards"]):
            held[(trick.args["leader"] + offset) % 3][label] += 1
    lines = squeezed(await results_text(make_app, state))
    for seat, name in enumerate(state.players):
        row = next(line for line in lines if re.match(re.escape(name) + r"\+?[RYGBP]\d", line))
        assert codes(row[len(name) :], r"[RYGBP]\d{1,2}") == held[seat]
    from boardgames_tui.engine.luz.cards import sort_hand

    assert "".join(card.label for card in sort_hand(state.set_aside, "right")) in lines  # sorted, as a hand


async def test_rummikub_results_show_every_rack_and_what_it_counts(make_app) -> None:
    from boardgames_tui.engine.rummikub.sets import LABEL_OF, rack_value

    state = play("rummikub", 3, "reveal-3")
    lines = squeezed(await results_text(make_app, state))
    for seat, rack in enumerate(state.racks):
        score = get_game("rummikub").rules().outcome(state).scores[seat]
        head = f"{state.players[seat]}{score:+d}·rackworth{rack_value(rack)}points"
        at = lines.index(head)
        shown: Counter[str] = Counter()
        for line in lines[at + 1 :]:
            found = re.findall(r"[KRBO]\d{1,2}|J", line)
            if not found:
                break
            shown.update(found)
        assert shown == Counter(LABEL_OF[tile] for tile in rack)


async def test_rummikub_international_racks_count_by_its_own_table(make_app) -> None:
    from boardgames_tui.engine.rummikub.international import tile_points
    from boardgames_tui.engine.rummikub.models import RummikubOptions

    state = play("rummikub", 2, "reveal-4", options=RummikubOptions(rule_set="international"))
    lines = squeezed(await results_text(make_app, state))
    for seat, rack in enumerate(state.racks):
        assert any(line.endswith(f"·rackworth{sum(tile_points(t) for t in rack)}points") for line in lines)
        assert sum(line.count(state.players[seat]) for line in lines if "rackworth" in line) == 1


async def test_splendor_duel_results_show_every_reserved_card_and_the_blind_ones(make_app) -> None:
    from boardgames_tui.narration.splendor_duel import card_text

    state = next(
        s for s in (play("splendor_duel", 2, f"reveal-5-{n}") for n in range(20)) if all(p.reserved for p in s.seats)
    )
    blind = [e for e in state.log if e.kind == "reserved" and e.args["card"] is None]
    text = "".join(squeezed(await results_text(make_app, state)))
    for seat, player in enumerate(state.seats):
        assert f"{state.players[seat]}·{len(player.reserved)}reservedcard" in text
        for card in player.reserved:
            assert tight(card_text(card)) in text
    still_held = {card for p in state.seats for card in p.reserved}
    hidden = [e for e in blind if e.secret[0][1]["drawn"] in still_held]
    assert text.count("reservedfacedownfromthedeck") == len(hidden)


async def test_lifeboat_results_show_every_hand_and_name_each_love_and_hate_once(make_app) -> None:
    from boardgames_tui.narration.lifeboat import character_name
    from boardgames_tui.tui.games.lifeboat.render import short_card

    state = next(
        s for s in (play("lifeboat", 4, f"reveal-6-{n}") for n in range(30)) if sum(map(len, s.hands)) >= 2
    )
    narrator = narrator_for("lifeboat", state.players)
    outcome = get_game("lifeboat").rules().outcome(state)
    text = "".join(squeezed(await results_text(make_app, state)))
    for line in outcome.details:  # each names its seat's Love and Hate, once: not again in the reveal
        assert text.count(tight(narrator.say(line))) == 1
    assert "Love:" not in text and "Hate:" not in text
    for seat, hand in enumerate(state.hands):
        cards = "".join(tight(short_card(card)) for card in hand) or "nothing"
        assert tight(f"{state.players[seat]}({character_name(state.characters[seat])})Hand:{cards}") in text


# The read-only table: a seat's own secrets stay hidden, the public table hides every hand ----------------------


def test_hanabi_table_shows_the_others_cards_never_the_own_and_the_public_table_none() -> None:
    state = play("hanabi", 3, "table-1", steps=0)
    pattern = r"\b[RYGBW][1-5]\b"
    seat_text = table_text("hanabi", state, 0)
    others = Counter(held.card.label for hand in state.hands[1:] for held in hand)
    assert codes(seat_text, pattern) == others  # the own hand: clue knowledge only ("??")
    assert "You: Ana" in seat_text
    assert not codes(table_text("hanabi", state, None), pattern)


def test_luz_table_shows_the_others_numbers_never_the_own_and_the_public_table_none() -> None:
    state = play("luz", 4, "table-2", steps=0)
    pattern = r"\b[RYGBP]\d{1,2}\b"
    seat_text = table_text("luz", state, 2)
    others = Counter(card.label for seat, hand in enumerate(state.hands) if seat != 2 for card in hand)
    assert codes(seat_text, pattern) == others
    assert not codes(table_text("luz", state, None), pattern)  # colours only, no numbers


def test_rummikub_table_shows_the_own_rack_only_and_the_public_table_none() -> None:
    from boardgames_tui.engine.rummikub.sets import LABEL_OF

    state = play("rummikub", 3, "table-3", steps=0)
    pattern = r"\b[KRBO]\d{1,2}\b"
    seat_text = table_text("rummikub", state, 1)
    own = Counter(LABEL_OF[tile] for tile in state.racks[1] if LABEL_OF[tile] != "J")
    assert codes(seat_text, pattern) == own
    assert not codes(table_text("rummikub", state, None), pattern)


def test_splendor_duel_table_hides_the_opponents_reserved_cards() -> None:
    state = next(
        s
        for s in (play("splendor_duel", 2, f"table-4-{n}", steps=60) for n in range(20))
        if all(p.reserved for p in s.seats)
    )
    rng = random.Random(4)
    seat_text = table_text("splendor_duel", state, 0)
    assert "▒" * len(state.seats[1].reserved) in seat_text  # the opponent's: backs only
    for _ in range(5):
        assert table_text("splendor_duel", splendor_resample(state, 0, rng), 0) == seat_text
    public = table_text("splendor_duel", state, None)
    for _ in range(5):
        other = splendor_resample(splendor_resample(state, 0, rng), 1, rng)
        assert table_text("splendor_duel", other, None) == public
    assert "Reserved" not in public  # nobody's own reserved cards on the public table


def test_lifeboat_table_hides_the_others_hands_and_secrets() -> None:
    state = play("lifeboat", 4, "table-5", steps=40)
    rng = random.Random(5)
    seat_text = table_text("lifeboat", state, 0)
    assert "Love:" in seat_text and "Hate:" in seat_text  # the seat's own, and no one else's
    for _ in range(5):
        assert table_text("lifeboat", lifeboat_resample(state, 0, rng), 0) == seat_text
    public = table_text("lifeboat", state, None)
    assert "Love:" not in public and "Hand:" not in public
    for _ in range(5):
        other = lifeboat_resample(lifeboat_resample(state, 0, rng), 1, rng)
        assert table_text("lifeboat", other, None) == public


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_table_and_reveal_fits_80_columns(language: str) -> None:
    set_language(language)
    try:
        fits_80_columns()
    finally:
        set_language("en")


def fits_80_columns() -> None:
    for game_id, players in (("hanabi", 4), ("luz", 5), ("rummikub", 4), ("splendor_duel", 2), ("lifeboat", 4)):
        state = play(game_id, players, "fit", steps=30)
        module = table_module(game_id)
        narrator = narrator_for(game_id, state.players)
        rules = get_game(game_id).rules()
        for seat in (None, 0):
            text = drawn(module.table(rules.view(state, seat), narrator), width=200)
            assert max(cell_len(line.rstrip()) for line in text.splitlines()) <= 80, (game_id, seat)
        # The results screen's box leaves 72 cells: what does not wrap must fit in them.
        console = Console(width=200)
        assert Measurement.get(console, console.options, module.reveal(reveal(game_id, state), narrator)).minimum <= 72, game_id


def test_splendor_duel_reveal_marks_no_card_as_yours_to_buy_and_says_whose_cost_the_pictures_show() -> None:
    from boardgames_tui.engine.splendor_duel.data import CARDS
    from boardgames_tui.engine.splendor_duel.reveal import reveal as splendor_reveal
    from boardgames_tui.tui.games.splendor_duel import render

    from ..engine.splendor_duel.helpers import build, player

    card = next(c for c, data in sorted(CARDS.items()) if data.level == 1 and not data.cost[5])
    rich = player((4, 4, 4, 4, 4, 0, 0), reserved=[card])  # can pay it: ✓ on its own screen
    state = build(seats=(rich, player()))
    assert "✓" in "".join(str(line) for line in render.card_block(card, rich, at_cursor=False))  # type: ignore[arg-type]
    text = drawn(table_module("splendor_duel").reveal(splendor_reveal(state), narrator_for("splendor_duel", state.players)))
    assert tight(render.cost_text(CARDS[card].cost)) in tight(text)
    assert "✓" not in text, "✓ says 'you can buy it': at the end it would speak of someone else's card"
    assert "what each cost its holder" in text
