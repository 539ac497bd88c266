"""Contrast (issue 14): body text at least 4.5:1 against its background,
symbols, frames and toasts at least 3:1 (WCAG 2), and colour is never an
error's only sign. First the shared palette's pairs, then real frames of
the shell, measured by tools.tour's frame check (what is drawn beneath
each text)."""

import os

import pytest

from tests.sim_helpers import SIZES, Sim, choose, goto_demo_setup
from tools import tour
from tools.tour import BODY_MIN, SYMBOL_MIN, ratio

from sanbon import ui

TEXT_COLOURS = ("TEXT", "DIM", "ACCENT", "GOOD", "BAD", "INFO")
# every text colour on the screen's background and on the title bar, dialogs and toasts (PANEL)
BODY = [(fg, bg) for fg in TEXT_COLOURS for bg in ("BG", "PANEL")] + [("SELECT_TEXT", "ACCENT")]
# a symbol, a frame or a dot: every colour against BG, PANEL and the LINE grey they sit on
SYMBOL = [(fg, bg) for fg in TEXT_COLOURS for bg in ("BG", "PANEL", "LINE")]


def test_ratio_is_wcag():
    assert ratio(0xFFFFFF, 0x000000) == pytest.approx(21.0)
    assert ratio(0x123456, 0x123456) == pytest.approx(1.0)
    assert ratio(0x777777, 0xFFFFFF) == pytest.approx(4.48, abs=0.01)  # the well-known just-fails grey
    assert ratio(0x000000, 0x767676) == ratio(0x767676, 0x000000)


def test_the_old_palette_fails_the_check():
    """The check catches what the issue reports (so passing it means something)."""
    assert ratio(0x7A8A9A, ui.PANEL) < BODY_MIN  # DIM on PANEL was 4.12:1
    assert ratio(0x7A8A9A, ui.LINE) < SYMBOL_MIN  # DIM on LINE was 2.57:1
    assert ratio(0xE05050, ui.LINE) < SYMBOL_MIN  # the error toast was 2.35:1


@pytest.mark.parametrize("fg,bg", BODY)
def test_body_text(fg, bg):
    r = ratio(getattr(ui, fg), getattr(ui, bg))
    assert r >= BODY_MIN, "%s on %s is %.2f:1" % (fg, bg, r)


@pytest.mark.parametrize("fg,bg", SYMBOL)
def test_symbols(fg, bg):
    r = ratio(getattr(ui, fg), getattr(ui, bg))
    assert r >= SYMBOL_MIN, "%s on %s is %.2f:1" % (fg, bg, r)


# -- real frames ---------------------------------------------------------------

def _sim(tmp_path, size):
    return Sim(size, seed=3, nvm_path=str(tmp_path / "nvm.bin"))


def test_frame_check_finds_a_text_on_a_box(tmp_path):
    """A DIM text drawn on a LINE box: the check names it, with the box's colour."""
    sim = _sim(tmp_path, "picosystem")
    assert tour.low_contrast(sim) == []
    box = ui.Box(10, 100, 120, 20, ui.LINE)
    text = ui.Text(14, 104, "grey on grey", ui.DIM)
    sim.app.overlay.append(box.shape)
    sim.app.overlay.append(text)
    sim.step()
    found = tour.low_contrast(sim)
    assert [(t, fg, bg) for t, fg, bg, r in found] == [("grey on grey", ui.DIM, ui.LINE)]
    assert any(d.startswith("contrast") for d in tour.defects(sim, contrast=True))
    assert not any(d.startswith("contrast") for d in tour.defects(sim))  # only behind the flag
    box.shape.hidden = True  # a hidden box is not a background: the text is on BG again
    sim.step()
    assert tour.low_contrast(sim) == []


def test_frame_check_reads_sprite_pixels(tmp_path):
    """A text over a sprite tile: its background is the tile's pixel under it."""
    from sanbon import sprites

    sim = _sim(tmp_path, "picosystem")
    sheet = sprites.Sheet("pig", 16, 16)
    g = sheet.tile(2, 40, 40)  # the die face 2: the pale face colour at its centre
    face = sheet.palette[1]
    sim.app.overlay.append(g)
    sim.app.overlay.append(ui.Text(45, 42, "a", ui.TEXT))
    sim.step()
    assert [(t, bg) for t, fg, bg in tour.backgrounds(sim) if t == "a"] == [("a", face)]
    assert [t for t, fg, bg, r in tour.low_contrast(sim)] == ["a"]  # white on the white face


@pytest.mark.parametrize("size", SIZES)
def test_error_toast_is_dark_framed_and_marked(tmp_path, size):
    sim = _sim(tmp_path, size)
    sim.app.toast("Could not save: the drive is full", 3000, ui.BAD)
    sim.step()
    bgs = [(t, fg, bg) for t, fg, bg in tour.backgrounds(sim) if "Could" in t]
    assert bgs and bgs[0][0] == "Could not save: the drive is full"  # the words as given
    assert ("!", ui.BAD, ui.PANEL) in tour.backgrounds(sim)  # and a mark: not colour alone
    assert tour.defects(sim) == []  # the mark overlaps no text
    assert bgs[0][2] == ui.PANEL
    assert ratio(bgs[0][1], bgs[0][2]) >= BODY_MIN
    boxes = [w for k, b, w in tour.drawn(sim) if k == "box"]
    assert ui.BAD in boxes[-2:]  # the frame, in the toast's colour, under the dark fill
    assert tour.low_contrast(sim) == []
    sim.app.toast("Statistics reset.")
    sim.step()
    assert "!" not in [t for t, fg, bg in tour.backgrounds(sim)]


@pytest.mark.parametrize("size", SIZES)
def test_shell_frames(tmp_path, size):
    """Menu, settings, a setup with the highlight on the last row, a dialog,
    How to play and Pig's pause menu: no text below 4.5:1."""
    sim = _sim(tmp_path, size)
    seen = []

    def look():
        seen.extend(tour.low_contrast(sim))

    look()
    choose(sim, "Settings")
    for _ in range(len(sim.app.top.menu.items)):
        sim.press("Y")
        look()
    sim.press("B")
    choose(sim, "Kyudo")
    for _ in range(len(sim.app.top.menu.items) + 1):  # the bar over each row, and the scroll marks
        sim.press("X")
        look()
    choose(sim, "How to play")
    look()
    sim.press("B", "B")
    goto_demo_setup(sim)
    choose(sim, "Start")
    sim.press("Y", "A")  # Hold with nothing to hold: the error toast
    look()
    sim.press("HOLD_B")
    look()
    assert seen == []
