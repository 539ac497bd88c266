"""Pig's sheet (lib/sanbon/pig.bmp): die faces 1-6 and a pig, 16x16; for the
How to play pages (sanbon.howto.HowToScreen)."""

TILE = (16, 16)
# 0 clear, 1 die face, 2 pip, 3 outline, 4 pig pink, 5 pig dark, 6 the 1 (red)
PALETTE = (0x000000, 0xF0F0F0, 0x101010, 0x8C9EB0, 0xF0A0B0, 0x803040, 0xE04040)
KEYS = {".": 0, "w": 1, "o": 2, "#": 3, "p": 4, "d": 5, "r": 6}


def _die(pips, ink="o"):
    rows = []
    for y in range(16):
        line = ""
        for x in range(16):
            if (x in (0, 15) and y in (0, 15)):
                line += "."
            elif x in (0, 15) or y in (0, 15):
                line += "#"
            else:
                line += "w"
        rows.append(line)
    rows = [list(r) for r in rows]
    for px, py in pips:
        for dy in (0, 1):
            for dx in (0, 1):
                rows[py + dy][px + dx] = ink
    return ["".join(r) for r in rows]


L, M, H = 3, 7, 11  # pip columns/rows (each pip 2x2)
PIG = [
    "................",
    "..dd........dd..",
    ".dppd......dppd.",
    ".dpppddddddpppd.",
    "..dpppppppppppd.",
    "..dppppppppppd..",
    ".dppodppppodppd.",
    ".dppppppppppppd.",
    ".dpppddddddpppd.",
    ".dppdpddddpdppd.",
    ".dppdpddddpdppd.",
    ".dpppddddddpppd.",
    "..dppppppppppd..",
    "...dppppppppd...",
    "....dddddddd....",
    "................",
]
TILES = [
    ["." * 16] * 16,
    _die(((M, M),), "r"),
    _die(((L, L), (H, H))),
    _die(((L, L), (M, M), (H, H))),
    _die(((L, L), (H, L), (L, H), (H, H))),
    _die(((L, L), (H, L), (M, M), (L, H), (H, H))),
    _die(((L, L), (H, L), (L, M), (H, M), (L, H), (H, H))),
    PIG,
]
