"""Kendo Duel's play screen for a newcomer (issue 14): every card has a glyph
and a description in words, grey cards say why and look grey by shape too,
the title says who does what, Competition's discard down to 12 says why, the
default answer sits under the cursor, the log keeps every seat's last turn,
and the end screen gives every seat's result."""

import re

import pytest

from engine.kendo import actions as A
from engine.kendo import cards as C
from engine.kendo.state import KendoState
from engine.rng import Rng
from kendo_helpers import chip_name, human_to_act, screen, start, to_item, wait_for
from sim_helpers import SIZES, Sim

TITLE = re.compile(r"^(You|P[1-4]): [a-z]")


def detail(sim):
    """The detail line: the last message line (the only one on 240x135)."""
    return screen(sim).msg[-1].text


# -- the words -------------------------------------------------------------------
@pytest.mark.parametrize("options", range(8))
def test_every_card_has_a_description_that_fits_the_detail_line(options):
    from sanbon import kendo_words as W

    for mode in (A.DUEL, A.COMPETITION):
        st = KendoState(Rng(options), 2, mode, options)
        seen = set()
        for c in range(C.N_CARDS):
            text = W.does(st, c)
            assert text.startswith(W.short(c) + ": ") and len(text) > len(W.short(c)) + 8, text
            assert len(text) <= 37, text  # one line of 240 pixels, beside the scroll mark
            seen.add(text)
            assert W.role(st, c) == text  # the switch: what the card does
        assert len(seen) == len(set(W.short(c) for c in range(C.N_CARDS))) == 31  # one per card name
    st = KendoState(Rng(1), 2, A.COMPETITION)
    st.phase = A.P_DISCARD
    for c in range(C.N_CARDS):
        assert W.role(st, c).startswith("Over 12 cards: discard ") and len(W.role(st, c)) <= 37


def test_the_sprite_sheet_is_built_from_its_drawing():
    import os

    from tools import art

    assert "kendo" in art.SHEETS
    with open(art.path("kendo"), "rb") as f:
        assert f.read() == art.sheet_bytes("kendo")
    from tools.art import kendo as drawing

    assert len(drawing.TILES) == 19 and drawing.TILE == (7, 10)
    assert os.path.getsize(art.path("kendo")) < 2000


# -- the play screen ---------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_detail_line_says_what_every_card_does_and_why_grey_ones_cannot(size):
    from sanbon import kendo_words as W

    sim = start(size, seed=11)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_SWITCH)
    scr = screen(sim)
    st = sim.app.session.state
    assert TITLE.match(scr.title_text) and "switch up to 2 cards" in scr.title_text
    width = scr.msg_n
    for _ in range(len(scr.items)):
        it = scr.items[scr.cur]
        text = detail(sim)
        assert text and len(text) <= width, text
        if it >= 0:
            assert text == W.does(st, it)
        sim.press("Y")
    checked = 0
    for _ in range(20000):
        if human_to_act(sim) and st.phase == A.P_REACT:
            grey = [i for i, it in enumerate(scr.items) if it >= 0 and not scr.ok[it]]
            if grey:
                assert TITLE.match(scr.title_text) and "answer " in scr.title_text
                while scr.cur != grey[0]:
                    sim.press("Y")
                it = scr.items[scr.cur]
                assert detail(sim) == W.why_not(st, it, 0) and len(detail(sim)) <= width
                # grey by shape too: the hollow glyph of its kind, the dim frame
                chip = [ch for ch in scr.grid if not ch[0].hidden and chip_name(ch) == W.short(it)][0]
                assert chip[4][0] == C.KIND[it] + 1 + 8 and not chip[4].hidden
                checked += 1
                if checked >= 3:
                    break
        if human_to_act(sim):
            sim.press("A")
        else:
            sim.step()
    assert checked


