"""Stand-in for CircuitPython's microcontroller: pins, nvm, and the pin
bookkeeping the other stand-ins share.

``board_id`` picks the pins that ``board`` offers: set it before the first
``import board``. Like CircuitPython, a pin has one user at a time (``claim``
raises ValueError "GPn in use"), and the two pins of an RP2040 PWM slice must
use the same frequency.
"""

board_id = "raspberry_pi_pico"


class Pin:
    """An RP2040 GPIO (real ones are microcontroller.pin.GPIOn; here they are
    ``pins[n]``, lean: the scenario's heap figure should be the app's)."""

    def __init__(self, number):
        self.number = number

    def __repr__(self):
        return "board.GP%d" % self.number


pins = [Pin(_n) for _n in range(30)]

nvm = bytearray(4096)

claimed = {}  # Pin -> the object using it
slice_frequency = {}  # PWM slice -> frequency of the PWMOuts on it
slice_users = {}  # PWM slice -> number of PWMOuts on it


def claim(p, owner):
    if p in claimed:
        raise ValueError("GP%d in use" % p.number)
    claimed[p] = owner


def release(p):
    claimed.pop(p, None)


def pwm_slice(p):
    return (p.number >> 1) & 7
