"""One game in progress: its setup, engine state, computer seats, saving,
undo within a turn and the game's record.

Undo: before each human decision (Settings: undo on) the state's bytes go
into a small ring (UNDO_MAX); a decision that revealed something (the
engine's RNG moved: a roll, a shuffle; or the game's ``hidden_marks``
changed: a draw, a pull, a peek) empties it, and so does the end of a turn,
so only this turn's decisions that showed nothing new can be taken back.

Record and journal: ``log`` holds every action (u16) since the game began,
and ``seed`` its seed, so that the game can be shared (sanbon.records makes
the record tools/replay.py plays back). A game longer than LOG_MAX bytes of
actions drops its record (``seed`` None) and keeps only the actions since.

Saving (sanbon.store): a snapshot of the session's bytes with the length of
the log it covers (GAME), the log (JOURNAL), the seed (LOG), the computer
seats' RNG (BOT) and what they remember besides the moves (MEMORY: the
game module's ``bot_memory``, Okko's partners' peeks). A turn end only appends its actions to the journal;
Continue loads the snapshot and replays the actions after it, which a
seeded game does exactly. A new snapshot is taken once JOURNAL_MAX actions
follow the last one, so the replay stays short.
"""

from engine.rng import Rng

from sanbon import games
from sanbon.profile import HUMAN
from sanbon.store import BOT, JOURNAL, LOG, MEMORY

# session bytes: game id, setup length, setup, bot RNG, state bytes (GAME adds the log's length)
_BOT_RNG = 8
UNDO_MAX = 3  # states kept for undo (an Okko state is about 270 bytes)
LOG_MAX = 1200  # bytes of recorded actions (600 actions) kept with the save
JOURNAL_MAX = 128  # actions replayed at Continue, at most (docs/BENCHMARKS.md: the replay's time)


def load_module(info):
    """The game's app module, or None if this build does not have it."""
    try:
        return __import__(info.module, None, None, ["GameScreen"])
    except ImportError as error:
        # only "this game is not here" counts; a broken game module must show
        if info.module.split(".")[-1] not in str(error):
            raise
        return None


