"""Kendo Duel in the app (lib/sanbon/kendo*.py) driven by scripted presses in
the headless simulator: whole games against computer players to the end
screen (Duel for 2 and 4 players, Competition), the opening's steps, greyed
cards and their reasons, the house rules from the setup screen to the engine,
saving at exchange ends and a resume in the middle of an exchange, and the
layout at every size."""

import re

import pytest

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.state import KendoState
from engine.rng import Rng
from kendo_helpers import chip_name, enter, hand_texts, human_to_act, screen, start, to_item, wait_for
from sanbon.ui import CHAR_W
from sim_helpers import SIZES, Sim, choose, labels_out_of_bounds, play_until, saved_session, set_rows


def test_the_game_entry_points_at_the_module():
    from sanbon import games, kendo

    assert games.KENDO.module == "sanbon.kendo"
    assert kendo.HIDDEN is True
    for f in ("new_state", "load_state", "bot_action", "turn_over", "GameScreen"):
        assert hasattr(kendo, f)
    assert __import__("sanbon.kendo_layout").kendo_layout.SEATS == tuple(r << 16 | g << 8 | b for r, g, b in __import__("sanbon.leds").leds.SEAT_COLORS)


def test_the_opening_encoding_matches_the_engine():
    from sanbon import kendo

    for a in range(A.OPEN, A.DISCARD):
        assert kendo.decode_open(a) == A.decode_open(a)
        t, m, r = A.decode_open(a)
        if m < C.N_CARDS and (r < 0 or C.KIND[r] == C.K_REINF):
            assert kendo.open_action(t, m, r) == A.open_action(t, m, r) == a


def test_card_names_fit_a_chip_and_colours_follow_the_rulebook():
    from sanbon import kendo_words as W

    from sanbon.kendo_words import lines

    names = [W.short(c) for c in range(C.N_CARDS)]
    assert names == [C.name(c) for c in range(C.N_CARDS)]  # the rules' names, no codes (issue 29)
    for n in names:  # one line beside the glyph on a 58-pixel chip, else two halves that do
        a, b = lines(n, 8)
        assert a + b == n and len(a.strip()) <= 8 and len(b) <= 8, n
    assert names[:4] == ["MEN", "KOTE", "DO", "TSUKI"]
    assert "KOTE-DO" in names and "TSUBAZERIAI" in names and "TAI SABAKI" in names and "TSUKI-TSUKI" in names
    assert "KOTE-KOTE" in names and "TSUKI-KOTE" in names
    assert lines("TSUKI-KOTE", 8) == ("TSUKI-", "KOTE") and lines("TAI SABAKI", 8) == ("TAI ", "SABAKI")
    assert len(set(names[C.COUNTER0:C.REINF0])) == 16  # every counterattack is told apart
    assert [C.COLOUR_NAMES[C.COLOUR[c]] for c in (0, 12, 28, 32, 36, 42, 48)] == [
        "brown", "brown", "red", "purple", "blue", "green", "yellow"]


def test_what_a_card_does_or_why_not_fits_the_message_line():
    """37 characters: one line of the 240x135 screen (beside the scroll mark)."""
    from sanbon import kendo
    from sanbon import kendo_words as W

    longest = ""
    for seed in range(60):
        mode = A.COMPETITION if seed % 5 == 0 else A.DUEL
        s = KendoState(Rng(seed), 2 if mode else 2 + seed % 3, mode, 7 if seed % 2 else 0)
        pick = Rng(seed + 1)
        while not s.is_over():
            legal = set()
            for a in s.legal_actions():
                if a < 52:
                    legal.add(a)
                elif A.PLAY <= a < A.PLAY + 52:
                    legal.add(a - A.PLAY)
                elif A.OPEN <= a < A.DISCARD:
                    legal.add(kendo.decode_open(a)[1])
                elif a >= A.DISCARD:
                    legal.add(a - A.DISCARD)
            for c in range(C.N_CARDS):
                for text in (W.role(s, c) if c in legal else W.why_not(s, c), W.fail_text(s),
                             W.why_not(s, c, 1), W.why_not(s, c, 2)):
                    longest = max(longest, text, key=len)
            s.apply(pick.choice(s.legal_actions()))
    assert len(longest) <= 37, longest


