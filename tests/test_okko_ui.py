"""Okko's words and pictures: a detail line for every special card, hero
ability and enemy power that fits the screen, the Court's 2-D cursor by
presses, the log and the end screen's standings."""

import pytest

import sim_helpers  # noqa: F401
from engine.okko import actions as A
from engine.okko import cards as C
from engine.okko import data as D
from okko_helpers import Player, enter, human_to_act, play, screen, start
from sim_helpers import SIZES


def _details():
    from sanbon import okko_detail as X

    out = []
    for c in list(range(D.N_ADV)) + [D.SUPPORT0 + s for s in range(D.N_SUP)]:
        out.append(("card %d" % c, X.card(c)))
    for h in range(4):
        out.append(("hero %d" % h, X.hero(h)))
    for e in range(D.N_ENEMY):
        out.append(("enemy %d" % e, X.enemy(e)))
    for b in range(5):
        out.append(("boss %d" % b, X.boss(b)))
    for j in range(12):
        out.append(("jar %d" % j, X.jar(j)))
    for c in range(D.N_ADV):  # a day card once square 20 is reached
        if C.card_fx(c) == D.FX_DAY:
            out.append(("late card %d" % c, X.late(C.card_name(c))))
    for j in range(12):
        if C.jar_fx(j) == D.FX_DAY:
            out.append(("late jar %d" % j, X.late(C.jar_name(j))))
    return X, out


@pytest.mark.parametrize("n,k", [(38, 1), (38, 2), (51, 2)])  # 240x135, 240x240, 320x240
def test_every_card_hero_enemy_and_jar_has_a_detail_that_fits(n, k):
    X, all_ = _details()
    for c in list(range(D.N_ADV)) + [D.SUPPORT0 + s for s in range(D.N_SUP)]:  # a card in a row that says what A does
        for t in (" Give it to your partner.", " Take it from your partner.", " A marks it.", " Discard it.",
                  " Play it: the turn's action.", " Free: a support card."):
            all_.append(("card %d%s" % (c, t), X.card(c, t)))
    for h in range(4):
        all_.append(("hurt hero %d" % h, X.hero(h, " Hurt: it may not fight.")))
    for what, texts in all_:
        lines = X.fit(texts, n, k)
        assert lines and all(lines) and len(lines) <= k, (what, texts)
        assert all(len(line) <= n for line in lines), (what, lines)
        assert " ".join(lines) in texts, (what, lines)  # a whole wording, never one cut short (issue 29)


def test_a_detail_that_does_not_fit_is_marked_cut():
    from sanbon import okko_detail as X

    assert X.fit(["Fights enemies with Fight 2 or less unhurt."], 38, 1) == ["Fights enemies with Fight 2 or less u~"]
    assert X.fit(["one two three four five six", "one two three"], 8, 2) == ["one two", "three"]
    lines = X.fit(["one two three four five six"], 8, 2)
    assert lines == ["one two", "three f~"] and all(len(t) <= 8 for t in lines)


def test_the_detail_says_what_specials_heroes_and_powers_do():
    X, _ = _details()
    specials = [c for c in range(D.N_ADV) if C.card_kind(c) == D.SPECIAL]
    for c in specials:  # the effect is in every wording, even the shortest
        assert X.effect(C.card_fx(c), C.card_param(c))[1] in X.card(c)[-1]
    assert "Fight 2 or less" in X.hero(D.OKKO)[-1]
    assert "Equipment" in X.hero(D.NOBURO)[-1]
    assert "Kami" in X.hero(D.NOSHIN)[-1]
    assert "element" in X.hero(D.GENJI)[-1]
    for e in range(D.N_ENEMY):
        pw = C.enemy_power(e)
        assert X.power(pw, C.enemy_param(e)) == X.enemy(e)[-1]
    assert "Fire" in X.power(D.PW_NEEDS, D.FIRE)


@pytest.mark.parametrize("size", SIZES)
def test_the_selected_item_gets_a_detail_line(size, tmp_path):
    sim = start(size, seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION)
    scr = screen(sim)
    sim.press("Y")
    first = [t.text for t in scr.detail]
    assert first[0]
    sim.press("Y")
    assert [t.text for t in scr.detail] != first or scr.items[scr.cur] == scr.items[scr.cur - 1]
    for t in scr.detail:
        assert len(t.text) <= scr.row_n


def test_the_court_cursor_moves_by_column_and_row(tmp_path):
    sim = start("picosystem", seed=5, path=str(tmp_path / "n"))
    play(sim, Player(2, 3), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_PEEK)
    scr = screen(sim)
    d = scr.gcur
    sim.press("X")
    assert scr.gcur == (d & 12) | ((d + 1) & 3)
    sim.press("Y")
    assert scr.gcur == ((d & 12) | ((d + 1) & 3)) + 4 & 15
    assert any(t.startswith("Square " + "ABCD"[scr.gcur & 3] + str((scr.gcur >> 2) + 1)) for t in sim.visible_text())
    # the grid's labels: columns A-D, rows 1-4 (tiles of the sheet)
    from sanbon.okko_layout import _T_COL, _T_ROW

    assert [scr.cells[1 + i] for i in range(4)] == [_T_COL + i for i in range(4)]
    assert [scr.cells[5 + 5 * i] for i in range(4)] == [_T_ROW + i for i in range(4)]
    # a peek: the token, then the cursor on the next square
    st = sim.app.session.state
    sq = C.display_to_board(scr.gcur, st.orient)
    sim.press("A")
    assert st.phase == A.P_REVEAL and st.peek_sq == sq


def test_the_log_tells_both_heroes_last_turns(tmp_path):
    sim = start("pico_display2", seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and s.app.session.state.day >= 6)
    scr = screen(sim)
    enter(sim, -3)  # Log
    assert sim.text().startswith("Log: the last turns\n")  # the log's title, as every game's (issue 29)
    text = sim.app.top.all
    assert any(t.startswith("#You (") for t in text) and any(t.startswith("#P2 (") for t in text)
    assert any("day" in t for t in text)
    sim.press("B")
    assert sim.app.top is scr


def test_the_end_screen_shows_days_oni_and_jars(tmp_path):
    sim = start("picosystem", seed=5, path=str(tmp_path / "n"))
    play(sim, Player(2, 3))
    top = sim.app.top
    st = sim.app.session.state
    assert top.standings[0].startswith("Boards ended on days")
    assert top.standings[1] == "Oni found: %d of 3" % st.found
    assert top.standings[2] == "Spirit Jars left: %d" % st.spirit_jars()
    shown = sim.visible_text()
    assert top.standings[0] in shown and top.standings[1] in shown


def test_jar_news_and_log_sentences_read_right():
    from engine.okko.names import JAR_NAMES
    from sanbon import okko_words as W

    jars = range(len(C.JAR_TYPE))  # jar cards, by their type's name
    ink = [j for j in jars if JAR_NAMES[C.JAR_TYPE[j]] == "Ink Jar"][0]
    sake = [j for j in jars if JAR_NAMES[C.JAR_TYPE[j]] == "Sake Jar"][0]
    assert W.feedback(None, [("jar_gained", ink)], None) == ["An Ink Jar gained."]
    assert W.feedback(None, [("jar_gained", sake)], None) == ["A Sake Jar gained."]


def test_the_log_never_ends_a_sentence_twice(tmp_path):
    sim = start("pico_display2", seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and s.app.session.state.day >= 14)
    from sanbon import okko_log

    text = " ".join(okko_log.log(screen(sim), 40))
    assert "Fight with these!" in text  # a fight was confirmed in these turns
    assert "!." not in text and ".." not in text
