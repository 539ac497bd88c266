"""The browser page's input logs (tools/weblog.py, issue 32): a walk of the
simulator recorded as ops, replayed from its ops alone to the same frames,
and a replay that can fail."""

import json
import re

import pytest

import sim_helpers  # noqa: F401  (headless SDL before the simulator loads)
from tools import tour, weblog
from tools.sim import Sim

HEX = re.compile(r"^[0-9a-f]{64}$")


@pytest.fixture(scope="module")
def shell():
    """The shell's tour walk on 240x135, recorded, with the tour's own
    Recorder looking too (its --pixels digest and frames)."""
    rec = tour.Recorder("pico_display", pixels=True)
    calls = []
    look = tour.Recorder.look

    def counting(self, sim, where):
        calls.append(where)
        return look(self, sim, where)

    tour.Recorder.look = counting
    try:
        (log,) = weblog.record_tour("shell", "pico_display", recorder=rec)
    finally:
        tour.Recorder.look = look
    return log, rec, calls


def check_ops(ops):
    assert ops[0][0] == "boot"
    for i, op in enumerate(ops):
        kind = op[0]
        if kind == "boot":
            assert len(op) == 6, op
            seed, nvm, restart, note, strict = op[1:]
            assert seed is None or isinstance(seed, int)
            assert isinstance(nvm, str) and (nvm == "" or re.match("^[0-9a-f]{8192}$", nvm))
            assert restart in (0, 1) and strict in (0, 1) and isinstance(note, str)
        elif kind == "key":
            assert len(op) == 3 and isinstance(op[1], int) and op[2] in (0, 1), op
        elif kind == "step":
            assert len(op) == 3 and isinstance(op[1], int) and op[1] >= 0 and isinstance(op[2], int) and op[2] >= 1
            before = ops[i - 1]
            assert not (before[0] == "step" and before[1] == op[1]), "two steps of %d ms not merged" % op[1]
        else:
            assert kind == "look" and len(op) == 3 and HEX.match(op[1]) and isinstance(op[2], str), op


def test_a_recorded_walk_replays_to_the_same_frames(shell):
    log, rec, calls = shell
    data = json.loads(weblog.dump(log))  # what the page reads
    assert sorted(data) == ["name", "ops", "size"] and data["size"] == "pico_display"
    ops = data["ops"]
    check_ops(ops)
    assert [op[0] for op in ops].count("boot") == 1  # one Sim: one boot
    assert ops[0][1:] == [7, "", 0, "", 1]  # the shell walk's seed 7, a fresh save
    looks = [op for op in ops if op[0] == "look"]
    assert len(looks) == len(calls) == log.looks > 100  # every Recorder.look, once
    assert any(op[0] == "step" and op[2] > 1 for op in ops)  # merged
    assert {op[2] for op in looks} >= {"MainMenu", "SetupScreen", "SettingsScreen", "AboutScreen", "GameScreen"}
    assert len({op[1] for op in looks}) > 50  # frames that differ
    assert weblog.replay(data) == []


def test_recording_leaves_the_tour_as_it_was(shell):
    """The same frames, pixel for pixel, and the same findings as the tour run alone."""
    _, rec, _ = shell
    alone = tour.tour("pico_display", "shell", pixels=True)
    assert rec.pixels.hexdigest() == alone.pixels.hexdigest()
    assert (rec.frames, rec.found) == (alone.frames, alone.found)


def test_a_replay_without_one_key_reports_the_frames_that_differ(shell):
    log, _, _ = shell
    ops = [list(op) for op in log.ops]
    i = [k for k, op in enumerate(ops) if op[0] == "key" and op[2] == 1][3]  # a press in the main menu
    broken = {"size": log.size, "name": log.name, "ops": ops[:i] + ops[i + 1:]}
    differ = weblog.replay(broken)
    assert differ, "a log with a key left out replayed to the same frames"
    index, screen, expected, got = differ[0]
    looks = [op for op in ops if op[0] == "look"]
    assert looks[index][1] == expected != got and HEX.match(got)
    # and a wrong digest in the log is caught at its look
    ops2 = [list(op) for op in log.ops]
    k = [n for n, op in enumerate(ops2) if op[0] == "look"][5]
    ops2[k][1] = "0" * 64
    assert [d[0] for d in weblog.replay({"size": log.size, "name": "x", "ops": ops2})] == [5]


def test_the_nvm_at_boot_travels_with_the_log(tmp_path):
    """A second Sim on the first one's save file: its boot op holds the
    bytes, and a replay without them shows other frames."""
    path = str(tmp_path / "n.bin")
    with weblog.Recording() as r:
        a = Sim("pico_display", seed=3, nvm_path=path)
        a.choose("Settings")
        row = [t for t in a.app.top.menu.items if t.startswith("Computer speed:")][0]
        a.choose(row)  # another speed: saved
        a.press("B")
        saved = open(path, "rb").read()
        b = Sim("pico_display", seed=3, nvm_path=path)
        b.choose("Settings")
        b.screenshot(str(tmp_path / "settings.png"))  # a look
    first, second = r.logs
    assert first.ops[0][2] == "" and first.looks == 0
    nvm = second.ops[0][2]
    assert len(nvm) == 8192 and bytes.fromhex(nvm) == saved
    assert second.looks == 1 and second.ops[-1][2] == "SettingsScreen"
    assert weblog.replay(second) == []
    blank = json.loads(weblog.dump(second))
    blank["ops"][0][2] = ""
    assert len(weblog.replay(blank)) == 1  # the speed row reads otherwise


def test_the_device_plans_record_with_restarts_and_a_power_cycle():
    from tools.device import plan

    runs = [("handover", plan.handover(), None), ("continue", plan.continued(), "handover")]
    handover, cont = weblog.record_plans("pico_display", runs)
    assert [handover.name, cont.name] == ["plans-handover", "plans-continue"]
    for log in (handover, cont):
        check_ops(log.ops)
        assert log.ops[0][1] == 16 and log.ops[0][3] == 1  # the device check's seed; its restart after a game
        assert weblog.replay(log) == []
    assert handover.ops[0][2] == "" and cont.ops[0][2] != ""  # the saved game, after the power cycle
    assert [op[2] for op in handover.ops if op[0] == "look"] == ["MainMenu", "HandOverScreen", "GameScreen", "MainMenu"]
    hand = [op[1] for op in handover.ops if op[0] == "look"][2]
    assert [op[1] for op in cont.ops if op[0] == "look"][-1] == hand  # the same hand after the reboot
    assert {name for name, _, _ in weblog.plan_runs("pico_display2")} == {
        "chain", "titles", "tour", "handover", "continue", "firstboot"}


def test_what_no_input_can_do_cuts_the_log(tmp_path):
    with weblog.Recording() as r:
        sim = Sim("pico_display", seed=1)
        sim.press("Y")
        sim.board.nvm[0:4] = b"\0\0\0\0"  # behind the Sim's back
        sim.press("Y")
        fake = Sim("pico_display", seed=1)
        from tools.games import kendo

        with pytest.raises(Exception):
            kendo.kendo_over_twelve(fake, 3)  # a poke the tour makes (POKED): no game here, so it fails
    log, poked = r.logs
    assert log.cut == "the NVM written behind the Sim's back"
    assert log.ops[-1] == ["step", 20, 1] and [op[0] for op in log.ops].count("key") == 2  # the first press only
    assert poked.cut is None and poked.ops[-1] == ["poke", "kendo_over_twelve", [3]]  # carried, not cut
    assert kendo.kendo_over_twelve.__name__ == "kendo_over_twelve"  # unhooked after
