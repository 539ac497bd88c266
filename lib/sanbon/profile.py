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
        for key, _, _, labels in SETTINGS:
            if key == name:
                return labels[getattr(self, name)]
        raise KeyError(name)

    def cycle(self, name):
        for key, _, count, _ in SETTINGS:
            if key == name:
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
        settings = cls()
        fixed = False
        for index, (name, default, count, _) in enumerate(SETTINGS):
            if data is not None and index < len(data):
                if data[index] < count:
                    setattr(settings, name, data[index])
                else:
                    fixed = True
        return settings, fixed


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
        for row in range(len(ids)):
            if ids[row] == game:
                return row * _T2
        if not add:
            return -1
        ids.append(game)
        self.counts.extend([0] * _T2)
        return len(self.counts) - _T2

    def played(self, game, seat_type):
        first = self._row(game)
        return self.counts[first + 2 * seat_type] if first >= 0 else 0

    def won(self, game, seat_type):
        first = self._row(game)
        return self.counts[first + 2 * seat_type + 1] if first >= 0 else 0

    def record(self, game, seat_types, winners):
        """One finished game: every seat played; the winning seats won."""
        first = self._row(game, True)
        counts = self.counts
        for seat, seat_type in enumerate(seat_types):
            counter = first + 2 * seat_type
            counts[counter] = min(0xFFFF, counts[counter] + 1)
            if seat in winners:
                counts[counter + 1] = min(0xFFFF, counts[counter + 1] + 1)

    def total(self, game):
        first = self._row(game)
        count = 0
        if first >= 0:
            for counter in range(0, _T2, 2):
                count += self.counts[first + counter]
        return count

    def to_bytes(self):
        out = bytearray((STATS_FORMAT, _T2 // 2))
        counts = self.counts
        for row in range(len(self.ids)):
            first = row * _T2
            if any(counts[first : first + _T2]):
                out.append(self.ids[row])
                for value in counts[first : first + _T2]:
                    out.append(value >> 8)
                    out.append(value & 0xFF)
        return bytes(out)

    @classmethod
    def from_bytes(cls, data):
        """Returns (stats, fixed): ``fixed`` is True if saved figures were
        dropped (damaged bytes, an unknown format)."""
        stats = cls()
        if not data:
            return stats, False
        size = len(data)
        if size == 64:  # format 1: the game ids 1-4, 4 seat types, no header
            seat_types, pos, gid = 4, 0, 1
        elif size >= 2 and data[0] == STATS_FORMAT and data[1] and (size - 2) % (1 + 4 * data[1]) == 0:
            seat_types, pos, gid = data[1], 2, 0
        else:
            return stats, True
        fixed = False
        while pos < size:
            game = gid or data[pos]
            if gid:
                gid += 1
            else:
                pos += 1
            end = pos + 4 * seat_types
            if game == 0 or stats._row(game) >= 0:  # a row without a game, or twice
                fixed = True
            elif any(data[pos:end]):
                first = stats._row(game, True)
                for seat_type in range(seat_types):
                    played = (data[pos + 4 * seat_type] << 8) | data[pos + 4 * seat_type + 1]
                    won = min(played, (data[pos + 4 * seat_type + 2] << 8) | data[pos + 4 * seat_type + 3])  # won <= played
                    if seat_type < _T2 // 2:
                        stats.counts[first + 2 * seat_type] = played
                        stats.counts[first + 2 * seat_type + 1] = won
                    elif played:
                        fixed = True  # a seat type this build does not have
            pos = end
        return stats, fixed
