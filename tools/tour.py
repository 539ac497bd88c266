"""The screen tour: every screen kind of every game, on every screen size,
checked for what a newcomer must never see (issue 14).

``defects(sim)`` looks at the frame on the display now and names each
problem: a text cut with '~' (every cutter in the app marks its cut so:
``ui.fit``, ``ui.pick``, ``ui.wrap_lines``), a text that reaches past the
screen's edge, two texts of one layer that overlap, a text that tells the
player to press on a row that is not on the screen ("press A on Fight!"),
and a slip from the one style (``style``: the title bar's size, a game's
title "<seat>: ...", the log's title, the hint line's words, one font size
per list). A layer is one screen, or one overlay (a
dialog or a toast): what a layer draws over the layer below is meant to
cover it.

``tour(size)`` walks the app through scripted presses (setup, play through
every decision phase by computer-chosen presses for the human seats,
hand-overs, logs, pause, end), then 600 random presses on each of two seeds
per game (``walk_mash``), and looks after every press; ``python -m
tools.tour`` prints what it finds. A game's walks are its registry entry's
``tour`` (tools/games/<game>.py holds them: ``walk_kyudo`` and the human
seats' ``drive_kyudo``, a computer player's decision entered by the shortest
presses the screen offers, which also counts presses per decision for the
bench); ``walk_game`` plays any game by A alone.

``--pixels`` adds a digest of every frame's pixels, in the order shown: the
same digest before and after a change proves the change left every screen
of the tour pixel for pixel alone (a refactor's check).
"""

import os
import sys
import tempfile

from tools import games as registry
from tools.sim import SIZES, Sim

# the shell, then every game with walks in the registry (tools/games/: ``tour``)
GAMES = ("shell",) + tuple(g.key for g in registry.GAMES if g.tour)


def text_box(g, dx, dy, s):
    """The screen box (x0, y0, x1, y1) of the letters of ui.Text ``g`` (its
    leading and trailing spaces left out) in a group at (dx, dy) of scale
    ``s``; None for an empty or blank text."""
    from sanbon.ui import CHAR_H, CHAR_W

    t = g.text
    if not t or not t.strip():
        return None
    k = s * g.scale
    x0 = dx + g.x * s + (len(t) - len(t.lstrip(" "))) * CHAR_W * k
    y0 = dy + g.y * s
    return x0, y0, x0 + len(t.strip(" ")) * CHAR_W * k, y0 + CHAR_H * k


def _layers(sim):
    """The texts on the display per layer: [(name, [(x, y, w, h, text)])]."""
    from sanbon.ui import Text

    out = []

    def walk(group, dx, dy, s, found):
        if getattr(group, "hidden", False):
            return
        if isinstance(group, Text):
            box = text_box(group, dx, dy, s)
            if box:
                x0, y0, x1, y1 = box
                found.append((x0, y0, x1 - x0, y1 - y0, group.text))
            return
        if hasattr(group, "__len__") and hasattr(group, "x"):
            for item in group:
                walk(item, dx + group.x * s, dy + group.y * s, s * group.scale, found)

    app = sim.app
    for layer in (app.screen_layer, app.overlay):
        for i, g in enumerate(layer):
            found = []
            walk(g, layer.x + app.root.x, layer.y + app.root.y, 1, found)
            out.append(("%s%d" % ("screen" if layer is app.screen_layer else "overlay", i), found))
    return out


