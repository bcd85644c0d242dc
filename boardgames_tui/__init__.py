"""boardgames_tui: board games for friends around one terminal."""

__version__ = "0.1.0"
