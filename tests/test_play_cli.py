"""The terminal player, tools/play.py."""

import io
import os
import re
import subprocess
import sys

from tools import play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(argv, stdin=""):
    out = io.StringIO()
    rc = play.main(argv, inp=io.StringIO(stdin), out=out)
    return rc, out.getvalue()


def test_a_seeded_all_bot_game_ends_with_a_winner_line():
    rc, text = run(["kyudo", "--seats", "hard,normal,easy,easy", "--seed", "5"])
    assert rc == 0
    lines = text.splitlines()
    assert re.fullmatch(r"Kyudo: 4 archers, first archer: Archer [1-4]\.", lines[0])
    assert re.fullmatch(r"  Archer 1 \((Kitsune|Kuma|Saru|Shika)\): Hard", lines[1])
    assert any(l.startswith("--- Round 1: ") for l in lines)
    assert any("[hard]: roll" in l for l in lines)
    winners = [l for l in lines if l.startswith("Winner: Archer ")]
    assert len(winners) == 1
    assert lines.index(winners[0]) == len(lines) - 5  # then one line per archer


def test_same_seed_same_output_and_another_seed_differs():
    a = run(["kyudo", "--seats", "hard,easy,normal", "--seed", "11"])[1]
    b = run(["kyudo", "--seats", "hard,easy,normal", "--seed", "11"])[1]
    c = run(["kyudo", "--seats", "hard,easy,normal", "--seed", "12"])[1]
    assert a == b
    assert a != c


def test_quiet_prints_only_the_result():
    rc, text = run(["kyudo", "--seats", "hard,hard", "--seed", "2", "--quiet"])
    assert rc == 0
    lines = text.splitlines()
    assert lines[0].startswith("Winner: Archer ") and len(lines) == 3


def test_a_scripted_human_seat_plays_to_the_end():
    # always the first choice: ticks, roll, stop, the first combination ...
    rc, text = run(["kyudo", "--seats", "human,hard", "--seed", "3"], "1\n" * 3000)
    assert rc == 0
    assert "== Archer 1 (" in text and "your decision" in text
    assert "Your target: BLACK 0/4" in text
    assert "   1. tick the BLACK flag" in text
    assert "[human]: tick the BLACK flag" in text
    assert "[human]: roll" in text
    assert text.splitlines()[-3].startswith("Winner: Archer ")


def test_bad_input_is_rejected_clearly_and_asked_again():
    rc, text = run(["kyudo", "--seats", "human,hard", "--seed", "3"], "abc\n0\n9\n\n2\n")
    assert "'abc' is not a choice: type a number from 1 to 5." in text
    assert "'0' is not a choice: type a number from 1 to 5." in text
    assert "'9' is not a choice: type a number from 1 to 5." in text
    assert "'' is not a choice: type a number from 1 to 5." in text
    assert "[human]: tick the ORANGE flag" in text  # the 2 was taken
    assert rc == 1 and text.endswith("Input ended: the game stops here.\n")


def test_games_not_built_yet_and_bad_arguments_say_so():
    rc, text = run(["okko", "--seats", "hard,hard"])
    assert rc == 2 and text == "Okko is not built yet: the terminal player has kyudo\n"
    rc, text = run(["kendo"])
    assert rc == 2 and "Kendo Duel is not built yet" in text
    rc, text = run(["chess"])
    assert rc == 2 and text.startswith("unknown game 'chess'")
    rc, text = run(["kyudo", "--seats", "hard,wizard"])
    assert rc == 2 and "unknown seat kind 'wizard'" in text
    rc, text = run(["kyudo", "--seats", "hard"])
    assert rc == 2 and text == "Kyudo needs 2-4 seats, got 1\n"


def test_adapters_are_a_small_table():
    assert set(play.GAMES) == {"kyudo", "kendo", "okko"}
    assert play.GAMES["kyudo"][1] is play.KyudoAdapter
    # a later game plugs in as "module:factory"
    play.GAMES["demo"] = ("Demo", "tools.play:KyudoAdapter")
    try:
        assert isinstance(play.adapter_for("demo"), play.KyudoAdapter)
    finally:
        del play.GAMES["demo"]


def test_the_module_runs_from_the_command_line():
    proc = subprocess.run(
        [sys.executable, "-m", "tools.play", "kyudo", "--seats", "normal,easy", "--seed", "4", "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Winner: Archer ")
