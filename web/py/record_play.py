"""A game record's replay, shared by tools/replay.py (the terminal and the
simulator) and the browser page's "Share game" links (web/sanbon.mjs): it
runs on CPython and on MicroPython.

A record is what "Share game" writes (lib/sanbon/records.py). ``Record(data)``
decodes it, or raises RecordError saying why it cannot be replayed here;
``start()`` deals the first state from the seed, ``replay()`` applies every
action. ``watch(app, rec)`` puts the game on the app's play screen (every
seat shown as a human seat, hand-over screens and undo off, the settings not
saved) and returns a function that applies the next move and shows it, False
once every move has been played.
"""


class RecordError(ValueError):
    pass


class Record:
    """A decoded record; raises RecordError when it cannot be replayed here."""

    def __init__(self, data):
        from sanbon import games
        from sanbon.records import RECORD_FORMAT

        data = bytes(data)
        if len(data) < 10 or data[:2] != b"SR":
            raise RecordError("not a Sanbon record")
        if data[2] != RECORD_FORMAT:
            raise RecordError("this record has format %d; this build reads format %d: replay it with the build "
                              "that wrote it" % (data[2], RECORD_FORMAT))
        self.info = games.by_id(data[3])
        if self.info is None:
            raise RecordError("the record is of an unknown game (id %d)" % data[3])
        self.version = data[4]
        n = data[5]
        if len(data) < 10 + n or (len(data) - 10 - n) % 2:
            raise RecordError("the record is cut short")
        try:
            self.config = games.Config.from_bytes(self.info, data[6 : 6 + n])
        except ValueError as e:
            raise RecordError("the record's %s setup is damaged (%s)" % (self.info.name, e))
        i = 6 + n
        self.seed = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
        self.actions = [(data[j] << 8) | data[j + 1] for j in range(i + 4, len(data), 2)]

    def start(self):
        """The game's first state, dealt from the seed as Session.new does."""
        from engine.rng import Rng
        from sanbon.session import load_module

        self.module = load_module(self.info)
        if self.module is None:
            raise RecordError("%s is not in this build" % self.info.name)
        rng = Rng(self.seed)
        rng.fork()  # the computer players' RNG, as Session.new takes it
        state = self.module.new_state(self.config, rng)
        have = state.to_bytes()[1]
        if have != self.version:
            raise RecordError("this %s record was made with rules version %d; this build has version %d, so the "
                              "moves may not mean the same: replay it with the build that wrote it"
                              % (self.info.name, self.version, have))
        return state

    def apply(self, state, i):
        """Apply move ``i`` to ``state``; an illegal one raises RecordError."""
        from engine.core import IllegalAction

        a = self.actions[i]
        try:
            state.apply(a)
        except IllegalAction as e:
            raise RecordError("move %d (%d) is not legal here: %s" % (i + 1, a, e))

    def replay(self, each=None):
        """Apply every action; ``each(state, i, action)`` after each one.
        Returns the final state. An illegal action raises RecordError."""
        state = self.start()
        for i in range(len(self.actions)):
            self.apply(state, i)
            if each is not None:
                each(state, i, self.actions[i])
        return state


def watch(app, rec):
    """The record's game on ``app``'s play screen; returns (state, next):
    next() applies the next move and updates the screen, False when none is
    left."""
    from engine.rng import Rng
    from sanbon.session import Session

    app.settings.handover = 0
    app.settings.undo = 0
    state = rec.start()
    cfg = rec.config
    for s in range(len(cfg.seats)):
        cfg.seats[s] = 0  # the record plays every seat
    session = Session(app, rec.info, cfg, rec.module, state, Rng(1))
    app._clear()
    app.session = session
    app.push(rec.module.GameScreen(app, session))
    done = [0]

    def step():
        i = done[0]
        if i >= len(rec.actions):
            return False
        rec.apply(state, i)
        done[0] = i + 1
        top = app.top
        while top is not None and not hasattr(top, "update") and len(app.stack) > 1:
            app.pop()  # a dialog the record's move opened: the record goes on
            top = app.top
        if top is not None and hasattr(top, "update"):
            top.update()
        return True

    return state, step
