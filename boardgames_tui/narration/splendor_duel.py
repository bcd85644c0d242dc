"""Splendor Duel's narrator: the engine's events, refusals, labels and results in the player's language.

Token letters (W B G R K P Y), cell names (A1-E5) and card numbers stay as they are in every language;
colours and tokens get words here. Each log event kind of the engine has its say_ method, each refusal
code its refuse_ method.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.base import Event, fact
from ..engine.splendor_duel.data import CARDS, JOKER, NO_COLOUR, ROYALS
from ..engine.splendor_duel.lines import cell_name
from ..i18n import N_, _, ngettext, pgettext
from .base import Narrator


def token_name(colour: int) -> str:
    """A token by its colour, as a noun where the language needs one: "red" (a red token), 红宝石."""
    names = (
        pgettext("splendor duel token", "white"),
        pgettext("splendor duel token", "blue"),
        pgettext("splendor duel token", "green"),
        pgettext("splendor duel token", "red"),
        pgettext("splendor duel token", "black"),
        pgettext("splendor duel token", "pearl"),
        pgettext("splendor duel token", "gold"),
    )
    return names[colour] if 0 <= colour < len(names) else "?"


def colour_name(colour: int) -> str:
    """A gem colour as an adjective: "red" (red cards, points in red), 红色."""
    names = (
        pgettext("splendor duel colour", "white"),
        pgettext("splendor duel colour", "blue"),
        pgettext("splendor duel colour", "green"),
        pgettext("splendor duel colour", "red"),
        pgettext("splendor duel colour", "black"),
    )
    return names[colour] if 0 <= colour < len(names) else "?"


def level_name(level: int) -> str:
    """A card level as its number reads: 1 in English, 一 in Chinese (the rulebook's 一级)."""
    names = (pgettext("splendor duel card level", "1"), pgettext("splendor duel card level", "2"), pgettext("splendor duel card level", "3"))
    return names[level - 1] if 1 <= level <= len(names) else str(level)


def one_token(colour: int) -> str:
    return _("a {token} token").format(token=token_name(colour))


def tokens_text(counts: Sequence[int]) -> str:
    """'a red token', '2 red tokens', '3 tokens (1 white, 1 blue, 1 green)'."""
    colours = [(colour, n) for colour, n in enumerate(counts) if n]
    if not colours:
        return pgettext("splendor duel", "nothing")
    if len(colours) == 1:
        colour, n = colours[0]
        if n == 1:
            return one_token(colour)
        return ngettext("{n} {token} token", "{n} {token} tokens", n).format(n=n, token=token_name(colour))
    parts = pgettext("splendor duel list", ", ").join(
        _("{n} {token}").format(n=n, token=token_name(colour)) for colour, n in colours
    )
    total = sum(counts)
    return ngettext("{n} token ({parts})", "{n} tokens ({parts})", total).format(n=total, parts=parts)


def card_colour(card: int) -> str:
    colour = CARDS[card].colour
    if colour == JOKER:
        return pgettext("splendor duel", "joker")
    if colour == NO_COLOUR:
        return pgettext("splendor duel", "points-only")
    return colour_name(colour)


def card_text(card: int) -> str:
    """'a level-2 red card'."""
    return _("a level-{level} {colour} card").format(level=level_name(CARDS[card].level), colour=card_colour(card))


# The marks of the card abilities, as the board prints them.
ABILITY_MARKS: dict[str, str] = {
    "extra_turn": "↻",
    "copy_color": "J",
    "take_token": "+",
    "take_privilege": "§",
    "steal_token": "»",
}


def royal_label(royal: int) -> str:
    """A royal card as the board shows it: '♚2★↻' (points, then its ability's mark)."""
    data = ROYALS[royal]
    return f"♚{data.points}★" + "".join(ABILITY_MARKS[a] for a in data.abilities)


def points_words(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def crowns_words(n: int) -> str:
    return ngettext("{n} crown", "{n} crowns", n).format(n=n)


class SplendorDuelNarrator(Narrator):
    game_id = "splendor_duel"

    # -- the game as the picker and setup screens show it

    TITLE = N_("Splendor Duel")
    BLURB = N_("Gem trading for 2: draw tokens from a shared board, buy cards, chase crowns.")
    LEVEL_HELP = {
        "easy": N_(
            "Buys the most valuable card it can, else takes tokens toward one card; now and then it chooses "
            "loosely."
        ),
        "hard": N_(
            "Looks about two turns ahead over many possible decks; wins about {wins} of games against a"
            " steady greedy player."
        ),
        "strongest": N_(
            "Hard's look-ahead given more time: about {seconds} s a move; wins about {wins} of games against Hard."
        ),
    }
    # What the arena measured (python -m boardgames_tui.arena), said in LEVEL_HELP: 198 of 200 games against
    # greedy (seed "untuned-2026-12-05", 2,000 iterations a decision, with the reserve step of 2026-12-06);
    # against the Hard of 2026-12-04, `reference`, 143 of 200 (seed "untuned-splendor-reserves-2026-12-06").
    # Strongest (5,000 iterations) against Hard, seeds "untuned-strongest-2026-12-06" (100 games) and "…-06b" (60):
    # 93 of 160 games; a decision on a quiet 2-core machine (the benchmark): median 0.97 s, p95 1.3 s.
    LEVEL_FIGURES = {"hard": {"wins": "99%"}, "strongest": {"seconds": "1", "wins": "58%"}}

    # -- shared pieces

    def then(self, action: str, consequence: str) -> str:
        """Two things that happened in one log line: "Ana took 3 red tokens; Ben takes a privilege"."""
        return _("{action}; {consequence}").format(action=action, consequence=consequence)

    def privilege_text(self, seat: int, source: str) -> str:
        """Where `seat`'s new privilege came from (turn.py: supply, opponent, full)."""
        name = self.name(seat)
        if source == "supply":
            return _("{name} takes a privilege from the supply").format(name=name)
        if source == "opponent":
            return _("{name} takes a privilege from the opponent, {other}").format(name=name, other=self.name(1 - seat))
        return _("{name} already holds every privilege").format(name=name)

    def reason_text(self, kind: str, count: int, colour: int | None = None) -> str:
        """One way to win: '21 points', '10 crowns', '11 points in white'."""
        if kind == "crowns":
            return crowns_words(count)
        if kind == "colour" and colour is not None:
            return ngettext("{n} point in {colour}", "{n} points in {colour}", count).format(n=count, colour=colour_name(colour))
        return points_words(count)

    def reasons_text(self, reasons: Sequence[dict[str, Any]]) -> str:
        said = [self.reason_text(**r) for r in reasons]
        text = said[0] if said else ""
        for more in said[1:]:
            text = _("{first} and {second}").format(first=text, second=more)
        return text

    # -- the log

    def say_start(self, first: int, second: int) -> str:
        return _("{first} starts; {second} takes a privilege").format(first=self.name(first), second=self.name(second))

    def say_privilege_used(self, seat: int, colour: int, cell: int) -> str:
        return _("{name} used a privilege to take {token} from the board ({cell})").format(
            name=self.name(seat), token=one_token(colour), cell=cell_name(cell)
        )

    def say_replenished(self, seat: int, count: int, privilege: str) -> str:
        done = ngettext(
            "{name} replenished the board with {n} token from the bag",
            "{name} replenished the board with {n} tokens from the bag",
            count,
        ).format(name=self.name(seat), n=count)
        return self.then(done, self.privilege_text(1 - seat, privilege))

    def say_took_tokens(self, seat: int, tokens: Sequence[int], privilege: str | None = None) -> str:
        done = _("{name} took {tokens}").format(name=self.name(seat), tokens=tokens_text(tokens))
        return done if privilege is None else self.then(done, self.privilege_text(1 - seat, privilege))

    def say_reserved(self, seat: int, cell: int, level: int, card: int | None, drawn: int | None = None) -> str:
        name, where = self.name(seat), cell_name(cell)
        if card is not None:
            return _("{name} took a gold token ({cell}) and reserved {card} from the display").format(
                name=name, cell=where, card=card_text(card)
            )
        if drawn is None:
            return _("{name} took a gold token ({cell}) and reserved the top card of the level-{level} deck").format(
                name=name, cell=where, level=level_name(level)
            )
        return _(
            "{name} took a gold token ({cell}) and reserved the top card of the level-{level} deck"
            " (It is {card}, card #{number}.)"
        ).format(name=name, cell=where, level=level_name(level), card=card_text(drawn), number=drawn)

    def say_bought(self, seat: int, card: int, reserved: bool, payment: Sequence[int]) -> str:
        name, what = self.name(seat), card_text(card)
        if reserved:
            text = _("{name} bought {card} from their reserve").format(name=name, card=what)
        else:
            text = _("{name} bought {card}").format(name=name, card=what)
        data = CARDS[card]
        gains = []
        if data.points:
            gains.append(ngettext("+{n} point", "+{n} points", data.points).format(n=data.points))
        if data.crowns:
            gains.append(ngettext("+{n} crown", "+{n} crowns", data.crowns).format(n=data.crowns))
        if gains:
            text = _("{event} ({gains})").format(event=text, gains=pgettext("splendor duel list", ", ").join(gains))
        if any(payment):
            text = _("{event}, paying {tokens}").format(event=text, tokens=tokens_text(payment))
        return text

    def say_passed(self, seat: int) -> str:
        return _("{name} has no possible action and passes").format(name=self.name(seat))

    def say_stalemate(self) -> str:
        return _("Neither player can act: the game ends without a winner")

    def say_no_progress(self, turns: int) -> str:
        return _("{turns} turns in a row without a card bought or reserved: the game ends without a winner").format(turns=turns)

    def say_joker_placed(self, seat: int, colour: int) -> str:
        return _("{name} placed the joker with their {colour} cards").format(name=self.name(seat), colour=colour_name(colour))

    def say_took_board_token(self, seat: int, colour: int, cell: int) -> str:
        return _("{name} took {token} from the board ({cell})").format(
            name=self.name(seat), token=one_token(colour), cell=cell_name(cell)
        )

    def say_stole(self, seat: int, colour: int, victim: int) -> str:
        return _("{name} took {token} from {victim}").format(name=self.name(seat), token=one_token(colour), victim=self.name(victim))

    def say_royal_claimed(self, seat: int, royal: int) -> str:
        points = ROYALS[royal].points
        # Named by its label on the board, so the person can tell which of the royal cards went.
        return ngettext(
            "{name} claimed the royal card {royal} (+{n} point)", "{name} claimed the royal card {royal} (+{n} points)", points
        ).format(name=self.name(seat), royal=royal_label(royal), n=points)

    def say_returned(self, seat: int, colour: int) -> str:
        return _("{name} returned {token} to the bag").format(name=self.name(seat), token=one_token(colour))

    def say_extra_turn(self, seat: int) -> str:
        return _("{name} will take an extra turn").format(name=self.name(seat))

    def say_privilege_gained(self, seat: int, source: str) -> str:
        return self.privilege_text(seat, source)

    def say_no_board_token(self, seat: int, colour: int) -> str:
        return _("{name} takes no {token} token: there is none on the board").format(name=self.name(seat), token=token_name(colour))

    def say_nothing_to_steal(self, seat: int, victim: int) -> str:
        return _("{name} takes nothing from {victim}, who has no gem or pearl").format(name=self.name(seat), victim=self.name(victim))

    def say_won(self, seat: int, reasons: Sequence[dict[str, Any]]) -> str:
        return _("{name} wins with {reasons}").format(name=self.name(seat), reasons=self.reasons_text(reasons))

    def say_news(self, events: Sequence[dict[str, Any]]) -> str:
        """Several events at once (everything since a player's last turn), oldest first."""
        return pgettext("splendor duel news", "; ").join(self.say(fact(e["kind"], **e["args"])) for e in events)

    def news_text(self, events: Sequence[Event]) -> str:
        """A View's news as one paragraph (the turn screen's "Since your last turn")."""
        return pgettext("splendor duel news", "; ").join(self.events(events))

    # -- the ways to win (View.win_reasons), the results and the labels

    def say_points(self, count: int) -> str:
        return self.reason_text("points", count)

    def say_crowns(self, count: int) -> str:
        return self.reason_text("crowns", count)

    def say_colour(self, colour: int, count: int) -> str:
        return self.reason_text("colour", count, colour)

    def say_no_winner(self) -> str:
        return _("The game ends without a winner: neither player can act")

    def say_totals(self, seat: int, points: int, crowns: int, best: int) -> str:
        return _("{name}: {points}, {crowns}, best colour {best}").format(
            name=self.name(seat), points=points_words(points), crowns=crowns_words(crowns), best=points_words(best)
        )

    def say_game_over(self) -> str:
        return pgettext("splendor duel", "Game over")

    def say_turn_of(self, turn: int, seat: int) -> str:
        return pgettext("splendor duel", "Turn {n} · {name}").format(n=turn, name=self.name(seat))

    # -- refusals every game has, in this game's words

    def refuse_game_over(self) -> str:
        return _("The game is over: no more moves")

    def refuse_not_your_turn(self, seat: int | None = None) -> str:
        if seat is None or not 0 <= seat < len(self.players):
            return pgettext("splendor duel", "It is not your turn")
        return _("It is {name}'s turn, not yours").format(name=self.name(1 - seat))  # two players: the other one

    def refuse_unknown_action(self, kind: str = "") -> str:
        return _("Splendor Duel has no such move")

    # -- refusals: a choice is pending

    def refuse_must_place_joker(self) -> str:
        return _("Place the joker on one of your coloured cards first")

    def refuse_must_take_board_token(self, colour: int) -> str:
        return _("First take the {token} token your card gives you from the board").format(token=token_name(colour))

    def refuse_must_steal(self) -> str:
        return _("First take a gem or pearl from your opponent")

    def refuse_must_choose_royal(self) -> str:
        return _("First choose a royal card")

    def refuse_must_discard(self) -> str:
        return _("You hold more than 10 tokens: return one to the bag first")

    def refuse_nothing_to_choose(self) -> str:
        return _("Nothing to choose now")

    # -- refusals: privileges and the replenish

    def refuse_privilege_after_replenish(self) -> str:
        return _("Privileges are used before replenishing the board")

    def refuse_no_privilege(self) -> str:
        return _("You have no privilege to use")

    def refuse_no_such_cell(self) -> str:
        return _("There is no such cell on the board")

    def refuse_cell_empty(self, cell: int) -> str:
        return _("{cell} is empty").format(cell=cell_name(cell))

    def refuse_privilege_not_gold(self) -> str:
        return _("A privilege takes a gem or a pearl, never gold")

    def refuse_privilege_leaves_no_action(self) -> str:
        return _("Taking this token would leave you no main action, even after replenishing the board")

    def refuse_already_replenished(self) -> str:
        return _("The board can be replenished only once, before the main action")

    def refuse_bag_empty(self) -> str:
        return _("The bag is empty: nothing to replenish")

    # -- refusals: taking tokens

    def refuse_no_tokens_selected(self) -> str:
        return _("Select 1 to 3 tokens on the board")

    def refuse_cell_selected_twice(self) -> str:
        return _("A cell is selected twice")

    def refuse_gold_only_by_reserving(self) -> str:
        return _("Gold cannot be taken: it comes only with reserving a card")

    def refuse_too_many_tokens(self, most: int) -> str:
        return _("At most {n} tokens at a time").format(n=most)

    def refuse_tokens_not_adjacent(self) -> str:
        return _("No gaps: the tokens must be next to each other")

    def refuse_tokens_not_in_line(self) -> str:
        return _("The tokens must be in one straight line: a row, a column or a diagonal")

    def refuse_cells_out_of_order(self) -> str:
        return _("List the cells of a line in board order")

    # -- refusals: reserving and buying

    def refuse_reserve_full(self, most: int) -> str:
        return ngettext("You already hold {n} reserved card", "You already hold {n} reserved cards", most).format(n=most)

    def refuse_no_gold_on_board(self) -> str:
        return _("Reserving takes a gold from the board, and there is none")

    def refuse_not_a_gold(self, cell: int | None = None) -> str:
        if cell is None:
            return _("Reserving takes a gold from the board")
        return _("{cell} is not a gold").format(cell=cell_name(cell))

    def refuse_no_such_level(self) -> str:
        return _("Cards come in levels 1, 2 and 3")

    def refuse_deck_empty(self, level: int) -> str:
        return _("The level-{level} deck is empty").format(level=level_name(level))

    def refuse_card_not_on_display(self, level: int) -> str:
        return _("That card is not face up among the level-{level} cards").format(level=level_name(level))

    def refuse_card_not_available(self) -> str:
        return _("You can buy a face-up card or one of your reserved cards, not that one")

    def refuse_joker_needs_colour(self) -> str:
        return _("A joker needs a coloured card of yours to join")

    def refuse_tokens_short(self, short: int) -> str:
        return ngettext("{n} token short", "{n} tokens short", short).format(n=short)

    def refuse_wrong_payment(self) -> str:
        return _("That payment does not match the card's cost")

    def refuse_pass_not_allowed(self) -> str:
        return _("You may pass only when no main action is possible and the bag is empty")

    # -- refusals: the choices

    def refuse_joker_colour_not_owned(self, colour: int | None = None) -> str:
        if colour is None or not 0 <= colour < 5:
            return _("The joker joins a gem colour of your cards")
        return _("You have no {colour} card for the joker to join").format(colour=colour_name(colour))

    def refuse_not_that_colour(self, colour: int) -> str:
        return _("Your card gives a {token} token: take one of those").format(token=token_name(colour))

    def refuse_steal_not_gold(self) -> str:
        return _("Gold cannot be taken from your opponent")

    def refuse_opponent_lacks_token(self, colour: int | None = None) -> str:
        if colour is None:
            return _("Take a gem or pearl your opponent holds")
        return _("Your opponent has no {token} token").format(token=token_name(colour))

    def refuse_royal_not_available(self) -> str:
        return _("That royal card is not available")

    def refuse_no_token_to_return(self, colour: int | None = None) -> str:
        if colour is None:
            return _("Return a token you hold")
        return _("You hold no {token} token").format(token=token_name(colour))


NARRATOR = SplendorDuelNarrator
