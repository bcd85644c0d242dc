"""Game records on the command line: a save written out as a record, and a record read back as a save.

Three formats leave the program (`boardgames export`):
- json: this program's own record (deal number, players, options, the moves), which `boardgames import`
  turns back into a save that replays identically;
- text: a readable move list, narrated in the player's language by each game's narrator;
- hanablive: a Hanabi game as the JSON the hanab.live replay viewer reads (players, the deck top to
  bottom, the moves by card order; format documented in the hanabi-live repository,
  misc/example_game_with_comments.jsonc).

A game still being played has hidden cards, and the deal number and the moves name them (a card id is its
place in the unshuffled deck; a Rummikub move names the tiles of a hidden rack). So such a game is exported
from one viewpoint, a seat or the public table: its json is a *seat record* (SEAT_RECORD_FORMAT) and its
text the log as that viewpoint reads it, both built from the final state's log and View for that viewpoint,
the seat's notes by place and the public facts of the save (game, players, computers, options), and from
nothing else. Only `full=True` (`export --full`) writes the whole record of a game in play.

A record file to import comes from anyone: it is read with the limits of a save file (size, nesting,
duplicate keys, long numbers), every field is validated like a save's, and every move is replayed through
the engine, which refuses the illegal ones. An imported record becomes a save with a new id in the saves
folder; nothing else is ever written. A seat's private card notes leave only on an export asked for that
seat.

No Textual here: the narrators and the save-problem sentences are plain Python.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .engine.base import GameRules
from .engine.notes import notes_by_place
from .engine.registry import GAMES, get_game
from .engine.replay import Step, replay
from .engine.seating import escaped
from .engine.saves import (
    MAX_SAVE_BYTES,
    SAVE_SUFFIX,
    SCHEMA_VERSION,
    STATE_VERSION,
    BrokenSave,
    SavedGame,
    SaveFile,
    SaveFileRefused,
    SaveStore,
    header_problem,
    is_printable,
    is_save_id,
    now_iso,
    os_error_code,
    parse_save_json,
    read_regular_file,
    replay_save,
)
from .i18n import _, current_game, set_game
from .narration import Narrator, level_label, narrator_for, option_applies, option_words
from .narration.replay import revealed_event
from .narration.save_problems import describe_problem, field_problem, write_problem

RECORD_FORMAT = "boardgames_tui-record"
RECORD_VERSION = 1
RECORD_KEYS = ("format", "version", "game", "deal", "players", "computers", "options", "actions", "notes")
REQUIRED_KEYS = ("game", "deal", "players", "options", "actions")
FORMATS = ("json", "text", "hanablive")
# What one viewpoint may know of a game in play: never imported (it holds neither the deal nor the moves).
SEAT_RECORD_FORMAT = "boardgames_tui-seat-record"
SEAT_RECORD_VERSION = 1

# The computer levels as the setup screen names them (the same words, so the same translations).


class RecordError(Exception):
    """A record that cannot be written or read, said in the player's language. `exit_code` is 2 when the
    request itself cannot be met (a format the game has no room for, a seat that does not exist), 1 when a
    file is the problem."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        message = shown(message)
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def shown(text: str) -> str:
    """`text` safe to print on a terminal: file names and keys from strangers' files may hold escape
    sequences or other control characters, which are written out as escapes instead (line breaks stay)."""
    return escaped(text, keep="\n")


# Finding the save to export ------------------------------------------------------------------------------


def find_save(name: str, store: SaveStore) -> SavedGame:
    """The save `name` names: a save id in the saves folder (with or without .json), else a path to a save
    file. Raises RecordError saying why it cannot be used."""
    bare = name[: -len(SAVE_SUFFIX)] if name.endswith(SAVE_SUFFIX) else name
    if is_save_id(bare) and (store.directory / f"{bare}{SAVE_SUFFIX}").exists():
        path = store.directory / f"{bare}{SAVE_SUFFIX}"
        loaded = store.load(path)
    else:
        path = Path(name)
        if not path.exists() and not path.is_symlink():
            raise RecordError(
                _("There is no save {name}: it is neither a save in {folder} nor a file.").format(
                    name=name, folder=store.directory
                ),
                exit_code=2,
            )
        loaded = SaveStore(path.parent).load(path)
    if isinstance(loaded, BrokenSave):
        raise RecordError(_("{file} {reason}").format(file=path.name, reason=describe_problem(loaded)))
    return loaded


