"""tools.bundle: the zip a maker drags onto CIRCUITPY (`make bundle`), and
that what it holds boots: its CIRCUITPY/ folder, copied onto a drive, runs
the gate's build_boot scenario under real MicroPython."""

import os
import re
import shutil
import zipfile

import pytest

from tools import build as build_mod
from tools import bundle, deploy, gate, micropython
from tools.scenarios import BUILD, SCENARIOS, path as scenario_path

BOOT = [s for s in SCENARIOS if s[0] == "build_boot"][0]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The bundle, and an independent tools.build run to hold it against."""
    tmp = tmp_path_factory.mktemp("bundle")
    result = bundle.bundle(out=str(tmp / "dist"), build_dir=str(tmp / "dist" / "CIRCUITPY"), quiet=True)
    ref = str(tmp / "ref" / "CIRCUITPY")
    result["ref"] = build_mod.build(out=ref, quiet=True)
    return result


def zip_files(path):
    """{name: bytes} of the zip's files (not its folder entries)."""
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist() if not n.endswith("/")}


def drive_files(made):
    """{relative path: bytes} of the zip's CIRCUITPY/ folder."""
    top = "sanbon-%s-circuitpython-10/CIRCUITPY/" % made["version"]
    return {n[len(top):]: data for n, data in zip_files(made["zip"]).items() if n.startswith(top)}


def test_version_is_the_apps():
    import sanbon.app

    assert bundle.version() == sanbon.app.App.VERSION
    assert re.fullmatch(r"\d+\.\d+(\.\d+)?", bundle.version())


def test_version_is_read_without_importing(tmp_path):
    app = tmp_path / "app.py"
    app.write_text("import board_that_is_not_here\n\nclass App:\n    X = 1\n    VERSION = \"7.1\"  # the About screen's\n")
    assert bundle.version(str(app)) == "7.1"
    app.write_text("class App:\n    pass\n")
    with pytest.raises(bundle.BundleError, match="VERSION"):
        bundle.version(str(app))


def test_zip_name_and_one_top_folder(made):
    top = "sanbon-%s-circuitpython-10" % made["version"]
    assert os.path.basename(made["zip"]) == top + ".zip"
    with zipfile.ZipFile(made["zip"]) as z:
        names = z.namelist()
    assert {n.split("/", 1)[0] for n in names} == {top}
    assert {n.split("/")[1] for n in names if n.count("/") >= 1 and n.split("/")[1]} == {"CIRCUITPY", "READ-ME.txt"}
    assert made["files"] == len(zip_files(made["zip"]))
    assert made["bytes"] == os.path.getsize(made["zip"])


def test_circuitpy_is_exactly_what_tools_build_writes(made):
    ref = made["ref"]
    want = bundle.tree_files(ref["out"])
    # every file of the build: the manifest's, the manifest itself and settings.toml
    assert set(want) == set(ref["files"]) | {build_mod.MANIFEST, build_mod.SETTINGS}
    got = drive_files(made)
    assert sorted(got) == want
    for rel in want:
        with open(os.path.join(ref["out"], rel), "rb") as f:
            assert got[rel] == f.read(), rel
    # the manifest stays, so that a later make deploy knows what the zip put on the drive
    assert got[build_mod.MANIFEST].decode().split() == ref["files"]


def test_only_code_py_is_source(made):
    got = drive_files(made)
    assert [f for f in got if f.endswith(".py")] == ["code.py"]
    mpys = [f for f in got if f.endswith(".mpy")]
    assert len(mpys) > 50 and "lib/neopixel.mpy" in mpys and "lib/sanbon/app.mpy" in mpys
    assert all(got[f][:2] == b"C\x06" for f in mpys)  # CircuitPython 10's .mpy


def test_the_same_tree_gives_the_same_bytes(made, tmp_path):
    with zipfile.ZipFile(made["zip"]) as z:
        infos = z.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names)
    assert {i.date_time for i in infos} == {bundle.STAMP}
    # the independent build, zipped again: byte for byte the same zip
    again = str(tmp_path / "again.zip")
    bundle.write_zip(made["ref"]["out"], again, made["version"])
    with open(again, "rb") as f, open(made["zip"], "rb") as g:
        assert f.read() == g.read()


def test_read_me(made):
    text = zip_files(made["zip"])["sanbon-%s-circuitpython-10/READ-ME.txt" % made["version"]].decode("ascii")
    lines = text.splitlines()
    assert len(lines) <= 40 and max(len(l) for l in lines) <= 78
    assert "{" not in text  # every placeholder filled
    assert "Sanbon %s" % made["version"] in text and "version %s" % made["version"] in text
    assert "CircuitPython 10.x" in text and ".uf2" in text and "RPI-RP2" in text and "BOOTSEL" in text
    for board_id in ("raspberry_pi_pico", "raspberry_pi_pico_w", "pimoroni_picosystem"):
        assert "https://circuitpython.org/board/%s/" % board_id in text
    for screen in ("320x240", "240x135", "240x240"):  # the three boards of boards/
        assert screen in text
    assert "settings.toml" in text and "eject" in text.lower()
    # every file and folder to copy is named
    for top in {rel.split("/")[0] for rel in drive_files(made)}:
        assert top in text, top
    # the setting it says to turn on is in the shipped settings.toml, commented out
    line = re.search(r'SANBON_BOARD = "pico_display"', text).group(0)
    assert re.search(r"^# %s$" % re.escape(line), drive_files(made)[build_mod.SETTINGS].decode(), re.M)


