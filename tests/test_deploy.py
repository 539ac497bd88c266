"""tools.deploy: copying a build onto a CIRCUITPY drive without touching the user's files,
and every wrong turn refused in one line with nothing written."""

import errno
import os
import shutil
from collections import namedtuple

import pytest

from tools import deploy as deploy_mod
from tools.build import MANIFEST, ROOT, SETTINGS

TMP = deploy_mod.TMP


def make_build(src, files, settings=b"# SANBON_BOARD = \"pico_display\"\n"):
    src.mkdir(parents=True, exist_ok=True)
    for rel, data in files.items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_bytes(data)
    (src / MANIFEST).write_text("".join(r + "\n" for r in sorted(files)))
    if settings is not None:
        (src / SETTINGS).write_bytes(settings)


def tree(folder):
    """{relative path: bytes} of every file under ``folder`` (and every folder, as None)."""
    found = {}
    for base, dirs, names in os.walk(folder):
        for n in dirs:
            found[os.path.relpath(os.path.join(base, n), folder)] = None
        for n in names:
            p = os.path.join(base, n)
            with open(p, "rb") as f:
                found[os.path.relpath(p, folder)] = f.read()
    return found


def one_line_error(capsys, *words):
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("deploy failed: "), err
    assert "Traceback" not in err
    for w in words:
        assert w in err, err
    return err


BUILD = {
    "code.py": b"print('Sanbon')\n",
    "engine/__init__.mpy": b"C\x06engine",
    "engine/rng.mpy": b"C\x06rng",
    "lib/neopixel.mpy": b"C\x06neopixel",
}


