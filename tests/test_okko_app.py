"""Okko: Oni Hunters in the app (lib/sanbon/okko*.py) driven by scripted
presses in the headless simulator: whole games against a computer partner
and solo (the human seats played by the partner's rules, entered through
presses) to the end screen, the fight builder's refusal and its reason, the
partner's memory saved with the game, save and resume mid-turn, a reboot
in the middle of the first board, peek privacy in pass and play (also
after a resume), the Easy aid, and the layout at every size."""

import os
import re

import pytest

from engine.okko import actions as A
from engine.okko import cards as C
from engine.okko import data as D
from okko_helpers import Player, enter, human_to_act, play, screen, start
from sim_helpers import SIZES, Sim, choose, labels_out_of_bounds, saved_session, toast_text


def test_the_game_entry_points_and_modes():
    from sanbon import games, okko

    info = games.OKKO
    assert info.module == "sanbon.okko" and info.modes == ("Partner", "Solo", "Pass and play")
    assert info.fixed_seats(0) is None and info.fixed_seats(1) == (0, 0) == info.fixed_seats(2)
    assert info.house == 1  # the Easy aid (its texts: sanbon.menus HOUSE)
    for f in ("new_state", "load_state", "bot_action", "turn_over", "GameScreen"):
        assert hasattr(okko, f)


def test_the_saved_state_carries_the_partner_memory():
    from engine.rng import Rng
    from sanbon import games, okko

    cfg = games.Config(games.OKKO, options=1)
    st = okko.new_state(cfg, Rng(3))
    assert st.aid == 1
    st.memory[1][5] = 2
    data = st.to_bytes()
    again = okko.load_state(data)
    assert again.to_bytes() == data and again.memory[1][5] == 2 and again.aid == 1
    with pytest.raises(Exception):
        okko.load_state(data[:20])


def test_two_computer_partners_talk_it_over_at_the_court():
    """R28: at the Court a computer partner hears the other seat's memory
    (all unknown for a human, who hears the advice on screen instead)."""
    from engine.rng import Rng
    from sanbon import games, okko

    st = okko.new_state(games.Config(games.OKKO), Rng(3))
    st.phase = A.P_COURT
    st.current_player = st.court_turn = 0
    assert okko.bot_action(st, 0, 2, Rng(1)) == A.FLIP + 0  # nothing known: its first square
    st.memory[1][9] = 2  # the other partner believes square 9 an Oni
    st.memory[1][0] = 1  # and square 0 a courtier
    assert okko.bot_action(st, 0, 2, Rng(1)) == A.FLIP + 9
    st.memory[0][14] = 2  # its own belief comes first
    assert okko.bot_action(st, 0, 2, Rng(1)) == A.FLIP + 14


def test_setup_modes_fix_the_seats(tmp_path):
    from sim_helpers import set_rows

    sim = Sim("pico_display", seed=1, nvm_path=str(tmp_path / "n"))
    choose(sim, "Okko: Oni Hunters")
    assert "P2: Computer (Steady)" in sim.visible_text()  # level 2, named by what it does
    set_rows(sim, ["Mode: Solo"])
    assert not any(t.startswith("P2:") for t in sim.visible_text())
    assert sim.app.top.config.seats == [0, 0]
    set_rows(sim, ["Mode: Pass and play"])
    assert sim.app.top.config.humans() == 2
    set_rows(sim, ["Mode: Partner"])
    assert sim.app.top.config.seats == [0, 2]  # back to a computer partner