class Session:
    def __init__(self, app, info, config, module, state, bot_rng, seed=None, log=None):
        self.app = app
        self.info = info
        self.config = config
        self.module = module
        self.state = state
        self.bot_rng = bot_rng
        self.finished = False
        self.hidden = getattr(module, "HIDDEN", False)
        self.undo = []  # (state bytes, log length) before this turn's undoable decisions
        self.seed = seed  # the game's seed (the record), or None
        self.log = bytearray() if log is None else log  # the actions as u16: all of them if ``seed``
        self.snap = None  # the saved snapshot: session bytes and the log's length then

    @classmethod
    def new(cls, app, info, config, module, seed):
        rng = Rng(seed)
        bot_rng = rng.fork()
        return cls(app, info, config, module, module.new_state(config, rng), bot_rng, seed, bytearray())

    # -- seats ---------------------------------------------------------
    def seat_type(self, seat):
        return self.config.seats[seat] if 0 <= seat < self.config.players else HUMAN

    def is_bot(self, seat):
        return self.seat_type(seat) != HUMAN

    def seat_name(self, seat):
        if self.config.humans() == 1 and not self.is_bot(seat):
            return "You"
        return "P%d" % (seat + 1)

    # -- play ----------------------------------------------------------
    def apply(self, action):
        """Apply an action; saves at turn ends and records the game's end.

        Raises engine.core.IllegalAction (state unchanged) like the engine.
        Returns True if the turn is over.
        """
        state = self.state
        before = state.current_player
        probe = self.app.probe
        if probe is not None and probe.what == "press":  # SANBON_DEBUG: a human's move, not a cursor's
            probe.what = "move"
        snap = None
        if self.app.settings.undo and not self.is_bot(before):
            snap = state.to_bytes()
            marks = self._marks()
        state.apply(action)  # an IllegalAction leaves everything as it was
        log = self.log
        log.append(action >> 8)
        log.append(action & 0xFF)
        if snap is not None:
            if self._marks() != marks:
                del self.undo[:]  # it showed something new: no going back past it
            else:
                self.undo.append((snap, len(log) - 2))
                if len(self.undo) > UNDO_MAX:
                    self.undo.pop(0)
        if state.is_over():
            del self.undo[:]
            self.finish()
            return True
        over = getattr(self.module, "turn_over", None)
        ended = over(before, state) if over else state.current_player != before
        if ended:
            del self.undo[:]  # undo stays within a turn
            self.app.save()
        return ended

    def _marks(self):
        """What a decision may not change and still be undone: the engine's
        RNG (rolls, shuffles) and the game's hidden_marks (draws, peeks)."""
        state = self.state
        marks = state.rng.to_bytes() if getattr(state, "rng", None) is not None else b""
        hook = getattr(self.module, "hidden_marks", None)
        return marks + hook(state) if hook else marks

    # -- undo ----------------------------------------------------------
    def people(self):
        """How many people share the device (Okko's Solo: one at two seats)."""
        hook = getattr(self.module, "people", None)
        return hook(self.config) if hook else self.config.humans()

    def can_undo(self):
        return bool(self.undo) and not self.finished and not self.is_bot(self.state.current_player)

    def undo_last(self):
        """Back to the state before the last undoable decision of this turn."""
        snap, length = self.undo.pop()
        self.state = self.module.load_state(snap)
        self.log[length:] = b""  # (a bytearray: CircuitPython cannot del its slices)

    # -- the record (sanbon.records builds it, when shared) --------------
    def log_section(self):
        """The store's LOG section: the seed (u32) and the actions so far."""
        if self.seed is None:
            return None
        seed = self.seed
        return b"".join((bytes(((seed >> 24) & 0xFF, (seed >> 16) & 0xFF, (seed >> 8) & 0xFF, seed & 0xFF)), bytes(self.log)))

    def bot_step(self):
        seat = self.state.current_player
        action = self.module.bot_action(self.state, seat, self.seat_type(seat), self.bot_rng)
        return self.apply(action)

    def finish(self):
        if self.finished:
            return
        self.finished = True
        self.app.stats.record(self.info.id, self.config.seat_types(), self.state.winner() or ())
        self.app.save()  # stats updated and the finished game dropped, in one write

    # -- saving --------------------------------------------------------
    def to_bytes(self):
        cfg = self.config.to_bytes()
        # one join, not a copy per "+" (the save path runs at every turn end)
        return b"".join((bytes((self.info.id, len(cfg))), bytes(cfg), self.bot_rng.to_bytes(), bytes(self.state.to_bytes())))

    def saved(self):
        """The store's sections for this game: (GAME, {LOG, JOURNAL, BOT, MEMORY}),
        with a new snapshot first if there is none or JOURNAL_MAX actions
        follow it. Called at turn ends (no undo reaches back past them)."""
        log = self.log
        snap = self.snap
        if snap is None or len(log) - ((snap[-2] << 8) | snap[-1]) >= 2 * JOURNAL_MAX:
            if len(log) > LOG_MAX:  # too long to keep whole: the record is dropped
                self.seed = None
                log[:] = b""  # (a bytearray: CircuitPython cannot del its slices)
            length = len(log)
            self.snap = snap = b"".join((self.to_bytes(), bytes((length >> 8, length & 0xFF))))
            del self.undo[:]
        number = self.seed
        seed = None if number is None else bytes(((number >> 24) & 0xFF, (number >> 16) & 0xFF, (number >> 8) & 0xFF, number & 0xFF))
        memory = getattr(self.module, "bot_memory", None)
        return snap, {LOG: seed, JOURNAL: bytes(log), BOT: self.bot_rng.to_bytes(), MEMORY: memory(self.state) if memory else None}

    @classmethod
    def from_bytes(cls, app, data, logged=None):
        """A saved game, or raises ValueError with a plain message. ``data``:
        the store's GAME section (the snapshot); ``logged``: its LOG, JOURNAL,
        BOT and MEMORY sections ({tag: bytes}), if any. The journal's actions after
        the snapshot are replayed on it."""
        if len(data) < 4:
            raise ValueError("the saved game is empty")
        skip = (data[-2] << 8) | data[-1]
        snap = bytes(data)
        data = data[:-2]
        info = games.by_id(data[0])
        if info is None:
            raise ValueError("the saved game is of an unknown kind")
        module = load_module(info)
        if module is None:
            raise ValueError("%s is not in this build" % info.name)
        length = data[1]
        cfg = games.Config.from_bytes(info, data[2 : 2 + length])
        rest = data[2 + length :]
        bot_rng = Rng.from_bytes(rest[:_BOT_RNG])
        state = module.load_state(rest[_BOT_RNG:])
        logged = logged or {}
        journal = logged.get(JOURNAL) or b""
        if len(journal) & 1 or skip & 1 or skip > len(journal):
            raise ValueError("the saved moves are damaged")
        for pos in range(skip, len(journal), 2):
            try:
                state.apply((journal[pos] << 8) | journal[pos + 1])
            except Exception:
                raise ValueError("the saved moves could not be replayed")
        if not state.is_over() and not state.legal_actions():
            raise ValueError("the saved game has no move to make")  # damaged, yet it passed its checks
        if logged.get(BOT):
            bot_rng = Rng.from_bytes(logged[BOT])
        memory = getattr(module, "bot_memory", None)
        if memory and logged.get(MEMORY):
            memory(state, logged[MEMORY])
        rec = logged.get(LOG)
        seed = None
        if rec is not None and len(rec) == 4:
            seed = (rec[0] << 24) | (rec[1] << 16) | (rec[2] << 8) | rec[3]
        session = cls(app, info, cfg, module, state, bot_rng, seed, bytearray(journal))
        session.snap = snap
        return session
