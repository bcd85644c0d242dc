"""Narration: the one layer where the engines' facts become sentences in the player's language.

The engines report events, refusals and outcomes as `Fact`s; each game's narrator (`narration/<game>.py`,
module attribute NARRATOR) says them. The screens, the command line (records) and the headless replay all
narrate through this package, which imports no Textual: nothing here depends on a screen.
"""

from .base import (
    LEVEL_LABELS,
    MissingNarration,
    Narrator,
    level_label,
    narrator_class,
    narrator_for,
    option_applies,
    option_words,
)

__all__ = [
    "LEVEL_LABELS",
    "MissingNarration",
    "Narrator",
    "level_label",
    "narrator_class",
    "narrator_for",
    "option_applies",
    "option_words",
]
