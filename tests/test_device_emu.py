"""tools.device.emu: the firmware lookup, the board windows, and (when the
firmware is configured) a boot to the main menu on the emulated Pico."""

import os
import shutil
import struct

import pytest

from tools.device import emu

HAVE_FIRMWARE = all(os.path.isfile(os.environ.get(k, "")) for k in
                    ("SANBON_CP_UF2", "SANBON_RP2040_BOOTROM"))


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


def png_size(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    return w, h


@pytest.mark.skipif(not HAVE_FIRMWARE or not shutil.which("node"),
                    reason="needs SANBON_CP_UF2, SANBON_RP2040_BOOTROM and node")
@pytest.mark.parametrize("board,size", [("pico_display", (240, 135)), ("pico_display2", (320, 240))])
def test_boot_to_menu(tmp_path, board, size):
    from tools import build
    out = tmp_path / "build"
    assert build.main(["--out", str(out)]) in (0, None)
    r = emu.run(os.path.join(emu.HERE, "scenarios", "boot.mjs"), board, str(out),
                shots=str(tmp_path / "shots"), timeout_s=600)
    assert r.returncode == 0, open(r.log).read()[-3000:]
    assert r.result["free"] > 50000
    assert any("free after MainMenu" in text for _, text in r.lines)
    assert png_size(tmp_path / "shots" / "menu.png") == size
    assert len(r.nvm) == 4096
    assert r.stats["instructions"] > 0 and r.stats["flash"]["erases"] >= 0
