"""The Kyudo computer archers (engine/kyudo/bots.py): legal in every phase at
every level, only the observation, deterministic, the expectimax equal to
dicetab's, and sensible choices in crafted positions."""

import itertools
import os
import runpy
from fractions import Fraction

import pytest

from engine.kyudo import actions as A
from engine.kyudo import bots, dicetab
from engine.kyudo.state import KyudoState
from engine.rng import Rng

LEVELS = (bots.EASY, bots.NORMAL, bots.HARD)
ARROW, BLACK, ORANGE, GREEN, BLUE, RED = range(6)


def test_the_targets_read_as_action_mod_10_and_the_levels():
    # STEAL, CHOOSE, DISCARD, TAKE, TICK: the bots read the target as action % 10
    for base in (A.STEAL, A.CHOOSE, A.DISCARD, A.TAKE, A.TICK):
        assert base % 10 == 0
    assert (bots.EASY, bots.NORMAL, bots.HARD) == (1, 2, 3)


def test_the_lattice_is_dicetabs():
    # one home, engine/kyudo/bots.py: dicetab reads the same objects
    for name in ("SUCC", "OFFSETS", "ORDER", "POP", "P6"):
        assert getattr(bots, name) is getattr(dicetab, name)
    assert dicetab.VALUE_MAX == bots._VALUE_MAX == 639
    assert bots.P6 == tuple(6 ** i for i in range(5))
    assert bots.POP == bytes(bin(m).count("1") for m in range(16))


def _decide(dice, left, vals, red=-1):
    a = [0] * 210
    lo = dicetab.OFFSETS[len(dice)]
    for i, v in enumerate(vals):
        a[lo + i] = v
    return bots._decide(a, list(dice), left, red)


def test_keep_equals_dicetab_best_keep():
    rng = Rng(11)
    for i in range(600):
        n = 4 if i % 3 else 3
        vals = [rng.randrange(dicetab.VALUE_MAX + 1) for _ in range(dicetab.n_multisets(n))]
        if i % 4 == 0:  # many ties
            vals = [v % 3 for v in vals]
        dice = [rng.randrange(6) for _ in range(n)]
        left = i % 3
        red = bool(i % 5 < 2)
        assert _decide(dice, left, vals, 0 if red else -1) == dicetab.best_keep(dice, left, vals, red)


def _brute(dice, left, vals, red):
    """Exact expectimax over dice positions, with the RED token's cost."""
    n = len(dice)
    v = lambda d: vals[dicetab.rank(d)]

    def final(d):
        best = v(d)
        if red >= 0:
            for i in range(n):
                for g in range(6):
                    best = max(best, v(d[:i] + [g] + d[i + 1:]) - red)
        return Fraction(best)

    def w(d, r):
        best = final(d)
        for m in range(1, 1 << n) if r else ():
            tot = Fraction(0)
            free = [i for i in range(n) if m >> i & 1]
            for faces in itertools.product(range(6), repeat=len(free)):
                e = list(d)
                for i, f in zip(free, faces):
                    e[i] = f
                tot += w(e, r - 1)
            best = max(best, tot / 6 ** len(free))
        return best

    opts = [(A.STOP, final(list(dice)))]
    for m in dicetab.ORDER[n - 3] if left else ():
        free = [i for i in range(n) if m >> i & 1]
        tot = Fraction(0)
        for faces in itertools.product(range(6), repeat=len(free)):
            e = list(dice)
            for i, f in zip(free, faces):
                e[i] = f
            tot += w(e, left - 1)
        opts.append((A.REROLL + m, tot / 6 ** len(free)))
    top = max(o[1] for o in opts)
    return next(a for a, x in opts if x == top)


def test_keep_with_a_red_token_cost_equals_brute_force():
    rng = Rng(5)
    for i in range(30):
        n = 4 if i % 2 else 3
        vals = [rng.randrange(120) for _ in range(dicetab.n_multisets(n))]
        dice = [rng.randrange(6) for _ in range(n)]
        cost = rng.randrange(40)
        left = 1 if n == 4 else 1 + i % 2
        assert _decide(dice, left, vals, cost) == _brute(dice, left, vals, cost), (dice, left, cost)


# -- whole games and random positions --------------------------------------


