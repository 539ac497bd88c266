"""The desktop simulator: ``python -m tools.sim --board NAME [--headless] [--screenshot out.png]``.

Runs the real app (lib/sanbon) on the desktop board at any device's screen size.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

SIZES = ("pico_display2", "picosystem", "pico_display")


def parse(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.sim", description=__doc__)
    ap.add_argument("--board", default="pico_display2", choices=SIZES, help="screen size to simulate")
    ap.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    ap.add_argument("--screenshot", metavar="PNG", help="save the screen to this PNG, then exit")
    return ap.parse_args(argv)


def start(board_size="pico_display2", headless=False):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from boards import desktop
    from sanbon import app

    board = desktop.make(size=board_size)
    app.main(board)
    return board


def screenshot(board, path):
    import pygame

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    pygame.image.save(board.screen_surface(), path)


def main(argv=None):
    args = parse(argv)
    board = start(args.board, args.headless or bool(args.screenshot))
    if args.screenshot:
        screenshot(board, args.screenshot)
        print("saved", args.screenshot)
        return 0
    import time

    while not board.quit_requested():
        time.sleep(0.03)
    return 0


if __name__ == "__main__":
    sys.exit(main())
