"""The device board modules, built against fake CircuitPython modules (tests/fakes)."""

import sys

import pytest

import boards
from boards import KEY_A, KEY_B, KEY_X, KEY_Y
from fakes import fake_hardware  # noqa: F401  (the fixture)

INTERFACE = {"name", "width", "height", "display", "keys", "pixels", "rgb_led", "nvm", "speaker", "ticks_ms", "hints", "uid"}


def drain(keys):
    out = []
    ev = keys.events.get()
    while ev is not None:
        out.append((ev.key_number, ev.pressed))
        ev = keys.events.get()
    return out


def check_common(hw, b, name):
    assert set(vars(b)) == INTERFACE
    assert b.name == name
    assert (b.width, b.height) == boards.SIZES[name]
    assert b.display.auto_refresh is False
    assert b.nvm is hw.microcontroller.nvm and len(b.nvm) == 4096
    b.nvm[0:3] = b"abc"
    assert bytes(b.nvm[0:3]) == b"abc"
    assert (b.speaker is not None) == (name == "picosystem")  # the PicoSystem's piezo
    hw.supervisor.now[0] = 1234
    assert b.ticks_ms() == 1234
    hw.supervisor.now[0] = (1 << 29) + 5  # supervisor.ticks_ms wraps at 2**29
    assert b.ticks_ms() == 5
    assert b.keys.events.get() is None
    b.display.refresh()


# -- PicoSystem ------------------------------------------------------------


