"""Fake ``microcontroller``: pins, nvm, and the bookkeeping the other fakes share.

Like CircuitPython, a pin can have one user at a time (``claim`` raises
ValueError "GPn in use"), and the two pins of an RP2040 PWM slice must use
the same frequency.
"""


class Pin:
    def __init__(self, number):
        self.number = number
        self.name = "GPIO%d" % number

    def __repr__(self):
        return "board.GP%d" % self.number


class _PinModule:
    pass


pin = _PinModule()
for _n in range(30):
    setattr(pin, "GPIO%d" % _n, Pin(_n))

nvm = bytearray(4096)


class _Cpu:
    uid = bytearray(b"\xe6\x61\x38\x52\x83\x4c\x2d\x21")  # an RP2040's 8-byte id


cpu = _Cpu()

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
