"""tools.replay's wrong turns: each bad argument or record is one line
(no traceback), and nothing is written."""

import binascii
import os
import subprocess
import sys

import pytest

from tools import replay
from tools import sim as simtool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def line():
    """A real record: a Kyudo game just started (no moves yet)."""
    from sanbon import records

    sim = simtool.Sim("pico_display2", seed=7, nvm_path=None, render=False)
    sim.choose("Kyudo")
    sim.choose("Start")
    data = records.record(sim.app.session)
    return "SANBON-RECORD " + binascii.b2a_base64(data).decode().strip()


def one_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    assert len(lines) == 1, lines
    assert "Traceback" not in text
    return lines[0]


def bad(args, capsys):
    """main(args) -> exit 2 with one line on stderr, nothing on stdout."""
    try:
        rc = replay.main(args)
    except SystemExit as e:
        rc = e.code
    assert rc == 2
    err = capsys.readouterr()
    assert err.out == ""
    line = one_line(err.err)
    assert line.startswith("python -m tools.replay: error: ")
    return line


def test_a_missing_record_file_says_so(tmp_path, capsys):
    for name in ("missing.txt", str(tmp_path / "none" / "rec.txt"), "records/game1"):
        assert "no file %s, and it is not a record" % name in bad([name], capsys)


def test_a_folder_an_empty_file_and_a_binary_file(tmp_path, capsys):
    assert "is a folder, not a record file" in bad([str(tmp_path)], capsys)
    (tmp_path / "empty.txt").write_text("\n")
    assert "no record found" in bad([str(tmp_path / "empty.txt")], capsys)
    (tmp_path / "blob.bin").write_bytes(b"\xff\xfe\x00\x81" * 10)
    assert "cannot read" in bad([str(tmp_path / "blob.bin")], capsys)


def test_a_damaged_line(line, tmp_path, capsys):
    assert "not a Sanbon record" in bad([line[:-3] + "!!!"], capsys)
    (tmp_path / "cut.txt").write_text(line[:-5] + "\n")
    assert "not a Sanbon record" in bad([str(tmp_path / "cut.txt")], capsys)
    assert "not a Sanbon record" in bad(["QUJD"], capsys)  # base64 of "ABC"


def test_a_damaged_setup(line, capsys):
    data = bytearray(binascii.a2b_base64(line.split()[1]))
    data[6] = 9  # 9 players
    assert "setup is damaged" in bad([binascii.b2a_base64(bytes(data)).decode().strip()], capsys)


BAD = [
    (["--sim", "--board", "gameboy"], "argument --board: invalid choice: 'gameboy'"),
    (["--sim", "--delay", "-5"], "argument --delay: '-5': the delay is whole milliseconds"),
    (["--sim", "--delay", "soon"], "the delay is whole milliseconds"),
    (["--sim", "--headless", "--shots", "{tmp}/notes.txt"], "argument --shots: {tmp}/notes.txt is a file, not a folder"),
    (["--sim", "--headless", "--shots", "{tmp}/notes.txt/d"], "is a file, not a folder"),
    (["--board", "picosystem"], "--board works only with --sim"),
    (["--headless", "--shots", "{tmp}/d"], "--headless and --shots works only with --sim"),
    (["--jump"], "unrecognized arguments: --jump"),
]


@pytest.mark.parametrize("args, says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_argument_is_one_line(args, says, line, tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine\n")
    before = sorted(os.listdir(tmp_path))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert says.replace("{tmp}", str(tmp_path)) in bad(args + [line], capsys)
    assert sorted(os.listdir(tmp_path)) == before


def test_sim_without_a_window_is_one_line_and_writes_nothing(line, tmp_path):
    shots = tmp_path / "shots"
    r = subprocess.run([sys.executable, "-m", "tools.replay", line, "--sim", "--shots", str(shots)], cwd=ROOT,
                       env=dict(os.environ, SDL_VIDEODRIVER="offscreen"), capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stdout == ""
    msg = one_line(r.stderr)
    assert msg.startswith("python -m tools.replay: error: no window can be shown (") and "--headless" in msg
    assert not shots.exists()


def test_a_good_record_still_replays(line, tmp_path, capsys):
    assert replay.main([line]) == 0
    assert capsys.readouterr().out.startswith("Kyudo, ")
    (tmp_path / "rec.txt").write_text("some console noise\n" + line + "\n")
    shots = tmp_path / "new" / "shots"
    assert replay.main([str(tmp_path / "rec.txt"), "--sim", "--headless", "--board", "pico_display",
                        "--shots", str(shots)]) == 0
    assert os.listdir(shots) == []  # no moves yet: no shots, but the folder is made