def defects(sim, contrast=False):
    """What is wrong with the frame on the display now: a list of strings.
    ``contrast``: also every text below 4.5:1 against what is drawn beneath
    it (``low_contrast``)."""
    W, H = sim.board.width, sim.board.height
    bad = []
    if contrast:
        for t, fg, bg, r in low_contrast(sim):
            bad.append("contrast %.2f:1: %r #%06X on #%06X" % (r, t, fg, bg))
    layers = _layers(sim)
    shown = [t for _, texts in layers for _, _, _, _, t in texts]
    for name, texts in layers:
        for x, y, w, h, t in texts:
            if "~" in t:
                bad.append("cut: %r" % t)
            named = _named_row(t)
            if named and not any(named in u for u in shown if u is not t):
                bad.append("hidden: %r names a row that is not on the screen" % t)
            if x < 0 or y < 0 or x + w > W or y + h > H:
                bad.append("outside the %dx%d screen: %r at (%d,%d) %dx%d" % (W, H, t, x, y, w, h))
        for i in range(len(texts)):
            x, y, w, h, t = texts[i]
            for j in range(i + 1, len(texts)):
                x2, y2, w2, h2, t2 = texts[j]
                if x < x2 + w2 and x2 < x + w and y < y2 + h2 and y2 < y + h:
                    bad.append("overlap in %s: %r and %r" % (name, t, t2))
    bad.extend(style(sim))
    return bad


def _named_row(text):
    """The row a text tells the player to press on ("press A on Fight!":
    "Fight"), or None."""
    i = text.find(" on ")
    if i < 0 or "press" not in text[:i]:
        return None
    return text[i + 4:].strip().rstrip(".!") or None


# the words of the hint line (issue 29, one style): "<key> <verb>" pairs
# parted by two spaces, no colons
HINT_KEYS = ("hold B", "any key", "X/Y", "A/B", "A", "B", "X", "Y")
LOG_TITLE = "Log: the last turns"


# the one word for each key's job where it means the same everywhere
HINT_VERBS = {"A": ("choose", "mark", "keep", "peek", "flip", "yes", "OK"), "B": ("back", "no"), "A/B": ("back",),
              "hold B": ("pause",), "any key": ("faster", "go on")}


def hint_problem(hint):
    """What is wrong with a hint line's format (None if nothing)."""
    if not hint.strip():
        return None
    if ":" in hint:
        return "a colon"
    for pair in hint.strip().split("  "):
        key = [k for k in HINT_KEYS if pair.startswith(k + " ")]
        verb = pair[len(key[0]) + 1:] if key else ""
        if not key or not verb.strip() or pair != pair.strip():
            return "%r is not '<key> <verb>'" % pair
        if key[0] in HINT_VERBS and verb not in HINT_VERBS[key[0]] and not verb.startswith("I am "):
            return "%r: %s says one of %s" % (pair, key[0], "/".join(HINT_VERBS[key[0]]))
    return None


def style(sim):
    """The style rules of the frame on the screen (issue 29): the title bar
    at the layout's scale; a game's title "<seat>: ..." with the seat named
    as the session names it; one title for every log; one hint format; every
    list at one font size."""
    from sanbon import ui

    bad = []
    top = sim.app.top
    frame = getattr(top, "frame", None)
    L = sim.app.layout if hasattr(sim.app, "layout") else getattr(top, "L", None)
    if frame is None:
        return bad
    title = frame.title.text or ""
    if L is not None and frame.title.scale != L.scale:
        bad.append("title at scale %d, not %d: %r" % (frame.title.scale, L.scale, title))
    low = title.lower()
    if ("log" in low.replace(":", " ").split() or "last turns" in low) and title != LOG_TITLE:
        bad.append("a log titled %r, not %r" % (title, LOG_TITLE))
    session = getattr(sim.app, "session", None)
    if type(top).__name__ == "GameScreen" and session is not None and not session.state.is_over():
        names = [session.seat_name(p) + ":" for p in range(4)]
        if not any(title.startswith(n + " ") for n in names):
            bad.append("a game title not '<seat>: ...' (%s): %r" % ("/".join(sorted(set(names))), title))
    why = hint_problem(frame.hint.text or "")
    if why:
        bad.append("hint %r: %s" % (frame.hint.text, why))
    for v in getattr(top, "__dict__", {}).values():
        if isinstance(v, ui.ListMenu) and not getattr(v.group, "hidden", False):
            scales = set(t.scale for t in v.labels if t.text)
            if len(scales) > 1:
                bad.append("a list in %d sizes: %r" % (len(scales), v.items[:3]))
    return bad


