"""Kyudo in the app (lib/sanbon/kyudo*.py) driven by scripted presses in the
headless simulator: a seeded human turn, the sheets, the prompts, the
feedback line, whole games to the end screen, and the layout at every size."""

import sys

import pytest

from engine.kyudo import actions
from engine.kyudo.actions import (
    AIM, ARROW, BLACK, BLUE, END_TURN, GREEN, ORANGE, P_RED, P_RESOLVE, P_ROLL, P_SETUP,
    P_SHIELD, RED, ROLL, STOP,
)
from engine.kyudo.state import KyudoState
from engine.rng import Rng
from sim_helpers import SIZES, Sim, choose, labels_out_of_bounds, play_until, set_rows

A = ARROW


# -- helpers -----------------------------------------------------------------
def start(size="pico_display", seed=18, seats=("P2: Computer (Normal)",), players=2, speed=None, path=None,
          render=True):
    """The main menu -> Kyudo -> seats -> Start. ``render=False``: the display
    keeps track of what changed but draws no pixels (whole games, fast)."""
    sim = Sim(size, seed=seed, nvm_path=path, render=render)
    sim.app.settings.tips = 0  # these tests read the play screen; tips: test_tips.py and the tour
    if speed:
        choose(sim, "Settings")
        set_rows(sim, ["Computer speed: " + speed])
        sim.press("B")
    choose(sim, "Kyudo")
    assert sim.text().startswith("Setup: Kyudo")
    set_rows(sim, ["Players: %d" % players] + list(seats))
    choose(sim, "Start")
    assert sim.text().startswith("Game: Kyudo")
    return sim


def human_turn(sim, seat=0):
    """Wait for the seat's roll (pressing A on its catch-up ticks)."""
    for _ in range(600):
        st = sim.app.session.state
        if st.current_player == seat and st.phase == P_ROLL:
            return
        if st.current_player == seat and st.phase == P_SETUP:
            sim.press("A")
        else:
            sim.wait(200)
    raise AssertionError("no turn for seat %d: %s" % (seat, sim.text()))


def engine_game(players=2, first=0, chars=(0, 1, 2, 3)):
    """A state after setup with blank sheets: seat ``first`` to roll."""
    s = KyudoState(Rng(1), players)
    s.characters = bytes(chars[:players])
    s.first = s.active = first
    s.current_player = s._setup_seat()
    while s.phase == P_SETUP:
        s.apply(s.legal_actions()[0])
    for row in s.flags:
        for c in range(6):
            row[c] = 0
    return s


def final(s, faces):
    s.n_dice = len(faces)
    s.dice = bytearray(faces)
    s.rolls = 1
    s.apply(STOP)


def give(s, seat, t):
    s.supply[t] -= 1
    s.tokens[seat][t] += 1


def show(sim, state):
    """Put a prepared engine state on the play screen."""
    sim.app.session.state = state
    sim.app.top.resume()
    sim.step()


def aim(die, arrows, orange=0):
    return AIM + die * 8 + arrows * 2 + orange


def test_the_words_name_faces_and_characters_as_the_contract():
    """kyudo_words keeps its own name tuples (the device never loads
    actions.py for them); the ints come from actions.py by name."""
    from sanbon import kyudo_words as W

    assert W.NAMES == actions.FACE_NAMES
    assert W.CHARACTERS == actions.CHARACTER_NAMES
    assert W.why(actions.WIN_LAST, "P2", 3).startswith("P2 is the last archer")
    assert W.why(actions.WIN_CAP, "You", 3).startswith("Round cap")


def test_the_game_entry_points_at_the_module():
    from sanbon import games, kyudo

    assert games.KYUDO.module == "sanbon.kyudo"
    assert kyudo.HIDDEN is False
    for f in ("new_state", "load_state", "bot_action", "turn_over", "GameScreen"):
        assert hasattr(kyudo, f)


def test_turn_over_is_a_turn_boundary_only():
    from sanbon.kyudo import turn_over

    s = engine_game(2)
    s.apply(ROLL)
    assert not turn_over(0, s)
    s.apply(STOP)
    assert not turn_over(0, s)
    s.apply(END_TURN)
    assert turn_over(0, s) and s.active == 1
    # a shield decision on the other archer's turn is no boundary
    t = engine_game(2, first=1)
    give(t, 0, GREEN)
    t.ticked[1][RED] = t.circles[1][RED]
    final(t, (A, A, A, RED))
    t.apply(aim(3, 3))
    assert t.phase == P_SHIELD and t.current_player == 0
    t.apply(actions.SHIELD)
    assert t.current_player == 1 and not turn_over(0, t)
    # each catch-up tick hands over to the next seat
    u = KyudoState(Rng(3), 3)
    seat = u.current_player
    u.apply(u.legal_actions()[0])
    assert u.current_player != seat and turn_over(seat, u)