def your_switch():
    """A Kendo Duel on 320x240 at your switch: (sim, the play screen, the state)."""
    sim = start("pico_display2", seed=5)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_SWITCH
             and s.app.session.state.current_player == 0)
    return sim, screen(sim), sim.app.session.state


def test_cards_show_their_kind_glyph_and_a_check_when_marked():
    sim, scr, st = your_switch()
    chips = {chip_name(ch): ch for ch in scr.grid if not ch[0].hidden}
    from sanbon import kendo_words as W

    for c in st.hands[0]:
        assert chips[W.short(c)][4][0] == C.KIND[c] + 1  # bright: may be switched
    assert chips["Keep hand"][4].hidden  # a button has no glyph
    first = st.hands[0][0]
    sim.press("Y", "A")
    assert scr.marks == [first]
    chip = [ch for ch in scr.grid if not ch[0].hidden and chip_name(ch) == W.short(first)][0]
    assert chip[4][0] == 17  # the check mark


def test_after_a_computer_play_the_screen_says_what_it_did():
    sim = start(seed=11)
    scr = screen(sim)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_REACT
             and s.app.session.state.chain[-2] == 1)
    st = sim.app.session.state
    news = scr.hist[-1]
    assert news.startswith("P2") and news in " ".join(sim.visible_text())
    assert not scr.focus  # on 240x135 the line keeps the news until a press
    assert TITLE.match(scr.title_text)
    sim.press("Y")
    assert detail(sim) != news  # then it tells about the card under the cursor
    del st


def test_the_cursor_starts_on_what_the_normal_computer_would_play():
    """Fewer presses: every decision but the switch starts on the choice of
    the Normal computer player (on the seat's own view); A takes it."""
    from engine.kendo import bots

    sim = start(seed=11)
    scr = screen(sim)
    kinds = set()
    for _ in range(30000):
        st = sim.app.session.state
        if sim.text().startswith("End"):
            break
        if human_to_act(sim) and st.phase != A.P_SWITCH:
            a = bots.choose(st.observation(0), 0, 2, None)
            it = scr.items[scr.cur]
            if st.phase == A.P_REACT:
                assert it == (-3 if a == A.FAIL else a - A.PLAY)
            elif st.phase == A.P_DISCARD:
                assert it == a - A.DISCARD
            elif scr.sub == 0:
                assert it == A.decode_open(a)[1]
            kinds.add((st.phase, scr.sub))
            before = len(st.chain), st.phase
            sim.press("A")  # the suggestion, step by step
            if st.phase == A.P_OPEN and scr.sub:
                t, m, r = A.decode_open(a)
                want = (r if r >= 0 else -2) if scr.sub == 1 else -10 - t
                assert scr.items[scr.cur] == want, (scr.sub, a)
            del before
        elif human_to_act(sim):
            sim.press("A")
        else:
            sim.step()
    assert (A.P_OPEN, 0) in kinds and (A.P_REACT, 0) in kinds


# -- Competition's discard down to 12 ------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_discard_down_to_twelve_says_why(size):
    from sanbon import kendo_words as W
    from tools.tour import kendo_over_twelve

    sim = start(size, seed=3, mode="Competition", seats=("P2: Computer (Hard)",))
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_OPEN)
    st = sim.app.session.state
    scr = screen(sim)
    kendo_over_twelve(sim, 3)
    assert st.phase == A.P_DISCARD and st.current_player == 0 and len(st.hands[0]) == 15
    for left in (3, 2, 1):
        assert scr.title_text.split("|") == ["You: discard down to 12 (%d to go)" % left,
                                             "You: discard %d, keep 12" % left, "You: discard %d more" % left]
        assert sim.visible_text()[0] in scr.title_text.split("|")
        it = scr.items[scr.cur]
        assert detail(sim) == "Over 12 cards: discard %s?" % W.short(it)
        assert detail(sim) in sim.visible_text()
        # the cursor starts on the card the Normal computer would discard: one worth little
        from engine.kendo import bots

        assert it == bots.choose(st.observation(0), 0, 2, None) - A.DISCARD
        assert C.KIND[it] in (C.K_NEUTRAL, C.K_REINF, C.K_COUNTER)
        assert "Too many cards: discard down to 12 (%d to go)." % left in scr.handover_note()
        sim.press("A")
        assert it in st.discard
    assert len(st.hands[0]) == 12 and st.phase != A.P_DISCARD
    assert any("You discard" in h for h in scr.hist)


