"""The State API held to its word, for every game and mode of the registry
(tools/games/): random legal games to the end with the game's invariants,
a save round trip at every step, illegal actions (other ints, floats, bools,
None) refused with IllegalAction and the bytes unchanged, observations that
lead with (seat, phase, current player) and do not change when what that
seat may not see changes (the registry's ``hidden`` hook: another hand, a
deck's order, the Court's tokens, the RNG), and the same game from the same
seed.

``conform(game)`` runs every check on a Game; the test at the end registers
a stand-in game in one line and runs them on it.
"""

import pytest

from engine.core import IllegalAction
from engine.rng import Rng
from tools import games

SEEDS = (1, 2, 3, 4)
MAX_STEPS = 20000


def freeze(x):
    """An observation as plain, comparable values (tuples, bytes, numbers);
    an object (Kyudo's table) by its attributes."""
    if isinstance(x, (bytes, bytearray, memoryview)):
        return ("b", bytes(x))
    if isinstance(x, (list, tuple)):
        return tuple(freeze(v) for v in x)
    if isinstance(x, dict):
        return ("d", tuple(sorted((k, freeze(v)) for k, v in x.items())))
    if isinstance(x, (set, frozenset)):
        return ("s", tuple(sorted(x)))
    if hasattr(x, "__dict__"):
        return (type(x).__name__, freeze(vars(x)))
    return x


def deal(variant, seed):
    """(state, players): ``seed`` picks the players and the options."""
    g = variant.game
    lo, hi = variant.players
    players = lo + seed % (hi - lo + 1)
    return g.new(Rng(seed), players, variant.mode, g.options[seed % len(g.options)]), players


def play(variant, seed, each=None):
    """A random legal game (choices from Rng(seed + 7919)); ``each(state,
    players)`` before every action and at the end. Returns the bytes after
    every step."""
    s, players = deal(variant, seed)
    pick = Rng(seed + 7919)
    trail = [bytes(s.to_bytes())]
    n = 0
    while True:
        if each is not None:
            each(s, players)
        if s.is_over():
            return trail
        assert n < MAX_STEPS, "the game did not end"
        s.apply(pick.choice(s.legal_actions()))
        trail.append(bytes(s.to_bytes()))
        n += 1


def check_random_games(variant):
    g = variant.game
    for seed in SEEDS:
        check = g.checker()
        state = []

        def each(s, players):
            check(s)
            b = bytes(s.to_bytes())
            t = g.load(b)
            assert bytes(t.to_bytes()) == b
            assert t.legal_actions() == s.legal_actions() and t.current_player == s.current_player
            assert t.is_over() == s.is_over() and t.winner() == s.winner()
            assert s.is_over() == (s.winner() is not None)
            if s.is_over():
                assert s.legal_actions() == [] and isinstance(s.winner(), tuple)
                assert all(0 <= p < players for p in s.winner())
            else:
                assert s.legal_actions() and 0 <= s.current_player < players
            state[:] = [s]

        trail = play(variant, seed, each)
        assert len(trail) > 1
        g.end_check(state[0])


def _illegal(s, rng):
    legal = s.legal_actions()
    out = [-1, 1 << 20, max(legal or [0]) + 1]
    while len(out) < 6:
        a = rng.randrange(1100)
        if a not in legal:
            out.append(a)
    if legal:
        out += [float(legal[0]), legal[-1] + 0.0, None, str(legal[0])]
    for b in (True, False):
        if int(b) in legal or not legal:
            out.append(b)
    return out


def check_illegal_actions(variant):
    for seed in SEEDS[:2]:
        rng = Rng(seed + 31)

        def each(s, players):
            for a in _illegal(s, rng):
                b = bytes(s.to_bytes())
                legal = s.legal_actions()
                with pytest.raises(IllegalAction):
                    s.apply(a)
                assert bytes(s.to_bytes()) == b, "refusing %r changed the state" % (a,)
                assert s.legal_actions() == legal

        play(variant, seed, each)


def check_observations(variant):
    g = variant.game
    changed = [0, 0]
    for seed in SEEDS:
        rng = Rng(seed + 77)

        def each(s, players):
            for seat in range(players):
                obs = s.observation(seat)
                assert isinstance(obs, tuple) and obs[0] == seat and obs[2] == s.current_player, obs[:3]
                if hasattr(s, "phase"):
                    assert obs[1] == s.phase
                if g.hidden is None:
                    continue
                t = g.hidden(s, seat, rng)
                changed[1] += 1
                if bytes(t.to_bytes()) != bytes(s.to_bytes()):
                    changed[0] += 1
                assert freeze(t.observation(seat)) == freeze(obs), (
                    "seat %d's observation shows what it may not see" % seat)

        play(variant, seed, each)
    if g.hidden is not None:
        assert changed[0] > changed[1] // 2, "the hidden hook changed too little (%d of %d)" % tuple(changed)


