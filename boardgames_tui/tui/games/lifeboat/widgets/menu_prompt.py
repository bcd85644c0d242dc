"""The prompt of the Lifeboat turn screen: the decision's menu."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from ....text import plain
from .. import render
from ..render import Menu


class MenuPrompt(Widget):
    """The open `menu` (its title, its entries with their keys, the highlighted one marked, what it does
    under it), in lines of `width` cells; or, while it is not empty, the app's `notice` ("Ben (computer) is
    thinking…"): the menu is not this person's to use then."""

    DEFAULT_CSS = "MenuPrompt { height: auto; }"

    menu: reactive[Menu | None] = reactive(None, layout=True)
    width: reactive[int] = reactive(render.WIDTH, layout=True)
    notice: reactive[str] = reactive("", layout=True)

    def render(self) -> RenderResult:
        if self.notice:
            return plain(self.notice)
        if self.menu is None:
            return Text()
        return render.menu_text(self.menu, self.width)