# -- history ---------------------------------------------------------------------------
def test_the_log_shows_every_seats_last_turn():
    sim = start(seed=5, players=3, seats=("P2: Computer (Normal)", "P3: Computer (Normal)"))
    scr = screen(sim)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase in (A.P_OPEN, A.P_REACT)
             and all(scr.last))
    to_item(sim, -4)
    assert detail(sim) == "Log: every player's last turns"
    sim.press("A")
    text = sim.text()
    assert text.startswith("Log: the last turns")
    lines = text.split("\n")
    i = lines.index("#Each player's last turn")
    section = " ".join(lines[i + 1:lines.index("#Table")])
    for k, name in enumerate(("You", "P2", "P3")):
        last = scr.last[k]
        assert name in last and last in section  # what each seat did last, in words
    assert "#Last messages, newest last" in lines and "Piles: Basic" in text
    sim.press("B")
    assert sim.text().startswith("Game: Kendo")


# -- the end screen ------------------------------------------------------------------
class _End:
    """A finished state as kendo_end.standings reads it."""

    def __init__(self, mode, hands, eliminated=b"", ippons=b"", hansoku=b""):
        self.mode = mode
        self.players = len(hands)
        self.hands = hands
        self.eliminated = eliminated or bytes(len(hands))
        self.ippons = ippons
        self.hansoku = hansoku


@pytest.mark.parametrize("size", SIZES)
def test_the_end_screen_shows_every_seat_and_the_whole_reason(size):
    from sanbon import kendo_end
    from sanbon.screens import EndScreen
    from sanbon.ui import wrap
    from tools.tour import defects

    sim = Sim(size, seed=1, render=False)
    nm = ("You", "P2", "P3", "P4").__getitem__
    cases = [
        (_End(A.DUEL, [b"", b"1234567", b"0123456789", b"1"], b"\1\0\0\0"),
         "Nobody can attack: P3 has the most cards.",
         ["You: 0 cards, out", "P2: 7 cards", "P3: 10 cards", "P4: 1 card"]),
        (_End(A.COMPETITION, [b"12", b"12"], ippons=b"\2\1", hansoku=b"\1\2"),
         "Hantei: after 10 encho exchanges P2 had fewer hansoku.",
         ["You: 2 ippon, 1 hansoku", "P2: 1 ippon, 2 hansoku"]),
    ]
    for st, reason, seats in cases:
        rows = kendo_end.standings(st, nm, sim.app.layout)
        assert "; ".join(rows) == "; ".join(seats)
        end = EndScreen(sim.app, None, "P3 wins", reason, rows)
        sim.app.push(end)
        sim.step()
        shown = sim.visible_text()
        for r in rows:
            assert r in shown
        for line in wrap(reason, end.L.chars(scale=1)):
            assert line in shown  # the reason in full
        assert defects(sim) == []
        assert "Standings: " + ", ".join(rows) in sim.text()
        sim.app.pop()


def test_kendo_says_deflect_as_the_rules_do_never_dodge():
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib", "sanbon")
    for name in ("kendo_words.py", "howto_kendo.py", "kendo.py", "kendo_more.py", "kendo_end.py"):
        with open(os.path.join(root, name)) as f:
            assert "dodge" not in f.read().lower(), name


