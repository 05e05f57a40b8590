"""Running the page's asyncio code from a test, whose thread may already run an event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


def in_a_thread(coroutine: Coroutine[Any, Any, Any]) -> None:
    """Run a coroutine to its end in a thread of its own (an event loop may already run in this one)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(60)
    assert not errors, errors
