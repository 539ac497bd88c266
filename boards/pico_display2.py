"""Raspberry Pi Pico + Pimoroni Pico Display Pack 2.0 (320x240): the reference build.

``make(neopixels=4)``: the length of the optional NeoPixel stick on GP22
(0: none). Pins and wiring: docs/HARDWARE.md.
"""

from boards import _common


def make(neopixels=4, **_):
    return _common.pico_display_pack("pico_display2", 320, 240, neopixels=neopixels)