def test_turn_over_saves_at_exchange_ends_not_after_every_card():
    from sanbon.kendo import turn_over

    s = KendoState(Rng(4), 2)
    while s.phase == A.P_SWITCH:
        seat = s.current_player
        s.apply(A.SWITCH_DONE)
        assert turn_over(seat, s)  # a seat done switching (or the first exchange)
    saves = cards = 0
    for _ in range(400):
        if s.is_over():
            break
        seat = s.current_player
        s.apply(s.legal_actions()[0])
        over = turn_over(seat, s)
        cards += 1
        saves += over
        ended = s.is_over() or any(e[0] == "end" for e in s.events)
        assert over == ended
    assert s.is_over() and 0 < saves < cards


# -- whole games through presses -----------------------------------------------
def play_game(sim, limit=30000, each=None):
    """Press A for the human (the screen's default choice: keep the hand,
    the first card that may be played, no JODAN/SEME, the first target, or
    "No answer") until the end screen."""
    n = 0
    while not sim.text().startswith("End"):
        if human_to_act(sim):
            sim.press("A")
        else:
            sim.step()
        if each:
            each(sim)
        n += 1
        assert n < limit, sim.text()
    return n


@pytest.mark.parametrize("players,seats", [
    (2, ("P2: Computer (Normal)",)),
    (4, ("P2: Computer (Easy)", "P3: Computer (Normal)", "P4: Computer (Easy)")),
])
def test_a_duel_against_computers_to_the_end_screen(players, seats, tmp_path):
    sim = start(seed=11, players=players, seats=seats, path=str(tmp_path / "n"))
    session = sim.app.session
    assert sim.text().startswith("Game: Kendo switch")
    nvm = sim.board.nvm
    writes = nvm.writes
    exchanges = []
    apply = session.state.apply

    def counting(action):  # every opening starts an exchange
        if A.OPEN <= action < A.DISCARD:
            exchanges.append(action)
        apply(action)

    session.state.apply = counting
    play_game(sim)
    st = session.state
    assert st.is_over() and session.finished and st.end_reason in (A.END_LAST, A.END_DEADLOCK, A.END_DRAW)
    end = sim.app.top
    assert end.reason.startswith(tuple(("You ", "P2 ", "P3 ", "P4 ", "Nobody", "A draw")))
    # every seat's result: the cards left (out or not), on the screen too
    nm = session.seat_name
    want = ["%s: %d card%s%s" % (nm(s), len(st.hands[s]), "" if len(st.hands[s]) == 1 else "s",
                                 ", out" if st.eliminated[s] else "") for s in range(players)]
    assert "; ".join(end.standings) == "; ".join(want)  # two seats a line on 240x135
    shown = sim.visible_text()
    for line in end.standings:
        assert line in shown
    assert "Standings: " + ", ".join(end.standings) in sim.text()
    assert "Play again" in sim.visible_text()
    assert nvm.identical == 0
    assert nvm.writes - writes <= len(exchanges) + players + 4  # per exchange, never per card
    choose(sim, "Menu")
    assert not any(t.startswith("Continue") for t in sim.visible_text())
    choose(sim, "Statistics")
    assert any("Human" in t and "played   1" in t for t in sim.visible_text())


