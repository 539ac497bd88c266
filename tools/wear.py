"""NVM wear: what the saves of full games cost the flash sector, through the real app.

``measure(games=20)`` plays, for each title, seeded all-computer games in a
row on one sector (tools/powercut.trace: the headless simulator, instant
computer speed, the sector a boards.desktop.FlashNvm that writes as the
RP2040 port does) and counts, over all of them: the saves, the sector
erases, the bytes written and the time the writes hold the chip (and so the
buttons and the screen, with interrupts off) at the W25Q16JV's typical
figures (45 ms an erase, 0.4 ms a page program). ``python -m tools.wear``
prints the figures; ``make bench`` puts them in docs/BENCHMARKS.md.

The store before (two slots in the one sector) erased the sector at every
save: its erases a game were the saves a game, the "Before" column.
"""

import sys

from tools import games as _registry

SECTOR_ERASES = 100000  # the RP2040 flash sector's rated erase cycles
# (label, tools.powercut setup) of every game and mode with a bench key (tools/games: Variant.bench)
TITLES = tuple((v.bench[1], v.bench[0]) for v in _registry.variants() if v.bench)


def measure(games=20, seed=1):
    from boards.desktop import ERASE_MS, PAGE, PAGE_MS
    from tools import powercut

    rows = []
    for label, name in TITLES:
        saves, board = powercut.trace(name, seed=seed, games=games, most=games)
        erases = sum(s.erased for s in saves)
        appends = [s for s in saves if not s.rewrite]
        busy = [s.erased * ERASE_MS + s.pages * PAGE_MS for s in saves]
        erase_ms = erases * ERASE_MS
        append_ms = [s.pages * PAGE_MS for s in appends]
        per_game = erases / games
        rows.append({
            "title": label,
            "setup": name,
            "games": games,
            "saves": len(saves) / games,
            "erases": per_game,
            "rewrites": sum(1 for s in saves if s.rewrite) / games,
            "bytes": sum(s.bytes for s in saves) / games,
            "erase_share": erase_ms / sum(busy) if busy else 0.0,
            "append_ms": sum(append_ms) / len(append_ms) if append_ms else 0.0,
            "append_max_ms": max(append_ms) if append_ms else 0.0,
            "rewrite_ms": ERASE_MS + len(board.nvm) // PAGE * PAGE_MS,
            "save_ms": sum(busy) / len(busy) if busy else 0.0,
            "life": int(SECTOR_ERASES / per_game) if per_game else None,
            "before_erases": len(saves) / games,
            "before_life": int(SECTOR_ERASES * games / len(saves)) if saves else None,
        })
    return rows


def main():
    for r in measure():
        print("%(title)s: %(saves).1f saves, %(erases).2f erases a game (before: %(before_erases).1f); "
              "life %(life)s games (before %(before_life)s); %(bytes).0f bytes a game; "
              "a save holds the chip %(append_ms).1f ms (max %(append_max_ms).1f), a rewrite %(rewrite_ms).1f ms; "
              "%(erase_share).0f%% of the save time in erases" % dict(r, erase_share=100 * r["erase_share"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