class Recorder:
    """Collects the defects of every frame it is shown, once per distinct
    frame, with where they were seen."""

    def __init__(self, size, contrast=False, pixels=False):
        self.size = size
        self.contrast = contrast  # defects(sim, contrast=True) on every frame
        self.pixels = None  # --pixels: a digest of every frame's pixels, in order
        if pixels:
            import hashlib

            self.pixels = hashlib.sha256()
        self.seen = set()
        self.found = {}  # defect -> where first seen
        self.frames = 0
        self.tips = set()  # the first-game guide's tips seen (sanbon.tips)

    def look(self, sim, where):
        if self.pixels is not None:
            import pygame

            self.pixels.update(pygame.image.tostring(sim.board.screen_surface(), "RGB"))
        key = tuple((n, tuple(t)) for n, t in _layers(sim))
        if self.contrast:  # a moved highlight changes colours, not texts
            key += tuple(backgrounds(sim))
        w = sim.app.toast_widget
        if w is not None and len(w.group) > 2 and w.group[2].text.startswith("Tip:"):
            self.tips.add(w.group[2].text)
        if key in self.seen:
            return
        self.seen.add(key)
        self.frames += 1
        for d in defects(sim, self.contrast):
            if d not in self.found:
                self.found[d] = "%s, %s: %s" % (self.size, where, sim.text().split("\n")[0][:60])


class Looking(Sim):
    """A Sim that shows every frame after every press and wait to a Recorder."""

    def __init__(self, size, rec, where, **kw):
        self.rec = rec
        self.where = where
        self.presses = 0
        super().__init__(size, **kw)
        self.rec.look(self, self.where)

    def press(self, *names):
        for raw in names:
            for name in raw.split(","):
                if name.strip():
                    Sim.press(self, name)
                    if not name.strip().upper().startswith("WAIT"):
                        self.presses += 1
                    self.rec.look(self, self.where)

    def wait(self, ms=1000):
        Sim.wait(self, ms)
        self.rec.look(self, self.where)


# -- the walks -----------------------------------------------------------

def menu_rows(sim, rows):
    """On a menu, press A on each row until it reads as wanted."""
    menu = sim.app.top.menu
    for row in rows:
        key = row.split(":")[0] + ":"
        for _ in range(6):
            if row in menu.items:
                break
            sim.choose([t for t in menu.items if t.startswith(key)][0])
        assert row in menu.items, (row, menu.items)


def _settings(sim, rows):
    sim.choose("Settings")
    menu_rows(sim, rows)
    sim.press("B")


def _start(sim, game, rows=()):
    sim.choose(game)
    menu_rows(sim, rows)
    sim.choose("Start")


def _pages(sim, limit=40):
    """Scroll a text screen to its end (Y), then back (B)."""
    for _ in range(limit):
        before = sim.visible_text()
        sim.press("Y")
        if sim.visible_text() == before:
            break
    sim.press("B")


