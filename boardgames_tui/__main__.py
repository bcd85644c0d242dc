"""Entry point: `boardgames` or `python -m boardgames_tui`."""

from __future__ import annotations

import sys


def main() -> None:
    from .tui.app import BoardGamesApp

    app = BoardGamesApp()
    app.run()
    farewell = app.farewell()
    if farewell:
        print(farewell, file=sys.stderr)
    if app.return_code:  # an unexpected error: Textual printed it; say where the game is and exit non-zero
        if app.session is not None and not farewell:
            print(f"The game was last saved in {app.session.save_path}", file=sys.stderr)
        sys.exit(app.return_code)


if __name__ == "__main__":
    main()
