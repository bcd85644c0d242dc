"""The key line at the bottom of every screen: the keys that work right now.

Textual's Footer rebuilds one widget per key whenever the bindings change, which costs a full refresh
cycle on every mode change and every screen switch. This bar is a single line of text redrawn in place;
each entry is still clickable.

Binding descriptions are fixed when a screen class is defined, in English (marked with `N_`); they are
translated here, each time the bar is drawn, so a change of language shows at once.
"""

from __future__ import annotations

import re

from textual.binding import ActiveBinding, Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _

# Keys of Textual's own widgets that reach the bar (Esc while a drop-down list is open): their English
# descriptions, listed so the catalogue carries them.
TEXTUAL_KEY_WORDS = (N_("Dismiss menu"),)
# Keys shown by a name of their own, which a language may say its way ("空格"); letters and symbols stay as they are.
KEY_WORDS = {"Space": N_("Space"), "space": N_("Space"), "Backspace": N_("Backspace")}
_KEY_NAME = re.compile(r"\b(Backspace|Space)\b")


def say_keys(text: str) -> str:
    """`text` (a help line's keys: "Space", "⌫ Backspace", "Tab / Space") with the keys that have a name
    of their own said in the current language (a Chinese tester read "Space" in the help, "空格" in the bar)."""
    return _KEY_NAME.sub(lambda found: _(KEY_WORDS[found.group(1)]), text)


def binding_label(binding: Binding) -> str:
    """A binding's description in the current language ("" for none: `_("")` would be the catalogue's header)."""
    return _(binding.description) if binding.description else ""


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-foreground;
        padding: 0 1;
    }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    _shown: tuple[object, ...] | None = None

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            content = self.describe(screen)
            shown = (content.plain, tuple(content.spans))
            if shown == self._shown:
                return  # the keys are refreshed far more often than they change: skip the repaint
            self._shown = shown
            self.update(content, layout=False)  # always one line: no layout pass needed

    def on_resize(self) -> None:
        self._bindings_changed(self.screen)  # a narrower bar may need the compact form

    def describe(self, screen: Screen[object]) -> Content:
        """The keys that work now, the screen's own first. When they do not fit the terminal's width,
        the gaps shrink, then keys lose their words one at a time from the end of the bar: the shared keys
        (help, rules, log, menu) first, then the screen's own; every key stays (`?` lists them all with
        their meaning)."""
        last = getattr(screen, "KEYBAR_LAST", frozenset())

        def shared(active: ActiveBinding) -> bool:  # the app's own keys work on every screen, at any time
            return active.binding.action in last or active.node is self.app

        # Stable sort: the screen's own keys keep their order, the shared ones (KEYBAR_LAST, the app's) follow.
        ordered = sorted(screen.active_bindings.values(), key=shared)
        if getattr(self.app, "keybar_notice", "") and last:
            # A computer is playing: only the shared keys (help, rules, log, menu) work on a game screen.
            ordered = [active for active in ordered if shared(active)]
        entries = []
        seen_actions: set[str] = set()
        own_display = getattr(screen, "key_display", None)
        own_label = getattr(self.app, "key_label", None)
        screen_words = getattr(screen, "key_words", None)
        for active in ordered:
            binding = active.binding
            if not binding.show or binding.action in seen_actions:
                continue
            seen_actions.add(binding.action)
            namespace = "app" if active.node is self.app else "screen"
            key = (own_display(binding) if own_display is not None else None) or self.app.get_key_display(binding)
            key = _(KEY_WORDS[key]) if key in KEY_WORDS else key  # the space bar has a name in every language
            own = own_label(binding) if own_label is not None else None
            # A word of the app's own (F2's "简体中文") says what no key alone can: kept until every word goes.
            words = own or (screen_words(binding) if screen_words is not None else None) or binding_label(binding)
            entries.append((key, binding, words, active.enabled, namespace, not own and shared(active), bool(own)))
        width = max(self.app.size.width - 2, 20)  # the bar's padding
        # What the app says before the keys ("Ben (computer) is thinking…"), unless the screen already says it
        # in its own prompt (a turn screen's `notice`): said twice, it reads as two messages.
        said = getattr(self.app, "keybar_notice", "")
        notice = Content.assemble(("" if getattr(screen, "notice", None) == said else said, "bold"))
        if notice.cell_length:
            notice = Content.assemble(notice, "  ")
            width = max(width - notice.cell_length, 10)
        # The words go one key at a time, from the end of the bar: the shared keys' first, then the screen's
        # own, then the app's own word; the last form keeps every key, without a word, so none is ever lost.
        from_the_end = list(reversed(range(len(entries))))
        order = (
            [i for i in from_the_end if entries[i][5]]
            + [i for i in from_the_end if not entries[i][5] and not entries[i][6]]
            + [i for i in from_the_end if entries[i][6]]
        )
        content = Content()
        for gap, bare_count in (("  ", 0), *((" ", n) for n in range(len(order) + 1))):
            bare = set(order[:bare_count])
            parts = []
            for index, (key, binding, words, enabled, namespace, _shared, _app_word) in enumerate(entries):
                label = Content.assemble((key, "bold $footer-key-foreground"))
                if index not in bare:
                    label = Content.assemble(label, " ", words)
                if enabled:
                    label = label.stylize(f"@click={namespace}.{binding.action}")
                else:
                    label = label.stylize("dim")
                parts.append(label)
            content = Content(gap).join(parts)
            if content.cell_length <= width:  # cells: a Chinese character takes two
                break
        return Content.assemble(notice, content) if notice.cell_length else content

    def refresh_keys(self) -> None:
        """Redraw now (the app's notice changed; Textual only signals changes of the bindings)."""
        self._bindings_changed(self.screen)
