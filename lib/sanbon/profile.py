"""Settings and statistics, and their bytes in the save store.

A stored value that is out of range falls back to its default (the player
sees a note), so a damaged or older settings record never stops the device.
"""

# (name, default, number of choices, labels)
SETTINGS = (
    ("brightness", 3, 5, ("20%", "40%", "60%", "80%", "100%")),
    ("leds", 1, 2, ("off", "on")),
    ("speed", 1, 3, ("slow", "normal", "instant")),
    ("handover", 1, 2, ("off", "on")),
    ("undo", 1, 2, ("off", "on")),
    ("sound", 1, 2, ("off", "on")),
    ("volume", 1, 3, ("low", "mid", "high")),
)
# New settings go at the end: an older, shorter record loads with their defaults.
LABELS = {"brightness": "Brightness", "leds": "LEDs", "speed": "Computer speed", "handover": "Hand-over screen",
          "undo": "Undo", "sound": "Sound", "volume": "Volume"}
SPEED_MS = (1400, 600, 0)  # delay before each computer decision

SEAT_TYPES = ("Human", "Easy", "Normal", "Hard")
HUMAN = 0
N_GAMES = 4  # stats slots: game ids 1-3 and the demo (4)


class Settings:
    def __init__(self):
        for name, default, _, _ in SETTINGS:
            setattr(self, name, default)

    def label(self, name):
        for n, _, _, labels in SETTINGS:
            if n == name:
                return labels[getattr(self, name)]
        raise KeyError(name)

    def cycle(self, name):
        for n, _, count, _ in SETTINGS:
            if n == name:
                setattr(self, name, (getattr(self, name) + 1) % count)
                return
        raise KeyError(name)

    def brightness_level(self):
        return (self.brightness + 1) / 5

    def to_bytes(self):
        return bytes(getattr(self, name) for name, _, _, _ in SETTINGS)

    @classmethod
    def from_bytes(cls, data):
        """Returns (settings, fixed): ``fixed`` is True if a value was reset."""
        s = cls()
        fixed = False
        for i, (name, default, count, _) in enumerate(SETTINGS):
            if data is not None and i < len(data):
                if data[i] < count:
                    setattr(s, name, data[i])
                else:
                    fixed = True
        return s, fixed


class Stats:
    """Games played and won per game and seat type, as u16 counters."""

    def __init__(self):
        self.counts = [0] * (N_GAMES * len(SEAT_TYPES) * 2)

    def _i(self, game, seat_type):
        return ((game - 1) * len(SEAT_TYPES) + seat_type) * 2

    def played(self, game, seat_type):
        return self.counts[self._i(game, seat_type)]

    def won(self, game, seat_type):
        return self.counts[self._i(game, seat_type) + 1]

    def record(self, game, seat_types, winners):
        """One finished game: every seat played; the winning seats won."""
        for seat, t in enumerate(seat_types):
            i = self._i(game, t)
            self.counts[i] = min(0xFFFF, self.counts[i] + 1)
            if seat in winners:
                self.counts[i + 1] = min(0xFFFF, self.counts[i + 1] + 1)

    def total(self, game):
        return sum(self.counts[self._i(game, t)] for t in range(len(SEAT_TYPES)))

    def to_bytes(self):
        out = bytearray()
        for v in self.counts:
            out.append(v >> 8)
            out.append(v & 0xFF)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        s = cls()
        if data and len(data) == 2 * len(s.counts):
            for i in range(len(s.counts)):
                s.counts[i] = (data[2 * i] << 8) | data[2 * i + 1]
            for g in range(1, N_GAMES + 1):  # won never exceeds played
                for t in range(len(SEAT_TYPES)):
                    i = s._i(g, t)
                    if s.counts[i + 1] > s.counts[i]:
                        s.counts[i + 1] = s.counts[i]
            return s, False
        return s, bool(data)
