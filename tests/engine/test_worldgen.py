"""The world generator (:mod:`risk.worldgen`): every seed gives a board the validator accepts and the engine
plays, with the bonuses of docs/rules.md's formula, the same bytes every time (frozen hashes in
``worldgen_fixtures.py``).

Cost (measured on the project's 2-core machine, CPython 3.11): a board without its drawing takes about 8, 16 and
31 ms at the three sizes, with its drawing about 2.5 times that. The graph checks run over 1,000 seeds of the
small size, 250 of the medium and 100 of the large; the full drawing check (the validator's badge-inside-its-land
test over every outline) over a sample of 72 seeds, 24 a size. The module costs about 19 s of CPU. The bench's
``--sweep`` (``bench/worldgen_bench.py``) checks 1,000 seeds at each size, drawings included.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.worldgen_fixtures import FIXTURES
from risk.board import board_from_dict
from risk.boardfile import canonical_json, content_hash, validate
from risk.worldgen.generator import (
    MAX_CONTINENTS,
    MIN_CONTINENTS,
    SIZES,
    BadReference,
    continent_bonus,
    default_continents,
    generate,
    parse_reference,
    reference,
)

GRAPH_SEEDS = {"small": 1000, "medium": 250, "large": 100}
DRAWN_SEEDS = 24
TERRITORIES = {"small": (18, 22), "medium": (40, 44), "large": (76, 84)}


def check_graph(board: dict[str, Any], size: str, continents: int) -> None:
    """What the issue asks of every generated board, beyond the validator's own checks."""
    validate(board)  # ids, both-way borders, one continent each, connected, lines are borders
    engine = board_from_dict(board)
    low, high = TERRITORIES[size]
    assert low <= engine.size <= high
    assert len(engine.continents) == continents
    seen = {0}
    todo = [0]
    while todo:
        for n in engine.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == engine.size
    for i, ns in enumerate(engine.neighbours):
        assert all(i in engine.neighbours[n] for n in ns)
    for ci, continent in enumerate(engine.continents):
        assert len(continent.territories) >= 1
        border = sum(1 for t in continent.territories
                     if any(engine.territories[n].continent != ci for n in engine.neighbours[t]))
        assert continent.bonus == continent_bonus(len(continent.territories), border)
    designs = Counter(t.card_kind for t in engine.territories)
    assert sorted(designs) == [0, 1, 2] and max(designs.values()) - min(designs.values()) <= 1
    assert engine.wild_cards == 2
    names = [t.name for t in engine.territories] + [c.name for c in engine.continents]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("size", SIZES)
def test_every_seed_gives_a_valid_board(size: str) -> None:
    for seed in range(GRAPH_SEEDS[size]):
        continents = default_continents(seed, size)
        board = generate(seed, size, drawing=False)
        assert "drawing" not in board
        check_graph(board, size, continents)


@pytest.mark.parametrize("size", SIZES)
def test_drawings_are_valid_and_the_graph_is_the_same_without_them(size: str) -> None:
    for seed in range(10_000, 10_000 + DRAWN_SEEDS):
        board = generate(seed, size)
        validate(board)  # every badge inside its own land, every sea link on a line, outlines readable
        drawing = board["drawing"]
        assert set(drawing["territories"]) == {t["id"] for t in board["territories"]}
        assert len(drawing["sea_links"]) == len(board["lines"])
        assert set(drawing["continents"]) == {c["id"] for c in board["continents"]}
        if seed < 10_003:  # (a board made twice costs; three a size show it)
            assert {key: value for key, value in board.items() if key != "drawing"} == generate(seed, size,
                                                                                                 drawing=False)


def test_every_number_of_continents() -> None:
    for continents in range(MIN_CONTINENTS, MAX_CONTINENTS + 1):
        for size in SIZES:
            check_graph(generate(continents * 31, size, continents, drawing=False), size, continents)


