"""The screen tour of Kendo Duel (tools/tour.py: a 3-player Duel, a
Competition with a discard down to 12, two humans passing the device): no
text cut, none past the screen's edge, no two texts of a screen overlapping,
on every screen size."""

import pytest

from tools.sim import SIZES


@pytest.mark.parametrize("size", SIZES)
def test_the_kendo_tour_finds_no_defect(size):
    from tools.tour import tour

    rec = tour(size, "kendo")
    assert rec.frames > 100
    assert rec.found == {}
