"""Turn the research's reconstruction of the Castle Risk board into the engine's map format.

    python3 assets/maps/castle_from_research.py ../shared/spec/research/castle_map.json > src/risk/maps/castle.json

The research file (``castle_map.json``, beside ``check_castle_map.py``) is a **reconstruction from
19th-century geography**, not a copy of the printed board: no source for the printed borders, coasts or
dotted crossings was found (see ``assets/maps/SOURCES.md`` and ``docs/rules.md``). This script keeps what
the engine reads (territories, their empire, neighbours, waters, castle sites, the dotted crossings) and,
for the record, each border's confidence and note. Standard library only; the output is deterministic.
It has no drawing: ``generate_castle.py`` (or ``svg_to_board.py``) folds that in.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def convert(data: dict[str, object]) -> dict[str, object]:
    """The engine's map JSON for the research file's contents."""
    groups = data["continents"]
    territories = data["territories"]
    edges = data["edges"]
    assert isinstance(groups, list) and isinstance(territories, list) and isinstance(edges, list)
    return {
        "format": 1,
        "id": "castle",
        "name": "Castle Risk map of Europe",
        "wild_cards": 0,
        "source": "Reconstructed from 19th-century geography (no source for the printed board's borders was "
                  "found): see assets/maps/SOURCES.md and docs/rules.md.",
        "continents": [
            {"id": g["id"], "name": g["name"], "bonus": g["bonus"], "kind": g["group_type"],
             "territories": g["territories"]}
            for g in groups
        ],
        "territories": [
            {"id": t["id"], "name": t["name"], "continent": t["continent"], "neighbours": t["neighbours"],
             "seas": t["seas"], "castle_allowed": t["castle_allowed"]}
            for t in territories
        ],
        "lines": [e["edge"] for e in edges if e["kind"] != "land"],
        "border_notes": [
            {"border": e["edge"], "kind": e["kind"], "confidence": e["confidence"], "note": e["note"]}
            for e in edges
        ],
    }


def main(argv: list[str]) -> None:
    source = Path(argv[0]) if argv else Path(__file__).resolve().parents[3] / "shared/spec/research/castle_map.json"
    print(json.dumps(convert(json.loads(source.read_text(encoding="utf-8"))), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
