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
    from sanbon.okko_layout import _T_COL, _T_ROW  # (the Court's labels: only the layout reads them)

    assert [scr.court.cells[1 + i] for i in range(4)] == [_T_COL + i for i in range(4)]
    assert [scr.court.cells[5 + 5 * i] for i in range(4)] == [_T_ROW + i for i in range(4)]
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


# -- issue 29: read at a glance ----------------------------------------------------
def test_every_title_has_a_wording_for_the_narrowest_screen():
    from engine.okko.names import Names
    from sanbon.okko import TITLES

    for what in Names(TITLES):
        assert len(what.split("/")[-1]) <= 19 - len("You: "), what


@pytest.mark.parametrize("size,title", [("picosystem", "You: pick an action"),
                                        ("pico_display2", "You: choose an action")])
def test_the_title_names_the_seat_and_the_place_row_the_hero(size, title, tmp_path):
    sim = start(size, seed=8, path=str(tmp_path / "n"))
    titles = set()
    hints = set()

    def at(s):
        scr = screen(s)
        if scr is not None and s.app.top is scr:
            titles.add(scr.frame.title.text)
            hints.add(scr.frame.hint.text)
        st = s.app.session.state
        return human_to_act(s) and st.phase == A.P_ACTION and st.day >= 8

    play(sim, Player(2, 1), until=at)
    scr = screen(sim)
    st = sim.app.session.state
    assert scr.frame.title.text == title
    assert scr.rows[0].text.startswith(C.hero_name(st.heroes[0]) + ", day %d" % st.day)
    heroes = [C.hero_name(h) for h in range(4)]
    for t in titles:
        assert t.split(": ")[0] in ("You", "P2") and "~" not in t, t
        assert not any(h in t for h in heroes), t  # the hero is in the body, not the title
    assert "P2: takes a turn" in titles
    for h in hints:  # "<key> <verb>" pairs, no colons, "any key faster" for the partner's turn
        assert ":" not in h and "hurry" not in h, h
    assert "any key faster  hold B pause" in hints and "A choose  X/Y move  hold B pause" in hints


def test_every_list_row_fits_the_narrowest_list(tmp_path):
    from sanbon import okko_words as W
    from sanbon.okko import _R_ENEMY

    sim = start("picosystem", seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and len(s.app.session.state.line) >= 2)
    scr = screen(sim)
    st = sim.app.session.state
    n = scr.list_n
    assert n == 28
    line = st.line[:]
    for e in range(D.N_ENEMY):  # the enemy line's view: the first one fought is marked
        st.line[-1] = e
        t = scr._text(_R_ENEMY - e)
        assert len(t) <= n and t.endswith((" (fought first)", " (first)")), t
    st.line[:] = line
    for c in list(range(D.N_ADV)) + [D.SUPPORT0 + s for s in range(D.N_SUP)]:
        for mark in ("[x] ", "Give away ", "Take ", "Throw away "):
            assert len(W.card_row(c, mark, n)) <= n, (mark, C.card_name(c))


def test_a_fight_keeps_its_confirm_row_in_sight(tmp_path):
    from sanbon import okko_words as W

    sim = start("pico_display", seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and A.FIGHT_LINE in s.app.session.state.legal_actions() and len(s.app.session.state.hands[0]) >= 5)
    enter(sim, A.FIGHT_LINE)
    scr = screen(sim)
    st = sim.app.session.state
    assert len(scr.items) > len(scr.lrows) and scr.items[0] == A.CONFIRM
    fight = W.label(st, A.CONFIRM, scr.list_n)
    assert scr.rows[1].text.startswith("Marked: Fight 0, Investigate 0")
    for _ in range(2 * len(scr.items)):  # round the list: the confirm row stays on the first row
        sim.press("Y")
        assert scr.lrows[0][1].text == fight
        row = scr.cur if scr.cur == 0 else scr.cur - scr.top
        assert 0 < row < len(scr.lrows) or scr.cur == row == 0
        assert scr.bar.y == scr.ly + row * scr.lh and scr.lrows[row][1].text == scr._text(scr.items[scr.cur])
    while scr.cur != len(scr.items) - 1:
        sim.press("Y")
    assert scr.top > 0 and scr.up.text == "^" and scr.more.text == ""
    for _ in range(len(scr.lrows)):
        sim.press("X")
    assert scr.up.text == "^" and scr.more.text == "v"  # rows hidden both ways: both marks
    assert scr.up.y == scr.ly + scr.lh  # the '^' under the pinned row, where the rows are hidden
    for c in st.hands[0]:  # mark until enough: the third row names the row to press
        if st.complete():
            break
        if A.TOGGLE + c in st.legal_actions():
            enter(sim, A.TOGGLE + c)
        if not st.complete() and st.totals()[2]:
            assert scr.rows[2].text.startswith("Missing: ")
    assert st.complete()
    assert scr.rows[2].text == "Enough: press A on " + fight
    assert scr.lrows[0][1].text == fight
    # a computer's builder says it is enough, never what to press
    from sanbon import okko_words

    assert okko_words.builder(st, scr.row_n, False)[2] == "Enough."


