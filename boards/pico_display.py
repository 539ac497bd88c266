"""Raspberry Pi Pico + Pimoroni Pico Display Pack (1.14", 240x135).

The 240x135 panel is a window of the ST7789's memory: in landscape (MADCTL
0x70, boards/_common.py) columns 40-279 and rows 53-187, as Pimoroni's driver
addresses it.
``make(neopixels=4)``: the length of the optional NeoPixel stick on GP22
(0: none). Pins and wiring: docs/HARDWARE.md.
"""

from boards import _common

# Common anode, as on the 2.0 pack (boards/pico_display2.py);
# SANBON_LED_ACTIVE_LOW = 0 in settings.toml flips it.
LED_ACTIVE_LOW = True


def make(neopixels=4, **_):
    return _common.pico_display_pack("pico_display", 240, 135, rowstart=53, colstart=40, neopixels=neopixels,
                                     led_active_low=LED_ACTIVE_LOW)
