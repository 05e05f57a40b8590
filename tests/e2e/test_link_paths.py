"""The paths by which a link's receiver could reach another seat's turn or secrets, in Chromium (issue #23 part 1;
the rest, in every edition, in tests/ui/test_link_paths.py), and the welcome where no hand-off screen shows.

Per edition, two browser contexts (two devices): the sender opens the link of its turn and plays it (the page's
``riskPlay`` hook); its address is the link the receiver opens, on the hand-off screen with the welcome, where Undo
and a second tab change nothing and show no hand; the receiver then plays its turn and ends it, and the third seat's
hand-off, a seat never taken on that device, asks "… plays on another device?" with "Send this turn" first (shot at
390x844, 844x390 and 1440x900: link-remote-seat-*.png). The friend's reply comes back to the sender's tab as a new
address (a hash change); the back button then goes to the sender's own earlier address, the friend's turn before it
was played: the page stays at the latest move, offering no one's turn again. Screenshots of the welcome on its own
screen (a computer player's move, one person against the computer, a finished game) at 390x844, 844x390 and
1440x900: link-welcome-alone-*.png.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from link_turns import people, plain, turn_to_send
from risk.actions import format_action
from risk.codec import decode_share, encode_share
from risk.game import HUMAN, Game, Seat
from risk.state import Phase
from risk_ui.controller import Controller
from risk_ui.scenarios import near_win
from risk_ui.words import EARLIER_LINK, UNDO_FLOOR, remote_title

from .screens import shoot

READY = "html[data-ready='true']"
PHONE = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}
DESKTOP = {"width": 1440, "height": 900}


def open_at(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert not page.errors, page.errors


def overlay(page: Any) -> str:
    return str(page.locator("body").get_attribute("data-overlay"))


def code_of(page: Any) -> str:
    return str(page.evaluate("location.hash")).lstrip("#")


def turn_of(code: str) -> tuple[Game, list[str]]:
    """The friend's turn played on the link with plain moves: the game after it, and its moves as text (for
    the page's ``riskPlay`` hook)."""
    game, _ = decode_share(code)
    seat, rng, lines = game.state.current, random.Random(11), []
    for _ in range(500):
        if game.state.current != seat or game.state.phase is Phase.OVER:
            return game, lines
        action = plain(game.state, rng)
        lines.append(format_action(game.state.board, action))
        game.play(action)
    raise AssertionError("the reply's turn never ended")


def replied(code: str) -> str:
    """The friend's reply: its turn played on the link, with plain moves."""
    return encode_share(turn_of(code)[0])


@pytest.mark.parametrize(("edition", "size"), [("classic", PHONE), ("revised", SIDEWAYS), ("castle", DESKTOP)])
def test_a_receiver_and_the_back_button_reach_no_turn_played_since(
        fresh_page: Callable[..., Any], site_url: str, edition: str, size: dict[str, int]) -> None:
    game, lines = turn_to_send(edition, people("Ann", "Bob", "Cy"), 5)
    sender = fresh_page(size)
    open_at(sender, site_url + "?debug=1#" + encode_share(game))
    sender.locator("#handoff-button").click()
    assert sender.evaluate("texts => window.riskPlay(texts)", "\n".join(lines)) == ""
    sent = code_of(sender)
    played, _ = decode_share(sent)
    count, to_move = len(played.history), played.state.current

    # The receiver (another device): the welcome on the hand-off screen; Undo and a second tab change nothing.
    receiver = fresh_page(size)
    open_at(receiver, site_url + "?debug=1#" + sent)
    assert overlay(receiver) == "handoff" and receiver.locator("#welcome").is_visible()
    assert receiver.locator("#welcome-from").inner_text().startswith(f"Sent by {played.seats[game.state.current].name}")
    receiver.keyboard.press("Escape")
    receiver.keyboard.press("u")
    receiver.locator("#undo").dispatch_event("click")
    assert code_of(receiver) == sent and receiver.locator("#saves-message").inner_text() in ("", UNDO_FLOOR)
    second = receiver.context.new_page()
    second.goto(receiver.url)
    second.wait_for_selector(READY, state="attached", timeout=90_000)
    assert overlay(second) == "handoff" and not second.locator("#welcome").is_visible()  # not sent to it again
    assert second.locator("#hand").inner_html() == "" and receiver.locator("#hand").inner_html() == ""
    assert len(decode_share(code_of(second))[0].history) == count
    second.close()

    # The receiver plays its turn (taking its seat) and ends it: the third seat, never taken on this device, is
    # asked about first ("plays on another device?"), "Send this turn" its main button (focused); its smaller
    # claim button shows that seat's turn.
    after, lines = turn_of(sent)
    third = after.seats[after.state.current].name
    assert receiver.evaluate("texts => window.riskPlay(texts)", "\n".join(lines)) == ""
    receiver.wait_for_function("document.body.dataset.handoff === 'remote'")
    assert overlay(receiver) == "handoff" and receiver.locator("#handoff-title").inner_text() == remote_title(third)
    assert receiver.evaluate("document.activeElement.id") == "handoff-send"
    send, claim = receiver.locator("#handoff-send").bounding_box(), receiver.locator("#handoff-button").bounding_box()
    assert send is not None and claim is not None and send["y"] + send["height"] <= claim["y"]
    assert receiver.locator("#hand").inner_html() == ""
    if edition == "classic":
        for shot in (PHONE, SIDEWAYS, DESKTOP):
            receiver.set_viewport_size(shot)
            shoot(receiver, f"link-remote-seat-{shot['width']}x{shot['height']}")
        receiver.set_viewport_size(size)
    receiver.context.grant_permissions(["clipboard-read", "clipboard-write"])
    receiver.locator("#handoff-send").click()
    receiver.locator("#handoff-message").filter(has_text="copied").wait_for(timeout=10_000)
    link = str(receiver.evaluate("navigator.clipboard.readText()")).split("#", 1)[1]
    assert decode_share(link)[0].state == after.state
    receiver.locator("#handoff-button").click()
    receiver.wait_for_function("document.body.dataset.overlay === ''")
    assert receiver.locator("body").get_attribute("data-player") == str(after.state.current)

    # The sender's tab: the reply comes as a new address, then the back button goes to the sender's own address
    # of before, the friend's turn not yet played: the game stays at the reply's last move.
    reply = replied(sent)
    latest = decode_share(reply)[0]
    sender.evaluate("code => { location.hash = code; }", reply)
    sender.wait_for_function("n => document.body.dataset.player === String(n)", arg=latest.state.current)
    sender.go_back()
    sender.locator("#message").filter(has_text="earlier moment").wait_for(timeout=20_000)
    assert EARLIER_LINK in sender.locator("#message").inner_text()
    assert len(decode_share(code_of(sender))[0].history) == len(latest.history)
    assert sender.locator("body").get_attribute("data-player") == str(latest.state.current) != str(to_move) or (
        latest.state.current == to_move)
    assert not receiver.errors and not sender.errors, (receiver.errors, sender.errors)