def walk_shell(size, rec, tmp):
    """The main menu's games in the app's order (each game's setup rows, house
    rules and how-to; its registry entry's ``shell`` rows and seats), the
    settings, the statistics, and the demo game from About."""
    from sanbon import games as app_games

    sim = Looking(size, rec, "shell", seed=7, nvm_path=os.path.join(tmp, "shell.bin"))
    for info in app_games.GAMES:
        extra = registry.get(info.key).shell
        sim.choose(info.name)
        menu = sim.app.top.menu
        for i in range(len(menu.items)):  # every row's values, twice round
            sim.press("Y")
        for t in list(menu.items):
            if t.startswith("House rules"):
                sim.choose(t)
                for _ in range(len(sim.app.top.menu.items)):
                    sim.press("Y")
                sim.press("B")
        sim.choose("How to play")
        _pages(sim)
        if extra:  # rows to set, then each of these seats' types round (Kyudo: 4 archers)
            menu_rows(sim, extra.get("rows", ()))
            for t in [t for t in menu.items if t.startswith(tuple(extra.get("seats", ())))]:
                for _ in range(4):
                    cur = [x for x in sim.app.top.menu.items if x.startswith(t[:3])][0]
                    sim.choose(cur)
        sim.press("B")
    sim.choose("Settings")
    menu = sim.app.top.menu
    for t in list(menu.items):
        if ":" in t:
            for _ in range(5):
                cur = [x for x in sim.app.top.menu.items if x.startswith(t.split(":")[0] + ":")][0]
                sim.choose(cur)
    sim.press("B")
    for t in list(sim.app.top.menu.items):
        if t.startswith("Statistics"):
            sim.choose(t)
            _pages(sim)
    sim.choose("About")
    # the demo game (Pig): its rules, a wrong move, a whole game
    sim.choose("Try the demo game (Pig)")
    sim.choose("How to play")
    _pages(sim)
    sim.choose("Start")
    for _ in range(400):
        if sim.text().startswith("End"):
            break
        sim.press("A")
        sim.wait(300)
    sim.press("B")
    return sim


def _play(sim, human, limit, pause_when=lambda st: True):
    """Play a started game to its end screen: A on dialogs and hand-overs,
    ``human(sim, st)`` for each decision of a human seat (the first one that
    ``pause_when(st)`` allows also visits the pause menu and the list's own
    views), time for the computer seats; then the end screen."""
    paused = False
    n = 0
    while not sim.text().startswith("End") and n < limit:
        n += 1
        t = sim.text()
        session = sim.app.session
        st = session.state
        if t.startswith(("Dialog", "HandOver")):
            sim.press("A")
        elif t.startswith("Game") and not st.is_over() and not session.is_bot(st.current_player):
            if not paused and pause_when(st):
                paused = True
                visit_pause(sim)
                visit_items(sim)
            human(sim, st)
        else:
            sim.wait(100)
    visit_end(sim)
    return sim


def visit_pause(sim):
    """Open the pause menu, move through it, close it."""
    sim.press("HOLD_B")
    menu = getattr(sim.app.top, "menu", None)
    if menu is not None:
        for _ in range(len(menu.items)):
            sim.press("Y")
    sim.press("B")


def visit_items(sim):
    """On a play screen: open each list item that shows a view of its own
    (a log, sheets, hands, the enemy line) and come back."""
    names = ("Log", "Sheets", "Hands", "Enemy line", "History")
    scr = sim.app.top
    menu = getattr(scr, "menu", None)
    if menu is None:
        return
    for want in names:
        for i, t in enumerate(menu.items):
            if t.startswith(want):
                while menu.index != i:
                    sim.press("Y")
                sim.press("A")
                if sim.app.top is not scr:
                    _pages(sim)
                break


def visit_end(sim):
    if sim.text().startswith("End"):
        menu = sim.app.top.menu
        for _ in range(len(menu.items)):
            sim.press("Y")


# -- the human seats by presses --------------------------------------------

def _go(sim, pos, want, n):
    """Move a cursor at ``pos()`` to ``want`` in a cyclic list of ``n``, the
    short way round (X up, Y down)."""
    cur = pos()
    if cur == want or n <= 0:
        return
    down = (want - cur) % n
    key = "Y" if down <= n - down else "X"
    for _ in range(n):
        if pos() == want:
            return
        sim.press(key)


MASH = ("A", "A", "A", "B", "X", "Y", "Y", "Y", "HOLD_B", "WAIT:600")