def test_a_competition_against_the_computer_shows_the_scoreboard_to_the_end(tmp_path):
    sim = start(seed=3, mode="Competition", seats=("P2: Computer (Hard)",), path=str(tmp_path / "n"))
    st = sim.app.session.state
    assert st.mode == A.COMPETITION and st.players == 2
    scr = screen(sim)
    seen = set()

    def each(sim):
        shown = sim.visible_text()
        for t in shown:
            assert not re.fullmatch(r"H\d", t)  # no code (issue 29): "1 hansoku"
            if re.fullmatch(r"\d hansoku", t):
                seen.add("hansoku")
        if sim.text().startswith("Game: Kendo"):
            for h in st.hansoku:
                assert h == 0 or "%d hansoku" % h in shown
            if t.startswith("ENCHO") or t == "TIME":
                seen.add("time")
        if st.ippons[0] or st.ippons[1]:
            dots = [d.pixel_shader is scr.pals[23] for row in scr.seats for d in row[1][0::2]]
            assert sum(dots) == min(2, st.ippons[0]) + min(2, st.ippons[1])
            seen.add("ippon")

    play_game(sim, each=each)
    assert ("hansoku" in seen or not any(st.hansoku)) and "ippon" in seen or st.end_reason in (A.END_HANTEI, A.END_DRAW, A.END_TIME)
    end = sim.app.top
    assert end.reason.endswith(".") and len(end.reason) > 15
    want = ["You: %d ippon, %d hansoku" % (st.ippons[0], st.hansoku[0]),
            "P2: %d ippon, %d hansoku" % (st.ippons[1], st.hansoku[1])]
    assert end.standings == want
    shown = sim.visible_text()
    assert want[0] in shown and want[1] in shown
    for line in __import__("sanbon.ui").ui.wrap(end.reason, end.L.chars(scale=1)):
        assert line in shown  # the reason in full


def test_setup_competition_forces_two_players_and_the_config_keeps_old_saves():
    from sanbon import games

    sim = Sim("pico_display", seed=1)
    choose(sim, "Kendo Duel")
    set_rows(sim, ["Players: 4", "Mode: Competition"])
    items = sim.app.top.menu.items
    assert "Players: 2" in items and not any(t.startswith("P3:") for t in items)
    choose(sim, "Players: 2")
    assert any("Competition is for 2 players" in t for t in sim.visible_text())
    assert sim.app.top.config.players == 2
    info = games.KENDO
    c = games.Config(info, 2, 1, [0, 3, 2, 2], 5)
    assert games.Config.from_bytes(info, c.to_bytes()).options == 5
    old = bytes([3, 0, 0, 2, 2, 2])  # a save from before the house rules
    assert games.Config.from_bytes(info, old).options == 0
    assert games.Config.from_bytes(info, bytes([2, 0, 0, 2, 2, 2, 8])).options == A.OPT_REARM
    assert games.Config(info).options == 0  # a Config alone is the rulebook's: the setup turns Rearm on
    for bad in (bytes([4, 1, 0, 2, 2, 2, 0]), bytes([2, 0, 0, 2, 2, 2, 16]), bytes([2, 0, 0])):
        with pytest.raises(ValueError):
            games.Config.from_bytes(info, bad)
    assert not games.KYUDO.house  # only games with house rules show the row
    from sanbon import menus

    for g in games.ALL:  # the setup's tables name exactly the bits a save may hold
        bits = 0
        for bit, name, labels, texts in menus.HOUSE.get(g.key, ()):
            assert bit & (bit - 1) == 0 and not bits & bit and len(labels) == len(texts) == 2
            bits |= bit
        assert bits == g.house, g.key
        assert menus.HOUSE_ON.get(g.key, 0) & ~g.house == 0  # on in a new game: rules the game has
    sim.press("B")
    choose(sim, "Kyudo")
    assert not any(t.startswith("House rules") for t in sim.app.top.menu.items)


