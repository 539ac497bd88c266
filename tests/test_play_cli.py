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
    rc, text = run(["okko", "--seats", "human,normal"])
    assert rc == 2 and "computer partners only" in text
    rc, text = run(["okko", "--seats", "normal"])
    assert rc == 2 and text == "Okko needs 2-2 seats, got 1\n"
    rc, text = run(["chess"])
    assert rc == 2 and text.startswith("unknown game 'chess'")
    rc, text = run(["kyudo", "--seats", "hard,wizard"])
    assert rc == 2 and "unknown seat kind 'wizard'" in text
    rc, text = run(["kyudo", "--seats", "hard"])
    assert rc == 2 and text == "Kyudo needs 2-4 seats, got 1\n"


def test_adapters_are_a_small_table():
    assert set(play.GAMES) == {"kyudo", "kendo", "okko"}
    assert play.GAMES["kyudo"][1] is play.KyudoAdapter
    assert play.GAMES["kendo"][1] is play.KendoAdapter
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


# -- Kendo Duel ----------------------------------------------------------------


def test_kendo_duel_logs_every_exchange_and_the_winner():
    rc, text = run(["kendo", "--mode", "duel", "--seats", "hard,normal", "--seed", "3"])
    assert rc == 0
    lines = text.splitlines()
    assert lines[0] == "Kendo Duel (Duel): 2 players, 12 cards each; Player %s switches first." % lines[0][-17]
    assert lines[1:3] == ["  Player 1: Hard", "  Player 2: Normal"]
    assert any(re.fullmatch(r"--- Player [12] has the highest Basic total and attacks first ---", l) for l in lines)
    assert any(re.fullmatch(r"  Player [12] \[(hard|normal)\]: attack player [12] with [A-Z -]+", l) for l in lines)
    assert any(re.fullmatch(r"      (blocks|counterattacks: .*|deflects: the initiative)", l) for l in lines)
    assert any(l.startswith("--- exchange over (cards: P1 ") for l in lines)
    end = [i for i, l in enumerate(lines) if l.startswith(("Winner: Player ", "Draw between "))]
    assert len(end) == 1 and end[0] == len(lines) - 3  # then one line per player
    assert re.fullmatch(r"  Player 1: \d+ cards(, eliminated)?", lines[-2])


def test_kendo_default_mode_is_the_duel_and_four_players_play():
    rc, text = run(["kendo", "--seats", "hard,normal,normal,hard", "--seed", "2"])
    assert rc == 0 and text.startswith("Kendo Duel (Duel): 4 players")
    assert re.search(r"^(Winner: Player [1-4]|Draw between) ", text, re.M)
    assert text.count("\n  Player ") >= 8  # the seats, then the result per player


def test_kendo_competition_logs_ippon_hansoku_refills_and_time():
    texts = [run(["kendo", "--mode", "competition", "--seats", "hard,normal", "--seed", str(s)])[1]
             for s in range(4, 10)]
    joined = "\n".join(texts)
    for t in texts:
        assert t.startswith("Kendo Duel (Competition): 2 players")
        assert re.search(r"^  Player 2: \d+ cards, \d ippon, \d+ hansoku$", t, re.M)
    assert re.search(r"^      IPPON for Player [12]", joined, re.M)
    assert re.search(r"^      HANSOKU for Player [12]: \d", joined, re.M)
    assert re.search(r"^      Player [12] refills \d card", joined, re.M)
    assert re.search(r"^      JIKAN DESU is drawn \(by Player [12]\): time!$", joined, re.M)
    assert re.search(r"^--- exchange over \(ippon \d-\d, hansoku \d+-\d+(, encho)?\); Player [12] attacks next ---$",
                     joined, re.M)


def test_kendo_same_seed_same_game_and_bad_modes_are_rejected():
    a = run(["kendo", "--mode", "competition", "--seats", "normal,hard", "--seed", "11"])[1]
    assert a == run(["kendo", "--mode", "competition", "--seats", "normal,hard", "--seed", "11"])[1]
    assert a != run(["kendo", "--mode", "competition", "--seats", "normal,hard", "--seed", "12"])[1]
    rc, text = run(["kendo", "--mode", "competition", "--seats", "hard,hard,hard"])
    assert rc == 2 and text == "Competition needs exactly 2 seats, got 3\n"
    rc, text = run(["kendo", "--mode", "blitz", "--seats", "hard,hard"])
    assert rc == 2 and text == "Kendo Duel has the modes duel, competition\n"
    rc, text = run(["kyudo", "--mode", "duel", "--seats", "hard,hard"])
    assert rc == 2 and text == "Kyudo has no modes\n"


def test_kendo_scripted_human_seat_plays_to_the_end():
    rc, text = run(["kendo", "--seats", "human,hard", "--seed", "3"], "1\n" * 500)
    assert rc == 0
    assert "== Player 1, your decision (switch) ==" in text
    assert "Your hand: " in text and "   1. " in text
    assert "[human]: " in text
    assert re.search(r"^(Winner: Player [12]|Draw between) ", text, re.M)


def test_okko_computer_game_prints_its_log():
    rc, text = run(["okko", "--seats", "normal,hard", "--seed", "4"])
    assert rc == 0
    assert "Board 1: The Inn at Kappa" in text and "The Court of Pajan" in text
    assert text.rstrip().splitlines()[-1].startswith("Result: the team ")
    rc2, text2 = run(["okko", "--seats", "normal,hard", "--seed", "4"])
    assert text2 == text  # a seed replays exactly
    rc, quiet = run(["okko", "--seats", "normal,normal", "--seed", "4", "--quiet"])
    assert rc == 0 and quiet.count("\n") == 1 and quiet.startswith("Result:")
