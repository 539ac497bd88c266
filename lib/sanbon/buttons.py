"""Keys to logical buttons: auto-repeat for X/Y, long-press B for the pause menu.

Key events come from the board (keypad-like, key numbers 0-3 = A, B, X, Y).
``feed`` takes one transition, ``poll`` advances time; both append logical
events to ``out`` as small ints:

    A       on press
    B       on release, if it was not held long (a short press: back)
    PAUSE   when B has been held LONG_MS (the release then does nothing)
    X, Y    on press, then every REPEAT_MS after REPEAT_DELAY_MS while held

Nothing here allocates per event: ``out`` is a list reused by the caller.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


A = const(0)
B = const(1)
X = const(2)
Y = const(3)
PAUSE = const(4)
NAMES = ("A", "B", "X", "Y", "PAUSE")

LONG_MS = const(600)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
_MASK = const(0x1FFFFFFF)  # ticks wrap at 2**29


def ticks_diff(a, b):
    """a - b for ticks that wrap at 2**29."""
    diff = (a - b) & _MASK
    if diff & 0x10000000:
        diff -= 0x20000000
    return diff


class Buttons:
    def __init__(self):
        self.down = [False, False, False, False]
        self.since = [0, 0, 0, 0]  # when each key went down
        self.next_repeat = [0, 0, 0, 0]
        self.long_fired = False

    def reset(self):
        for key in range(4):
            self.down[key] = False
        self.long_fired = False

    def feed(self, key, pressed, now, out):
        if not 0 <= key < 4:
            return
        if pressed:
            if self.down[key]:
                return  # a repeated press without release: ignore
            self.down[key] = True
            self.since[key] = now
            if key == A:
                out.append(A)
            elif key == B:
                self.long_fired = False
            else:
                out.append(key)
                self.next_repeat[key] = (now + REPEAT_DELAY_MS) & _MASK
        else:
            if not self.down[key]:
                return  # a release we never saw pressed (e.g. held at boot)
            self.down[key] = False
            if key == B:
                if not self.long_fired:
                    out.append(B)
                self.long_fired = False

    def poll(self, now, out):
        if self.down[B] and not self.long_fired and ticks_diff(now, self.since[B]) >= LONG_MS:
            self.long_fired = True
            out.append(PAUSE)
        for key in (X, Y):
            if self.down[key] and ticks_diff(now, self.next_repeat[key]) >= 0:
                out.append(key)
                self.next_repeat[key] = (now + REPEAT_MS) & _MASK

    def holding(self):
        return self.down[0] or self.down[1] or self.down[2] or self.down[3]
