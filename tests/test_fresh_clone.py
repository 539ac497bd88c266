"""A fresh clone: `make build` and `make deploy` onto a folder with a boot_out.txt work as
the README says, and deploy's wrong turns stop before the build.

The clone is of the repository's committed HEAD (`git clone`), into a temporary
folder. To keep the test to a few seconds it does not create a new .venv: the
Makefile's VENV points at this checkout's (its install stamp kept current by
giving the clone's requirements.txt an old date, so nothing is installed into
it), and the device libraries' download cache (.cache/device-libs) is copied
in. The clone's `make test` (the whole suite and the gate, some minutes) is not
run from inside the suite; run it by hand in a fresh clone.
"""

import os
import shutil
import subprocess

import pytest

from tools.build import MANIFEST, ROOT, SETTINGS

VENV = os.path.join(ROOT, ".venv")
STAMP = os.path.join(VENV, ".sanbon-installed")


def _cannot_clone():
    """Why this checkout cannot be cloned here, or None (then the tests run: never skipped)."""
    if not shutil.which("git") or not shutil.which("make"):
        return "needs git and make"
    r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--git-dir"], capture_output=True, text=True)
    if r.returncode != 0:
        return "%s is not a git checkout" % ROOT
    if not os.path.isfile(STAMP):
        return "needs this checkout's .venv, installed by make (%s)" % STAMP
    return None


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    why = _cannot_clone()
    assert why is None, why
    where = tmp_path_factory.mktemp("fresh") / "sanbon"
    subprocess.run(["git", "clone", "-q", ROOT, str(where)], check=True, capture_output=True)
    os.utime(where / "requirements.txt", (0, 0))  # older than the .venv's install stamp
    cache = os.path.join(ROOT, ".cache", "device-libs")
    if os.path.isdir(cache):
        shutil.copytree(cache, where / ".cache" / "device-libs")
    return where


def make(clone, *args):
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "PY", "DRIVE", "ARGS", "FULL")}
    return subprocess.run(["nice", "-n", "19", "make", "--no-print-directory", "VENV=" + VENV] + list(args),
                          cwd=clone, env=env, capture_output=True, text=True, timeout=600)


def tree(folder):
    found = {}
    for base, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(base, n)
            with open(p, "rb") as f:
                found[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return found


def untracked(clone):
    """What git sees changed or new in the clone (dist/ and .cache/ are ignored)."""
    out = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True)
    return out.stdout.strip()


def test_deploy_without_drive_prints_usage_before_building(clone):
    r = make(clone, "deploy")
    assert r.returncode != 0
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and "usage: make deploy DRIVE=" in lines[0], lines
    assert not (clone / "dist").exists()


def test_deploy_to_a_plain_folder_stops_before_building(clone, tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "code.py").write_text("my own program\n")
    for drive in (str(folder), ".", "engine"):
        r = make(clone, "deploy", "DRIVE=" + drive)
        assert r.returncode != 0
        err = [ln for ln in r.stderr.splitlines() if not ln.startswith("make: ***")]
        assert len(err) == 1 and err[0].startswith("deploy failed: "), r.stderr
        assert "Traceback" not in r.stderr
        assert not (clone / "dist").exists()
    assert tree(folder) == {"code.py": b"my own program\n"}
    assert untracked(clone) == ""


def test_build_then_deploy_as_the_readme_says(clone, tmp_path):
    r = make(clone, "build")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Built dist/CIRCUITPY (.mpy)" in r.stdout
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2025-05-28; Raspberry Pi Pico\n")
    r = make(clone, "deploy", "DRIVE=" + str(drive))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "wrote settings.toml" in r.stdout
    files = tree(drive)
    assert files["code.py"] == (clone / "code.py").read_bytes()
    assert files[SETTINGS] == (clone / "tools" / "settings.toml.in").read_bytes()
    for rel in ("lib/sanbon/__init__.mpy", "lib/sanbon/app.mpy", "boards/__init__.mpy",
                "boards/pico_display2.mpy", "boards/picosystem.mpy", "engine/__init__.mpy",
                "lib/neopixel.mpy"):
        assert files[rel][:2] == b"C\x06", rel
    sanbon = [f for f in files if f.startswith("lib/sanbon/") and f.endswith(".mpy")]
    assert len(sanbon) > 20
    assert [f for f in files if f.endswith(".py")] == ["code.py"]
    listed = files[MANIFEST].decode().split()
    assert set(listed) == set(files) - {MANIFEST, SETTINGS, "boot_out.txt"}
    assert set(files) == set(tree(clone / "dist" / "CIRCUITPY")) | {"boot_out.txt"}

    # The maker's own settings, then a PY=1 deploy: settings kept, no .mpy twin left to shadow a .py.
    (drive / SETTINGS).write_text('SANBON_BOARD = "pico_display"\n')
    r = make(clone, "deploy", "DRIVE=" + str(drive), "PY=1")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Built dist/CIRCUITPY (.py)" in r.stdout and "kept the drive's own settings.toml" in r.stdout
    files = tree(drive)
    assert files[SETTINGS] == b'SANBON_BOARD = "pico_display"\n'
    assert "lib/sanbon/app.py" in files and "lib/sanbon/app.mpy" not in files
    assert not [f for f in files if f.endswith(".mpy")]
    assert untracked(clone) == ""
