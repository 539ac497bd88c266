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
    ("tips", 1, 2, ("off", "on")),
    # the first-game guide's tips already shown (sanbon.tips): a bit per
    # phase, two bytes for each of the games 1-3; not on the Settings screen
    ("seen1", 0, 256, None), ("seen2", 0, 256, None), ("seen3", 0, 256, None),
    ("seen4", 0, 256, None), ("seen5", 0, 256, None), ("seen6", 0, 256, None),
)
# New settings go at the end: an older, shorter record loads with their defaults.
LABELS = {"brightness": "Brightness", "leds": "LEDs", "speed": "Computer speed", "handover": "Hand-over screen",
          "undo": "Undo", "sound": "Sound", "volume": "Volume", "tips": "Tips"}
SEEN = ("seen1", "seen2", "seen3", "seen4", "seen5", "seen6")
SPEED_MS = (1400, 600, 0)  # delay before each computer decision

SEAT_TYPES = ("Human", "Easy", "Normal", "Hard")
HUMAN = 0
STATS_FORMAT = 2  # the statistics' bytes (Stats.to_bytes); format 1 had no header
_T2 = 2 * len(SEAT_TYPES)  # counters per game: (played, won) per seat type


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
    """Games played and won per game and seat type, as u16 counters: a row
    per game id, made when the game first needs one (so a new game's id gets
    a row and every other row stays as it was).

    Bytes, format 2: STATS_FORMAT, the number of seat types T, then for each
    game with a figure its id and T (played, won) u16 pairs. A row of a game
    this build does not know is kept as it is. Format 1 (the statistics up to
    issue 17: 64 bytes, no header, the rows of the game ids 1-4, 4 seat types)
    loads with every figure, and is written back as format 2."""

    def __init__(self):
        self.ids = bytearray()  # the game id of each row
        self.counts = []  # each row's _T2 counters: (played, won) per seat type

    def _row(self, game, add=False):
        """The index of ``game``'s first counter; -1 if it has no row (a new
        row of zeros with ``add``)."""
        ids = self.ids
        for k in range(len(ids)):
            if ids[k] == game:
                return k * _T2
        if not add:
            return -1
        ids.append(game)
        self.counts.extend([0] * _T2)
        return len(self.counts) - _T2

    def played(self, game, seat_type):
        i = self._row(game)
        return self.counts[i + 2 * seat_type] if i >= 0 else 0

    def won(self, game, seat_type):
        i = self._row(game)
        return self.counts[i + 2 * seat_type + 1] if i >= 0 else 0

    def record(self, game, seat_types, winners):
        """One finished game: every seat played; the winning seats won."""
        i = self._row(game, True)
        c = self.counts
        for seat, t in enumerate(seat_types):
            j = i + 2 * t
            c[j] = min(0xFFFF, c[j] + 1)
            if seat in winners:
                c[j + 1] = min(0xFFFF, c[j + 1] + 1)

    def total(self, game):
        i = self._row(game)
        n = 0
        if i >= 0:
            for t in range(0, _T2, 2):
                n += self.counts[i + t]
        return n

    def to_bytes(self):
        out = bytearray((STATS_FORMAT, _T2 // 2))
        c = self.counts
        for k in range(len(self.ids)):
            i = k * _T2
            if any(c[i : i + _T2]):
                out.append(self.ids[k])
                for v in c[i : i + _T2]:
                    out.append(v >> 8)
                    out.append(v & 0xFF)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Returns (stats, fixed): ``fixed`` is True if saved figures were
        dropped (damaged bytes, an unknown format)."""
        s = cls()
        if not data:
            return s, False
        n = len(data)
        if n == 64:  # format 1: the game ids 1-4, 4 seat types, no header
            w, pos, gid = 4, 0, 1
        elif n >= 2 and data[0] == STATS_FORMAT and data[1] and (n - 2) % (1 + 4 * data[1]) == 0:
            w, pos, gid = data[1], 2, 0
        else:
            return s, True
        fixed = False
        while pos < n:
            g = gid or data[pos]
            if gid:
                gid += 1
            else:
                pos += 1
            end = pos + 4 * w
            if g == 0 or s._row(g) >= 0:  # a row without a game, or twice
                fixed = True
            elif any(data[pos:end]):
                i = s._row(g, True)
                for t in range(w):
                    p = (data[pos + 4 * t] << 8) | data[pos + 4 * t + 1]
                    v = min(p, (data[pos + 4 * t + 2] << 8) | data[pos + 4 * t + 3])  # won <= played
                    if t < _T2 // 2:
                        s.counts[i + 2 * t] = p
                        s.counts[i + 2 * t + 1] = v
                    elif p:
                        fixed = True  # a seat type this build does not have
            pos = end
        return s, fixed
