"""tools/bench.py's Sprites and Presses sections: built from docs/sprites.json
and tools.tour's presses functions (whichever exist)."""

import json
import os

from tools import bench, tour

from sanbon import sprites


def test_sprites_section_reads_the_measurement():
    with open(bench.SPRITES_JSON) as f:
        d = json.load(f)
    text = "\n".join(bench.sprites_section())
    assert "## 9. Sprites" in text
    for mode in ("disk", "ram"):
        m = d["modes"][mode]
        assert "%d B" % m["heap_sheet"] in text
        assert "%.1f ms" % m["cursor_ms"] in text
        assert "%.0f ms" % m["full_ms"] in text
    assert "**%s**" % sprites.MODE in text  # the chosen mode is the code's
    assert d["command"] in text and "emulated" in text.lower()


def test_the_chosen_mode_costs_less_heap():
    with open(bench.SPRITES_JSON) as f:
        d = json.load(f)["modes"]
    other = "ram" if sprites.MODE == "disk" else "disk"
    assert d[sprites.MODE]["heap_sheet"] < d[other]["heap_sheet"]
    assert d[sprites.MODE]["cursor_ms"] < 50  # a cursor move stays quick in the chosen mode


def test_presses_section_uses_what_the_tour_offers(monkeypatch):
    for name, _ in bench.PRESSES:
        monkeypatch.delattr(tour, name, raising=False)
    rows, notes = bench.presses()
    assert rows == [] and len(notes) == len(bench.PRESSES)
    monkeypatch.setattr(tour, "kyudo_presses", lambda: {"per turn": (9.5, 40), "keep 2 and re-roll": 4.0}, raising=False)
    monkeypatch.setattr(tour, "okko_presses", lambda: {"Court peek": 3.25, "Court flip": (3.5, 12)}, raising=False)
    rows, notes = bench.presses()
    assert ("Kyudo", "per turn", 9.5, 40) in rows and ("Okko", "Court peek", 3.25, None) in rows
    assert notes == ["Kendo Duel: tools.tour has no `kendo_presses()` yet."]
    text = "\n".join(bench.presses_section((rows, notes)))
    assert "| Kyudo | per turn | 9.5 | 40 | at most 12 |" in text
    assert "| Kyudo | keep 2 and re-roll | 4.0 |  | at most 5 |" in text
    assert "| Okko | Court peek | 3.2 |  | at most 4 |" in text or "| Okko | Court peek | 3.3 |  | at most 4 |" in text
    assert "| Okko | Court flip | 3.5 | 12 |  |" in text