# -- issue 29: titles, hints, the log ------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_title_is_seat_colon_what_and_its_last_wording_fits_19(size):
    """"<seat>: <what to do>", the seat as session.seat_name says it; the
    last wording fits the 240x240 title (19 characters), so nothing is cut;
    the hints use the brief's words (no colons)."""
    from sanbon.ui import pick

    sim = start(size, seed=4, players=3, seats=("P2: Computer (Normal)", "P3: Computer (Normal)"))
    scr = screen(sim)
    seen = set()
    hints = set()
    for _ in range(3000):
        st = sim.app.session.state
        if st.is_over() or not sim.text().startswith("Game: Kendo"):
            break
        t = scr.title_text
        if t not in seen:
            seen.add(t)
            words = t.split("|")
            who = sim.app.session.seat_name(st.current_player)
            for w in words:
                assert w.startswith(who + ": ") and TITLE.match(w), t
            assert len(words[-1]) <= 19, t
            shown = sim.visible_text()[0]
            assert shown == pick(t, scr.L.chars()) and "~" not in shown
        hints.add(scr.frame.hint.text)
        if human_to_act(sim):
            sim.press("A")
        else:
            sim.step()
    kinds = set(w.split("|")[0].split(": ")[1].split(" ")[0] for w in seen)
    assert {"switch", "attack", "answer"} <= kinds, seen
    for h in hints:
        assert ":" not in h, h
        for pair in h.split("  ") if h else ():
            assert pair.split(" ")[0] in ("A", "B", "X/Y", "hold", "any"), h
    assert "any key faster  hold B pause" in hints


def test_the_log_title_is_the_shared_one():
    sim = start(seed=5)
    scr = screen(sim)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase in (A.P_OPEN, A.P_REACT))
    to_item(sim, -4)
    sim.press("A")
    assert sim.visible_text()[0] == "Log: the last turns"
    del scr


# -- issue 29: plain words, not colour alone ------------------------------------------
CODES = re.compile(r"TSU-|-TSU\b|T\.SABAKI|TSUBAZ\.|\bx2\b|\bH\d\b")


