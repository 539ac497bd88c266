"""The device's screen against the simulator's, pixel by pixel.

The panel holds RGB565, so both pictures are compared in RGB565: the
simulator's 8-bit channels cut to 5, 6 and 5 bits, as displayio's colour
converter does on the device, and the device's PNG (tools/device/emu.mjs
widens 5 and 6 bits to 8 with rounding) cut the same way.
"""

import os

# (run prefix, shot) -> why its pixels may differ. Each entry is a
# difference understood and listed in docs/BENCHMARKS.md (section 12).
KNOWN = {
    ("tour", "about"): "the About screen shows gc.mem_free(), which CPython does not have: the simulator says n/a",
}


def known(run, shot):
    for (prefix, name), why in KNOWN.items():
        if run.startswith(prefix) and shot == name:
            return why
    return None


def load565(path):
    """A PNG as a (w, h) array of RGB565 values."""
    import numpy
    import pygame

    a = pygame.surfarray.array3d(pygame.image.load(path)).astype(numpy.uint32)
    return ((a[:, :, 0] >> 3) << 11) | ((a[:, :, 1] >> 2) << 5) | (a[:, :, 2] >> 3)


def diff(a, b, out=None):
    """How many pixels of PNGs ``a`` and ``b`` differ, and the box around
    them; ``out``: where to save a picture of the difference (magenta on a
    dimmed copy of ``a``) if there is one."""
    import numpy

    x, y = load565(a), load565(b)
    if x.shape != y.shape:
        return {"differ": -1, "why": "sizes differ: %s and %s" % (x.shape, y.shape)}
    mask = x != y
    n = int(mask.sum())
    res = {"differ": n}
    if n:
        xs, ys = numpy.nonzero(mask)
        res["box"] = [int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())]
        if out:
            import pygame

            img = pygame.surfarray.array3d(pygame.image.load(a)) // 3
            img[mask] = (255, 0, 255)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            pygame.image.save(pygame.surfarray.make_surface(img), out)
    return res
