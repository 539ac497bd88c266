"""The browser page (``make web``) in a real headless Chromium (issue 32).

tools/web.py builds the page into a temporary folder and serves it on
localhost; tools/web_check.mjs drives Debian's Chromium through the pinned
playwright-core (nothing is downloaded). Without Chromium the tests fail
saying what to install (``make test`` installs it where it can); they never
skip.
"""

import os

import pytest

from tools import web
from tools.device import plan

ROOT = web.ROOT
TITLES = web.TITLES


def chromium():
    """Debian's Chromium (or SANBON_CHROMIUM): the test fails in one line without it."""
    path = web.chromium()
    if not path:
        pytest.fail("the browser test needs Chromium: install Debian's package (apt-get install chromium), "
                    "or name the browser in SANBON_CHROMIUM", pytrace=False)
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        pytest.fail("the browser test needs playwright-core: run npm ci (make test does)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    """The page, built and served on a free localhost port: its address."""
    out = str(tmp_path_factory.mktemp("web"))
    web.build(out)
    with web.served(out) as url:
        yield url, out


def check(served, tmp_path, checks, **extra):
    """Run tools/web_check.mjs's ``checks``; their results (a dict)."""
    url, _ = served
    results, error = web.run_checks(url, checks, str(tmp_path), browser=chromium(), **extra)
    assert results is not None, error
    for name in checks:
        assert "error" not in results[name], results[name]["error"]
    assert results["problems"] == [], results["problems"]
    return results


def test_the_folder_is_small_and_needs_no_network(served):
    _, out = served
    names = sorted(os.listdir(out))
    assert names == sorted(web.PAGE_FILES + ("app.bin", "micropython.mjs", "micropython.wasm"))
    assert sum(os.path.getsize(os.path.join(out, n)) for n in names) <= 3 * 1024 * 1024
    for name in names:
        if name.endswith((".html", ".mjs", ".css")):
            text = open(os.path.join(out, name), encoding="utf-8").read()
            assert "http://" not in text.replace("http://localhost", "") or name == "micropython.mjs", name
            assert "https://" not in text or name == "micropython.mjs", name  # no CDN: every file is here


def test_a_computer_game_of_each_title_ends_and_its_link_replays_it(served, tmp_path):
    games = check(served, tmp_path, ["games"])["games"]
    assert sorted(games) == sorted(plan.SETUP)
    for game, r in games.items():
        assert "Computer" in r["setup"] and "Human" not in r["setup"], r["setup"]
        assert r["ended"], "%s did not reach its end screen: %s" % (game, r["end"])
        assert r["end"].startswith("End:"), r["end"]
        assert r["record"], "%s: Share game gave no link" % game
        assert r["replayError"] is None, r["replayError"]
        assert r["final"] and r["replayed"] == r["final"], "%s: the shared link's replay ends elsewhere" % game


def test_a_shared_link_plays_its_moves_as_a_player_opens_it(served, tmp_path):
    r = check(served, tmp_path, ["link"])["link"]
    assert r["shown"] and r["href_has_record"]
    assert r["screen"] == "GameScreen"
    assert "A shared game: move 3 of" in r["status"], r["status"]  # two moves by the clock, one by A
    # a damaged link: one clear line, and the page plays on from its menu
    assert r["badStatus"] == "This link's game cannot be replayed: not a Sanbon record", r["badStatus"]
    assert r["badScreen"] == "MainMenu"


def test_a_human_turn_of_each_title_through_the_on_screen_buttons(served, tmp_path):
    r = check(served, tmp_path, ["human"])["human"]
    assert sorted(r) == sorted(TITLES)
    for game, h in r.items():
        assert "P1: Human" in h["setup"], h["setup"]
        assert h["changed"], "%s: %d presses of the on-screen A played no move" % (game, h["clicks"])
        assert h["presses"], "%s: no press was answered on the canvas" % game


def test_continue_after_a_reload_restores_the_game(served, tmp_path):
    r = check(served, tmp_path, ["resume"])["resume"]
    assert r["saves"] >= 3 and r["stored"] == 2 * 4096  # the sector in localStorage, as hex
    assert r["row"] == "Continue: Kyudo", r["menu"]
    assert r["screen"] == "GameScreen"
    assert r["restored"] == r["saved"]


def test_touch_hold_b_the_size_switch_the_leds_and_the_sound(served, tmp_path):
    r = check(served, tmp_path, ["extras"])["extras"]
    assert r["tap"] == "SetupScreen"  # a tap on the screen is A (Kyudo, the first row)
    assert r["hold_b"] == "PauseScreen"  # the on-screen B held for a second, as on the device
    lit = [c for c in r["leds"].split(",") if c != "000000"]
    assert len(lit) == 4 and all(g.startswith("rgb(") for g in r["glow"]), r  # P1's colour, glowing
    assert r["size"][:2] == [240, 135] and "Continue" in r["size"][2], r["size"]  # a new board, the save kept
    assert r["tones"] > 0 and r["heard"] > 0 and r["audio"] == "running", r  # the PicoSystem's notes in WebAudio