@pytest.mark.parametrize("size", SIZES)
def test_no_card_code_on_screen_and_the_table_says_who_played_each_card(size):
    """Full card names (two lines or two cells where one does not fit),
    "1 hansoku" not "H1"; every table card carries the letter of who played
    it; when the title leaves out what to answer or from whom, the last table
    card says both."""
    from sanbon.kendo import letter

    players, mode, seats = (3, "Duel", ("P2: Computer (Normal)", "P3: Computer (Normal)"))
    checked = 0
    for players, mode, seats in ((3, "Duel", seats), (2, "Competition", ("P2: Computer (Hard)",))):
        sim = start(size, seed=6, players=players, mode=mode, seats=seats)
        scr = screen(sim)
        nm = sim.app.session.seat_name
        for _ in range(1500):
            st = sim.app.session.state
            if st.is_over() or not sim.text().startswith("Game: Kendo"):
                break
            for t in sim.visible_text():
                assert not CODES.search(t), t
            for ch in scr.grid:
                if not ch[0].hidden and ch[2].text and ch[4].hidden is False:
                    assert chip_name(ch) in [C.name(c) for c in st.hands[scr.seat]]
            trk = scr.trk
            shown = [ch for ch in scr.track if not ch[0].hidden]
            if shown:
                seats_played = [trk[2 * j] for j in range(len(trk) // 2)][-len(shown):]
                for ch, s in zip(shown, seats_played):
                    assert ch[5].text == letter(nm(s)) and not ch[3].hidden
                if st.phase == A.P_REACT and scr.deciding and len(scr.title_text.split("|")) > 1:
                    shown_title = sim.visible_text()[0]
                    if shown_title == nm(st.current_player) + ": answer":  # what: the last card
                        assert st.inc != C.INC_STRIKE and shown[-1][2].text == C.name(st.chain[-1])
                        checked += 1
                    if players > 2 and "from" not in shown_title:  # who: the last card's letter
                        assert shown[-1][5].text == letter(nm(st.striker))
                        checked += 1
            if human_to_act(sim):
                sim.press("A")
            else:
                sim.step()
    assert checked or size != "picosystem"  # the only title that drops them


def test_a_card_new_to_the_hand_has_a_mark_not_only_a_colour():
    sim, scr, st = your_switch()
    hand = bytes(st.hands[0])
    assert all(ch[6] is None or ch[6].hidden for ch in scr.grid)  # nothing new yet
    sim.press("Y", "A")  # mark the first card
    to_item(sim, -1)
    sim.press("A")  # "Switch 1"
    new = [c for c in st.hands[0] if c not in hand]
    assert len(new) == 1
    if scr.deciding:
        to_item(sim, -4)
    for ch in scr.grid:
        if not ch[0].hidden and ch[3] is None and not ch[4].hidden:
            assert (ch[6] is None or ch[6].hidden) == (chip_name(ch) != C.name(new[0])), chip_name(ch)


@pytest.mark.parametrize("size", SIZES)
def test_table_cards_can_be_inspected_like_hand_cards(size):
    """X from the first item reaches the newest table card in one press: it is
    highlighted on the table and the detail line says what it does; Y goes
    back. No new screen; A changes nothing."""
    from sanbon import kendo_words as W

    sim = start(size, seed=11)
    scr = screen(sim)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_REACT)
    st = sim.app.session.state
    shown = [ch for ch in scr.track if not ch[0].hidden]
    assert shown
    newest = st.chain[-1]
    to_item(sim, scr.items[0])
    sim.press("X")
    assert detail(sim) == W.does(st, newest) and detail(sim) in sim.visible_text()
    assert scr.frame.hint.text == "X/Y move  hold B pause"  # A does nothing there
    sel = [ch for ch in shown if ch[1].pixel_shader is scr.pals[16]]
    assert [ch[2].text for ch in sel] == [C.name(newest)]
    before = st.to_bytes()
    sim.press("A")
    assert st.to_bytes() == before and sim.text().startswith("Game: Kendo")
    sim.press("Y")
    assert scr.cur == 0 and not [ch for ch in shown if ch[1].pixel_shader is scr.pals[16]]
    assert scr.frame.hint.text.startswith("A choose")


@pytest.mark.parametrize("size", SIZES)
def test_a_table_too_long_for_the_track_says_so(size):
    """Long names make wider chips: when the exchange's first plays no longer
    fit, a "<" at the left says some are left out (the log has them)."""
    from tools.tour import defects

    sim = start(size, seed=11, render=True)
    scr = screen(sim)
    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_REACT)
    tsuki_tsuki, tsubazeriai = 27, 42
    assert C.name(tsuki_tsuki) == "TSUKI-TSUKI" and C.name(tsubazeriai) == "TSUBAZERIAI"
    scr.trk = bytearray((0, 3, 1, tsuki_tsuki, 0, tsubazeriai, 1, 25, 0, tsuki_tsuki))
    scr._track()
    shown = [ch for ch in scr.track if not ch[0].hidden]
    assert scr.piles.text == "<" and len(shown) < 5
    for ch in shown:  # a long name: a wider chip, its whole name inside
        assert ch[1].width >= len(ch[2].text) * 6
    assert [ch[2].text for ch in shown] == [C.name(c) for c in scr.trk[1::2]][-len(shown):]
    sim.step()
    assert defects(sim) == []
    scr.trk = bytearray((0, 3, 1, 7))
    scr._track()
    assert scr.piles.text == "" and len([ch for ch in scr.track if not ch[0].hidden]) == 2


