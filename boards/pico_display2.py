"""Raspberry Pi Pico + Pimoroni Pico Display Pack 2.0 (320x240): the reference build.

``make(neopixels=4)``: the length of the optional NeoPixel stick on GP22
(0: none). Pins and wiring: docs/HARDWARE.md.
"""

from boards import _common

# The pack's RGB LED is common anode: low = on (Pimoroni's pico_display_2.cpp
# inverts its PWM; 32blit-sdk's display_pack config sets LED_INVERTED).
# SANBON_LED_ACTIVE_LOW = 0 in settings.toml flips it.
LED_ACTIVE_LOW = True


def make(neopixels=4, **_):
    return _common.pico_display_pack("pico_display2", 320, 240, neopixels=neopixels, led_active_low=LED_ACTIVE_LOW)
