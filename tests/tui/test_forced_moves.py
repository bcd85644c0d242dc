"""A decision that is no decision, and publicly so, is played by the session without asking anyone (see
GameRules.public_forced_action): recorded like any move, replayable, and the seat's news still starts where
it last looked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.session import HotseatSession


def test_the_session_plays_forced_moves_and_records_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get_game("splendor_duel")
    rules_class = type(spec.rules())

    def forced(self: Any, state: Any) -> tuple[int, Any] | None:
        # Pretend every decision of seat 1 is forced: it plays its first legal action.
        seats = self.to_act(state)
        if 1 in seats:
            return 1, self.legal_actions(state, 1)[0]
        return None

    monkeypatch.setattr(rules_class, "public_forced_action", forced)
    store = SaveStore(tmp_path)
    session = HotseatSession.new("splendor_duel", ("Ana", "Ben"), spec.rules().Options(), store, seed="3")
    assert session.acting_seat() == 0, "Ben's opening decisions were played for him"
    assert session.actions_recorded > 0 and {record.seat for record in session._actions} == {1}
    assert not session.has_acted(1), "Ben never looked at the table: his news starts at the beginning"
    for _turn in range(6):
        before = session.actions_recorded
        session.apply(0, session.view(0).legal_actions[-1])
        if session.outcome() is not None:
            break
        assert session.acting_seat() == 0, "whatever Ben must answer is answered at once"
        if session._actions[-1].seat == 1:
            assert session.actions_recorded > before + 1
    assert any(record.seat == 1 for record in session._actions[1:])
    assert session.replay_matches(), "forced moves are recorded like any other"
