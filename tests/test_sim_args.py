"""tools.sim's wrong turns: no window, a bad argument, a save left by an
earlier run, and the keyboard against the names on the screen."""

import os
import subprocess
import sys

import pytest

from tools import sim as simtool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable


def run(args, env=None, timeout=60):
    """tools.sim in a child process that cannot hang the test."""
    e = dict(os.environ)
    for k, v in (env or {}).items():
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    return subprocess.run([PY, "-m", "tools.sim"] + args, cwd=ROOT, env=e, capture_output=True, text=True,
                          timeout=timeout)


def one_error_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    assert len(lines) == 1, lines
    assert "Traceback" not in text
    return lines[0]


# -- no window ----------------------------------------------------------

@pytest.mark.parametrize("env", [
    {"SDL_VIDEODRIVER": "offscreen"},
    {"SDL_VIDEODRIVER": "dummy"},
    {"SDL_VIDEODRIVER": None, "DISPLAY": ":987", "WAYLAND_DISPLAY": None},  # a broken DISPLAY
], ids=["offscreen", "dummy", "broken-DISPLAY"])
def test_no_window_is_one_line_and_exit_1(env, tmp_path):
    if "DISPLAY" in env and not sys.platform.startswith("linux"):
        pytest.skip("DISPLAY is X11's")
    nvm = tmp_path / "n.bin"
    r = run(["--nvm", str(nvm)], env)  # without the check this would wait for keys for good
    assert r.returncode == 1
    line = one_error_line(r.stderr)
    assert line.startswith("python -m tools.sim: error: no window can be shown (")
    assert "display" in line and "--headless --screenshot out.png" in line
    if "DISPLAY" in env:
        assert "DISPLAY=:987 cannot be opened" in line
    assert not nvm.exists()  # nothing written


def test_no_window_writes_no_save(tmp_path):
    # a plain window run would make .cache/sim-nvm-BOARD.bin under ROOT
    code = "import sys, tools.sim as s; s.ROOT = sys.argv[1]; sys.exit(s.main([]))"
    r = subprocess.run([PY, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, SDL_VIDEODRIVER="offscreen"))
    assert r.returncode == 1 and "no window can be shown" in one_error_line(r.stderr)
    assert not (tmp_path / ".cache").exists()


def test_a_usable_display_passes_the_check(monkeypatch):
    import pygame

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    calls = []
    monkeypatch.setattr(pygame.display, "init", lambda: calls.append("init"))
    monkeypatch.setattr(pygame.display, "quit", lambda: calls.append("quit"))
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert simtool.window_problem() is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setenv("DISPLAY", ":5")
    assert simtool.window_problem() == "DISPLAY=:5 cannot be opened"
    assert calls.count("quit") == calls.count("init") == 2  # the probe leaves no display open


# -- bad arguments: argparse's one line, exit 2, before anything runs -----------

BAD = [
    (["--press", "A,Q,A"], "argument --press: item 2, unknown button 'Q'"),
    (["--press", "WAIT:abc"], "argument --press: item 1, 'WAIT:abc': a wait is whole milliseconds"),
    (["--press", "WAIT:-5"], "a wait is whole milliseconds"),
    (["--seed", "-1"], "argument --seed: '-1': a seed is a whole number from 0 to 1073741823"),
    (["--seed", "1073741824"], "a seed is a whole number"),
    (["--seed", "abc"], "a seed is a whole number"),
    (["--nvm", "{tmp}"], "is a folder: give a file name"),
    (["--nvm", "{tmp}/notes.txt"], "is not a simulator save (5 bytes; a save is 4096)"),
    (["--nvm", "{tmp}/notes.txt/n.bin"], "is a file, not a folder"),
    (["--screenshot", "{tmp}/out.jpg"], "is not a .png file name"),
    (["--screenshot", "{tmp}/shots.png"], "is a folder"),
    (["--board", "gameboy"], "argument --board: invalid choice: 'gameboy'"),
    (["--jump"], "unrecognized arguments: --jump"),
]


