"""Parts shared by the device boards (CircuitPython 10 only).

``Board`` is the interface of boards/__init__.py; ``Keys`` turns active-low
buttons into the four logical keys; ``rgb_led`` and ``neopixel_strip`` give
the optional lights and ``piezo`` the optional speaker (None when they cannot
be set up); ``pico_display_pack`` builds either Pimoroni Pico Display Pack on
a Raspberry Pi Pico.

A board module first checks that it runs on its board (one pin name it
needs), so that nothing is touched on another: boards/say.py ``missing``.
"""

import keypad
import microcontroller
import supervisor

from boards import KEY_A, KEY_B, KEY_X, KEY_Y

# PWM frequency of the RGB LEDs. On the RP2040 two GPIOs share each PWM slice
# and must use the same frequency; 50 kHz is the backlight frequency of
# CircuitPython's built-in PicoSystem display, whose BACKLIGHT (GPIO12) shares
# slice 6 with LED_G (GPIO13).
LED_FREQUENCY = 50000
# Pico Display Packs: SPI clock for the ST7789 (the RP2040's SPI maximum).
SPI_BAUDRATE = 62500000
# The ST7789's start-up commands, in busdisplay's format: command, number of
# parameter bytes (+0x80: a delay follows), the parameters, the delay in ms.
# MADCTL 0x70 (MX, MV, ML) is the landscape mode of Pimoroni's own driver for
# both packs (pimoroni-pico's st7789.cpp): the panel takes rows of 320 (or
# 240) pixels, so displayio draws at rotation 0. Rotated by displayio instead
# (rotation=270 over MADCTL 0xC0, as before), every pixel composed is
# transposed: on the emulated Pico a full frame took 400 ms, not 280.
# SWRESET is sent on its own first, and the keys and lights are
# set up in its wait. The waits are the datasheet's: 120 ms after a reset
# before Sleep Out (when the reset came in Sleep Out mode, as after the Pico's
# reset button; 150 ms here, as Pimoroni's driver), 5 ms after Sleep Out; the
# other commands need none, and the backlight stays off until the app's first
# frame. A driver library waits 1.2 s.
SWRESET = 0x01
SWRESET_WAIT_MS = 150
ST7789_INIT = (
    b"\x11\x80\x05"  # SLPOUT (out of sleep), 5 ms
    b"\x3a\x01\x55"  # COLMOD: 16 bits a pixel, RGB565
    b"\x36\x01\x70"  # MADCTL: landscape in the panel itself, as Pimoroni's driver sets it (below)
    b"\x21\x00"  # INVON: this panel needs its colours inverted
    b"\x13\x00"  # NORON (normal display)
    b"\x29\x00"  # DISPON (display on)
)


def _rest_of_reset(reset_at):
    """What is left of SWRESET's wait, as a NOP with a delay in busdisplay's
    format (b"" when the wait is over); reset_at: supervisor.ticks_ms() then."""
    left = SWRESET_WAIT_MS - ((supervisor.ticks_ms() - reset_at) & 0x1FFFFFFF)
    return b"\x00\x80" + bytes((left,)) if left > 0 else b""


class Board:
    """What every board offers; see boards/__init__.py."""

    def __init__(self, name, display, keys, hints, rgb_led=None, pixels=None, speaker=None):
        self.name = name
        self.width = display.width
        self.height = display.height
        self.display = display
        self.keys = keys
        self.pixels = pixels
        self.rgb_led = rgb_led
        self.nvm = microcontroller.nvm
        self.speaker = speaker
        from boards import setting

        if setting("SANBON_RESTART") == "0":  # no restart between games (to measure what it saves)
            self.restart = None
        self.ticks_ms = supervisor.ticks_ms
        self.hints = hints
        try:
            self.uid = bytes(microcontroller.cpu.uid)  # the chip's id ("Your Number")
        except (AttributeError, NotImplementedError):
            self.uid = b""

    def restart(self):
        """Run code.py again with a fresh heap (a soft reload, not a reset):
        the saves stay in NVM and the app starts at its main menu. The
        backlight goes off first, so the console that CircuitPython shows
        between two runs stays dark. Does not return."""
        try:
            self.display.brightness = 0
        except (AttributeError, ValueError, NotImplementedError):
            pass
        supervisor.reload()
        while True:
            pass  # the reload takes effect at the interpreter's next check


