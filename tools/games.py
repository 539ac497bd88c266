"""The games on the host: one entry per game, and the tools loop over them.

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
- ``checker()``: a fresh per-game invariant check (tools/invariants.py), a
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
  ``tour`` (tools/tour.py's walks: (function name, arguments)), and
  ``hooks``: "module:attribute" of its terminal adapter (``play``),
  screenshots (``shots``) and the bench's presses function (``presses``),
  imported only when used (``hook(name)``).

Only ``key``, ``title``, ``new`` and ``load`` are required: a stand-in game
registers in one line (``games.register(games.Game("nim", "Nim", new=...,
load=...))``) and the conformance test runs it.
"""

import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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

    def __init__(self, name, mode=0, players=(2, 4), bench=None, label=None, levels=None, options=0):
        self.name = name
        self.mode = mode
        self.players = players
        self.bench = bench
        self.label = label or name
        self.levels = tuple(levels) if levels else None
        self.options = options
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
                 tour=(), hooks=None, team_bots=None, weakest_first=None, labels=None):
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


# -- Kyudo -----------------------------------------------------------------------


def _kyudo_class():
    from engine.kyudo.state import KyudoState

    return KyudoState


def _kyudo_new(rng, players=2, mode=0, options=0):
    return _kyudo_class()(rng, players=players)


def _kyudo_load(data):
    return _kyudo_class().from_bytes(data)


def _kyudo_bot(level, seat, rng):
    from engine.kyudo import bots

    return _observing(bots.choose, seat, level, rng)


def _kyudo_checker():
    from tools import invariants as inv

    seen = set()
    last = []

    def check(s):
        if last:
            inv.kyudo_check_step(s, last[0], last[1], seen)
        last[:] = [inv.kyudo_snapshot(s), s.winner()]

    return check


def _kyudo_end(s):
    assert s.round <= 60


def _kyudo_round_trip(s):
    from tools import invariants as inv

    return inv.kyudo_round_trip(s)


def _kyudo_hidden(s, seat, rng):
    """Kyudo hides only the dice to come: the state's RNG."""
    t = _copy(s, _kyudo_load)
    _other_rng(t, rng)
    return t


def _kyudo_soak(seed, mode=0):
    players = 2 + seed % 3
    s = _kyudo_new(Rng(seed), players)
    return s, [_kyudo_bot(1 + (seed + i) % 3, i, Rng(seed * 8 + 1 + i)) for i in range(players)]


# -- Kendo Duel ------------------------------------------------------------------


def _kendo_class():
    from engine.kendo.state import KendoState

    return KendoState


def _kendo_new(rng, players=2, mode=0, options=0):
    return _kendo_class()(rng, players=players, mode=mode, options=options)


def _kendo_load(data):
    return _kendo_class().from_bytes(data)


def _kendo_bot(level, seat, rng):
    from engine.kendo import bots

    return _observing(bots.choose, seat, level, rng)


def _kendo_checker():
    from tools import invariants as inv

    return inv.kendo_check


def _kendo_hidden(s, seat, rng):
    """The other hands, every subdeck's order and the RNG: cards swapped
    between the other seats' hands and the subdecks (each subdeck keeps its
    category, JIKAN DESU stays where it is), the subdecks shuffled."""
    from engine.kendo.cards import DECK_OF, N_CARDS

    t = _copy(s, _kendo_load)
    _other_rng(t, rng)
    others = [p for p in range(t.players) if p != seat and t.hands[p]]
    for p in others:
        h = t.hands[p]
        for _ in range(2):
            i = rng.randrange(len(h))
            deck = t.decks[DECK_OF[h[i]]]
            if deck:
                j = rng.randrange(len(deck))
                if deck[j] < N_CARDS:
                    h[i], deck[j] = deck[j], h[i]
        t.hands[p] = bytearray(sorted(h))
    if len(others) >= 2:
        a, b = t.hands[others[0]], t.hands[others[1]]
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        t.hands[others[0]], t.hands[others[1]] = bytearray(sorted(a)), bytearray(sorted(b))
    for d in t.decks:
        rng.shuffle(d)
    return t


def _kendo_soak(seed, mode=0):
    players = 2 if mode else 2 + seed % 3
    s = _kendo_new(Rng(seed), players, mode=mode, options=seed % 8)
    return s, [_kendo_bot(2 + (seed + i) % 2, i, Rng(seed * 8 + 1 + i)) for i in range(players)]


# -- Okko --------------------------------------------------------------------------


def _okko_class():
    from engine.okko.state import OkkoState

    return OkkoState


