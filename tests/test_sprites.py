"""The sprite sheets: each committed lib/sanbon/<name>.bmp is what its
drawing (tools/art/<name>.py) makes, and sanbon.sprites reads it back the
same in both modes (the file on disk, or a Bitmap in RAM)."""

import os

import pytest

import sim_helpers  # noqa: F401  (headless SDL before displayio loads)
from tools import art


@pytest.mark.parametrize("name", art.SHEETS)
def test_committed_sheet_is_its_drawing(name):
    with open(art.path(name), "rb") as f:
        assert f.read() == art.sheet_bytes(name), "run python -m tools.art"


@pytest.mark.parametrize("name", art.SHEETS)
def test_sheet_reads_back_the_same_in_both_modes(name):
    from sanbon import sprites

    mod = __import__("tools.art." + name, None, None, ["TILE"])
    rows = art.pixels(mod)
    tw, th = mod.TILE
    disk = sprites.Sheet(name, tw, th, mode="disk")
    ram = sprites.Sheet(name, tw, th, mode="ram")
    h, w = len(rows), len(rows[0])
    assert (ram.bitmap.width, ram.bitmap.height) == (w, h)
    assert (disk.bitmap.width, disk.bitmap.height) == (w, h)
    for y in range(0, h, max(1, h // 7)):
        for x in range(w):
            assert ram.bitmap[x, y] == rows[y][x], (name, x, y)
    for i, c in enumerate(mod.PALETTE):
        assert ram.palette[i] == c, (name, i)
    assert os.path.getsize(art.path(name)) < 16384  # small: a sheet, not an image
