"""The games on the host: one module per game, and the tools loop over them.

Each game has one home on the host, tools/games/<game>.py: its ``game()``
returns its ``Game`` (below), and the module holds the game's own host code
(its bots, invariant checks, hidden information, soak deal, terminal
adapter, the screen tour's walks, the bench's presses and its documentation
screenshots). This package finds the modules by itself (``_discover``, in
the app's order: sanbon.games ids), so a new game adds its module here and
its entry in lib/sanbon/games.py, and nothing else on the host
(tests/test_toy_game.py proves it). tools.tour, tools.shots, tools.play and
tools.invariants find a game's functions by their old names (``from
tools.tour import court_keys``).

    from tools import games
    for v in games.variants():          # every game and mode
        state = v.game.new(Rng(7), v.players[0], v.mode)

Each ``Game`` says what the host tools need of it:

- ``new(rng, players, mode=0, options=0)``, ``load(data)``: its constructor
  and State.from_bytes; ``modes`` (``Variant``: a name, the engine's mode
  value, the players it takes); ``options``: the engine's option values;
- ``gid``: its id in the app (lib/sanbon/games.py, the statistics' rows);
  ``levels``: its computer players by name ({"normal": 2, ...}, the app's
  seat types); ``bot(level, seat, rng)``: a computer seat, a function of
  the state that decides from ``state.observation(seat)`` alone;
- ``checker()``: a fresh per-game invariant check (its module's, which
  tools/invariants.py finds by name), a
  function called on the dealt state and after every action;
  ``end_check(state)``; ``round_trip(state)``: a save and load, checked;
- ``hidden(state, seat, rng)``: a copy of ``state`` with what ``seat`` may
  not see changed (another hand, a deck's order, the RNG), or None: the
  conformance test (tests/test_conformance.py) checks that
  ``observation(seat)`` does not change;
- ``soak_deal(seed, mode)``: tools/soak.py's seeded game, (state, one
  function of the state per seat);
- ``scenarios``: its gate scenarios (tools/scenarios), ``app_scenario`` the
  one that runs the app; ``fixtures``: its test files (golden logs, helpers);
- the simulator's way in (``menu``, the main-menu item; ``press_setups``
  and ``restore_setups``: the setup rows soak's press and restore runs use),
  ``tour`` (tools/tour.py's walks: (function, or the name of one of
  tools/tour.py's, such as "walk_game"; arguments)), ``shell`` (the shell
  walk's extra rows and seats on its setup screen), and ``hooks``: a
  function or "module:attribute" of its terminal adapter (``play``),
  screenshots (``shots``) and the bench's presses function (``presses``),
  imported only when used (``hook(name)``);
- ``team``: both seats win or lose together (tools/ladder.py); a mode's
  ``bench`` key and ``bench_players``: the power-cut, wear and save benches.

Only ``key``, ``title``, ``new`` and ``load`` are required: a stand-in game
registers in one line (``games.register(games.Game("nim", "Nim", new=...,
load=...))``) and the conformance test runs it.
"""