def test_house_rules_from_the_setup_reach_the_engine(tmp_path):
    sim = start(seed=2, path=str(tmp_path / "n"), house=("Initiative: last striker", "Deflect alt.: no"))
    st = sim.app.session.state
    assert st.options == A.OPT_ROTATE | A.OPT_ALT_DEFLECT | A.OPT_REARM  # Rearm: on in a new game
    assert sim.app.session.config.options == 13
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display", seed=9, nvm_path=str(tmp_path / "n"))
    again.press("A")  # Continue
    assert again.app.session.config.options == 13 and again.app.session.state.options == 13
    # the house rules screen says what a rule does when it is turned on, or off
    sim2 = Sim("pico_display", seed=1)
    choose(sim2, "Kendo Duel")
    assert sim2.app.top.config.options == A.OPT_REARM  # on in a new game
    choose(sim2, "House rules: 1 on")
    assert "Rearm: yes" in sim2.app.top.menu.items
    choose(sim2, "Reflect: bounce")
    assert "Reflect: cancel" in sim2.app.top.menu.items
    assert "only cancelled" in " ".join(sim2.visible_text())
    choose(sim2, "Rearm: yes")  # the rulebook's own ending
    assert "Rearm: no" in sim2.app.top.menu.items and "a tie draws" in " ".join(sim2.visible_text())
    choose(sim2, "Done")
    assert "House rules: 1 on" in sim2.app.top.menu.items
    assert sim2.app.top.config.options == A.OPT_REFLECT_CANCEL


# -- decisions on the play screen ----------------------------------------------
def test_the_switch_marks_cards_and_deals_new_ones():
    sim = start("pico_display2", seed=5)  # 15 cells: the hand and Log without scrolling
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_SWITCH
             and s.app.session.state.current_player == 0)
    scr = sim.app.top
    st = sim.app.session.state
    hand = bytes(st.hands[0])
    assert scr.items[0] == -1 and "Keep hand" in sim.visible_text()
    sim.press("Y", "A", "Y", "A")  # mark the first two cards
    assert scr.marks == [hand[0], hand[1]] and "Switch 2" in sim.visible_text()
    sim.press("Y", "A")  # a third: no more than 2
    assert scr.marks == [hand[0], hand[1]]
    assert any("At most 2 switches" in t for t in sim.visible_text())
    sim.press("X", "A")  # unmark the second
    assert scr.marks == [hand[0]]
    while scr.cur != 0:
        sim.press("X")
    sim.press("A")  # "Switch 1"
    assert st.switched[0] == 1 and hand[0] not in st.hands[0]
    new = [c for c in st.hands[0] if c not in hand]
    assert len(new) == 1
    assert st.current_player != 0 or st.phase != A.P_SWITCH
    # the hand stays on screen while the computer switches; the new card is green
    from sanbon import ui
    from sanbon import kendo_words as W

    assert scr.seat == 0
    if scr.deciding:  # the first exchange is already ours: the cursor off the cards
        to_item(sim, -4)
    colours = [ch[2][0].pixel_shader[1] for ch in scr.grid if not ch[0].hidden and chip_name(ch) == W.short(new[0])]
    assert (ui.GOOD if scr._ok(new[0]) else ui.DIM) in colours
    assert "You switch a" in " ".join(scr.hist)


def test_an_opening_with_reinforcement_and_a_target():
    sim = start(seed=7, players=3, seats=("P2: Computer (Normal)", "P3: Computer (Normal)"))
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_OPEN)
    st = sim.app.session.state
    scr = sim.app.top
    basic = [c for c in st.hands[0] if C.KIND[c] == C.K_BASIC]
    for pile in st.hands[1:] + st.decks + [st.discard]:  # JODAN into my hand for the test
        if 28 in pile:
            pile[:] = bytes(c for c in pile if c != 28)
    st.hands[0][:] = bytes(sorted(set(st.hands[0]) | {28}))
    scr.resume()
    assert "You: attack" in sim.visible_text()[0]
    # a counterattack is grey and says why; nothing changes
    counter = [c for c in st.hands[0] if C.KIND[c] == C.K_COUNTER]
    if counter:
        before = st.to_bytes()
        to_item(sim, counter[0])
        sim.press("A")
        assert st.to_bytes() == before
        assert any("answers only" in t for t in sim.visible_text())
    to_item(sim, basic[0])
    sim.press("A")
    assert scr.sub == 1 and "You: add JODAN or SEME?" in sim.visible_text()[0]
    assert scr.items[0] == -2 and scr.cur == 0  # "No JODAN/SEME" first
    sim.press("B")
    assert scr.sub == 0
    to_item(sim, basic[0])
    sim.press("A")
    to_item(sim, 28)
    sim.press("A")
    assert scr.sub == 2 and "attack whom" in sim.visible_text()[0]
    assert scr.items[:2] == [-11, -12] and any(t.startswith("P3: ") for t in sim.visible_text())
    to_item(sim, -12)
    sim.press("A")
    assert st.att == 0 and st.dfd == 2  # (P3 may have answered already)
    assert bytes(st.chain)[:4] == bytes((0, basic[0], 0, 28))
    track = [ch[2] for ch in scr.track if not ch[0].hidden]
    assert [t.text for t in track[:2]] == [W_short(basic[0]), "JODAN"]


