"""The screen tour of Kyudo (tools/tour.py) finds nothing on any screen
size: no text cut with '~', none past the screen's edge, no two overlapping."""

import pytest

import sim_helpers  # noqa: F401 (the headless display)
from sim_helpers import SIZES


@pytest.mark.parametrize("size", SIZES)
def test_the_kyudo_tour_has_no_defects(size):
    from tools.tour import tour

    rec = tour(size, "kyudo")
    assert rec.frames > 100
    assert rec.found == {}
