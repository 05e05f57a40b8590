"""Test hooks: digests of game states, to check the page's Pyodide against CPython.

With ``?debug=1`` the page puts :func:`selfplay_digest` (simple bots, or the hard ones, whose choices
weigh floats) on ``window.riskSelfplayDigest`` and :func:`state_digest` of its current game on
``window.riskStateDigest``; the end-to-end tests call them and compare with the same functions run here
in CPython. :func:`game_code` and :func:`play_texts` (``window.riskGameCode``, ``window.riskPlay``) let a
test read the game on the table and play the long dull parts of a game it planned at once, through the
controller's checked entry point. :func:`bot_turn_times` and :func:`share_link_times` give ``build.py
bench`` its figures from inside the page, :func:`record_update_times` gives ``bench/record_bench.py``
the record panels' cost per move, and :func:`import_times` ``bench/import_bench.py`` a map's import.

>>> len(selfplay_digest(1))
64
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from risk.history import game_log
from risk.rules import make_rules
from risk.selfplay import play_game
from risk.state import GameState
from risk_ui import record, view

if TYPE_CHECKING:
    from risk.game import Game


def state_digest(state: GameState) -> str:
    """sha256 of the public facts of a state: owners, armies, hands, turn, phase, winner, generator."""
    facts = (state.owner, state.armies, state.hands, state.turn, state.phase.name, state.winner, state.rng)
    return hashlib.sha256(repr(facts).encode()).hexdigest()


def game_code(controller: Any) -> str:
    """The whole game on the table as a replay code (a test decodes it in CPython to plan its moves)."""
    from risk.codec import encode_game

    return encode_game(controller.game)


def play_texts(page: Any, texts: str) -> str:
    """Play each line of ``texts`` (an action's text form, ``risk.actions.format_action``) as a person's move
    through the controller (checked: a refusal stops there; a hand-off screen is passed first, as the player
    to move would), then draw the page once. Returns "" when every
    move was played, else the first refusal and the line it came at."""
    from risk.actions import IllegalAction, parse_action

    controller = page.controller
    problem = ""
    for number, line in enumerate(str(texts).splitlines()):
        if not line.strip():
            continue
        try:
            action = parse_action(controller.state.board, line)
        except IllegalAction as error:
            problem = f"line {number + 1} ({line!r}): {error}"
            break
        if controller.ui.handoff >= 0:  # as a person would: the player to move takes the device first
            controller.command("handoff")
        if not controller.play(action):
            problem = f"line {number + 1} ({line!r}): {controller.ui.notice}"
            break
    page.render()
    return problem


def selfplay_digest(seed: int, people: int = 4, level: str = "", actions: int = 0) -> str:
    """Self-play one classic game and digest its final state: between simple bots by default, or, with
    ``level``, between bots of that level (``risk.ai.make_bot``; "hard" weighs its choices in floats) dealt
    at random, stopping after ``actions`` actions if that is above 0."""
    if not level:
        return state_digest(play_game(make_rules("classic"), int(people), int(seed)).final)
    from risk.ai import make_bot
    from risk.engine import apply, new_game

    state = new_game(make_rules("classic", ["auto-setup"]), int(people), int(seed))
    bots = [make_bot(str(level), int(seed) * 31 + seat) for seat in range(state.players)]
    played = 0
    while not state.over and (played < int(actions) or int(actions) <= 0):
        apply(state, bots[state.current].choose(state))
        played += 1
    return state_digest(state)


def bot_turn_times(level: str, seed: int = 1, turns: int = 60, edition: str = "classic", games: int = 1) -> str:
    """Thinking time of a bot per turn, in ms (JSON: median, p95, turns), over the first ``turns`` turns of
    ``games`` games (seeds ``seed`` on) it plays against normal bots: 3 players in classic (automatic setup)
    and Castle Risk, 4 in the Revised edition. Several games, because a strong bot often ends one within a
    handful of its own turns, too few for a 95th percentile. Used by ``build.py bench`` in the page."""
    import json
    import statistics
    import time

    from risk.ai import make_bot
    from risk.engine import apply, new_game
    from risk.visibility import public_view

    rules = make_rules(str(edition), ["auto-setup"] if edition == "classic" else [])
    people = 4 if edition == "revised" else 3
    spent: dict[tuple[int, int], float] = {}
    for game_seed in range(int(seed), int(seed) + int(games)):
        state = new_game(rules, people, game_seed)
        bots = [make_bot(str(level), game_seed)] + [make_bot("normal", game_seed + s) for s in range(1, people)]
        while not state.over and state.turn <= int(turns):
            seat, turn = state.current, state.turn
            started = time.perf_counter()
            action = bots[seat].choose(public_view(state, seat))
            if seat == 0:
                spent[game_seed, turn] = spent.get((game_seed, turn), 0.0) + time.perf_counter() - started
            apply(state, action)
    times = sorted(1000 * t for t in spent.values())
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    return json.dumps({"turns": len(times), "median_ms": round(statistics.median(times), 2) if times else 0.0,
                       "p95_ms": round(p95, 2)})


def share_link_times(people: int = 6, seed: int = 1) -> str:
    """Make and open the "Send this turn" link of a whole self-played classic game, in ms (JSON: actions,
    chars, make_ms, open_ms). Used by ``build.py bench`` in the page."""
    import json
    import time

    from risk.ai.simple import SimpleBot
    from risk.codec import ReplayCoder, decode_share, encode_share
    from risk.game import Game, Seat

    game = Game.start(make_rules("classic"), [Seat(f"P{i}", i) for i in range(int(people))], int(seed))
    bots = [SimpleBot(int(seed) * 7919 + s) for s in range(game.state.players)]
    while not game.state.over:
        game.play(bots[game.state.current].choose(game.state))
    started = time.perf_counter()
    code = encode_share(game)
    made = time.perf_counter()
    opened, problem = decode_share(code)
    done = time.perf_counter()
    if problem or opened.history != game.history:
        raise ValueError("the link did not open to the same game")
    # The address after every action: the replay code kept up by a ReplayCoder, as the page does.
    again = Game(game.rules, game.seats, game.seed, game.initial, game.initial.copy())
    coder = ReplayCoder(again)
    times = []
    for step in game.history:
        again.history.append(step)
        began = time.perf_counter()
        coder.code()
        times.append(1000 * (time.perf_counter() - began))
    times.sort()
    return json.dumps({"actions": len(game.history), "chars": len(code), "make_ms": round(1000 * (made - started), 1),
                       "open_ms": round(1000 * (done - made), 1),
                       "address_median_ms": round(times[len(times) // 2], 2), "address_max_ms": round(times[-1], 2)})


def import_times(files: str, index: str, rounds: int = 3) -> str:
    """A Domination map imported ``rounds`` times from its files (JSON: name to base64): the index image
    ``index`` decoded, traced, and the whole import, in ms each round, with the board's content hash and
    its outlines' bytes (JSON). Used by ``bench/import_bench.py`` in the page, to compare with CPython."""
    import base64
    import json
    import time

    from risk.boardfile import content_hash
    from risk.importers.domination import import_map
    from risk.importers.images import decode_index_image
    from risk.importers.trace import trace

    given = {name: base64.b64decode(data) for name, data in json.loads(files).items()}
    figures: dict[str, list[float]] = {"decode_ms": [], "trace_ms": [], "import_ms": []}
    board: dict[str, Any] = {}
    for _ in range(int(rounds)):
        started = time.perf_counter()
        image = decode_index_image(given[index], index)
        decoded = time.perf_counter()
        trace(image)
        traced = time.perf_counter()
        board = import_map(given).board
        done = time.perf_counter()
        for name, seconds in (("decode_ms", decoded - started), ("trace_ms", traced - decoded),
                              ("import_ms", done - traced)):
            figures[name].append(round(1000 * seconds, 1))
    lands = board["drawing"]["territories"].values()
    return json.dumps({**figures, "hash": content_hash(board),
                       "path_bytes": sum(len(path) for land in lands for path in land["land"])})


def long_record(length: int, seed: int = 1, people: int = 4, controller: str = "random") -> Game:
    """A game of ``length`` actions between bots that play any legal action (random games run long), the
    first seat a person: the record that the record panels' figures are measured on."""
    from risk.ai.random_bot import RandomBot
    from risk.engine import apply
    from risk.game import Game, Seat, Step

    seats = [Seat(f"P{i}", i, "human" if i == 0 else controller) for i in range(int(people))]
    game = Game.start(make_rules("classic"), seats, int(seed))
    bots = [RandomBot(int(seed) * 101 + s) for s in range(game.state.players)]
    state = game.state
    while len(game.history) < int(length) and not state.over:
        action = bots[state.current].choose(state)
        game.history.append(Step(action, tuple(apply(state, action))))
    return game


def record_update_times(page: Any, length: int, moves: int = 40, seed: int = 1,
                        settle: Callable[[], object] | None = None) -> str:
    """The page's update per move in a game of ``length`` actions with the log, statistics and luck open
    (JSON, ms: median, p90 and max of ``moves`` moves, each ``page.render()`` and ``settle()``, which in
    the browser forces the layout), the same with the panels closed, the time to open the log and the
    time a search for the game's first claim takes to find it (in slices: their number and the longest).
    ``page`` is a :class:`risk_ui.dom.Page` (a fake one in CPython); its game is replaced."""
    import json
    import statistics
    import time

    from risk.ai.random_bot import RandomBot

    game = long_record(int(length), int(seed))
    length = len(game.history)
    controller = page.controller
    controller.load(game)
    bots = [RandomBot(int(seed) * 7 + s) for s in range(game.state.players)]

    parts = {"view": 0.0, "hooks": 0.0}  # of the last render: the view's HTML, the saves and the address

    def clocked(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args)
            finally:
                parts[name] += time.perf_counter() - started
        return run

    def timed(do: Callable[[], object]) -> float:
        do()
        parts["view"] = parts["hooks"] = 0.0
        started = time.perf_counter()
        page.render()
        if settle is not None:
            settle()
        return 1000 * (time.perf_counter() - started)

    def moves_ms(count: int) -> list[float]:
        times = []
        for _ in range(count):
            if controller.state.over:
                break
            times.append(timed(lambda: controller.play_bot(bots[controller.state.current].choose(controller.state))))
            shares["view"].append(1000 * parts["view"])
            shares["hooks"].append(1000 * parts["hooks"])
        return sorted(times)

    shares: dict[str, list[float]] = {"view": [], "hooks": []}
    real_render, real_hooks = view.render, list(page.after_render)
    view.render = clocked("view", real_render)
    page.after_render[:] = [clocked("hooks", hook) for hook in real_hooks]
    timed(lambda: None)
    closed = moves_ms(int(moves) // 2)
    closed_view, closed_hooks = sorted(shares["view"]), sorted(shares["hooks"])
    shares = {"view": [], "hooks": []}
    open_log_ms = timed(lambda: controller.command("log-toggle"))
    controller.command("stats-toggle")
    timed(lambda: None)
    while record.work(controller):
        pass
    timed(lambda: None)
    opened = moves_ms(int(moves))
    opened_view, opened_hooks = sorted(shares["view"]), sorted(shares["hooks"])
    view.render, page.after_render[:] = real_render, real_hooks
    first_claim = next(line.text for line in game_log(game) if " claims " in line.text)
    slices: list[float] = []
    search_ms = timed(lambda: controller.set_field("log-search", first_claim))
    while True:
        started = time.perf_counter()
        more = record.work(controller)
        if not more:
            break
        page.render()
        slices.append(1000 * (time.perf_counter() - started))
    from html import unescape

    found = first_claim in unescape(record.log_by_turn_html(controller))
    controller.set_field("log-search", "")
    for name in ("log-toggle", "stats-toggle"):
        controller.command(name)
    page.render()

    def spread(times: list[float]) -> dict[str, float]:
        return {"median_ms": round(statistics.median(times), 2), "p90_ms": round(times[int(0.9 * (len(times) - 1))], 2),
                "max_ms": round(times[-1], 2)} if times else {}

    return json.dumps({"actions": length, "turns": game.state.turn, "open": spread(opened),
                       "closed": spread(closed), "open_view": spread(opened_view), "closed_view": spread(closed_view),
                       "open_saves": spread(opened_hooks), "closed_saves": spread(closed_hooks),
                       "open_log_ms": round(open_log_ms, 2),
                       "search_first_ms": round(search_ms, 2), "search_slices": len(slices),
                       "search_slice_max_ms": round(max(slices, default=0.0), 2),
                       "search_total_ms": round(search_ms + sum(slices), 2), "search_found": found})


def render_split(page: Any, settle: Callable[[], object] | None = None) -> str:
    """One ``page.render()`` of the game on the table as it is, in ms (JSON: total, view, saves): where a
    slow update goes."""
    import json
    import time

    spent = {"view": 0.0, "saves": 0.0}

    def clocked(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args)
            finally:
                spent[name] += 1000 * (time.perf_counter() - started)
        return run

    real_render, real_hooks = view.render, list(page.after_render)
    view.render = clocked("view", real_render)
    page.after_render[:] = [clocked("saves", hook) for hook in real_hooks]
    try:
        started = time.perf_counter()
        page.render()
        if settle is not None:
            settle()
        total = 1000 * (time.perf_counter() - started)
    finally:
        view.render, page.after_render[:] = real_render, real_hooks
    return json.dumps({"total_ms": round(total, 2), "view_ms": round(spent["view"], 2),
                       "saves_ms": round(spent["saves"], 2)})


def settle_layout() -> object:
    """Make the browser lay the page out now (reading a size does), so that a timing includes it."""
    from pyscript import document  # type: ignore[import-not-found]

    return document.body.offsetHeight


# ------------------------------------------------------------------------------------------------
# Named positions: the page put at once into a step of each edition (``window.riskPosition``)

POSITIONS = (
    "classic-claim", "classic-setup", "classic-reinforce", "classic-trade", "classic-attack", "classic-occupy",
    "classic-move", "classic-fortify",
    "revised-capital", "revised-claim", "revised-setup", "revised-reinforce", "revised-attack", "revised-objective",
    "revised-fortify",
    "castle-castle", "castle-claim", "castle-setup", "castle-hiding", "castle-reinforce", "castle-cards",
    "castle-attack", "castle-occupy", "castle-spoils",
)
"""The positions :func:`position_game` makes: "<edition>-<step>", every phase a person acts in."""


def _advance(game: Game, done: Callable[[GameState], bool], seed: int = 3, limit: int = 3000) -> None:
    """Play the game on with easy bots until ``done`` says the step is reached."""
    from risk.ai import make_bot

    bots = [make_bot("easy", seed + s) for s in range(game.state.players)]
    for _ in range(limit):
        if done(game.state):
            return
        game.play(bots[game.state.current].choose(game.state))
    raise ValueError("the position was not reached")


def _pairs(state: GameState, own: bool) -> list[tuple[int, int]]:
    """Pairs of a territory of the player to move with two or more armies and a neighbour: an enemy's, or
    (``own``) one of its own."""
    seat, owner = state.current, state.owner
    return [(source, target) for source in range(state.board.size) if owner[source] == seat
            and state.armies[source] >= 2 for target in state.board.neighbours[source]
            if (owner[target] == seat) == own and owner[target] >= 0]


def _first_legal(state: GameState, actions: list[Any], then: Callable[[GameState], bool] = lambda s: True) -> Any:
    """The first of ``actions`` the engine accepts whose outcome ``then`` likes, else None."""
    from risk.actions import IllegalAction
    from risk.engine import play

    for action in actions:
        try:
            after, _ = play(state, action)
        except IllegalAction:
            continue
        if then(after):
            return action
    return None


def position_game(name: str) -> tuple[Game, int, int]:
    """The game of a named position (:data:`POSITIONS`), its players all people, reached by play from its seed
    (easy bots play the moves before it), and the attack or move chosen in it ``(source, target)``, -1 for
    none."""
    from risk.actions import Blitz, Fortify
    from risk.flow import flow_for
    from risk.game import Game, Seat
    from risk.state import Phase

    if name not in POSITIONS:
        raise ValueError(f"no position {name!r}: one of {', '.join(POSITIONS)}")
    edition, _, step = name.partition("-")
    people = 2 if name == "classic-setup" else 3
    manual = step in ("claim", "setup", "capital", "castle", "hiding")
    from risk_ui.controller import option_applies

    chained = step == "fortify" and option_applies("expert-fortify", edition)  # more than one free move
    options = [] if manual else ["auto-setup", *(["expert-fortify"] if chained else [])]
    game = Game.start(make_rules(edition, options), [Seat(f"Player {i + 1}", i) for i in range(people)], 11)
    phase_named = {"claim": "CLAIM", "setup": "SETUP", "capital": "CAPITAL", "castle": "CASTLE", "hiding": "HIDING",
                   "spoils": "SPOILS"}
    if step in phase_named:
        _advance(game, lambda s: s.phase.name == phase_named[step])
        return game, -1, -1
    if step == "reinforce":
        _advance(game, lambda s: s.phase is Phase.REINFORCE and s.turn >= 1)
        return game, -1, -1
    if step == "trade":
        _advance(game, lambda s: s.phase is Phase.REINFORCE and s.turn >= 1 and len(s.hands[s.current]) >= 5)
        return game, -1, -1
    if step == "objective":  # Revised: an objective the player to move may claim
        claimable: Callable[[GameState], list[Any]] = getattr(flow_for(game.rules), "claimable", lambda s: [])
        _advance(game, lambda s: s.phase is Phase.ATTACK and bool(claimable(s)))
        return game, -1, -1
    if step == "fortify" and not chained:  # the edition's own step of free moves, as play reaches it
        _advance(game, lambda s: s.phase is Phase.FORTIFY and s.turn >= 1)
        return game, -1, -1
    if step == "cards":
        _advance(game, lambda s: s.phase is Phase.ATTACK and bool(s.hands[s.current]) and s.turn >= 2)
        return game, -1, -1

    def attacks(s: GameState) -> list[Any]:
        return [Blitz(a, b) for a, b in _pairs(s, False)]

    def moves(s: GameState) -> list[Any]:
        return [Fortify(a, b, 1) for a, b in _pairs(s, True)]

    def captures(after: GameState) -> bool:
        return after.phase is Phase.OCCUPY

    def ready(s: GameState) -> bool:
        if s.phase is not Phase.ATTACK or s.turn < 2:
            return False
        if step == "occupy":
            return _first_legal(s, attacks(s), captures) is not None
        if step in ("move", "fortify"):
            return _first_legal(s, moves(s)) is not None
        return _first_legal(s, attacks(s)) is not None

    _advance(game, ready)
    state = game.state
    if step == "occupy":
        game.play(_first_legal(state, attacks(state), captures))
        return game, -1, -1
    if step in ("move", "fortify"):
        move = _first_legal(state, moves(state))
        if step == "move":
            return game, move.source, move.target
        game.play(move)  # the first free move: "make another free move, or end your turn"
        return game, -1, -1
    attack = _first_legal(state, attacks(state))
    return game, attack.source, attack.target


def show_position(page: Any, name: str) -> str:
    """Put the page into a named position (:func:`position_game`) with its attack or move chosen and draw it;
    returns the status line."""
    game, source, target = position_game(str(name))
    controller = page.controller
    controller.ui.home = False
    controller.load(game, viewer=game.state.current)
    controller.ui.home = False
    if source >= 0:
        controller.select(source, target)
    page.render()
    return view.status_line(controller)