def _play(seed, levels, check=None):
    state = KyudoState(Rng(seed), players=len(levels))
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    steps = 0
    while not state.is_over():
        s = state.current_player
        obs = state.observation(s)
        assert obs[A.O_TABLE].rng is None
        a = bots.choose(obs, s, levels[s], rngs[s])
        assert a in state.legal_actions(), (state.phase, a, state.legal_actions())
        if check:
            check(state, s, levels[s], a)
        state.apply(a)
        steps += 1
        assert steps < 5000
    return state


def _obs_of(table, seat):
    """An observation around ``table`` (a full state: its Rng is there, but a
    bot must not draw from it)."""
    return (seat, table.phase, table.current_player, table)


def test_all_bot_games_end_with_legal_actions_at_every_level():
    phases = set()

    def check(state, seat, level, action):
        phases.add((state.phase, level))

    for seed in range(45):
        P = 2 + seed % 3
        levels = [LEVELS[(seed + i * (1 + seed % 2)) % 3] for i in range(P)]
        state = _play(seed, levels, check)
        assert state.winner() is not None
    # every decision kind at every level (the rarer steal and Kuma's raid at
    # some level; the random positions below ask every level in every phase)
    for ph in (A.P_SETUP, A.P_ROLL, A.P_RED, A.P_RESOLVE, A.P_SHIELD, A.P_PICK,
               A.P_KITSUNE, A.P_SHIKA, A.P_KUMA_TAKE):
        for lv in LEVELS:
            assert (ph, lv) in phases, (ph, lv)
    assert {ph for ph, lv in phases} == set(range(A.P_OVER))


def test_every_level_is_legal_in_random_positions_and_peeks_at_nothing():
    """Random-legal games; at every step each level answers on the observation,
    with a legal action, the same as on a full copy of the state whose future
    dice differ, and the same again with the same bot Rng."""
    seen = set()
    for seed in (1, 4, 5, 9, 14):  # seeds whose games reach every phase
        state = KyudoState(Rng(seed), players=2 + seed % 3)
        pick = Rng(seed + 500)
        step = 0
        while not state.is_over():
            legal = state.legal_actions()
            seat = state.current_player
            deep = step % 3 == 0 or state.phase not in (A.P_ROLL, A.P_RESOLVE)
            if deep:
                copy = KyudoState.from_bytes(state.to_bytes())
                copy.rng = Rng(777 + seed)  # other future dice
                before = copy.rng.getstate()
            for lv in LEVELS:
                a = bots.choose(state.observation(seat), seat, lv, Rng(lv))
                assert a in legal, (state.phase, lv, a, legal)
                if deep:
                    assert bots.choose(state.observation(seat), seat, lv, Rng(lv)) == a
                    assert bots.choose(_obs_of(copy, seat), seat, lv, Rng(lv)) == a
            if deep:
                assert copy.rng.getstate() == before
            seen.add(state.phase)
            step += 1
            # eager random play: end the turn only when nothing else is legal
            choices = [x for x in legal if x != A.END_TURN] or legal
            state.apply(pick.choice(choices))
    assert seen == set(range(A.P_OVER))


def test_same_inputs_same_bot_rng_same_action():
    state = KyudoState(Rng(3), players=3)
    rng = Rng(9)
    while not state.is_over() and state.turn < 12:
        s = state.current_player
        for lv in LEVELS:
            r1, r2 = Rng(lv * 100 + state.turn), Rng(lv * 100 + state.turn)
            assert bots.choose(state.observation(s), s, lv, r1) == bots.choose(state.observation(s), s, lv, r2)
            assert r1.getstate() == r2.getstate()
        state.apply(bots.choose(state.observation(s), s, bots.EASY, rng))


def test_a_seeded_bot_game_replays_exactly():
    a = _play(21, (bots.HARD, bots.EASY, bots.NORMAL))
    b = _play(21, (bots.HARD, bots.EASY, bots.NORMAL))
    assert a.to_bytes() == b.to_bytes()


# -- crafted positions -----------------------------------------------------


def _rolled(dice, players=2, seed=1, setup=None):
    """A state at the active archer's first roll decision with these dice
    (after ``setup(state)`` changed the position)."""
    s = KyudoState(Rng(seed), players=players)
    while s.phase == A.P_SETUP:
        s.apply(s.legal_actions()[0])
    if setup:
        setup(s)
    s.apply(A.ROLL)
    s.dice[:] = bytearray(dice)
    return s


def _give(s, seat, token):
    s.supply[token] -= 1
    s.tokens[seat][token] += 1


