"""The golden-transcript harness shared by the games' test_transcript.py files.

A transcript plays a fixed deal with a simple policy that reads only its own View, and writes what every
seat (and the public) sees after every action. `check_golden` compares it with the stored file, or rewrites
the file when the tests run with UPDATE_GOLDEN=1; `golden_tests` makes a game's two transcript tests.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.base import GameRules


def transcript(
    rules: GameRules[Any, Any, Any, Any],
    players: Sequence[str],
    options: Any,
    seed: str,
    *,
    policy: Callable[[Any], Any],
    render: Callable[[Any], list[str]],
    action_line: Callable[[str, Any], str] | None = None,
    max_steps: int = 500,
    scores: bool = False,
    log: bool = True,
) -> str:
    """Play `seed` with `policy` (called with the current seat's View) to the end, as text.

    After every action: the turn label and the last public summary, then `render` of the public view and
    of every seat's view. Each action is one line (by default "-- NAME chooses {dumped action}"). At the
    end: the result (with the scores if `scores`), its details, and the public log if `log`.
    """
    from boardgames_tui.narration import narrator_for

    narrator = narrator_for(rules.id, players)  # the transcript reads as the English screens say it
    state = rules.setup(players, options, seed)
    out = [f"{rules.title} golden transcript: players {', '.join(players)}; deal {seed}; options {options.model_dump()}"]
    step = 0
    while True:
        newest = rules.last_public_event(state)
        summary = narrator.event(newest) if newest is not None else "start"
        out.append(f"== {narrator.say(rules.turn_label(state))} :: {summary}")
        for seat in (None, *range(len(players))):
            out.extend(render(rules.view(state, seat)))
        if not rules.to_act(state):
            break
        seat = state.current
        action = policy(rules.view(state, seat))
        if action_line is None:
            out.append(f"-- {players[seat]} chooses {rules.dump_action(action)}")
        else:
            out.append(action_line(players[seat], action))
        state = rules.apply(state, seat, action)
        step += 1
        assert step < max_steps
    outcome = rules.outcome(state)
    assert outcome is not None
    out.append(f"== RESULT {narrator.say(outcome.headline)}" + (f" (scores {list(outcome.scores)})" if scores else ""))
    out.extend(f"   {narrator.say(d)}" for d in outcome.details)
    if log:
        out.append("== LOG")
        out.extend(f"   {line}" for line in narrator.events(rules.view(state, None).log))
    return "\n".join(out) + "\n"


def check_golden(path: Path, text: str) -> None:
    """`text` must equal the golden file at `path` (named by its stem in the failure message).

    With UPDATE_GOLDEN=1 in the environment the file is (re)written from `text` first.
    """
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.stem} differs from the golden transcript (UPDATE_GOLDEN=1 to accept a change)"


def golden_tests(
    transcript: Callable[[Any, Any, str], str], cases: dict[str, tuple[Any, Any, str]], golden: Path
) -> tuple[Callable[[str], None], Callable[[], None]]:
    """A game's transcript tests, to assign to test_golden_transcript and test_transcript_is_deterministic.

    `cases` maps a golden file's name (without .txt, in the folder `golden`) to (players, options, seed);
    the first case is also played twice to show the transcript is deterministic.
    """

    @pytest.mark.parametrize("name", sorted(cases))
    def test_golden_transcript(name: str) -> None:
        players, options, seed = cases[name]
        check_golden(golden / f"{name}.txt", transcript(players, options, seed))

    def test_transcript_is_deterministic() -> None:
        players, options, seed = cases[next(iter(cases))]
        assert transcript(players, options, seed) == transcript(players, options, seed)

    return test_golden_transcript, test_transcript_is_deterministic