class Keys:
    """keypad.Keys on buttons wired to ground (internal pull-ups), reporting
    logical key numbers: ``logical[i]`` is the key of ``pins[i]``.

    Several pins may share one logical key (a D-pad): the key is pressed when
    the first of them goes down and released when the last comes up.
    ``keys.events.get()`` returns None or the event, which is the Keys
    itself (key_number, pressed), reused: read it before the next get().
    """

    def __init__(self, pins, logical):
        self._keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
        self._logical = bytes(logical)
        self._held = bytearray(4)
        self._raw = keypad.Event()
        self.key_number = 0
        self.pressed = False
        self.events = self
        self.key_count = 4

    def get(self):
        queue = self._keys.events
        if queue.overflowed:  # lost events: start again from what is held now
            self.clear()
        raw = self._raw
        held = self._held
        while queue.get_into(raw):
            key = self._logical[raw.key_number]
            count = held[key]
            if raw.pressed:
                held[key] = count + 1
                if count:
                    continue
            else:
                if not count:
                    continue
                held[key] = count - 1
                if count > 1:
                    continue
            self.key_number = key
            self.pressed = raw.pressed
            return self
        return None

    def clear(self):
        """Drop queued events; keys held now are reported pressed again."""
        self._keys.events.clear()
        self._keys.reset()
        held = self._held
        for index in range(len(held)):
            held[index] = 0


class RGBLed:
    """Three PWM pins; set(r, g, b) with 0-255 each (linear duty cycle)."""

    def __init__(self, pwms, active_low):
        self._pwms = pwms
        self._active_low = active_low
        self.set(0, 0, 0)

    def _duty(self, value):
        if value <= 0:
            duty = 0
        elif value >= 255:
            duty = 65535
        else:
            duty = int(value) * 257
        return 65535 - duty if self._active_low else duty

    def set(self, r, g, b):
        pwms = self._pwms
        pwms[0].duty_cycle = self._duty(r)
        pwms[1].duty_cycle = self._duty(g)
        pwms[2].duty_cycle = self._duty(b)


def rgb_led(pins, active_low):
    """An RGBLed on (red, green, blue) pins, off; None if a pin is unavailable.

    ``active_low`` is the board module's LED_ACTIVE_LOW; SANBON_LED_ACTIVE_LOW
    = 1 (or 0) in settings.toml overrides it, for an LED that glows when it
    should be dark (docs/HARDWARE.md)."""
    import pwmio

    from boards import setting  # (not a module global: a Keys' class would keep boards alive through it)

    value = setting("SANBON_LED_ACTIVE_LOW")
    if value in ("0", "1"):
        active_low = value == "1"
    elif value is not None:
        from boards import NOTES, say

        NOTES.append(say.bad_flag("SANBON_LED_ACTIVE_LOW", value))
    off = 65535 if active_low else 0
    pwms = []
    try:
        for pin in pins:
            pwms.append(pwmio.PWMOut(pin, frequency=LED_FREQUENCY, duty_cycle=off))
    except (ValueError, RuntimeError) as error:
        print("rgb_led:", error)
        for pwm in pwms:
            pwm.deinit()
        return None
    return RGBLed(pwms, active_low)


class Piezo:
    """A piezo speaker on a PWM pin: a square wave at the note's frequency.

    ``tone(freq, volume)``: volume 1-100 is the duty cycle's share of 50%
    (a square wave, the loudest a piezo gets); ``off()``: silence.
    """

    def __init__(self, pwm):
        self._pwm = pwm

    def tone(self, freq, volume):
        pwm = self._pwm
        pwm.frequency = freq
        pwm.duty_cycle = 327 * min(100, volume)

    def off(self):
        self._pwm.duty_cycle = 0


