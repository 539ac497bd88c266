"""Stand-in for CircuitPython's fourwire: FourWire claims its pins and
records its baudrate."""

import microcontroller


class FourWire:
    def __init__(self, spi_bus, *, command, chip_select=None, reset=None, baudrate=24000000, polarity=0, phase=0):
        self.pins = [p for p in (command, chip_select, reset) if p is not None]
        for p in self.pins:
            microcontroller.claim(p, self)
        self.spi_bus = spi_bus
        self.command = command
        self.chip_select = chip_select
        self.reset = reset
        self.baudrate = baudrate
        self.sent = []  # (command, data) sent by send()

    def send(self, command, data, *, toggle_every_byte=False):
        self.sent.append((command, bytes(data)))

    def deinit(self):
        for p in self.pins:
            microcontroller.release(p)
        self.spi_bus.deinit()
