"""Fake ``displayio``: Group and release_displays()."""

displays = []  # live displays; release_displays() frees their pins


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self.scale, self.x, self.y = scale, x, y
        self.hidden = False
        self._items = []

    def append(self, item):
        self._items.append(item)

    def pop(self, i=-1):
        return self._items.pop(i)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]


CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    while displays:
        displays.pop().release()
