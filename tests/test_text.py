"""sanbon.ui.Text: a line of text as one TileGrid over the font's glyph tiles."""

import sim_helpers  # noqa: F401  (headless SDL, Blinka's platform)
from sim_helpers import Sim

import displayio
import terminalio

from sanbon import ui


def shown(t):
    """What the grid's tiles spell (trailing blanks dropped)."""
    g = t[0]
    return "".join(chr(32 + g[i]) for i in range(g.width)).rstrip()


def board():
    return Sim("pico_display", seed=1, render=False)  # gives Blinka's font the device's tile bitmap


def test_tiles_spell_the_text_and_shorter_text_blanks_the_rest():
    board()
    t = ui.Text(10, 20, "Kyudo 12", ui.TEXT)
    assert shown(t) == "Kyudo 12" and t.text == "Kyudo 12"
    assert (t.x, t.y) == (10, 20)
    grid = t[0]
    t.set("Hi")
    assert shown(t) == "Hi" and t[0] is grid  # no new grid for a shorter text
    t.set("a longer line than before")
    assert shown(t) == "a longer line than before" and t[0] is not grid and len(t) == 1


def test_room_sizes_the_grid_up_front():
    board()
    t = ui.Text(0, 0, "", ui.TEXT, room=30)
    grid = t[0]
    assert grid.width == 30
    t.set("twenty-nine characters long..")
    assert t[0] is grid


def test_characters_outside_the_font_show_as_a_question_mark():
    board()
    t = ui.Text(0, 0, "caf\u00e9\tx")
    assert shown(t) == "caf??x"


def test_anchors_place_the_box_and_follow_the_length():
    board()
    c = ui.Text(100, 50, "abcd", ui.TEXT, 2, (0.5, 0.5))
    assert (c.x, c.y) == (100 - 4 * 6 * 2 // 2, 50 - 12 * 2 // 2)
    c.set("ab")
    assert c.x == 100 - 2 * 6 * 2 // 2
    r = ui.Text(200, 100, "xyz", ui.TEXT, 1, (1.0, 1.0))
    assert (r.x, r.y) == (200 - 18, 100 - 12)
    r.move(150, 90)
    assert (r.x, r.y) == (150 - 18, 90 - 12)
    plain = ui.Text(5, 6, "top-left")
    plain.move(7, 8)
    assert (plain.x, plain.y) == (7, 8)


def test_colour_is_a_shared_palette():
    board()
    a = ui.Text(0, 0, "a", ui.GOOD)
    b = ui.Text(0, 0, "b", ui.GOOD)
    assert a[0].pixel_shader is b[0].pixel_shader is ui.ink(ui.GOOD)
    b.set("b", ui.BAD)
    assert b[0].pixel_shader is ui.ink(ui.BAD) and a[0].pixel_shader is ui.ink(ui.GOOD)
    assert ui.ink(ui.BAD)[1] == ui.BAD


def test_an_unchanged_text_marks_nothing_dirty():
    board()
    t = ui.Text(0, 0, "same")
    g = t[0]
    g._partial_change = False
    g._full_change = False
    t.set("same")
    assert not g._partial_change and not g._full_change
    t.set("sane")
    assert g._partial_change  # only the changed tile


def test_the_simulator_font_tiles_are_blinkas_glyphs():
    board()
    tiles = terminalio.FONT.bitmap
    assert isinstance(tiles, displayio.Bitmap) and tiles.width == 95 * 6 and tiles.height == 12
    for ch in "A?z~ 0":
        g = terminalio.FONT.get_glyph(ord(ch))
        i = ord(ch) - 32
        for y in range(12):
            for x in range(6):
                assert tiles[i * 6 + x, y] == g.bitmap[x, y], (ch, x, y)


def test_the_screen_reads_back_as_text():
    sim = Sim("pico_display2", seed=1, render=False)
    texts = sim.visible_text()
    assert texts[0] == "Sanbon" and "Kyudo" in texts and "Okko: Oni Hunters" in texts
    for x, y, w, h, t in sim.labels():
        assert w == len(t) * 6 * 2 or w == len(t) * 6  # the scale of its group


def test_log_page_fills_rows_under_the_last_entry_then_turns_the_page():
    from sanbon import ui

    lines = {}

    def lines_of(h):
        return lines[h]

    hist = []
    first = None
    seen = []
    for n, size in enumerate((1, 2, 1, 1, 2, 1, 3, 1)):
        h = "e%d" % n
        lines[h] = ["%s.%d" % (h, i) for i in range(size)]
        hist.append(h)
        first, rows = ui.log_page(hist, len(hist), first, 5, lines_of)
        seen.append(rows)
        assert len(rows) <= 5 and rows[-len(lines[h]):] == lines[h]  # the newest entry is always whole, last
    assert seen[1] == ["e0.0", "e1.0", "e1.1"]  # rows under the last entry filled, none rewritten
    assert seen[2] == seen[1] + ["e2.0"] and seen[3] == seen[2] + ["e3.0"]
    assert seen[4] == ["e4.0", "e4.1"]  # no room: the page turned, keeping the newest (at most half the rows)
    assert seen[5] == seen[4] + ["e5.0"]
    assert seen[6] == ["e6.0", "e6.1", "e6.2"]
    assert ui.log_page(hist, 0, first, 5, lines_of) == (None, [])
    hist.pop(0)  # an old entry dropped from the history: the page still starts at its entry
    assert ui.log_page(hist, len(hist), first, 5, lines_of)[1] == ["e6.0", "e6.1", "e6.2", "e7.0"]
    lines["big"] = ["b%d" % i for i in range(8)]
    assert ui.log_page(["big"], 1, None, 5, lines_of) == ("big", ["b3", "b4", "b5", "b6", "b7"])


def test_prune_keeps_only_the_entries_named():
    from sanbon import ui

    cache = {"a": [1], "b": [2], "c": [3]}
    ui.prune(cache, ["b", "c", "d"])
    assert cache == {"b": [2], "c": [3]}


def test_pick_shows_the_first_wording_that_fits_else_the_last_cut():
    assert ui.pick("You: keep dice or roll|You: keep or roll|Keep or roll", 30) == "You: keep dice or roll"
    assert ui.pick("You: keep dice or roll|You: keep or roll|Keep or roll", 18) == "You: keep or roll"
    assert ui.pick("You: keep dice or roll|You: keep or roll|Keep or roll", 12) == "Keep or roll"
    assert ui.pick("You: keep dice or roll|You: keep or roll|Keep or roll", 6) == "Keep ~"
    assert ui.pick("One wording", 11) == "One wording"
    assert ui.pick("One wording", 5) == "One ~"
