"""Lifeboat's narrator: the engine's events, refusals, prompts, labels and results in the player's
language, and the names of the game's characters, cards and places that the screens show.

Events name people as [seat, character] pairs, said "Ana (Lady Lauren)". A seat's own secret arguments
(the card it kept, the cards it rowed or traded) add a note in brackets after the public sentence, so the
whole table reads the same sentence and each player also reads their own note. The Love and Hate cards
are told in an event only their seat sees (`love_and_hate`), which a screen can leave out (key h).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.lifeboat.data import CARD_TYPE, CHARACTER_KEYS, SUPPLY_TYPES
from ..i18n import N_, _, ngettext, pgettext
from .base import Narrator

CHARACTER_NAMES: tuple[str, ...] = (
    N_("Lady Lauren"),
    N_("Sir Stephen"),
    N_("The Captain"),
    N_("First Mate"),
    N_("Frenchy"),
    N_("The Kid"),
)
# Short forms for the score lines and the compact navigation cards.
SHORT_NAMES: tuple[str, ...] = (N_("Lauren"), N_("Stephen"), N_("Captain"), N_("First Mate"), N_("Frenchy"), N_("Kid"))
CARD_NAMES: dict[str, str] = {
    "water": N_("Water"),
    "bundle_of_cash": N_("Bundle of Cash"),
    "jewels": N_("Jewels"),
    "painting_3": N_("Painting"),
    "painting_2": N_("Painting"),
    "medical_kit": N_("Medical Kit"),
    "oar": N_("Oar"),
    "blackjack": N_("Blackjack"),
    "knife": N_("Knife"),
    "gaffing_hook": N_("Gaffing Hook"),
    "flare_gun": N_("Flare Gun"),
    "bucket_of_chum": N_("Bucket of Chum"),
    "life_preserver": N_("Life Preserver"),
    "compass": N_("Compass"),
    "parasol": N_("Parasol"),
}
CARD_TEXTS: dict[str, str] = {
    "water": N_("During navigation: spend it to cancel one thirst of any character."),
    "cash": N_("Treasure: 1 point."),
    "jewels": N_("Treasure: 1, 4 or 8 points for holding 1, 2 or 3 of them."),
    "painting": N_("Treasure: {n} points."),
    "medical_kit": N_("Action: heal one wound of any character who is not dead, then discard it."),
    "oar": N_("Weapon +1. Face up, it lets you draw one more navigation card when rowing."),
    "weapon": N_("Weapon +{n}."),
    "flare_gun": N_("Weapon +8. Action: draw 3 navigation cards and count only their birds, then discard it."),
    "chum": N_("When characters fall overboard: each of them takes one more wound. Discard it."),
    "life_preserver": N_(
        "Falling overboard does not hurt its holder; may be thrown to a conscious character in the water,"
        " who keeps it."
    ),
    "compass": N_("As navigator: add the top navigation card to the row pile before choosing."),
    "parasol": N_("Action: open it. While open, its holder ignores one thirst each round."),
}
STATUS_WORDS: dict[str, str] = {
    "conscious": N_("conscious"),
    "unconscious": N_("unconscious"),
    "dead": N_("dead"),
    "lost": N_("lost at sea"),
}
STAGES: dict[str, str] = {
    "supply": N_("supply"),
    "actions": N_("actions"),
    "fight": N_("fight"),
    "navigation": N_("navigation"),
    "overboard": N_("overboard"),
    "thirst": N_("thirst"),
}
# What each decision asks for (the second half of a refusal).
EXPECTED: dict[str, str] = {
    "draft": N_("Keep one of the supply cards passed to you"),
    "row": N_("Place the cards you rowed: each on the row pile or under the navigation deck"),
    "pick": N_("Choose one card of the row pile as the navigation card"),
    "trade_offer": N_("Choose the cards to offer, then offer the trade or call it off"),
    "trade_answer": N_("Choose the cards to give in return, then accept the trade or decline it"),
    "trade_confirm": N_("Confirm the trade or call it off"),
    "respond": N_("Give in or refuse (a fight)"),
    "fight": N_("Join a side, play cards, or say you are done"),
    "navigate": N_("Navigate (with the compass if you have it face up)"),
    "overboard": N_("Throw the life preserver, throw chum, play cards, or say you are done"),
    "thirst": N_("Give water, play cards, or say you are done"),
    "action": N_("Choose your action (or play cards, or propose a trade)"),
    "over": N_("The game is over"),
}
OPTION_LABELS: dict[str, str] = {
    "rowing": N_("Rowing"),
    "disputed_cards": N_("Disputed navigation cards"),
    "trading": N_("Trading"),
}
OPTION_HELP: dict[str, str] = {
    "rowing": N_(
        "standard: a rower draws 2 navigation cards (3 with an oar face up); variant: a rower draws 1"
        " (2 with an oar) and the navigator adds the top navigation card to the row pile before choosing"
    ),
    "disputed_cards": N_(
        "Two cards read differently in different sources. majority: N11 makes everyone but Lady Lauren"
        " thirsty and N18 everyone; alternative: N11 only the Captain, First Mate, Frenchy and the Kid,"
        " N18 everyone but the Kid"
    ),
    "trading": N_("Let the acting character propose card trades (gifts both ways) during the action phase"),
}
OPTION_CHOICES: dict[tuple[str, str], str] = {
    ("rowing", "standard"): N_("standard"),
    ("rowing", "variant"): N_("variant"),
    ("disputed_cards", "majority"): N_("majority"),
    ("disputed_cards", "alternative"): N_("alternative"),
    ("trading", "True"): N_("on"),
    ("trading", "False"): N_("off"),
}


def character_index(character: int | str) -> int:
    return character if isinstance(character, int) else CHARACTER_KEYS.index(character)


def character_name(character: int | str) -> str:
    """'Lady Lauren' (by index or key)."""
    return _(CHARACTER_NAMES[character_index(character)])


def short_name(character: int | str) -> str:
    return _(SHORT_NAMES[character_index(character)])


def card_name(card: int) -> str:
    """'Water', 'Painting (3)' ...: a supply card's name (paintings carry their value)."""
    t = SUPPLY_TYPES[CARD_TYPE[card]]
    name = _(CARD_NAMES[t.key])
    return _("{name} ({points})").format(name=name, points=t.points) if t.effect == "painting" else name


