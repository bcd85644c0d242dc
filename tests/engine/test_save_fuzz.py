"""Damaged and hostile saves of every game and rule set, made by mutating real ones: the saves list and the
resume path never crash, never write outside the saves folder and never change a file but the game played."""

from __future__ import annotations

import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import CHECKED_FILE, BrokenSave, SavedGame, SaveStore
from boardgames_tui.tui.session import HotseatSession

VARIANTS = [("hanabi", {}), ("hanabi", {"sixth_suit": "avalanche"}), ("luz", {}), ("rummikub", {}),
            ("rummikub", {"rule_set": "american"}), ("rummikub", {"rule_set": "international"}),
            ("splendor_duel", {}), ("lifeboat", {})]
HOSTILE = ["[b]Al[/i]", "[@click=app.quit]", "\x1b]8;;file:///etc/passwd\x1b\\x", "../../x", "", "\x00", "9" * 30,
           "[link='file:///etc/passwd']x", "\ud800"]


@cache
def real_save(index: int) -> bytes:
    """A real save of the variant, a few random moves into the game."""
    game_id, option_values = VARIANTS[index]
    rules = get_game(game_id).rules()
    options = rules.Options.model_validate(option_values)
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        players = [f"P{n}" for n in range(1, rules.min_players + 1)]
        session = HotseatSession.new(game_id, players, options, store, seed=f"fuzz{index}")
        chooser = random.Random(index)
        for _ in range(25):
            seat = session.acting_seat()
            if seat is None:
                break
            session.apply(seat, chooser.choice(session.view(seat).legal_actions))
        return session.save_path.read_bytes()


def leaves(node: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in leaves(value, (*path, key))]
    if isinstance(node, list):
        return [leaf for i, value in enumerate(node) for leaf in leaves(value, (*path, i))]
    return [(path, node)]


def put(node: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def mutate(raw: bytes, kind: str, pick: int, value: int) -> bytes:
    if kind == "truncate":
        return raw[: pick % len(raw)]
    if kind == "flip":
        data = bytearray(raw)
        data[pick % len(data)] ^= 1 << (value % 8)
        return bytes(data)
    data = json.loads(raw)
    spots = leaves(data)
    path, old = spots[pick % len(spots)]
    if kind == "number":
        numbers = [(p, v) for p, v in spots if isinstance(v, int) and not isinstance(v, bool)]
        if numbers:
            path, old = numbers[pick % len(numbers)]
        put(data, path, [old + 1, old - 1, -old, 99, -1, 9999, 10**17][value % 7])
    elif kind == "string":
        put(data, path, HOSTILE[value % len(HOSTILE)])
    elif kind == "nest":
        wrapped: Any = old
        for _ in range(10 + value % 200):
            wrapped = [wrapped]
        put(data, path, wrapped)
    elif kind == "drop":
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
    return json.dumps(data).encode("utf-8", "surrogatepass")


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.integers(0, len(VARIANTS) - 1),
    kind=st.sampled_from(["truncate", "flip", "number", "string", "nest", "drop", "swap_id"]),
    pick=st.integers(0, 10**6),
    value=st.integers(0, 10**6),
)
def test_a_mutated_save_never_crashes_the_list_or_the_resume_and_writes_only_its_own_file(
    variant: int, kind: str, pick: int, value: int
) -> None:
    with tempfile.TemporaryDirectory() as top:
        root = Path(top)
        store = SaveStore(root / "data" / "saves")
        store.directory.mkdir(parents=True)
        other = store.directory / "20260101-000000-000000.json"  # another game, which must never change
        other.write_bytes(real_save((variant + 1) % len(VARIANTS)))
        raw = real_save(variant)
        if kind == "swap_id":
            data = json.loads(raw)
            data["save_id"] = other.name.removesuffix(".json")
            hostile = json.dumps(data).encode()
        else:
            hostile = mutate(raw, kind, pick, value)
        target = store.directory / "20260102-000000-000000.json"
        target.write_bytes(hostile)
        before = snapshot(root)
        entries = store.list()  # never raises
        assert {entry.path.name for entry in entries} == {other.name, target.name}
        for entry in entries:
            assert isinstance(entry, (SavedGame, BrokenSave))
            assert before[str(entry.path.relative_to(root))] == entry.path.read_bytes()  # listing changes nothing
        played = next((e for e in entries if isinstance(e, SavedGame) and e.path == target), None)
        event(f"{kind}: {'opened' if played else 'unreadable'}")
        if played is not None:  # a harmless change (a timestamp, say): the game opens and plays on
            session = HotseatSession.resume(played, store)
            seat = session.acting_seat()
            if seat is not None:
                session.view(seat), session.view(None), session.title, session.position()
                session.apply(seat, session.view(seat).legal_actions[0])
                store.flush()
        after = snapshot(root)
        changed = {name for name in after if before.get(name) != after[name]} | (set(before) - set(after))
        changed.discard(str((store.directory / CHECKED_FILE).relative_to(root)))  # the list of files found whole
        assert changed <= {str(target.relative_to(root))}
        assert played is not None or not changed

