"""The host's registry of games (tools/games/) agrees with the app, the
gate and the test files, the tools read their game lists from it, and a
stand-in fourth game registered in one line gets statistics beside the
others' figures."""

import os

import sim_helpers  # noqa: F401  (headless SDL before the simulator loads)
from engine.rng import Rng
from tools import games
from tools.scenarios import SCENARIOS

from sanbon import games as app_games
from sanbon.profile import SEAT_TYPES, Stats
from test_conformance import Stones  # the stand-in game that passes the conformance test

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_app_game_is_registered_with_its_id_levels_and_players():
    assert [g.key for g in games.GAMES] == [g.key for g in app_games.ALL]
    for info in app_games.ALL:
        g = games.get(info.key)
        assert g.gid == info.id
        assert sorted(g.levels.values()) == sorted(info.levels)
        assert all(SEAT_TYPES[t].lower() == name for name, t in g.levels.items())
        assert (g.min_players, g.max_players) == (info.min_players, info.max_players)
        assert g.menu == (info.name if info is not app_games.PIG else "Pig")
        if len(g.modes) > 1:
            assert [v.label for v in g.modes] == [m.lower() for m in info.modes]
            assert [v.players[1] for v in g.modes] == [info.players_max(m) for m in range(len(info.modes))]


def test_the_gate_scenarios_and_the_test_fixtures_are_each_claimed_once():
    claimed = [s for g in games.GAMES for s in g.scenarios] + list(games.CORE_SCENARIOS)
    assert sorted(claimed) == sorted(name for name, _, _, _ in SCENARIOS)
    apps = [name for name, _, _, needs in SCENARIOS if "fakes" in needs and "build" not in needs]
    assert sorted(apps) == sorted(["shell_boot"] + [g.app_scenario for g in games.GAMES if g.app_scenario])
    fixtures = [f for g in games.GAMES for f in g.fixtures]
    assert len(fixtures) == len(set(fixtures))
    for f in fixtures:
        assert os.path.isfile(os.path.join(ROOT, f)), f
    golden = sorted("tests/golden/" + n for n in os.listdir(os.path.join(ROOT, "tests", "golden")))
    assert golden == sorted(f for f in fixtures if f.startswith("tests/golden/"))


def test_the_hooks_resolve():
    from tools import bench, shots, tour

    for g in games.GAMES:
        assert callable(g.hook("play")), g.key
        if "shots" in g.hooks:  # the game's own, still found by name through tools.shots
            assert g.hook("shots") is getattr(shots, g.hook("shots").__name__) and g.hook("shots").__module__ == (
                g.module.__name__)
        if "presses" in g.hooks:
            assert g.hooks["presses"] is g.module.presses and bench._press_function(g.hooks["presses"])
        for fn, kw in g.tour:
            assert callable(tour._walk(fn)) and isinstance(kw, dict)
        assert [w for w, _ in tour.WALKS.get(g.key, [])][:len(g.tour)] == [tour._walk(fn) for fn, _ in g.tour]
    assert tour.GAMES == ("shell",) + tuple(g.key for g in games.GAMES if g.tour)


def test_the_tools_lists_come_from_the_registry():
    from tools import bench, soak

    assert soak.MODES == ("kyudo", "kendo_duel", "kendo_competition", "okko_partner", "pig")  # their seeds
    assert [t[0] for t in soak.TARGETS][:3] == ["Kyudo"] * 3 and soak.TARGETS[-1] == ("Pig", ["Players: 4"])
    assert len(soak.RESTORE_SETUPS) == 10
    assert bench.SAVES_ORDER == ("kyudo4", "kendo", "competition", "okko")
    assert bench.APP_SCENARIOS[0] == ("shell_boot", "Menus and Pig")
    assert [h for _, h in bench.APP_SCENARIOS[1:]] == ["Kyudo", "Kendo Duel", "Okko"]
    assert [(f.__module__, title) for f, title in bench.PRESSES] == [("tools.games.kyudo", "Kyudo"),
                                                                      ("tools.games.okko", "Okko")]


def test_each_game_has_one_module_on_the_host():
    """tools/games/<game>.py: one module per registered game, found by the
    package (no list of them anywhere), holding its walks; the old names
    still resolve through tools.tour."""
    from tools import tour

    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "tools", "games"))
                   if n.endswith(".py") and not n.startswith("_"))
    assert sorted(g.key for g in games.GAMES) == names
    for g in games.GAMES:
        assert g.module.__name__ == "tools.games." + g.key and g.module.game().key == g.key
    assert tour.court_keys is games.get("okko").module.court_keys
    assert tour.walk_kyudo is games.get("kyudo").module.walk_kyudo


def test_the_pig_players_decide_as_the_apps():
    """The registry's Pig players copy sanbon.pig.bot_action (which needs
    displayio): the same decisions from the same RNG."""
    from sanbon import pig

    g = games.get("pig")
    for level in g.levels.values():
        s = g.new(Rng(5), 3)
        mine, theirs = Rng(9), Rng(9)
        bots = [g.bot(level, p, mine) for p in range(3)]
        n = 0
        while not s.is_over() and n < 3000:
            p = s.current_player
            a = bots[p](s)
            assert a == pig.bot_action(s, p, level, theirs)
            s.apply(a)
            n += 1


def test_invariant_checks_by_name():
    from tools import invariants

    for g in games.GAMES:
        s = g.new(Rng(3), g.min_players)
        check = invariants.check_for(g.key)
        check(s)
        s.apply(s.legal_actions()[0])
        check(s)


def _take_one(level, seat, rng):
    return lambda s: 1


def test_a_stand_in_game_gets_a_statistics_row_beside_the_others():
    old = Stats()
    for g in games.GAMES:
        old.record(g.gid, (0, 2), (0,))
        old.record(g.gid, (0, 2), (1,))
    data = old.to_bytes()
    stones = games.register(games.Game("stones", "Stones", Stones, None, gid=5, levels={"easy": 1}, bot=_take_one))
    try:
        st, fixed = Stats.from_bytes(data)
        assert not fixed
        s = stones.new(Rng(1), 2)
        seats = [stones.bot(1, p, Rng(p)) for p in range(2)]
        while not s.is_over():
            s.apply(seats[s.current_player](s))
        st.record(stones.gid, (0, 1), s.winner())
        again, fixed = Stats.from_bytes(st.to_bytes())
        assert not fixed
        assert again.total(5) == 2 and again.played(5, 1) == 1 and again.won(5, s.winner()[0]) == 1
        for g in games.GAMES[:-1]:
            assert (again.played(g.gid, 0), again.won(g.gid, 0), again.played(g.gid, 2), again.won(g.gid, 2)) == (
                2, 1, 2, 1), g.key
    finally:
        games.unregister("stones")
