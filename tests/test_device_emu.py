"""tools.device.emu: the firmware lookup and the board windows. The runs on
the emulated Pico themselves are `make device`'s (tools/device), which needs
the firmware; `make test` does not."""

import pytest

from tools.device import emu


def test_missing_firmware_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.delenv("SANBON_CP_UF2", raising=False)
    monkeypatch.delenv("SANBON_RP2040_BOOTROM", raising=False)
    with pytest.raises(emu.MissingFirmware) as e:
        emu.firmware()
    msg = str(e.value)
    assert "circuitpython.org/board/raspberry_pi_pico" in msg
    assert "SANBON_CP_UF2" in msg and "SANBON_RP2040_BOOTROM" in msg and "bootrom.ts" in msg
    uf2, rom = tmp_path / "cp.uf2", tmp_path / "rom.bin"
    uf2.write_bytes(b"u")
    rom.write_bytes(b"r")
    assert emu.firmware(str(uf2), str(rom)) == (str(uf2), str(rom))


def test_board_windows():
    assert emu.BOARDS["pico_display"] == (53, 40, 135, 240, "cw")
    assert emu.BOARDS["pico_display2"] == (0, 0, 240, 320, "cw")
    assert 'SANBON_BOARD = "pico_display"' in emu.settings_toml("pico_display")
    assert "SANBON_DEBUG = 1" in emu.settings_toml("pico_display", "X = 2")
