"""tools.deploy: copying a build onto a CIRCUITPY drive without touching the user's files."""

import os

import pytest

from tools import deploy as deploy_mod
from tools.build import MANIFEST


def make_build(src, files):
    src.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_bytes(data)
    (src / MANIFEST).write_text("".join(r + "\n" for r in sorted(files)))


BUILD = {
    "code.py": b"print('Sanbon')\n",
    "engine/__init__.mpy": b"C\x06engine",
    "engine/rng.mpy": b"C\x06rng",
    "lib/neopixel.mpy": b"C\x06neopixel",
}


@pytest.fixture
def drive(tmp_path):
    """A drive that an older build was deployed to, plus the user's own files."""
    d = tmp_path / "CIRCUITPY"
    (d / "engine").mkdir(parents=True)
    (d / "old").mkdir()
    (d / "lib").mkdir()
    (d / "settings.toml").write_text('WIFI="x"\n')
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 10\n")
    (d / "lib" / "mine.py").write_text("# the user's own library\n")
    (d / "engine" / "rng.py").write_text("# an older .py build\n")  # would shadow rng.mpy
    (d / "old" / "gone.mpy").write_bytes(b"C\x06gone")
    (d / "code.py").write_text("print('old')\n")
    (d / MANIFEST).write_text("code.py\nengine/rng.py\nold/gone.mpy\nsettings.toml.missing\n")
    return d


def test_deploy_replaces_only_our_files(tmp_path, drive):
    src = tmp_path / "dist"
    make_build(src, BUILD)
    r = deploy_mod.deploy(str(drive), str(src), quiet=True)
    for rel, data in BUILD.items():
        assert (drive / rel).read_bytes() == data
    assert sorted(r["deleted"]) == ["engine/rng.py", "old/gone.mpy"]
    assert not (drive / "engine" / "rng.py").exists()
    assert not (drive / "old").exists()  # left empty by the deletion
    assert (drive / "settings.toml").read_text() == 'WIFI="x"\n'
    assert (drive / "boot_out.txt").exists()
    assert (drive / "lib" / "mine.py").exists()
    assert (drive / MANIFEST).read_text().splitlines() == sorted(BUILD)
    assert sorted(r["copied"]) == sorted(BUILD)
    assert not (drive / (MANIFEST + ".tmp")).exists()


def test_unchanged_files_are_not_rewritten(tmp_path, drive):
    src = tmp_path / "dist"
    make_build(src, BUILD)
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    old = 1_000_000_000
    for rel in BUILD:
        os.utime(drive / rel, (old, old))
    (src / "engine" / "rng.mpy").write_bytes(b"C\x06rng v2")
    r = deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert r["copied"] == ["engine/rng.mpy"] and r["deleted"] == []
    assert sorted(r["unchanged"]) == sorted(set(BUILD) - {"engine/rng.mpy"})
    assert (drive / "engine" / "rng.mpy").read_bytes() == b"C\x06rng v2"
    for rel in r["unchanged"]:
        assert os.path.getmtime(drive / rel) == old, rel


def test_deploy_onto_a_fresh_drive(tmp_path):
    src, d = tmp_path / "dist", tmp_path / "CIRCUITPY"
    make_build(src, BUILD)
    d.mkdir()
    (d / "settings.toml").write_text("")
    r = deploy_mod.deploy(str(d), str(src), quiet=True)
    assert r["deleted"] == [] and len(r["copied"]) == len(BUILD)
    assert (d / "settings.toml").exists()


def test_refuses_a_missing_drive(tmp_path, capsys):
    src = tmp_path / "dist"
    make_build(src, BUILD)
    missing = tmp_path / "no-such-drive"
    with pytest.raises(deploy_mod.DeployError, match="does not exist"):
        deploy_mod.deploy(str(missing), str(src))
    assert deploy_mod.main([str(missing), "--src", str(src)]) == 1
    err = capsys.readouterr().err
    assert "deploy failed" in err and "Traceback" not in err
    assert not missing.exists()


def test_refuses_without_a_build(tmp_path):
    (tmp_path / "CIRCUITPY").mkdir()
    with pytest.raises(deploy_mod.DeployError, match="make build"):
        deploy_mod.deploy(str(tmp_path / "CIRCUITPY"), str(tmp_path / "dist"))


def test_refuses_unsafe_manifest_paths(tmp_path, drive):
    src = tmp_path / "dist"
    make_build(src, BUILD)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (drive / MANIFEST).write_text("../victim.txt\n")
    with pytest.raises(deploy_mod.DeployError, match="unsafe"):
        deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert victim.read_text() == "keep"


def test_deploys_a_real_build(tmp_path):
    from tools import build as build_mod

    out = tmp_path / "dist"
    result = build_mod.build(out=str(out), py=True, quiet=True)
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    r = deploy_mod.deploy(str(d), str(out), quiet=True)
    assert sorted(r["copied"]) == result["files"]
    r = deploy_mod.deploy(str(d), str(out), quiet=True)
    assert r["copied"] == [] and sorted(r["unchanged"]) == result["files"]