def _okko_new(rng, players=2, mode=0, options=0):
    return _okko_class()(rng, aid=options)


def _okko_load(data):
    return _okko_class().from_bytes(data)


def _okko_bot(level, seat, rng, memory=None, partner=None):
    """A computer partner, with its own memory of its peeks (16 bytes) and,
    at the Court, what its partner tells it (``partner``, the partner's memory)."""
    from engine.okko import bots

    memory = bytearray(16) if memory is None else memory
    return lambda s: bots.choose(s.observation(seat), seat, level, rng, memory, partner)


def _okko_team(levels, rngs):
    """Two computer partners who talk it over at the Court (R28): each hears
    what the other remembers."""
    mems = (bytearray(16), bytearray(16))
    return [_okko_bot(levels[i], i, rngs[i], mems[i], mems[1 - i]) for i in range(2)]


def _okko_checker():
    from tools import invariants as inv

    return inv.okko_check


def _okko_end(s):
    assert s.winner() in ((0, 1), ()) and all(s.board_days)


def _okko_hidden(s, seat, rng):
    """Every deck's order, the Court's unturned tokens (but the one being
    peeked) and the RNG."""
    t = _copy(s, _okko_load)
    _other_rng(t, rng)
    for d in (t.adv_deck, t.enemy_deck, t.jar_deck, t.exp_deck):
        rng.shuffle(d)
    free = [q for q in range(16) if not t.flipped[q] and q != t.peek_sq]
    tokens = [t.court[q] for q in free]
    rng.shuffle(tokens)
    for q, v in zip(free, tokens):
        t.court[q] = v
    return t