# -- whole games through presses -----------------------------------------------
def test_a_game_with_a_computer_partner_to_the_end_screen(tmp_path):
    sim = start(seed=5, seats=("P2: Computer (Forgetful)",), path=str(tmp_path / "n"))
    session = sim.app.session
    assert sim.text().startswith("Game: Okko hero")
    nvm = sim.board.nvm
    writes = nvm.writes
    seen = set()
    partner_reveal = []

    def watch(s):
        st = s.app.session.state
        seen.add(st.phase)
        if st.phase == A.P_REVEAL and session.is_bot(st.active) and s.text().startswith("Game"):
            partner_reveal.append(s.visible_text())
        if st.phase == A.P_REVEAL and not session.is_bot(st.active) and s.text().startswith("Game"):
            assert any(t.endswith(("ONI!", "a courtier")) for t in s.visible_text())
        return False

    play(sim, Player(3, 7), until=watch)
    st = session.state
    assert st.is_over() and session.finished
    assert {A.P_HERO, A.P_TRADE, A.P_ACTION, A.P_FIGHT, A.P_EXPLORE, A.P_PEEK, A.P_REVEAL, A.P_COURT} <= seen
    assert sim.app.top.reason and "Oni" in sim.app.top.reason
    assert sim.app.top.standings and "Oni found" in sim.app.top.describe()
    assert "Play again" in sim.visible_text()
    for texts in partner_reveal:  # a computer partner's peek is never shown
        assert not any(t.endswith(("ONI!", "a courtier")) for t in texts)
    assert any(st.memory[1]) or not partner_reveal
    turns = st.defeated_total  # not a count of turns; the writes are per turn, never per card
    assert nvm.writes - writes < 200 and turns >= 0
    choose(sim, "Menu")
    choose(sim, "Statistics")
    assert any("Human" in t and "played   1" in t for t in sim.visible_text())


def test_a_solo_game_to_the_end_screen(tmp_path):
    sim = start(seed=6, mode="Solo", path=str(tmp_path / "n"))
    session = sim.app.session
    assert session.config.humans() == 2 and session.seat_name(0) == "P1"
    handovers = []
    play(sim, Player(2, 3), until=lambda s: handovers.append(1) if s.text().startswith("HandOver") else False)
    assert session.finished and not handovers  # solo: never a hand-over
    assert sim.text().startswith("End: ")


# -- the builders ----------------------------------------------------------------
def to_fight(sim, player):
    """Play until a human P_ACTION with a line to fight, then choose the fight."""
    play(sim, player, until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and A.FIGHT_LINE in s.app.session.state.legal_actions())
    enter(sim, A.FIGHT_LINE)
    assert sim.app.session.state.phase == A.P_FIGHT


def test_the_fight_builder_refuses_a_weak_commitment_and_says_why(tmp_path):
    sim = start(seed=8, path=str(tmp_path / "n"), render=True)
    to_fight(sim, Player(2, 1))
    st = sim.app.session.state
    scr = screen(sim)
    assert scr.items[:2] == [A.CONFIRM, A.CANCEL]
    assert scr.rows[1].text == "Marked: Fight 0, Investigate 0"
    assert scr.rows[2].text == "Add an Ally, a Kami or a hero."  # (240x135: the shorter wording, beside the portraits)
    before = st.to_bytes()
    enter(sim, A.CONFIRM)  # nothing committed
    assert st.to_bytes() == before and st.phase == A.P_FIGHT
    assert sim.app.toast_widget is not None
    assert "Needs an Ally, a Kami or your hero." in sim.visible_text()
    # one weak card (or the hero alone) against the enemy: too weak, or enough
    tf, ti = st.target_stats()[:2]
    weak = [c for c in st.hands[st.active] if A.TOGGLE + c in st.legal_actions()
            and C.card_kind(c) == 0 and (C.card_f(c) < tf or C.card_i(c) < ti)]
    if weak:
        enter(sim, A.TOGGLE + weak[0])
        assert st.sel == bytearray([weak[0]])
        assert "[x] " in scr._text(A.TOGGLE + weak[0])
        f, i, _ = st.totals()
        enter(sim, A.CONFIRM)
        assert st.phase == A.P_FIGHT
        toast = toast_text(sim.app)[2:]  # after the error's "! "
        lack = [w for w in ("Fight %d" % (tf - f) if f < tf else "", "Investigate %d" % (ti - i) if i < ti else "") if w]
        assert "Too weak. Missing: %s." % ", ".join(lack) == toast
    # a card of another class says so
    other = [c for c in st.hands[st.active] if C.card_class(c) and A.TOGGLE + c not in st.legal_actions()]
    if other:
        enter(sim, A.TOGGLE + other[0])
        assert any("cards: not for" in t for t in sim.visible_text())
    enter(sim, A.CANCEL)
    assert st.phase == A.P_ACTION


