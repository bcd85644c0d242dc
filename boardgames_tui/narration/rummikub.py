"""Rummikub's narrator: the engine's events, refusals, problems, labels and results in the player's language.

Every kind the engine reports has its say_ method here and every refusal code its refuse_ method. Tile
codes (R5, K13, J) and the colour letters K R B O stay as they are in every language; the legends name the
colours. Numbers are formatted into the translated sentence, never joined to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.base import Fact
from ..engine.fastmodel import build
from ..engine.rummikub.models import MAX_TURN_ACTIONS
from ..i18n import N_, _, ngettext, pgettext
from .base import Narrator

# Short words another game's catalogue may also hold (and word differently) are looked up with the context
# "rummikub"; the tables are built when they are shown, so a change of language takes effect at once.


def colour_names() -> dict[str, str]:
    """The colour letters (and J) as the legends name them."""
    return {
        "K": pgettext("rummikub", "black"),
        "R": pgettext("rummikub", "red"),
        "B": pgettext("rummikub", "blue"),
        "O": pgettext("rummikub", "orange"),
        "J": pgettext("rummikub", "joker"),
    }


def option_labels() -> dict[str, str]:
    return {
        "rule_set": pgettext("rummikub", "Rule set"),
        "initial_meld": pgettext("rummikub", "Initial meld"),
        "play_after_meld": pgettext("rummikub", "After initial meld"),
        "direction": pgettext("rummikub", "Direction of play"),
        "two_jokers_in_a_set": pgettext("rummikub", "Two jokers in a set"),
        "group_joker_needs_both_colours": pgettext("rummikub", "Group-of-3 joker"),
        "joker_reuse": pgettext("rummikub", "Freed joker goes"),
        "joker_sets": pgettext("rummikub", "Sets with jokers"),
        "turn_timer": pgettext("rummikub", "Turn timer"),
        "hints": pgettext("rummikub", "Hints"),
    }


def option_help() -> dict[str, str]:
    return {
        "rule_set": _(
            "standard: draw or play. American / International: draw, meld, discard, with owned melds and a"
            " trump tile (see the rules); they set the initial meld, direction and freed-joker rule themselves"
        ),
        "initial_meld": _("Points the first play must reach"),
        "play_after_meld": _("Whether the table may be used in the initial-meld turn itself, or only from the next turn"),
        "two_jokers_in_a_set": _("Allow both jokers in one set"),
        "group_joker_needs_both_colours": _("Replacing the joker of a three-tile group needs both missing colours at once"),
        "joker_reuse": _("Where a joker taken off the table must be played again in the same turn"),
        "joker_sets": _("locked: such a set may grow but not lose tiles or be rearranged; free: like any set"),
        "turn_timer": _(
            "Out of time: an invalid table is restored, the tiles return and 3 are drawn (1 if nothing was played)"
        ),
        "hints": _("A key (h) on the turn screen shows the most tiles you could lay, and the sets they make"),
    }


def option_choices() -> dict[tuple[str, str], str]:
    """(option, stored value) -> the value as the setup screen shows it."""
    return {
        ("rule_set", "standard"): pgettext("rummikub", "standard"),
        ("rule_set", "american"): pgettext("rummikub", "American"),
        ("rule_set", "international"): pgettext("rummikub", "International"),
        ("play_after_meld", "same turn"): pgettext("rummikub", "same turn"),
        ("play_after_meld", "next turn"): pgettext("rummikub", "next turn"),
        ("direction", "clockwise"): pgettext("rummikub", "clockwise"),
        ("direction", "counter-clockwise"): pgettext("rummikub", "counter-clockwise"),
        ("joker_reuse", "anywhere"): pgettext("rummikub", "anywhere"),
        ("joker_reuse", "new set"): pgettext("rummikub", "new set"),
        ("joker_reuse", "new set with 1 rack tile"): pgettext("rummikub", "new set with 1 rack tile"),
        ("joker_reuse", "new set with 2 rack tiles"): pgettext("rummikub", "new set with 2 rack tiles"),
        ("joker_sets", "locked"): pgettext("rummikub", "locked"),
        ("joker_sets", "free"): pgettext("rummikub", "free"),
        ("turn_timer", "off"): pgettext("rummikub", "off"),
        ("turn_timer", "30 s"): pgettext("rummikub", "30 s"),
        ("turn_timer", "60 s"): pgettext("rummikub", "60 s"),
        ("turn_timer", "120 s"): pgettext("rummikub", "120 s"),
    }


def win_names() -> dict[str, str]:
    """How a game was won (International's three ways; "out" in American)."""
    return {
        "out": pgettext("rummikub", "out"),
        "open": pgettext("rummikub", "open win"),
        "finish": pgettext("rummikub", "finish win"),
        "closed": pgettext("rummikub", "closed win"),
    }


def set_kinds() -> dict[str, str]:
    return {"run": pgettext("rummikub", "run"), "group": pgettext("rummikub", "group")}


def hand_names() -> dict[str, str]:
    """Closed-hand types of closed_hands.json, by id (a type without words here shows its name from the file)."""
    return {"closed": _("Closed hand (stand-in)")}


def signed(points: int) -> str:
    return f"{points:+d}"


def spaced(tiles: Sequence[str]) -> str:
    return " ".join(tiles)


class RummikubNarrator(Narrator):
    game_id = "rummikub"

    # -- the game as the picker and setup screens show it

    TITLE = N_("Rummikub")
    BLURB = N_("Tile rummy for 2-4: meld runs and groups, rearrange the whole table.")
    LEVEL_HELP = {
        "easy": N_(
            "Lays new sets from its rack and adds tiles to the ends of sets on the table; never takes a set "
            "apart."
        ),
        "hard": N_(
            "Finds the best rearrangement of the whole table every turn. With the American and International"
            " rules it discards what the next player is least likely to use when they are close to going out,"
            " and (International always, American against one or two opponents) keeps its sets on its rack until"
            " it can go out. Wins about {wins}"
            " of two-player games against Easy ({american} with the American rules, {international} with the"
            " International)."
        ),
    }
    # What the arena measured (python -m boardgames_tui.arena, seed "untuned-2026-12-05"), said in LEVEL_HELP.
    # Two-player games: standard rules 196 of 200, and 198 once Hard also switched jokers out of locked sets.
    # American and International, since Hard keeps its sets on its rack: 1,000 games each, 200 on that seed
    # and 400 on each of "untuned-rummikub-2026-12-06" and "untuned-rummikub-2026-12-06b" (picked once):
    # American 169 + 346 + 338 = 853 (85%), International 176 + 361 + 355 = 892 (89%).
    LEVEL_FIGURES = {"hard": {"wins": "99%", "american": "85%", "international": "89%"}}

    def option_label(self, name: str) -> str:
        return option_labels().get(name, name)

    def option_help(self, name: str) -> str | None:
        return option_help().get(name)

    # -- the hint key

    def hint(self, placed: Sequence[str], sets: Sequence[Sequence[str]], *, discarding: bool = False, laid_already: int = 0) -> str:
        """The best play the move finder sees: the rack tiles to lay and the sets that change. With
        `discarding` (American / International: the hint comes after the turn's draw) a turn with nothing
        to lay ends with a discard, not a draw. `laid_already`: the tiles the seat laid this turn so far."""
        rows = _(" | ").join(spaced(row) for row in sets)
        if not placed and laid_already:
            if sets:
                return _("Hint: no more tiles to lay; the sets that change: {rows}").format(rows=rows)
            return _("Hint: nothing more to lay than what you laid this turn")
        if not placed:
            if discarding:
                return _("Hint: none of your tiles fits on the table now; discard one (e) to end the turn")
            return _("Hint: none of your tiles fits on the table now; drawing is all that is left")
        head = ngettext(
            "Hint: you can lay {n} tile: {tiles}", "Hint: you can lay {n} tiles: {tiles}", len(placed)
        ).format(n=len(placed), tiles=spaced(placed))
        return _("{head}. The sets that change: {rows}").format(head=head, rows=rows)

    @staticmethod
    def hints_off() -> str:
        return _("Hints are off in this game (an option when the game is set up)")

    def option_choice(self, name: str, value: Any) -> str:
        if isinstance(value, bool):
            return pgettext("rummikub", "yes") if value else pgettext("rummikub", "no")
        return option_choices().get((name, str(value)), str(value))

    # -- shared pieces

    def names(self, seats: Sequence[int]) -> str:
        """Several players in one phrase: "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
        return self.listed([self.name(s) for s in seats])

    @staticmethod
    def listed(items: Sequence[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])

    def owner(self, seat: int | None) -> str:
        return self.name(seat) if seat is not None and 0 <= seat < len(self.players) else pgettext("rummikub", "another player")

    @staticmethod
    def colour_name(letter: str) -> str:
        return colour_names().get(letter, letter)

    @staticmethod
    def win_name(kind: str) -> str:
        return win_names().get(kind, kind)

    @staticmethod
    def set_kind(kind: str) -> str:
        return set_kinds().get(kind, kind)

    def nested(self, told: dict[str, Any]) -> str:
        """A fact carried inside another one's arguments (a headline, a problem) as a dict."""
        return self.say(build(Fact, kind=told["kind"], args=told.get("args", {})))

    def sentences(self, parts: Sequence[str]) -> str:
        return _(". ").join(parts)

    def you_drew(self, text: str, drawn: Sequence[str] | None) -> str:
        """A log line with the tiles its reader drew (only the drawer's copy of the event has them)."""
        if not drawn:
            return text
        return _("{text} (you drew {tiles})").format(text=text, tiles=_(", ").join(drawn))

    def ran_out(self, seat: int, limit: bool) -> str:
        if limit:
            return _("{name} reached the limit of {n} actions in a turn").format(name=self.name(seat), n=MAX_TURN_ACTIONS)
        return _("{name} ran out of time").format(name=self.name(seat))

    # -- the log: the standard game

    def say_first_player(self, seat: int, direction: str) -> str:
        if direction == "counter-clockwise":
            return _("{name} goes first (chosen at random); play goes counter-clockwise").format(name=self.name(seat))
        return _("{name} goes first (chosen at random); play goes clockwise").format(name=self.name(seat))

    def say_played(self, seat: int, tiles: Sequence[str], meld: int | None = None) -> str:
        n = len(tiles)
        if meld is None:
            template = ngettext("{name} played {n} tile: {tiles}", "{name} played {n} tiles: {tiles}", n)
        else:
            template = ngettext(
                "{name} played {n} tile: {tiles} (initial meld: {points})",
                "{name} played {n} tiles: {tiles} (initial meld: {points})",
                n,
            )
        return template.format(name=self.name(seat), n=n, tiles=spaced(tiles), points=meld)

    def say_joker_replaced(self, seat: int, jokers: int, tiles: Sequence[str]) -> str:
        template = ngettext("{name} replaced a joker with {tiles}", "{name} replaced {n} jokers with {tiles}", jokers)
        return template.format(name=self.name(seat), n=jokers, tiles=self.listed(tiles))

    def say_played_every_tile(self, seat: int) -> str:
        return _("{name} has played every tile").format(name=self.name(seat))

    def say_tiles_left(self, seat: int, count: int) -> str:
        return ngettext("{name} has {n} tile left", "{name} has {n} tiles left", count).format(name=self.name(seat), n=count)

    def say_drew(self, seat: int, drawn: Sequence[str] | None = None) -> str:
        return self.you_drew(_("{name} drew a tile").format(name=self.name(seat)), drawn)

    def say_pool_empty(self, seat: int) -> str:
        return _("{name} must draw but the pool is empty: the game ends").format(name=self.name(seat))

    def say_game_over(self, headline: dict[str, Any]) -> str:
        return pgettext("rummikub", "Game over: {headline}").format(headline=self.nested(headline))

    def say_turn_summary(self, events: Sequence[dict[str, Any]]) -> str:
        return self.sentences([self.nested(told) for told in events])

    def say_time_up_play_stands(self, seat: int, limit: bool) -> str:
        return _("{ran_out}: the play stands").format(ran_out=self.ran_out(seat, limit))

    def say_time_up_drew(self, seat: int, limit: bool, restored: bool, drawn: Sequence[str] | None = None) -> str:
        if restored:
            text = _("{ran_out}: table restored and drew a tile")
        else:
            text = _("{ran_out} and drew a tile")
        return self.you_drew(text.format(ran_out=self.ran_out(seat, limit)), drawn)

    def say_time_up_penalty(self, seat: int, limit: bool, count: int, drawn: Sequence[str] | None = None) -> str:
        text = ngettext("{ran_out}: table restored, {n} penalty tile", "{ran_out}: table restored, {n} penalty tiles", count)
        return self.you_drew(text.format(ran_out=self.ran_out(seat, limit), n=count), drawn)

    def say_time_up_pool_short(
        self, seat: int, limit: bool, got: int, count: int, drawn: Sequence[str] | None = None
    ) -> str:
        text = ngettext(
            "{ran_out}: table restored; only {n} tile left to draw of {count}: the pool is empty and the game ends",
            "{ran_out}: table restored; only {n} tiles left to draw of {count}: the pool is empty and the game ends",
            got,
        )
        return self.you_drew(text.format(ran_out=self.ran_out(seat, limit), n=got, count=count), drawn)

    def say_time_up_pool_empty(self, seat: int, limit: bool, restored: bool, penalty: int | None) -> str:
        ran_out = self.ran_out(seat, limit)
        if penalty is not None:
            return ngettext(
                "{ran_out}: table restored, {n} penalty tile, but the pool is empty: the game ends",
                "{ran_out}: table restored, {n} penalty tiles, but the pool is empty: the game ends",
                penalty,
            ).format(ran_out=ran_out, n=penalty)
        if restored:
            return _("{ran_out}: table restored and drew a tile, but the pool is empty: the game ends").format(ran_out=ran_out)
        return _("{ran_out} and drew a tile, but the pool is empty: the game ends").format(ran_out=ran_out)

    # -- the log: American and International

    def say_first_player_trump(self, seat: int, trump: str) -> str:
        return _(
            "{name} goes first (chosen at random); play goes counter-clockwise; the face-up trump is {tile}"
        ).format(name=self.name(seat), tile=trump)

    def say_first_player_extra_tile(self, seat: int, trump: str) -> str:
        return _(
            "{name} goes first (chosen at random) with the extra tile, 15 tiles, and does not draw this turn;"
            " play goes counter-clockwise; the trump turned up is {tile}"
        ).format(name=self.name(seat), tile=trump)

    def say_took_discard(self, seat: int, tile: str) -> str:
        return _("{name} took {tile} from the discard pile").format(name=self.name(seat), tile=tile)

    def say_took_trump(self, seat: int, tile: str) -> str:
        return _("{name} took the trump {tile}").format(name=self.name(seat), tile=tile)

    def say_laid(self, seat: int, tiles: Sequence[str], ice: int | None = None) -> str:
        n = len(tiles)
        if ice is None:
            template = ngettext("{name} laid {n} tile: {tiles}", "{name} laid {n} tiles: {tiles}", n)
        else:
            template = ngettext(
                "{name} laid {n} tile: {tiles} (breaking the ice: {points})",
                "{name} laid {n} tiles: {tiles} (breaking the ice: {points})",
                n,
            )
        return template.format(name=self.name(seat), n=n, tiles=spaced(tiles), points=ice)

    def say_discarded(self, seat: int, tile: str) -> str:
        return _("{name} discarded {tile}").format(name=self.name(seat), tile=tile)

    def say_went_out(self, seat: int, tile: str, win: str | None = None) -> str:
        if win is None:
            return _("{name} discarded {tile} and went out").format(name=self.name(seat), tile=tile)
        return _("{name} discarded {tile} and went out ({how})").format(name=self.name(seat), tile=tile, how=self.win_name(win))

    def say_announced(self, seat: int, count: int) -> str:
        return ngettext("{name} announces: {n} tile left", "{name} announces: {n} tiles left", count).format(
            name=self.name(seat), n=count
        )

    def say_no_face_down_tiles(self, seat: int) -> str:
        return _("{name} must draw but no face-down tile is left: the game ends").format(name=self.name(seat))

    def say_time_up_no_face_down(self, seat: int, limit: bool) -> str:
        return _("{ran_out} and no face-down tile is left to draw: the game ends").format(ran_out=self.ran_out(seat, limit))

    def say_time_up_drew_to_discard(self, seat: int, limit: bool, drawn: Sequence[str] | None = None) -> str:
        text = _("{ran_out}: drew a tile and must discard").format(ran_out=self.ran_out(seat, limit))
        return self.you_drew(text, drawn)

    def say_time_up_play_stands_discard(self, seat: int, limit: bool) -> str:
        return _("{ran_out}: the play stands and a discard ends the turn").format(ran_out=self.ran_out(seat, limit))

    def say_time_up_restored(
        self,
        seat: int,
        limit: bool,
        trump: str | None,
        penalty: int,
        short: dict[str, int] | None,
        drawn: Sequence[str] | None = None,
    ) -> str:
        clauses = [_("{ran_out}: the table is restored").format(ran_out=self.ran_out(seat, limit))]
        if trump is not None:
            clauses.append(_("the trump {tile} goes back for a face-down tile").format(tile=trump))
        if penalty:
            clauses.append(ngettext("{n} penalty tile", "{n} penalty tiles", penalty).format(n=penalty))
        if short is not None:
            ending = ngettext(
                "only {n} face-down tile left to draw of {count}: the game ends",
                "only {n} face-down tiles left to draw of {count}: the game ends",
                short["got"],
            ).format(n=short["got"], count=short["count"])
        else:
            ending = _("a discard ends the turn")
        text = _("{clauses}; {ending}").format(clauses=_(", ").join(clauses), ending=ending)
        return self.you_drew(text, drawn)

    # -- where the game is

    def say_position_pool(self, turn: int, pool: int) -> str:
        return ngettext("Turn {turn} · {n} tile in the pool", "Turn {turn} · {n} tiles in the pool", pool).format(turn=turn, n=pool)

    def say_position_stacks(self, turn: int, tiles: int) -> str:
        return ngettext("Turn {turn} · {n} face-down tile", "Turn {turn} · {n} face-down tiles", tiles).format(turn=turn, n=tiles)

    def say_position_over(self) -> str:
        return pgettext("rummikub", "Game over")

    def say_rule_set(self, rule_set: str) -> str:
        if rule_set == "american":
            return _("American rules")
        if rule_set == "international":
            return _("International rules")
        return _("standard rules")

    # -- the results

    def say_winner(self, seat: int, score: int, win: str | None = None) -> str:
        if win is None:
            return _("{name} wins: {score}").format(name=self.name(seat), score=signed(score))
        return _("{name} wins: {score} ({how})").format(name=self.name(seat), score=signed(score), how=self.win_name(win))

    def say_shared_win(self, seats: Sequence[int], scores: Sequence[int]) -> str:
        return _("{names} share the win: {scores}").format(names=self.names(seats), scores=" / ".join(signed(s) for s in scores))

    def say_nobody_wins(self, scores: Sequence[int]) -> str:
        each = _(", ").join(_("{name} {score}").format(name=self.name(s), score=signed(p)) for s, p in enumerate(scores))
        return _("nobody wins: {scores}").format(scores=each)

    def say_reason_played_out(self, seat: int) -> str:
        return _("Reason: {name} played every tile").format(name=self.name(seat))

    def say_reason_empty_pool(self, seat: int) -> str:
        return _("Reason: {name} had to draw from an empty pool").format(name=self.name(seat))

    def say_reason_no_face_down(self, seat: int) -> str:
        return _("Reason: {name} had to draw and no face-down tile was left").format(name=self.name(seat))

    def say_reason_went_out(self, seat: int, win: str | None = None) -> str:
        if win is None:
            return _("Reason: {name} went out").format(name=self.name(seat))
        return _("Reason: {name} went out ({how})").format(name=self.name(seat), how=self.win_name(win))

    def say_scoring_went_out(self, seats: Sequence[int]) -> str:
        return _(
            "Scoring: everyone else loses what is left on their rack (a joker 30); {names} gains the sum"
        ).format(names=self.names(seats))

    def say_scoring_lowest_rack(self, seats: Sequence[int], low: int) -> str:
        if len(seats) == 1:
            template = _(
                "Scoring: the lowest rack ({low}) wins; everyone else loses the difference between their rack and"
                " {low}; {names} gains the sum"
            )
        else:
            template = _(
                "Scoring: the lowest rack ({low}) wins; everyone else loses the difference between their rack and"
                " {low}; {names} share the sum"
            )
        return template.format(low=low, names=self.names(seats))

    def rack_text(self, tiles: Sequence[str]) -> str:
        return spaced(tiles) if tiles else pgettext("rummikub", "empty")

    def say_standing(self, seat: int, score: int, tiles: Sequence[str], total: int | None = None) -> str:
        # The tiles themselves are laid open under the results (the reveal): here only what they count.
        if total is None:
            return _("{name}: {score}").format(name=self.name(seat), score=signed(score))
        return _("{name}: {score} (rack worth {total})").format(name=self.name(seat), score=signed(score), total=total)

    def say_scoring_american_out(self, seat: int) -> str:
        return _(
            "{name} went out: the others score minus the tiles on their racks (a joker 30), {name} the sum"
        ).format(name=self.name(seat))

    def say_scoring_american_lowest(self) -> str:
        return _("No face-down tile was left: the lowest rack wins, the others score minus their difference")

    def say_win_open(self, seat: int, points: int, alone: bool) -> str:
        if alone:
            return _("{name} wins open: {points} (no other player had laid a tile)").format(name=self.name(seat), points=points)
        return _("{name} wins open: {points}").format(name=self.name(seat), points=points)

    def say_win_finish(self, seat: int, points: int) -> str:
        return _("{name} wins with a finish: {points}").format(name=self.name(seat), points=points)

    def say_win_closed(
        self, seat: int, points: int, hand: str, name: str, base: int, face: int | None, stand_in: bool
    ) -> str:
        hand_name = hand_names().get(hand, name)
        if face is None:
            how = _("{hand}: {base}").format(hand=hand_name, base=base)
        else:
            how = _("{hand}: {base} + {face} face value").format(hand=hand_name, base=base, face=face)
        text = _("{name} wins closed: {points} ({how})").format(name=self.name(seat), points=points, how=how)
        if stand_in:
            text = _("{text}; the real closed-hand table is missing, this is our stand-in").format(text=text)
        return text

    def say_joker_doubled(self, points: int) -> str:
        return _("The winning discard is a joker: doubled to {points}").format(points=points)

    def say_loss_tiles(
        self, seat: int, loss: int, rack: int, count: int, discarded: int, thrown: Sequence[str]
    ) -> str:
        return ngettext(
            "{name} broke the ice and loses {loss}: {rack} on the rack ({n} tile) and {discarded} in their"
            " discards still in the pile ({thrown}); 1 and 10-13 count 10, a joker 30",
            "{name} broke the ice and loses {loss}: {rack} on the rack ({n} tiles) and {discarded} in their"
            " discards still in the pile ({thrown}); 1 and 10-13 count 10, a joker 30",
            count,
        ).format(
            name=self.name(seat),
            loss=loss,
            rack=rack,
            n=count,
            discarded=discarded,
            thrown=spaced(thrown) if thrown else pgettext("rummikub", "none"),
        )

    def say_loss_as_closed_win(self, seat: int, loss: int) -> str:
        return _("{name} never broke the ice and loses as much as the closed win scores: {loss}").format(
            name=self.name(seat), loss=loss
        )

    def say_loss_no_ice(self, seat: int, loss: int) -> str:
        return _("{name} never broke the ice and loses {loss}").format(name=self.name(seat), loss=loss)

    def say_nobody_wins_no_face_down(self) -> str:
        return _("No face-down tile was left: nobody wins")

    # -- what stands in the way of ending a turn (View.end_turn_problems) and why a set is not valid

    def say_nothing_played(self) -> str:
        return _("Play at least one tile from your rack (or reset the turn and draw)")

    def say_freed_joker_alone(self) -> str:
        return _("The joker you freed must be played in a set on the table")

    def say_freed_joker_not_new(self, rack_tiles: int) -> str:
        if not rack_tiles:
            return _(
                "The joker you freed must go into a new set, not into a set that was on the table at the start"
                " of the turn"
            )
        return ngettext(
            "The joker you freed must go into a new set with at least {n} tile from your rack",
            "The joker you freed must go into a new set with at least {n} tiles from your rack",
            rack_tiles,
        ).format(n=rack_tiles)

    def say_initial_meld_short(self, points: int, need: int) -> str:
        return _("Initial meld: your new sets from your rack are worth {points}; you need at least {need}").format(
            points=points, need=need
        )

    def say_ice_short(self, points: int, need: int, before_finish: bool = False) -> str:
        if before_finish:
            template = _(
                "Breaking the ice: your new melds from your rack are worth {points}; you need at least {need}"
                " (before breaking the ice you may add to other players' melds only to go out at once: a finish)"
            )
        else:
            template = _("Breaking the ice: your new melds from your rack are worth {points}; you need at least {need}")
        return template.format(points=points, need=need)

    def say_finish_short(self, laid: int, need: int) -> str:
        return _("A finish needs the tiles you lay to total at least {need}; they total {laid}").format(laid=laid, need=need)

    def say_freed_joker_alone_own(self) -> str:
        return _("The joker you freed must be played at once, in a new meld of your own")

    def say_freed_joker_not_new_own(self) -> str:
        return _(
            "The joker you freed must go into a new meld of your own, not into a meld that was on the table at"
            " the start of the turn"
        )

    def say_rearrange_needs_rack_tile(self) -> str:
        return _("To rearrange your melds you must also lay at least one tile from your rack (or reset the turn)")

    def say_keep_one_tile(self) -> str:
        return _("Keep one tile on your rack: a turn ends with a discard (you go out by discarding your last tile)")

    def say_last_tile_taken(self) -> str:
        return _("Your last tile came from the discard pile this turn and may not be discarded: keep another")

    def say_trump_must_go_out(self) -> str:
        return _(
            "You took the trump, so you must go out this turn: lay every tile but one and discard it"
            " (or put the trump back)"
        )

    def say_set_empty(self) -> str:
        return _("an empty set")

    def say_set_invalid(self) -> str:
        return _("a set is not valid")

    def say_set_too_short(self, count: int) -> str:
        return ngettext("only {n} tile: a set needs at least 3", "only {n} tiles: a set needs at least 3", count).format(n=count)

    def say_set_two_jokers(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: two jokers may not share a set in this game").format(tiles=spaced(tiles))

    def say_set_group_too_big(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a group has at most 4 tiles").format(tiles=spaced(tiles))

    def say_set_group_colours_repeat(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a group needs different colours").format(tiles=spaced(tiles))

    def say_set_one_is_low_only(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: 12-13-1 is not a run in this game (1 is low only)").format(tiles=spaced(tiles))

    def say_set_run_repeats_number(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run cannot repeat a number").format(tiles=spaced(tiles))

    def say_set_one_in_the_middle(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: 1 may start or end a run, never sit in the middle").format(tiles=spaced(tiles))

    def say_set_run_too_long(self, tiles: Sequence[str], most: int) -> str:
        return _("{tiles}: a run has at most {n} tiles").format(tiles=spaced(tiles), n=most)

    def say_set_run_below_one(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run cannot go below 1").format(tiles=spaced(tiles))

    def say_set_run_past_high_one(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run cannot go past 13-1").format(tiles=spaced(tiles))

    def say_set_run_above_thirteen(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run cannot go above 13").format(tiles=spaced(tiles))

    def say_set_run_goes_down(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run goes up from left to right").format(tiles=spaced(tiles))

    def say_set_run_has_gaps(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run must be consecutive").format(tiles=spaced(tiles))

    def say_set_neither_run_nor_group(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: neither a run (one colour) nor a group (one number)").format(tiles=spaced(tiles))

    def say_set_run_colours_mixed(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a run must be all one colour").format(tiles=spaced(tiles))

    def say_set_group_numbers_mixed(self, tiles: Sequence[str]) -> str:
        return _("{tiles}: a group must be all one number").format(tiles=spaced(tiles))

    # -- refusals

    @staticmethod
    def problem_list(problems: Sequence[str]) -> str:
        """Several problems said one after the other: as sentences (most begin with a capital, so "; " read
        badly before them)."""
        return pgettext("rummikub problems", ". ").join(problems)

    def refuse_turn_not_done(self, problems: Sequence[dict[str, Any]]) -> str:
        return _("You cannot end your turn yet: {problems}").format(problems=self.problem_list([self.nested(p) for p in problems]))

    def refuse_no_tiles_chosen(self) -> str:
        return _("Choose at least one tile")

    def refuse_no_such_tile(self, tile: Any) -> str:
        return _("There is no tile {tile}").format(tile=tile)

    def refuse_tile_listed_twice(self) -> str:
        return _("A tile is listed twice")

    def refuse_tile_not_yours(self, tile: str) -> str:
        return _("{tile} is not on your rack or on the table").format(tile=tile)

    def refuse_new_set_has_no_position(self) -> str:
        return _("A new set has no position: leave the position out")

    def refuse_no_such_set(self, set: Any) -> str:
        return _("There is no set {set} on the table").format(set=set)

    def refuse_no_such_position(self, set: int, position: Any, size: int) -> str:
        return _("Set {set} has no position {position} (0 to {size})").format(set=set, position=position, size=size)

    def refuse_meld_first_next_turn(self) -> str:
        return _(
            "Until your initial meld is on the table you may only build new sets from your rack: the table is"
            " yours from your next turn"
        )

    def refuse_meld_first(self, need: int, points: int) -> str:
        return _(
            "Until your initial meld is complete ({need} points in new sets from your rack; you have {points})"
            " you may only build new sets from your rack"
        ).format(need=need, points=points)

    def refuse_replacement_stays(self, tile: str) -> str:
        return _("{tile} replaced a joker this turn and must stay in its set").format(tile=tile)

    def refuse_locked_set_keeps_tiles(self, tile: str) -> str:
        return _("{tile} cannot leave its set: a set with a joker may grow, but nothing may leave it").format(tile=tile)

    def refuse_group_joker_needs_both(self, tiles: Sequence[str]) -> str:
        return _("In a group of three the joker can only be replaced by both missing colours at once ({tiles})").format(
            tiles=self.listed(tiles)
        )

    def refuse_already_that_set(self) -> str:
        return _("That changes nothing: those tiles already form that set")

    def refuse_locked_run_grows_at_ends(self) -> str:
        return _("A run with a joker may only grow at its ends")

    def refuse_move_changes_nothing(self) -> str:
        return _("That move changes nothing")

    def refuse_joker_stays_on_table(self) -> str:
        return _("A joker taken off the table must be played on the table, never to a rack")

    def refuse_not_played_this_turn(self, tile: str) -> str:
        return _("Only tiles you played from your rack this turn can go back to it ({tile})").format(tile=tile)

    def refuse_replacement_undo_only(self, tile: str) -> str:
        return _("{tile} replaced a joker: use Undo to take it back").format(tile=tile)

    def refuse_split_between_tiles(self, set: int, last: int) -> str:
        return _("Set {set} can be split only between two of its tiles (1 to {last})").format(set=set, last=last)

    def refuse_locked_set_no_split(self) -> str:
        return _("A set with a joker cannot be split")

    def refuse_not_a_joker(self, tile: Any) -> str:
        return _("{tile} is not a joker").format(tile=tile)

    def refuse_joker_not_on_table(self) -> str:
        return _("That joker is not on the table")

    def refuse_invalid_set_joker(self) -> str:
        return _("The set is not valid, so its jokers stand for nothing yet")

    def refuse_joker_fixed(self, meaning: str | None) -> str:
        if meaning is None:
            return _("That joker can only be what it stands for in this set")
        return _("That joker can only be {tile} in this set").format(tile=meaning)

    def refuse_joker_cannot_be(self, meaning: str, choices: Sequence[str]) -> str:
        return _("That joker cannot stand for {tile} here (it may be: {choices})").format(
            tile=meaning, choices=_(", ").join(choices)
        )

    def refuse_locked_set_reading(self, kind: str | None) -> str:
        if kind == "group":
            return _("A set with a joker cannot be rearranged: it stays a group")
        return _("A set with a joker cannot be rearranged: it stays a run")

    def refuse_sort_by_colour_or_number(self) -> str:
        return _("Sort the rack by colour or by number")

    def refuse_not_on_rack(self, tile: Any) -> str:
        return _("{tile} is not on your rack").format(tile=tile)

    def refuse_no_such_rack_place(self, last: int) -> str:
        return _("Your rack has places 0 to {last}").format(last=last)

    def refuse_tile_already_there(self) -> str:
        return _("That changes nothing: the tile is already there")

    def refuse_no_turn_timer(self) -> str:
        return _("This game has no turn timer")

    def refuse_clock_out_of_range(self, limit: int) -> str:
        return _("The clock shows 0 to {limit} seconds").format(limit=limit)

    def refuse_clock_runs_down(self) -> str:
        return _("The clock only runs down")

    def refuse_nothing_to_undo(self) -> str:
        return _("Nothing to undo this turn")

    def refuse_nothing_to_reset(self) -> str:
        return _("Nothing to reset: the turn is as it started")

    def refuse_table_changed_no_draw(self) -> str:
        return _("You changed the table this turn: reset the turn before drawing, or end it")

    def refuse_draw_first(self, discard: bool, trump: bool) -> str:
        if discard and trump:
            return _("Start your turn: draw a face-down tile, take the discard or take the trump to go out")
        if discard:
            return _("Start your turn: draw a face-down tile or take the discard")
        if trump:
            return _("Start your turn: draw a face-down tile or take the trump to go out")
        return _("Start your turn: draw a face-down tile")

    def refuse_time_is_up_discard(self) -> str:
        return _("Your time is up: discard a tile to end your turn")

    def refuse_starter_no_draw(self) -> str:
        return _("You start with the extra tile: there is no draw in your first turn")

    def refuse_already_drew(self) -> str:
        return _("You have already drawn this turn")

    def refuse_end_by_discarding(self) -> str:
        return _("End your turn by discarding a tile")

    def refuse_trump_not_taken(self) -> str:
        return _("You did not take the trump this turn")

    def refuse_others_meld_tile(self, tile: str, owner: int | None) -> str:
        return _("{tile} is in {name}'s meld: only {name} may move its tiles").format(tile=tile, name=self.owner(owner))

    def refuse_own_tiles_stay_own(self) -> str:
        return _("Tiles of your melds stay in your melds: only tiles from your rack may be added to another player's meld")

    def refuse_others_joker(self, owner: int | None) -> str:
        return _("Only {name} may replace the joker in {name}'s meld").format(name=self.owner(owner))

    def refuse_others_meld_split(self, owner: int | None) -> str:
        return _("Only {name} may split or rearrange {name}'s meld").format(name=self.owner(owner))

    def refuse_others_meld_joker(self, owner: int | None) -> str:
        return _("Only {name} may change what the jokers in {name}'s meld stand for").format(name=self.owner(owner))

    def refuse_taken_discard_kept(self, tile: str) -> str:
        return _("{tile} came from the discard pile this turn: discard another tile").format(tile=tile)

    def refuse_unknown_action(self, kind: str = "") -> str:
        """An action this rule set does not have (the standard game has no discard pile and no trump)."""
        if kind == "take_discard":
            return _("The standard game has no discard pile: d draws a tile")
        if kind in ("take_trump", "return_trump"):
            return _("The standard game has no trump tile")
        return super().refuse_unknown_action(kind)

    def refuse_discard_pile_empty(self) -> str:
        return _("The discard pile is empty")

    def refuse_discard_after_ice(self) -> str:
        return _("Only after breaking the ice in an earlier turn may you take the discard")

    def refuse_no_trump(self) -> str:
        return _("There is no trump tile in the centre")

    def refuse_trump_not_after_ice(self) -> str:
        return _("The trump is only for a finish or a closed win, and you broke the ice")


NARRATOR = RummikubNarrator