def _hard(s):
    return bots.choose(s.observation(s.current_player), s.current_player, bots.HARD, Rng(0))


def test_hard_stops_on_four_arrows_when_the_ultimate_combo_wins():
    def low(s):
        s.spectators[1 - s.active] = 4

    s = _rolled([ARROW] * 4, setup=low)
    assert _hard(s) == A.STOP
    s.apply(A.STOP)
    assert s.is_over() and s.winner() == (s.active,)


def test_hard_keeps_four_arrows_when_they_are_lethal_to_three_opponents():
    def low(s):
        for v in range(4):
            if v != s.active:
                s.spectators[v] = 3

    s = _rolled([ARROW] * 4, players=4, setup=low)
    assert _hard(s) == A.STOP


def test_hard_counts_the_red_token_when_it_keeps():
    """Three arrows, a fourth would win: with a RED token Hard still re-rolls
    the fourth die (a free try, the token stays), then fixes it with the
    token; a position where the token is the only sure win."""

    def low_red(s):
        s.spectators[1 - s.active] = 4
        _give(s, s.active, RED)

    s = _rolled([ARROW, ARROW, ARROW, BLACK], setup=low_red)
    s.apply(A.REROLL + 8)  # second roll: die 4 again
    s.dice[:] = bytearray([ARROW, ARROW, ARROW, BLACK])
    assert _hard(s) == A.REROLL + 8
    s.apply(A.REROLL + 8)  # the third roll ends the rolls: the RED token decision
    assert s.phase == A.P_RED
    s.dice[:] = bytearray([ARROW, ARROW, ARROW, GREEN])
    act = _hard(s)
    assert act == A.RED_FIX + 3 * 6 + ARROW
    s.apply(act)
    assert s.is_over() and s.winner() == (s.active,)
    # a plain table: the fourth arrow is worth 600; the token costs 12
    vals = [0] * 126
    vals[dicetab.rank([ARROW] * 4)] = 600
    assert _decide([ARROW, ARROW, ARROW, BLACK], 1, vals, 12) == A.REROLL + 8
    assert _decide([ARROW, ARROW, ARROW, BLACK], 1, vals, -1) == A.REROLL + 8
    assert _decide([ARROW, ARROW, ARROW, ARROW], 1, vals, 12) == A.STOP


def test_hard_keeps_the_red_token_when_no_change_pays():
    def red(s):
        _give(s, s.active, RED)

    # three arrows at RED (Hard's dearest circles); with GREEN BLUE a change to RED pays now
    s = _rolled([ARROW, ARROW, ARROW, RED], setup=red)
    s.apply(A.STOP)
    assert s.phase == A.P_RED
    assert _hard(s) == A.RED_SKIP


def test_hard_spends_the_red_token_against_a_lethal_ring():
    """One spectator left, Shika's ring on GREEN and a GREEN die: fix it."""

    def ring(s):
        me = s.active
        s.spectators[me] = 1
        s.ring_owner = 1 - me
        s.ring_colour = GREEN
        _give(s, me, RED)

    s = _rolled([ARROW, ARROW, BLUE, GREEN], setup=ring)
    s.apply(A.STOP)
    act = _hard(s)
    assert A.RED_FIX <= act and (act - A.RED_FIX) // 6 == 3 and (act - A.RED_FIX) % 6 != GREEN


def test_hard_resolves_the_black_move_first_to_attack_the_colour_it_closes():
    """ARROW RED BLACK BLACK, BLACK flag at 1 box, RED 2/4: the BLACK pair
    triggers the move, its 2 circles close RED, then the arrow attacks RED."""

    def pos(s):
        me = s.active
        s.flags[me][BLACK] = 1
        s.ticked[me][RED] = 2

    s = _rolled([ARROW, RED, BLACK, BLACK], setup=pos)
    me, opp = s.active, 1 - s.active
    s.apply(A.STOP)
    first = _hard(s)
    assert first == A.FLAG + (BLACK - 1) * 5 + 2
    events = []
    while s.active == me and not s.is_over():
        s.apply(_hard(s))
        events += s.events
    assert ("closed", me, RED) in events
    assert ("attack", me, opp, RED, 3) in events
    assert s.spectators[opp] == 17