import importlib
import os
import pkgutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (ROOT, os.path.join(ROOT, "lib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from engine.rng import Rng  # noqa: E402


class Variant:
    """A game in one mode: ``name`` (soak's name for it), ``mode`` (the
    engine's value), ``players`` (min, max) and ``bench``: (tools/powercut.py
    and the save bench's key, the bench's label) or None; ``levels``: the
    computer levels the app's setup offers in this mode (names, None: every
    level of the game); ``options``: the engine options a new game of this
    mode starts with in the app (its house rules on by default)."""

    def __init__(self, name, mode=0, players=(2, 4), bench=None, label=None, levels=None, options=0,
                 bench_players=2):
        self.name = name
        self.mode = mode
        self.players = players
        self.bench = bench
        self.label = label or name
        self.levels = tuple(levels) if levels else None
        self.options = options
        self.bench_players = bench_players  # the players of its power-cut, wear and save bench games
        self.game = None

    def level_names(self):
        """The levels offered in this mode, weakest first."""
        names = self.game.level_names()
        return [n for n in names if n in self.levels] if self.levels else names

    def __repr__(self):
        return "Variant(%r)" % self.name


def _no_check():
    return lambda state: None


def _same(state):
    return state


class Game:
    def __init__(self, key, title, new, load, gid=None, modes=None, players=(2, 4), options=(0,), levels=None,
                 bot=None, checker=_no_check, end_check=None, round_trip=None, hidden=None, soak_deal=None,
                 scenarios=(), app_scenario=None, fixtures=(), menu=None, press_setups=(), restore_setups=(),
                 tour=(), hooks=None, team_bots=None, weakest_first=None, labels=None, shell=None, team=False):
        self.key = key
        self.title = title
        self.new = new
        self.load = load
        self.gid = gid
        self.modes = tuple(modes or (Variant(key, 0, players),))
        for v in self.modes:
            v.game = self
        self.options = tuple(options)
        self.levels = dict(levels or {})
        self.bot = bot
        self.checker = checker
        self.end_check = end_check or _same
        self.round_trip = round_trip or self._round_trip
        self.hidden = hidden
        self.soak_deal = soak_deal
        self.scenarios = tuple(scenarios)
        self.app_scenario = app_scenario
        self.fixtures = tuple(fixtures)
        self.menu = menu or title
        self.press_setups = tuple(press_setups)
        self.restore_setups = tuple(restore_setups)
        self.tour = tuple(tour)
        self.hooks = dict(hooks or {})
        self.team_bots = team_bots  # (levels, rngs) -> one bot per seat, a team that talks (Okko)
        self.weakest_first = tuple(weakest_first) if weakest_first else None  # when not by number
        self.labels = dict(labels or {})  # the levels' names in the app, where the key differs
        self.shell = shell  # the shell walk's extra steps on its setup screen ({"rows": ..., "seats": ...})
        self.team = team  # both seats win or lose together (Okko): tools/ladder.py pairs its levels
        self.module = None  # the tools/games/<game>.py module that made it (None for a stand-in)

    def __repr__(self):
        return "Game(%r)" % self.key

    @property
    def min_players(self):
        return min(v.players[0] for v in self.modes)

    @property
    def max_players(self):
        return max(v.players[1] for v in self.modes)

    def level_names(self):
        """The computer seats' names, weakest first (by number, unless the
        game says otherwise: Okko's Forgetful 3 is weaker than Steady 2)."""
        if self.weakest_first:
            return list(self.weakest_first)
        return sorted(self.levels, key=self.levels.get)

    def level_label(self, name):
        """A level's name as the app shows it (Okko: "steady" for "normal")."""
        return self.labels.get(name, name)

    def hook(self, name):
        """The object a "module:attribute" hook names (None if the game has none)."""
        ref = self.hooks.get(name)
        if ref is None:
            return None
        if not isinstance(ref, str):
            return ref
        mod, _, attr = ref.partition(":")
        return getattr(importlib.import_module(mod), attr)

    def _round_trip(self, s):
        b = bytes(s.to_bytes())
        t = self.load(b)
        assert bytes(t.to_bytes()) == b, "save round trip changed the state"
        assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player
        return t


def _levels(info):
    """The app's computer seat types of a game (sanbon.games GameInfo.levels), by name."""
    from sanbon.profile import SEAT_TYPES

    return {SEAT_TYPES[t].lower(): t for t in info.levels}


def _copy(s, load):
    """A copy through the save, with the last action's events (not saved)."""
    t = load(bytes(s.to_bytes()))
    if hasattr(s, "events"):
        t.events = list(s.events)
    return t


def _other_rng(t, rng):
    t.rng = Rng(1 + rng.randrange(1 << 29))


def _observing(choose, seat, level, rng):
    return lambda s: choose(s.observation(seat), seat, level, rng)


# -- the registry ------------------------------------------------------------------


def _app_info(key):
    from sanbon import games as app_games

    for g in app_games.ALL:
        if g.key == key:
            return g
    raise KeyError(key)


def _discover():
    """Every game module of this package (tools/games/<game>.py, each with a
    ``game()`` that returns its Game), in the app's order (sanbon.games ids),
    a game the app does not know last, by key."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            module = importlib.import_module(__name__ + "." + info.name)
            entry = module.game()
            entry.module = module
            found.append(entry)
    return sorted(found, key=lambda g: (g.gid is None, g.gid or 0, g.key))


GAMES = _discover()
CORE_SCENARIOS = ("rng_stream",)  # gate scenarios of no one game (engine/rng.py)


def register(game):
    """Add ``game`` (a Game) to the registry; returns it. ``unregister`` undoes it."""
    if any(g.key == game.key for g in GAMES):
        raise ValueError("a game %r is registered already" % game.key)
    GAMES.append(game)
    return game


def unregister(key):
    GAMES[:] = [g for g in GAMES if g.key != key]


def get(key):
    """The game of ``key``; ValueError with a plain message if there is none."""
    for g in GAMES:
        if g.key == key:
            return g
    raise ValueError("unknown game %r: choose one of %s" % (key, ", ".join(g.key for g in GAMES)))


def variants():
    """Every game in every mode, in the registry's order."""
    return [v for g in GAMES for v in g.modes]


def variant(name):
    for v in variants():
        if v.name == name:
            return v
    raise ValueError("unknown game or mode %r" % name)


def with_hook(name):
    """The games that have hook ``name``."""
    return [g for g in GAMES if name in g.hooks]
