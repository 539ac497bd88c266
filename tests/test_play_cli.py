"""The terminal player, tools/play.py."""

import io
import os
import re
import subprocess
import sys

from engine.rng import Rng
from tools import games, play, play_okko

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


def test_bad_arguments_say_so_in_one_line():
    rc, text = run(["okko", "--seats", "normal"])
    assert rc == 2 and text == "Okko needs exactly 2 seats, got 1\n"
    rc, text = run(["chess"])
    assert rc == 2 and text.startswith("unknown game 'chess'")
    rc, text = run(["kyudo", "--seats", "hard,wizard"])
    assert rc == 2 and text == "Kyudo has no 'wizard' seat: use human, easy, normal or hard\n"
    rc, text = run(["kyudo", "--seats", "hard"])
    assert rc == 2 and text == "Kyudo needs 2-4 seats, got 1\n"


def test_seat_levels_a_game_does_not_have_are_refused():
    """The registry lists each game's levels: no Easy partner in Okko, no Hard Pig player."""
    rc, text = run(["okko", "--seats", "human,easy"])
    assert rc == 2 and text == "Okko has no 'easy' seat: use human, normal (Steady) or hard (Forgetful)\n"
    rc, text = run(["pig", "--seats", "hard,easy"])
    assert rc == 2 and text == "Pig has no 'hard' seat: use human, easy or normal\n"
    for g in games.with_hook("play"):
        for level in g.levels:
            rc, text = run([g.key, "--seats", ",".join([level] * g.min_players), "--seed", "2", "--quiet"])
            assert rc == 0, (g.key, level, text)


def test_every_game_of_the_registry_has_a_terminal_adapter():
    assert [g.key for g in games.with_hook("play")] == [g.key for g in games.GAMES]
    assert isinstance(play.adapter_for("kyudo"), play.KyudoAdapter)
    assert isinstance(play.adapter_for("kendo"), play.KendoAdapter)
    # a later game plugs in through its registry entry's "play" hook
    kyudo = games.get("kyudo")
    games.register(games.Game("demo", "Demo", kyudo.new, kyudo.load, levels={"hard": 3}, bot=kyudo.bot,
                              hooks={"play": "tools.play:KyudoAdapter"}))
    try:
        assert isinstance(play.adapter_for("demo"), play.KyudoAdapter)
        rc, text = run(["demo", "--seats", "hard,hard", "--seed", "2", "--quiet"])
        assert rc == 0 and text.startswith("Winner: Archer ")
    finally:
        games.unregister("demo")
    games.register(games.Game("nothing", "Nothing", None, None))
    try:
        rc, text = run(["nothing", "--seats", "human,human"])
        assert rc == 2 and text.startswith("Nothing has no terminal player yet")
    finally:
        games.unregister("nothing")


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


def switch_lines(text):
    return re.findall(r"^  Player (\d) \[(\w+)\]: switch (.+)$", text, re.M)


def test_kendo_never_prints_a_computer_players_switch():
    """A computer player's switch is a secret: the log says a card went back
    (and the event line from which subdeck), never which one; the one
    human's own switches are shown, as on the device."""
    for seed in (3, 4, 5):
        rc, text = run(["kendo", "--seats", "human,hard,normal", "--seed", str(seed)], "1\n" * 600)
        assert rc == 0
        lines = switch_lines(text)
        assert any(kind != "human" for _, kind, _ in lines)
        for seat, kind, what in lines:
            assert (what == "a card") == (kind != "human"), (seat, kind, what)
        assert re.search(r"^      Player [23] switches (a Basic|a Counter|an Other) card$", text, re.M)
        assert "(secret)" not in text and "--- Hand over" not in text


def test_kendo_all_computer_games_are_a_spectators_log_unless_revealed():
    rc, text = run(["kendo", "--mode", "competition", "--seats", "hard,normal", "--seed", "5"])
    assert rc == 0 and switch_lines(text) and all(w == "a card" for _, _, w in switch_lines(text))
    rc, shown = run(["kendo", "--mode", "competition", "--seats", "hard,normal", "--seed", "5", "--reveal"])
    cards = switch_lines(shown)
    assert len(cards) == len(switch_lines(text))
    assert all(w.endswith(" (secret)") and w != "a card (secret)" for _, _, w in cards)
    # the same game: only the secret words differ
    assert re.sub(r"switch .* \(secret\)", "switch a card", shown) == text


def test_kendo_two_human_seats_hand_over_and_keep_their_switches_secret():
    rc, text = run(["kendo", "--seats", "human,human,hard", "--seed", "4"], "1\n" * 600)
    assert rc == 0
    assert all(w == "a card" for _, _, w in switch_lines(text))
    assert "--- Hand over to Player 1: the others look away ---" in text
    i = text.index("--- Hand over to Player 2: the others look away ---")
    assert text.index("== Player 2, your decision", i) > i  # the view comes after its hand-over
    assert text.count("--- Hand over to Player 2") < text.count("== Player 2, your decision")  # not between plays of one seat


class BotInput:
    """A human seat's input that types what a Normal partner would choose
    (the state is the one tools.play_okko deals)."""

    def __init__(self, monkeypatch, limit=100000):
        from engine.okko import bots
        from engine.okko.state import OkkoState

        self.bots, self.limit = bots, limit
        self.rng, self.mem = Rng(99), [bytearray(16), bytearray(16)]
        self.state = None
        self.peeks = 0
        test = self

        class Watched(OkkoState):
            def __init__(self, *a, **k):
                super().__init__(*a, **k)
                test.state = self

        monkeypatch.setattr(play_okko, "OkkoState", Watched)

    def readline(self):
        self.limit -= 1
        if self.limit < 0:
            return ""
        s = self.state
        seat = s.current_player
        a = self.bots.choose(s.observation(seat), seat, 2, self.rng, self.mem[seat])
        self.peeks += s.phase == 11  # P_REVEAL: the token is in the view
        return "%d\n" % (s.legal_actions().index(a) + 1)