def test_the_same_options_give_the_same_bytes() -> None:
    first = canonical_json(generate(48213, "medium", 5))
    assert canonical_json(generate(48213, "medium", 5)) == first
    assert canonical_json(generate(48214, "medium", 5)) != first
    assert canonical_json(generate(48213, "medium", 6)) != first
    # The seed's own number of continents is the one its reference names.
    assert generate(3, "large") == generate(3, "large", default_continents(3, "large"))


@pytest.mark.parametrize(("seed", "size", "continents", "digest", "territories"), FIXTURES)
def test_frozen_boards(seed: int, size: str, continents: int | None, digest: str, territories: int) -> None:
    board = generate(seed, size, continents)
    assert len(board["territories"]) == territories
    assert content_hash(board) == digest


def test_references() -> None:
    ref = reference(48213, "medium", 5)
    assert ref == "generated:1:48213:medium:5"
    assert parse_reference(ref) == (1, 48213, "medium", 5)
    assert reference(48213, "medium") == f"generated:1:48213:medium:{default_continents(48213, 'medium')}"
    assert generate(48213, "medium", 5)["id"] == "generated-1-48213-medium-5"
    for bad in ("generated:2:1:medium:5", "generated:1:1:huge:5", "generated:1:1:medium:9", "generated:1:-1:small:3",
                "generated:1:4294967296:small:3", "generated:1:007:small:3", "classic", "generated:1:1:small"):
        with pytest.raises(BadReference):
            parse_reference(bad)
    with pytest.raises(BadReference):
        generate(1, "small", 2)
    with pytest.raises(BadReference):
        generate(1, "small", version=0)


def test_bonus_formula_on_the_classic_board() -> None:
    """docs/rules.md: the formula gives the printed bonus of 5 of the 6 classic continents (Europe 4, not 5)."""
    from risk.board import load_board

    board = load_board("classic")
    got, printed = [], []
    for ci, continent in enumerate(board.continents):
        border = sum(1 for t in continent.territories
                     if any(board.territories[n].continent != ci for n in board.neighbours[t]))
        got.append(continent_bonus(len(continent.territories), border))
        printed.append(continent.bonus)
    assert printed == [5, 2, 5, 3, 7, 2]
    assert got == [5, 2, 4, 3, 7, 2]


PYODIDE_CODE = '''
import json, sys

def worldgen_hashes(source, out, cases):  # (cases as JSON: a JS null would not be None)
    sys.path.insert(0, source)
    from risk.boardfile import content_hash
    from risk.worldgen.generator import generate
    with open(out, "w") as stream:
        json.dump([content_hash(generate(seed, size, continents)) for seed, size, continents in json.loads(cases)],
                  stream)
'''


def test_the_page_runtime_makes_the_same_worlds() -> None:
    """Pyodide under Node (the page's runtime, from .cache/) makes one frozen board of each size with the same
    hash: no float or library behaviour differs (the result is cached by input, so this costs once)."""
    import io
    import zipfile
    from pathlib import Path

    import build

    if not all((build.CACHE / "npm" / package.tarball_name).exists() for package in build.RUNTIME_PACKAGES):
        pytest.skip("the runtime is not in .cache/ (build.py fetch)")
    src = Path(build.ROOT) / "src" / "risk"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        files = [(src / name, f"risk/{name}") for name in ("board.py", "boardfile.py", "paths.py")]
        files += [(module, f"risk/worldgen/{module.name}") for module in sorted((src / "worldgen").glob("*.py"))]
        for name, data in [("risk/__init__.py", b""), *((arc, path.read_bytes()) for path, arc in files)]:
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)  # (the same zip: cached)
    cases = [FIXTURES[2], FIXTURES[7], FIXTURES[9]]  # one of each size
    made = build.run_in_pyodide(build.fetch(quiet=True)[build.PYODIDE.name], PYODIDE_CODE, "worldgen_hashes",
                                [("worldgen-hashes", buffer.getvalue(), [json.dumps([case[:3] for case in cases])])])
    if made is None:
        pytest.skip("no node here")
    assert json.loads(made["worldgen-hashes"]) == [case[3] for case in cases]