# -- a human turn through presses ------------------------------------------------
def test_a_seeded_human_turn_roll_keep_reroll_stop_and_the_combinations():
    sim = start(seed=18)
    human_turn(sim)
    assert "Roll 4 dice" in sim.visible_text()
    assert sim.app.top.menu.items == ["Roll 4 dice", "Log", "Sheets"]
    sim.press("A")  # roll 1
    st = sim.app.session.state
    assert list(st.dice) == [A, BLACK, A, RED] and st.rolls == 1
    # the title says whose turn and what to do; the message lines the archer and the rolls left
    assert "Saru, 2 rolls left. You: rolled ARROW BLACK ARROW RED" in " ".join(sim.visible_text())
    assert sim.visible_text()[0] == "You: keep dice, roll (2 rolls left)"
    top = sim.app.top
    assert top.die_cur == 0  # after a roll: on die 1
    # A keeps the die under the cursor and goes on to the next: keep dice 1 and 2
    sim.press("A")
    assert top.keep == 0b0001 and top.die_cur == 1
    sim.press("A")
    assert top.keep == 0b0011 and top.die_cur == 2
    assert "Roll 2 dice" in sim.visible_text()
    assert [d[1].hidden for d in top.dice] == [False, False, True, True]  # kept: framed
    assert [d[5].hidden for d in top.dice] == [False, False, True, True]  # and a padlock
    sim.press("Y", "Y")  # die 4, then Roll (the list's first item)
    assert top.die_cur == -1 and top.menu.index == 0
    sim.press("A")  # roll 2: dice 3 and 4 only; 5 presses for "keep 2, re-roll"
    assert list(st.dice) == [A, BLACK, ORANGE, A] and st.rolls == 2
    assert top.die_cur == 0 and top.keep == 0b0011  # the kept dice stay kept
    sim.press("X")  # from a die: Roll
    assert top.die_cur == -1 and top.menu.index == 0
    sim.press("Y", "A")  # Stop
    assert st.phase == P_RESOLVE
    combos = ["1 circle in BLACK", "2 circles in BLACK", "1 circle in ORANGE", "2 circles in ORANGE"]
    assert top.menu.items == combos + ["End turn", "Log", "Sheets"]
    # the cursor starts on the last combination, End turn in view under it
    assert top.menu.current == "2 circles in ORANGE"
    assert "2 circles in ORANGE" in sim.visible_text() and "End turn" in sim.visible_text()
    framed = lambda: [not d[1].hidden for d in top.dice]  # noqa: E731
    assert framed() == [True, False, True, True]  # both arrows + ORANGE
    assert "Tick 2 ORANGE circles" in " ".join(sim.visible_text())  # the detail line
    sim.press("X", "X")
    assert framed() == [True, True, False, True]  # both arrows + BLACK
    sim.press("A")  # 2 circles in BLACK
    assert st.ticked[0][BLACK] == 2
    assert "You: 2 circles in BLACK" in sim.visible_text()
    assert top.menu.items == ["End turn", "Log", "Sheets"]  # ORANGE has no arrow left
    assert "play the dice" in sim.visible_text()[0]
    writes = sim.board.nvm.writes
    sim.press("A")  # End turn
    assert st.active == 1
    assert sim.board.nvm.writes == writes + 1  # saved once, at the turn's end


def test_all_dice_kept_the_roll_item_stops():
    sim = start(seed=18)
    human_turn(sim)
    sim.press("A", "A", "A", "A", "A")  # roll, keep all four: the cursor is on Roll
    top = sim.app.top
    assert top.keep == 0b1111 and top.die_cur == -1 and top.menu.index == 0
    assert "Stop: all kept" in sim.visible_text()
    sim.press("A")
    st = sim.app.session.state
    assert st.rolls == 1 and st.phase == P_RESOLVE  # played as they are


def test_x_goes_between_the_dice_and_roll():
    sim = start(seed=18)
    human_turn(sim)
    sim.press("A")
    top = sim.app.top
    seen = []
    for key in ("Y", "Y", "X", "X", "Y", "Y", "Y", "Y", "Y", "Y", "Y", "Y"):
        sim.press(key)
        seen.append(top.die_cur if top.die_cur >= 0 else "i%d" % top.menu.index)
    # Y: die 2, die 3; X: Roll, die 1; Y: die 2..4, Roll, Stop, Log, Sheets, die 1
    assert seen == [1, 2, "i0", 0, 1, 2, 3, "i0", "i1", "i2", "i3", 0]
    assert top.keep == 0  # moving keeps nothing