def peek_words(text, seat):
    return re.findall(r"^  P%d \(\w+\): peeks at (.*)$" % seat, text, re.M)


def test_okko_plays_a_human_seat_to_the_end(monkeypatch):
    inp = BotInput(monkeypatch)
    out = io.StringIO()
    rc = play.main(["okko", "--seats", "human,normal", "--seed", "2"], inp=inp, out=out)
    text = out.getvalue()
    assert rc == 0 and text.rstrip().splitlines()[-1].startswith("Result: the team ")
    assert text.startswith("Okko: Oni Hunters, seed 2: P1 Human, P2 Normal\n")
    assert "your decision (action)" in text and "Your choice (1-" in text
    assert inp.peeks > 0
    # the human's own peeks: in its view and its own log lines; the partner's never
    assert len(re.findall(r"^You see: (an ONI|a courtier) on r\dc\d\. Remember it\.$", text, re.M)) == inp.peeks
    assert len(re.findall(r"^      \(P1 \(\w+\) saw: ", text, re.M)) == inp.peeks
    assert all(w.startswith("the token on r") for w in peek_words(text, 1))
    assert peek_words(text, 2) and all(w == "a Court token" for w in peek_words(text, 2))
    assert not re.search(r"^      \(P2 \(\w+\) saw", text, re.M) and not re.search(r" remembers \d+ token", text)
    assert "(secret)" not in text and "--- Hand over" not in text


def test_okko_two_humans_hand_over_before_each_peek(monkeypatch):
    inp = BotInput(monkeypatch)
    out = io.StringIO()
    rc = play.main(["okko", "--seats", "human,human", "--seed", "3"], inp=inp, out=out)
    text = out.getvalue()
    assert rc == 0 and inp.peeks > 0
    views = text.split("\n== ")
    for i, v in enumerate(views):
        if "\nYou see: " in v:
            assert "--- Hand over to P" in views[i - 1].rsplit("\n", 2)[-2], v[:40]
    assert not re.search(r"^      \(P\d \(\w+\) saw", text, re.M)  # the log shows neither's peeks
    assert all(w == "a Court token" for s in (1, 2) for w in peek_words(text, s))


def test_okko_input_that_ends_stops_the_game():
    rc, text = run(["okko", "--seats", "human,hard", "--seed", "2"], "1\n" * 5)
    assert rc == 1 and text.endswith("Input ended: the game stops here.\n")
    rc, text = run(["okko", "--seats", "human,hard", "--seed", "2", "--quiet"], "1\n1\n")
    assert rc == 1 and "Your choice" in text and "Result:" not in text and "Okko: Oni" not in text


def test_okko_computer_partners_keep_their_peeks_unless_revealed():
    rc, text = run(["okko", "--seats", "normal,hard", "--seed", "4"])
    assert rc == 0 and "saw:" not in text and "remembers" not in text
    assert re.search(r"^  P\d \(\w+\): peeks at a Court token$", text, re.M)
    rc, shown = run(["okko", "--seats", "normal,hard", "--seed", "4", "--reveal"])
    assert re.search(r"^      \(P\d \(\w+\) saw: (an Oni|a courtier) on r\dc\d\) \(secret\)$", shown, re.M)
    assert re.search(r"^  P\d \(\w+\) remembers \d+ token", shown, re.M)
    assert re.search(r"^  P\d \(\w+\): peeks at the token on r\dc\d \(secret\)$", shown, re.M)
    assert shown.rstrip().splitlines()[-1] == text.rstrip().splitlines()[-1]  # the same game


def test_pig_plays_in_the_terminal():
    rc, text = run(["pig", "--seats", "human,normal", "--seed", "3"], "2\n1\n" * 300)
    assert rc == 0 and text.startswith("Pig (to 30): 2 players.")
    assert "[human]: roll" in text and "[normal]: hold" in text
    assert re.search(r"^Winner: Player [12] \(\d+ points\)\.$", text, re.M)


def test_okko_computer_game_prints_its_log():
    rc, text = run(["okko", "--seats", "normal,hard", "--seed", "4"])
    assert rc == 0
    assert "Board 1: The Inn at Kappa" in text and "The Court of Pajan" in text
    assert text.rstrip().splitlines()[-1].startswith("Result: the team ")
    rc2, text2 = run(["okko", "--seats", "normal,hard", "--seed", "4"])
    assert text2 == text  # a seed replays exactly
    rc, quiet = run(["okko", "--seats", "normal,normal", "--seed", "4", "--quiet"])
    assert rc == 0 and quiet.count("\n") == 1 and quiet.startswith("Result:")


class Tty(io.StringIO):
    def isatty(self):
        return True


def test_on_a_terminal_a_hand_over_waits_for_enter_and_clears_the_screen():
    out, inp = Tty(), Tty("1\n" * 800)
    rc = play.main(["kendo", "--seats", "human,human", "--seed", "4"], inp=inp, out=out)
    text = out.getvalue()
    assert rc == 0
    waits = text.count("press Enter when you alone can see the screen")
    assert waits >= 2 and text.count(play.CLEAR) >= 2 * waits
    # each view is printed on a cleared screen, and cleared again after its choice
    for chunk in text.split(play.CLEAR):
        assert chunk.count("your decision") <= 1
