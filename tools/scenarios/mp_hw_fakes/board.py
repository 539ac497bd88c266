"""Stand-in for CircuitPython's board, for the id in ``microcontroller.board_id``.

"pimoroni_picosystem" has the names of CircuitPython's pins.c for that board
and a built-in 240x240 DISPLAY (whose backlight takes GPIO12's PWM at 50 kHz,
as in its board.c); any other id is a bare Raspberry Pi Pico (GP0-GP28, LED).
"""

import microcontroller

board_id = microcontroller.board_id

if board_id == "pimoroni_picosystem":
    _names = {
        "TX": 0, "GP0": 0, "RX": 1, "GP1": 1, "VBUS_DETECT": 2,
        "LCD_RESET": 4, "LCD_CS": 5, "LCD_SCLK": 6, "LCD_MOSI": 7, "LCD_VSYNC": 8, "LCD_DC": 9,
        "AUDIO": 11, "BACKLIGHT": 12, "LED_G": 13, "LED_R": 14, "LED_B": 15,
        "SW_Y": 16, "SW_X": 17, "SW_A": 18, "SW_B": 19,
        "SW_DOWN": 20, "SW_RIGHT": 21, "SW_LEFT": 22, "SW_UP": 23,
        "CHARGE_STAT": 24, "BAT_SENSE": 26,
    }
else:
    _names = {}
    for _n in range(29):
        _names["GP%d" % _n] = _n
    _names["LED"] = 25
_g = globals()
for _k in _names:
    _g[_k] = microcontroller.pins[_names[_k]]
_g = _k = _names = None

if board_id == "pimoroni_picosystem":
    import busdisplay
    import busio
    import fourwire

    DISPLAY = busdisplay.BusDisplay(
        fourwire.FourWire(busio.SPI(LCD_SCLK, LCD_MOSI), command=LCD_DC, chip_select=LCD_CS,
                          reset=LCD_RESET, baudrate=60000000),
        b"", width=240, height=240, backlight_pin=BACKLIGHT, backlight_pwm_frequency=50000,
    )
