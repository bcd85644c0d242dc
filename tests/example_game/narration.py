"""High card's narrator: the engine's facts in the player's language (a real game's narration/<id>.py).

Each fact kind K the engine reports (log events, the outcome's headline, turn labels) has a `say_K` method,
and each refusal code C a `refuse_C` method; the base class says the kinds every game shares (not your
turn, game over ...). Every sentence goes through `_()` / `ngettext()` with named placeholders, so the
game's catalogue (locale/<language>/LC_MESSAGES/<id>.po) can translate it.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.i18n import N_, _, ngettext
from boardgames_tui.narration import Narrator


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(str(card) for card in cards)


class HighCardNarrator(Narrator):
    game_id = "high_card"

    # The game as the picker and the setup screen show it.
    TITLE = N_("High card")
    BLURB = N_("The example game for two: the higher card takes the trick.")
    LEVEL_HELP = {
        "easy": N_("Plays its lowest card, or the lowest that takes the trick it answers."),
        "hard": N_("As Easy, but leads with its highest card."),
    }
    OPTION_LABELS = {"hand_size": N_("Hand size")}
    OPTION_HELP = {"hand_size": N_("How many cards each player is dealt (and so how many tricks are played)")}

    # Log events (the deal's `cards` is a secret argument: only its owner's copy of the event has it).

    def say_deal(self, size: int, leader: int, cards: Sequence[int] | None = None) -> str:
        if cards is not None:
            return _("You are dealt {cards}; {name} leads.").format(cards=cards_text(cards), name=self.name(leader))
        return ngettext("{n} card each; {name} leads.", "{n} cards each; {name} leads.", size).format(
            n=size, name=self.name(leader)
        )

    def say_play(self, seat: int, card: int) -> str:
        return _("{name} played {card}.").format(name=self.name(seat), card=card)

    def say_trick_won(self, seat: int, trick: int, cards: Sequence[int]) -> str:
        return _("{name} won trick {n} ({cards}).").format(name=self.name(seat), n=trick, cards=cards_text(cards))

    def say_game_over(self, seat: int, tricks: int) -> str:
        return ngettext("{name} wins with {n} trick.", "{name} wins with {n} tricks.", tricks).format(
            name=self.name(seat), n=tricks
        )

    # The outcome's headline and the turn labels.

    def say_winner(self, seat: int, tricks: int, of: int) -> str:
        return _("{name} wins, taking {n} of {of} tricks.").format(name=self.name(seat), n=tricks, of=of)

    def say_position_trick(self, trick: int, of: int) -> str:
        return _("Trick {n} of {of}").format(n=trick, of=of)

    def say_position_over(self) -> str:
        return _("Game over")

    # Refusals: why the engine said no.

    def refuse_not_in_hand(self, card: int) -> str:
        return _("You do not hold a {card}.").format(card=card)


# The registry's way in (narration/base.py: narrator_class).
NARRATOR = HighCardNarrator
