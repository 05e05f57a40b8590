"""Start-up of the page in the browser: the loader's stage, errors, the service worker, and ready.

Runs in Pyodide only (it imports ``js``). Until Python starts, a few lines of JavaScript in index.html
move the loader; from here on this module does. The protocol for the entry script is ``run(main)``:

- the loader says "Loading the game…";
- ``main()`` runs (a plain function or a coroutine function) and calls ``mark_ready()`` once the game
  can be played, which sets ``data-ready="true"`` on <html> (what tests and bench wait for);
- any exception from it is shown in the page's error box, never a blank page;
- afterwards, so that it never competes with start-up, the service worker is registered, which makes
  the next visit start from the browser's cache, with or without a network.
"""

from __future__ import annotations

import asyncio
import inspect
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

# Each stage of start-up: the text under the bar and how far the bar is.
STAGES = {
    "download": ("Downloading…", 10),
    "python": ("Starting Python…", 60),
    "game": ("Loading the game…", 85),
}
SERVICE_WORKER_URL = "./sw.js"

_tasks: set[asyncio.Task[Any]] = set()  # keeps running tasks from being collected


def _element(element_id: str) -> Any:
    return js.document.getElementById(element_id)


def set_stage(stage: str) -> None:
    """Show start-up stage ``stage`` (a key of STAGES) in the loader."""
    text, percent = STAGES[stage]
    js.document.documentElement.dataset.stage = stage
    _element("loader-stage").textContent = text
    _element("loader-progress").value = percent


def show_error(error: BaseException | str) -> None:
    """Replace the loader by the error box with ``error``'s message and traceback; also log it."""
    message = str(error) if isinstance(error, str) else "".join(traceback.format_exception(error)).rstrip()
    js.document.documentElement.dataset.failed = "true"
    _element("loader").hidden = True
    _element("error-message").textContent = message
    _element("error").hidden = False
    js.console.error(message)


def mark_ready() -> None:
    """The game can be played: mark <html data-ready="true"> and hide the loader."""
    _element("loader-progress").value = 100
    _element("loader").hidden = True
    js.document.documentElement.dataset.ready = "true"


async def register_service_worker(url: str = SERVICE_WORKER_URL) -> bool:
    """Register the service worker; False, quietly, where the browser has none (http on a LAN, file://).
    Offline (as the browser says), a worker already in control is left as it is: registering again is an update
    check, which goes to the network (past the page's own offline state in Chromium's emulation); the next visit
    online makes it."""
    container = getattr(js.navigator, "serviceWorker", None)
    if container is None:
        return False
    if not bool(getattr(js.navigator, "onLine", True)) and container.controller:
        return True
    try:
        await container.register(url)
    except Exception as error:  # a private window, a blocked script: the game still runs, only not offline
        js.console.warn(f"The service worker was not registered, so the game will not work offline: {error}")
        return False
    return True


async def _start(main: Callable[[], object]) -> None:
    set_stage("game")
    await asyncio.sleep(0)  # let the browser show the stage before main() takes the thread
    try:
        result = main()
        if inspect.isawaitable(result):
            await result
    except Exception as error:
        show_error(error)
        return
    await register_service_worker()


def run(main: Callable[[], object]) -> None:
    """Start the game with ``main``, which must call ``mark_ready()``; show any error it raises."""
    background(_start(main))


def background(work: Any) -> None:
    """Run the coroutine ``work`` beside the page, kept referenced until it ends."""
    task = asyncio.ensure_future(work)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