def test_hands_and_line_views(tmp_path):
    sim = start(seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and len(s.app.session.state.line) >= 2)
    st = sim.app.session.state
    scr = screen(sim)
    enter(sim, -2)  # the enemy line
    assert scr.view == 2
    text = sim.text()
    assert "> " + C.enemy_name(st.line[-1]) + " (f" in text  # the newest first, marked ("fought first", or "first")
    sim.press("B")
    assert scr.view == 0
    enter(sim, -1)  # both hands
    assert scr.view == 1 and "You Okko" in sim.text() or "You " in sim.text()
    assert sim.text().count(" cards") >= 2
    sim.press("B")
    assert scr.view == 0


# -- saving ---------------------------------------------------------------------------
def test_save_and_resume_mid_turn(tmp_path):
    path = str(tmp_path / "n")
    sim = start(seed=9, path=path)
    player = Player(2, 2)
    to_fight(sim, player)
    before = sim.app.session.to_bytes()
    text = sim.text()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display", seed=99, nvm_path=path, render=False)
    assert "Continue: Okko" in again.visible_text()
    again.press("A")
    assert again.app.session.to_bytes() == before
    assert again.text() == text
    play(again, player)
    assert again.app.session.finished


def test_solo_reboot_in_the_first_board_resumes_at_the_same_point(tmp_path):
    """The issue's scripted simulator test: solo from the setup screen through
    the first turns, the autosave at a turn end, a reboot (a new Sim on the
    same NVM file) and the same state and screen."""
    path = str(tmp_path / "nvm.bin")
    sim = start(seed=12, mode="Solo", path=path, render=True)
    assert sim.text().startswith("Game: Okko hero")
    turns = []

    def third_turn(s):
        st = s.app.session.state
        for event in st.events:
            if event[A.E_KIND] == "enemy" and (not turns or turns[-1] is not st.events):
                turns.append(st.events)
        return len(turns) >= 3 and human_to_act(s) and st.phase == A.P_TRADE
    play(sim, Player(2, 4), until=third_turn)
    st = sim.app.session.state
    assert st.board == 0 and st.phase == A.P_TRADE
    assert saved_session(sim.app).to_bytes() == sim.app.session.to_bytes()  # saved at the turn's start
    news = screen(sim).rows[2].text  # the last turn's news is not saved (the log replays it)
    text = sim.text().replace(news, "")
    shown = [t for t in sim.visible_text() if t != news]
    again = Sim("pico_display", seed=1, nvm_path=path, render=True)  # the reboot
    choose(again, "Continue: Okko")
    again.step(50)  # the detail line's words come a step later
    assert again.app.session.to_bytes() == sim.app.session.to_bytes()
    # the news: the replayed last move's words (part of what was shown), or none
    again_news = screen(again).rows[2].text
    assert again_news in news
    assert again.text().replace(again_news, "") == text if again_news else again.text() == text
    assert [t for t in again.visible_text() if t != again_news] == shown


# -- peek privacy -------------------------------------------------------------------------
WORDS = ("ONI!", "a courtier")


def secret_shown(sim):
    return any(t.endswith(WORDS) for t in sim.visible_text())


