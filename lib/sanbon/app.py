"""The Sanbon app: the shell that every game plugs into."""

import displayio
import terminalio
from adafruit_display_text import label

BG = 0x101820
ACCENT = 0xE0B040
TEXT = 0xF0F0F0


def splash(board):
    """The first screen: name, tagline and the three games."""
    root = displayio.Group()
    bg = displayio.Bitmap(board.width, board.height, 1)
    pal = displayio.Palette(1)
    pal[0] = BG
    root.append(displayio.TileGrid(bg, pixel_shader=pal))
    big = 3 if board.width >= 240 and board.height >= 200 else 2
    root.append(label.Label(terminalio.FONT, text="SANBON", color=ACCENT, scale=big,
                            anchor_point=(0.5, 0), anchored_position=(board.width // 2, 12)))
    lines = ("Kyudo", "Kendo Duel", "Okko: Oni Hunters")
    y = 12 + 14 * big + 12
    step = max(14, (board.height - y - 20) // 4)
    for i, text in enumerate(lines):
        root.append(label.Label(terminalio.FONT, text=text, color=TEXT, scale=1,
                                anchor_point=(0.5, 0), anchored_position=(board.width // 2, y + i * step)))
    root.append(label.Label(terminalio.FONT, text="three games, one pocket", color=0x8090A0,
                            anchor_point=(0.5, 1.0), anchored_position=(board.width // 2, board.height - 4)))
    board.display.root_group = root
    board.display.refresh()
    return root


def main(board):
    """Run the app on ``board`` (see boards/: code.py picks it)."""
    splash(board)
    return board
