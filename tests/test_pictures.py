"""tools.pictures: the picture share of a play area, measured from the frame."""

import sim_helpers  # noqa: F401  (headless SDL before the simulator loads)
from tools import pictures


def test_a_shape_counts_and_a_text_and_its_ground_do_not():
    from sanbon import ui

    sim = sim_helpers.Sim("pico_display2", seed=1)
    sim.app.top.menu.group.hidden = True  # an empty play area: nothing but black
    sim.wait(50)
    assert pictures.share(sim) == 0.0
    L = sim.app.layout
    area = L.width * (L.height - L.hint_h - L.title_h)
    g = sim.app.top.group
    shape = ui.Box(20, 60, 40, 30, ui.GOOD).shape  # a picture: 1,200 pixels
    g.append(shape)
    sim.wait(50)
    assert abs(pictures.share(sim) - 1200 / area) < 1e-9
    chip = ui.Box(100, 60, 80, 20, ui.INFO).shape  # a box that holds a text is its ground
    word = ui.Text(104, 64, "word", ui.TEXT, 1, bg=ui.INFO)
    g.append(chip)
    g.append(word)
    sim.wait(50)
    assert abs(pictures.share(sim) - 1200 / area) < 1e-9