def test_the_sheets_open_from_the_list_and_switch_archer():
    sim = start(seed=18)
    human_turn(sim)
    sim.choose("Sheets")
    assert sim.text().startswith("Sheet: You (Saru)")
    shown = sim.visible_text()
    assert "You: the sheet, round 1" in shown and "Saru" in shown and "No tokens" in shown and "Spectators" in shown
    assert "20/20" in shown and any(t.startswith("Device ") for t in shown)
    assert not any("Your No" in t for t in shown)  # plain words (issue 29)
    assert "ticked=[0, 0, 0, 0, 0] circles=[4, 4, 4, 4, 4]" in sim.text()
    sheet = sim.app.top
    assert len(sheet.dots) == 2 * 5 * 4  # 4 circles a colour, drawn: a ring and its hole
    sim.press("Y")
    assert sim.text().startswith("Sheet: P2 (")
    sim.press("B")
    assert sim.text().startswith("Game: Kyudo")
    assert "sanbon.kyudo_sheet" not in sys.modules  # dropped again
    assert "sanbon.kyudo_layout" not in sys.modules


def test_the_device_number_comes_from_the_chip_id():
    from sanbon.kyudo_sheet import your_number

    assert your_number(b"") == -1
    n = your_number(b"SANBONSIM")
    assert 0 <= n < 100000 and your_number(b"SANBONSIM") == n


# -- prompts and feedback on prepared positions -----------------------------------
def test_an_attack_shows_the_feedback_line_flashes_the_victim_and_the_leds():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2)
    s.characters = sim.app.session.state.characters
    s.ticked[0][RED] = s.circles[0][RED]  # RED closed for me, open for P2
    final(s, (A, A, RED, BLUE))
    show(sim, s)
    items = sim.app.top.menu.items
    assert items[:2] == ["RED attack -3", "RED attack -6"]
    assert "1 circle in BLUE" in items
    assert sim.app.top.menu.current == "2 circles in BLUE"  # the last combination
    sim.press("X", "X", "A")  # 2 arrows at the closed RED
    assert s.spectators[1] == 14
    assert "You: RED attack, P2 lost 6" in sim.visible_text()
    top = sim.app.top
    assert top.rows[1][0].pixel_shader is top.pals[29]  # P2's row flashes red
    assert sim.app.leds.busy()
    sim.wait(1500)
    assert top.rows[1][0].pixel_shader is top.pals[28]
    assert "P2  14" in sim.visible_text()


def test_a_human_victim_is_asked_about_the_shield_during_a_computer_turn():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2, first=1)
    s.characters = sim.app.session.state.characters
    give(s, 0, GREEN)
    s.ticked[1][RED] = s.circles[1][RED]
    final(s, (A, A, A, RED))
    s.apply(aim(3, 3))  # the computer's attack: 9 for me
    assert s.phase == P_SHIELD and s.current_player == 0
    show(sim, s)
    shown = sim.visible_text()
    assert shown[0].startswith("You") and shown[0].endswith(": shield against -9?")
    assert "P2: RED attack" in shown  # the news first: why the question comes
    assert sim.app.top.menu.items == ["Use the shield", "Take the loss (-9)", "Log", "Sheets"]
    sim.press("Y")  # then the detail line of the choice under the cursor
    assert "Keep your GREEN token and lose 9" in " ".join(sim.visible_text())
    sim.press("X")
    assert "Spend your GREEN token: lose nothing" in " ".join(sim.visible_text())
    sim.press("A")
    assert s.spectators[0] == 20 and s.tokens[0][GREEN] == 0
    assert "You shielded" in " ".join(sim.visible_text())


def test_the_red_token_sets_one_die_to_a_face():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2)
    s.characters = sim.app.session.state.characters
    give(s, 0, RED)
    final(s, (A, BLACK, GREEN, BLUE))
    assert s.phase == P_RED
    show(sim, s)
    assert sim.visible_text()[0].endswith(": use the RED token?")
    assert sim.app.top.menu.items == ["Keep these dice", "Use the RED token", "Log", "Sheets"]
    sim.press("Y", "A")  # use it: the cursor goes onto the dice
    assert sim.app.top.die_cur == 0 and sim.visible_text()[0].endswith(": pick the die to set")
    sim.press("Y", "Y", "A")  # die 3 (GREEN)
    assert sim.app.top.menu.items == ["ARROW", "BLACK", "ORANGE", "BLUE", "RED"]
    sim.press("B")  # back to the die
    assert sim.app.top.sub == 1
    sim.press("A", "A")  # die 3 again, then ARROW
    assert list(s.dice) == [A, BLACK, A, BLUE] and s.tokens[0][RED] == 0
    assert s.phase == P_RESOLVE
    assert "You: RED token: die 3 ARROW" in sim.visible_text()