def _okko_soak(seed, mode=0):
    s = _okko_new(Rng(seed), 2, options=seed % 2)
    levels = (2 + seed % 2, 2 + (seed // 2) % 2)
    return s, _okko_team(levels, [Rng(seed * 8 + 1 + i) for i in range(2)])


# -- Pig (the demo) ----------------------------------------------------------------


def _pig_new(rng, players=2, mode=0, options=0):
    from engine.example import PigState

    return PigState(rng, players=players, target=30)  # the app's target (sanbon.pig.TARGET)


def _pig_load(data):
    from engine.example import PigState

    return PigState.from_bytes(data)


def _pig_bot(level, seat, rng):
    """The app's Pig players (sanbon.pig.bot_action): Easy holds at 8 (or
    rolls on a whim), Normal holds at 15."""
    from engine.example import HOLD, O_TURN_TOTAL, hold_at_bot

    def act(s):
        obs = s.observation(seat)
        if level == 1:
            if obs[O_TURN_TOTAL] and rng.randrange(4) == 0:
                return HOLD
            return hold_at_bot(obs, 8)
        return hold_at_bot(obs, 15)

    return act


def _pig_checker():
    from tools import invariants as inv

    return inv.pig_check


def _pig_hidden(s, seat, rng):
    """Pig hides only the rolls to come: the RNG."""
    t = _copy(s, _pig_load)
    _other_rng(t, rng)
    return t


def _pig_soak(seed, mode=0):
    from engine.example import PigState, hold_at_bot

    players = 2 + seed % 3
    s = PigState(Rng(seed), players, target=20 + seed % 81)
    th = [8 + (seed + 5 * i) % 13 for i in range(players)]
    return s, [(lambda st, i=i: hold_at_bot(st.observation(i), th[i])) for i in range(players)]


# -- the registry ------------------------------------------------------------------


def _app_info(key):
    from sanbon import games as app_games

    for g in app_games.ALL:
        if g.key == key:
            return g
    raise KeyError(key)


def _make():
    kyudo, kendo, okko, pig = (_app_info(k) for k in ("kyudo", "kendo", "okko", "pig"))
    return [
        Game(
            "kyudo", "Kyudo", _kyudo_new, _kyudo_load, gid=kyudo.id,
            modes=(Variant("kyudo", 0, (2, 4), ("kyudo4", "Kyudo, 4 archers")),),
            levels=_levels(kyudo), bot=_kyudo_bot, checker=_kyudo_checker, end_check=_kyudo_end,
            round_trip=_kyudo_round_trip, hidden=_kyudo_hidden, soak_deal=_kyudo_soak,
            scenarios=("kyudo_random", "kyudo_dicetab", "kyudo_bots", "kyudo_app"), app_scenario="kyudo_app",
            fixtures=("tests/golden/kyudo_seed7.txt",),
            menu=kyudo.name,
            press_setups=(["Players: 2"], ["Players: 3"], ["Players: 4"]),
            restore_setups=(
                (["Players: 2"], ["P1: Computer (Hard)", "P2: Computer (Easy)"]),
                (["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)", "P3: Computer (Hard)"]),
                (["Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Hard)", "P3: Computer (Easy)",
                                  "P4: Computer (Normal)"]),
            ),
            tour=(("walk_kyudo", {}), ("walk_kyudo", {"players": 2, "seed": 5})),
            hooks={"play": "tools.play:KyudoAdapter", "shots": "tools.shots:kyudo_shots",
                   "presses": "_kyudo_presses"},
        ),
        Game(
            "kendo", "Kendo Duel", _kendo_new, _kendo_load, gid=kendo.id,
            # a Duel offers Easy and Normal: Hard plays a Duel as Normal does (issue 30; sanbon.menus)
            # and starts with the Rearm house rule (OPT_REARM 8) on, as the app's setup does
            modes=(Variant("kendo_duel", 0, (2, 4), ("kendo", "Kendo Duel, 2 players"), "duel", ("easy", "normal"),
                           8),
                   Variant("kendo_competition", 1, (2, 2), ("competition", "Kendo Competition"), "competition")),
            options=range(16), levels=_levels(kendo), bot=_kendo_bot, checker=_kendo_checker,
            hidden=_kendo_hidden, soak_deal=_kendo_soak,
            scenarios=("kendo_random", "kendo_bots", "kendo_app"), app_scenario="kendo_app",
            fixtures=("tests/golden/kendo_duel_seed7.txt", "tests/golden/kendo_competition_seed7.txt",
                      "tests/kendo_helpers.py"),
            menu=kendo.name,
            press_setups=(["Mode: Duel", "Players: 2"], ["Mode: Duel", "Players: 3"], ["Mode: Duel", "Players: 4"],
                          ["Mode: Competition"]),
            restore_setups=(
                (["Mode: Duel", "Players: 2"], ["P1: Computer (Normal)", "P2: Computer (Easy)"]),
                (["Mode: Duel", "Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)",
                                                "P3: Computer (Easy)"]),
                (["Mode: Duel", "Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Normal)",
                                                "P3: Computer (Easy)", "P4: Computer (Easy)"]),
                (["Mode: Competition"], ["P1: Computer (Hard)", "P2: Computer (Normal)"]),
            ),
            tour=(("walk_kendo", {"rows": ("Players: 3",)}), ("walk_kendo", {"mode": "Competition"}),
                  ("walk_kendo", {"rows": ("P2: Human",), "seed": 7})),
            hooks={"play": "tools.play:KendoAdapter", "shots": "tools.shots:kendo_shots"},
        ),
        Game(
            "okko", "Okko", _okko_new, _okko_load, gid=okko.id,
            modes=(Variant("okko_partner", 0, (2, 2), ("okko", "Okko, 2 partners"), "partner"),),
            options=(0, 1), levels=_levels(okko), bot=_okko_bot, team_bots=_okko_team, checker=_okko_checker,
            weakest_first=("hard", "normal"), labels={"normal": "steady", "hard": "forgetful"},
            end_check=_okko_end,
            hidden=_okko_hidden, soak_deal=_okko_soak,
            scenarios=("okko_random", "okko_bots", "okko_app"), app_scenario="okko_app",
            fixtures=("tests/golden/okko_seed7.txt", "tests/okko_helpers.py"),
            menu=okko.name,
            press_setups=(["Mode: Partner"], ["Mode: Solo"], ["Mode: Pass and play"]),
            restore_setups=(
                (["Mode: Partner"], ["P1: Computer (Steady)", "P2: Computer (Forgetful)"]),
                (["Mode: Partner"], ["P1: Computer (Forgetful)", "P2: Computer (Steady)"]),
            ),
            tour=(("walk_okko", {}), ("walk_okko", {"mode": "Pass and play", "seed": 8})),
            hooks={"play": "tools.play:OkkoAdapter", "shots": "tools.shots:okko_shots",
                   "presses": "_okko_presses"},
        ),
        Game(
            "pig", "Pig", _pig_new, _pig_load, gid=pig.id,
            levels=_levels(pig), bot=_pig_bot, checker=_pig_checker, hidden=_pig_hidden, soak_deal=_pig_soak,
            scenarios=("example_pig", "shell_boot", "build_boot"),
            menu="Pig",  # reached through About (soak's _to_setup)
            press_setups=(["Players: 2"], ["Players: 4"]),
            restore_setups=((["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)",
                                              "P3: Computer (Easy)"]),),
            hooks={"play": "tools.play:PigAdapter"},
        ),
    ]


GAMES = _make()
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
