"""Fixtures for every test: narration is strict (a fact without words fails the test) and every test
starts in English; `in_chinese` switches the whole app to Simplified Chinese for one test."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from boardgames_tui.i18n import set_game, set_language
from boardgames_tui.narration import Narrator


@pytest.fixture(autouse=True)
def strict_narration(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(Narrator, "strict", True)
    set_game(None)
    set_language("en")
    yield
    set_game(None)
    set_language("en")


@pytest.fixture
def in_chinese() -> Iterator[None]:
    set_language("zh")
    yield
    set_language("en")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """With -n, xdist's default hands each worker a fixed share of the tests, and one core idles at the end
    while the other finishes the long ones; work stealing lets the idle worker take queued tests instead
    (CI, `pytest -n 2`: 368 s -> 351 s on 2 cores).

    The README runs three workers on two cores: about a sixth of the tests' time is waiting (terminals to
    settle, timers, Pilot's idle steps), and a third worker fills it (same tree: `-n 2` 297 s, `-n 3` 263 s)."""
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "worksteal"


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collected tests and everything imported live until the end: frozen, the garbage collector stops
    walking them again and again. And it runs less often: the games make many short-lived models, and with
    the default thresholds about a seventh of a playout's time went to collections that found little."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
