"""The device checks' plans (tools/device/plan.py) played in the simulator,
and what tools/device/report.py reads from a console. The emulated Pico
runs the same plans in `make device`; here the host proves each button
sequence does what the plan says it does."""

import os

import pytest

from tools.device import plan, report


def test_each_setup_sequence_makes_two_computer_seats_and_lands_on_start(tmp_path):
    # Okko's partners are named for what they do; Kendo's Duel offers Easy and Normal
    names = {"okko": ("Forgetful", "Steady"), "kendo": ("Normal", "Normal")}
    for game, title in (("kyudo", "Setup: Kyudo"), ("kendo", "Setup: Kendo Duel"), ("okko", "Setup: Okko")):
        p = {"steps": plan.boot() + list(plan.INSTANT) + [{"press": plan.SETUP[game]}]}
        lines, marks = plan.in_sim(p, "pico_display", nvm_path=str(tmp_path / game))
        reports = [s for s in lines if s.startswith("sanbon mem: ")]
        assert reports[-1].endswith("after SetupScreen"), reports[-3:]
        from tools.sim import Sim  # the screen itself: replay the presses and read it

        sim = Sim("pico_display", nvm_path=str(tmp_path / (game + "2")))
        sim.press("Y,Y,Y,Y,A,Y,Y,A,B,X,X,X,X", plan.SETUP[game])
        text = sim.text()
        assert text.startswith(title), text
        hard, normal = names.get(game, ("Hard", "Normal"))
        assert "P1: Computer (%s)" % hard in text and "P2: Computer (%s)" % normal in text, text
        assert "> Start" in text, text


def test_a_chain_plays_each_game_to_its_end_and_restarts_into_the_menu(tmp_path):
    games = ("kendo", "kyudo", "kendo")
    lines, marks = plan.in_sim(plan.chain(games), "pico_display2", seed=16, nvm_path=str(tmp_path / "n"))
    names = [n for _, n in marks]
    for i, g in enumerate(games):
        for suffix in ("", " end", " menu"):
            assert "%d_%s%s" % (i + 1, g, suffix) in names
    # after each game: its End screen, the "Loading" frame, then a new start's main menu
    at = dict((n, i) for i, n in marks)
    for i, g in enumerate(games):
        seg = lines[at["%d_%s end" % (i + 1, g)]:at["%d_%s menu" % (i + 1, g)]]
        assert seg[-1].endswith("after MainMenu"), seg
        assert any(s.endswith("after LoadingScreen") for s in seg), seg


def test_the_handover_plan_saves_a_game_that_continues_after_a_power_cycle(tmp_path):
    nvm = str(tmp_path / "n")
    shots = str(tmp_path / "shots")
    lines, _ = plan.in_sim(plan.handover(), "pico_display", shots=shots, seed=16, nvm_path=nvm)
    assert any(s.endswith("after HandOverScreen") for s in lines)
    again, _ = plan.in_sim(plan.continued(), "pico_display", shots=shots, seed=16, nvm_path=nvm)
    reports = [s for s in again if s.startswith("sanbon mem: ")]
    assert reports[-2:] == ["sanbon mem: n/a free after HandOverScreen", "sanbon mem: n/a free after GameScreen"]
    from tools.device import pixels

    d = pixels.diff(os.path.join(shots, "hand.png"), os.path.join(shots, "hand_after_reboot.png"))
    assert d["differ"] == 0
    d = pixels.diff(os.path.join(shots, "handover.png"), os.path.join(shots, "hand.png"))
    assert d["differ"] > 1000  # the hand-over screen hides the hand


def test_a_plan_step_that_never_comes_fails_with_the_screen_named(tmp_path):
    p = {"steps": plan.boot() + [{"wait": "after NoSuchScreen$", "s": 1}]}
    with pytest.raises(plan.PlanFailed, match="NoSuchScreen.*Sanbon"):
        plan.in_sim(p, "pico_display", nvm_path=str(tmp_path / "n"))


# -- reading a console --------------------------------------------------------