def test_a_black_corner_asks_for_two_circles():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2)
    s.flags[0][BLACK] = 1
    s.ticked[0][RED] = s.circles[0][RED]
    final(s, (BLACK, BLACK, GREEN, ORANGE))
    show(sim, s)
    assert sim.app.top.menu.items == ["BLACK flag +2", "End turn", "Log", "Sheets"]
    assert "then tick 2 circles of your choice" in " ".join(sim.visible_text())
    sim.press("A")
    assert sim.visible_text()[0].endswith(": tick 2 circles")
    assert sim.app.top.menu.items[:2] == ["Tick BLACK (0/4)", "Tick ORANGE (0/4)"]
    sim.press("Y", "A")  # ORANGE
    assert sim.visible_text()[0].endswith(": tick a circle")
    sim.press("A")  # BLACK
    assert s.ticked[0][ORANGE] == 1 and s.ticked[0][BLACK] == 1 and s.phase == P_RESOLVE
    # the log in plain words: the bonus, not the printed sheet's "corner 1" (issue 29)
    log = " ".join(sim.app.top.hist)
    assert "BLACK flag +2, bonus 1 of 4" in log and "corner" not in log, log


def test_flag_details_say_bonus_not_corner():
    from sanbon import kyudo_words as W

    s = engine_game(2)
    final(s, (BLACK, BLACK, GREEN, ORANGE))
    texts = [W.detail(s, a, str) for a in s.legal_actions()]
    assert any("(2 of 3 boxes to the next bonus)" in t for t in texts), texts
    assert not any("corner" in t for t in texts)


def test_the_talent_choice_of_kitsune():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2, chars=(0, 1))  # you are Kitsune
    s.ticked[1][GREEN] = s.circles[1][GREEN]
    final(s, (BLACK, ORANGE, GREEN, BLUE))
    show(sim, s)
    assert sim.visible_text()[0] == "You: give rivals a circle"
    assert sim.app.top.menu.items == ["Rivals: +1 GREEN", "Rivals: +1 BLUE", "Log", "Sheets"]
    sim.press("A")
    assert s.circles[1][GREEN] == 5
    assert "You: talent: rivals +1 GREEN circle" in sim.visible_text()


def test_a_captured_die_leaves_three_dice():
    sim = start(seed=18)
    human_turn(sim)
    s = engine_game(2, first=1, chars=(0, 2))  # P2 is Saru
    final(s, (BLACK, ORANGE, GREEN, BLUE))  # Saru's talent: the die is captured
    s.apply(END_TURN)
    assert s.active == 0 and s.n_dice == 3
    show(sim, s)
    assert "Roll 3 dice" in sim.visible_text()
    sim.press("A")
    assert "Kitsune, 2 rolls left, 3 dice." in " ".join(sim.visible_text())  # the message lines
    assert [d[0].hidden for d in sim.app.top.dice] == [False, False, False, True]
    assert len(s.dice) == 3


def test_choices_in_words_for_flags_fury_and_no_effect():
    from sanbon import kyudo_words as W

    s = engine_game(2)
    give(s, 0, ORANGE)
    s.ticked[0][BLUE] = s.circles[0][BLUE]
    s.ticked[1][BLUE] = s.circles[1][BLUE]  # BLUE closed for everyone
    s.ticked[0][GREEN] = 3
    s.flags[0][BLACK] = 1
    final(s, (A, A, GREEN, BLUE))
    name = lambda seat: "You" if seat == 0 else "P%d" % (seat + 1)  # noqa: E731
    words = {a: W.choice(s, a, name) for a in s.legal_actions()}
    assert words[aim(2, 1)] == "1 circle in GREEN"
    assert words[aim(2, 2)] == "GREEN +1, hit -2"
    assert words[aim(2, 2, 1)] == "GREEN +1, fury -4"
    assert W.detail(s, aim(2, 2, 1), name) == "Tick 1 GREEN circle; rivals with GREEN open lose 4 (ORANGE fury)."
    for a in s.legal_actions():
        assert len(words[a]) <= 19, words[a]
    assert words[aim(3, 1)] == "BLUE: hits no one"
    assert words[END_TURN] == "End turn"
    t = engine_game(2)
    t.flags[0][BLACK] = 1
    final(t, (BLACK, BLACK, RED, RED))
    words = [W.choice(t, a, name) for a in t.legal_actions()]
    assert words == ["BLACK flag +2", "RED flag +2", "End turn"]
    black, red = t.legal_actions()[:2]
    assert W.detail(t, black, name) == "2 boxes in the BLACK flag, then tick 2 circles of your choice."
    assert W.detail(t, red, name) == "2 boxes in the RED flag, then take a RED token."


