"""Pimoroni PicoSystem: 240x240 built-in display, D-pad, A/B/X/Y, RGB LED,
a piezo speaker.

Pin names are CircuitPython's own for this board (board_id
"pimoroni_picosystem"); see docs/HARDWARE.md. The D-pad doubles X and Y:
UP and LEFT report KEY_X, DOWN and RIGHT report KEY_Y.
"""

import board

from boards import KEY_A, KEY_B, KEY_X, KEY_Y, _common

# Active high: Pimoroni's PicoSystem SDK drives the LED with PWM level =
# brightness (libraries/hardware.cpp led(); its MicroPython sets led(0, 64, 0)
# "to green"), and 32blit-sdk inverts the LED of the Display Pack but not of
# the PicoSystem. CircuitPython's board definition and the pico-sdk header
# say inverted (docs/HARDWARE.md); SANBON_LED_ACTIVE_LOW = 1 in settings.toml
# flips it.
LED_ACTIVE_LOW = False


def make(**_):
    if not hasattr(board, "SW_A"):  # another board: touch nothing
        from boards import say

        raise say.missing("SW_A")
    display = getattr(board, "DISPLAY", None)
    try:
        display.auto_refresh = False
        display.brightness = 0  # dark until the app's first frame (the firmware lit it for its console)
    except AttributeError:
        # None, or released by displayio.release_displays(): then it stays an
        # object without attributes, and only a power-on sets it up again
        raise RuntimeError("board.DISPLAY was released (by a program that ran before): switch the PicoSystem off and on")
    keys = _common.Keys(
        (board.SW_A, board.SW_B, board.SW_X, board.SW_Y,
         board.SW_UP, board.SW_LEFT, board.SW_DOWN, board.SW_RIGHT),
        (KEY_A, KEY_B, KEY_X, KEY_Y, KEY_X, KEY_X, KEY_Y, KEY_Y),
    )
    led = _common.rgb_led((board.LED_R, board.LED_G, board.LED_B), LED_ACTIVE_LOW)
    hints = {"A": "A", "B": "B", "X": "UP", "Y": "DOWN"}
    # GPIO11 is PWM slice 5 B; nothing else uses slice 5, so its frequency is free
    speaker = _common.piezo(board.AUDIO)
    return _common.Board("picosystem", display, keys, hints, rgb_led=led, speaker=speaker)
