"""The menus before a game: main menu, setup, house rules, settings,
statistics and about.

The app imports this module for the main menu; the main menu's close drops
it (sanbon.ui.unload) while a game is on, so that its code is not in the heap during play."""

from sanbon import games, ui
from sanbon.profile import LABELS, SEAT_TYPES, SEEN, SETTINGS
from sanbon.screens import MenuScreen, confirm
from sanbon.texts import TextScreen


# The house rules by game (sanbon.games GameInfo.house: their bits): (bit,
# name, (label off, label on), (what off does, what on does)). Here, not in
# sanbon.games, so that their texts are in the heap with the setup only.
HOUSE = {
    # engine/kendo/actions.py OPT_ROTATE 1, OPT_REFLECT_CANCEL 2, OPT_ALT_DEFLECT 4, OPT_REARM 8
    "kendo": (
        (1, "Initiative", ("last striker", "rotate"),
         ("The last striker attacks next; a deflect takes the initiative.",
          "The initiative passes clockwise after every exchange.")),
        (2, "Reflect", ("bounce", "cancel"),
         ("A reflected JODAN or SEME must be answered in turn.",
          "A reflected JODAN or SEME is only cancelled.")),
        (4, "Deflect alt.", ("no", "yes"),
         ("Only a parry answers TAIATARI or MAKI AGE.",
          "A parry or a deflect answers TAIATARI or MAKI AGE.")),
        (8, "Rearm", ("no", "yes"),
         ("Nobody can attack: the most cards wins, a tie draws.",
          "Nobody can attack: every player takes a spent Basic.")),
    ),
    # engine/okko/state.py OkkoState(rng, aid): bit 1 = the Easy aid
    "okko": (
        (1, "Easy aid", ("off", "on"),
         ("Remember your peeks yourself.",
          "Peeked squares are marked (not what they are); the odds are shown.")),
    ),
}
# the house rules on in a new game: Kendo's Rearm, so that a Duel ends by play (issue 30)
HOUSE_ON = {"kendo": 8}


class MainMenu(MenuScreen):
    hint = "A choose  X/Y move"
    is_home = True  # the bottom of the stack (App.home)

    def __init__(self, app):
        self.app = app
        super().__init__(app, "Sanbon", self._items())

    def _items(self):
        self.entries = []
        if self.app.saved_game:
            info = games.by_id(self.app.saved_game[0])
            self.entries.append(("continue", None, "Continue: %s" % (info.short if info else "?")))
        for game in games.GAMES:
            self.entries.append(("game", game, game.name))
        self.entries.append(("stats", None, "Statistics"))
        self.entries.append(("settings", None, "Settings"))
        self.entries.append(("about", None, "About"))
        return [entry[2] for entry in self.entries]

    def resume(self):
        cur = self.entries[self.menu.index][0:2]
        had = self.entries[0][0] == "continue"
        self.menu.set_items(self._items())
        if self.entries[0][0] == "continue" and not had:
            self.menu.select(0)  # back from a game: offer to continue it
            return
        for index, entry in enumerate(self.entries):
            if entry[0:2] == cur:
                self.menu.select(index)
                break

    def choose(self, index):
        kind, info, _ = self.entries[index]
        app = self.app
        if kind == "continue":
            app.continue_game()
        elif kind == "game":
            app.push(SetupScreen(app, info))
        elif kind == "stats":
            app.push(StatsScreen(app))
        elif kind == "settings":
            app.push(SettingsScreen(app))
        else:
            app.push(AboutScreen(app))

    def back(self):
        pass  # the bottom of the stack

    def close(self):
        ui.unload(__name__)  # App._clear: the menus' code leaves the heap with the main menu


class SetupScreen(MenuScreen):
    """Players, mode and seats for a new game, then Start."""

    pin = True  # "Start" stays on the screen however many seats

    def __init__(self, app, info):
        self.info = info
        self.config = games.Config(info, options=HOUSE_ON.get(info.key, 0))
        super().__init__(app, info.name, self._items())
        self.menu.select(len(self.menu.items) - 1)  # start on "Start"

    def _items(self):
        info, config = self.info, self.config
        self.rows = []
        if info.max_players > info.min_players:
            self.rows.append(("players", 0, "Players: %d" % config.players))
        if len(info.modes) > 1:
            self.rows.append(("mode", 0, "Mode: %s" % info.modes[config.mode]))
        fixed = info.fixed_seats(config.mode) is not None
        for seat in range(0 if fixed else config.players):
            seat_type = config.seats[seat]
            who = "Human" if seat_type == 0 else "Computer (%s)" % info.seat_name(seat_type)
            self.rows.append(("seat", seat, "P%d: %s" % (seat + 1, who)))
        if info.house:
            count = 0
            for rule in HOUSE[info.key]:
                count += 1 if config.options & rule[0] else 0
            self.rows.append(("house", 0, "House rules: %s" % ("%d on" % count if count else "off")))
        self.rows.append(("howto", 0, "How to play"))
        self.rows.append(("start", 0, "Start"))
        return [row[2] for row in self.rows]

    def _redraw(self):
        index = self.menu.index
        info, config = self.info, self.config
        fixed = info.players_max(config.mode) <= info.min_players  # e.g. Competition: 2 only
        self.menu.set_items(self._items(), [not (row[0] == "players" and fixed) for row in self.rows])
        self.menu.select(min(index, len(self.rows) - 1))

    def resume(self):
        self._redraw()  # back from the house rules

    def choose(self, index):
        kind, arg, _ = self.rows[index]
        info, config = self.info, self.config
        top = info.players_max(config.mode)
        if kind == "players":
            if top <= info.min_players:
                self.app.toast("%s is for %d players." % (info.modes[config.mode], top))
                return
            config.players = config.players + 1 if config.players < top else info.min_players
            self._redraw()
        elif kind == "mode":
            config.mode = (config.mode + 1) % len(info.modes)
            config.players = min(config.players, info.players_max(config.mode))
            info.fix_seats(config)
            if info.key == "kendo" and not config.mode:  # a Duel offers no Hard: Normal (see below)
                for seat in range(len(config.seats)):
                    if config.seats[seat] == 3:
                        config.seats[seat] = 2
            self._redraw()
        elif kind == "house":
            self.app.push(HouseRulesScreen(self.app, info, config))
        elif kind == "seat":
            # a level is offered only where it measurably beats the one below it: Kendo's
            # Duel, where Hard plays as Normal does, offers Easy and Normal (docs/rules/kendo_duel.md;
            # no function of its own: a new name would stay interned in every game's heap)
            cycle = (0, 1, 2) if info.key == "kendo" and not config.mode else (0,) + tuple(info.levels)
            config.seats[arg] = cycle[(cycle.index(config.seats[arg]) + 1) % len(cycle)]
            self.menu.set_item(index, self._items()[index])
        elif kind == "howto":
            from sanbon.howto import HowToScreen

            self.app.push(HowToScreen(self.app, info))
        else:
            self.app.start_game(info, config)

    def describe(self):
        return "Setup: " + MenuScreen.describe(self)


