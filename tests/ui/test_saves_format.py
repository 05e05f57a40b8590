"""Tomorrow's page reads today's saves: the local storage a released page wrote (frozen in
``tests/engine/saves_fixtures.py``) opens whole, under the old keys and after they move to the site's own."""

from __future__ import annotations

import hashlib

import pytest

from engine.saves_fixtures import CURRENT, EXPECTED, STORAGE
from risk.engine import legal_actions
from risk_ui.storage import LEGACY_KEYS, Keys, MemoryBackend, Saves


def digest(state) -> str:
    text = repr((state.owner, state.armies, state.hands, state.deck, state.discard, state.set_aside, state.reserve,
                 state.headquarters, state.rng))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def summary(saves: Saves, save_id: str) -> dict[str, object]:
    loaded = saves.read(save_id)
    assert loaded.problem == "", loaded.problem
    state = loaded.game.state
    return {"phase": state.phase.name.lower(), "current": state.current, "turn": state.turn, "digest": digest(state),
            "actions": len(loaded.game.history)}


def released() -> MemoryBackend:
    backend = MemoryBackend()
    backend.data.update(STORAGE)
    return backend


def test_the_released_pages_saves_read_under_their_own_keys():
    saves = Saves(released(), keys=LEGACY_KEYS)
    assert {e.id for e in saves.entries()} == set(EXPECTED) and saves.current_id() == CURRENT
    for save_id, expected in EXPECTED.items():
        assert summary(saves, save_id) == expected, save_id
    titles = {e.id: e.title for e in saves.entries()}
    assert "Friday night ✓" in titles.values() and "Imported" in titles.values()


@pytest.mark.parametrize("path", ["/", "/games/risk/index.html"])
def test_the_released_pages_saves_move_to_the_sites_keys_whole_and_play_on(path):
    backend = released()
    saves = Saves(backend, keys=Keys.for_path(path))
    assert saves.repair() == []
    assert not [k for k in backend.data if k.startswith(LEGACY_KEYS.prefix)]
    assert saves.current_id() == CURRENT
    for save_id, expected in EXPECTED.items():
        assert summary(saves, save_id) == expected, save_id
    # The game on the table plays on and is written in today's format, over the released one.
    game = saves.read(CURRENT, claim=True).game
    game.play(legal_actions(game.state)[0].action)
    saves.autosave(game, CURRENT)
    again = Saves(backend, keys=Keys.for_path(path))
    assert again.repair() == [] and again.load(CURRENT).history == game.history
    assert again.revision(CURRENT) == 1