CONSOLE = [
    (1000, "sanbon mem: 104000 free after MainMenu"),
    (2000, "sanbon mem: 99000 free after MainMenu"),  # back from Settings
    (2500, "sanbon mem: 98000 free after SetupScreen"),
    (3000, "sanbon mem: 90000 free after LoadingScreen"),
    (3100, "sanbon time: save 3 ms"),
    (3500, "sanbon mem: 50000 free after GameScreen"),
    (3600, "sanbon time: screen GameScreen 400 ms"),
    (4000, "sanbon mem: 42000 free after P1's computer decision"),
    (4001, "sanbon time: decision 120 ms"),
    (4500, "sanbon mem: 41000 free after P2's computer decision"),
    (4501, "sanbon time: decision 200 ms"),
    (4600, "sanbon time: press 30 ms"),
    (5000, "sanbon mem: 40000 free after EndScreen"),
    (6000, "sanbon mem: 60000 free after LoadingScreen"),
    (8800, "sanbon mem: 103800 free after MainMenu"),
]
MARKS = [(900, "boot"), (2400, "1_kyudo"), (5100, "1_kyudo end"), (8900, "1_kyudo menu")]


def test_report_reads_a_game_of_a_chain():
    (g,) = report.chain(CONSOLE, MARKS)
    assert g["title"] == "kyudo" and g["finished"]
    assert g["menu_before"] == 99000  # the last menu report before the game
    assert (g["least_free"], g["least_free_at"]) == (40000, "EndScreen")
    assert g["least_free_per_screen"]["computer decision"] == 41000
    assert g["decisions_all"] == [120, 200] and g["decision_ms"] == {"n": 2, "median": 160.0, "max": 200}
    assert g["restart_ms"] == 2800
    assert g["slowest_screen_ms"] == {"GameScreen": 400}


def test_report_checks_the_issue_limits():
    (g,) = report.chain(CONSOLE, MARKS)
    run = {"name": "chain", "board": "pico_display2", "kind": "chain", "ok": True, "why": "", "trouble": [],
           "games": [g, dict(g, title="okko", menu_before=99000 - 5000, least_free=19000)]}
    results = dict((w.split(":")[0] + ":" + w.split(":")[1][:12], ok) for ok, w in report.checks([run]))
    assert not all(results.values())
    got = report.checks([run])
    assert any(not ok and "main menu before the last game" in w for ok, w in got)
    assert any(not ok and "Okko's least free heap 19000" in w for ok, w in got)
    run["games"][1].update(menu_before=99000 - 4000, least_free=20480)
    assert all(ok for ok, _ in report.checks([run]))
    run["trouble"] = ["Traceback (most recent call last):"]
    assert any(not ok and "Traceback" in w for ok, w in report.checks([run]))


def test_report_finds_trouble_lines_but_not_the_memory_report():
    lines = [(1, "sanbon mem: 1 free after ErrorScreen"), (2, "MemoryError: memory allocation failed"),
             (3, "Something went wrong (x)")]
    assert report.trouble(lines) == ["MemoryError: memory allocation failed", "Something went wrong (x)"]


def test_the_tour_plan_reaches_each_screen_it_shoots(tmp_path):
    shots = str(tmp_path / "shots")
    lines, _ = plan.in_sim(plan.tour(), "pico_display", shots=shots, seed=16, nvm_path=str(tmp_path / "n"))
    names = sorted(f[:-4] for f in os.listdir(shots))
    assert names == sorted(s["shot"] for s in plan.tour()["steps"] if "shot" in s)
    reports = [s.split(" after ")[1] for s in lines if s.startswith("sanbon mem: ")]
    for screen in ("SettingsScreen", "StatsScreen", "AboutScreen", "HowToScreen", "GameScreen", "PauseScreen"):
        assert screen in reports
    assert reports[-1] == "MainMenu"


