"""Where the shipped data files live: inside the package when installed from a wheel, at the top of
the source tree when run from a checkout or an editable install."""

from __future__ import annotations

from pathlib import Path

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    for base in (_PACKAGE_ROOT / "assets", _PACKAGE_ROOT.parent / "assets"):
        candidate = base.joinpath(*parts)
        if candidate.exists():
            return candidate
    raise FileNotFoundError("missing asset: " + "/".join(parts))