def check_determinism(variant):
    firsts = set()
    for seed in SEEDS[:3]:
        a = play(variant, seed)
        assert play(variant, seed) == a, "the same seed played another game"
        firsts.add(a[0])
    assert len(firsts) > 1, "every seed dealt the same game"


def check_bots(variant):
    """Every level's computer seats play a game to the end, each decision legal."""
    g = variant.game
    if g.bot is None:
        return
    for i, (name, level) in enumerate(sorted(g.levels.items())):
        s, players = deal(variant, 11 + i)
        seats = [g.bot(level, p, Rng(100 + p)) for p in range(players)]
        n = 0
        while not s.is_over():
            assert n < MAX_STEPS
            p = s.current_player
            a = seats[p](s)
            assert a in s.legal_actions(), (name, a)
            s.apply(a)
            n += 1


CHECKS = (check_random_games, check_illegal_actions, check_observations, check_determinism, check_bots)


def conform(game):
    for v in game.modes:
        for check in CHECKS:
            check(v)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__[6:])
@pytest.mark.parametrize("variant", games.variants(), ids=lambda v: v.name)
def test_every_registered_game(variant, check):
    check(variant)


def test_every_registered_game_has_a_hidden_hook():
    assert all(g.hidden is not None for g in games.GAMES)


# -- a stand-in fourth game ---------------------------------------------------------


class Stones:
    """Take 1-3 stones, the last stone wins; each seat holds a secret number
    that only it sees (the hidden part)."""

    def __init__(self, rng, players=2, mode=0, options=0):
        self.rng = rng
        self.players = players
        self.pile = 9 + rng.randrange(8)
        self.secret = bytearray(rng.randrange(100) for _ in range(players))
        self.current_player = 0
        self.phase = 0
        self._winner = None

    def legal_actions(self):
        return [] if self._winner is not None else list(range(1, min(3, self.pile) + 1))

    def apply(self, action):
        from engine.core import check_action

        check_action(self, action)
        self.pile -= action
        if self.pile == 0:
            self._winner = (self.current_player,)
            self.current_player = 255
            self.phase = 1
        else:
            self.current_player = (self.current_player + 1) % self.players

    def is_over(self):
        return self._winner is not None

    def winner(self):
        return self._winner

    def observation(self, seat):
        return (seat, self.phase, self.current_player, self.pile, self.secret[seat])

    def to_bytes(self):
        w = 255 if self._winner is None else self._winner[0]
        return bytes((99, 1, self.players, self.pile, self.current_player, self.phase, w)) + bytes(
            self.secret) + bytes(self.rng.to_bytes())

    @classmethod
    def from_bytes(cls, data):
        s = cls.__new__(cls)
        s.players, s.pile, s.current_player, s.phase, w = data[2:7]
        s._winner = None if w == 255 else (w,)
        s.secret = bytearray(data[7:7 + s.players])
        s.rng = Rng.from_bytes(data[7 + s.players:])
        return s


def _stones_hidden(s, seat, rng):
    t = Stones.from_bytes(s.to_bytes())
    for p in range(t.players):
        if p != seat:
            t.secret[p] = (t.secret[p] + 1 + rng.randrange(50)) % 100
    return t


def test_a_stand_in_game_registered_in_one_line_passes():
    stones = games.register(games.Game("stones", "Stones", Stones, Stones.from_bytes, hidden=_stones_hidden))
    try:
        assert games.get("stones") is stones and stones.modes[0] in games.variants()
        conform(stones)
    finally:
        games.unregister("stones")
    assert "stones" not in [g.key for g in games.GAMES]


def test_the_checks_catch_a_leaking_observation():
    """The observation check fails on a game that shows another seat's secret."""

    class Leaky(Stones):
        def observation(self, seat):
            return (seat, self.phase, self.current_player, self.pile, bytes(self.secret))

        @classmethod
        def from_bytes(cls, data):
            s = Stones.from_bytes(data)
            s.__class__ = cls
            return s

    def hidden(s, seat, rng):
        t = _stones_hidden(s, seat, rng)
        t.__class__ = Leaky
        return t

    leaky = games.Game("leaky", "Leaky", Leaky, Leaky.from_bytes, hidden=hidden)
    with pytest.raises(AssertionError, match="may not see"):
        check_observations(leaky.modes[0])