def test_picosystem_builds_its_interface(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    check_common(hw, b, "picosystem")
    assert b.display is hw.board.DISPLAY  # the built-in display, as it is
    assert b.hints == {"A": "A", "B": "B", "X": "UP", "Y": "DOWN"}
    assert b.pixels is None


def test_picosystem_keys_map_the_dpad_onto_x_and_y(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    raw = hw.keypad.instances[-1]
    assert raw.value_when_pressed is False and raw.pull is True  # buttons pull to ground
    brd = hw.board
    expect = [
        (brd.SW_A, KEY_A), (brd.SW_B, KEY_B), (brd.SW_X, KEY_X), (brd.SW_Y, KEY_Y),
        (brd.SW_UP, KEY_X), (brd.SW_LEFT, KEY_X), (brd.SW_DOWN, KEY_Y), (brd.SW_RIGHT, KEY_Y),
    ]
    assert sorted(p.number for p in raw.pins) == list(range(16, 24))
    for pin, key in expect:
        raw.press(pin)
        raw.release(pin)
        assert drain(b.keys) == [(key, True), (key, False)], pin


def test_picosystem_two_pins_of_one_key_make_one_press(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    raw = hw.keypad.instances[-1]
    brd = hw.board
    raw.press(brd.SW_UP)
    raw.press(brd.SW_LEFT)  # X is already down
    raw.release(brd.SW_UP)  # LEFT still holds it
    assert drain(b.keys) == [(KEY_X, True)]
    raw.release(brd.SW_LEFT)
    assert drain(b.keys) == [(KEY_X, False)]


def test_keys_overflow_and_clear_start_again(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    raw = hw.keypad.instances[-1]
    raw.press(hw.board.SW_UP)
    assert drain(b.keys) == [(KEY_X, True)]
    for _ in range(70):  # more than the queue holds: events are lost
        raw.events.put(0, True)
    assert raw.events.overflowed
    resets = raw.resets
    assert b.keys.events.get() is None  # queue dropped, scanner reset (held keys re-reported)
    assert raw.resets == resets + 1 and not raw.events.overflowed
    raw.press(hw.board.SW_LEFT)  # counted afresh: X pressed again
    assert drain(b.keys) == [(KEY_X, True)]


def test_picosystem_events_are_one_reused_object(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    raw = hw.keypad.instances[-1]
    raw.press(hw.board.SW_A)
    raw.press(hw.board.SW_B)
    e1 = b.keys.events.get()
    assert (e1.key_number, e1.pressed) == (KEY_A, True)
    e2 = b.keys.events.get()
    assert e2 is e1 and e2.key_number == KEY_B


def on_device(monkeypatch, version=(10, 2, 1)):
    """sys.implementation as CircuitPython's (boards/ then refuses "desktop"
    and unknown board ids)."""
    import types

    fields = dict(vars(sys.implementation), name="circuitpython", version=version)  # cache_tag etc. for imports
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(**fields))


def one_line(capsys):
    """What was printed, which must be exactly one line (no traceback)."""
    out = capsys.readouterr()
    assert out.err == ""
    lines = out.out.splitlines()
    assert len(lines) == 1, out.out
    return lines[0]


def test_picosystem_rgb_led_is_active_high_and_shares_the_backlight_slice(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    pwm = {p.pin: p for p in owners(hw, "PWMOut")}
    r, g, bl = pwm[hw.board.LED_R], pwm[hw.board.LED_G], pwm[hw.board.LED_B]
    assert (r.duty_cycle, g.duty_cycle, bl.duty_cycle) == (0, 0, 0)  # off at start
    b.rgb_led.set(255, 0, 128)
    assert (r.duty_cycle, g.duty_cycle, bl.duty_cycle) == (65535, 0, 128 * 257)
    b.rgb_led.set(-3, 300, 1)  # clamped
    assert (r.duty_cycle, g.duty_cycle, bl.duty_cycle) == (0, 65535, 257)
    # LED_G (GPIO13) is on PWM slice 6 with the display's BACKLIGHT (GPIO12)
    assert hw.microcontroller.pwm_slice(hw.board.LED_G) == hw.microcontroller.pwm_slice(hw.board.BACKLIGHT)
    assert g.frequency == hw.board.DISPLAY.backlight.frequency


def test_picosystem_without_display_says_why(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    hw.board.DISPLAY = None
    with pytest.raises(RuntimeError, match="DISPLAY"):
        hw.make("picosystem")


def test_picosystem_after_release_displays_says_switch_off_and_on(fake_hardware, monkeypatch, capsys):
    # displayio.release_displays() leaves board.DISPLAY an object, not None,
    # whose every attribute fails; only a power-on sets the display up again
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    hw = fake_hardware("pimoroni_picosystem")
    hw.displayio.release_displays()
    assert hw.board.DISPLAY is not None and repr(hw.board.DISPLAY) == "None"
    with pytest.raises(RuntimeError, match="switch the PicoSystem off and on"):
        hw.make("picosystem")
    hw.soft_reload()
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None
    assert one_line(capsys) == why
    assert "released" in why and "switch the PicoSystem off and on" in why
    assert not hw.microcontroller.claimed  # nothing half set up


def owners(hw, cls_name):
    seen = []
    for o in hw.microcontroller.claimed.values():
        if type(o).__name__ == cls_name and o not in seen:
            seen.append(o)
    return seen


# -- Pico Display Packs ----------------------------------------------------

PACKS = [
    # name, size, rowstart, colstart
    ("pico_display2", (320, 240), 0, 0),
    ("pico_display", (240, 135), 53, 40),  # landscape: rows 53-187, columns 40-279 (Pimoroni's driver)
]


@pytest.mark.parametrize("name, size, rowstart, colstart", PACKS)
def test_display_pack_builds_its_interface(fake_hardware, name, size, rowstart, colstart):
    hw = fake_hardware("raspberry_pi_pico")
    b = hw.make(name)
    check_common(hw, b, name)
    d = b.display
    assert type(d) is hw.busdisplay.BusDisplay  # a built-in type: supervisor.runtime.display takes it
    assert (d.width, d.height) == size
    assert d.rotation == 0  # the panel turns the picture: MADCTL 0x70, as Pimoroni's driver
    assert b"\x36\x01\x70" in d.init_sequence
    assert (d.rowstart, d.colstart) == (rowstart, colstart)
    assert d.backlight_pin is hw.board.GP20
    assert d.auto_refresh is False
    assert hw.supervisor.runtime.display is d
    assert d.bus.sent == [(0x01, b"")]  # SWRESET first, on its own: its wait overlaps the keys' set-up
    seq = d.init_sequence  # the rest of its wait (a NOP), out of sleep, RGB565, ..., display on
    assert seq.startswith(b"\x00\x80\x96")  # the fake clock stood still: all 150 ms are left
    assert seq[3:6] == b"\x11\x80\x05" and b"\x3a\x01\x55" in seq
    assert seq.endswith(b"\x29\x00")
    i, waits = 0, 0
    while i < len(seq):  # every command parses: command, count (+0x80 delay), parameters, delay
        n = seq[i + 1]
        i += 2 + (n & 0x7F)
        if n & 0x80:
            waits += seq[i]
            i += 1
    assert i == len(seq) and waits == 150 + 5
    bus = d.bus
    assert (bus.command, bus.chip_select, bus.reset) == (hw.board.GP16, hw.board.GP17, None)
    assert (bus.spi_bus.clock, bus.spi_bus.MOSI) == (hw.board.GP18, hw.board.GP19)
    d.brightness = 0.5  # the backlight is a PWM pin, so brightness works
    assert d.backlight is not None
    assert b.hints == {"A": "A", "B": "B", "X": "X", "Y": "Y"}


def test_display_pack_waits_only_what_is_left_of_the_reset(fake_hardware):
    hw = fake_hardware()
    import importlib

    common = importlib.import_module("boards._common")
    hw.supervisor.now[0] = (1 << 29) - 20  # the clock wraps in the wait
    at = hw.supervisor.ticks_ms()
    hw.supervisor.now[0] += 60  # the keys and lights took 60 ms
    assert common._rest_of_reset(at) == b"\x00\x80\x5a"  # a NOP, then the 90 ms left
    hw.supervisor.now[0] += 90
    assert common._rest_of_reset(at) == b""  # nothing left: no NOP


@pytest.mark.parametrize("name", ["pico_display2", "pico_display"])
def test_display_pack_keys(fake_hardware, name):
    hw = fake_hardware()
    b = hw.make(name)
    raw = hw.keypad.instances[-1]
    assert raw.value_when_pressed is False and raw.pull is True
    brd = hw.board
    for pin, key in [(brd.GP12, KEY_A), (brd.GP13, KEY_B), (brd.GP14, KEY_X), (brd.GP15, KEY_Y)]:
        raw.press(pin)
        raw.release(pin)
        assert drain(b.keys) == [(key, True), (key, False)]


@pytest.mark.parametrize("name", ["pico_display2", "pico_display"])
def test_display_pack_rgb_led_is_common_anode(fake_hardware, name):
    hw = fake_hardware()
    b = hw.make(name)
    pwm = {p.pin: p for p in owners(hw, "PWMOut")}
    r, g, bl = pwm[hw.board.GP6], pwm[hw.board.GP7], pwm[hw.board.GP8]
    assert (r.duty_cycle, g.duty_cycle, bl.duty_cycle) == (65535, 65535, 65535)  # off
    b.rgb_led.set(255, 0, 100)
    assert (r.duty_cycle, g.duty_cycle, bl.duty_cycle) == (0, 65535, 65535 - 100 * 257)


@pytest.mark.parametrize("name", ["pico_display2", "pico_display"])
def test_display_pack_neopixels(fake_hardware, name):
    hw = fake_hardware()
    b = hw.make(name)
    px = b.pixels
    assert isinstance(px, hw.neopixel.NeoPixel)
    assert px.pin is hw.board.GP22 and len(px) == 4
    assert px.brightness == 0.2 and px.auto_write is False
    assert px.shown == [[(0, 0, 0)] * 4]  # dark at start
    px[1] = (1, 2, 3)
    px.fill((0, 0, 9))
    px.show()
    assert px.shown[-1] == [(0, 0, 9)] * 4


def test_display_pack_pixel_options(fake_hardware):
    hw = fake_hardware()
    assert hw.make("pico_display2", neopixels=8).pixels.n == 8
    hw.soft_reload()
    assert hw.make("pico_display2", neopixels=0).pixels is None


def test_display_pack_without_neopixel_library(fake_hardware):
    hw = fake_hardware()
    hw.without("neopixel")
    b = hw.make("pico_display2")
    assert b.pixels is None
    assert b.rgb_led is not None


def test_display_pack_with_gp22_taken(fake_hardware):
    hw = fake_hardware()
    hw.digitalio.DigitalInOut(hw.board.GP22)
    assert hw.make("pico_display").pixels is None


def test_display_pack_survives_a_soft_reload(fake_hardware):
    # The display from the last run keeps its pins until release_displays():
    # the next run takes it over (no 1.2 s start-up sequence), auto-refresh off.
    hw = fake_hardware()
    first = hw.make("pico_display2")
    assert first.display.brightness == 0  # dark until the app's first frame
    first.display.brightness = 0.8
    hw.soft_reload()
    second = hw.make("pico_display2")
    assert second.display is first.display and second.display.auto_refresh is False
    assert hw.displayio.displays == [second.display]
    hw.soft_reload()  # a display of another size (settings.toml changed): a new one
    third = hw.make("pico_display")
    assert third.display is not first.display and hw.displayio.displays == [third.display]
    assert (third.display.width, third.display.height) == (240, 135)


def test_sanbon_restart_0_turns_the_restart_off(fake_hardware, monkeypatch):
    hw = fake_hardware()
    for value in ("0", 0):  # CircuitPython 10's os.getenv gives "0"; older ones an int
        monkeypatch.setattr("os.getenv", lambda k, d=None: value if k == "SANBON_RESTART" else d)
        assert hw.make("pico_display2").restart is None
        hw.soft_reload()
    monkeypatch.setattr("os.getenv", lambda k, d=None: d)
    hw.soft_reload()
    assert hw.make("pico_display2").restart is not None


def test_restart_darkens_the_backlight_then_reloads(fake_hardware):
    hw = fake_hardware()
    b = hw.make("pico_display2")
    b.display.brightness = 0.8
    with pytest.raises(hw.supervisor.Reload):
        b.restart()
    assert b.display.brightness == 0 and len(hw.supervisor.reloads) == 1


def test_rgb_led_is_none_when_a_pin_is_taken(fake_hardware):
    hw = fake_hardware()
    hw.digitalio.DigitalInOut(hw.board.GP7)
    b = hw.make("pico_display2")
    assert b.rgb_led is None
    assert hw.board.GP6 not in hw.microcontroller.claimed  # the red PWM was given back


def test_load_builds_through_boards(fake_hardware, monkeypatch):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    fake_hardware("pimoroni_picosystem")
    assert boards.load().name == "picosystem"


# -- board choice ------------------------------------------------------------


@pytest.mark.parametrize(
    "board_id, name",
    [
        ("pimoroni_picosystem", "picosystem"),
        ("raspberry_pi_pico", "pico_display2"),
        ("raspberry_pi_pico_w", "pico_display2"),
        ("adafruit_feather_rp2040", "desktop"),  # on a PC: the simulator
    ],
)
def test_choose_from_board_id(fake_hardware, monkeypatch, board_id, name):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    fake_hardware(board_id)
    assert boards.choose() == name


def test_settings_toml_overrides_board_id(fake_hardware, monkeypatch):
    fake_hardware("pimoroni_picosystem")
    monkeypatch.setenv("SANBON_BOARD", "pico_display")
    assert boards.choose() == "pico_display"
    monkeypatch.setenv("SANBON_BOARD", " Pico_Display ")  # spaces and capitals are forgiven
    assert boards.choose() == "pico_display"
    assert boards.choose("pico_display2") == "pico_display2"  # an argument beats both


def test_unknown_sanbon_board_is_a_clear_error(fake_hardware, monkeypatch):
    fake_hardware()
    monkeypatch.setenv("SANBON_BOARD", "gameboy")
    with pytest.raises(ValueError) as e:
        boards.choose()
    msg = str(e.value)
    assert "gameboy" in msg
    for n in boards.NAMES[:3]:
        assert n in msg


def test_fakes_are_gone_after_a_test():
    for name in ("board", "keypad", "supervisor", "busdisplay", "neopixel", "displayio", "vectorio", "terminalio"):
        m = sys.modules.get(name)
        assert m is None or "fakes" not in (getattr(m, "__file__", "") or "")
    assert "boards.picosystem" not in sys.modules
    ui = sys.modules.get("sanbon.ui")
    assert ui is None or "fakes" not in (getattr(ui.displayio, "__file__", "") or "")


def test_desktop_is_not_offered_on_the_device(fake_hardware, monkeypatch):
    fake_hardware()
    monkeypatch.setenv("SANBON_BOARD", "desktop")
    assert boards.choose() == "desktop"  # the simulator's, on a PC
    on_device(monkeypatch)
    with pytest.raises(ValueError) as e:
        boards.choose()
    assert "simulator" in str(e.value)
    for n in boards.NAMES[:3]:
        assert n in str(e.value)


@pytest.mark.parametrize("value", ["gameboy", "desktop", 3, "pico display", "pico_display3"])
def test_every_bad_sanbon_board_falls_back_to_board_id_with_one_line_and_a_note(fake_hardware, monkeypatch, capsys,
                                                                                  value):
    # CircuitPython 10 gives settings.toml's values as text, or an int (SANBON_BOARD = 3)
    hw = fake_hardware("pimoroni_picosystem")
    monkeypatch.setattr("os.getenv", lambda k, d=None: value if k == "SANBON_BOARD" else d)
    on_device(monkeypatch)
    board, note = boards.start()
    assert board.name == "picosystem"  # what board_id says
    line = one_line(capsys)
    assert note == line and '"%s"' % value in note
    for n in boards.NAMES[:3]:
        assert n in note
    assert board.display is hw.board.DISPLAY


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_sanbon_board_is_no_choice(fake_hardware, monkeypatch, value):
    fake_hardware("pimoroni_picosystem")
    monkeypatch.setenv("SANBON_BOARD", value)
    on_device(monkeypatch)
    board, note = boards.start()
    assert board.name == "picosystem" and note is None


def test_an_unknown_board_id_says_so_in_one_line_and_releases_nothing(fake_hardware, monkeypatch, capsys):
    # a board with a display of its own (a Feather TFT, say): the message is
    # shown there, lit, and the display is not released for a pack's GP18
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    hw = fake_hardware("adafruit_feather_rp2040_tft")
    own = hw.busdisplay.BusDisplay(hw.fourwire.FourWire(hw.busio.SPI(hw.board.GP2, hw.board.GP3),
                                                        command=hw.board.GP4), b"", width=240, height=135,
                                   brightness=0.0)
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None
    assert one_line(capsys) == why
    assert 'board_id "adafruit_feather_rp2040_tft"' in why and "SANBON_BOARD" in why and "PicoSystem" in why
    assert hw.displayio.displays == [own]  # not released
    assert own.root_group is hw.displayio.CIRCUITPYTHON_TERMINAL and own.auto_refresh and own.brightness == 1
    assert not [o for o in hw.microcontroller.claimed.values() if not getattr(o, "display_part", False)]


def test_a_board_module_on_the_wrong_board_says_which_pin_is_missing(fake_hardware, monkeypatch, capsys):
    # a pack's module on a PicoSystem: it fails before releasing the
    # PicoSystem's own display, which shows the message
    hw = fake_hardware("pimoroni_picosystem")
    monkeypatch.setenv("SANBON_BOARD", "pico_display2")
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None and one_line(capsys) == why
    assert why.startswith("Sanbon cannot start the pico_display2 board:")
    assert 'board_id "pimoroni_picosystem" has no board.GP18' in why and "SANBON_BOARD" in why
    d = hw.board.DISPLAY
    assert hw.displayio.displays == [d] and d.root_group is hw.displayio.CIRCUITPYTHON_TERMINAL and d.brightness == 1


def test_the_picosystem_module_on_a_pico_says_so(fake_hardware, monkeypatch, capsys):
    hw = fake_hardware("raspberry_pi_pico")
    monkeypatch.setenv("SANBON_BOARD", "picosystem")
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None and one_line(capsys) == why
    assert 'board_id "raspberry_pi_pico" has no board.SW_A:' in why
    assert not hw.microcontroller.claimed and not hw.displayio.displays  # no screen: the console only


def test_a_failure_after_the_display_was_made_is_shown_on_it(fake_hardware, monkeypatch, capsys):
    hw = fake_hardware("raspberry_pi_pico")
    hw.digitalio.DigitalInOut(hw.board.GP12)  # button A's pin taken: keypad.Keys fails
    monkeypatch.setenv("SANBON_BOARD", "pico_display")
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None and one_line(capsys) == why
    assert why == "Sanbon cannot start the pico_display board: ValueError: GP12 in use"
    (d,) = hw.displayio.displays
    assert d.root_group is hw.displayio.CIRCUITPYTHON_TERMINAL and d.auto_refresh and d.brightness == 1


def test_a_missing_board_module_says_to_copy_again(fake_hardware, monkeypatch, capsys):
    fake_hardware("raspberry_pi_pico")
    monkeypatch.setenv("SANBON_BOARD", "pico_display")
    monkeypatch.setitem(sys.modules, "boards.pico_display", None)  # import fails: the file is not on the drive
    on_device(monkeypatch)
    board, why = boards.start()
    assert board is None and one_line(capsys) == why
    assert "make deploy" in why


def test_a_bare_pico_says_which_pack_it_assumed_until_a_restart(fake_hardware, monkeypatch, capsys):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    hw = fake_hardware("raspberry_pi_pico")
    on_device(monkeypatch)
    board, note = boards.start()
    assert board.name == "pico_display2" and one_line(capsys) == note
    assert note.startswith("Pico Display Pack 2.0 assumed") and 'SANBON_BOARD = "pico_display"' in note
    assert "1.14" in note and "settings.toml" in note
    with pytest.raises(hw.supervisor.Reload):  # Sanbon's restart between games: no note again
        board.restart()
    hw.soft_reload()
    board, note = boards.start()
    assert board.name == "pico_display2" and note is None and capsys.readouterr().out == ""
    hw.soft_reload()  # a power-on after naming the pack: no note either
    hw.supervisor.runtime.run_reason = hw.supervisor.RunReason.STARTUP
    monkeypatch.setenv("SANBON_BOARD", "pico_display2")
    board, note = boards.start()
    assert note is None and capsys.readouterr().out == ""


def test_a_picosystem_needs_no_note(fake_hardware, monkeypatch, capsys):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    fake_hardware("pimoroni_picosystem")
    on_device(monkeypatch)
    board, note = boards.start()
    assert board.name == "picosystem" and note is None and capsys.readouterr().out == ""


# -- the LED's polarity: one setting per board, flipped in settings.toml ------


@pytest.mark.parametrize("board_id, name, low", [
    ("pimoroni_picosystem", "picosystem", False),
    ("raspberry_pi_pico", "pico_display2", True),
    ("raspberry_pi_pico", "pico_display", True),
])
def test_led_polarity_is_the_boards_unless_settings_toml_flips_it(fake_hardware, monkeypatch, board_id, name, low):
    for value, expect in ((None, low), ("1", True), ("0", False), (1, True)):
        hw = fake_hardware(board_id)
        module = __import__("boards." + name, None, None, ["LED_ACTIVE_LOW"])
        assert module.LED_ACTIVE_LOW is low
        monkeypatch.setattr("os.getenv", lambda k, d=None: value if k == "SANBON_LED_ACTIVE_LOW" else d)
        b = hw.make(name)
        r = [p for p in owners(hw, "PWMOut") if p.pin.number in (6, 14)][0]  # red
        assert r.duty_cycle == (65535 if expect else 0)  # off
        b.rgb_led.set(255, 0, 0)
        assert r.duty_cycle == (0 if expect else 65535)  # on


def test_a_bad_led_setting_is_ignored_with_one_line_and_a_note(fake_hardware, monkeypatch, capsys):
    hw = fake_hardware("pimoroni_picosystem")
    monkeypatch.setattr("os.getenv", lambda k, d=None: "maybe" if k == "SANBON_LED_ACTIVE_LOW" else d)
    on_device(monkeypatch)
    board, note = boards.start()
    assert one_line(capsys) == note == 'SANBON_LED_ACTIVE_LOW = "maybe" in settings.toml is not 0 or 1: ignored.'
    r = [p for p in owners(hw, "PWMOut") if p.pin is hw.board.LED_R][0]
    assert r.duty_cycle == 0  # the board's own: active high, off


# -- code.py ------------------------------------------------------------------


def run_code_py(monkeypatch):
    """code.py as CircuitPython runs it; sanbon.app.main records its call."""
    import os

    import sanbon.app

    calls = []
    monkeypatch.setattr(sanbon.app, "main", lambda board, note=None: calls.append((board, note)))
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "code.py")
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), {"__name__": "__main__"})
    return calls


@pytest.mark.parametrize("version, board_id", [((9, 2, 1), "raspberry_pi_pico"), ((8, 2, 10), "pimoroni_picosystem"),
                                               ((11, 0, 0), "raspberry_pi_pico")])
def test_code_py_on_another_circuitpython_says_what_to_install(fake_hardware, monkeypatch, capsys, version, board_id):
    fake_hardware(board_id)
    on_device(monkeypatch, version)
    for name in [n for n in sys.modules if n.startswith("boards.")]:
        monkeypatch.delitem(sys.modules, name)
    assert run_code_py(monkeypatch) == []
    line = one_line(capsys)
    assert "CircuitPython 10.x" in line and "circuitpython.org/board/%s/" % board_id in line
    assert "%d.%d.%d" % version in line
    assert not [n for n in sys.modules if n.startswith("boards.")]  # no .mpy of ours was loaded


def test_code_py_starts_the_app_on_the_chosen_board(fake_hardware, monkeypatch, capsys):
    monkeypatch.setenv("SANBON_BOARD", "pico_display")
    fake_hardware("raspberry_pi_pico")
    on_device(monkeypatch)
    (board, note), = run_code_py(monkeypatch)
    assert board.name == "pico_display" and note is None and capsys.readouterr().out == ""


def test_code_py_does_not_start_the_app_without_a_board(fake_hardware, monkeypatch, capsys):
    monkeypatch.delenv("SANBON_BOARD", raising=False)
    fake_hardware("adafruit_feather_rp2040")
    on_device(monkeypatch)
    assert run_code_py(monkeypatch) == []
    assert one_line(capsys).startswith('Sanbon cannot start: board_id "adafruit_feather_rp2040"')


def test_uid_is_the_chip_id(fake_hardware):
    hw = fake_hardware("raspberry_pi_pico")
    b = hw.make("pico_display2")
    assert b.uid == bytes(hw.microcontroller.cpu.uid) and len(b.uid) == 8


def test_every_note_is_whole_in_a_240x135_toast(monkeypatch):
    # a toast shows three lines of 36 characters on 240x135 (49 on 320x240,
    # where the note about the assumed pack is shown)
    from boards import say
    from sanbon.ui import CHAR_W, wrap

    monkeypatch.setattr(say, "note", lambda text: text)
    for text, width in ((say.bad_name("gameboy"), 240), (say.bad_name("desktop"), 240),
                        (say.bad_flag("SANBON_LED_ACTIVE_LOW", "maybe"), 240), (say.assumed(), 320)):
        assert len(wrap(text, width // CHAR_W - 4)) <= 3, text
