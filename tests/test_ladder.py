"""tools/ladder.py: the Wilson interval, the rungs from the registry, the
counts (seats swapped, draws), determinism on 1 and 2 processes, and the
bench's section (tools/bench.py ladder_section) rendered from its figures.
Small games (Pig, a few Okko games) keep it quick."""

import json

import pytest

from tools import bench
from tools import games as registry
from tools import ladder


def test_wilson_interval_values():
    # reference values: scipy.stats.binomtest(k, n).proportion_ci(0.95, "wilson")
    for k, n, lo, hi in ((5, 10, 0.236593, 0.763407), (0, 10, 0.0, 0.277533), (10, 10, 0.722467, 1.0),
                         (81, 100, 0.722212, 0.874852), (320, 400, 0.758030, 0.836263)):
        a, b = ladder.wilson(k, n)
        assert a == pytest.approx(lo, abs=1e-5) and b == pytest.approx(hi, abs=1e-5), (k, n, a, b)
    assert ladder.wilson(0, 0) == (0.0, 1.0)
    a, b = ladder.wilson(200, 400)
    assert a + b == pytest.approx(1.0)


def test_rungs_come_from_the_registry(monkeypatch):
    pig = registry.variant("pig")
    assert ladder.rungs(pig) == [("easy", "random"), ("normal", "random"), ("normal", "easy")]
    monkeypatch.setitem(pig.game.levels, "hard", 3)  # a level added to the registry joins the ladder
    assert ladder.rungs(pig)[-2:] == [("hard", "random"), ("hard", "normal")]
    okko = registry.variant("okko_partner")
    assert ladder.is_team(okko.game)
    names = okko.game.level_names()
    assert ladder.rungs(okko) == [("random", None)] + list(zip(names, ["random"] + names[:-1]))
    # the bench's variants: every one with a label and computer levels (Pig has no label)
    assert [v.name for v in ladder.ladder_variants()] == [
        v.name for v in registry.variants() if v.bench and v.game.levels and v.game.bot]
    assert [v.name for v in ladder.ladder_variants(["pig"])] == ["pig"]


def _direct(level, vs, games):
    """The rung counted here, game by game, from ladder.play."""
    v = registry.variant("pig")
    w = l = d = 0
    for g in range(games):
        levels = [vs, vs]
        levels[g % 2] = level
        win = ladder.play(v, levels, ladder.SEED0 + g // 2).winner()
        if len(win) != 1:
            d += 1
        elif win[0] == g % 2:
            w += 1
        else:
            l += 1
    return w, l, d


def test_tiny_ladder_counts_seats_swapped_and_is_deterministic():
    a = ladder.run(12, 1, ["pig"])
    b = ladder.run(11, 1, ["pig"])  # rounded up to pairs
    assert a["variants"] == b["variants"] and a["games"] == 12
    (e,) = a["variants"]
    assert e["name"] == "pig" and not e["team"] and e["seats"] == 2
    for r in e["rungs"]:
        assert r["games"] == 12 and r["seat0_games"] == 6  # each seed twice, the seats swapped
        assert r["wins"] + r["losses"] + r["draws"] == 12
        assert (r["wins"], r["losses"], r["draws"]) == _direct(r["level"], r["vs"], 12)
        assert r["rate"] == pytest.approx(float(r["wins"]) / (r["wins"] + r["losses"]))
        assert (r["lo"], r["hi"]) == ladder.wilson(r["wins"], r["wins"] + r["losses"])
    # the same seeds swapped: game 2k and 2k+1 deal alike, so the level's seat-1 games are the other half
    assert 0 <= e["rungs"][0]["seat0_wins"] <= e["rungs"][0]["wins"]


def test_two_processes_give_the_same_figures():
    one = ladder.run(6, 1, ["pig", "okko"])
    two = ladder.run(6, 2, ["pig", "okko"])
    assert one["variants"] == two["variants"]


def test_team_game_pairs_and_boss_falls():
    d = ladder.run(4, 1, ["okko"])
    (e,) = d["variants"]
    assert e["team"]
    levels = [r["level"] for r in e["rungs"]]
    assert levels == ["random"] + registry.get("okko").level_names()
    v = registry.variant("okko_partner")
    for r in e["rungs"]:
        won = [bool(ladder.play(v, [r["level"]] * 2, ladder.SEED0 + g).winner()) for g in range(4)]
        assert r["wins"] == sum(won) and r["games"] == 4 and len(r["finals"]) == 3
        assert (r["lo"], r["hi"]) == ladder.wilson(r["wins"], 4)
        assert "outcomes" not in r
        if r["vs"] is not None:
            p = r["paired"]
            assert p["better"] + p["worse"] <= 4 and p["better"] - p["worse"] == r["wins"] - next(
                x["wins"] for x in e["rungs"] if x["level"] == r["vs"])


def test_bench_section_renders_the_ladder(tmp_path):
    d = ladder.run(4, 1, ["pig", "okko"])
    d["command"] = "python -m tools.ladder --games 4"
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(d))  # the section reads what a JSON round trip keeps
    text = "\n".join(bench.ladder_section(json.loads(path.read_text())))
    assert "## 7a. The ladder" in text and "`python -m tools.ladder --games 4`" in text
    by = {e["name"]: e for e in d["variants"]}
    r = by["pig"]["rungs"][-1]
    row = "| Pig | Normal | Easy | %d | %d | %d | 4 | %.1f%% (%.1f%%-%.1f%%) |" % (
        r["wins"], r["losses"], r["draws"], 100 * r["rate"], 100 * r["lo"], 100 * r["hi"])
    assert row in text
    assert "Okko is a team game" in text
    for r in by["okko_partner"]["rungs"]:  # the app's names: Forgetful, Steady
        assert "| %s | %d | 4 | %.1f%%" % (r["name"].capitalize(), r["wins"], 100 * r["rate"]) in text
    assert [r["name"] for r in by["okko_partner"]["rungs"]] == ["random", "forgetful", "steady"]
    assert "Strongest pair:" in text
    assert bench.ladder_section(None) == []
    # a rung under its target says so
    low = {"games": 4, "seconds": 1.0, "variants": [{"label": "X", "team": False, "rungs": [
        dict(level="normal", vs="random", wins=1, losses=3, draws=0, games=4, rate=0.25, lo=0.05, hi=0.7)]}]}
    assert "| X | Normal | Random | 1 | 3 | 0 | 4 | 25.0% (5.0%-70.0%) | **no** |" in "\n".join(
        bench.ladder_section(low))