def test_one_word_per_idea_in_the_game_how_to_play_and_playing_md():
    """Issue 29: "switch" (never "swap"), "attack" next (never "opens next"),
    "hansoku" in words (never "H0"/"(H)"), the rules' card names (no codes)."""
    import os

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    texts = []
    for name in ("kendo_words.py", "howto_kendo.py", "kendo.py", "kendo_more.py", "kendo_end.py"):
        with open(os.path.join(root, "lib", "sanbon", name)) as f:
            texts.append((name, f.read()))
    with open(os.path.join(root, "docs", "PLAYING.md")) as f:
        doc = f.read()
    texts.append(("PLAYING.md", doc[doc.index("## 4. Kendo Duel"):doc.index("## 5. ")]))
    for name, text in texts:
        low = text.lower()
        for word in ("swap", "opens next", "open next", "hansoku (h)", "h0", "tsubaz.", "t.sabaki", "tsu-kote", " x2"):
            assert word not in low, (name, word)


@pytest.mark.parametrize("size", SIZES)
def test_how_to_play_shows_the_chips_of_play(size):
    """How to play's pictures are play's chips (sanbon.kendo_layout.chip):
    the same heights, widths, frame and tab colours, glyphs, names and
    player letters; made while the page shows, the module that draws them
    forgotten again."""
    import sys

    from sanbon import ui
    from sanbon import kendo_layout as K
    from sanbon import kendo_words as W

    import vectorio  # after displayio (sanbon.ui): Blinka's vectorio needs it first

    play = screen(start(size))  # play's chip sizes on this screen
    hand_h, table_h, cw = play.gh, play.track[0][0].height, play.cw
    ui.unload("sanbon.kendo_layout")
    sim = Sim(size, seed=7)
    sim.choose("Kendo Duel")
    sim.choose("How to play")
    how = sim.app.top
    pictured = 0
    for page in how.pages:
        if len(page) > 2:
            assert how.pics is not None, page[0]
            assert "sanbon.kendo_howto" not in sys.modules and "sanbon.kendo_layout" not in sys.modules  # forgotten once drawn
            shapes = list(how.pics)
            frames = [s for s in shapes if isinstance(s, vectorio.Rectangle) and s.height in (hand_h, table_h)
                      and s.width >= cw]
            data = page[2][1]
            cards = [(data[i], data[i + 1]) for i in range(0, len(data), 2) if data[i] != 254]
            assert len(frames) == len(cards), page[0]
            texts = [s.text for s in shapes if isinstance(s, ui.Text)]
            for (seat, c), f in zip(cards, frames):
                name = W.short(c) if c < 253 else ("IPPON" if c == 254 else "NO ANSWER")
                assert f.pixel_shader[0] == (K.FRAMES[C.COLOUR[c]] if c < 253 else ui.BAD)
                assert f.x + how.pics.x >= 0 and f.x + f.width + how.pics.x <= sim.board.width
                assert f.y + f.height <= how.y0, page[0]  # above the page's text
                if seat == 255:  # a hand card, as the hand grid draws it
                    assert f.height == hand_h
                    assert f.width == (cw if play.two or len(name) <= play.fit else 2 * cw + 1)
                    a, b = W.lines(name, play.fit) if play.two else (name, "")
                    assert texts[:2 if b else 1] == ([a, b] if b else [a]), page[0]
                    texts = texts[2 if b else 1:]
                    tiles = [s for s in shapes if hasattr(s, "tile_width") and s.x == f.x + 1 and s.y > f.y]
                    assert tiles and tiles[0][0] == C.KIND[c] + 1 and not tiles[0].hidden
                else:  # a table card: the player's letter on a tab in the seat's colour
                    assert f.height == table_h and f.width == play._width(name)
                    assert texts[:2] == [name, "Y" if seat == 0 else str(seat + 1)], page[0]
                    texts = texts[2:]
                    tabs = [s for s in shapes if isinstance(s, vectorio.Rectangle) and s.x == f.x and s.width == 8]
                    assert tabs and tabs[0].pixel_shader[0] == K.SEATS[seat]
                pictured += 1
        else:
            assert how.pics is None
        sim.press("Y")
        while how.page != (how.pages.index(page) + 1) % len(how.pages):
            sim.press("Y")
    assert pictured >= 15
    sim.press("B")
    assert how.pics is None


