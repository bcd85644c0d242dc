"""The translations are complete: every message the code says has a Chinese translation with the same
placeholders, and every compiled catalogue (.mo) is compiled from its .po as it is now.

When this fails, run `python -m boardgames_tui.i18n_tools update DOMAIN`, translate the new entries in
boardgames_tui/locale/zh_CN/LC_MESSAGES/DOMAIN.po, then `... compile DOMAIN` (see boardgames_tui/locale/README.md).
"""

from __future__ import annotations

import pytest

pytest.importorskip("babel")

from boardgames_tui import i18n  # noqa: E402
from boardgames_tui.i18n import _, set_language  # noqa: E402
from boardgames_tui.i18n_tools import DOMAINS, placeholders, problems  # noqa: E402


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_a_chinese_translation_and_a_fresh_mo(domain: str) -> None:
    found = problems((domain,))
    assert not found, f"{len(found)} problem(s) in the {domain} catalogue:\n" + "\n".join(str(p) for p in found[:30])


def test_the_catalogues_read_at_run_time_are_the_apps_and_every_registered_games() -> None:
    """The program chains the catalogues it finds on disk (i18n.py sits below the registry); the tools make
    one per registered game: a game without its catalogue, or a catalogue of no game, shows here."""
    assert set(i18n.DOMAINS) == set(DOMAINS)


def test_the_checker_finds_a_placeholder_that_differs() -> None:
    assert placeholders("{name} played {card}") == {"name", "card"}
    assert placeholders("{name} 打出了 {card}") == {"name", "card"}
    assert placeholders("{name} 打出了 {cards}") != placeholders("{name} played {card}")


def test_the_chinese_catalogue_is_used_at_run_time() -> None:
    set_language("zh")
    try:
        assert _("New game") == "新游戏"
        assert _("Turn {n}").format(n=3) == "第3回合"
    finally:
        set_language("en")
    assert _("New game") == "New game"


def test_the_open_games_catalogue_is_asked_before_the_apps(tmp_path, monkeypatch) -> None:
    """A word both catalogues know reads as the open game says it, and as the app says it in the menus."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from boardgames_tui import i18n

    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for domain, word in (("app", "开始"), ("hanabi", "打出")):
        catalog = Catalog(locale="zh_CN", domain=domain)
        catalog.add("Play", word)
        with open(folder / f"{domain}.mo", "wb") as mo:
            write_mo(mo, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.load_translation.cache_clear()
    try:
        set_language("zh")
        assert _("Play") == "开始"
        i18n.set_game("hanabi")
        assert _("Play") == "打出"
        i18n.set_game(None)
        assert _("Play") == "开始"
    finally:
        i18n.load_translation.cache_clear()
        set_language("en")
