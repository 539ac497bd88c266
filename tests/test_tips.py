"""The first-game guide (issue 29): a tip the first time a person meets each
kind of decision, remembered in the settings, off or shown again from
Settings, whose closing press does nothing else (the tip hides the screen it would
act on), and fitting the 240x135 screen."""

import pytest

import sim_helpers
from sim_helpers import Sim, choose, play_until, set_rows
from tools.tour import defects

from sanbon import tips
from sanbon.profile import SEEN, Settings


def _tip(sim):
    w = sim.app.toast_widget
    return " ".join(t.text for t in w.group[2:]) if w is not None else ""


def test_every_tip_fits_three_lines_of_the_small_screen_and_phases_are_real():
    from sanbon import ui
    from engine.kendo import actions as KA
    from engine.kyudo import actions as YA
    from engine.okko import actions as OA

    phases = {1: YA, 2: KA, 3: OA}
    lines = [x for x in tips._TIPS.split(b"\n") if x]
    assert len(lines) >= 25
    for line in lines:
        gid, ph = int(line.split(b" ")[0]), int(line.split(b" ")[1])
        t = tips.text(gid, ph)
        assert t == "Tip: " + str(line.split(b" ", 2)[2], "utf-8")
        assert len(ui.wrap(t, 240 // ui.CHAR_W - 4)) <= 3, t
        assert ph in [v for k, v in vars(phases[gid]).items() if k.startswith("P_") and k != "P_OVER"], (gid, ph)
    assert tips.text(2, 3) is None  # P_OVER: no tip


@pytest.mark.parametrize("size", sim_helpers.SIZES)
def test_a_tip_shows_once_the_next_press_only_closes_it_and_it_is_remembered(size, tmp_path):
    nvm = str(tmp_path / "n.bin")
    sim = Sim(size, seed=7, nvm_path=nvm)
    sim.close_tips = False  # the presses as scripted: the first one only closes the tip
    choose(sim, "Kyudo")
    choose(sim, "Start")
    play_until(sim, lambda s: not s.app.session.is_bot(s.app.session.state.current_player))
    sim.wait(100)
    assert _tip(sim).startswith("Tip: Roll up to 3 times")
    assert defects(sim) == []
    assert sim.app.settings.seen1 & (1 << 1)
    menu = sim.app.top.menu
    before = menu.index
    sim.press("Y")  # the press takes the tip away and does nothing else: the tip hid the
    assert _tip(sim) == "" and menu.index == before  # lower screen, which the press would act on
    sim.press("Y")  # the next press acts
    assert menu.index != before
    sim.wait(200)
    assert _tip(sim) == ""  # once only
    # kept in the settings' bytes: a later power-on shows it no more
    s, fixed = Settings.from_bytes(sim.app.settings.to_bytes())
    assert not fixed and s.seen1 & (1 << 1)


def test_tips_can_be_turned_off_and_shown_again(tmp_path):
    sim = Sim("pico_display", seed=7, nvm_path=str(tmp_path / "n.bin"))
    sim.app.settings.seen1 = 0xFF
    choose(sim, "Settings")
    choose(sim, "Show tips again")
    assert all(getattr(sim.app.settings, n) == 0 for n in SEEN)
    set_rows(sim, ["Tips: off"])
    sim.press("B")
    choose(sim, "Kyudo")
    choose(sim, "Start")
    sim.wait(500)
    assert _tip(sim) == ""
    assert sim.app.settings.seen1 == 0  # nothing marked seen while tips are off


def test_a_computer_turn_shows_no_tip(tmp_path):
    sim = Sim("pico_display2", seed=3, nvm_path=str(tmp_path / "n.bin"))
    choose(sim, "Kyudo")
    set_rows(sim, ["P1: Computer (Easy)"])
    choose(sim, "Start")
    play_until(sim, lambda s: s.app.session.state.round >= 2, 300000)
    assert sim.app.settings.seen1 == 0 and sim.app.settings.seen2 == 0