def _open_by_presses(sim):
    """From a fresh game, the human's first
    opening entered by presses (the attack card, no JODAN/SEME): (screen,
    the card, its hand cell (x, y) before, the track row's y)."""
    from sanbon.kendo import _B_NOREINF

    wait_for(sim, lambda s: human_to_act(s) and s.app.session.state.phase == A.P_OPEN)
    scr = screen(sim)
    st = sim.app.session.state
    m = [A.decode_open(a)[1] for a in st.legal_actions() if A.OPEN <= a < A.DISCARD][0]
    to_item(sim, m)
    i = scr.items.index(m)
    cell = (scr.gx + (scr.pos[i] & 15) * (scr.cw + 1), scr.gy + ((scr.pos[i] >> 4) - scr.top) * (scr.gh + scr.gap))
    row_y = scr.track[-1][0].y
    sim.press("A")
    if scr.sub == 1:
        to_item(sim, _B_NOREINF)
        sim.press("A")
    assert st.phase == A.P_REACT and scr.trk[1] == m
    return scr, m, cell, row_y


@pytest.mark.parametrize("size", SIZES)
def test_a_card_played_slides_from_the_hand_to_the_table(size):
    """A card played slides from its hand cell to its table place in 5
    steps of 60 ms (the app's ticks), moving its own chip: no new widget."""
    sim = start(size, seed=3, speed="normal")
    scr, m, cell, row_y = _open_by_presses(sim)
    chip = scr.track[0]
    assert scr.slide[0] == 0 and chip[2].text == C.name(m)
    shapes = (len(scr.group), len(scr.hand))
    at = []
    for _ in range(8):
        at.append((chip[0].x, chip[0].y))
        sim.step(60)
    # from the hand cell (one press's release, 20 ms later: still the first step) ...
    assert at[0] == cell, (at[0], cell)
    # ... in steps, each nearer the table, to its place: the track's first cell
    assert len(set(at)) == 6 and at[-1] == at[-2] == (scr.gx, row_y), at
    ys = [y for _, y in at]
    assert ys == sorted(ys, reverse=True)
    assert scr.slide[0] == -1 and chip[1].y == row_y + 2 and chip[2].text == C.name(m)
    assert (len(scr.group), len(scr.hand)) == shapes  # the same chip moved, nothing made
    layers = list(scr.group)
    assert layers.index(scr.hand) < layers.index(chip[0])  # drawn over the hand it rises from


def test_a_press_ends_a_slide_at_once_and_still_acts():
    """Any press during a slide puts the chip at its place in that step, and
    acts as ever: during the computer's turn it hurries the computer."""
    sim = start("pico_display2", seed=3, speed="normal")
    scr, m, cell, row_y = _open_by_presses(sim)
    st = sim.app.session.state
    chip = scr.track[0]
    assert scr.slide[0] == 0 and (chip[0].x, chip[0].y) == cell
    before = st.events
    sim.press("X")
    assert (chip[0].x, chip[0].y) == (scr.gx, row_y)  # at its place at once
    assert st.events is not before  # and the computer answered at once (not 600 ms later)


def test_a_computer_card_slides_from_its_seat_and_your_press_ends_it_and_acts():
    """A computer's card slides from its seat's tab in the table strip; a
    press of yours meanwhile puts it at its place at once and does what it
    does (Y: the cursor moves on)."""
    sim = start("pico_display2", seed=3, speed="normal")
    scr = screen(sim)
    for _ in range(3000):
        if human_to_act(sim) and scr.slide[0] >= 0 and scr.trk[2 * scr._first_shown() + 2 * scr.slide[0]] == 1:
            break
        if human_to_act(sim) and scr.slide[0] < 0:
            sim.press("A")
        else:
            sim.step(20)
    else:
        raise AssertionError("no computer card slid in on your turn")
    chip = scr.track[scr.slide[0]]
    tab = scr.seats[1][0]
    assert scr.slide[1] == tab.x - 6 - (chip[0].x - scr.slide[3]) and scr.slide[2] == tab.y - (chip[0].y - scr.slide[4])
    row_y = scr.track[-1][0].y
    cur = scr.cur
    sim.press("Y")
    assert scr.slide[0] == -1 and chip[0].y == row_y and chip[1].y == row_y + 2
    assert scr.cur == (cur + 1) % len(scr.items)