def W_short(c):
    from sanbon import kendo_words as W

    return W.short(c)


def test_an_illegal_card_says_why_and_changes_nothing(tmp_path):
    sim = start(seed=11, path=str(tmp_path / "n"))
    for _ in range(20000):
        st = sim.app.session.state
        if human_to_act(sim) and st.phase == A.P_REACT:
            scr = sim.app.top
            grey = [it for it in scr.items if it >= 0 and not scr.ok[it]]
            if grey:
                break
        if human_to_act(sim):
            sim.press("A")
        else:
            sim.step()
    else:
        raise AssertionError("no answer with a grey card")
    before = st.to_bytes()
    writes = sim.board.nvm.writes
    to_item(sim, grey[0])
    from sanbon import kendo_words as W

    assert scr.focus and sim.app.top.msg[-1].text == W.why_not(st, grey[0])  # the reason on the cursor
    sim.press("A")
    assert st.to_bytes() == before and sim.board.nvm.writes == writes
    shown = " ".join(sim.visible_text())
    assert W.why_not(st, grey[0])[:20] in shown
    if st.inc == C.INC_STRIKE and C.KIND[grey[0]] == C.K_BASIC:
        assert "can't answer a %s strike" % C.PART_NAMES[st.part] in shown


def test_the_log_shows_the_table_and_the_last_messages():
    sim = start(seed=5)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase in (A.P_OPEN, A.P_REACT))
    to_item(sim, -4)
    sim.press("A")
    text = sim.text()
    assert text.startswith("Log: the last turns") and "Piles: Basic" in text and "Last messages" in text
    assert "Each player's last turn" in text
    sim.press("B")
    assert sim.text().startswith("Game: Kendo")


def test_save_and_resume_in_the_middle_of_an_exchange(tmp_path):
    path = str(tmp_path / "n")
    sim = start(seed=11, path=path)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_REACT
             and len(s.app.session.state.chain) >= 2)
    st = sim.app.session.state
    saved = saved_session(sim.app)  # saved at the exchange's start, not after a card
    assert saved.state.phase == A.P_OPEN
    title = sim.visible_text()[0]
    track = sim.app.top.describe().split("\n")[3]
    before = sim.app.session.to_bytes()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display", seed=99, nvm_path=path, render=False)
    assert "Continue: Kendo" in again.visible_text()
    again.press("A")
    assert again.app.session.to_bytes() == before
    assert again.text().startswith("Game: Kendo react")
    assert again.visible_text()[0] == title
    assert again.app.top.describe().split("\n")[3] == track  # the chain, from the saved state
    assert set(hand_texts(again)) <= set(W_short(c) for c in again.app.session.state.hands[0])
    play_game(again)
    assert again.app.session.finished