@pytest.mark.parametrize("args, says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_argument_is_one_line(args, says, tmp_path, capsys, monkeypatch):
    (tmp_path / "notes.txt").write_text("mine\n")
    (tmp_path / "shots.png").mkdir()
    monkeypatch.setattr(simtool, "ROOT", str(tmp_path / "root"))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(SystemExit) as e:
        simtool.main(["--headless"] + args)
    assert e.value.code == 2
    err = capsys.readouterr()
    line = one_error_line(err.err)
    assert line.startswith("python -m tools.sim: error: ") and says in line
    assert err.out == ""  # nothing ran
    assert sorted(os.listdir(tmp_path)) == before and (tmp_path / "notes.txt").read_text() == "mine\n"


def test_a_bad_press_stops_the_script_before_its_first_press(tmp_path):
    sim = simtool.Sim("pico_display", nvm_path=None)
    before = sim.text()
    with pytest.raises(ValueError, match="unknown button 'Q'"):
        sim.press("Y,Y,Q")
    assert sim.text() == before  # the two Y did not run
    assert simtool.parse_script("up, down,WAIT, wait:250,pause,,a") == ["X", "Y", 1000, 250, "HOLD_B", "A"]


def test_a_bad_argument_on_the_command_line_has_no_usage_block(tmp_path):
    r = run(["--headless", "--press", "A,Q,A", "--nvm", str(tmp_path / "n.bin")], {"SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 2 and r.stdout == ""
    assert "unknown button 'Q'" in one_error_line(r.stderr)
    assert not (tmp_path / "n.bin").exists()


# -- scripted runs start from a fresh save ------------------------------------

def _leave_a_saved_game(path):
    sim = simtool.Sim("pico_display2", seed=3, nvm_path=path)
    sim.choose("Kyudo")
    sim.choose("Start")
    sim.press("HOLD_B")
    sim.choose("Quit to menu")
    assert any(t.startswith("Continue") for t in sim.app.top.menu.items)


def test_scripted_runs_ignore_the_window_runs_save(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(simtool, "ROOT", str(tmp_path))
    default = tmp_path / ".cache" / "sim-nvm-pico_display2.bin"
    default.parent.mkdir()
    # the README's example, on a fresh save
    assert simtool.main(["--headless", "--press", "Y,Y,A", "--seed", "3"]) == 0
    fresh = capsys.readouterr().out
    _leave_a_saved_game(str(default))
    saved = default.read_bytes()
    capsys.readouterr()
    assert simtool.main(["--headless", "--press", "Y,Y,A", "--seed", "3"]) == 0
    assert capsys.readouterr().out == fresh  # the same screen, whatever an earlier run left
    assert default.read_bytes() == saved  # and the window run's save untouched
    assert simtool.main(["--headless"]) == 0
    assert "Continue" not in capsys.readouterr().out
    # --nvm names a save to use: then it is there
    assert simtool.main(["--headless", "--nvm", str(default)]) == 0
    assert "Continue: Kyudo" in capsys.readouterr().out


def test_screenshot_run_makes_its_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(simtool, "ROOT", str(tmp_path / "root"))
    out = tmp_path / "new" / "menu.png"
    assert simtool.main(["--board", "pico_display", "--screenshot", str(out)]) == 0
    assert out.exists() and not (tmp_path / "root").exists()  # no save file either


# -- the keyboard --------------------------------------------------------------

def test_window_keys_are_the_buttons_names():
    import pygame

    from boards import KEY_A, KEY_B, KEY_X, KEY_Y
    from boards.desktop import KEYMAP

    assert KEYMAP[pygame.K_a] == KEY_A and KEYMAP[pygame.K_b] == KEY_B
    assert KEYMAP[pygame.K_x] == KEY_X and KEYMAP[pygame.K_y] == KEY_Y
    # --help lists exactly the map: each button's keys, as pygame names them
    spoken = {"enter": {"return", "enter"}, "esc": {"escape"}}
    number = {"A": KEY_A, "B": KEY_B, "X": KEY_X, "Y": KEY_Y}
    for button, _, keys in simtool.KEYS_HELP:
        said = set()
        for k in keys.split(","):
            k = k.strip().lower()
            said |= spoken.get(k, {k})
        mapped = {pygame.key.name(code) for code, key in KEYMAP.items() if key == number[button]}
        assert said == mapped, button


def test_help_shows_the_key_map(capsys):
    with pytest.raises(SystemExit) as e:
        simtool.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    rows = [" ".join(l.split()) for l in out.splitlines()]
    for button, what, keys in simtool.KEYS_HELP:
        assert "%s %s %s" % (button, what, keys) in rows
    assert "fresh save" in out


def test_y_moves_down_x_up_and_b_goes_back_in_the_window():
    import pygame

    sim = simtool.Sim("pico_display2", nvm_path=None)

    def key(code):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
            assert sim.board.poll_window()
            sim.step()

    menu = sim.app.top.menu
    assert menu.index == 0
    key(pygame.K_y)
    assert sim.app.top.menu.index == 1
    key(pygame.K_y)
    key(pygame.K_x)
    assert sim.app.top.menu.index == 1
    before = sim.text()
    key(pygame.K_a)  # select
    assert sim.text() != before
    key(pygame.K_b)  # back
    assert sim.text() == before
