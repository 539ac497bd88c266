"""The "How to play" pages: sizes that fit the smallest screen, plain ASCII."""

import ast
import importlib
import os

import pytest

GAMES = ("kyudo", "kendo", "okko")
LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")

MAX_TITLE = 14
MAX_BODY = 230
MAX_WORD = 18


def pages(game):
    """(title, body) of every page (its pictures, if any: test_pictures)."""
    return tuple(p[:2] for p in importlib.import_module("sanbon.howto_" + game).PAGES)


@pytest.mark.parametrize("game", GAMES)
def test_pictures_name_tiles_of_the_games_sheet(game):
    """A page's pictures: (sheet, tiles, tile size), tiles the sheet has;
    at least one page of every game shows some."""
    from tools import art

    shown = 0
    for page in importlib.import_module("sanbon.howto_" + game).PAGES:
        if len(page) == 3 and isinstance(page[2][1], bytes):  # Kendo's chips: test_kendo_chips
            assert page[2][0] == "kendo_howto" and game == "kendo"
            shown += 1
        elif len(page) == 3:
            sheet, tiles, size = page[2]
            assert sheet == game and sheet in art.SHEETS
            mod = importlib.import_module("tools.art." + sheet)
            assert mod.TILE == (size, size)
            assert tiles and all(0 < t < len(mod.TILES) for t in tiles), (page[0], tiles)
            shown += 1
    assert shown


@pytest.mark.parametrize("game", GAMES)
def test_page_count_and_controls_last(game):
    p = pages(game)
    assert isinstance(p, tuple)
    assert 5 <= len(p) <= 7
    assert p[-1][0] == "Controls"
    titles = [t for t, _ in p]
    assert len(set(titles)) == len(titles)


@pytest.mark.parametrize("game", GAMES)
def test_pages_are_pairs_of_str(game):
    for page in importlib.import_module("sanbon.howto_" + game).PAGES:
        assert isinstance(page, tuple) and len(page) in (2, 3)
        title, body = page[:2]
        assert isinstance(title, str) and isinstance(body, str)
        assert title.strip() == title and title
        assert body.strip() == body and body


@pytest.mark.parametrize("game", GAMES)
def test_sizes(game):
    for title, body in pages(game):
        assert len(title) <= MAX_TITLE, title
        assert len(body) <= MAX_BODY, (title, len(body))


@pytest.mark.parametrize("game", GAMES)
def test_printable_ascii(game):
    for title, body in pages(game):
        for text in (title, body):
            bad = [c for c in text if not 32 <= ord(c) <= 126]
            assert not bad, (title, bad)


@pytest.mark.parametrize("game", GAMES)
def test_words_fit_a_line(game):
    for title, body in pages(game):
        for word in body.split(" "):
            assert word, (title, "double space")
            assert len(word) <= MAX_WORD, (title, word)


@pytest.mark.parametrize("game", GAMES)
def test_module_is_data_only(game):
    """A one-line docstring and the PAGES literal: nothing else runs on the device."""
    path = os.path.join(LIB, "sanbon", "howto_%s.py" % game)
    with open(path) as f:
        tree = ast.parse(f.read())
    assert len(tree.body) == 2
    doc, assign = tree.body
    assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)
    assert isinstance(doc.value.value, str) and "\n" not in doc.value.value
    assert isinstance(assign, ast.Assign)
    assert [t.id for t in assign.targets] == ["PAGES"]
    outer = assign.value
    assert isinstance(outer, ast.Tuple)
    for page in outer.elts:
        assert isinstance(page, ast.Tuple)
        for item in page.elts[:2]:
            assert isinstance(item, ast.Constant) and isinstance(item.value, str)
        for item in page.elts[2:]:  # the pictures: a literal (sheet, (tiles), size)
            assert isinstance(ast.literal_eval(item), tuple)


def wrap(text, width):
    """Greedy word wrap on spaces, as the device does (sanbon.ui.wrap)."""
    lines, line = [], ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


@pytest.mark.parametrize("game", GAMES)
def test_fits_the_smallest_screen(game):
    """240x135: 38 characters a line, 7 lines in the page body."""
    for title, body in pages(game):
        assert len(wrap(body, 38)) <= 7, title
