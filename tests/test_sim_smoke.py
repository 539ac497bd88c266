"""The simulator starts the real app headless and saves what it shows."""

import pygame
import pytest

import boards
from tools import sim


@pytest.mark.parametrize("size, wh", [("pico_display2", (320, 240)), ("picosystem", (240, 240)), ("pico_display", (240, 135))])
def test_headless_screenshot_has_the_title(tmp_path, size, wh):
    board = sim.start(size, headless=True)
    out = tmp_path / "s.png"
    sim.screenshot(board, str(out))
    img = pygame.image.load(str(out))
    assert img.get_size() == wh
    # the title is drawn in the accent colour somewhere in the top third
    w, h = wh
    accent = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 2) for y in range(0, h // 3)}
    assert any(r > 0xC0 and g > 0x90 and b < 0x60 for r, g, b in accent)


def test_board_choice():
    assert boards.choose("pico_display") == "pico_display"
    assert boards.choose(None) == "desktop"  # no settings.toml, no board module on a PC
    with pytest.raises(ValueError):
        boards.choose("gameboy")
