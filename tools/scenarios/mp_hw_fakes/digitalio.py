"""Stand-in for CircuitPython's digitalio: a pin claimed while in use."""

import microcontroller


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        microcontroller.claim(pin, self)
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self.value = False

    def deinit(self):
        microcontroller.release(self.pin)
