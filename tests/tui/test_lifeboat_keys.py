"""Lifeboat: every key answers in every kind of decision. From one situation at a time, each bound key is
pressed once: it acts, or the status line says why not (the rule, in one line). The key bar offers only
what works now and keeps the shared keys (? r l q) with their labels at 80 columns."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine.lifeboat.models import LifeboatOptions
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen

from ..engine.lifeboat.helpers import build, nav
from .helpers import screen_text
from .keys import assert_every_key_answers, show_state

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # seats 0-3 = Ana, Ben, Cy, Dee, bow to stern
ANA, BEN, CY, DEE = range(4)


def action_state() -> Any:
    return build(FOUR, hands={ANA: ["knife", "water"], BEN: ["jewels"]}, face_up={CY: ["oar"]})


def demand_state() -> Any:
    """Ana wants to swap seats with Ben: Ben gives in or refuses."""
    state = action_state()
    return RULES.apply(state, ANA, next(a for a in RULES.legal_actions(state, ANA) if a.kind == "swap_seats"))


def trade_state() -> Any:
    """Ana proposes a trade to Ben: she chooses the cards to offer."""
    state = action_state()
    return RULES.apply(state, ANA, next(a for a in RULES.legal_actions(state, ANA) if a.kind == "propose_trade"))


def fight_state() -> Any:
    """Ben refused: the fight window is Ana's (the attacker) first."""
    state = demand_state()
    return RULES.apply(state, BEN, next(a for a in RULES.legal_actions(state, BEN) if a.kind == "refuse_demand"))


def overboard_state() -> Any:
    """N01: the Captain (Cy) falls in; Ana holds the life preserver and chum is nowhere."""
    state = build(FOUR, hands={ANA: ["life_preserver", "water"]}, phase="navigate", row_pile=(nav("N01"),), current=DEE)
    return RULES.apply(state, DEE, next(a for a in RULES.legal_actions(state, DEE) if a.kind == "navigate"))


SITUATIONS = {
    "draft": (lambda: RULES.setup(("Ana", "Ben", "Cy", "Dee"), LifeboatOptions(), "keys-draft"), ()),
    "action": (action_state, ()),
    "rob-menu": (action_state, ("b",)),
    "trade": (trade_state, ()),
    "demand": (demand_state, ()),
    "fight": (fight_state, ()),
    "row": (lambda: build(FOUR, face_up={ANA: ["oar"]}), ("o",)),
    "overboard": (overboard_state, ()),
}
# In the action situation every bound key is pressed. Elsewhere the keys that answer through the same code
# are pressed once for all: the shared keys, the numbers but 1 and 9, the action letters but o.
SAME = ("question_mark", "r", "l", "q", "escape", *"2345678", *"sbmuft")


GENERIC = ("a", "x", "y", "n")  # the trade and demand letters: outside them, the same sentence everywhere


@pytest.mark.parametrize(
    ("situation", "skip"),
    [
        ("action", ()),
        ("draft", SAME),
        ("demand", SAME),
        ("fight", SAME),
        ("trade", SAME),
        ("row", (*SAME, *GENERIC)),
        ("overboard", (*SAME, *GENERIC)),
    ],
)
async def test_every_key_answers(make_app, situation: str, skip: tuple[str, ...]) -> None:
    make_state, keys = SITUATIONS[situation]
    app = make_app(handoff_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, make_state(), keys, skip=skip)
    refusals = {key: text for key, text in answers.items() if text != "changed"}
    for key, text in refusals.items():
        assert "is not available right now" not in text, (key, text)  # a rule, never the generic sentence
        assert len(text) <= 78, (key, text)  # one line at 80 columns


async def reasons(app: Any, pilot: Any, state: Any, setup: tuple[str, ...], *keys: str) -> list[str]:
    """The status line after each of `keys`, each pressed from the situation `state` + `setup`."""
    from .keys import status_text

    out = []
    for key in keys:
        screen = await show_state(app, pilot, state, setup)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen, f"{key} left the screen"
        out.append(status_text(screen))
    return out