def _shield_position(level, victim_spectators, colour, arrows=1):
    """The active archer attacks a victim who holds a GREEN shield."""

    def pos(s):
        me, v = s.active, 1 - s.active
        s.ticked[me][colour] = 4
        s.spectators[v] = victim_spectators
        _give(s, v, GREEN)

    s = _rolled([ARROW] * arrows + [colour] + [ORANGE] * (3 - arrows), setup=pos)
    s.apply(A.STOP)
    s.apply(A.AIM + arrows * 8 + arrows * 2)
    assert s.phase == A.P_SHIELD and s.current_player == 1 - s.active
    v = s.current_player
    return bots.choose(s.observation(v), v, level, Rng(level)), s.queue[0][2]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_shields_a_lethal_loss(level):
    act, loss = _shield_position(level, 3, RED)
    assert loss == 3 and act == A.SHIELD
    act, loss = _shield_position(level, 1, BLACK)
    assert loss == 1 and act == A.SHIELD


def test_shield_choices_on_losses_that_are_not_lethal():
    # a loss of 1: nobody spends the shield
    for lv in LEVELS:
        assert _shield_position(lv, 20, BLACK)[0] == A.NO_SHIELD
    # a loss of 6 (2 arrows on RED): Normal and Hard shield, Easy does not
    assert _shield_position(bots.EASY, 20, RED, 2) == (A.NO_SHIELD, 6)
    assert _shield_position(bots.NORMAL, 20, RED, 2) == (A.SHIELD, 6)
    assert _shield_position(bots.HARD, 20, RED, 2) == (A.SHIELD, 6)


def test_hard_completes_the_target_when_that_wins():
    """Only two BLUE circles left, equal spectators: aim both arrows at BLUE."""

    def pos(s):
        me = s.active
        for c in A.COLOURS:
            s.ticked[me][c] = 4
        s.ticked[me][BLUE] = 2

    s = _rolled([ARROW, ARROW, BLUE, RED], setup=pos)
    assert _hard(s) == A.STOP
    s.apply(A.STOP)
    s.apply(_hard(s))
    assert s.is_over() and s.winner() == (s.active,)


# -- the tools around the bots ---------------------------------------------


def test_strength_tool_returns_its_figures_as_data():
    from tools import kyudo_strength

    lines = []
    figs = kyudo_strength.measure(games=4, procs=1, out=lines.append)
    assert set(figs) == {"hard_vs_normal", "normal_vs_easy"}
    for f in figs.values():
        assert f["games"] == 4 and 0 <= f["wins"] <= 4 and f["rate"] == f["wins"] / 4
    assert lines[0].startswith("Hard    beats Normal ") and " of 4 games (" in lines[0]
    assert figs == {k: dict(v, seconds=figs[k]["seconds"]) for k, v in kyudo_strength.measure(4, 1).items()}


def test_gate_scenario_plays_its_games_under_cpython(capsys):
    here = os.path.dirname(os.path.abspath(__file__))
    ns = runpy.run_path(os.path.join(here, "..", "tools", "scenarios", "kyudo_bots.py"))
    steps = sum(1 for _ in ns["run"]())
    out = [l for l in capsys.readouterr().out.splitlines() if l.startswith("RESULT ")]
    head = [l for l in out if "decisions=" in l]
    assert [l.split()[1] for l in head] == ["HHHH", "EN"]
    decisions = sum(int(l.split("decisions=")[1]) for l in head)
    assert steps == decisions + 2  # one step per decision, one per game's RESULT lines
    assert len(out) > 2


def test_values_tool_measures_each_change_on_the_same_dice():
    """tools.kyudo_strength.values: positions from seeded Hard games, one
    change each, played out on the same dice: deterministic, on 1 or 2
    processes, and a change that does nothing to the game is worth 0."""
    from tools import kyudo_strength as ks

    a = ks.values(games=2, seeds=1, procs=1)
    b = ks.values(games=2, seeds=1, procs=2)
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["positions"] == a["plays"] <= 6
    assert "opponent's spectator lost" in a and any(k.startswith("circle ") for k in a)
    for name, f in a.items():
        if isinstance(f, dict):
            assert f["n"] <= a["plays"] and -1 <= f["dwin"] <= 1 and f["se"] >= 0
    data = ks._positions(ks.VALUES_SEED0)[0]
    s = KyudoState.from_bytes(data)
    assert ks._playout(KyudoState.from_bytes(data), 5) == ks._playout(s, 5)  # the same dice, the same game