def test_plain_words_for_the_line_and_the_exploration(tmp_path):
    sim = start("pico_display2", seed=8, path=str(tmp_path / "n"))
    seen = set()

    def at(s):
        scr = screen(s)
        st = s.app.session.state
        if scr is not None and s.app.top is scr and scr.list is not None:
            t1 = st.thresholds()[0]
            k = len(st.line)
            if k < t1 and st.phase == A.P_ACTION:
                assert scr.rows[1].text.startswith("%d enem%s (at %d: +1 day a turn)" % (k, "y" if k == 1 else "ies", t1))
                seen.add("line")
            if st.phase == A.P_EXPLORE and st.drawn:
                assert scr.rows[2].text.startswith("To move: %d. Bank %d, this turn %d (" % (
                    C.arrows(st.board)[4 * st.arrow + 3], st.bank, st.run))
                seen.add("explore")
        return len(seen) == 2

    play(sim, Player(2, 1), until=at)
    assert seen == {"line", "explore"}


def test_the_court_advice_names_the_square_its_corners_mark(tmp_path):
    import re

    from sanbon.okko_court import square_name

    sim = start("pico_display2", seed=5, path=str(tmp_path / "n"))
    found = []

    def at(s):
        scr = screen(s)
        st = s.app.session.state
        if scr is not None and s.app.top is scr and scr.court is not None and st.phase == A.P_COURT \
                and not scr.court.advice_box.hidden:
            b = scr.court.advice_box
            d = b.x // 12 - 1 + 4 * (b.y // 12 - 1)
            text = " ".join(t.text for t in scr.court.side if t.text)
            said = re.findall(r"[Tt]ry (\w\d) \(green corners\)", text)
            assert said == [square_name(d)], text
            found.append(text)
        return False

    play(sim, Player(2, 3), until=at)
    assert found and any("Oni at" in t for t in found)


def _day_track(size, day, tmp_path):
    """(the state, the day track's TileGrid) at a human's decision on ``day`` or later."""
    sim = start(size, seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.day >= day)
    return sim.app.session.state, screen(sim).days


