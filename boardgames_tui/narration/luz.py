"""Luz's narrator: the engine's events, refusals, labels and results in the player's language.

The engine logs every card as it is played and every complete trick (public at the time), and gives a
seat's View only who won each trick; `LuzRules.last_public_event` adds the table's summaries (a bid with
the total of the bids, a trick with its winner, a round's points). Each kind has its say_ method here.
Card codes (R4, Y10) and colour letters stay as they are in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.luz.models import LuzView
from ..i18n import N_, _, ngettext, pgettext
from .base import Narrator

# The name of each colour letter in legends and the trick line, where yellow is also the sun (the trump).
COLOUR_NAMES: dict[str, str] = {
    "R": N_("red"),
    "Y": N_("yellow (sun)"),
    "G": N_("green"),
    "B": N_("blue"),
    "P": N_("purple"),
}

OPTION_LABELS: dict[str, str] = {"sort_direction": N_("Sort direction")}
OPTION_HELP: dict[str, str] = {
    "sort_direction": N_(
        "Which end of each sorted hand holds the high numbers: random for every hand, or always the same"
    )
}
OPTION_CHOICES: dict[tuple[str, str], str] = {
    ("sort_direction", "random"): N_("random"),
    ("sort_direction", "high on the right"): N_("high on the right"),
    ("sort_direction", "high on the left"): N_("high on the left"),
}


def colour_word(colour: str) -> str:
    """A colour inside a sentence ("you must follow red"): some languages say it differently from a legend."""
    words = {
        "R": pgettext("colour in a sentence", "red"),
        "Y": pgettext("colour in a sentence", "yellow"),
        "G": pgettext("colour in a sentence", "green"),
        "B": pgettext("colour in a sentence", "blue"),
        "P": pgettext("colour in a sentence", "purple"),
    }
    return words.get(colour, colour)


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def how_won(led: str, trumped: bool) -> str:
    """How a trick was won: "red led", or "red led, trumped with yellow"."""
    if trumped:
        return _("{colour} led, trumped with yellow").format(colour=colour_word(led))
    return _("{colour} led").format(colour=colour_word(led))


def signed(points: int) -> str:
    return f"{points:+d}"


class LuzNarrator(Narrator):
    game_id = "luz"

    # -- the game as the picker and setup screens show it

    TITLE = N_("Luz")
    BLURB = N_("Trick-taking for 3-5: bid your tricks holding cards only the others can read.")
    LEVEL_HELP = {
        "easy": N_(
            "Bids a card-by-card estimate of its tricks and plays to meet it."
        ),
        "hard": N_(
            "Tries each bid and card on dozens of deals its own hidden numbers could be; meets about {met} of"
            " its bids and wins about {wins} of four-player games against three Easy."
        ),
    }
    # What the arena measured (python -m boardgames_tui.arena, seed "untuned-luz-stray-2026-12-06", 200 games
    # at each count), said in LEVEL_HELP: bids met 90%, 91% and 94% with 3, 4 and 5 players; 82% of the
    # four-player games won.
    LEVEL_FIGURES = {"hard": {"met": "92%", "wins": "82%"}}
    OPTION_LABELS = OPTION_LABELS
    OPTION_HELP = OPTION_HELP
    OPTION_CHOICES = OPTION_CHOICES

    # -- shared pieces

    def names(self, seats: Sequence[int]) -> str:
        """Several players in one phrase: "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
        named = [self.name(s) for s in seats]
        if len(named) <= 1:
            return "".join(named)
        return _("{names} and {last}").format(names=_(", ").join(named[:-1]), last=named[-1])

    def plays_text(self, leader: int, cards: Sequence[str]) -> str:
        """The cards of a trick in play order, clockwise from its leader: "Ana R4 · Ben R7"."""
        count = max(len(self.players), 1)
        return " · ".join(
            _("{name} {card}").format(name=self.name((leader + i) % count), card=card) for i, card in enumerate(cards)
        )

    def how_won(self, led: str, trumped: bool) -> str:
        return how_won(led, trumped)

    def headline(self, seat: int, points: int, tie_break: bool) -> str:
        if tie_break:
            template = ngettext(
                "{name} wins with {points} point after a tie-break",
                "{name} wins with {points} points after a tie-break",
                points,
            )
        else:
            template = ngettext("{name} wins with {points} point", "{name} wins with {points} points", points)
        return template.format(name=self.name(seat), points=points)

    # -- the log

    def say_deal(
        self,
        round: int,
        dealer: int,
        marker: int,
        first: int,
        random_dealer: bool = False,
        top: int | None = None,
        tied: Sequence[int] | None = None,
    ) -> str:
        names = {"round": round, "dealer": self.name(dealer), "holder": self.name(marker), "first": self.name(first)}
        if tied is None:
            if random_dealer:
                template = _(
                    "Round {round}: {dealer} deals (chosen at random); the start marker passes to {holder},"
                    " who bids first and leads the first trick."
                )
            else:
                template = _(
                    "Round {round}: {dealer} deals; the start marker passes to {holder},"
                    " who bids first and leads the first trick."
                )
            return template.format(**names)
        if len(tied) == 1:
            template = _(
                "Round {round}: {dealer} deals; the start marker passes to {holder}. {first} has the highest"
                " total ({top}) and bids first and leads the first trick."
            )
        elif first == marker:
            template = _(
                "Round {round}: {dealer} deals; the start marker passes to {holder}. {tied} share the highest"
                " total ({top}); {first} holds the start marker and bids first and leads the first trick."
            )
        else:
            template = _(
                "Round {round}: {dealer} deals; the start marker passes to {holder}. {tied} share the highest"
                " total ({top}); {first} sits nearest clockwise from the start marker and bids first and leads"
                " the first trick."
            )
        return template.format(top=top, tied=self.names(tied), **names)

    def say_bid(self, seat: int, tricks: int, bead: bool) -> str:
        if bead:
            return _("{name} bid {tricks} with a safety bead").format(name=self.name(seat), tricks=tricks)
        return _("{name} bid {tricks}").format(name=self.name(seat), tricks=tricks)

    def say_lead(self, seat: int, card: str, trick: int) -> str:
        return _("{name} led {card} in trick {trick}").format(name=self.name(seat), card=card, trick=trick)

    def say_play(self, seat: int, card: str, trick: int) -> str:
        return _("{name} played {card} in trick {trick}").format(name=self.name(seat), card=card, trick=trick)

    def say_trick_complete(
        self, trick: int, leader: int, cards: Sequence[str], winner: int, led: str, trumped: bool
    ) -> str:
        """The whole trick as its last card is played: that card, the winner, and every card in order."""
        seat, card = (leader + len(cards) - 1) % max(len(self.players), 1), cards[-1]
        if winner == seat:
            template = _("{name} played {card} and won trick {trick} ({how}): {plays}")
        else:
            template = _("{name} played {card}; {winner} won trick {trick} ({how}): {plays}")
        return template.format(
            name=self.name(seat),
            card=card,
            trick=trick,
            winner=self.name(winner),
            how=self.how_won(led, trumped),
            plays=self.plays_text(leader, cards),
        )

    def say_trick_won(self, winner: int, trick: int) -> str:
        """A won trick read back later: face down, only its winner."""
        return _("{name} won trick {trick}").format(name=self.name(winner), trick=trick)

    def say_round_score(
        self, round: int, seat: int, bid: int, bead: bool, tricks: int, points: int, total: int
    ) -> str:
        if bead:
            template = _("Round {round}: {name} bid {bid} + safety bead and won {won}: {points} (total {total})")
        else:
            template = _("Round {round}: {name} bid {bid} and won {won}: {points} (total {total})")
        return template.format(
            round=round, name=self.name(seat), bid=bid, won=tricks, points=signed(points), total=total
        )

    def say_game_over(self, seat: int, points: int, tie_break: bool) -> str:
        return _("Game over: {headline}").format(headline=self.headline(seat, points, tie_break))

    # -- what the table is told after each action (LuzRules.last_public_event)

    def say_bid_made(self, seat: int, tricks: int, bead: bool) -> str:
        if bead:
            return _("{name} bid {tricks} + safety bead").format(name=self.name(seat), tricks=tricks)
        return _("{name} bid {tricks}").format(name=self.name(seat), tricks=tricks)

    def say_bids_in(self, seat: int, tricks: int, bead: bool, total: int, leader: int) -> str:
        if bead:
            template = _(
                "{name} bid {tricks} + safety bead. All bids are in: {total} for 10 tricks;"
                " {leader} leads the first trick"
            )
        else:
            template = _("{name} bid {tricks}. All bids are in: {total} for 10 tricks; {leader} leads the first trick")
        return template.format(name=self.name(seat), tricks=tricks, total=total, leader=self.name(leader))

    def bidding_done(self, first: int, bids: Sequence[int], beads: Sequence[bool], leader: int) -> str:
        """Every bid of the round in bidding order (clockwise from `first`), their total and who leads."""
        said = []
        for step in range(len(bids)):
            seat = (first + step) % len(bids)
            if beads[seat]:
                template = pgettext("one of the bids", "{name} {tricks} + safety bead")
            else:
                template = pgettext("one of the bids", "{name} {tricks}")
            said.append(template.format(name=self.name(seat), tricks=bids[seat]))
        return _("Bidding done: {bids}; {total} bid for 10 tricks; {leader} leads the first trick").format(
            bids=_(", ").join(said), total=sum(bids), leader=self.name(leader)
        )

    def table_news(self, view: LuzView) -> tuple[str, ...]:
        """What the handoff tells besides the events since the incoming player's last turn: every bid, once
        the last one is in and the first trick is not led yet (the incoming player bid first, so those events
        hold every bid but theirs)."""
        if view.phase != "play" or view.trick_number != 1 or view.trick:
            return ()
        bids = [status.bid or 0 for status in view.status]
        beads = [status.bead for status in view.status]
        return (self.bidding_done(view.first, bids, beads, view.leader),)

    def say_card_played(self, seat: int, card: str, trick: int) -> str:
        return _("{name} played {card} (trick {trick})").format(name=self.name(seat), card=card, trick=trick)

    def say_trick_summary(
        self, trick: int, leader: int, cards: Sequence[str], winner: int, led: str, trumped: bool
    ) -> str:
        return _("Trick {trick}: {plays} — {winner} wins it ({how})").format(
            trick=trick, plays=self.plays_text(leader, cards), winner=self.name(winner), how=self.how_won(led, trumped)
        )

    def say_round_summary(
        self,
        round: int,
        points: Sequence[int],
        game_over: dict[str, Any] | None,
        trick: int,
        leader: int,
        cards: Sequence[str],
        winner: int,
        led: str,
        trumped: bool,
    ) -> str:
        told = self.say_trick_summary(trick, leader, cards, winner, led, trumped)
        scores = _(", ").join(
            _("{name} {points}").format(name=self.name(seat), points=signed(p)) for seat, p in enumerate(points)
        )
        if game_over is None:
            return _("{trick}. Round {round} points: {points}").format(trick=told, round=round, points=scores)
        return _("{trick}. Round {round} points: {points}. Game over: {headline}").format(
            trick=told, round=round, points=scores, headline=self.headline(**game_over)
        )

    # -- where the game is

    def say_position_bidding(self, round: int) -> str:
        return _("Round {round} · bidding").format(round=round)

    def say_position_trick(self, round: int, trick: int) -> str:
        return _("Round {round} · trick {trick}").format(round=round, trick=trick)

    def say_position_over(self) -> str:
        return _("Game over")

    # -- the results

    def say_winner(self, seat: int, points: int, tie_break: bool) -> str:
        return self.headline(seat, points, tie_break)

    def say_standing(self, place: int, seat: int, points: int, rounds: Sequence[int]) -> str:
        template = ngettext(
            "{place}. {name}: {points} point (rounds: {rounds})",
            "{place}. {name}: {points} points (rounds: {rounds})",
            points,
        )
        return template.format(
            place=place, name=self.name(seat), points=points, rounds=_(", ").join(signed(p) for p in rounds)
        )

    def say_tie(
        self, seats: Sequence[int], points: int, round4: Sequence[int], runs: Sequence[Sequence[int]], holder: int
    ) -> str:
        """How the tie-breaks settled equal totals: round 4's points, then the seats clockwise from the holder."""
        clauses = []
        all_tied = len(runs) == 1 and list(runs[0]) == list(seats)
        if all_tied:
            clauses.append(
                _("{names} tied on {points} and also in round 4 ({round4})").format(
                    names=self.names(seats), points=points, round4=round4[0]
                )
            )
        else:
            clauses.append(_("{names} tied on {points}").format(names=self.names(seats), points=points))
            if len(seats) == 2:
                clauses.append(
                    _("{name} scored more in round 4 ({more} against {less})").format(
                        name=self.name(seats[0]), more=round4[0], less=round4[1]
                    )
                )
            else:
                decided = _(", ").join(
                    _("{name} {points}").format(name=self.name(s), points=p) for s, p in zip(seats, round4)
                )
                clauses.append(_("round 4 decides: {points}").format(points=decided))
        for run in runs:
            if not all_tied:
                clauses.append(
                    _("{names} also tied in round 4 ({round4})").format(
                        names=self.names(run), round4=round4[list(seats).index(run[0])]
                    )
                )
            best, rest = run[0], run[1:]
            if best == holder:
                clause = _("{name} holds the start marker and goes first").format(name=self.name(best))
            else:
                clause = _("{name} sits nearest clockwise from the start player, {holder}").format(
                    name=self.name(best), holder=self.name(holder)
                )
            if len(rest) > 1:
                clause = _("{first}, then {rest}").format(
                    first=clause, rest=_(", then ").join(self.name(s) for s in rest)
                )
            clauses.append(clause)
        return _("; ").join(clauses)

    # -- refusals (the shared ones in Luz's words, so the game's catalogue says them all)

    def refuse_game_over(self) -> str:
        return _("The game is over: all four rounds have been played")

    def refuse_not_your_turn(self, seat: int | None = None) -> str:
        return _("It is not your turn")

    def refuse_unknown_action(self, kind: str = "") -> str:
        return _("In Luz you either bid or play a card")


    def refuse_bidding_over(self) -> str:
        return _("The bidding is over: play a card")

    def refuse_bid_first(self) -> str:
        return _("Everyone bids before the first card is played: make your bid")

    def refuse_bid_out_of_range(self, highest: int) -> str:
        return _("Bids go from 0 to {highest}").format(highest=highest)

    def refuse_bead_yes_or_no(self) -> str:
        return _("The safety bead is either taken or not")

    def refuse_no_such_card(self, position: int | None, held: int) -> str:
        return ngettext(
            "There is no such card: you hold {held} card", "There is no such card: you hold {held} cards", held
        ).format(held=held)

    def refuse_must_follow(self, colour: str) -> str:
        return _("You must follow {colour}: you hold a {colour} card").format(colour=colour_word(colour))


NARRATOR = LuzNarrator