def test_decision_limits_fail_past_the_guard_and_a_shortfall_within_it_is_said(monkeypatch):
    def run(title, xs):
        g = {"title": title, "finished": True, "decisions_all": xs, "menu_before": 1, "least_free": 30000}
        return {"name": "r", "board": "pico_display", "kind": "chain", "ok": True, "why": "", "trouble": [],
                "games": [g]}

    def status(title, xs):
        return [ok for ok, w in report.checks([run(title, xs)]) if "decisions" in w][0]

    assert status("kyudo", [100, 110, 400]) is True  # the goal: median 120 ms, worst 500 ms
    assert status("kyudo", [100, 180, 700]) == report.SHORT  # known: within the guard (200 and 800 ms)
    assert status("kyudo", [100, 180, 900]) is False  # past the guard: a regression
    assert status("kyudo", [210, 220, 230]) is False
    monkeypatch.delitem(report.GUARD, "decision")  # once the goal is met, the guard goes
    assert status("kyudo", [100, 180, 700]) is False


CONSOLE28 = [
    (900, "sanbon boot: code.py at %d ms, menu at %d ms" % ((1 << 29) - 65536 + 1200, (1 << 29) - 65536 + 1900)),
    (1000, "sanbon time: press 8 ms (bot 0 gc 0 refresh 6)"),
    (1300, "sanbon time: press 30 ms (bot 0 gc 0 refresh 25)"),
    (1600, "sanbon time: screen SetupScreen 180 ms (bot 0 gc 9 refresh 150)"),
    (2000, "sanbon time: screen LoadingScreen 90 ms (bot 0 gc 20 refresh 60)"),
    (2100, "sanbon time: save 3 ms"),
    (2700, "sanbon time: screen GameScreen 600 ms (bot 0 gc 20 refresh 150)"),
    (3000, "sanbon time: decision 110 ms (bot 10 gc 0 refresh 80)"),
]


def test_report_splits_passes_into_presses_screens_game_starts_and_boot():
    ps = report.passes(CONSOLE28)
    assert ps["press"] == [8, 30] and ps["screen"] == [180] and ps["decision"] == [110]
    assert ps["start"] == [(90, 790)]  # the Loading frame, then to the game's first frame
    # a Continue: the Loading box, the replay's pass (Loading still on top), then the game
    cont = [(100, "sanbon time: screen LoadingScreen 40 ms (bot 0 gc 0 refresh 10)"),
            (900, "sanbon time: screen LoadingScreen 700 ms (bot 0 gc 20 refresh 90)"),
            (1400, "sanbon time: screen GameScreen 450 ms (bot 0 gc 20 refresh 150)")]
    assert report.passes(cont)["start"] == [(40, 1340)]
    # leaving a game: the Loading line, a restart, then the menu's first screen is no start
    out = [(100, "sanbon time: screen LoadingScreen 140 ms (bot 0 gc 20 refresh 80)"),
           (900, "sanbon boot: code.py at 1 ms, menu at 2 ms"),
           (1400, "sanbon time: screen SetupScreen 230 ms (bot 0 gc 7 refresh 190)")]
    assert report.passes(out)["start"] == [] and report.passes(out)["screen"] == [230]
    assert report.split(ps["parts"]["press"]) == {"bot": 0, "gc": 0, "refresh": 15.5}
    assert report.boot(CONSOLE28) == (1200, 700)
    run = {"name": "r", "board": "pico_display", "kind": "chain", "ok": True, "why": "", "trouble": [],
           "passes": ps, "boot": report.boot(CONSOLE28),
           "games": [{"title": "okko", "finished": True, "least_free": 41000, "menu_before": 1}]}
    got = report.targets([run])
    assert all(ok is True for ok, _ in got), got
    assert "240x135: power-on to the main menu 1900 ms: the firmware 1200 ms before code.py, ours 700 ms" in got[-2][1]
    first = dict(run, name="f", kind="firstboot", boot=(2500, 650), games=[])  # writes boot_out.txt: apart
    got = report.targets([run, first])
    assert all(ok is True for ok, _ in got), got
    assert "power-on to the main menu 1900 ms" in got[-2][1] and "installed" in got[-2][1]
    assert "3150 ms, the firmware 2500 ms" in got[-2][1]
    run["boot"] = (2400, 1200)  # ours past 1 s: past the guard too
    run["games"][0]["least_free"] = 35000  # a known shortfall, within the guard
    got = dict((w.split(":")[1].strip()[:8], ok) for ok, w in report.targets([run]))
    assert got["power-on"] is False and got["okko's l"] == report.SHORT
