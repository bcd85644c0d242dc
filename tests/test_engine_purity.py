"""The engine must stay UI-free: importing every engine module must not pull in Textual or Rich."""

import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import boardgames_tui.engine as engine
for module in pkgutil.walk_packages(engine.__path__, engine.__name__ + "."):
    importlib.import_module(module.name)
loaded = sorted(name for name in sys.modules if name.split(".")[0] in ("textual", "rich") or name.startswith("boardgames_tui.tui"))
print(",".join(loaded))
"""


def test_engine_imports_no_ui_code() -> None:
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_the_menu_starts_without_the_engine() -> None:
    # Start-up speed: the app module must not import pydantic or any game until a game is chosen.
    code = "import sys, boardgames_tui.tui.app; print('pydantic' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
