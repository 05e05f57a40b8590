"""Every path by which a link's receiver (another browser) or a pass-and-play neighbour could see or play another
seat's secrets (a hand, a hidden army, what a Spy saw) or turn (issue #23 part 1), in each edition: the hand-off
screen, Undo, the replay of the sender's turn, the log, the whole log, the statistics, a reload, a second tab,
the saves list's Load, the Import of a save file, and a link to an earlier moment (the back button between two
links, an older message). Each opens on the hand-off screen of the player to move, shows no one's secrets, and
takes back nothing the sender played; an earlier moment of a game this browser took further opens at its latest
move."""

from __future__ import annotations

import random

import pytest

from link_turns import people, plain, turn_to_send
from risk.codec import encode_share
from risk.game import Game
from risk_ui.castle_view import castle_state
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.storage import MemoryBackend, Saves
from risk_ui.view import render
from risk_ui.words import EARLIER_LINK, UNDO_FLOOR
from ui.test_saves_panel import open_page

EDITIONS = ("classic", "revised", "castle")


def sent(edition: str) -> tuple[Game, Game]:
    """The game at the start of Ann's, Bob's or Cy's turn (all people), and after that turn, which its player
    ended and sent on."""
    start, _ = turn_to_send(edition, people("Ann", "Bob", "Cy"), 5)
    game = Game(start.rules, start.seats, start.seed, start.initial.copy(), start.state.copy(), list(start.history))
    sender, rng = game.state.current, random.Random(5)
    while game.state.current == sender:
        game.play(plain(game.state, rng))
    return start, game


def receive(mount, backend: MemoryBackend, code: str):
    return open_page(mount, backend, "#" + code, Controller.new(DEFAULT_SETTINGS, seed=9))


def secrets_shown(c: Controller) -> list[str]:
    """What of anyone's secrets the page shows now, other than the player's own who took the device (in a
    replay, the live panels hide: see looked_everywhere)."""
    screen = render(c)
    ui, state = c.ui, c.state
    own = ui.viewer if ui.handoff < 0 else -1
    found = [f"{ident} holds a hand" for ident in ("hand", "sets") if screen.html.get(ident) and own < 0]
    extra = castle_state(state)
    mine = set(extra.hidden[own]) if extra is not None and own >= 0 else set()
    index = {t.id: i for i, t in enumerate(state.board.territories)}
    found += [f"a hidden army on {tv.id}" for tv in screen.territories
              if any(site[0] == "hidden" for site in tv.sites) and index[tv.id] not in mine]
    texts = [*screen.html.values(), *(ctl.text or "" for ctl in screen.controls.values())]
    if own < 0:
        found += [f"{phrase!r} shows" for phrase in ("your hidden army waits", "data-card=")
                  if any(phrase in text.lower() for text in texts)]
    elif extra is not None:  # a person card shown is the claimed player's own
        hand = set(state.hands[own])
        for text in texts:
            for part in text.split('data-card="')[1:]:
                card = int(part.split('"', 1)[0])
                if card not in hand:
                    found.append(f"card {card} of another hand")
    return found


def looked_everywhere(c: Controller) -> list[str]:
    """Open the whole log and the statistics, and replay every moment of the record: what each shows."""
    found = []
    for toggle in ("log-toggle", "stats-toggle"):
        c.command(toggle)
        found += secrets_shown(c)
        c.command(toggle)
    c.command("replay-open")
    replay = c.ui.record.replay
    assert replay is not None
    for index in range(len(c.game.history) + 1):
        replay.go(index)
        for _ in range(200):
            if replay.ready:
                break
            replay.extend()
        assert render(c).controls["panel-cards"].hidden
        found += [f"{what} at moment {index}" for what in secrets_shown(c)]
    c.command("replay-close")
    return found


def refuses_undo(panel, c: Controller, count: int) -> bool:
    panel.command("undo")
    return len(c.game.history) == count and panel.session.message == UNDO_FLOOR


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_receiver_sees_no_ones_secrets_by_any_path_and_takes_back_nothing_the_sender_played(mount, edition):
    _start, game = sent(edition)
    code, count = encode_share(game), len(game.history)
    to_move = game.state.current
    backend = MemoryBackend()
    _doc, page, panel, _ = receive(mount, backend, code)
    c = page.controller
    # The hand-off screen of the player to move: nothing secret behind it, and the replay, the log and the
    # statistics (out of reach under it in the browser) show none either; Undo takes back nothing.
    assert c.ui.handoff == to_move and secrets_shown(c) == []
    assert looked_everywhere(c) == []
    assert refuses_undo(panel, c, count)
    # A reload, a second tab (the autosave), the same link again, the list's Load: the same hand-off screen.
    save_id = panel.session.save_id
    for fragment in ("", "#" + code):
        _d, page2, panel2, _b = open_page(mount, backend, fragment, Controller.new(DEFAULT_SETTINGS, seed=9))
        c2 = page2.controller
        assert c2.ui.handoff == to_move and secrets_shown(c2) == [] and refuses_undo(panel2, c2, count)
    panel.command("load", save_id)
    assert c.ui.handoff == to_move and secrets_shown(c) == [] and refuses_undo(panel, c, count)
    # The player to move takes the device: its own secrets only, in its turn; the replay of the sender's turn,
    # the log and the statistics show no one's.
    c.command("handoff")
    assert c.ui.viewer == to_move and secrets_shown(c) == []
    assert looked_everywhere(c) == []
    assert refuses_undo(panel, c, count)


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_imported_save_file_opens_on_the_hand_off_and_keeps_its_moves(mount, edition):
    _start, game = sent(edition)
    backend = MemoryBackend()
    entry = Saves(backend, clock=lambda: 1_000_000.0).import_code(encode_share(game), "From Ann")
    _doc, page, panel, _ = open_page(mount, backend, "", Controller.new(DEFAULT_SETTINGS, seed=9))
    panel.command("load", entry.id)
    c = page.controller
    assert c.game.history == game.history and c.ui.handoff == game.state.current
    assert secrets_shown(c) == [] and refuses_undo(panel, c, len(game.history))


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_link_to_an_earlier_moment_opens_the_game_at_its_latest_move(mount, edition):
    """The back button between two links (or an older message): the sender's own turn, which it played since,
    is not opened again, so neither its hand-off ("I am Ann: show my turn") nor its cards are offered."""
    start, game = sent(edition)
    backend = MemoryBackend()
    _doc, page, panel, _ = receive(mount, backend, encode_share(game))
    c = page.controller
    saves = len(panel.session.saves.entries())
    _d, page2, panel2, _b = receive(mount, backend, encode_share(start))
    c2 = page2.controller
    assert c2.game.history == game.history and c2.ui.handoff == game.state.current
    assert c2.ui.notice == EARLIER_LINK and not c2.ui.error
    assert len(panel2.session.saves.entries()) == saves  # no save of the earlier moment is made
    # In the page already open (a hash change): the same.
    panel.session.open_link(c, encode_share(start))
    assert c.game.history == game.history and c.ui.handoff == game.state.current and secrets_shown(c) == []
