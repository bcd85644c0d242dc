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


def test_bots_import_the_engine_never_the_ui() -> None:
    # Computer players get a seat's View and nothing of the screens: the bots package loads no UI code.
    code = CHECK.replace("boardgames_tui.engine as engine", "boardgames_tui.bots as engine")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_the_menu_starts_without_the_engine() -> None:
    # Start-up speed: the app module must not import pydantic or any game until a game is chosen.
    code = "import sys, boardgames_tui.tui.app; print('pydantic' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


# --- The engine says no sentences -------------------------------------------------------------------
# Engines report facts (event kinds, refusal codes, option values); narrators in tui/ say them. A string
# literal in engine code that reads like words for people is a sentence that escaped translation.
# Docstrings, `Literal[...]` option values stored in saves, and the arguments of programmer errors
# (ValueError and the like, never shown to players) are not sentences for people.

import ast  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

ENGINE = Path(__file__).parents[1] / "boardgames_tui" / "engine"
WORDS = re.compile(r"[A-Za-z]{2,}[^\w\s]*\s+[^\w\s]*[A-Za-z]{2,}")  # two words apart: "took K6", "not your turn"
PROGRAMMER_ERRORS = {"ValueError", "TypeError", "KeyError", "AssertionError", "RuntimeError", "NotImplementedError", "LookupError", "FileNotFoundError", "OSError"}


def _exempt_nodes(tree: ast.AST) -> set[int]:
    exempt: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            exempt.add(id(body[0].value))  # docstring
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Literal":
            exempt.update(id(inner) for inner in ast.walk(node.slice))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            if isinstance(func, ast.Name) and func.id in PROGRAMMER_ERRORS:
                exempt.update(id(inner) for inner in ast.walk(node.exc))
        if isinstance(node, ast.Assert) and node.msg is not None:
            exempt.update(id(inner) for inner in ast.walk(node.msg))
    return exempt


def engine_sentences() -> list[str]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exempt = _exempt_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exempt:
                if WORDS.search(node.value):
                    found.append(f"{path.relative_to(ENGINE)}:{node.lineno}: {node.value[:60]!r}")
            if isinstance(node, ast.JoinedStr) and id(node) not in exempt:
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
                if WORDS.search(text):
                    found.append(f"{path.relative_to(ENGINE)}:{node.lineno}: f{text[:60]!r}")
    return found


def test_the_engine_builds_no_sentence_for_people() -> None:
    found = engine_sentences()
    assert not found, f"{len(found)} sentences in engine/ (say them in the game's narrator):\n" + "\n".join(found[:40])
