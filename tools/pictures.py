"""Picture share of the play area (issue 29): how much of what a game's play
screen shows is pictures rather than words, measured from the frames.

A frame's play area is the body between the title bar and the hint line.
Its picture pixels are the drawn pixels outside every text's box (a text's
box is its letters' cells, spaces between them included) whose colour is
neither the background nor the panel colour, nor the fill of a box that
holds a text (a card's chip, a panel: the ground of words): dice faces,
shapes, sprites, bars, frames and the cursor's frame. The share is their count
over the area's.

``python -m tools.pictures`` walks each game's tour walks (tools/tour.py) on
320x240 and prints, per game, the median and the range of the share over
every distinct play-screen frame a human seat decides on; ``--write``
puts the table into docs/BENCHMARKS.md (section 10a, which ``make bench``
also writes).
"""

import sys
import tempfile

from tools import tour


def q565(c):
    """0xRRGGBB as the simulator's panel shows it: through RGB565, scaled
    back to 8 bits (v * 255 // 31 or 63)."""
    r, g, b = c >> 19, (c >> 10) & 63, (c >> 3) & 31
    return ((r * 255 // 31) << 16) | ((g * 255 // 63) << 8) | (b * 255 // 31)


def share(sim):
    """The picture share of the play area of the frame on the display now."""
    import numpy
    import pygame
    from sanbon import ui

    L = sim.app.layout
    top, bottom = L.title_h, L.height - L.hint_h
    px = pygame.surfarray.pixels3d(sim.board.screen_surface())  # [x, y, rgb]
    rgb = (px[:, :, 0].astype(numpy.int32) << 16) | (px[:, :, 1].astype(numpy.int32) << 8) | px[:, :, 2]
    del px
    body = rgb[:, top:bottom]
    pic = (body != q565(ui.BG)) & (body != q565(ui.PANEL))
    items = tour.drawn(sim)
    texts = [b for kind, b, _ in items if kind == "text"]

    def cells(x0, y0, x1, y1):
        return slice(max(0, int(x0)), max(0, int(x1))), slice(max(0, int(y0) - top), max(0, int(y1) - top))

    for kind, (x0, y0, x1, y1), colour in items:
        # a filled box with text in it is the text's ground (a chip, a panel), not a picture
        if kind == "box" and any(x0 <= a and y0 <= b and c <= x1 and d <= y1 for a, b, c, d in texts):
            xs, ys = cells(x0, y0, x1, y1)
            pic[xs, ys] &= body[xs, ys] != q565(colour)
    for x0, y0, x1, y1 in texts:
        xs, ys = cells(x0, y0, x1, y1)
        pic[xs, ys] = False
    return float(pic.sum()) / pic.size


class Measure(tour.Recorder):
    """A tour Recorder that also takes the picture share of each distinct
    play-screen frame where a human seat decides (no overlay over it)."""

    def __init__(self, size):
        super().__init__(size)
        self.shares = []

    def look(self, sim, where):
        n = self.frames
        super().look(sim, where)
        app = sim.app
        if self.frames == n or type(app.top).__name__ != "GameScreen" or len(app.overlay) > 1:
            return
        s = app.session
        if s is None or s.state.is_over() or s.is_bot(s.state.current_player):
            return
        self.shares.append(share(sim))


def measure(game, size="pico_display2"):
    """(median, lowest, highest, frames) of a game's picture share."""
    rec = Measure(size)
    with tempfile.TemporaryDirectory() as tmp:
        for fn, kw in tour.WALKS[game]:
            if fn is not tour.walk_mash:
                fn(size, rec, tmp, **kw)
    v = sorted(rec.shares)
    return v[len(v) // 2], v[0], v[-1], len(v)


def games():
    return [g for g in tour.GAMES if g != "shell"]


def main(argv=None):
    """Print the table; ``--write``: splice it into docs/BENCHMARKS.md
    (section 10a, as ``make bench`` writes it)."""
    from tools import bench

    argv = sys.argv[1:] if argv is None else argv
    if "--write" in argv:
        bench.splice_pictures_section()
        print("pictures: wrote section 10a of docs/BENCHMARKS.md")
        return 0
    print("\n".join(bench.pictures_section([(g,) + measure(g) for g in games() if not argv or g in argv])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
