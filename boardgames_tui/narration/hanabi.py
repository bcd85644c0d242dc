"""Hanabi's narrator: the engine's events, refusals, labels and results in the player's language.

Every event is public (engine/hanabi/turn.py lists them); `HanabiRules.last_public_event` bundles an action
with what followed from it as one "action_news" event, said here as the sentences in a row. Card codes
(R3, K5) and colour letters stay as they are in every language; the legend names the colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.base import fact
from ..engine.hanabi.models import MAX_CLUE_TOKENS, MAX_MISFIRES
from ..i18n import N_, _, ngettext, pgettext
from .base import Narrator

# A colour on its own: the legend, a key's meaning, the help.
COLOUR_NAMES: dict[str, str] = {
    "R": N_("red"),
    "Y": N_("yellow"),
    "G": N_("green"),
    "B": N_("blue"),
    "W": N_("white"),
    "M": N_("multicolour"),
    "K": N_("black"),
}

# What each bonus tile of the five flamboyants does, as a short phrase.
BONUS_TILES: dict[str, str] = {
    "clue": N_("+1 clue token"),
    "clue_and_misfire": N_("+1 clue token and one misfire removed"),
    "free_colour_clue": N_("a free colour clue"),
    "free_number_clue": N_("a free number clue"),
    "reshuffle_discard": N_("may shuffle a discarded card back into the deck"),
    "replay_discard": N_("may play a playable card from the discard pile"),
}
# The same tiles named briefly, for the row of tiles already used: one short unbroken phrase each, so that a
# narrow screen wraps the row between tiles, never inside one.
BONUS_TILES_SHORT: dict[str, str] = {
    "clue": N_("+1 clue"),
    "clue_and_misfire": N_("+1 clue −1 misfire"),
    "free_colour_clue": N_("free colour clue"),
    "free_number_clue": N_("free number clue"),
    "reshuffle_discard": N_("reshuffle a discard"),
    "replay_discard": N_("replay a discard"),
}

# The guild's rating of the show: (verdict, what the crowd did), by code.
RATINGS: dict[str, tuple[str, str]] = {
    "divine": (N_("Divine"), N_("the show outshone the stars!")),
    "legendary": (N_("Legendary"), N_("everyone is speechless, with stars in their eyes!")),
    "amazing": (N_("Amazing"), N_("they'll remember it for weeks!")),
    "excellent": (N_("Excellent"), N_("the crowd went home happy.")),
    "honourable": (N_("Honourable"), N_("a decent attempt, but soon forgotten...")),
    "mediocre": (N_("Mediocre"), N_("just a smattering of applause...")),
    "awful": (N_("Awful"), N_("booed by the crowd...")),
}

END_REASONS: dict[str, str] = {
    "all_fireworks": N_("every firework is complete"),
    "third_misfire": N_("the third misfire"),
    "final_round": N_("the final round is over"),
}

OPTION_LABELS: dict[str, str] = {
    "hand_size": N_("Hand size"),
    "allow_empty_clues": N_("Empty clues"),
    "sixth_suit": N_("Sixth suit"),
    "black_powder": N_("Black powder"),
    "five_flamboyants": N_("Five flamboyants"),
    "convention": N_("Conventions"),
}
OPTION_HELP: dict[str, str] = {
    "hand_size": N_("standard: 5 cards with 2-3 players, 4 with 4-5; unofficial: 6/5/4/3 for 2/3/4/5 players"),
    "allow_empty_clues": N_("Allow a clue that touches none of the player's cards"),
    "sixth_suit": N_(
        "tricky: 10 multicolour cards with their own clue; difficult: 5 multicolour cards (one of each "
        "number); avalanche: 10 multicolour cards touched by every colour clue"
    ),
    "black_powder": N_("10 black cards played from 5 down to 1; no colour clue touches them"),
    "five_flamboyants": N_("Completing a pile reveals a bonus tile instead of a clue token"),
    "convention": N_("A label for the people at the table; nothing is enforced (Hard computers always follow the conventions written in the rules)"),
}
# The choices of each option ("none" has two meanings, told apart in `option_choice`).
OPTION_CHOICES: dict[tuple[str, str], str] = {
    ("hand_size", "standard"): N_("standard"),
    ("hand_size", "unofficial"): N_("unofficial"),
    ("sixth_suit", "tricky"): N_("tricky"),
    ("sixth_suit", "difficult"): N_("difficult"),
    ("sixth_suit", "avalanche"): N_("avalanche"),
    ("convention", "finesse"): N_("finesse"),
    ("convention", "layered finesse"): N_("layered finesse"),
    ("convention", "H-group"): N_("H-group"),
    ("convention", "other"): N_("other"),
}
SWITCHES = ("allow_empty_clues", "black_powder", "five_flamboyants")
SWITCH_WORDS: dict[str, str] = {"True": N_("on"), "False": N_("off")}


def colour_name(suit: str) -> str:
    """A colour letter's name for legends and key lists ("red", "multicolour")."""
    return _(COLOUR_NAMES[suit]) if suit in COLOUR_NAMES else suit