def test_a_mode_offers_its_own_levels_and_the_ladder_plays_only_those(monkeypatch):
    duel = registry.variant("kendo_duel")
    comp = registry.variant("kendo_competition")
    assert duel.level_names() == ["easy", "normal"]  # Hard plays a Duel as Normal does (issue 30)
    assert comp.level_names() == ["easy", "normal", "hard"]
    assert ladder.rungs(duel) == [("easy", "random"), ("normal", "random"), ("normal", "easy")]
    assert ("hard", "normal") in ladder.rungs(comp)
    seen = []
    new = duel.game.new
    monkeypatch.setattr(duel.game, "new", lambda rng, n, mode, options: seen.append(options) or new(rng, n, mode, options))
    monkeypatch.setattr(duel, "options", 4)  # the mode's default house rules reach the engine
    assert ladder.play(duel, ["easy", "normal"], ladder.SEED0).options == 4 and seen == [4]


def test_a_team_game_plays_its_own_number_of_games():
    d = ladder.run(2, 1, ["pig", "okko"], team_games=3)
    by = {e["name"]: e for e in d["variants"]}
    assert d["team_games"] == 3 and all(r["games"] == 3 for r in by["okko_partner"]["rungs"])
    assert all(r["games"] == 2 for r in by["pig"]["rungs"])


def test_a_rung_against_the_level_below_is_judged_by_its_interval():
    rung = dict(level="hard", vs="normal", wins=540, losses=460, draws=0, games=1000, rate=0.54, lo=0.509, hi=0.571)
    text = "\n".join(bench.ladder_section({"games": 1000, "seconds": 1.0, "variants": [
        {"label": "X", "team": False, "rungs": [rung]}]}))
    assert "| X | Hard | Normal | 540 | 460 | 0 | 1000 | 54.0% (50.9%-57.1%) | **no** |" in text  # 54% but 50.9% < 52%
    rung.update(lo=0.525)
    assert "(50.9%-57.1%) | **no**" not in "\n".join(bench.ladder_section({"games": 1000, "seconds": 1.0, "variants": [
        {"label": "X", "team": False, "rungs": [rung]}]}))
