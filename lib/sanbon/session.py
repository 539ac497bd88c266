"""One game in progress: its setup, engine state, computer seats and saving."""

from engine.rng import Rng

from sanbon import games
from sanbon.profile import HUMAN

# GAME section of the store: game id, setup length, setup, bot RNG, state bytes
_BOT_RNG = 8


def load_module(info):
    """The game's app module, or None if this build does not have it."""
    try:
        return __import__(info.module, None, None, ["GameScreen"])
    except ImportError as e:
        # only "this game is not here" counts; a broken game module must show
        if info.module.split(".")[-1] not in str(e):
            raise
        return None


class Session:
    def __init__(self, app, info, config, module, state, bot_rng):
        self.app = app
        self.info = info
        self.config = config
        self.module = module
        self.state = state
        self.bot_rng = bot_rng
        self.finished = False
        self.hidden = getattr(module, "HIDDEN", False)

    @classmethod
    def new(cls, app, info, config, module, seed):
        rng = Rng(seed)
        bot_rng = rng.fork()
        return cls(app, info, config, module, module.new_state(config, rng), bot_rng)

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
        before = self.state.current_player
        self.state.apply(action)
        if self.state.is_over():
            self.finish()
            return True
        over = getattr(self.module, "turn_over", None)
        ended = over(before, self.state) if over else self.state.current_player != before
        if ended:
            self.app.save()
        return ended

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

    @classmethod
    def from_bytes(cls, app, data):
        """A saved game, or raises ValueError with a plain message."""
        if len(data) < 2:
            raise ValueError("the saved game is empty")
        info = games.by_id(data[0])
        if info is None:
            raise ValueError("the saved game is of an unknown kind")
        module = load_module(info)
        if module is None:
            raise ValueError("%s is not in this build" % info.name)
        n = data[1]
        cfg = games.Config.from_bytes(info, data[2 : 2 + n])
        rest = data[2 + n :]
        bot_rng = Rng.from_bytes(rest[:_BOT_RNG])
        state = module.load_state(rest[_BOT_RNG:])
        return cls(app, info, cfg, module, state, bot_rng)