# Replaying a record -----------------------------------------------------------------------------------------


def replayed(saved: SavedGame) -> tuple[GameRules, Any, list[Step]]:  # type: ignore[type-arg]
    """The rules, the dealt state and every move of a save, stepped through the engine again (the save was
    checked when it was loaded: its moves are legal)."""
    rules = get_game(saved.save.game_id).rules()
    options = rules.Options.model_validate(saved.save.options)
    dealt, *moves = replay(rules, saved.save.players, options, saved.save.seed, saved.save.actions)
    return rules, dealt.after, moves


def _seat_notes(saved: SavedGame, seat: int | None) -> dict[str, str] | None:
    """The private notes of `seat` (0-based) by card id, or None when no seat was asked for."""
    if seat is None:
        return None
    if not 0 <= seat < len(saved.save.players):
        raise RecordError(
            _("There is no seat {n} in this game: its seats are 1 to {count}.").format(
                n=seat + 1, count=len(saved.save.players)
            ),
            exit_code=2,
        )
    notes = saved.save.notes
    return dict(notes[seat]) if seat < len(notes) else {}


def whole_record(saved: SavedGame, full: bool) -> bool:
    """Whether the export may hold the whole game (deal number, every move): once it is over, or when the
    whole record was asked for (`export --full`)."""
    return full or saved.save.finished