def piezo(pin):
    """A silent Piezo on ``pin``; None if the pin cannot do PWM now."""
    import pwmio

    try:
        pwm = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)
    except (ValueError, RuntimeError) as error:
        print("speaker:", error)
        return None
    return Piezo(pwm)


def neopixel_strip(pin, count):
    """``count`` NeoPixels on ``pin``, dark, auto_write off; None if count is 0,
    the neopixel library is missing or the pin is unavailable."""
    if not count:
        return None
    try:
        import neopixel
    except ImportError:
        return None
    try:
        pixels = neopixel.NeoPixel(pin, count, brightness=0.2, auto_write=False)
    except (ValueError, RuntimeError) as error:
        print("neopixels:", error)
        return None
    pixels.fill((0, 0, 0))
    pixels.show()
    return pixels


def _kept_display(width, height):
    """The display an earlier run of code.py made and published as
    supervisor.runtime.display (a soft reload keeps it), if it has this size:
    reusing it skips the ST7789's start-up. None: make a new one. It goes
    dark until the app's first frame (a reload after a copy to the drive
    left the backlight on over CircuitPython's console)."""
    display = getattr(supervisor.runtime, "display", None)
    if display is None or display.width != width or display.height != height:
        return None
    try:
        display.auto_refresh = False  # the reload showed the console with it on
        display.brightness = 0
    except (AttributeError, RuntimeError, ValueError):
        return None
    return display


def pico_display_pack(name, width, height, rowstart=0, colstart=0, neopixels=4, led_active_low=True):
    """A Raspberry Pi Pico with a Pimoroni Pico Display Pack (1.14" or 2.0").

    Both packs use the same pins (docs/HARDWARE.md): ST7789 on SPI0 (SCK GP18,
    MOSI GP19, DC GP16, CS GP17, backlight GP20), buttons A B X Y on GP12-GP15,
    a common-anode RGB LED on GP6-GP8; an optional NeoPixel stick on GP22.
    A board without a Pico's pin names is refused before any display is
    released (a PicoSystem keeps its own, and shows why).
    """
    import board
    import busdisplay
    import busio
    import displayio
    import fourwire

    if not hasattr(board, "GP18"):
        from boards import say

        raise say.missing("GP18")

    display = _kept_display(width, height)
    if display is None:
        # A display made by code.py survives a soft reload and holds its pins.
        displayio.release_displays()
        spi = busio.SPI(clock=board.GP18, MOSI=board.GP19)
        bus = fourwire.FourWire(spi, command=board.GP16, chip_select=board.GP17, baudrate=SPI_BAUDRATE)
        bus.send(SWRESET, b"")  # its wait runs while the keys and lights are set up
        reset_at = supervisor.ticks_ms()
    try:
        keys = Keys((board.GP12, board.GP13, board.GP14, board.GP15), (KEY_A, KEY_B, KEY_X, KEY_Y))
        led = rgb_led((board.GP6, board.GP7, board.GP8), led_active_low)
        pixels = neopixel_strip(board.GP22, neopixels)
    finally:  # made even when a pin above failed: boards.start() shows why on it
        if display is None:
            display = busdisplay.BusDisplay(
                bus,
                _rest_of_reset(reset_at) + ST7789_INIT,
                width=width,
                height=height,
                rowstart=rowstart,
                colstart=colstart,
                rotation=0,  # the panel turns the picture (MADCTL above)
                backlight_pin=board.GP20,
                brightness=0,  # dark until the app's first frame (the panel holds noise at power-on)
                auto_refresh=False,
            )
            try:  # kept for the next run (_kept_display); it must be a built-in display type
                supervisor.runtime.display = display
            except (AttributeError, ValueError, TypeError):
                pass
    hints = {"A": "A", "B": "B", "X": "X", "Y": "Y"}
    return Board(name, display, keys, hints, rgb_led=led, pixels=pixels)
