"""Fixtures for every test: narration is strict (a fact without words fails the test) and every test
starts in English; `in_chinese` switches the whole app to Simplified Chinese for one test."""

from __future__ import annotations

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
