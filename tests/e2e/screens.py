"""Screenshots for people to look at: every e2e test saves its shots under ``test-results/screens/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SCREENS = Path(__file__).resolve().parents[2] / "test-results" / "screens"


def shoot(page: Any, name: str, full_page: bool = False) -> Path:
    """Save a screenshot of ``page`` as ``name`` (".png" added when missing) and say where."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / (name if name.endswith(".png") else f"{name}.png")
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path}")
    return path