@pytest.mark.parametrize("size", SIZES)
def test_no_slide_at_computer_speed_instant(size):
    sim = start(size, seed=3, speed="instant")
    scr, m, cell, row_y = _open_by_presses(sim)
    assert scr.slide[0] == -1
    assert (scr.track[0][0].x, scr.track[0][0].y) == (scr.gx, row_y)


# -- the code's shape (issue 31) -------------------------------------------------
_KENDO_LIB = ("kendo.py", "kendo_layout.py", "kendo_words.py", "kendo_end.py", "kendo_more.py", "kendo_howto.py")


def _lib_tree(name):
    import ast
    import os

    path = os.path.join(os.path.dirname(__file__), "..", "lib", "sanbon", name)
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read())


def test_every_event_field_is_read_by_its_name():
    """lib/ reads an event's items as event[A.E_...], never event[1]: not on a
    variable named e/ev/evt/event*, nor straight off ``.events``."""
    import ast

    for name in _KENDO_LIB:
        for node in ast.walk(_lib_tree(name)):
            if not isinstance(node, ast.Subscript):
                continue
            index = node.slice
            if isinstance(index, ast.UnaryOp):
                index = index.operand
            if not (isinstance(index, ast.Constant) and type(index.value) is int):
                continue
            target = node.value
            if isinstance(target, ast.Subscript):  # events[-1][0]
                target = target.value
            named = target.id if isinstance(target, ast.Name) else (target.attr if isinstance(target, ast.Attribute) else "")
            assert not (named in ("e", "ev", "evt") or named.startswith("event")), (name, node.lineno)


def test_every_event_the_engine_emits_is_documented_with_its_fields():
    """Random Duels (2-4 seats, every option) and Competitions: each event kind
    they emit has its row in engine/kendo/actions.py's table, and no event has
    more items than the E_* indexes name."""
    import os
    import random

    path = os.path.join(os.path.dirname(__file__), "..", "engine", "kendo", "actions.py")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    longest = max(v for k, v in vars(A).items() if k.startswith("E_") and type(v) is int)
    seen = set()
    for seed in range(24):
        mode = A.COMPETITION if seed % 3 == 0 else A.DUEL
        st = KendoState(Rng(seed), 2 if mode else 2 + seed % 3, mode, seed % 16)
        pick = random.Random(seed)
        while not st.is_over():
            st.apply(pick.choice(st.legal_actions()))
            for event in st.events:
                seen.add(event[A.E_KIND])
                assert len(event) <= longest + 1, event
    for kind in seen:
        assert '# | "%s"' % kind in source, kind
    assert {"open", "play", "fail", "pull", "end", "win", "ippon", "refill"} <= seen


def test_the_layout_builds_widgets_and_leaves_the_screen_alone():
    """sanbon.kendo_layout never imports the screen's module back and sets no
    attribute on anything it is given: it returns the widgets."""
    import ast

    tree = _lib_tree("kendo_layout.py")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module != "sanbon.kendo" and "kendo" not in [a.name for a in node.names]
        if isinstance(node, ast.FunctionDef):
            params = {a.arg for a in node.args.args}
            for inner in ast.walk(node):
                if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store):
                    assert not (isinstance(inner.value, ast.Name) and inner.value.id in params), (node.name, inner.attr)
