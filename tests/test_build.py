"""tools.build: the CIRCUITPY tree that `make build` lays out."""

import os

import pytest

from tools import build as build_mod
from tools import mpyc


def files_on_disk(out):
    found = set()
    for base, _, names in os.walk(out):
        for n in names:
            found.add(os.path.relpath(os.path.join(base, n), out).replace(os.sep, "/"))
    found.discard(build_mod.MANIFEST)
    return found


@pytest.fixture(scope="module")
def mpy_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("mpy") / "CIRCUITPY")
    return out, build_mod.build(out=out, quiet=True)


@pytest.fixture(scope="module")
def py_build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("py") / "CIRCUITPY")
    return out, build_mod.build(out=out, py=True, quiet=True)


def test_mpy_files_are_circuitpython_v6(mpy_build):
    out, result = mpy_build
    mpys = [f for f in result["files"] if f.endswith(".mpy")]
    assert len(mpys) > 5
    for rel in mpys:
        with open(os.path.join(out, rel), "rb") as f:
            head = f.read(2)
        assert head[0:1] == b"C" and head[1] == 6, rel


def test_layout(mpy_build):
    out, result = mpy_build
    with open(os.path.join(out, "code.py"), "rb") as f, open(os.path.join(mpyc.ROOT, "code.py"), "rb") as g:
        assert f.read() == g.read()
    for rel in ("engine/rng.mpy", "engine/__init__.mpy", "lib/sanbon/__init__.mpy",
                "lib/neopixel.mpy"):
        assert os.path.isfile(os.path.join(out, rel)), rel
    assert [f for f in files_on_disk(out) if f.endswith(".py")] == ["code.py"]
    assert not [f for f in files_on_disk(out) if "dist-info" in f or "/examples/" in f]
    # the device boards and the app ship; the simulator board does not
    for rel in ("boards/picosystem.mpy", "boards/pico_display2.mpy", "boards/pico_display.mpy",
                "lib/sanbon/app.mpy", "lib/sanbon/store.mpy"):
        assert os.path.isfile(os.path.join(out, rel)), rel
    assert not os.path.exists(os.path.join(out, "boards", "desktop.mpy"))
    assert result["libs"] == ["neopixel"]  # the ST7789 needs no driver library (boards/_common.py)
    # text is drawn by sanbon.ui.Text over the built-in font: no text library ships
    assert not [f for f in files_on_disk(out) if "display_text" in f]


def test_manifest_matches_disk(mpy_build):
    out, result = mpy_build
    with open(os.path.join(out, build_mod.MANIFEST)) as f:
        lines = f.read().splitlines()
    assert lines == sorted(lines) == result["files"]
    assert set(lines) == files_on_disk(out)


def test_sizes(mpy_build):
    out, r = mpy_build
    assert r["total_bytes"] == sum(os.path.getsize(os.path.join(out, f)) for f in r["files"])
    assert r["total_bytes"] == r["our_bytes"] + r["lib_bytes"]
    assert r["drive_bytes"] % 512 == 0 and r["drive_bytes"] >= r["total_bytes"]
    assert r["capacity"] == 1024 * 1024
    assert r["drive_bytes"] < r["capacity"]


def test_py_build_ships_sources(py_build):
    out, result = py_build
    on_disk = files_on_disk(out)
    assert not [f for f in on_disk if f.endswith(".mpy")]
    for rel in ("code.py", "engine/rng.py", "lib/sanbon/ui.py",
                "lib/neopixel.py"):
        assert rel in on_disk
    with open(os.path.join(out, "engine/rng.py"), "rb") as f, \
            open(os.path.join(mpyc.ROOT, "engine/rng.py"), "rb") as g:
        assert f.read() == g.read()
    assert set(result["files"]) == on_disk


def test_rebuild_wipes_old_output(tmp_path, mpy_build):
    out = tmp_path / "CIRCUITPY"
    out.mkdir()
    (out / build_mod.MANIFEST).write_text("old.mpy\n")
    (out / "old.mpy").write_bytes(b"C\x06")
    build_mod.build(out=str(out), py=True, quiet=True)
    assert not (out / "old.mpy").exists()
    assert (out / "code.py").exists()


def test_refuses_to_wipe_a_foreign_folder(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(build_mod.BuildError, match="refusing"):
        build_mod.build(out=str(tmp_path), quiet=True)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


@pytest.fixture
def bad_root(tmp_path):
    root = tmp_path / "repo"
    (root / "engine").mkdir(parents=True)
    (root / "engine" / "__init__.py").write_text("")
    (root / "engine" / "bad.py").write_text("def broken(:\n    pass\n")
    (root / "code.py").write_text("print('hi')\n")
    # Never fetched: our code compiles (and fails) before any download.
    (root / "requirements-device.txt").write_text("no-such-package-sanbon==1.0\n")
    return root


def test_syntax_error_names_the_file(bad_root, tmp_path):
    with pytest.raises(mpyc.CompileError, match="engine/bad.py"):
        mpyc.compile_tree(str(tmp_path / "out"), root=str(bad_root), circuitpython=True)


def test_build_reports_syntax_error_without_traceback(bad_root, tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    monkeypatch.setattr(build_mod, "ROOT", str(bad_root))
    assert build_mod.main(["--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "build failed" in err and "engine/bad.py" in err and "Traceback" not in err
    assert not out.exists()  # no half build left to deploy


def test_download_failure_is_clear(tmp_path, monkeypatch, capsys):
    req = tmp_path / "requirements-device.txt"
    req.write_text("adafruit-circuitpython-st7789==2.1.5\n")
    # An index nobody listens on: pip fails at once, without the network.
    monkeypatch.setenv("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
    monkeypatch.setenv("PIP_RETRIES", "0")
    monkeypatch.setenv("PIP_TIMEOUT", "2")
    monkeypatch.setenv("PIP_NO_CACHE_DIR", "1")
    with pytest.raises(build_mod.BuildError) as e:
        build_mod.build(out=str(tmp_path / "out"), py=True, quiet=True,
                        requirements=str(req), cache=str(tmp_path / "empty-cache"))
    msg = str(e.value)
    assert "adafruit-circuitpython-st7789==2.1.5" in msg and "PyPI must be reachable" in msg
    assert not (tmp_path / "out").exists()


def test_requirements_are_pinned():
    pins = build_mod.read_requirements(os.path.join(mpyc.ROOT, "requirements-device.txt"))
    names = [n for n, _ in pins]
    assert names == ["adafruit-circuitpython-neopixel"]  # the ST7789 needs no library (boards/_common.py)
    assert "adafruit-circuitpython-pixelbuf" not in names  # built into CircuitPython
    assert all(v[0].isdigit() for _, v in pins)
