"""Entry point: `boardgames` or `python -m boardgames_tui`."""

from __future__ import annotations


def main() -> None:
    from .tui.app import BoardGamesApp

    BoardGamesApp().run()


if __name__ == "__main__":
    main()
