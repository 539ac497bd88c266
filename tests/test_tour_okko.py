"""Okko's screen tour (tools/tour.py) finds nothing on any screen size: no
text cut with '~', none past the screen's edge, no two texts of a layer
overlapping; and the Court's 2-D cursor keeps a peek short."""

import pytest

import sim_helpers  # noqa: F401  (the headless display)
from sim_helpers import SIZES
from tools.tour import court_keys, okko_presses, tour


@pytest.mark.parametrize("size", SIZES)
def test_the_okko_tour_finds_no_defect(size):
    rec = tour(size, "okko")
    assert rec.frames > 100
    assert rec.found == {}


def test_court_keys_are_the_shortest_presses():
    assert court_keys(0, 0) == []
    assert court_keys(0, 5) == ["X", "Y"]  # A1 -> B2
    assert court_keys(3, 0) == ["X"]  # D1 -> A1: X wraps in the row
    assert court_keys(12, 0) == ["Y"]  # A4 -> A1: Y wraps in the column
    assert court_keys(0, 15) == ["X", "X", "X", "Y", "Y", "Y"]
    for cur in range(16):
        for want in range(16):
            keys = court_keys(cur, want)
            d = cur
            for k in keys:
                d = (d & 12) | ((d + 1) & 3) if k == "X" else (d + 4) & 15
            assert d == want and len(keys) <= 6


def test_a_peek_takes_at_most_4_presses_on_average():
    p = okko_presses("pico_display", 5, 2)
    assert p["n"]["peek"] > 5 and p["n"]["other"] > 100
    assert p["peek"] <= 4.0
    assert p["flip"] <= 8.0