def test_the_day_track_tells_its_days_apart_by_shape(tmp_path):
    st, g = _day_track("pico_display", 6, tmp_path)
    bmp = g.bitmap  # the sheet: narrow cells of its rows 5-6 (tools/art/okko.py)
    cw = g.tile_width
    assert cw == 4

    def shape(t):
        x0, y0 = t % (bmp.width // cw) * cw, t // (bmp.width // cw) * 12
        return frozenset((x, y) for x in range(cw) for y in range(12) if bmp._get_pixel(x0 + x, y0 + y))

    shapes = [shape(248 + k) for k in range(4)]  # a day to come, a day passed, today, the last days
    assert len(set(shapes)) == 4 and all(shapes)  # not by colour alone
    assert max(y for _, y in shapes[2]) > max(y for _, y in shapes[0])  # today stands out of the bars
    assert min(y for _, y in shapes[2]) < min(y for _, y in shapes[0])
    assert [g[d] for d in range(20)] == [248 + (1 if d + 1 < st.day else 2 if d + 1 == st.day else 3 if d >= 17 else 0)
                                         for d in range(20)]


def test_today_is_numbered_on_the_wide_screen(tmp_path):
    st, g = _day_track("pico_display2", 4, tmp_path)
    assert g.tile_width == 8
    assert g[st.day - 1] == 143 + st.day  # tools/art/okko.py: 144-163, today numbered 1-20
    assert all(g[d] in (120, 121, 123) for d in range(20) if d != st.day - 1)


def test_portraits_show_the_hero_to_act_and_the_enemy_faced(tmp_path):
    """The 2x2 portraits beside the text rows: the acting hero's, and the
    newest enemy's kind (the fought one's in a fight), the same picture as
    the list row's small one."""
    from engine.okko import actions as A
    from engine.okko import cards as C
    from sanbon import okko_words as W

    sim = start("pico_display2", seed=8, path=str(tmp_path / "n"))
    seen = set()

    def at(s):
        if not human_to_act(s):
            return False
        scr = screen(s)
        st = s.app.session.state
        if st.phase >= A.P_PEEK:
            return False
        g = scr.who[0]
        h = st.heroes[st.current_player]
        if h < 4:
            assert [g[0], g[1], g[4], g[5]] == [112 + 4 * h + i for i in range(4)]
        # shown unless a row reaches under them; on the board's action and in a fight (320x240) always
        assert scr.who.hidden == any(len(t.text) * 6 > scr.who.x - scr.L.margin - 4 for t in scr.rows)
        assert not (st.phase in (A.P_ACTION, A.P_FIGHT) and scr.who.hidden), [t.text for t in scr.rows]
        e = -1
        if st.phase == A.P_FIGHT:
            e = st.target if st.target < 128 else -1
        elif st.line and W.boss_here(st) == A.NONE:
            e = st.line[-1]
        if e >= 0:
            assert (g[2] - 112) % 4 == 0 and [g[3], g[6], g[7]] == [g[2] + 1, g[2] + 2, g[2] + 3]
            kind = (g[2] - 112) // 4 - 4
            assert 0 <= kind < 8
            assert scr._icons(-2000 - e)[0] == 180 + 4 + kind  # the list row's small one
            seen.add((C.ENEMY_TYPE[e], kind))
        return len({k for _, k in seen}) >= 3

    play(sim, Player(2, 1), until=at)
    kinds = dict(seen)
    assert len(set(kinds.values())) >= 3
    assert all(kinds.get(t, k) == k for t, k in seen)  # one kind per enemy type


def _subject(scr):
    """The panel's tiles and the one-picture tile as _icons says they are
    for the selected row: a portrait's four, else the row's four, or one alone."""
    t = list(scr._icons(scr.items[scr.cur]))
    if 180 <= t[0] < 197:
        f = 112 + 4 * (t[0] - 180)
        return [f, f + 1, f + 2, f + 3], 0
    if not (t[1] or t[2] or t[3]):
        return [0, 0, 0, 0], t[0]
    return t, 0


def test_the_selected_rows_subject_is_shown_large_on_the_wide_screen(tmp_path):
    """320x240: the map doubled (the day track on its own row) and, at the
    list's right, the selected row's subject large: a portrait, its four
    pictures, or its one picture alone; it follows the cursor; a fight's
    confirm row shows the enemy fought. The narrow screens have no panel."""
    from engine.okko import actions as A

    sim = start("pico_display2", seed=8, path=str(tmp_path / "n"))
    play(sim, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION
         and A.FIGHT_LINE in s.app.session.state.legal_actions())
    scr = screen(sim)
    L = scr.L
    assert scr.days.x == L.margin and scr.days.tile_width == 8 and scr.days.y >= L.body_top + 24  # under the map
    assert scr.step == 48 and scr.node_x == L.margin + 12  # the map's places 24 pixels wide
    line = sim.app.session.state.line  # under the portraits the enemy line, the first to be fought at the left
    assert line and [scr.foes[i] for i in range(6)] == [scr._icons(-2000 - line[-1 - i])[0] if i < len(line) else 0
                                                        for i in range(6)]
    assert not scr.foes.hidden and scr.foes.y + 12 < scr.ly + 5 * scr.lh - 72  # above the panel
    px = L.width - 80  # the panel's left edge: the cursor stops short of it
    assert scr.bar.x + scr.bar[0].width <= px - 4
    assert scr.list_n * 6 <= px - 4 - scr.lrows[0][1].x
    kinds = set()
    for _ in range(len(scr.items)):
        tiles, one = _subject(scr)
        assert [scr.panel[k] for k in range(4)] == tiles and scr.one[0] == one
        kinds.add("one" if one else "face" if tiles[0] >= 112 and tiles[1] == tiles[0] + 1 else "four")
        sim.press("Y")
    assert kinds == {"one", "face", "four"}, kinds
    enter(sim, A.FIGHT_LINE)
    t = sim.app.session.state.target
    assert scr._icons(A.CONFIRM) == scr._icons(-2000 - t)  # "Fight with these!": the enemy fought
    small = start("picosystem", seed=8, path=str(tmp_path / "m"))
    play(small, Player(2, 1), until=lambda s: human_to_act(s) and s.app.session.state.phase == A.P_ACTION)
    assert screen(small).panel is None and screen(small).foes is None


def test_the_layouts_picture_numbers_are_the_sheets():
    """sanbon.okko's _T_ numbers of the pictures name the tiles that
    tools/art/okko.py draws: 17 distinct portraits (4 heroes, 8 enemy kinds,
    5 bosses) of four tiles each, their small ones, the jars, the bubble, the
    day cells; every tile number a TileGrid can hold (up to 255)."""
    from sanbon import okko as L
    from tools.art import okko as art

    assert len(art.FACES) == 17 and len({tuple(map(tuple, f)) for f in art.FACES}) == 17
    for k, f in enumerate(art.FACES):
        assert art.TILES[L._T_FACE + 4 * k: L._T_FACE + 4 * k + 4] == art.quarters(f)
        assert art.TILES[L._T_SMALL + k] == art.half(f)
    assert L._T_SMALL == L._T_FACE + 4 * 17 and L._T_JARS == L._T_SMALL + 17
    assert art.TILES[L._T_TALK] == art.chip(art.BUBBLE, {"w": "w", "k": "k"}) and L._T_TALK == L._T_JARS + 6
    assert art.TILES[L._T_DAY:L._T_DAY + 32] == art.strip()
    assert art.TILES[L._T_CARDS] == art.chip(art.CARDS, {"w": "w", "b": "b"}) and L._T_REST == L._T_CARDS + 1
    assert len(art.TILES) - 1 <= 255
