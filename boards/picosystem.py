"""Pimoroni PicoSystem: 240x240 built-in display, D-pad, A/B/X/Y, RGB LED,
a piezo speaker.

Pin names are CircuitPython's own for this board (board_id
"pimoroni_picosystem"); see docs/HARDWARE.md. The D-pad doubles X and Y:
UP and LEFT report KEY_X, DOWN and RIGHT report KEY_Y.
"""

import board

from boards import KEY_A, KEY_B, KEY_X, KEY_Y, _common


def make(**_):
    display = getattr(board, "DISPLAY", None)
    if display is None:
        raise RuntimeError("board.DISPLAY is gone (a program released it): switch the PicoSystem off and on")
    display.auto_refresh = False
    keys = _common.Keys(
        (board.SW_A, board.SW_B, board.SW_X, board.SW_Y,
         board.SW_UP, board.SW_LEFT, board.SW_DOWN, board.SW_RIGHT),
        (KEY_A, KEY_B, KEY_X, KEY_Y, KEY_X, KEY_X, KEY_Y, KEY_Y),
    )
    # Active high, as Pimoroni's PicoSystem SDK drives it (docs/HARDWARE.md).
    led = _common.rgb_led((board.LED_R, board.LED_G, board.LED_B), False)
    hints = {"A": "A", "B": "B", "X": "UP", "Y": "DOWN"}
    # GPIO11 is PWM slice 5 B; nothing else uses slice 5, so its frequency is free
    speaker = _common.piezo(board.AUDIO)
    return _common.Board("picosystem", display, keys, hints, rgb_led=led, speaker=speaker)