def test_pass_and_play_shows_a_peek_only_to_the_peeker_also_after_resume(tmp_path):
    path = str(tmp_path / "n")
    sim = start(seed=5, mode="Pass and play", path=path)
    player = Player(2, 5)
    log = []

    def at_peek_handover(s):
        st = s.app.session.state
        if s.text().startswith("Game") and st.phase == A.P_REVEAL:
            raise AssertionError("a reveal before the hand-over")
        return s.text().startswith("HandOver") and st.phase == A.P_PEEK

    play(sim, player, until=at_peek_handover)
    st = sim.app.session.state
    peeker = st.active
    assert sim.text().startswith("HandOver: Pass to P%d" % (peeker + 1))
    assert not secret_shown(sim)
    sim.press("A")  # the peeker holds the device
    assert sim.text().startswith("Game: Okko peek")
    player.step(sim)  # picks the square
    assert st.phase == A.P_REVEAL
    sim.step()
    assert secret_shown(sim)  # to the peeker
    # a save now (quit), a resume: behind a hand-over again
    before = sim.app.session.to_bytes()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display", seed=1, nvm_path=path, render=False)
    choose(again, "Continue: Okko")
    again.step()
    assert again.app.session.to_bytes() == before
    assert again.text().startswith("HandOver: Pass to P%d" % (peeker + 1))
    assert not secret_shown(again)
    again.press("A")
    assert again.text().startswith("Game: Okko reveal") and secret_shown(again)
    again.press("A")  # seen: hidden again, nothing kept
    assert again.app.session.state.phase != A.P_REVEAL and not secret_shown(again)
    # the timer: the next reveal hides by itself after 3 s
    def at_reveal(s):
        st2 = s.app.session.state
        if s.text().startswith("Game") and st2.phase == A.P_REVEAL:
            assert secret_shown(s)
            log.append(st2.to_bytes())
            return True
        if s.text().startswith("Game") and not st2.is_over() and st2.phase != A.P_REVEAL:
            assert not secret_shown(s)
        return False
    play(again, player, until=at_reveal)
    if log:
        again.wait(3200)
        assert again.app.session.state.phase != A.P_REVEAL and not secret_shown(again)


def test_the_easy_aid_marks_peeked_squares_and_shows_the_odds(tmp_path):
    sim = start(seed=5, mode="Solo", path=str(tmp_path / "n"), aid=True)
    st = sim.app.session.state
    assert st.aid == 1
    odds = []
    def at_court(s):
        if not s.text().startswith("Game"):
            return False
        scr = s.app.top
        if A.DRAW in scr.items and "FAIL odds " in scr._text(A.DRAW):  # on the Draw row
            odds.append(1)
        return s.app.session.state.phase == A.P_COURT

    play(sim, Player(2, 6), until=at_court)
    assert odds
    scr = screen(sim)
    from sanbon.okko_court import _T_SQUARE

    marks = sum(1 for d in range(16) if scr.court.cells[6 + (d & 3) + 5 * (d >> 2)] == _T_SQUARE + 1)
    assert marks == sum(1 for q in range(16) if st.peeked[q] and not st.flipped[q]) > 0


# -- layout ----------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_view_fits_the_screen(size):
    sim = start(size, seed=18, render=True)
    player = Player(2, 9)
    n = [0]

    def each(s):
        n[0] += 1
        if n[0] % 5 == 0 or s.app.session.state.phase >= A.P_PEEK:
            assert not labels_out_of_bounds(s), (s.text(), labels_out_of_bounds(s))
        return n[0] > 250

    play(sim, player, until=each)


def test_the_memory_scenario_runs_under_cpython():
    """tools/scenarios/okko_app.py (the gate runs it under MicroPython too)."""
    from tools import gate
    from tools.scenarios import APP, path

    out = gate.run_cpython(path("okko_app.py"), APP)
    lines = gate.result_lines(out)
    assert any(l.startswith("RESULT 240x135 end End: ") for l in lines)


def _app_consts(module):
    path = os.path.join(os.path.dirname(__file__), "..", "lib", "sanbon", module + ".py")
    with open(path) as f:
        return dict(re.findall(r"^_?([A-Z][A-Z_0-9]*) = const\((-?\d+)\)", f.read(), re.M))


def test_the_app_modules_numbers_have_one_home_each():
    """The app's own numbers (the sheet's tiles, the list rows that are not
    actions) are defined once, in the module that draws with them
    (sanbon.okko, okko_layout, okko_court); sanbon.okko_detail is given the
    list's codes. No module keeps a copy. The engine's contract has no copies
    either: it is read as A.NAME."""
    seen = {}
    for module in ("okko", "okko_layout", "okko_court", "okko_detail", "okko_log", "okko_words"):
        for name in _app_consts(module):
            if name.startswith(("T_", "TILE", "R_", "B_")):
                assert name not in seen, (name, seen[name], module)
                seen[name] = module
    assert seen["T_NODE"] == seen["R_CARD"] == "okko" and seen["TILE"] == "okko_layout"