def card_text(card: int) -> str:
    """What a supply card does."""
    t = SUPPLY_TYPES[CARD_TYPE[card]]
    return _(CARD_TEXTS[t.effect]).format(n=t.points if t.effect == "painting" else t.weapon)


def status_word(status: str) -> str:
    return _(STATUS_WORDS[status])


class LifeboatNarrator(Narrator):
    game_id = "lifeboat"

    # -- the game as the picker and setup screens show it

    TITLE = N_("Lifeboat")
    BLURB = N_("Survival for 4-6 castaways: fight, row and trade, with a secret love and hate.")
    LEVEL_HELP = {
        "easy": N_(
            "Judges each choice on its own by what it does to its survival, its Love, its Hate and its "
            "treasure."
        ),
        "hard": N_(
            "Also reads who sided with whom, allows for hidden weapons and water, robs anyone who does not"
            " look clearly stronger, and plays its main choices on to the end of the next round; scores"
            " about {more} more than Easy in four-player games."
        ),
    }
    # What the arena measured (python -m boardgames_tui.arena, 1,000 games of Hard with three Easy on each of
    # the seeds "untuned-lifeboat-2026-12-06" and "-07": 18.0 against 13.7, 17.9 against 13.9), said in LEVEL_HELP.
    LEVEL_FIGURES = {"hard": {"more": "30%"}}
    OPTION_LABELS = OPTION_LABELS
    OPTION_HELP = OPTION_HELP
    OPTION_CHOICES = OPTION_CHOICES

    # -- shared pieces

    def who(self, person: Sequence[int]) -> str:
        """A [seat, character] pair: 'Ana (Lady Lauren)'."""
        seat, character = person
        return _("{name} ({character})").format(name=self.name(seat), character=character_name(character))

    def join(self, items: Sequence[str]) -> str:
        """'A', 'A and B', 'A, B and C' ('nobody' for none)."""
        items = list(items)
        if not items:
            return _("nobody")
        if len(items) == 1:
            return items[0]
        return _("{names} and {last}").format(names=_(", ").join(items[:-1]), last=items[-1])

    def people(self, persons: Sequence[Sequence[int]]) -> str:
        return self.join([self.who(p) for p in persons])

    def cards(self, cards: Sequence[int]) -> str:
        """Supply cards by name, or 'nothing'."""
        return _(", ").join(card_name(c) for c in cards) if cards else _("nothing")

    def count(self, n: int) -> str:
        return ngettext("{n} card", "{n} cards", n).format(n=n)

    def noted(self, said: str, note: str | None) -> str:
        """A public sentence followed by the reader's own note, if any."""
        return said if note is None else _("{said} {note}").format(said=said, note=note)

    def then(self, first: str, then: str | None) -> str:
        """Two clauses of one event: 'A takes 1 wound (thirst); A is unconscious'."""
        return first if not then else _("{first}; {then}").format(first=first, then=then)

    def became(self, person: Sequence[int], status: str | None) -> str | None:
        if status is None:
            return None
        if status == "conscious":
            return _("{who} is conscious again").format(who=self.who(person))
        if status == "unconscious":
            return _("{who} is unconscious").format(who=self.who(person))
        return _("{who} is dead").format(who=self.who(person))

    def demand_text(self, who: Sequence[int], target: Sequence[int], what: str, card: int | None) -> str:
        names = {"who": self.who(who), "target": self.who(target)}
        if what == "swap":
            return _("{who} wants to swap places with {target}").format(**names)
        if card is not None:
            return _("{who} wants the face-up {card} of {target}").format(card=card_name(card), **names)
        return _("{who} wants a random hand card of {target}").format(**names)

    def navigation_text(
        self,
        card: str,
        overboard: Sequence[int],
        thirsty: Sequence[int],
        everyone_overboard: bool,
        everyone_thirsty: bool,
        rowers: bool,
        fighters: bool,
        bird: int,
    ) -> str:
        """'N05: overboard The Kid; nobody named thirsty; rowers thirsty; a seagull'."""
        if not overboard:
            parts = [_("nobody overboard")]
        elif everyone_overboard:
            parts = [_("everyone overboard")]
        else:
            parts = [_("overboard {names}").format(names=_(", ").join(character_name(c) for c in overboard))]
        if not thirsty:
            parts.append(_("nobody named thirsty"))
        elif everyone_thirsty:
            parts.append(_("everyone thirsty"))
        else:
            parts.append(_("thirsty {names}").format(names=_(", ").join(character_name(c) for c in thirsty)))
        if rowers:
            parts.append(_("rowers thirsty"))
        if fighters:
            parts.append(_("fighters thirsty"))
        if bird == 1:
            parts.append(_("a seagull"))
        elif bird == -1:
            parts.append(_("a crossed-out seagull"))
        return _("{card}: {parts}").format(card=card, parts=_("; ").join(parts))

    def thirst_text(self, person: Sequence[int], n: int) -> str:
        if n == 1:
            return _("{who} is thirsty").format(who=self.who(person))
        if n == 2:
            return _("{who} is thirsty twice").format(who=self.who(person))
        return _("{who} is thirsty {n} times").format(who=self.who(person), n=n)

    def love_and_hate_hidden(self) -> str:
        return _("(your Love and Hate: hidden, h shows them)")

    # -- setup and the supply

    def say_summary(self, events: Sequence[dict[str, Any]]) -> str:
        """Everything public one action brought about."""
        return _("; ").join(self.say_kind(e["kind"], e["args"]) for e in events)

    def say_kind(self, kind: str, args: dict[str, Any]) -> str:
        method = getattr(self, f"say_{kind}", None)
        if method is None:
            return self._missing(f"say_{kind}", args)
        return str(method(**args))

    def say_launch(self, crew: Sequence[Sequence[int]]) -> str:
        order = _(", ").join(self.who(p) for p in crew)
        return _("A lifeboat for {n} sets out; from bow to stern: {order}").format(n=len(crew), order=order)

    def say_ashore(self, characters: Sequence[int], cards: int) -> str:
        template = ngettext(
            "{names} is not aboard; {cards} supply cards are set aside unseen",
            "{names} are not aboard; {cards} supply cards are set aside unseen",
            len(characters),
        )
        return template.format(names=self.join([character_name(c) for c in characters]), cards=cards)

    def say_dealt(self, card: int | None = None) -> str:
        said = _("Everyone gets a secret Love card, a secret Hate card and one supply card")
        note = None if card is None else _("(Your supply card: {card}.)").format(card=card_name(card))
        return self.noted(said, note)

    def say_love_and_hate(self, love: int, hate: int) -> str:
        return _("(Your Love card: {love}; your Hate card: {hate}.)").format(
            love=character_name(love), hate=character_name(hate)
        )

    def say_supply_drawn(self, round: int, who: Sequence[int], cards: int) -> str:
        template = ngettext(
            "Round {round}: {who} draws {n} supply card for the supply",
            "Round {round}: {who} draws {n} supply cards for the supply",
            cards,
        )
        return template.format(round=round, who=self.who(who), n=cards)

    def say_no_supply(self, round: int, why: str) -> str:
        if why == "deck_empty":
            return _("Round {round}: nobody draws supply cards (the supply deck is empty)").format(round=round)
        return _("Round {round}: nobody draws supply cards (nobody is conscious)").format(round=round)

    def kept(self, card: int | None) -> str | None:
        return None if card is None else _("(You keep {card}.)").format(card=card_name(card))

    def say_keeps_last(self, who: Sequence[int], card: int | None = None) -> str:
        return self.noted(_("{who} keeps the last supply card").format(who=self.who(who)), self.kept(card))

    def say_keeps(self, who: Sequence[int], passes: int, to: Sequence[int] | None, card: int | None = None) -> str:
        if to is None:
            said = _("{who} keeps a supply card").format(who=self.who(who))
        else:
            template = ngettext(
                "{who} keeps a supply card and passes {n} card to {to}",
                "{who} keeps a supply card and passes {n} cards to {to}",
                passes,
            )
            said = template.format(who=self.who(who), n=passes, to=self.who(to))
        return self.noted(said, self.kept(card))

    def say_action_order(self, order: Sequence[Sequence[int]]) -> str:
        return _("The actions go in this order: {order}").format(order=_(", ").join(self.who(p) for p in order))

    # -- actions

    def say_plays(self, who: Sequence[int], card: int) -> str:
        return _("{who} puts the {card} face up").format(who=self.who(who), card=card_name(card))

    def say_does_nothing(self, who: Sequence[int]) -> str:
        return _("{who} does nothing").format(who=self.who(who))

    def say_rows(self, who: Sequence[int], cards: int, oar: bool, drawn: Sequence[str] | None = None) -> str:
        if oar:
            template = ngettext(
                "{who} rows and draws {n} navigation card (with an oar)",
                "{who} rows and draws {n} navigation cards (with an oar)",
                cards,
            )
        else:
            template = ngettext("{who} rows and draws {n} navigation card", "{who} rows and draws {n} navigation cards", cards)
        note = None if drawn is None else _("(You drew {cards}.)").format(cards=_(", ").join(drawn))
        return self.noted(template.format(who=self.who(who), n=cards), note)

    def say_places_rowed(
        self,
        who: Sequence[int],
        pile: int,
        bottom: int,
        pile_cards: Sequence[str] | None = None,
        bottom_cards: Sequence[str] | None = None,
    ) -> str:
        # A count of nothing is left unsaid ("puts 0 cards on the row pile" read badly, in Chinese too).
        if pile and not bottom:
            template = ngettext(
                "{who} puts {n} card on the row pile (rowed this round)",
                "{who} puts {n} cards on the row pile (rowed this round)",
                pile,
            )
        elif pile:
            template = ngettext(
                "{who} puts {n} card on the row pile and {m} under the navigation deck (rowed this round)",
                "{who} puts {n} cards on the row pile and {m} under the navigation deck (rowed this round)",
                pile,
            )
        elif bottom:
            template = ngettext(
                "{who} puts the card rowed under the navigation deck",
                "{who} puts the {m} cards rowed under the navigation deck",
                bottom,
            )
        else:
            template = _("{who} puts {n} cards on the row pile and {m} under the navigation deck")
        said = template.format(who=self.who(who), n=pile, m=bottom)
        note = None
        if pile_cards is not None and bottom_cards is not None:
            note = _("(Row pile: {pile}; bottom: {bottom}.)").format(
                pile=_(", ").join(pile_cards) or _("none"), bottom=_(", ").join(bottom_cards) or _("none")
            )
        return self.noted(said, note)

    def say_demand(
        self, who: Sequence[int], target: Sequence[int], what: str, card: int | None, answer: str, status: str | None
    ) -> str:
        if answer == "cannot_refuse":
            reply = _("{status}, they cannot refuse").format(status=status_word(status or "unconscious"))
        elif answer == "pickpocket":
            reply = _("a pickpocket cannot be refused")
        else:
            reply = _("they may give in or refuse (fight)")
        return _("{demand}: {reply}").format(demand=self.demand_text(who, target, what, card), reply=reply)

    def say_swapped(self, who: Sequence[int], target: Sequence[int]) -> str:
        return _("{who} and {target} swap places").format(who=self.who(who), target=self.who(target))

    def say_card_gone(self, card: int) -> str:
        return _("The {card} is no longer there").format(card=card_name(card))

    def say_takes_face_up(self, who: Sequence[int], target: Sequence[int], card: int) -> str:
        return _("{who} takes the {card} from {target}").format(
            who=self.who(who), card=card_name(card), target=self.who(target)
        )

    def say_nothing_to_take(self, target: Sequence[int]) -> str:
        return _("{target} has no hand card left to take").format(target=self.who(target))

    def say_takes_random(
        self, who: Sequence[int], target: Sequence[int], took: int | None = None, lost: int | None = None
    ) -> str:
        said = _("{who} takes a random hand card from {target}").format(who=self.who(who), target=self.who(target))
        note = None
        if took is not None:
            note = _("(You took {card}.)").format(card=card_name(took))
        elif lost is not None:
            note = _("(You lost {card}.)").format(card=card_name(lost))
        return self.noted(said, note)

    def say_gives_in(self, who: Sequence[int]) -> str:
        return _("{who} gives in").format(who=self.who(who))

    def say_refuses(self, who: Sequence[int], attacker: Sequence[int]) -> str:
        return _(
            "{who} refuses: a fight! {attacker} against {who}; everyone conscious may join a side or play cards"
        ).format(who=self.who(who), attacker=self.who(attacker))

    def say_heals(self, who: Sequence[int], target: Sequence[int], wounds: int, status: str | None) -> str:
        if tuple(who) == tuple(target):  # "on themselves", not the name twice
            template = ngettext(
                "{who} uses a medical kit on themselves: {n} wound left", "{who} uses a medical kit on themselves: {n} wounds left", wounds
            )
        else:
            template = ngettext(
                "{who} uses a medical kit on {target}: {n} wound left", "{who} uses a medical kit on {target}: {n} wounds left", wounds
            )
        said = template.format(who=self.who(who), target=self.who(target), n=wounds)
        return self.then(said, self.became(target, status))

    def say_opens_parasol(self, who: Sequence[int]) -> str:
        return _("{who} opens the parasol").format(who=self.who(who))

    def say_fires_flare_gun(self, who: Sequence[int], cards: Sequence[Sequence[Any]], seagulls: int, of: int) -> str:
        seen = []
        for card, bird in cards:
            if bird is None:
                seen.append(_("{card} (not needed)").format(card=card))
            elif bird > 0:
                seen.append(_("{card} a seagull").format(card=card))
            elif bird < 0:
                seen.append(_("{card} a crossed-out seagull").format(card=card))
            else:
                seen.append(_("{card} no bird").format(card=card))
        return _("{who} fires the flare gun: {seen}; {n} of {of} seagulls").format(
            who=self.who(who), seen=_(", ").join(seen), n=seagulls, of=of
        )

    # -- trades

    def say_proposes(self, who: Sequence[int], target: Sequence[int]) -> str:
        return _("{who} proposes a trade to {target}").format(who=self.who(who), target=self.who(target))

    def say_trade_card(self, who: Sequence[int], into: bool) -> str:
        if into:
            return _("{who} puts a card into the trade").format(who=self.who(who))
        return _("{who} takes a card back out of the trade").format(who=self.who(who))

    def say_offers(self, who: Sequence[int], target: Sequence[int], cards: int, offer: Sequence[int] | None = None) -> str:
        template = ngettext("{who} offers {target} {n} card", "{who} offers {target} {n} cards", cards)
        note = None if offer is None else _("(On offer: {cards}.)").format(cards=self.cards(offer))
        return self.noted(template.format(who=self.who(who), target=self.who(target), n=cards), note)

    def say_answers(self, who: Sequence[int], cards: int, back: Sequence[int] | None = None) -> str:
        template = ngettext("{who} answers with {n} card in return", "{who} answers with {n} cards in return", cards)
        note = None if back is None else _("(In return: {cards}.)").format(cards=self.cards(back))
        return self.noted(template.format(who=self.who(who), n=cards), note)

    def say_traded(
        self,
        who: Sequence[int],
        target: Sequence[int],
        give: int,
        back: int,
        gave: Sequence[int] | None = None,
        got: Sequence[int] | None = None,
    ) -> str:
        said = _("{who} and {target} trade: {give} for {back}").format(
            who=self.who(who), target=self.who(target), give=self.count(give), back=self.count(back)
        )
        note = None
        if gave is not None and got is not None:
            note = _("(You gave {gave} and got {got}.)").format(gave=self.cards(gave), got=self.cards(got))
        return self.noted(said, note)

    def say_calls_off(self, who: Sequence[int]) -> str:
        return _("{who} calls the trade off").format(who=self.who(who))

    # -- windows

    def say_joins(self, who: Sequence[int], side: str) -> str:
        if side == "attacker":
            return _("{who} joins the attackers").format(who=self.who(who))
        return _("{who} joins the defenders").format(who=self.who(who))

    def say_done(self, who: Sequence[int], added: bool, window: str = "") -> str:
        # The window a player is done with (older saves do not say): "done" with giving water reads its own way
        # in some languages ("不再给水").
        if not added:
            template = _("{who} passes")
        elif window == "thirst":
            template = pgettext("thirst window", "{who} is done")
        else:
            template = _("{who} is done")
        return template.format(who=self.who(who))

    def say_fight_ends(
        self, attackers: Sequence[Sequence[int]], attack: int, defenders: Sequence[Sequence[int]], defend: int, winner: str
    ) -> str:
        if winner == "attackers":
            template = _("The fight ends: attackers {attackers} {attack}, defenders {defenders} {defend}: the attackers win")
        else:
            template = _("The fight ends: attackers {attackers} {attack}, defenders {defenders} {defend}: the defenders win")
        return template.format(
            attackers=self.people(attackers), attack=attack, defenders=self.people(defenders), defend=defend
        )

    def say_wounded(self, who: Sequence[int], wounds: int, cause: str, status: str | None) -> str:
        if cause == "fight":
            template = ngettext("{who} takes {n} wound (lost the fight)", "{who} takes {n} wounds (lost the fight)", wounds)
        else:
            template = ngettext("{who} takes {n} wound (thirst)", "{who} takes {n} wounds (thirst)", wounds)
        return self.then(template.format(who=self.who(who), n=wounds), self.became(who, status))

    def say_throws_preserver(self, who: Sequence[int], target: Sequence[int]) -> str:
        return _("{who} throws the life preserver to {target}").format(who=self.who(who), target=self.who(target))

    def say_throws_chum(self, who: Sequence[int]) -> str:
        return _("{who} throws a bucket of chum: sharks!").format(who=self.who(who))

    def say_gives_water(self, who: Sequence[int], target: Sequence[int]) -> str:
        if who[0] == target[0]:
            return _("{who} drinks a water").format(who=self.who(who))
        return _("{who} gives a water to {target}").format(who=self.who(who), target=self.who(target))

    def say_all_thirst_paid(self) -> str:
        return _("Nobody is thirsty any more")

    # -- navigation

    def say_navigator(self, who: Sequence[int], pile: int) -> str:
        if not pile:
            return _("Navigation: {who} is the navigator; the row pile is empty").format(who=self.who(who))
        template = ngettext(
            "Navigation: {who} is the navigator; the row pile holds {n} card",
            "Navigation: {who} is the navigator; the row pile holds {n} cards",
            pile,
        )
        return template.format(who=self.who(who), n=pile)

    def say_no_navigator(self) -> str:
        return _("Navigation: nobody is conscious to navigate")

    def say_compass(self, who: Sequence[int], card: str | None = None) -> str:
        said = _("{who} uses the compass: the top navigation card joins the row pile").format(who=self.who(who))
        return self.noted(said, None if card is None else _("(It is {card}.)").format(card=card))

    def say_navigator_adds_top_card(self) -> str:
        return _("The navigator adds the top navigation card to the row pile (variant)")

    def say_looks_at_row_pile(self, who: Sequence[int], cards: int) -> str:
        template = ngettext(
            "{who} looks at the {n} card of the row pile", "{who} looks at the {n} cards of the row pile", cards
        )
        return template.format(who=self.who(who), n=cards)

    def say_picked(self, who: Sequence[int], rest: int, under: Sequence[str] | None = None) -> str:
        template = ngettext(
            "{who} chooses a card; {n} card goes under the navigation deck",
            "{who} chooses a card; {n} cards go under the navigation deck",
            rest,
        )
        note = None if under is None else _("(Under the deck: {cards}.)").format(cards=_(", ").join(under))
        return self.noted(template.format(who=self.who(who), n=rest), note)

    def say_top_card_used(self) -> str:
        return _("There is no row pile: the top navigation card is used")

    def say_only_card_used(self) -> str:
        return _("The row pile holds one card: it is used")

    def say_random_card_used(self) -> str:
        return _("Nobody can choose: a random card of the row pile is used")

    def say_navigation_card(self, **reading: Any) -> str:
        return _("The navigation card is {card}").format(card=self.navigation_text(**reading))

    def say_seagull_appears(self, seagulls: int, of: int) -> str:
        return _("A seagull appears: {n} of {of}").format(n=seagulls, of=of)

    def say_seagull_crossed_out(self, seagulls: int, of: int) -> str:
        return _("The crossed-out seagull takes one away: {n} of {of} seagulls remain").format(n=seagulls, of=of)

    def say_overboard(self, who: Sequence[Sequence[int]]) -> str:
        template = ngettext("{names} goes overboard", "{names} go overboard", len(who))
        return template.format(names=self.people(who))

    def say_falls_in(
        self, who: Sequence[int], wounds: int, fall: str, chum: int, washed: Sequence[int], status: str | None
    ) -> str:
        reason = {
            "fall": _("the fall"),
            "preserver": _("the life preserver spares the fall"),
            "swimmer": _("a swimmer: no wound from the fall"),
        }[fall]
        if chum:
            sharks = ngettext("sharks from {n} bucket of chum", "sharks from {n} buckets of chum", chum).format(n=chum)
            reason = _("{first}; {then}").format(first=reason, then=sharks)
        hurt = ngettext("{n} wound", "{n} wounds", wounds).format(n=wounds) if wounds else _("no wound")
        said = _("{who} falls in: {wounds} ({why})").format(who=self.who(who), wounds=hurt, why=reason)
        if washed:
            said = self.then(said, _("loses the face-up {cards}").format(cards=self.cards(washed)))
        return self.then(said, self.became(who, status))

    def say_lost_at_sea(self, who: Sequence[int]) -> str:
        return _("{who} is lost at sea with all their cards").format(who=self.who(who))

    def say_parasol_shade(self, who: Sequence[int]) -> str:
        return _("{who}'s open parasol spares one thirst").format(who=self.who(who))

    def say_thirsty(self, thirsts: Sequence[Sequence[int]]) -> str:
        clauses = [self.thirst_text((seat, character), n) for seat, character, n in thirsts]
        if len(clauses) < 2:
            return self.join(clauses)
        # whole clauses, which Chinese strings together with commas, not with 和 ("A口渴和B口渴")
        return pgettext("clauses", "{first} and {last}").format(
            first=pgettext("clauses", ", ").join(clauses[:-1]), last=clauses[-1]
        )

    def say_nobody_thirsty(self) -> str:
        return _("Nobody is thirsty")

    # -- the end

    def say_land_in_sight(self) -> str:
        return _("Land is in sight at the fourth seagull: everyone still in the boat is rescued. Game over")

    def say_landed(self, winners: Sequence[int], points: int) -> str:
        if len(winners) == 1:
            template = ngettext(
                "Land at the fourth seagull: {names} wins with {points} point",
                "Land at the fourth seagull: {names} wins with {points} points",
                points,
            )
        else:
            template = ngettext(
                "Land at the fourth seagull: {names} share the win with {points} point",
                "Land at the fourth seagull: {names} share the win with {points} points",
                points,
            )
        return template.format(names=self.join([self.name(x) for x in winners]), points=points)

    def say_score_line(
        self,
        seat: int,
        character: int,
        status: str,
        survival: int,
        treasure: int,
        love: int,
        love_points: int,
        hate: int,
        hate_points: int,
    ) -> str:
        """One seat's result in one short line: what its status rules out is left out (the dead have no
        survival, the lost at sea no treasure either)."""
        items = []
        if status in ("conscious", "unconscious"):
            items.append(_("survival {n}").format(n=survival))
        if status != "lost":
            items.append(_("treasure {n}").format(n=treasure))
        loved = _("self") if love == character else short_name(love)
        hated = _("self") if hate == character else short_name(hate)
        items.append(_("♥ {who} {n}").format(who=loved, n=love_points))
        items.append(_("✖ {who} {n}").format(who=hated, n=hate_points))
        names = {"name": self.name(seat), "character": short_name(character)}
        if status == "dead":
            head = _("{name} ({character}, dead)").format(**names)
        elif status == "lost":
            head = _("{name} ({character}, lost at sea)").format(**names)
        else:
            head = _("{name} ({character})").format(**names)
        return _("{head}: {items}").format(head=head, items=_(", ").join(items))

    # -- the score sheet's notes

    def say_loves_and_hates_self(self) -> str:
        return _("loves and hates themself: own survival counts once, plus every other death")

    def say_narcissist(self) -> str:
        return _("narcissist: own survival counts twice")

    def say_misanthrope(self) -> str:
        return _("misanthrope: nothing for own survival, the size of every other character who died")

    def say_loves_and_hates(self, character: int) -> str:
        return _("loves and hates {name}").format(name=character_name(character))

    def say_scored_lost_at_sea(self) -> str:
        return _("lost at sea: no survival, no treasure")

    def say_scored_died_aboard(self) -> str:
        return _("died in the boat: the treasure still counts")

    # -- where the game is

    def say_round_position(self, round: int, stage: str, seagulls: int) -> str:
        template = ngettext("Round {round} · {stage} · {n} seagull", "Round {round} · {stage} · {n} seagulls", seagulls)
        return template.format(round=round, stage=_(STAGES[stage]), n=seagulls)

    def say_game_finished(self) -> str:
        return _("Game over")

    # -- prompts: what the decision is about

    def say_prompt_draft(self, who: Sequence[int], cards: int) -> str:
        template = ngettext("Supply: {who} keeps one of {n} card", "Supply: {who} keeps one of {n} cards", cards)
        return template.format(who=self.who(who), n=cards)

    def say_prompt_action(self, who: Sequence[int]) -> str:
        return _("{who}'s action").format(who=self.who(who))

    def say_prompt_trade(self, proposer: Sequence[int], partner: Sequence[int], who: Sequence[int]) -> str:
        return _("{proposer} and {partner} are trading; {who} decides").format(
            proposer=self.who(proposer), partner=self.who(partner), who=self.who(who)
        )

    def say_prompt_respond(
        self, attacker: Sequence[int], target: Sequence[int], what: str, card: int | None, who: Sequence[int]
    ) -> str:
        return _("{demand}: {who} gives in or refuses").format(
            demand=self.demand_text(attacker, target, what, card), who=self.who(who)
        )

    def say_prompt_fight(
        self,
        attackers: Sequence[Sequence[int]],
        attack: int,
        defenders: Sequence[Sequence[int]],
        defend: int,
        who: Sequence[int],
    ) -> str:
        return _(
            "Fight: attackers {attackers} ({attack}) against defenders {defenders} ({defend});"
            " {who} may join or play cards"
        ).format(
            attackers=self.people(attackers),
            attack=attack,
            defenders=self.people(defenders),
            defend=defend,
            who=self.who(who),
        )

    def say_prompt_row(self, who: Sequence[int]) -> str:
        return _("{who} places the rowed cards").format(who=self.who(who))

    def say_prompt_navigate(self, who: Sequence[int]) -> str:
        return _("{who} navigates").format(who=self.who(who))

    def say_prompt_pick(self, who: Sequence[int], cards: int) -> str:
        template = ngettext(
            "{who} chooses the navigation card from {n} card", "{who} chooses the navigation card from {n} cards", cards
        )
        return template.format(who=self.who(who), n=cards)

    def say_prompt_overboard(self, swimmers: Sequence[Sequence[int]], who: Sequence[int]) -> str:
        return _("In the water: {names}; {who} may throw the life preserver or chum, or play cards").format(
            names=self.people(swimmers), who=self.who(who)
        )

    def say_prompt_thirst(self, thirsts: Sequence[Sequence[int]], who: Sequence[int]) -> str:
        owed = _(", ").join(
            _("{who} ×{n}").format(who=self.who((seat, character)), n=n) for seat, character, n in thirsts
        )
        return _("Thirsty: {thirsts}; {who} may give water").format(thirsts=owed, who=self.who(who))

    # -- refusals

    def expected(self, phase: str) -> str:
        return _(EXPECTED.get(phase, EXPECTED["action"]))

    def refuse_game_over(self) -> str:
        return _("The game is over.")

    def refuse_not_your_turn(self, seat: int | None = None) -> str:
        return _("It is not your turn.")

    def refuse_unknown_action(self, kind: str = "") -> str:
        return _("This game has no such action.")

    def refuse_not_now(self, phase: str) -> str:
        if phase == "action":
            return _("That is not possible in the action phase. {expected}").format(expected=self.expected(phase))
        return _("That is not possible now. {expected}").format(expected=self.expected(phase))

    def refuse_no_playing_now(self, phase: str) -> str:
        return _("Cards cannot be played now. {expected}").format(expected=self.expected(phase))

    def refuse_not_in_hand(self) -> str:
        return _("You do not hold that card in your hand")

    def refuse_name_first_of_kind(self) -> str:
        return _("Play that card by naming the first of its kind in your hand")

    def refuse_not_in_draft(self) -> str:
        return _("Keep one of the cards passed to you (the first of its kind)")

    def refuse_navigation_deck_empty(self) -> str:
        return _("The navigation deck is empty")

    def refuse_place_every_drawn_card(self, cards: int) -> str:
        template = ngettext(
            "Say for the {n} drawn card whether it goes on the row pile",
            "Say for each of the {n} drawn cards whether it goes on the row pile",
            cards,
        )
        return template.format(n=cards)

    def refuse_no_such_seat(self, seat: int | None = None) -> str:
        return _("There is no such seat")

    def refuse_not_in_boat(self, seat: int) -> str:
        return _("{name}'s character is no longer in the boat").format(name=self.name(seat))

    def refuse_alone_in_boat(self) -> str:
        return _("Nobody else is in the boat")

    def refuse_nothing_to_take(self) -> str:
        return _("Nobody else in the boat has a card to take")

    def refuse_not_yourself(self) -> str:
        return _("You cannot do that to yourself")

    def refuse_nothing_in_hand(self, seat: int) -> str:
        return _("{name} has no card in hand to take").format(name=self.name(seat))

    def refuse_not_face_up(self, seat: int) -> str:
        return _("{name} has no such card face up").format(name=self.name(seat))

    def refuse_name_first_face_up(self, seat: int) -> str:
        return _("Name the first face-up card of its kind")

    def refuse_no_medical_kit(self) -> str:
        return _("You have no medical kit")

    def refuse_cannot_heal(self, seat: int) -> str:
        return _("A medical kit heals a wounded character who is not dead")

    def refuse_no_closed_parasol(self) -> str:
        return _("You have no closed parasol to open")

    def refuse_no_flare_gun(self) -> str:
        return _("You have no flare gun (or the navigation deck is empty)")

    def refuse_trading_off(self) -> str:
        return _("Trading is switched off for this game")

    def refuse_already_traded(self, seat: int) -> str:
        return _("You have already proposed a trade to {name} this turn").format(name=self.name(seat))

    def refuse_trade_conscious_only(self, seat: int) -> str:
        return _("Trades are only with conscious characters")

    def refuse_trade_own_cards(self) -> str:
        return _("Only cards in your own hand can be traded")

    def refuse_offer_first(self) -> str:
        return _("Offer the trade first")

    def refuse_already_fighting(self) -> str:
        return _("You are already in this fight: joining is final")

    def refuse_no_such_side(self) -> str:
        return _("There are two sides: the attackers and the defenders")

    def refuse_no_compass(self) -> str:
        return _("You have no compass face up (or the navigation deck is empty)")

    def refuse_not_in_row_pile(self) -> str:
        return _("Choose a card that is in the row pile")

    def refuse_no_life_preserver(self) -> str:
        return _("You have no life preserver")

    def refuse_keep_your_preserver(self) -> str:
        return _("You are in the water: you keep hold of your life preserver")

    def refuse_preserver_target(self) -> str:
        return _("The life preserver goes to a conscious character in the water (not yourself)")

    def refuse_no_chum(self) -> str:
        return _("You have no bucket of chum")

    def refuse_no_water(self) -> str:
        return _("You have no water")

    def refuse_not_thirsty(self, seat: int | None = None) -> str:
        return _("Water goes to a character who is still thirsty")


NARRATOR = LifeboatNarrator