def dump_record(record: dict[str, Any]) -> str:
    """JSON with one line per field and per list entry (a move, a card): short enough to read and to compare
    line by line."""
    fields = []
    for key, value in record.items():
        name = json.dumps(key, ensure_ascii=False)
        if isinstance(value, list) and value:
            items = ",\n  ".join(json.dumps(item, ensure_ascii=False) for item in value)
            fields.append(f" {name}: [\n  {items}\n ]")
        else:
            fields.append(f" {name}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _card_key(key: str) -> tuple[int, str]:
    return (int(key), key) if key.isdigit() else (1 << 30, key)


def option_values(rules: Any, stored: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game with the value it was set up with, in the Options model's order. A model's
    own dump may leave a value out (Rummikub leaves out its standard rule set, so that older saves stay as
    they were); a record names them all."""
    options = rules.Options.model_validate(stored)
    return {name: getattr(options, name) for name in type(options).model_fields}


def settled_options(rules: Any, options: Any) -> dict[str, Any]:
    """The options this game's rule set decides for itself, with the values it plays by: the setup screen
    hides them (their `shown_when` hint) and whatever the save keeps for them is not used. Rummikub's
    American and International rule sets (engine/rummikub/discard.py): the ice is the rule set's own, the
    table may be used in the ice-breaking turn, play goes counter-clockwise, a freed joker goes into a new
    meld."""
    if rules.id != "rummikub" or options.rule_set == "standard":
        return {}
    from .engine.rummikub.models import SAME_TURN
    from .engine.rummikub.rules import rules_for_rule_set

    return {
        "initial_meld": rules_for_rule_set(options.rule_set).ice,
        "play_after_meld": SAME_TURN,
        "direction": "counter-clockwise",
        "joker_reuse": "new set",
    }


# json ------------------------------------------------------------------------------------------------------


def seat_record(saved: SavedGame, seat: int | None) -> dict[str, Any]:
    """What `seat` (0-based; None: the public table) may know of the game `saved`, as plain data.

    Built only from the final state's log and View for that viewpoint, the seat's notes by place and the
    public facts of the save: no deal number and no moves, which would name hidden cards."""
    notes = _seat_notes(saved, seat)
    save = saved.save
    rules = get_game(save.game_id).rules()
    state = saved.state
    record: dict[str, Any] = {
        "format": SEAT_RECORD_FORMAT,
        "version": SEAT_RECORD_VERSION,
        "game": save.game_id,
        "seat": seat,
        "players": list(save.players),
        "computers": list(save.computers) if save.computers else [None] * len(save.players),
        "options": option_values(rules, save.options),
        "events": [entry.model_dump(mode="json", include={"kind", "args"}) for entry in rules.log_for(state, seat)],
        "view": rules.view(state, seat).model_dump(mode="json"),
    }
    if notes is not None:
        placed = notes_by_place(state, notes)
        record["notes"] = [{"hand": hand, "slot": slot, "note": note} for (hand, slot), note in placed.items()]
    return record


def export_json(saved: SavedGame, seat: int | None = None, full: bool = False) -> str:
    """The save as this program's record; `seat` (0-based) adds that seat's private notes. A game still
    being played gives the seat record of `seat` (None: of the public table) unless `full` asks for the
    whole record."""
    if not whole_record(saved, full):
        return dump_record(seat_record(saved, seat))
    save = saved.save
    computers = list(save.computers) if save.computers else [None] * len(save.players)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": save.game_id,
        "deal": save.seed,
        "players": list(save.players),
        "computers": computers,
        "options": option_values(get_game(save.game_id).rules(), save.options),
        "actions": [{"seat": move.seat, "action": move.action} for move in save.actions],
    }
    notes = _seat_notes(saved, seat)
    if notes is not None and seat is not None:
        # One entry per seat, as a save keeps them; only the asked seat's is filled in.
        mine = dict(sorted(notes.items(), key=lambda item: _card_key(item[0])))
        record["notes"] = [mine if other == seat else {} for other in range(len(save.players))]
    return dump_record(record)


def _refused(file: str, code: str, **params: Any) -> RecordError:
    return RecordError(_("{file} {reason}").format(file=file, reason=describe_problem(BrokenSave(Path(file), code, params))))


def read_record_file(path: Path) -> str:
    """The text of the record file `path`, read as a save file is: a regular file (not a link, folder, pipe
    or device) of a bounded size, in UTF-8. RecordError otherwise."""
    file = path.name or str(path)
    try:
        return read_regular_file(path, MAX_SAVE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise RecordError(_("There is no file {file}.").format(file=str(path)), exit_code=2) from None
    except SaveFileRefused as exc:
        raise _refused(file, exc.code, **exc.params) from None
    except OSError as exc:
        raise _refused(file, "unreadable", error=os_error_code(exc)) from None
    except UnicodeDecodeError:
        raise _refused(file, "not_text") from None


def parse_record(text: str, file: str = "record") -> dict[str, Any]:
    """A record's text as plain data, parsed with a save file's limits; RecordError if it is not a record.
    `file` names it in messages."""
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_SAVE_BYTES:
        raise _refused(file, "too_large", size=size, limit=MAX_SAVE_BYTES)
    try:
        data = parse_save_json(text)
    except json.JSONDecodeError as exc:
        raise _refused(file, "bad_json", line=exc.lineno, column=exc.colno) from None
    except SaveFileRefused as exc:
        raise _refused(file, exc.code, **exc.params) from None
    if isinstance(data, dict) and data.get("format") == SEAT_RECORD_FORMAT:
        raise RecordError(
            _(
                "{file} holds only what one seat (or the public table) may know of a game in play: it has no "
                "deal and no moves, so it cannot be continued. To move a whole game to another computer, write "
                "it with: boardgames export SAVE --full"
            ).format(file=file)
        )
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(
            _("{file} is not a boardgames_tui game record (make one with: boardgames export SAVE)").format(file=file)
        )
    if data.get("version") != RECORD_VERSION or type(data.get("version")) is not int:  # 1.0 is not version 1
        version = str(data.get("version"))[:20]
        raise RecordError(
            _("{file} is a record of version {version}; this version reads {supported}").format(
                file=file, version=repr(version), supported=RECORD_VERSION
            )
        )
    for key in data:
        if key not in RECORD_KEYS:
            raise _damaged(file, str(key)[:40], "extra_forbidden")
    for key in REQUIRED_KEYS:
        if key not in data:
            raise _damaged(file, key, "missing")
    return data


def _damaged(file: str, field: str, problem: str, count: int = 1) -> RecordError:
    reason = _("is damaged: {problem}").format(problem=field_problem(field, problem, count))
    return RecordError(_("{file} {reason}").format(file=file, reason=reason))


def _stored_options(game: Any, options: Any) -> Any:
    """A record's options as a save of the app keeps them (a record names every option; the app's save
    leaves out what its Options model leaves out). Options that a save would refuse are passed on as they
    are, for the save's own checks to name the problem."""
    if not isinstance(game, str) or game not in GAMES or not isinstance(options, dict):
        return options
    model = GAMES[game].rules().Options
    try:
        return model.model_validate_json(json.dumps(options), strict=True).model_dump(mode="json")
    except (ValidationError, ValueError, TypeError, RecursionError):
        return options


def import_record(text: str, store: SaveStore, file: str = "record") -> Path:
    """Turn the record `text` into a new save in `store` and return the save's path (`file` names the
    record in messages).

    Everything is checked before anything is written: the limits of a save file, every field as a save
    checks it, and every move replayed through the engine. The save gets a new id: nothing in the record
    names the file it becomes."""
    data = parse_record(text, file)
    players = data["players"]
    computers = data.get("computers", ())
    if isinstance(computers, list) and not any(computers):
        computers = ()  # every seat a person: as a save of people keeps it
    notes = data.get("notes", ())
    if isinstance(notes, list) and not any(notes):
        notes = ()
    options = _stored_options(data["game"], data["options"])
    stamp = now_iso()
    fields = {
        "schema_version": SCHEMA_VERSION,
        "save_id": store.unused_save_id(),
        "game_id": data["game"],
        "players": players,
        "options": options,
        "seed": data["deal"],
        "actions": data["actions"],
        "state": {},
        "created_at": stamp,
        "updated_at": stamp,
        "computers": computers,
        "notes": notes,
    }
    try:
        save = SaveFile.model_validate(fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(part) for part in err.get("loc", ()))
        raise _damaged(file, where[:80], str(err.get("type", "")), exc.error_count()) from None
    # The checks the saves list makes before replaying a save (the game, names, seats, notes): a record it
    # would refuse is not imported.
    problem = header_problem(save)
    if problem is not None:
        code, params = problem
        raise _refused(file, code, **params)
    rules = GAMES[save.game_id].rules()
    try:
        checked = replay_save(Path(file), save, rules)
    except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as exc:  # a last guard
        raise _refused(file, "internal_error", error=type(exc).__name__) from None
    if isinstance(checked, BrokenSave):
        raise RecordError(_("{file} {reason}").format(file=file, reason=describe_problem(checked)))
    state = checked.state
    narrator = narrator_for(save.game_id, save.players)
    save = save.model_copy(
        update={
            "state": state.model_dump(mode="json"),
            "state_version": STATE_VERSION,
            "finished": rules.outcome(state) is not None,
            "position": narrator.say(rules.turn_label(state))[:80],
        }
    )
    # The saves list refuses to read a save over MAX_SAVE_BYTES: a record whose save would be refused is not
    # imported (measured as the store writes it).
    size = len(save.model_dump_json(indent=1).encode("utf-8"))
    if size > MAX_SAVE_BYTES:
        reason = describe_problem(BrokenSave(Path(file), "too_large", {"size": size, "limit": MAX_SAVE_BYTES}))
        raise RecordError(_("{file} cannot be imported: the save it would make {reason}").format(file=file, reason=reason))
    try:
        return store.write(save)
    except (OSError, ValueError) as exc:
        raise RecordError(
            _("The record could not be saved in {folder}: {problem}").format(
                folder=store.directory, problem=write_problem(exc)
            )
        ) from None


# text ------------------------------------------------------------------------------------------------------


def _player_words(name: str, level: str | None) -> str:
    if level is None:
        return name
    return _("{name} ({level})").format(name=name, level=level_label(level))


def export_text(saved: SavedGame, seat: int | None = None, full: bool = False) -> str:
    """A readable record: the game, its options, players and deal, then every move with everything it
    revealed, then the result; `seat` (0-based) adds that seat's private notes. A game still being played
    is told from one viewpoint unless `full` asks for everything: the log as `seat` reads it (None: the
    public table), that seat's notes by place, and no deal number. Said as the app says it while the game
    is open: the game's own words first."""
    previous = current_game()  # the app's own choice, put back afterwards
    set_game(saved.save.game_id)
    try:
        if whole_record(saved, full):
            return _text_record(saved, seat)
        return _seat_text(saved, seat)
    finally:
        set_game(previous)


def _text_heading(saved: SavedGame, rules: Any, narrator: Narrator) -> list[str]:
    """The title, the options and the players: what the whole table knows from the setup."""
    save = saved.save
    options = rules.Options.model_validate(save.options)
    title = narrator.title
    label = rules.variant_label(options)
    if label is not None:
        title = _("{game} ({variant})").format(game=title, variant=narrator.say(label))
    lines = [title, ""]
    settled = settled_options(rules, options)
    if type(options).model_fields:
        lines.append(_("Options:"))
    for name in type(options).model_fields:
        words = option_words(narrator, name, getattr(options, name))
        if not option_applies(options, name):
            if name not in settled:  # pragma: no cover - every hidden option has its rule set's value
                continue
            # What the game played by, not the setting the rule set overrides.
            words = option_words(narrator, name, settled[name])
            if label is not None:
                words = _("{value} ({rules})").format(value=words, rules=narrator.say(label))
        lines.append("  " + _("{option}: {value}").format(option=narrator.option_label(name), value=words))
    levels = save.computers or (None,) * len(save.players)
    players = _(", ").join(_player_words(name, level) for name, level in zip(save.players, levels))
    lines.append(_("Players: {players}").format(players=players))
    return lines


def _seat_text(saved: SavedGame, seat: int | None) -> str:
    """The text record of a game in play as `seat` (None: the public table) may know it."""
    notes = _seat_notes(saved, seat)
    save = saved.save
    rules = get_game(save.game_id).rules()
    state = saved.state
    narrator: Narrator = narrator_for(save.game_id, save.players)
    lines = _text_heading(saved, rules, narrator)
    lines.append(_("{option}: {value}").format(option=_("Deal number"), value=_("hidden until the game is over")))
    lines.append("")
    # No move numbers: counting the moves would count a seat's private steps too (a rack rearranged).
    if seat is None:
        lines.append(_("What the whole table has seen so far:"))
    else:
        lines.append(_("What {name} has seen so far:").format(name=narrator.name(seat)))
    said = narrator.events(rules.log_for(state, seat))
    lines.extend("  " + line for line in said)
    if not said:
        lines.append("  " + _("(nothing yet)"))
    lines.append("")
    lines.append(_("Not finished: {position}").format(position=narrator.say(rules.turn_label(state))))
    if notes is not None and seat is not None:
        lines.append("")
        lines.append(_("Private notes of {name}:").format(name=narrator.name(seat)))
        placed = notes_by_place(state, notes)
        if not placed:
            lines.append("  " + _("(none)"))
        for (hand, slot), note in placed.items():
            if hand == seat:
                where = _("your card {n}: {note}").format(n=slot + 1, note=note)
            else:
                where = _("{name}'s card {n}: {note}").format(name=narrator.name(hand), n=slot + 1, note=note)
            lines.append("  " + where)
    return "\n".join(lines) + "\n"


def _text_record(saved: SavedGame, seat: int | None) -> str:
    """The whole text record: every move, numbered, with everything it revealed."""
    notes = _seat_notes(saved, seat)
    save = saved.save
    rules, first, moves = replayed(saved)
    narrator: Narrator = narrator_for(save.game_id, save.players)
    lines = _text_heading(saved, rules, narrator)
    lines.append(_("{option}: {value}").format(option=_("Deal number"), value=save.seed))
    lines.append("")
    lines.append(_("Moves:"))
    width = len(str(len(moves))) if moves else 1
    said_any = False

    def told(state: Any) -> tuple[Any, ...]:
        # The whole record hides nothing (Luz's cards in each trick, the tiles drawn): the game is over, or
        # everything was asked for.
        return tuple(revealed_event(entry) for entry in rules.log(state))

    for line in narrator.events(told(first)):
        lines.append("  " + " " * (width + 2) + line)
    for move in moves:
        before = len(told(move.before))
        added = narrator.events(told(move.after)[before:])
        for index, line in enumerate(added):
            prefix = f"{move.number:>{width}}. " if index == 0 else " " * (width + 2)
            lines.append("  " + prefix + line)
            said_any = True
    if not said_any:
        lines.append("  " + _("(no moves yet)"))
    lines.append("")
    final = moves[-1].after if moves else first
    outcome = rules.outcome(final)
    if outcome is None:
        lines.append(_("Not finished: {position}").format(position=narrator.say(rules.turn_label(final))))
    else:
        lines.append(_("Result: {headline}").format(headline=narrator.say(outcome.headline)))
        for detail in outcome.details:
            lines.append("  " + narrator.say(detail))
    if notes is not None and seat is not None:
        lines.append("")
        lines.append(_("Private notes of {name}:").format(name=narrator.name(seat)))
        if not notes:
            lines.append("  " + _("(none)"))
        for key, note in sorted(notes.items(), key=lambda item: _card_key(item[0])):
            lines.append("  " + _("card {card}: {note}").format(card=_card_name(rules, final, key), note=note))
    return "\n".join(lines) + "\n"


def _card_name(rules: Any, final: Any, key: str) -> str:
    """A noted card as the record names it: its number, and once the game is over what it was (Hanabi);
    while the game goes on the card may still be hidden from the very seat that noted it."""
    if rules.id != "hanabi" or rules.outcome(final) is None or not key.isdigit():
        return key
    from .engine.hanabi.config import deck_composition

    deck = deck_composition(final.options)
    return f"{key} ({deck[int(key)].label})" if int(key) < len(deck) else key


# hanab.live ------------------------------------------------------------------------------------------------

# The sixth suit of this game's options, as hanab.live names the variant: (variant, whether the sixth suit
# is named in colour clues). Our five base suits are hanab.live's red, yellow, green, blue and purple.
#   tricky: an ordinary sixth suit, named by its own colour          -> "6 Suits" (teal)
#   difficult: one card of each rank, named by its own colour        -> "Black (6 Suits)" (one of each)
#   avalanche: touched by every colour clue, never named             -> "Rainbow (6 Suits)"
#   black powder alone: counted down from 5 (one 1, three 5s), no colour clue touches it
#                                                                    -> "White Reversed (6 Suits)"
HANABLIVE_VARIANTS: dict[tuple[str, bool], str] = {
    ("none", False): "No Variant",
    ("tricky", False): "6 Suits",
    ("difficult", False): "Black (6 Suits)",
    ("avalanche", False): "Rainbow (6 Suits)",
    ("none", True): "White Reversed (6 Suits)",
}
# hanab.live's hands: 5 cards for 2 or 3 players, 4 for 4 or 5; one more or one less is an option there.
HANABLIVE_HAND_SIZE = {2: 5, 3: 5, 4: 4, 5: 4, 6: 3}
PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE = 0, 1, 2, 3


def hanablive_refusal(options: Any, players: int) -> str | None:
    """Why hanab.live cannot replay a Hanabi game with these options (None: it can), in words."""
    if options.five_flamboyants:
        return _("hanab.live has no bonus tiles (the five flamboyants).")
    if options.sixth_suit != "none" and options.black_powder:
        return _("hanab.live has no variant with both a sixth suit and black powder (seven piles).")
    if (options.sixth_suit, options.black_powder) not in HANABLIVE_VARIANTS:  # pragma: no cover - a new option
        return _("hanab.live has no variant like this one.")
    from .engine.hanabi.config import hand_size

    extra = hand_size(options, players) - HANABLIVE_HAND_SIZE[players]
    if extra not in (-1, 0, 1):  # pragma: no cover - every hand size rule fits today
        return _("hanab.live cannot deal hands of this size.")
    return None


def export_hanablive(saved: SavedGame, seat: int | None = None) -> str:
    """A Hanabi game as the JSON hanab.live's replay viewer reads; `seat` (0-based) adds that seat's notes.
    RecordError (exit code 2) for another game or options hanab.live has no rule for."""
    save = saved.save
    if save.game_id != "hanabi":
        raise RecordError(_("Only Hanabi games can be written for hanab.live."), exit_code=2)
    if not save.finished:  # its deck lists every card: mid-game that would show the players their own
        raise RecordError(
            _("This game is not finished: a hanab.live record lists the whole deck, so only a finished game can be written for it."),
            exit_code=2,
        )
    notes = _seat_notes(saved, seat)
    rules, first, moves = replayed(saved)
    from .engine.hanabi.config import config, hand_size
    from .engine.hanabi.models import ColourClue, DiscardCard, NumberClue, PlayCard

    options = first.options
    players = len(first.players)
    refusal = hanablive_refusal(options, players)
    if refusal is not None:
        raise RecordError(_("This game cannot be written for hanab.live: {reason}").format(reason=refusal), exit_code=2)
    cfg = config(options)
    size = hand_size(options, players)
    # hanab.live deals each player a whole hand in turn, oldest card first (it ends up on the right); this
    # engine deals round the table, the newest card on the left (slot 0). A card's "order" on hanab.live is
    # its place in the deck listed below, so each hand is listed from its right end to its left.
    dealt = [hc.card for hand in first.hands for hc in reversed(hand)]
    deck = dealt + list(first.deck)
    order = {card.id: index for index, card in enumerate(deck)}
    actions: list[dict[str, int]] = []
    for move in moves:
        action = move.action
        if isinstance(action, (PlayCard, DiscardCard)):
            card = move.before.hands[move.seat][action.slot].card
            kind = PLAY if isinstance(action, PlayCard) else DISCARD
            actions.append({"type": kind, "target": order[card.id]})
        elif isinstance(action, ColourClue):
            actions.append({"type": COLOUR_CLUE, "target": action.target, "value": cfg.clue_suits.index(action.suit)})
        elif isinstance(action, NumberClue):
            actions.append({"type": RANK_CLUE, "target": action.target, "value": action.rank})
        else:  # pragma: no cover - bonus steps exist only with the five flamboyants, refused above
            raise RecordError(_("hanab.live has no bonus tiles (the five flamboyants)."), exit_code=2)
    game_options: dict[str, Any] = {"variant": HANABLIVE_VARIANTS[(options.sixth_suit, options.black_powder)]}
    extra = size - HANABLIVE_HAND_SIZE[players]
    if extra > 0:
        game_options["oneExtraCard"] = True
    elif extra < 0:
        game_options["oneLessCard"] = True
    if options.allow_empty_clues:
        game_options["emptyClues"] = True
    record: dict[str, Any] = {
        "players": list(first.players),
        "deck": [{"suitIndex": cfg.suit_index[card.suit], "rank": card.rank} for card in deck],
        "actions": actions,
        "options": game_options,
    }
    if notes is not None and seat is not None:
        # hanab.live keeps each player's notes by card order.
        by_order = {order[int(key)]: note for key, note in notes.items() if key.isdigit() and int(key) in order}
        written = [by_order.get(index, "") for index in range(max(by_order) + 1)] if by_order else []
        record["notes"] = [written if other == seat else [] for other in range(players)]
    return dump_record(record)


def export(saved: SavedGame, fmt: str, seat: int | None = None, full: bool = False) -> str:
    """The save in format `fmt` (one of FORMATS); a game still being played as `seat` (None: the public
    table) may know it, unless `full` asks for the whole record (see the module's docstring)."""
    if fmt == "json":
        return export_json(saved, seat, full)
    if fmt == "text":
        return export_text(saved, seat, full)
    if fmt == "hanablive":
        return export_hanablive(saved, seat)
    raise RecordError(_("Unknown format {format}.").format(format=fmt), exit_code=2)