def walk_mash(size, rec, tmp, menu, seed=1, presses=600):
    """A newcomer's random presses (the fuzz test's mix) in a game started
    from the menu with its default setup: the screens no script reaches. A
    press that leaves the game starts it again."""
    from engine.rng import Rng

    sim = Looking(size, rec, "%s mash %d" % (menu, seed), seed=seed, nvm_path=os.path.join(tmp, "mash.bin"))
    _settings(sim, ("Computer speed: instant",))
    rng = Rng(seed)
    for _ in range(presses):
        if type(sim.app.top).__name__ == "MainMenu":
            items = sim.app.top.menu.items
            sim.choose([t for t in items if t.startswith(menu)][0])
            if type(sim.app.top).__name__ == "SetupScreen":
                sim.choose("Start")
        sim.press(rng.choice(MASH))
    return sim


def walk_game(size, rec, tmp, menu, rows=(), seed=5, limit=4000):
    """A game started from the main menu (``menu``, its setup ``rows`` set)
    and played to its end screen, every human decision the highlighted row (A):
    a game with no walk of its own needs no more (a registry entry's ``tour``:
    ``("walk_game", {"menu": ...})``)."""
    sim = Looking(size, rec, "%s %d" % (menu, seed), seed=seed, nvm_path=os.path.join(tmp, "game.bin"))
    _settings(sim, ("Computer speed: instant",))
    _start(sim, menu, tuple(rows))
    return _play(sim, lambda sim, st: sim.press("A"), limit)


def _walk(fn):
    """A registry entry's walk: a function, or the name of one of this module's."""
    return fn if callable(fn) else globals()[fn]


def walks(game):
    """The walks of ``game``: (function, arguments) of its registry entry's
    ``tour``, and random presses on two seeds (``walk_mash``)."""
    g = registry.get(game)
    return [(_walk(fn), kw) for fn, kw in g.tour] + [(walk_mash, {"menu": g.menu, "seed": s}) for s in (1, 12)]


WALKS = {"shell": [(walk_shell, {})]}
WALKS.update((g.key, walks(g.key)) for g in registry.GAMES if g.tour)


def __getattr__(name):
    """A name this module no longer holds: a game's own walk or driver now
    lives in its registry module (tools/games/<game>.py: ``from tools.tour
    import court_keys`` still works)."""
    for g in registry.GAMES:
        module = getattr(g, "module", None)
        if module is not None and hasattr(module, name):
            return getattr(module, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def tour(size, game, contrast=False, pixels=False):
    """Every walk of ``game`` on ``size``: the Recorder with what it found
    (``contrast``: text contrast too, see ``low_contrast``; ``pixels``: a
    digest of every frame shown, to prove a refactor left the screens alone)."""
    rec = Recorder(size, contrast, pixels)
    with tempfile.TemporaryDirectory() as tmp:
        for fn, kw in WALKS[game]:
            fn(size, rec, tmp, **kw)
    return rec


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    games = [a for a in argv if a in GAMES] or list(GAMES)
    sizes = [a for a in argv if a in SIZES] or list(SIZES)
    contrast = "--contrast" in argv
    pixels = "--pixels" in argv
    total = 0
    for game in games:
        for size in sizes:
            rec = tour(size, game, contrast, pixels)
            digest = " pixels %s" % rec.pixels.hexdigest()[:16] if pixels else ""
            print("%s %s: %d frames, %d defects%s" % (game, size, rec.frames, len(rec.found), digest))
            for d, where in sorted(rec.found.items()):
                print("   ", d, "|", where)
            total += len(rec.found)
    return 1 if total else 0


# -- contrast ----------------------------------------------------------------

BODY_MIN = 4.5  # WCAG 2 AA, body text
SYMBOL_MIN = 3.0  # WCAG 2 AA, large text and graphical objects (symbols, toast frames)


def luminance(c):
    """The WCAG 2 relative luminance of 0xRRGGBB."""
    def ch(v):
        v /= 255.0
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c >> 16 & 255) + 0.7152 * ch(c >> 8 & 255) + 0.0722 * ch(c & 255)


def ratio(a, b):
    """The WCAG 2 contrast ratio of two 0xRRGGBB colours (1.0 to 21.0)."""
    la, lb = luminance(a), luminance(b)
    if la < lb:
        la, lb = lb, la
    return (la + 0.05) / (lb + 0.05)


