"""keypad for the browser page (make web): Event and EventQueue. The page's
keyboard, on-screen buttons and touch put events on the queue
(``EventQueue.put``, the page's own); the app reads them with ``get()`` as
it reads keypad.Keys(...).events on the device."""


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._events = []
        self._max = max_events
        self.overflowed = False

    def get(self):
        if self._events:
            return self._events.pop(0)
        return None

    def get_into(self, event):
        if not self._events:
            return False
        got = self._events.pop(0)
        event.key_number, event.pressed, event.released, event.timestamp = (
            got.key_number, got.pressed, got.released, got.timestamp)
        return True

    def put(self, key_number, pressed, timestamp=None):
        if len(self._events) >= self._max:
            self.overflowed = True
            return
        self._events.append(Event(key_number, pressed, timestamp))

    def clear(self):
        self._events = []
        self.overflowed = False

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)
