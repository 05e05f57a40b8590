"""Two tabs writing one save in the same moment (issue #28), in CPython: each tab's storage is a copy that
the other's write reaches later, as a browser's storage caches do. Both write the next revision number;
the tab whose write the other's then replaces keeps its game as a separate "Copy: ..." save."""

from __future__ import annotations

from risk.engine import matched_sets
from risk_ui.controller import DEFAULT_SETTINGS, Controller
from risk_ui.storage import MemoryBackend
from ui.test_saves_panel import open_page


def test_a_write_replaced_by_another_tabs_write_of_the_same_revision_is_kept_as_a_copy(mount):
    store_a = MemoryBackend()
    doc, page_a, panel_a, browser_a = open_page(mount, store_a)
    a = page_a.controller
    doc.click(doc.getElementById("handoff-button"))
    a.command("trade", "-".join(map(str, matched_sets(a.state, 0)[0])))
    page_a.render()
    store_b = MemoryBackend()
    store_b.data.update(store_a.data)
    _, page_b, panel_b, _ = open_page(mount, store_b, "#" + browser_a.fragments[-1],
                                      Controller.new(DEFAULT_SETTINGS, seed=1))
    b = page_b.controller
    save_id = panel_a.session.save_id
    assert panel_b.session.save_id == save_id
    alaska, nwt = (a.state.board.territory_index(t) for t in ("alaska", "northwest_territory"))
    before = a.state.armies[alaska], b.state.armies[nwt]
    a.click(alaska)
    page_a.render()
    b.click(nwt)
    page_b.render()
    saves_a, saves_b = panel_a.session.saves, panel_b.session.saves
    assert saves_a.revision(save_id) == saves_b.revision(save_id)  # the same number, written from the same one
    store_b.data.update(store_a.data)  # the first tab's write lands last: the second's is gone from the save
    assert saves_b.overwritten(save_id) and not saves_a.overwritten(save_id)
    assert panel_b.session.follow(b)
    copy = next(e for e in saves_b.entries() if e.name.startswith("Copy: "))
    assert saves_b.load(copy.id).state == b.state and b.state.armies[nwt] == before[1] + 1  # the second tab's move
    assert saves_b.load(save_id).state == a.state and a.state.armies[alaska] == before[0] + 1  # and the first tab's
    assert "separate save" in panel_b.session.message and b.ui.error
    assert not panel_a.session.follow(a)  # the first tab's write stands: nothing to do there
