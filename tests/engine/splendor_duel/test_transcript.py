"""Golden transcript: a fixed deal, a simple policy that only reads its own View, and every seat's view
rendered as text after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/splendor_duel/test_transcript.py
"""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.splendor_duel.data import TOKEN_LETTERS
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    Reserve,
    SplendorDuelAction,
    SplendorDuelOptions,
    SplendorDuelView,
    TakeTokens,
)
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.narration.splendor_duel import NARRATOR

from .. import golden
from .helpers import NAMES

GOLDEN = Path(__file__).parent / "golden"


def policy(view: SplendorDuelView) -> SplendorDuelAction:
    """Every sixth turn reserve if possible (alternating blind and face-up); otherwise buy the dearest
    affordable card (fewest gold), else take the longest line, else the first choice."""
    legal = view.legal_actions
    assert legal and view.seat is not None
    reserves = [a for a in legal if isinstance(a, Reserve)]
    if reserves and view.turn % 6 == 5:
        return reserves[-1] if view.turn % 12 == 5 else reserves[0]
    buys = [a for a in legal if isinstance(a, Buy)]
    if buys:
        return max(buys, key=lambda a: (sum(a.payment[:6]), -a.payment[6], -a.card))
    takes = [a for a in legal if isinstance(a, TakeTokens)]
    if takes and view.phase == "start":
        return max(takes, key=lambda a: (len(a.cells), [-c for c in a.cells]))
    return legal[-1] if view.phase == "discard" else legal[0]


def toks(counts: tuple[int, ...]) -> str:
    return "".join(f"{TOKEN_LETTERS[i]}{n}" for i, n in enumerate(counts) if n) or "-"


def render(view: SplendorDuelView) -> list[str]:
    who = "public" if view.seat is None else f"seat {view.seat} ({view.players[view.seat]})"
    lines = [
        f"  [{who}] turn {view.turn} current {view.current} phase {view.phase} bag {view.bag_size}"
        f" decks {'/'.join(map(str, view.deck_sizes))} privileges {view.supply_privileges}"
        f" royals {','.join(map(str, view.royals)) or '-'}",
        "    board " + "|".join("".join("." if v < 0 else TOKEN_LETTERS[v] for v in view.board[r * 5 : r * 5 + 5]) for r in range(5)),
        "    pyramid " + " / ".join(" ".join(str(c) for c in row) for row in view.pyramid),
    ]
    for p in view.seats:
        res = "?" * p.reserved_count if p.reserved is None else ",".join(map(str, p.reserved))
        lines.append(
            f"    {p.name}: tokens {toks(p.tokens)} priv {p.privileges} pts {p.points} crowns {p.crowns}"
            f" bonus {toks(p.bonuses)} cards {','.join(str(o.card) for o in p.cards) or '-'}"
            f" reserved [{res}] royals {','.join(map(str, p.royals)) or '-'}"
        )
    newest = NARRATOR(view.players).event(view.log[-1]) if view.log else "-"
    lines.append(f"    log ({len(view.log)}): {newest}")
    if view.seat is not None:
        lines.append(f"    legal: {len(view.legal_actions)}")
    return lines


def transcript(players: tuple[str, ...], options: SplendorDuelOptions, seed: str) -> str:
    return golden.transcript(RULES, players, options, seed, policy=policy, render=render, max_steps=1000)


CASES = {"greedy_2p": (NAMES, SplendorDuelOptions(), "314159")}

test_golden_transcript, test_transcript_is_deterministic = golden.golden_tests(transcript, CASES, GOLDEN)
