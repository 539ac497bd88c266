"""The screen tour (tools/tour.py): every screen kind of every game on all
three screen sizes, walked by scripted presses, with no text cut with '~',
none past the screen's edge, no two texts of one layer overlapping, and
every text at least 4.5:1 against what is drawn beneath it."""

import pytest

import sim_helpers  # noqa: F401  (headless SDL before the simulator loads)
from tools import tour


@pytest.mark.parametrize("size", sim_helpers.SIZES)
@pytest.mark.parametrize("game", tour.GAMES)
def test_tour_has_no_defects(game, size):
    rec = tour.tour(size, game, contrast=True)
    assert rec.frames > 20, "the walk saw too few frames to prove anything"
    assert rec.found == {}, "\n".join("%s  [%s]" % kv for kv in sorted(rec.found.items()))


def test_the_checker_finds_each_kind_of_defect():
    """A cut, a text past the edge and two overlapping texts, put on a real
    screen, are each reported; the same screen without them is clean."""
    from sanbon import ui

    sim = sim_helpers.Sim("picosystem", seed=1)
    assert tour.defects(sim) == []
    g = sim.app.top.group
    extra = [ui.Text(10, 200, "Hand-over scr~"), ui.Text(230, 100, "edge"), ui.Text(100, 180, "one"),
             ui.Text(110, 184, "two")]
    for t in extra:
        g.append(t)
    found = tour.defects(sim)
    assert any(d.startswith("cut: 'Hand-over scr~'") for d in found), found
    assert any(d.startswith("outside") and "'edge'" in d for d in found), found
    assert any(d.startswith("overlap") and "'one'" in d and "'two'" in d for d in found), found
    for t in extra:
        g.remove(t)
    assert tour.defects(sim) == []
