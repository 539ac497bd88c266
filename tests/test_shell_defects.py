"""Issue 14's small shell defects: Pig's wrong-move message, the setup list
that keeps "Start" in view as players are added, How to play's pictures and
layout (the shell tour itself is in tests/test_tour.py)."""

import os

import pytest

from tests.sim_helpers import SIZES, Sim, choose, goto_demo_setup, toast_text
from tools import tour


def _sim(tmp_path, size="picosystem"):
    return Sim(size, seed=3, nvm_path=str(tmp_path / "nvm.bin"))


def _toast(sim):
    return toast_text(sim.app)


def test_pig_says_why_hold_is_not_allowed(tmp_path):
    sim = _sim(tmp_path)
    goto_demo_setup(sim)
    choose(sim, "Start")
    st = sim.app.session.state
    assert st.turn_total == 0 and st.current_player == 0
    sim.press("Y", "A")  # Hold before any roll
    msg = _toast(sim)
    assert msg is not None
    assert "roll" in msg.lower() and "hold" in msg.lower()
    for engine_word in ("action", "seat", "legal", "0"):
        assert engine_word not in msg.lower(), msg
    assert msg.startswith("!")  # an error, not by colour alone
    assert st.turn_total == 0 and st.current_player == 0  # nothing happened
    sim.press("X", "A")  # Roll is allowed: no error toast
    assert sim.app.session.state.last_roll


def _visible_rows(menu):
    return [t.text for t in menu.labels if t.text]


@pytest.mark.parametrize("size", SIZES)
def test_setup_keeps_start_in_view_as_players_are_added(tmp_path, size):
    sim = _sim(tmp_path, size)
    choose(sim, "Kyudo")
    menu = sim.app.top.menu
    L = sim.app.layout
    built = menu.rows
    for players in (3, 4, 2, 3, 4):
        i = [k for k, t in enumerate(menu.items) if t.startswith("Players:")][0]
        while menu.index != i:
            sim.press("X")
        sim.press("A")
        assert menu.items[i] == "Players: %d" % players
        for _ in range(len(menu.items) + 1):  # with the cursor on every row in turn
            vis = _visible_rows(menu)
            assert "Start" in vis and menu.current in vis
            # every row of the list's room is in use while items are out of view
            assert menu.rows >= min(menu.max_rows, len(menu.items))
            assert len(vis) == min(menu.rows, len(menu.items))
            assert menu.y + menu.rows * L.row_h <= L.body_top + L.body_h
            sim.press("Y")
    assert menu.rows > built
    assert tour.defects(sim, contrast=True) == []


def _howto(sim):
    choose(sim, "How to play")
    assert sim.text().startswith("HowTo")
    return sim.app.top


@pytest.mark.parametrize("size", SIZES)
def test_howto_pig_shows_pictures_from_its_sheet(tmp_path, size):
    sim = _sim(tmp_path, size)
    goto_demo_setup(sim)
    scr = _howto(sim)
    assert scr.pics is not None and len(scr.pics) == 1  # the pig
    sim.press("Y")
    assert len(scr.pics) == 5  # faces 2-6
    assert [g[0] for g in scr.pics] == [2, 3, 4, 5, 6]
    # the row is on the screen and above the text
    top_text = min(t.y for t in scr.rows if t.text)
    assert scr.pics.y + 16 * scr.pics.scale <= top_text
    assert scr.pics.x >= 0 and scr.pics.x + (5 * 20 - 4) * scr.pics.scale <= sim.board.width
    assert tour.defects(sim, contrast=True) == []
    sim.press("Y", "Y")  # the Controls page has no pictures
    assert scr.pics is None
    assert "Buttons" in sim.visible_text()


def test_howto_without_the_sheet_shows_the_text(tmp_path, monkeypatch):
    """A page naming a sheet that is not in the build: no pictures, no crash."""
    from sanbon import howto_pig

    monkeypatch.setattr(howto_pig, "PAGES", (("Goal", "Bank 30 points first.", ("nosuchsheet", (1, 2))),
                                             ("Two", "More.", ("pig", (99,)))))
    sim = _sim(tmp_path)
    goto_demo_setup(sim)
    scr = _howto(sim)
    assert scr.pics is None and "Bank 30 points first." in " ".join(sim.visible_text())
    sim.press("Y")
    assert scr.pics is None  # a tile the sheet does not have is left out
    assert sim.text().startswith("HowTo")


def test_howto_bigger_text_where_it_fits(tmp_path):
    """Pig's short pages at scale 2 on a tall screen, scale 1 on 240x135;
    paragraphs start on lines of their own."""
    big = _sim(tmp_path, "picosystem")
    goto_demo_setup(big)
    scr = _howto(big)
    assert scr.scale == 2
    small = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n2.bin"))
    goto_demo_setup(small)
    assert _howto(small).scale == 1
    small.press("Y")
    vis = small.visible_text()
    assert "Roll the die as often as you like." in vis and "Hold to bank your turn total." in vis


@pytest.mark.parametrize("game", ("Kyudo", "Kendo Duel", "Okko: Oni Hunters"))
def test_howto_long_pages_scroll_not_cut(tmp_path, game):
    """Every word of every page is shown on 240x135, by Y through the page."""
    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "nvm.bin"))
    choose(sim, game)
    scr = _howto(sim)
    pages = scr.pages
    for head, body in [p[:2] for p in pages]:
        words = []
        seen = set()
        while True:
            # (the page's picture first: Kendo's chips have names)
            pic = [t for t in (scr.pics or ()) if getattr(t, "text", None) and not t.hidden]
            for line in sim.visible_text()[1 + len(pic):-1]:
                words.extend(line.split())
            key = (scr.page, scr.top)
            seen.add(key)
            sim.press("Y")
            if scr.top == 0:
                break
        assert " ".join(words).replace("#", "") == " ".join(body.replace("\n", " ").split()).replace("#", ""), head
    assert scr.page == 0  # round to the first page


def test_pig_pages_name_tiles_its_sheet_has():
    """Every picture a How to play page names is a tile of a sheet that
    tools.art draws and the build ships."""
    import importlib

    from tools import art

    for game in ("pig", "kyudo", "kendo", "okko"):
        for page in importlib.import_module("sanbon.howto_" + game).PAGES:
            assert len(page) in (2, 3)
            if len(page) == 3:
                spec = page[2]
                if isinstance(spec[1], bytes):  # Kendo's chips (test_kendo_ui: as play draws them)
                    assert spec[0] == "kendo_howto" and game == "kendo"
                    continue
                assert isinstance(spec[0], str) and isinstance(spec[1], tuple)
                mod = importlib.import_module("tools.art." + spec[0])
                assert spec[0] in art.SHEETS
                assert os.path.exists(art.path(spec[0]))
                assert all(0 < t < len(mod.TILES) for t in spec[1]), (game, page[0])
                assert mod.TILE == (spec[2], spec[2]) if len(spec) > 2 else mod.TILE == (16, 16)
    with open(art.path("pig"), "rb") as f:
        assert f.read() == art.sheet_bytes("pig")  # the committed sheet is the drawing's