def finished() -> str:
    seats = tuple(Seat(n, i, HUMAN) for i, n in enumerate(("Ann", "Bob", "Cy")))
    c = Controller.from_state(seats, near_win(7))
    board = c.state.board
    c.command("handoff")
    c.click(board.territory_index("alaska"))
    c.click(board.territory_index("kamchatka"))
    c.command("blitz")
    assert c.state.phase is Phase.OVER
    return encode_share(c.game)


def against_the_computer(edition: str, seed: int, alone: bool) -> str:
    """Ann against two computer players at the start of her turn (``alone``), else Ann and Bob against one, at
    the start of its move."""
    game, _ = turn_to_send(edition, people("Ann", "Bob", "Cy", bots=(1, 2) if alone else (2,)), seed)
    rng = random.Random(seed)
    for _ in range(500):
        if alone or game.state.current == 2:
            return encode_share(game)
        game.play(plain(game.state, rng))
    raise AssertionError("the computer player's move never came")


def test_the_welcome_where_no_hand_off_screen_shows(fresh_page: Callable[..., Any], site_url: str) -> None:
    page = fresh_page(PHONE)
    open_at(page, site_url)
    cases = (("computer", against_the_computer("classic", 5, False), "(computer"),
             ("alone", against_the_computer("castle", 5, True), "You play"),
             ("over", finished(), "This game is over"))
    for name, code, said in cases:
        page.evaluate("code => { location.hash = code; }", code)
        page.wait_for_function("document.body.dataset.overlay === 'welcome'", timeout=30_000)
        assert said in page.locator("#welcome-move").inner_text()
        assert page.locator("#welcome-close").evaluate("e => e === document.activeElement")
        for size in (PHONE, SIDEWAYS, DESKTOP):
            page.set_viewport_size(size)
            page.locator("#welcome-close").scroll_into_view_if_needed()  # the box scrolls on a low screen
            close = page.locator("#welcome-close").bounding_box()
            assert close is not None and close["y"] + close["height"] <= size["height"]
            shoot(page, f"link-welcome-alone-{name}-{size['width']}x{size['height']}")
        page.set_viewport_size(PHONE)
        history = len(decode_share(code_of(page))[0].history)
        page.locator("#welcome-close").click()
        expected = "winner" if name == "over" else ""
        page.wait_for_function(f"document.body.dataset.overlay === '{expected}' || "
                               "document.body.dataset.overlay === 'handoff'")
        if name == "computer":  # the computer player waited for the welcome to close, and plays now
            page.wait_for_function("n => location.hash.length > 1 && document.querySelectorAll('#log li').length"
                                   " > 0", arg=history)
    assert not page.errors, page.errors
