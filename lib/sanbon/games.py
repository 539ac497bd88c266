"""The games the shell offers, and what their setup screens ask.

A game's app module (``module``) is imported only when the game starts, so a
game that is not built yet costs nothing and says so plainly. A game module
provides:

    new_state(config, rng)          a fresh engine state
    load_state(data)                state from its to_bytes()
    bot_action(state, seat, level, rng)   a computer decision (observation only)
    GameScreen(app, session)        the play screen (a sanbon.ui.Screen)
    turn_over(before_player, state) optional: True at a turn boundary (save)
    HIDDEN                          True if hands are secret (hand-over screens)

A game may offer house rules (``house``): engine option bits the setup
screen turns on and off, saved in the Config (``options``), and modes with
fewer seats (``mode_max``: the most players per mode). A mode may fix the
seats (``mode_seats``: per mode, a tuple of seat types, or None when the
setup screen asks for them; e.g. Okko's Solo: two human seats, one player).
"""


class GameInfo:
    def __init__(self, gid, key, name, short, module, players, modes, levels, howto, house=0, mode_max=None,
                 mode_seats=None, room=1024, level_names=None):
        self.id = gid
        self.key = key
        self.name = name
        self.short = short  # fits beside "Continue: " on the narrowest menu
        self.module = module
        self.min_players, self.max_players = players
        self.modes = modes
        self.levels = levels  # seat types offered besides Human (indexes into SEAT_TYPES)
        self.howto = howto  # module holding PAGES
        # the house rules' engine option bits (0: none); their names and
        # texts are sanbon.menus HOUSE, loaded with the setup only
        self.house = house
        self.mode_max = mode_max or (self.max_players,) * len(modes)
        self.mode_seats = mode_seats
        self.room = room  # the save store's bytes a whole game takes, about (sanbon.app._start)
        self.level_names = level_names  # a game's own names of the seat types (by SEAT_TYPES index), or None

    def seat_name(self, seat_type):
        """What the setup and the statistics call ``seat_type`` in this game."""
        from sanbon.profile import SEAT_TYPES

        return self.level_names[seat_type] if self.level_names else SEAT_TYPES[seat_type]

    def fixed_seats(self, mode):
        """The seat types ``mode`` fixes, or None (the setup asks for them)."""
        return self.mode_seats[mode] if self.mode_seats and mode < len(self.mode_seats) else None

    def fix_seats(self, config):
        """After a mode change: the mode's fixed seats, or (back in a mode
        with chosen seats after fixed ones) the default seats."""
        fixed = self.fixed_seats(config.mode)
        if fixed is not None:
            config.seats[: len(fixed)] = list(fixed)
        elif self.mode_seats and config.humans() == config.players:
            config.seats = Config(self).seats

    def players_max(self, mode):
        """The most players of ``mode`` (Competition: 2)."""
        return self.mode_max[mode] if mode < len(self.mode_max) else self.max_players


KYUDO = GameInfo(1, "kyudo", "Kyudo", "Kyudo", "sanbon.kyudo", (2, 4), ("Standard",), (1, 2, 3), "sanbon.howto_kyudo",
                 room=2400)
# the house rules: engine/kendo/actions.py OPT_ROTATE 1, OPT_REFLECT_CANCEL 2, OPT_ALT_DEFLECT 4,
# OPT_REARM 8 (on in a new game: issue 30; their names and texts, and which are on
# in a new game: sanbon.menus HOUSE)
# levels: every mode's; a Duel offers Easy and Normal only (Hard plays a Duel as Normal does):
# sanbon.menus SetupScreen.choose, and a Duel saved with Hard goes on with Normal (sanbon.kendo)
KENDO = GameInfo(2, "kendo", "Kendo Duel", "Kendo", "sanbon.kendo", (2, 4), ("Duel", "Competition"), (1, 2, 3),
                 "sanbon.howto_kendo", 15, (4, 2))
# the house rule: engine/okko/state.py OkkoState(rng, aid), bit 1 = the Easy aid
# modes: Partner (a computer partner, or two humans if chosen), Solo (one
# human plays both heroes), Pass and play (two humans, hand-over at peeks)
OKKO = GameInfo(3, "okko", "Okko: Oni Hunters", "Okko", "sanbon.okko", (2, 2), ("Partner", "Solo", "Pass and play"),
                (2, 3), "sanbon.howto_okko", 1, None, (None, (0, 0), (0, 0)), 3000,
                # the partners by what they do; the numbers (saves) are Normal 2 and Hard 3
                ("Human", "Easy", "Steady", "Forgetful"))
PIG = GameInfo(4, "pig", "Pig (demo)", "Pig", "sanbon.pig", (2, 4), ("To 30",), (1, 2), "sanbon.howto_pig")

GAMES = (KYUDO, KENDO, OKKO)
ALL = (KYUDO, KENDO, OKKO, PIG)


def by_id(gid):
    for game in ALL:
        if game.id == gid:
            return game
    return None


class Config:
    """What the setup screen chose: players, mode, each seat's type and the
    house rules (``options``: the engine's option bits, 0 = the rulebook)."""

    def __init__(self, info, players=None, mode=0, seats=None, options=0):
        self.info = info
        self.players = players or info.min_players
        self.mode = mode
        if seats is None:
            seats = [0] + [info.levels[(len(info.levels) - 1) // 2]] * (info.max_players - 1)
        self.seats = list(seats)  # always max_players long; the first `players` count
        self.options = options

    def seat_types(self):
        return self.seats[: self.players]

    def humans(self):
        return sum(1 for seat_type in self.seat_types() if seat_type == 0)

    def to_bytes(self):
        return bytes([self.players, self.mode] + self.seats + [self.options])

    @classmethod
    def from_bytes(cls, info, data):
        """A setup from to_bytes(); a save from before the house rules (no
        options byte) loads with options 0."""
        size = 2 + info.max_players
        if len(data) != size and len(data) != size + 1:
            raise ValueError("bad game setup")
        players, mode = data[0], data[1]
        seats = list(data[2:size])
        options = data[size] if len(data) > size else 0
        if not info.min_players <= players <= info.max_players or mode >= len(info.modes):
            raise ValueError("bad game setup")
        if players > info.players_max(mode) or options & ~info.house:
            raise ValueError("bad game setup")
        if any(seat_type != 0 and seat_type not in info.levels for seat_type in seats):
            raise ValueError("bad seat type")
        return cls(info, players, mode, seats, options)
