"""tools.build: the CIRCUITPY tree that `make build` lays out."""

import ast
import os
import re
import tomllib

import pytest

from tools import build as build_mod
from tools import mpyc


def files_on_disk(out):
    found = set()
    for base, _, names in os.walk(out):
        for n in names:
            found.add(os.path.relpath(os.path.join(base, n), out).replace(os.sep, "/"))
    found.discard(build_mod.MANIFEST)
    found.discard(build_mod.SETTINGS)  # not ours once on the drive: never in the manifest
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


# --- settings.toml -----------------------------------------------------------

def _call_name(node):
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def device_getenv_keys():
    """{key: file} of every setting that code.py, boards/ and lib/ read with os.getenv,
    directly or through a helper that hands its parameter on (boards.setting(key),
    boards.flag(key, default), ...). Fails on a key that is not a literal name."""
    trees = {}
    for rel in mpyc.device_sources(mpyc.ROOT):
        with open(os.path.join(mpyc.ROOT, rel), encoding="utf-8") as f:
            trees[rel] = ast.parse(f.read(), rel)
    readers = {"getenv"}  # functions whose first argument is a settings key
    while True:  # a function that passes its own parameter to a reader is a reader too
        found = set(readers)
        for tree in trees.values():
            for fn in ast.walk(tree):
                if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
                    continue
                params = {a.arg for a in fn.args.args}
                for call in ast.walk(fn):
                    if isinstance(call, ast.Call) and _call_name(call) in readers and call.args \
                            and isinstance(call.args[0], ast.Name) and call.args[0].id in params:
                        found.add(fn.name)
        if found == readers:
            break
        readers = found
    keys = {}
    for rel, tree in trees.items():
        helpers = {fn for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name in readers}
        forwarded = {id(c) for fn in helpers for c in ast.walk(fn) if isinstance(c, ast.Call)
                     and c.args and isinstance(c.args[0], ast.Name)
                     and c.args[0].id in {a.arg for a in fn.args.args}}
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or _call_name(call) not in readers or id(call) in forwarded:
                continue
            arg = call.args[0] if call.args else None
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str) and \
                re.fullmatch(r"[A-Z][A-Z0-9_]*", arg.value), (
                    "%s:%d: %s(...): name the setting literally, so that tools/settings.toml.in "
                    "can be checked against it" % (rel, call.lineno, _call_name(call)))
            keys.setdefault(arg.value, rel)
    return keys


def template():
    with open(build_mod.SETTINGS_TEMPLATE, encoding="utf-8") as f:
        return f.read()


def test_device_code_reads_known_settings():
    keys = device_getenv_keys()
    # the settings the docs name; a new one must reach the template (next test)
    assert {"SANBON_BOARD", "SANBON_DEBUG", "SANBON_SEED", "SANBON_RESTART"} <= set(keys)


def test_template_names_every_setting_the_device_reads():
    text = template()
    offered = re.findall(r"^# ([A-Z][A-Z0-9_]*) = ", text, re.M)
    missing = sorted(set(device_getenv_keys()) - set(offered))
    assert not missing, "tools/settings.toml.in lacks %s (read by %s)" % (
        ", ".join(missing), ", ".join(device_getenv_keys()[k] for k in missing))
    assert len(offered) == len(set(offered))
    # each setting has its explanation above it
    for key in offered:
        before = text.split("# %s = " % key)[0].rstrip().splitlines()
        assert before and before[-1].startswith("# ") and "=" not in before[-1].split()[1:2], key


def test_template_is_all_comments_and_valid_once_uncommented():
    text = template()
    for n, line in enumerate(text.splitlines(), 1):
        assert line == "" or line.startswith("#"), "settings.toml.in:%d is not a comment" % n
        assert line.isascii() and len(line) <= 80, "settings.toml.in:%d" % n
    assert tomllib.loads(text) == {}  # as shipped, it sets nothing
    lines = re.findall(r"^# ([A-Z][A-Z0-9_]* = .*)$", text, re.M)
    values = tomllib.loads("\n".join(lines))
    assert set(values) == set(re.findall(r"^# ([A-Z][A-Z0-9_]*) = ", text, re.M))
    import boards

    assert values["SANBON_BOARD"] in boards.NAMES and values["SANBON_BOARD"] != "desktop"
    for key in ("SANBON_DEBUG", "SANBON_SEED", "SANBON_RESTART"):
        assert isinstance(values[key], int), key
    # every board a maker may name is described
    for name in boards.NAMES:
        if name != "desktop":
            assert '"%s"' % name in text, name


def test_build_ships_the_template_outside_the_manifest(mpy_build):
    out, result = mpy_build
    with open(os.path.join(out, build_mod.SETTINGS), encoding="utf-8") as f:
        assert f.read() == template()
    assert result["settings"] == build_mod.SETTINGS
    assert build_mod.SETTINGS not in result["files"]  # never deleted by a later deploy
    settings = -(-os.path.getsize(os.path.join(out, build_mod.SETTINGS)) // 512) * 512
    manifest = -(-os.path.getsize(os.path.join(out, build_mod.MANIFEST)) // 512) * 512
    assert result["drive_bytes"] == manifest + settings + sum(
        -(-os.path.getsize(os.path.join(out, f)) // 512) * 512 for f in result["files"])


def test_py_build_ships_the_template_too(py_build):
    out, _ = py_build
    assert os.path.isfile(os.path.join(out, build_mod.SETTINGS))
