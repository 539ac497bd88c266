# Sanbon sprite bench: runs as code.py on a Pico (real or emulated; see
# tools/sprite_bench/run.py). For each sanbon.sprites MODE ("disk":
# displayio.OnDiskBitmap, "ram": a 4-bit displayio.Bitmap read once) it builds
# a 240x240 screen of 16x16 sprite TileGrids (15 x 15 = 225) from the test
# sheet lib/sanbon/sbench.bmp on the board's real display driver, and prints
# one "SPRITE key value" line per figure:
#   heap_sheet   bytes the Sheet took (gc.mem_free before - after)
#   heap_grids   bytes the 225 TileGrids and their Group took
#   full_ms      display.refresh() of the whole 240x240 area (every tile changed)
#   cursor_ms    display.refresh() after moving one 16x16 cursor sprite by a tile
#   row_ms       display.refresh() after 8 sprites of one row change tile (a roll of dice)
#   first_ms     the first display.refresh() after the screen is built
import gc
import time

import displayio

import boards
from sanbon import sprites

COLS = 15
ROWS = 15
REPEAT_FULL = 3
REPEAT_CURSOR = 8


def ms(t0, t1):
    return (t1 - t0) / 1e6


def refresh(display):
    t0 = time.monotonic_ns()
    display.refresh(target_frames_per_second=None)
    return ms(t0, time.monotonic_ns())


def bench(display, root, mode, tiles):
    gc.collect()
    f0 = gc.mem_free()
    sheet = sprites.Sheet("sbench", 16, 16, mode=mode)
    gc.collect()
    f1 = gc.mem_free()
    group = displayio.Group()
    for i in range(COLS * ROWS):
        group.append(sheet.tile(1 + i % (tiles - 2), (i % COLS) * 16, (i // COLS) * 16))
    cursor = sheet.tile(tiles - 1, 0, 0)
    group.append(cursor)
    gc.collect()
    f2 = gc.mem_free()
    print("SPRITE", mode, "heap_sheet", f0 - f1)
    print("SPRITE", mode, "heap_grids", f1 - f2)
    root.append(group)
    first = refresh(display)
    print("SPRITE", mode, "first_ms", "%.2f" % first)
    total = 0.0
    for r in range(REPEAT_FULL):
        for i in range(COLS * ROWS):
            group[i][0] = 1 + (i + r + 1) % (tiles - 2)
        total += refresh(display)
    print("SPRITE", mode, "full_ms", "%.2f" % (total / REPEAT_FULL))
    total = 0.0
    for r in range(REPEAT_CURSOR):
        cursor.x = ((r + 1) % COLS) * 16
        total += refresh(display)
    print("SPRITE", mode, "cursor_ms", "%.2f" % (total / REPEAT_CURSOR))
    total = 0.0
    for r in range(REPEAT_CURSOR):
        for i in range(8):
            group[i][0] = 1 + (i + r + 7) % (tiles - 2)
        total += refresh(display)
    print("SPRITE", mode, "row_ms", "%.2f" % (total / REPEAT_CURSOR))
    gc.collect()
    print("SPRITE", mode, "free_shown", gc.mem_free())
    root.remove(group)
    del group, cursor, sheet
    gc.collect()
    print("SPRITE", mode, "free_after", gc.mem_free())


def main():
    board = boards.load()
    display = board.display
    root = displayio.Group()
    display.root_group = root
    refresh(display)
    bmp = sprites.Sheet("sbench", 16, 16, mode="disk").bitmap
    tiles = (bmp.width // 16) * (bmp.height // 16)
    del bmp
    gc.collect()
    print("SPRITE board", board.name, board.width, board.height, "tiles", tiles)
    print("SPRITE free_start", gc.mem_free())
    for mode in ("disk", "ram", "disk", "ram"):
        bench(display, root, mode, tiles)
    print("SPRITE done")


main()
