"""Sound effects on the board's speaker (imported only when it has one).

An effect is a short tune: a flat tuple of (frequency in Hz, length in ms)
pairs, frequency 0 a rest. ``play(name, now)`` starts it at once (the last
request wins) and ``tick(now)``, called from ``App.step``, moves to the next
note when it is due: nothing ever waits. Silent while the Sound setting is
off; the Volume setting picks the loudness of each note.

The speaker is the board's (boards/__init__.py): ``tone(freq, volume)``
with volume 1-100, and ``off()``. A speaker with a ``requested`` list (the
simulator's) gets the name of every effect played, for tests.
"""

from sanbon.buttons import ticks_diff

EFFECTS = {
    "roll": (1300, 20, 0, 30, 900, 20, 0, 30, 1500, 20, 0, 40, 1100, 30),
    "hit": (880, 40, 440, 110),
    "card": (1760, 25, 2640, 35),
    "win": (523, 110, 659, 110, 784, 110, 1047, 280),
    "loss": (392, 170, 330, 170, 262, 340),
}
VOLUMES = (6, 20, 100)  # low, mid, high (100: a square wave, the loudest)


class Sound:
    def __init__(self, speaker, settings):
        self.speaker = speaker
        self.settings = settings
        self.requested = getattr(speaker, "requested", None)
        self.notes = None
        self.i = 0
        self.due = 0

    def play(self, name, now):
        if not self.settings.sound:
            return
        notes = EFFECTS.get(name)
        if notes is None:
            return
        if self.requested is not None:
            self.requested.append(name)
        self.notes = notes
        self.i = 0
        self._note(now)

    def _note(self, now):
        notes = self.notes
        index = self.i
        if index >= len(notes):
            self.stop()
            return
        freq = notes[index]
        if freq:
            self.speaker.tone(freq, VOLUMES[self.settings.volume])
        else:
            self.speaker.off()
        self.due = (now + notes[index + 1]) & 0x1FFFFFFF
        self.i = index + 2

    def stop(self):
        self.notes = None
        self.speaker.off()

    def tick(self, now):
        if self.notes is None:
            return
        if not self.settings.sound:
            self.stop()
        elif ticks_diff(now, self.due) >= 0:
            self._note(now)