def test_main_prints_the_path_and_size(tmp_path, capsys):
    assert bundle.main(["--out", str(tmp_path / "out"), "--build", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "out" / ("sanbon-%s-circuitpython-10.zip" % bundle.version())
    assert path.is_file()
    m = re.search(r"Wrote (\S+): ([\d,]+) bytes, (\d+) files", out)
    assert m and m.group(1) == str(path) and int(m.group(2).replace(",", "")) == path.stat().st_size, out


def test_unpack_refuses_unsafe_paths(tmp_path):
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("sanbon-1-circuitpython-10/CIRCUITPY/code.py", "")
        z.writestr("sanbon-1-circuitpython-10/../../evil.py", "")
    with pytest.raises(bundle.BundleError, match="unsafe"):
        bundle.unpack(str(bad), str(tmp_path / "out"))


# -- the zip's files on a drive: they boot --------------------------------------


def fake_drive(made, tmp_path):
    """A CIRCUITPY drive (boot_out.txt, a file of the maker's) with
    everything inside the zip's CIRCUITPY/ folder copied onto it, as the
    READ-ME says."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / deploy.BOOT_OUT).write_text("Adafruit CircuitPython 10.2.1 on 2026-01-01; Raspberry Pi Pico with rp2040\n")
    (drive / "mine.txt").write_text("the maker's own file\n")
    unpacked = bundle.unpack(made["zip"], str(tmp_path / "unzipped"))
    shutil.copytree(unpacked, str(drive), dirs_exist_ok=True)
    deploy.check_drive(str(drive))  # what make deploy takes for a CIRCUITPY drive
    return drive


def boot(drive, tmp_path):
    assert micropython.available(), "MicroPython is missing: run 'npm ci' (make test does)"
    name, script, budget, needs = BOOT
    assert needs == BUILD
    root = tmp_path / "mpy"
    root.mkdir(exist_ok=True)  # a second boot copies the drive afresh
    return gate.run_scenario(scenario_path(script), budget, str(root), [], needs, build_src=str(drive))


def test_the_unzipped_drive_boots_in_the_gate(made, tmp_path):
    drive = fake_drive(made, tmp_path)
    ok, msg, peak = boot(drive, tmp_path)
    assert ok, msg
    assert 0 < peak <= BOOT[2]
    # what MicroPython ran is the drive's: code.py as is, each .mpy with its first byte turned back to "M"
    copied = tmp_path / "mpy" / gate.BUILD_DIR
    assert (copied / "code.py").read_bytes() == (drive / "code.py").read_bytes()
    assert (copied / "boards" / "_common.mpy").read_bytes()[1:] == (drive / "boards" / "_common.mpy").read_bytes()[1:]


def test_a_bundle_that_does_not_boot_fails(made, tmp_path):
    drive = fake_drive(made, tmp_path)
    code = (drive / "code.py").read_text()
    (drive / "code.py").write_text(code.replace("board, note = boards.start()",
                                                "board, note = boards.start_the_board()"))
    ok, msg, _ = boot(drive, tmp_path)
    assert not ok and "MicroPython" in msg and "start_the_board" in msg, msg
    (drive / "code.py").write_text(code)
    (drive / "boards" / "_common.mpy").unlink()
    ok, msg, _ = boot(drive, tmp_path)
    assert not ok and "boards/_common.mpy" in msg, msg


def test_deploy_onto_the_unzipped_drive_knows_the_zips_files(made, tmp_path):
    """The zip keeps .sanbon-manifest: a later make deploy removes what the
    zip put there and the new build lacks, and nothing of the maker's."""
    drive = fake_drive(made, tmp_path)
    (drive / "engine" / "gone.mpy").write_bytes(b"C\x06")  # as if an older zip had shipped it
    manifest = drive / build_mod.MANIFEST
    manifest.write_text(manifest.read_text() + "engine/gone.mpy\n")
    (drive / build_mod.SETTINGS).write_text('SANBON_BOARD = "pico_display"\n')
    done = deploy.deploy(str(drive), src=made["ref"]["out"], quiet=True)
    assert done["deleted"] == ["engine/gone.mpy"] and done["copied"] == []
    assert (drive / "mine.txt").read_text() == "the maker's own file\n"
    assert (drive / build_mod.SETTINGS).read_text() == 'SANBON_BOARD = "pico_display"\n'


def test_make_device_boots_the_unzipped_folder(tmp_path, monkeypatch):
    """tools/device's build step: the bundle, unpacked; the folder it images
    holds what tools.build writes, and the drive image is the same."""
    import tools.device.__main__ as device
    from tools.device import fat

    monkeypatch.setattr(device, "WORK", str(tmp_path / "device"))
    folder = device.build()
    assert folder == os.path.join(str(tmp_path / "device" / "drive"), "sanbon-%s-circuitpython-10" % bundle.version(),
                                  "CIRCUITPY")
    assert os.path.isfile(os.path.join(str(tmp_path / "device" / "bundle"), device.zip_name()))
    ref = build_mod.build(out=str(tmp_path / "ref"), quiet=True)["out"]
    assert bundle.tree_files(folder) == bundle.tree_files(ref)
    for rel in bundle.tree_files(ref):
        with open(os.path.join(folder, rel), "rb") as a, open(os.path.join(ref, rel), "rb") as b:
            assert a.read() == b.read(), rel
    assert fat.make_image(folder, "SANBON_DEBUG = 1\n") == fat.make_image(ref, "SANBON_DEBUG = 1\n")