# -- layout ----------------------------------------------------------------------
def chip_texts_fit(sim):
    """Every chip's text lies inside its inner panel (right of a card's glyph)."""
    scr = screen(sim)
    bad = []
    for chip in scr.grid + scr.track:
        frame, inner, t, g = chip[0], chip[1], chip[2], chip[4]
        if frame.hidden or not t.text:
            continue
        x0, w = t.x - frame.x, len(t.text) * CHAR_W * t.scale
        left = inner.x - frame.x
        if x0 < left or x0 + w > left + inner.width or not g.hidden and g.x + 7 > inner.x:
            bad.append((t.text, x0, w, frame.width))
    return bad


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players,mode", [(2, "Duel"), (4, "Duel"), (2, "Competition")])
def test_every_view_fits_the_screen(size, players, mode):
    seats = ("P2: Computer (Normal)", "P3: Computer (Normal)", "P4: Computer (Normal)")[: players - 1]
    sim = start(size, seed=18, players=players, mode=mode, seats=seats, render=True)
    n = 0
    while not sim.text().startswith("End") and n < 400:
        assert not labels_out_of_bounds(sim), (sim.text(), labels_out_of_bounds(sim))
        if sim.text().startswith("Game"):
            assert not chip_texts_fit(sim), chip_texts_fit(sim)
        if human_to_act(sim):
            sim.press("Y" if n % 3 == 1 else "A")
        else:
            sim.step()
        n += 1


def test_the_memory_scenario_runs_under_cpython():
    """tools/scenarios/kendo_app.py (the gate runs it under MicroPython too)."""
    from tools import gate
    from tools.scenarios import APP, path

    out = gate.run_cpython(path("kendo_app.py"), APP)
    lines = gate.result_lines(out)
    assert len(lines) > 10
    assert any(l.startswith("RESULT 240x135 end End: ") for l in lines)
    assert any(l.startswith("RESULT 320x240 end End: ") for l in lines)


def test_a_duel_offers_easy_and_normal_a_competition_hard_too(tmp_path):
    """Issue 30, decision 1: a level is offered only where it measurably
    beats the one below (Hard plays a Duel as Normal does). A Duel seat cycles
    Human, Easy, Normal; a Competition seat Human, Easy, Normal, Hard; Hard
    chosen in a Competition becomes Normal in a Duel; a save that names Hard
    in a Duel loads as Normal."""
    from sanbon import games

    sim = Sim("pico_display2", nvm_path=str(tmp_path / "n"))
    choose(sim, "Kendo Duel")
    scr = sim.app.top
    seen = set()
    for _ in range(4):
        seen.add([t for t in scr.menu.items if t.startswith("P2:")][0])
        choose(sim, [t for t in scr.menu.items if t.startswith("P2:")][0])
    assert seen == {"P2: Human", "P2: Computer (Easy)", "P2: Computer (Normal)"}
    set_rows(sim, ["Mode: Competition", "P2: Computer (Hard)"])
    assert "P2: Computer (Hard)" in scr.menu.items
    set_rows(sim, ["Mode: Duel"])
    assert "P2: Computer (Normal)" in scr.menu.items
    # a Duel set up (or saved) with Hard before: it goes on with Normal; a Competition keeps Hard
    for mode, want in ((0, 2), (1, 3)):
        sim.app.start_game(games.KENDO, games.Config(games.KENDO, 2, mode, [0, 3, 0, 0]))
        for _ in range(4):
            sim.step()
        assert sim.text().startswith("Game: Kendo"), sim.text()
        assert sim.app.session.config.seats[:2] == [0, want]


def test_the_news_says_when_the_spent_basics_come_back():
    """The Rearm house rule (on in a new game): when nobody can attack, the
    news line says why a card came into every hand."""
    from engine.kendo import bots
    from sanbon import kendo_words as W

    for seed in range(40):
        st = KendoState(Rng(seed), 2, A.DUEL, A.OPT_REARM)
        rngs = [Rng(seed * 8 + 1), Rng(seed * 8 + 2)]
        while not st.is_over():
            p = st.current_player
            st.apply(bots.choose(st.observation(p), p, bots.NORMAL, rngs[p]))
            if any(e[0] == "rearm" for e in st.events):
                line = W.feedback(st, st.events, lambda s: "P%d" % (s + 1))
                assert line.startswith("Rearm: everyone takes a spent Basic."), line
                return
    raise AssertionError("no rearm in 40 seeded Duels")
