"""Stand-in for CircuitPython's keypad: Keys whose event queue the scenario
fills with ``press(pin)``/``release(pin)`` (raw pin-index events, as the
scanner queues them). ``instances`` holds every Keys made, newest last."""

import microcontroller

instances = []


class Event:
    """A raw event: key_number is the index of the pin in Keys' pins (read
    only on the device; plain attributes here, to keep the stand-in small)."""

    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events):
        self._q = []
        self._max = max_events
        self.overflowed = False

    def get(self):
        return self._q.pop(0) if self._q else None

    def get_into(self, event):
        if not self._q:
            return False
        e = self._q.pop(0)
        event.key_number = e.key_number
        event.pressed = e.pressed
        return True

    def clear(self):
        del self._q[:]
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return bool(self._q)

    def put(self, key_number, pressed):
        if len(self._q) >= self._max:
            self.overflowed = True
        else:
            self._q.append(Event(key_number, pressed))


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        self.pins = tuple(pins)
        for p in self.pins:
            microcontroller.claim(p, self)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.interval = interval
        self.events = EventQueue(max_events)
        self.key_count = len(self.pins)
        self.resets = 0
        instances.append(self)

    def press(self, pin):
        """The button on ``pin`` goes down: queue its pin-index event."""
        self.events.put(self.pins.index(pin), True)

    def release(self, pin):
        self.events.put(self.pins.index(pin), False)

    def reset(self):
        self.resets += 1

    def deinit(self):
        for p in self.pins:
            microcontroller.release(p)