def new_drive(path):
    path.mkdir(parents=True)
    (path / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2025-01-01; Raspberry Pi Pico\n")
    return path


@pytest.fixture
def drive(tmp_path):
    """A drive that an older build was deployed to, plus the user's own files."""
    d = new_drive(tmp_path / "CIRCUITPY")
    (d / "engine").mkdir(parents=True)
    (d / "old").mkdir()
    (d / "lib").mkdir()
    (d / "settings.toml").write_text('WIFI="x"\n')
    (d / "lib" / "mine.py").write_text("# the user's own library\n")
    (d / "engine" / "rng.py").write_text("# an older .py build\n")  # would shadow rng.mpy
    (d / "old" / "gone.mpy").write_bytes(b"C\x06gone")
    (d / "code.py").write_text("print('old')\n")
    (d / MANIFEST).write_text("code.py\nengine/rng.py\nold/gone.mpy\nsettings.toml.missing\n")
    return d


@pytest.fixture
def src(tmp_path):
    s = tmp_path / "dist"
    make_build(s, BUILD)
    return s


def test_deploy_replaces_only_our_files(src, drive):
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
    assert not [p for p in tree(drive) if p.endswith(TMP)]


def test_unchanged_files_are_not_rewritten(src, drive):
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


def test_fresh_drive_gets_the_commented_settings(src, tmp_path, capsys):
    d = new_drive(tmp_path / "CIRCUITPY")
    r = deploy_mod.deploy(str(d), str(src))
    assert r["deleted"] == [] and len(r["copied"]) == len(BUILD) and r["settings"]
    assert (d / SETTINGS).read_bytes() == (src / SETTINGS).read_bytes()
    assert "wrote settings.toml" in capsys.readouterr().out
    # settings.toml is the user's from now on: not ours to delete or rewrite
    assert SETTINGS not in (d / MANIFEST).read_text().split()
    (d / SETTINGS).write_text('SANBON_BOARD = "pico_display"\n')
    (src / SETTINGS).write_text("# a newer template\n")
    r = deploy_mod.deploy(str(d), str(src))
    assert not r["settings"] and "kept the drive's own settings.toml" in capsys.readouterr().out
    assert (d / SETTINGS).read_text() == 'SANBON_BOARD = "pico_display"\n'


def test_user_settings_are_kept_whatever_their_case(src, tmp_path):
    d = new_drive(tmp_path / "CIRCUITPY")
    (d / "SETTINGS.TOML").write_text('CIRCUITPY_WIFI_SSID = "home"\n')  # FAT ignores case
    r = deploy_mod.deploy(str(d), str(src), quiet=True)
    assert not r["settings"] and not (d / SETTINGS).exists()
    assert (d / "SETTINGS.TOML").read_text() == 'CIRCUITPY_WIFI_SSID = "home"\n'


def test_refuses_a_missing_drive(src, tmp_path, capsys):
    missing = tmp_path / "no-such-drive"
    with pytest.raises(deploy_mod.DeployError, match="does not exist"):
        deploy_mod.deploy(str(missing), str(src))
    assert deploy_mod.main([str(missing), "--src", str(src)]) == 1
    one_line_error(capsys, "does not exist")
    assert not missing.exists()


def test_refuses_a_folder_that_is_not_a_drive(src, tmp_path, capsys):
    """DRIVE=/some/folder once replaced that folder's code.py."""
    folder = tmp_path / "projects"
    folder.mkdir()
    (folder / "code.py").write_text("my own program\n")
    (folder / "notes.txt").write_text("keep\n")
    before = tree(folder)
    assert deploy_mod.main([str(folder), "--src", str(src)]) == 1
    one_line_error(capsys, "is not a CIRCUITPY drive", "boot_out.txt")
    assert deploy_mod.main([str(folder), "--check"]) == 1
    one_line_error(capsys, "boot_out.txt")
    assert tree(folder) == before


def test_refuses_a_file_as_the_drive(src, tmp_path, capsys):
    f = tmp_path / "CIRCUITPY"
    f.write_text("x")
    assert deploy_mod.main([str(f), "--src", str(src)]) == 1
    one_line_error(capsys, "is not a folder")
    assert f.read_text() == "x"


def test_refuses_the_repository_and_folders_in_it(src, capsys):
    """DRIVE=. once put 63 .mpy files into the source tree."""
    probe = {"code.py": b"print('probe')\n", "engine/zz_deploy_probe.mpy": b"C\x06probe"}
    make_build(src, probe)
    code = open(os.path.join(ROOT, "code.py"), "rb").read()
    for drive in (ROOT, ".", os.path.join(ROOT, "engine"), os.path.join(ROOT, "dist", "CIRCUITPY"),
                  os.path.join(ROOT, "no-such-folder")):
        assert deploy_mod.main([drive, "--src", str(src)]) == 1
        one_line_error(capsys, "the Sanbon repository", "not a CIRCUITPY drive")
        assert deploy_mod.main([drive, "--check"]) == 1
        one_line_error(capsys, "the Sanbon repository")
    assert deploy_mod.main([os.path.dirname(ROOT), "--src", str(src)]) == 1
    one_line_error(capsys, "holds the Sanbon repository")
    assert open(os.path.join(ROOT, "code.py"), "rb").read() == code
    for rel in ("engine/zz_deploy_probe.mpy", MANIFEST, MANIFEST + TMP, "engine/" + MANIFEST):
        assert not os.path.exists(os.path.join(ROOT, rel)), rel
    assert not os.path.exists(os.path.join(os.path.dirname(ROOT), "engine", "zz_deploy_probe.mpy"))


def test_refuses_the_repository_even_with_a_boot_out(src, tmp_path, monkeypatch, capsys):
    repo = new_drive(tmp_path / "repo")  # a boot_out.txt that found its way into a checkout
    (repo / "code.py").write_text("the repo's code.py\n")
    monkeypatch.setattr(deploy_mod, "ROOT", str(repo))
    before = tree(repo)
    assert deploy_mod.main([str(repo), "--src", str(src)]) == 1
    one_line_error(capsys, "is the Sanbon repository")
    assert tree(repo) == before


def test_refuses_without_a_build(tmp_path):
    d = new_drive(tmp_path / "CIRCUITPY")
    with pytest.raises(deploy_mod.DeployError, match="make build"):
        deploy_mod.deploy(str(d), str(tmp_path / "dist"))


def test_refuses_unsafe_manifest_paths(src, tmp_path, drive):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (drive / MANIFEST).write_text("../victim.txt\n")
    with pytest.raises(deploy_mod.DeployError, match="unsafe"):
        deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert victim.read_text() == "keep"


def test_usage_without_a_drive(capsys):
    assert deploy_mod.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("usage: make deploy DRIVE=")


Usage = namedtuple("Usage", "total used free")


def fake_free(monkeypatch, free):
    monkeypatch.setattr(deploy_mod.shutil, "disk_usage", lambda path: Usage(1 << 20, (1 << 20) - free, free))
    monkeypatch.setattr(deploy_mod, "_block", lambda drive: 512)


def test_a_full_drive_is_refused_before_anything_is_written(src, drive, monkeypatch, capsys):
    fake_free(monkeypatch, 1000)
    (drive / "old" / "gone.mpy").write_bytes(b"")  # its removal gives nothing back
    before = tree(drive)
    assert deploy_mod.main([str(drive), "--src", str(src)]) == 1
    one_line_error(capsys, "not enough room", "nothing was written", "1,000 bytes free")
    assert tree(drive) == before


def test_space_given_back_by_removed_files_counts(src, drive, monkeypatch):
    (drive / "old" / "gone.mpy").write_bytes(b"x" * 20000)  # ours, no longer built: removed first
    fake_free(monkeypatch, 1000)
    r = deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert "old/gone.mpy" in r["deleted"]
    for rel, data in BUILD.items():
        assert (drive / rel).read_bytes() == data


def test_space_check_counts_the_temporary_copy(tmp_path, monkeypatch):
    """A file is written beside the one it replaces: both must fit at once."""
    s, d = tmp_path / "dist", new_drive(tmp_path / "CIRCUITPY")
    make_build(s, {"code.py": b"a" * 5000}, settings=None)
    (d / "code.py").write_bytes(b"b" * 5000)
    (d / MANIFEST).write_text("code.py\n")
    fake_free(monkeypatch, 4096)
    with pytest.raises(deploy_mod.DeployError, match="not enough room"):
        deploy_mod.deploy(str(d), str(s), quiet=True)
    assert (d / "code.py").read_bytes() == b"b" * 5000
    fake_free(monkeypatch, 8192)
    deploy_mod.deploy(str(d), str(s), quiet=True)
    assert (d / "code.py").read_bytes() == b"a" * 5000


def fail_writing(monkeypatch, victim, err=errno.ENOSPC):
    """Make the write of ``victim`` (under its temporary name) fail half-way."""
    real_open = open

    class Half:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            raise OSError(err, os.strerror(err))

        def __getattr__(self, name):
            return getattr(self.f, name)

    def fake_open(path, mode="r", *a, **k):
        f = real_open(path, mode, *a, **k)
        if "w" in mode and str(path).replace(os.sep, "/").endswith(victim + TMP):
            return Half(f)
        return f

    monkeypatch.setattr(deploy_mod, "open", fake_open, raising=False)


def test_a_write_failing_mid_way_leaves_no_half_file(src, drive, monkeypatch, capsys):
    """A full drive once left a 0-byte engine/okko/cards.mpy."""
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    (src / "engine" / "rng.mpy").write_bytes(b"C\x06rng v2, longer")
    (src / "engine" / "okko").mkdir()
    (src / "engine" / "okko" / "cards.mpy").write_bytes(b"C\x06cards")
    make_build(src, dict(BUILD, **{"engine/rng.mpy": b"C\x06rng v2, longer",
                                   "engine/okko/cards.mpy": b"C\x06cards"}))
    fail_writing(monkeypatch, "engine/okko/cards.mpy")
    assert deploy_mod.main([str(drive), "--src", str(src)]) == 1
    one_line_error(capsys, "engine/okko/cards.mpy", "No space left", "run make deploy again")
    files = tree(drive)
    assert not [p for p in files if p.endswith(TMP)]
    assert "engine/okko/cards.mpy" not in files
    assert not [p for p, data in files.items() if data == b""]
    assert files["code.py"] == BUILD["code.py"]  # every file whole, old or new
    # the manifest still names every file this deploy may have written
    assert "engine/okko/cards.mpy" in (drive / MANIFEST).read_text().split()
    monkeypatch.undo()
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert (drive / "engine" / "okko" / "cards.mpy").read_bytes() == b"C\x06cards"
    assert (drive / "engine" / "rng.mpy").read_bytes() == b"C\x06rng v2, longer"


@pytest.mark.parametrize("err, advice", [(errno.EIO, "still mounted"), (errno.EROFS, "read-only")])
def test_a_failing_replacement_keeps_the_old_file_whole(src, drive, monkeypatch, capsys, err, advice):
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    (src / "engine" / "rng.mpy").write_bytes(b"C\x06rng v2")
    fail_writing(monkeypatch, "engine/rng.mpy", err)
    assert deploy_mod.main([str(drive), "--src", str(src)]) == 1
    one_line_error(capsys, "engine/rng.mpy", advice, "run make deploy again")
    assert (drive / "engine" / "rng.mpy").read_bytes() == BUILD["engine/rng.mpy"]
    assert not [p for p in tree(drive) if p.endswith(TMP)]


def test_leftovers_of_an_interrupted_deploy_are_removed(src, drive):
    (drive / "engine" / ("rng.mpy" + TMP)).write_bytes(b"C\x06r")  # the cable pulled mid-write
    (drive / (MANIFEST + TMP)).write_text("code.py\n")
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert not [p for p in tree(drive) if p.endswith(TMP)]


def test_stale_py_twins_of_shipped_mpy_are_removed(src, tmp_path, capsys):
    """After a hand copy of a PY=1 build, the .py files would be imported instead of the new .mpy."""
    d = new_drive(tmp_path / "CIRCUITPY")
    for rel in ("engine/rng.py", "engine/__init__.py", "lib/neopixel.py", "lib/mine.py", "engine/mine.py"):
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_text("# %s\n" % rel)
    r = deploy_mod.deploy(str(d), str(src))
    out = capsys.readouterr().out
    assert sorted(r["deleted"]) == ["engine/__init__.py", "engine/rng.py", "lib/neopixel.py"]
    assert "deleted engine/rng.py (it would be imported instead" in out
    assert (d / "lib" / "mine.py").exists() and (d / "engine" / "mine.py").exists()
    assert (d / "code.py").read_bytes() == BUILD["code.py"]


def test_stale_mpy_twins_of_a_py_build_are_removed(tmp_path):
    s, d = tmp_path / "dist", new_drive(tmp_path / "CIRCUITPY")
    make_build(s, {"code.py": b"print(1)\n", "engine/rng.py": b"# rng\n", "lib/neopixel.py": b"# np\n"})
    (d / "engine").mkdir()
    (d / "engine" / "rng.mpy").write_bytes(b"C\x06old")
    (d / "engine" / "other.mpy").write_bytes(b"C\x06mine")
    (d / "code.mpy").write_bytes(b"C\x06not ours to judge")
    r = deploy_mod.deploy(str(d), str(s), quiet=True)
    assert r["deleted"] == ["engine/rng.mpy"]
    assert (d / "engine" / "other.mpy").exists() and (d / "code.mpy").exists()


def test_settings_and_boot_out_are_never_deleted(src, drive):
    (drive / MANIFEST).write_text("settings.toml\nboot_out.txt\n")  # a manifest gone wrong
    deploy_mod.deploy(str(drive), str(src), quiet=True)
    assert (drive / "settings.toml").read_text() == 'WIFI="x"\n'
    assert (drive / "boot_out.txt").exists()


def test_deploys_a_real_build(tmp_path):
    from tools import build as build_mod

    out = tmp_path / "dist"
    result = build_mod.build(out=str(out), py=True, quiet=True)
    d = new_drive(tmp_path / "CIRCUITPY")
    r = deploy_mod.deploy(str(d), str(out), quiet=True)
    assert sorted(r["copied"]) == result["files"] and r["settings"]
    assert (d / SETTINGS).read_bytes() == (out / SETTINGS).read_bytes()
    r = deploy_mod.deploy(str(d), str(out), quiet=True)
    assert r["copied"] == [] and sorted(r["unchanged"]) == result["files"]
