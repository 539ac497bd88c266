"""The simulator's command line renders headless and saves the screen."""

import pygame
import pytest

import boards
from tools import sim as simtool


@pytest.mark.parametrize("size, wh", [("pico_display2", (320, 240)), ("picosystem", (240, 240)), ("pico_display", (240, 135))])
def test_headless_screenshot(tmp_path, size, wh):
    out = tmp_path / "s.png"
    rc = simtool.main(["--board", size, "--headless", "--screenshot", str(out), "--nvm", str(tmp_path / "n"), "--press", "Y"])
    assert rc == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == wh
    # the highlight bar (accent colour) is on the second row after one press
    w, h = wh
    accent = [(x, y) for x in range(0, w, 3) for y in range(0, h, 2) if tuple(img.get_at((x, y)))[:3][0] > 0xD0 and tuple(img.get_at((x, y)))[:3][2] < 0x60]
    assert accent


def test_unknown_button_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        simtool.main(["--headless", "--nvm", str(tmp_path / "n"), "--press", "JUMP"])
    assert e.value.code == 2
    assert "unknown button 'JUMP'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="unknown button"):
        simtool.Sim("pico_display", nvm_path=None).press("JUMP")


def test_board_choice(monkeypatch):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    assert boards.choose("pico_display") == "pico_display"
    assert boards.choose(None) == "desktop"  # no settings.toml, no board module on a PC
    with pytest.raises(ValueError):
        boards.choose("gameboy")