# -- whole games -------------------------------------------------------------------
def test_a_whole_game_through_presses_to_the_end_screen(tmp_path):
    """A human who presses A on every default against Normal and Hard archers."""
    sim = start("pico_display", seed=5, players=3, speed="instant", path=str(tmp_path / "n"),
                seats=("P2: Computer (Normal)", "P3: Computer (Hard)"), render=False)
    session = sim.app.session
    nvm = sim.board.nvm
    writes = nvm.writes
    turns = 0
    last = session.state.active
    for _ in range(20000):
        if sim.text().startswith("End"):
            break
        st = session.state
        if not st.is_over() and not session.is_bot(st.current_player):
            sim.press("A")
        else:
            sim.step()
        if st.active != last:
            turns += 1
            last = st.active
    assert sim.text().startswith("End: ")
    st = session.state
    assert st.is_over() and session.finished
    reason = sim.app.top.reason
    assert reason and ("target" in reason or "last archer" in reason or "Round cap" in reason)
    assert any(reason.startswith(w) for w in ("You ", "P2 ", "P3 "))
    assert nvm.identical == 0
    assert nvm.writes - writes <= turns + 30  # per turn (and catch-up tick), never per press
    choose(sim, "Menu")
    assert not any(t.startswith("Continue") for t in sim.visible_text())


def test_quit_and_continue_resume_the_same_turn(tmp_path):
    path = str(tmp_path / "n")
    sim = start(seed=18, path=path)
    human_turn(sim)
    sim.press("A", "A")  # roll, keep die 1
    before = sim.app.saved_game  # the turn-start save
    state = sim.app.session.state.to_bytes()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    assert sim.app.saved_game[0] == 1
    again = Sim("pico_display", seed=99, nvm_path=path)
    assert "Continue: Kyudo" in again.visible_text()
    again.press("A")
    assert again.text().startswith("Game: Kyudo")
    assert again.app.session.state.to_bytes() == state  # quitting saves the turn as it is
    assert before is not None


@pytest.mark.parametrize("size", SIZES)
def test_all_computer_archers_play_to_the_end_at_every_size(size, tmp_path):
    sim = start(size, seed=3, players=4, speed="instant", path=str(tmp_path / "n"), render=False,
                seats=("P1: Computer (Easy)", "P2: Computer (Normal)", "P3: Computer (Hard)", "P4: Computer (Normal)"))
    play_until(sim, lambda s: s.text().startswith("End"), 900000)
    assert sim.app.session.finished


# -- layout --------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_every_view_fits_the_screen(size, players):
    sim = start(size, seed=18, players=players,
                seats=("P2: Computer (Normal)", "P3: Computer (Easy)", "P4: Computer (Hard)")[: players - 1])
    seen = 0
    for keys in ("WAIT", "WAIT", "WAIT:3000"):
        assert not labels_out_of_bounds(sim), sim.text()
        sim.press(keys)
    human_turn(sim)
    for keys in ("A", "X", "A", "Y,Y,Y,Y,A", "Y,A", "A", "Y,Y,Y,Y,Y,A", "Y", "Y", "B"):
        assert not labels_out_of_bounds(sim), (keys, sim.text(), labels_out_of_bounds(sim))
        sim.press(keys)
        seen += 1
    assert seen == 10


def test_the_memory_scenario_runs_under_cpython():
    """tools/scenarios/kyudo_app.py (the gate runs it under MicroPython too)."""
    from tools import gate
    from tools.scenarios import APP, path

    out = gate.run_cpython(path("kyudo_app.py"), APP)
    lines = gate.result_lines(out)
    assert len(lines) > 20
    assert any(l.startswith("RESULT 240x135 end End: ") for l in lines)
    assert any(l.startswith("RESULT 320x240 sheet Sheet: P4 ") for l in lines)