async def test_refusals_name_the_rule(make_app) -> None:
    app = make_app(handoff_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        kit, parasol, flare, nine, space, yes = await reasons(app, pilot, action_state(), (), "m", "u", "f", "9", "space", "y")
        assert "no medical kit" in kit and "no closed parasol" in parasol and "no flare gun" in flare
        assert "d, o, s, b or t" in nine, nine
        assert "no trade" in space and "No demand" in yes
        # a full hand of choices: the number beyond them says how many there are
        (five,) = await reasons(app, pilot, action_state(), ("b",), "5")
        assert "Only 2 choices" in five and "1-2" in five, five  # Ben's hand and Cy's face-up oar
        # the draft: an action key says what the decision is now
        row, done = await reasons(app, pilot, SITUATIONS["draft"][0](), (), "o", "d")
        assert "Rowing" in row and "supply" in row and "supply" in done
        # a fight window: the sides are final, and p/d still work
        joined = fight_state()
        joined = RULES.apply(joined, ANA, next(a for a in RULES.legal_actions(joined, ANA) if a.kind == "done"))
        (one,) = await reasons(app, pilot, joined, (), "1")
        assert "with the defenders" in one and "final" in one, one  # Ben, who refused
        # the overboard window: no chum in hand
        (chum,) = await reasons(app, pilot, overboard_state(), (), "c")
        assert "no bucket of chum" in chum, chum
        # a trade being made: no action until it is offered or called off
        offer_first, rob_now = await reasons(app, pilot, action_state(), ("t", "1"), "a", "b")
        assert "Offer" in offer_first and "trade" in rob_now


@pytest.mark.parametrize("situation", ["action", "rob-menu", "trade", "fight", "draft"])
async def test_the_key_bar_keeps_the_shared_keys_at_80_columns(make_app, situation: str) -> None:
    make_state, keys = SITUATIONS[situation]
    state = make_state()
    if situation == "action":  # every action at once: medical kit, parasol and flare gun too
        state = build(
            FOUR,
            hands={ANA: ["knife", "water", "medical_kit", "parasol", "flare_gun"], BEN: ["jewels"]},
            face_up={CY: ["oar"]},
            wounds={DEE: 1},
        )
    app = make_app(handoff_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_state(app, pilot, state, keys)
        assert isinstance(screen, LifeboatTurnScreen)
        bar = screen_text(app).rstrip().splitlines()[-1]
        for shared in ("? Help", "r Rules", "l Log", "q Menu"):
            assert shared in bar, (situation, bar)
        assert "Choose" in bar, bar
        if situation == "action":
            assert "d/o/s/b/m/u/f/t" in bar, bar


def test_the_refusals_are_the_views_not_worked_out_by_the_screen() -> None:
    """A refused key says the engine's reason as the View carries it: the same screen with another reason in
    its View says that one (the screen reads no rule of its own)."""
    from boardgames_tui.engine.lifeboat.models import Refusal

    view = RULES.view(action_state(), ANA)

    def said(view: Any, action: str, *parameters: object) -> str | None:
        return LifeboatTurnScreen(view, game_id="lifeboat", title="Lifeboat").refusal(action, parameters)

    assert said(view, "letter", "parasol") == "You have no closed parasol to open."
    assert said(view, "letter", "kit") == "You have no medical kit."
    other = {"open_parasol": Refusal(kind="open_parasol", code="trading_off"),
             "use_medical_kit": Refusal(kind="use_medical_kit", code="cannot_heal", params={"seat": BEN})}
    changed = view.model_copy(update={"refusals": tuple(other.get(r.kind, r) for r in view.refusals)})
    assert said(changed, "letter", "parasol") == "Trading is switched off for this game."
    assert said(changed, "letter", "kit") == "A medical kit heals a wounded character who is not dead."
    # out of its phase: what the decision is instead, with its keys
    assert said(view, "letter", "give_in") == "No demand to answer. Choose your action (d, o, s, b or t)."


async def test_a_card_that_comes_into_an_emptied_hand_gets_the_cursor_and_p_works(make_app) -> None:
    # A tester emptied their hand, then picked a card: no cursor pointed at it, and p did nothing, silently.
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        screen = await show_state(app, pilot, build(FOUR, hands={BEN: ["jewels"]}))
        assert isinstance(screen, LifeboatTurnScreen) and screen.step.cursor is None, "an empty hand: no cursor"
        refilled = build(FOUR, hands={ANA: ["water"], BEN: ["jewels"]})
        screen.show_view(RULES.view(refilled, ANA))
        await pilot.pause()
        assert screen.step.cursor == 0 and screen.choices.cursor_card(screen.step) is not None
        assert "▸" in screen_text(app), "the hand line points at the card"
        assert screen.check_action("play", ()) is True, "p puts the water face up"