def colour_word(suit: str) -> str:
    """A colour inside a sentence ("it was added to red"): some languages say it differently from a legend."""
    words = {
        "R": pgettext("colour in a sentence", "red"),
        "Y": pgettext("colour in a sentence", "yellow"),
        "G": pgettext("colour in a sentence", "green"),
        "B": pgettext("colour in a sentence", "blue"),
        "W": pgettext("colour in a sentence", "white"),
        "M": pgettext("colour in a sentence", "multicolour"),
        "K": pgettext("colour in a sentence", "black"),
    }
    return words.get(suit, suit)


def bonus_tile_name(tile: str) -> str:
    return _(BONUS_TILES[tile]) if tile in BONUS_TILES else tile


def bonus_tile_short_name(tile: str) -> str:
    return _(BONUS_TILES_SHORT[tile]) if tile in BONUS_TILES_SHORT else tile


def rating_words(code: str) -> tuple[str, str]:
    verdict, crowd = RATINGS.get(code, (code, ""))
    return _(verdict), _(crowd) if crowd else ""


def slot_list(slots: Sequence[int]) -> str:
    """Hand positions counted from 1, in a row: "1, 3"."""
    return pgettext("between slot numbers", ", ").join(str(slot + 1) for slot in slots)


class HanabiNarrator(Narrator):
    game_id = "hanabi"

    # -- the game as the picker and setup screens show it

    TITLE = N_("Hanabi")
    BLURB = N_("Cooperative fireworks for 2-5: everyone sees your cards but you.")
    LEVEL_HELP = {
        "easy": N_(
            "Plays a card only once the clues prove it fits, clues playable cards directly, else lets its "
            "oldest unclued card go: no conventions to learn."
        ),
        "hard": N_(
            "Plays by the conventions in the rules (r: chop, saves, finesses) and looks ahead near the end of"
            " the deck; a table of Hard players scores about {two} of 25 with two players and {five} with five."
        ),
    }
    # What the arena measured (python -m boardgames_tui.arena, seed "untuned-2026-12-05"), said in LEVEL_HELP.
    LEVEL_FIGURES = {"hard": {"two": "23.4", "five": "21.9"}}  # 500 two-player deals, 250 five-player
    OPTION_LABELS = OPTION_LABELS
    OPTION_HELP = OPTION_HELP

    def option_choice(self, name: str, value: Any) -> str:
        word = str(value)
        if word == "none" and name == "sixth_suit":
            return pgettext("sixth suit", "none")
        if word == "none" and name == "convention":
            return pgettext("convention", "none")
        label = SWITCH_WORDS.get(word) if name in SWITCHES else OPTION_CHOICES.get((name, word))
        return _(label) if label is not None else word

    # -- the log: what each action did

    def say_play(self, seat: int, card: str) -> str:
        return _("{name} played {card} — it was added to {colour}.").format(
            name=self.name(seat), card=card, colour=colour_word(card[:1])
        )

    def say_misfire(self, seat: int, card: str, misfires: int) -> str:
        return _("{name} played {card} — misfire! ({n} of {most})").format(
            name=self.name(seat), card=card, n=misfires, most=MAX_MISFIRES
        )

    def say_discard(self, seat: int, card: str) -> str:
        return _("{name} discarded {card}.").format(name=self.name(seat), card=card)

    def say_colour_clue(self, seat: int, target: int, suit: str, slots: Sequence[int], free: bool = False) -> str:
        count = len(slots)
        if not count:
            template = (
                _("{name} told {target} (free clue): no cards are {colour}.")
                if free
                else _("{name} told {target}: no cards are {colour}.")
            )
        elif free:
            template = ngettext(
                "{name} told {target} (free clue): slot {slots} is {colour}.",
                "{name} told {target} (free clue): slots {slots} are {colour}.",
                count,
            )
        else:
            template = ngettext(
                "{name} told {target}: slot {slots} is {colour}.", "{name} told {target}: slots {slots} are {colour}.", count
            )
        return template.format(
            name=self.name(seat), target=self.name(target), slots=slot_list(slots), colour=colour_word(suit)
        )

    def say_number_clue(self, seat: int, target: int, rank: int, slots: Sequence[int], free: bool = False) -> str:
        count = len(slots)
        if not count:
            template = (
                _("{name} told {target} (free clue): no cards are {rank}s.")
                if free
                else _("{name} told {target}: no cards are {rank}s.")
            )
        elif free:
            template = ngettext(
                "{name} told {target} (free clue): slot {slots} is a {rank}.",
                "{name} told {target} (free clue): slots {slots} are {rank}s.",
                count,
            )
        else:
            template = ngettext(
                "{name} told {target}: slot {slots} is a {rank}.", "{name} told {target}: slots {slots} are {rank}s.", count
            )
        return template.format(name=self.name(seat), target=self.name(target), slots=slot_list(slots), rank=rank)

    def say_return_discard(self, seat: int, card: str) -> str:
        return _("{name} shuffled {card} from the discard pile back into the deck.").format(
            name=self.name(seat), card=card
        )

    def say_replay_discard(self, seat: int, card: str) -> str:
        return _("{name} played {card} from the discard pile — it was added to {colour}.").format(
            name=self.name(seat), card=card, colour=colour_word(card[:1])
        )

    def say_skip_bonus(self, seat: int) -> str:
        return _("{name} declined the bonus.").format(name=self.name(seat))

    # -- the log: what followed

    def say_last_card(self, seat: int) -> str:
        return _("{name} drew the last card — everyone gets one more turn.").format(name=self.name(seat))

    def say_firework_complete(self, suit: str, token: bool) -> str:
        if token:
            template = _("The {colour} firework is complete: +1 clue token.")
        else:
            template = _("The {colour} firework is complete: no clue token gained (all {n} are available).")
        return template.format(colour=colour_word(suit), n=MAX_CLUE_TOKENS)

    def say_all_fireworks(self, suit: str) -> str:
        return _("The {colour} firework is complete — every firework is complete!").format(colour=colour_word(suit))

    def say_bonus_tile(
        self,
        seat: int,
        suit: str,
        tile: str,
        token: bool = False,
        misfire_removed: bool = False,
        blocked: str | None = None,
    ) -> str:
        """A completed pile that revealed a bonus tile, and what came of the tile."""
        if tile == "clue":
            if token:
                template = _("The {colour} firework is complete! Bonus tile: {tile} — +1 clue token.")
            else:
                template = _(
                    "The {colour} firework is complete! Bonus tile: {tile} — no clue token gained (all {n} are available)."
                )
        elif tile == "clue_and_misfire":
            template = {
                (True, True): _("The {colour} firework is complete! Bonus tile: {tile} — +1 clue token, and one misfire is removed."),
                (True, False): _(
                    "The {colour} firework is complete! Bonus tile: {tile} — +1 clue token; there was no misfire to remove."
                ),
                (False, True): _(
                    "The {colour} firework is complete! Bonus tile: {tile} — no clue token gained (all {n} are available),"
                    " and one misfire is removed."
                ),
                (False, False): _(
                    "The {colour} firework is complete! Bonus tile: {tile} — no clue token gained (all {n} are available);"
                    " there was no misfire to remove."
                ),
            }[(token, misfire_removed)]
        elif blocked is None:
            if tile in ("free_colour_clue", "free_number_clue"):
                template = _("The {colour} firework is complete! Bonus tile: {tile} — {name} gives it now.")
            else:
                template = _("The {colour} firework is complete! Bonus tile: {tile} — {name} may choose one.")
        else:
            template = {
                "no_clue": _("The {colour} firework is complete! Bonus tile: {tile} — but no colour clue can be given, so it is lost.")
                if tile == "free_colour_clue"
                else _("The {colour} firework is complete! Bonus tile: {tile} — but no number clue can be given, so it is lost."),
                "discard_empty": _(
                    "The {colour} firework is complete! Bonus tile: {tile} — but the discard pile is empty, so it is lost."
                ),
                "deck_empty": _("The {colour} firework is complete! Bonus tile: {tile} — but the deck is empty, so it is lost."),
                "none_playable": _(
                    "The {colour} firework is complete! Bonus tile: {tile} — but no discarded card is playable, so it is lost."
                ),
            }.get(blocked, _("The {colour} firework is complete! Bonus tile: {tile}."))
        return template.format(colour=colour_word(suit), tile=bonus_tile_name(tile), name=self.name(seat), n=MAX_CLUE_TOKENS)

    def say_final_round_over(self) -> str:
        return _("That was the last turn of the final round.")

    def say_game_over(self, reason: str, score: int, max_score: int) -> str:
        if reason == "all_fireworks":  # the line before it has just said so ("every firework is complete!")
            return _("The game is over: the team scores {score} / {most}.").format(score=score, most=max_score)
        return _("The game is over ({reason}): the team scores {score} / {most}.").format(
            reason=self.end_reason(reason), score=score, most=max_score
        )

    def say_action_news(self, events: Sequence[dict[str, Any]]) -> str:
        """An action and what followed it, one sentence after another."""
        said = [self.say(fact(entry["kind"], **entry["args"])) for entry in events]
        text = said[0] if said else ""
        for sentence in said[1:]:
            text = _("{earlier} {later}").format(earlier=text, later=sentence)
        return text

    # -- labels

    def say_turn(
        self, turn: int, bonus: str | None = None, last_card: bool = False, turns_left: int | None = None
    ) -> str:
        parts = [_("Turn {n}").format(n=turn)]
        if bonus is not None:
            parts.append(_("bonus: {tile}").format(tile=bonus_tile_name(bonus)))
        if last_card:
            parts.append(_("last card drawn, everyone gets one more turn"))
        elif turns_left is not None:
            parts.append(
                ngettext("final round, {n} turn left", "final round, {n} turns left", turns_left).format(n=turns_left)
            )
        return " · ".join(parts)

    @staticmethod
    def score_so_far(score: int, most: int) -> str:
        """The score of a game in progress, as the list of saved games shows it."""
        return _("score {score} / {most}").format(score=score, most=most)

    def say_over_after_turns(self, turns: int) -> str:
        return ngettext("Game over after {n} turn", "Game over after {n} turns", turns).format(n=turns)

    # -- the results

    def end_reason(self, reason: str) -> str:
        return _(END_REASONS[reason]) if reason in END_REASONS else _("the game is over")

    def say_final_score(self, score: int, max_score: int, rating: str) -> str:
        verdict, crowd = rating_words(rating)
        return _("Score {score} / {most} — {verdict}, {crowd}").format(
            score=score, most=max_score, verdict=verdict, crowd=crowd
        )

    def say_show_lost(self, max_score: int) -> str:
        return _("Score 0 / {most} — the third misfire ended the show.").format(most=max_score)

    def say_rating(self, rating: str) -> str:
        verdict, crowd = rating_words(rating)
        return _("Rating: {verdict} — {crowd}").format(verdict=verdict, crowd=crowd)

    def say_fireworks_total(self, total: int, max_score: int, counted: bool = True) -> str:
        if counted:
            return _("Fireworks total: {total} / {most}").format(total=total, most=max_score)
        return _("Fireworks total: {total} / {most} (not counted: the show was lost)").format(total=total, most=max_score)

    def say_piles(self, piles: Sequence[str]) -> str:
        return _("Piles: {piles}").format(piles=pgettext("between piles", ", ").join(piles))

    def say_misfire_count(self, misfires: int, most: int) -> str:
        return _("Misfires: {n} of {most}").format(n=misfires, most=most)

    def say_ended(self, reason: str) -> str:
        return _("Ended: {reason}").format(reason=self.end_reason(reason))

    # -- refusals

    def refuse_no_clue_tokens(self) -> str:
        return _("There are no clue tokens left: play or discard a card")

    def refuse_all_clue_tokens(self, n: int = MAX_CLUE_TOKENS) -> str:
        return _("You can't discard while all {n} clue tokens are available").format(n=n)

    def refuse_no_bonus(self) -> str:
        return _("There is no bonus to resolve: play, discard or give a clue")

    def refuse_free_colour_clue_first(self) -> str:
        return _("Give your free colour clue first (bonus tile)")

    def refuse_free_number_clue_first(self) -> str:
        return _("Give your free number clue first (bonus tile)")

    def refuse_choose_reshuffle(self) -> str:
        return _("Choose a discarded card to shuffle back into the deck, or skip the bonus")

    def refuse_choose_replay(self) -> str:
        return _("Choose a playable card from the discard pile, or skip the bonus")

    def refuse_multi_not_named(self) -> str:
        return _("Multicolour can't be named in a clue in this game")

    def refuse_black_not_named(self) -> str:
        return _("Black can't be named in a clue")

    def refuse_not_a_colour(self, suit: str | None = None) -> str:
        if suit is None:
            return _("That is not a colour you can name")
        return _("“{suit}” is not a colour you can name").format(suit=suit)

    def refuse_empty_colour_clue(self, target: int, suit: str) -> str:
        return _("{name} has no {colour} cards (empty clues are off)").format(
            name=self.name(target), colour=colour_word(suit)
        )

    def refuse_empty_number_clue(self, target: int, rank: int) -> str:
        return _("{name} has no {rank}s (empty clues are off)").format(name=self.name(target), rank=rank)

    def refuse_no_such_slot(self, slot: int | None = None) -> str:
        if slot is None:
            return _("There is no such card in your hand")
        return _("There is no card in slot {n}").format(n=slot + 1)

    def refuse_no_such_player(self, target: int | None = None) -> str:
        if target is None:
            return _("There is no such player")
        return _("There is no player in seat {n}").format(n=target)

    def refuse_clue_to_self(self) -> str:
        return _("You can't give a clue to yourself")

    def refuse_no_such_number(self, rank: int | None = None) -> str:
        if rank is None:
            return _("Cards are numbered 1 to 5")
        return _("There is no number {n}").format(n=rank)

    def refuse_not_in_discard(self, card_id: int | None = None) -> str:
        if card_id is None:
            return _("That card is not in the discard pile")
        return _("Card #{n} is not in the discard pile").format(n=card_id)

    def refuse_firework_already_complete(self, card: str) -> str:
        return _("{card} can't be played: the {colour} firework is complete").format(
            card=card, colour=colour_word(card[:1])
        )

    def refuse_firework_needs(self, card: str, need: str) -> str:
        return _("{card} can't be played: the {colour} firework needs {need}").format(
            card=card, colour=colour_word(card[:1]), need=need
        )


NARRATOR = HanabiNarrator