def _colour(pal, i):
    """Palette entry ``i`` as 0xRRGGBB, or None where it is transparent."""
    try:
        if pal.is_transparent(i):
            return None
    except (AttributeError, IndexError):
        pass
    c = pal[i]
    return c if isinstance(c, int) else None


def drawn(sim):
    """What the display draws now, in draw order (later over earlier): a list
    of ("box", (x0, y0, x1, y1), colour) for each opaque vectorio.Rectangle,
    ("sprite", (x0, y0, x1, y1), (grid, scale)) for each TileGrid that is not
    text, and ("text", (x0, y0, x1, y1), (text, colour)) for each ui.Text,
    in screen pixels."""
    import vectorio
    import displayio
    from sanbon.ui import Text

    out = []

    def walk(g, dx, dy, s):
        if getattr(g, "hidden", False):
            return
        if isinstance(g, Text):
            box = text_box(g, dx, dy, s)
            if box:
                out.append(("text", box, (g.text, _colour(g[0].pixel_shader, 1))))
            return
        if isinstance(g, vectorio.Rectangle):
            c = _colour(g.pixel_shader, 0)
            if c is not None:
                x0, y0 = dx + g.x * s, dy + g.y * s
                out.append(("box", (x0, y0, x0 + g.width * s, y0 + g.height * s), c))
            return
        if isinstance(g, displayio.TileGrid):
            x0, y0 = dx + g.x * s, dy + g.y * s
            out.append(("sprite", (x0, y0, x0 + g.width * g.tile_width * s, y0 + g.height * g.tile_height * s), (g, s)))
            return
        if isinstance(g, displayio.Group):
            for item in g:
                walk(item, dx + g.x * s, dy + g.y * s, s * g.scale)

    root = sim.app.root
    walk(root, 0, 0, 1)
    return out


def _sprite_pixel(grid, s, box, x, y):
    """The colour a TileGrid draws at screen (x, y), or None (transparent)."""
    try:
        tx, ty = int(x - box[0]) // s, int(y - box[1]) // s
        tw, th = grid.tile_width, grid.tile_height
        tile = grid[tx // tw, ty // th]
        bmp = grid.bitmap
        per_row = bmp.width // tw
        px = (tile % per_row) * tw + tx % tw
        py = (tile // per_row) * th + ty % th
        v = bmp._get_pixel(px, py) if hasattr(bmp, "_get_pixel") else bmp[px, py]  # Blinka's OnDiskBitmap: no [x, y]
        return _colour(grid.pixel_shader, v)
    except Exception:  # an odd bitmap (a shape, an OnDiskBitmap the host cannot read): not a background
        return None


def backgrounds(sim, bg=None):
    """Each visible text with the colour drawn beneath it: [(text, fg, bg)].
    The background is what the last opaque shape or sprite pixel drawn before
    the text shows at the text's centre, else the screen's BG."""
    from sanbon import ui

    items = drawn(sim)
    out = []
    for k, (kind, box, what) in enumerate(items):
        if kind != "text" or what[1] is None:
            continue
        cx, cy = (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0
        under = ui.BG if bg is None else bg
        for j in range(k - 1, -1, -1):
            kind2, b2, w2 = items[j]
            if kind2 == "text" or not (b2[0] <= cx < b2[2] and b2[1] <= cy < b2[3]):
                continue
            c = w2 if kind2 == "box" else _sprite_pixel(w2[0], w2[1], b2, cx, cy)
            if c is not None:
                under = c
                break
        out.append((what[0], what[1], under))
    return out


def low_contrast(sim, limit=BODY_MIN):
    """The texts on the display now below ``limit``:1 against their
    background: [(text, fg, bg, ratio)]."""
    bad = []
    for t, fg, bg in backgrounds(sim):
        r = ratio(fg, bg)
        if r < limit:
            bad.append((t, fg, bg, r))
    return bad


if __name__ == "__main__":
    sys.exit(main())
