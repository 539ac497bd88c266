"""The screen tour (tools/tour.py): every screen kind of every game on all
three screen sizes, walked by scripted and random presses, with no text
cut with '~', none past the screen's edge, no two texts of one layer
overlapping, no row named by a text and hidden, no slip from the one style
(tools.tour.style), and every text at least 4.5:1 against what is drawn
beneath it."""

import pytest

import sim_helpers  # noqa: F401  (headless SDL before the simulator loads)
from tools import tour


@pytest.mark.parametrize("size", sim_helpers.SIZES)
@pytest.mark.parametrize("game", tour.GAMES)
def test_tour_has_no_defects(game, size):
    rec = tour.tour(size, game, contrast=True)
    assert rec.frames > 20, "the walk saw too few frames to prove anything"
    if game != "shell":  # the first-game guide shows in the walks, and passes the same checks
        assert len(rec.tips) >= 3, rec.tips
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


def test_the_checker_finds_hidden_rows_and_style_slips():
    """A text naming a row that is not on the screen, a hint with a colon or
    another word for a key's job, a log with another title and a game title
    not "<seat>: ..." are each reported (issue 29)."""
    from sanbon import ui

    sim = sim_helpers.Sim("pico_display2", seed=1)
    g = sim.app.top.group
    t = ui.Text(10, 150, "Enough: press A on Zap.")
    g.append(t)
    assert any(d.startswith("hidden:") and "Zap" in d for d in tour.defects(sim))
    row = ui.Text(10, 170, "Zap 2 cards")
    g.append(row)
    assert not any(d.startswith("hidden:") for d in tour.defects(sim))
    g.remove(t)
    g.remove(row)
    assert tour.hint_problem("A choose  X/Y move  hold B pause") is None
    assert "colon" in tour.hint_problem("A choose  hold B: pause")
    assert "says one of" in tour.hint_problem("A select  B back")
    assert "says one of" in tour.hint_problem("any key hurry")
    frame = sim.app.top.frame
    frame.set_title("Kendo: log")
    assert any(d.startswith("a log titled") for d in tour.defects(sim))
    frame.set_title("Main menu")
    assert tour.defects(sim) == []
    sim.choose("Kendo Duel")
    sim.choose("Start")
    assert type(sim.app.top).__name__ == "GameScreen"
    sim.app.top.frame.set_title("You Saru: play")
    assert any(d.startswith("a game title") for d in tour.defects(sim))
    sim.app.top.frame.set_title("You: play")
    assert not any(d.startswith("a game title") for d in tour.defects(sim))


def test_a_title_takes_the_first_wording_that_fits_and_a_cut_shows():
    from sanbon import ui

    assert ui.pick("You: keep dice or roll them|You: keep or roll", 19) == "You: keep or roll"
    assert ui.pick("You: keep dice or roll them|You: keep or roll", 38) == "You: keep dice or roll them"
    assert ui.pick("A long title with no short form", 19).endswith("~")
    assert ui.wrap_lines("one two three four five six", 9, 2) == ["one two", "three ~"]
    assert ui.wrap_lines("one two", 9, 2) == ["one two"]