class HouseRulesScreen(MenuScreen):
    """The game's house rules (engine options), each on or off; A toggles
    one and says what it does now."""

    def __init__(self, app, info, config):
        self.info = info
        self.config = config
        super().__init__(app, "House rules", self._items())

    def _items(self):
        config = self.config
        out = []
        for bit, name, labels, _ in HOUSE[self.info.key]:
            out.append("%s: %s" % (name, labels[1 if config.options & bit else 0]))
        out.append("Done")
        return out

    def choose(self, index):
        house = HOUSE[self.info.key]
        if index >= len(house):
            self.app.pop()
            return
        bit = house[index][0]
        config = self.config
        config.options ^= bit
        self.menu.set_item(index, self._items()[index])
        self.app.toast(house[index][3][1 if config.options & bit else 0], 2500)

    def describe(self):
        return "House: " + MenuScreen.describe(self)


class SettingsScreen(MenuScreen):
    def __init__(self, app):
        self.app = app
        # Sound and Volume only on a board with a speaker
        quiet = app.board.speaker is None
        self.names = [name for name, _, _, _ in SETTINGS if name in LABELS and not (quiet and name in ("sound", "volume"))]
        super().__init__(app, "Settings", self._items())

    def _items(self):
        settings = self.app.settings
        return ["%s: %s" % (LABELS[name], settings.label(name)) for name in self.names] + ["Show tips again", "Reset statistics"]

    def choose(self, index):
        app = self.app
        if index == len(self.names):
            for field in SEEN:
                setattr(app.settings, field, 0)
            app.settings.tips = 1
            self.menu.set_items(self._items())
            app.toast("Every tip shows again, once.")
        elif index < len(self.names):
            name = self.names[index]
            app.settings.cycle(name)
            if name == "brightness":
                app.apply_brightness()
            elif name == "leds":
                app.leds.dirty = True
                if app.settings.leds:
                    app.leds.flash((0, 200, 255), 1)
            self.menu.set_item(index, self._items()[index])
        else:
            confirm(app, "Reset all statistics to zero?", self._reset_stats)

    def _reset_stats(self):
        from sanbon.profile import Stats

        self.app.stats = Stats()
        self.app.toast("Statistics reset.")

    def close(self):
        self.app.save()  # one write for all the changes, when leaving

    def describe(self):
        return "Settings: " + MenuScreen.describe(self)


class StatsScreen(TextScreen):
    def __init__(self, app):
        stats = app.stats
        lines = []
        for game in games.ALL:
            if game.id == games.PIG.id and not stats.total(game.id):
                continue
            lines.append("#%s" % game.name)
            if not stats.total(game.id):
                lines.append("  no games yet")
                continue
            # the game's own names of the seat types (Okko: Steady, Forgetful), one column
            width = 7
            for seat_type in range(len(SEAT_TYPES)):
                if stats.played(game.id, seat_type) and len(game.seat_name(seat_type)) > width:
                    width = len(game.seat_name(seat_type))
            for seat_type in range(len(SEAT_TYPES)):
                played = stats.played(game.id, seat_type)
                if played:
                    name = game.seat_name(seat_type)
                    lines.append("  %s played %3d  won %3d" % (name + " " * (width - len(name)), played, stats.won(game.id, seat_type)))
        super().__init__(app, "Statistics", lines)


class AboutScreen(MenuScreen):
    def __init__(self, app):
        import gc as _gc

        _gc.collect()
        board = app.board
        self.info_lines = [
            "Sanbon %s" % app.VERSION,
            "Board: %s %dx%d" % (getattr(board, "size_name", board.name), board.width, board.height),
            "Free memory: %d KB" % (_gc.mem_free() // 1024) if hasattr(_gc, "mem_free") else "Free memory: n/a",
            "Saves written: %d" % app.store.writes,
            "Flash erases: %d" % app.store.cycles,
        ]
        super().__init__(app, "About", self.info_lines + ["Try the demo game (Pig)", "Back"],
                         enabled=[False] * len(self.info_lines) + [True, True])
        self.menu.select(len(self.info_lines))

    def choose(self, index):
        if index == len(self.info_lines):
            self.app.push(SetupScreen(self.app, games.PIG))
        elif index == len(self.info_lines) + 1:
            self.app.pop()
