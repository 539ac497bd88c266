"""tools/bench.py's Sprites and Presses sections: built from docs/sprites.json
and tools.tour's presses functions (whichever exist)."""

import json
import os

from tools import bench, tour

from sanbon import sprites


def test_sprites_section_reads_the_measurement():
    with open(bench.SPRITES_JSON) as f:
        d = json.load(f)
    text = "\n".join(bench.sprites_section())
    assert "## 9. Sprites" in text
    for mode in ("disk", "ram"):
        m = d["modes"][mode]
        assert "%d B" % m["heap_sheet"] in text
        assert "%.1f ms" % m["cursor_ms"] in text
        assert "%.0f ms" % m["full_ms"] in text
    assert "**%s**" % sprites.MODE in text  # the chosen mode is the code's
    assert d["command"] in text and "emulated" in text.lower()


def test_the_chosen_mode_costs_less_heap():
    with open(bench.SPRITES_JSON) as f:
        d = json.load(f)["modes"]
    other = "ram" if sprites.MODE == "disk" else "disk"
    assert d[sprites.MODE]["heap_sheet"] < d[other]["heap_sheet"]
    assert d[sprites.MODE]["cursor_ms"] < 50  # a cursor move stays quick in the chosen mode


def test_presses_section_renders_what_the_tour_measures(monkeypatch):
    """The section reads the games' kyudo_presses (turns, keep-2 decisions)
    and okko_presses (means and counts, tools/games/<game>.py) and puts the issue's targets beside
    them; a game whose measure is missing gets a note, not a crash."""
    from tools.games import kyudo, okko

    monkeypatch.setattr(kyudo, "kyudo_presses", lambda *a, **k: ([10, 12, 8], [5, 4]))
    monkeypatch.setattr(okko, "okko_presses", lambda *a, **k: {"peek": 1.25, "flip": 3.5, "other": 2.0,
                                                                "n": {"peek": 8, "flip": 2, "other": 40}})
    rows, notes = bench.presses()
    assert ("Kyudo", "a turn", 10.0, 3) in rows and ("Kyudo", "keep 2 dice and re-roll", 4.5, 2) in rows
    assert ("Okko", "Court peek", 1.25, 8) in rows and ("Okko", "Court flip", 3.5, 2) in rows
    assert notes == []
    text = "\n".join(bench.presses_section((rows, notes)))
    assert "| Kyudo | a turn | 10.0 | 3 | at most 12 |" in text
    assert "| Kyudo | keep 2 dice and re-roll | 4.5 | 2 | at most 5 |" in text
    assert "| Okko | Court peek | 1.2 | 8 | at most 4 |" in text or "| Okko | Court peek | 1.3 | 8 | at most 4 |" in text
    assert "| Okko | Court flip | 3.5 | 2 |  |" in text
    monkeypatch.setattr(bench, "PRESSES", bench.PRESSES + (("tools.games.kendo:presses", "Kendo Duel"),))
    rows, notes = bench.presses()
    assert notes == ["Kendo Duel: there is no `tools.games.kendo:presses()` yet."]


def test_pictures_section_renders_the_shares_with_the_target():
    text = "\n".join(bench.pictures_section([("kyudo", 0.142, 0.039, 0.167, 247), ("okko", 0.059, 0.048, 0.09, 1321)]))
    assert "## 10a. Picture share of the play area" in text
    assert "| Kyudo | 14.2% | 3.9% | 16.7% | 247 |  |" in text
    assert "| Okko | 5.9% | 4.8% | 9.0% | 1321 | at least 20% |" in text


def test_kendo_section_prints_the_rearm_rules_targets():
    """Section 6 (issue 30): with the Duel's Rearm rule on, the endings of
    2-4 player Duels and the Duel ladder, each beside its target; figures
    without them (an older measurement) render as before."""
    r = bench.kendo_rearm(12, out=None)
    json.dumps(r)  # kept with the other figures
    assert set(r["ends"]) == set(name for name, _ in bench.REARM_ENDS)
    assert all(e["games"] == 12 and e["most"] == 0 for e in r["ends"].values())  # the rule: never stuck
    text = "\n".join(bench.kendo_rearm_lines(r))
    assert "| 2, Normal, rule off | " in text and "| 4, Hard | " in text
    assert "| Easy vs random | " in text and "| Normal vs Easy | " in text and "Competition" not in text
    e = r["ends"]["2, Normal"]
    e["tie"], e["all_out"], e["last"] = 0, 1, 11  # 1 draw in 12: 8.3%, over the target
    assert "| 2, Normal | 8.3% (1.5-35.4%) | 91.7% (64.6-98.5%) | " in "\n".join(bench.kendo_rearm_lines(r))
    assert "**no** |" in "\n".join(bench.kendo_rearm_lines(r)).split("| 2, Normal | ")[1].split("\n")[0]


def test_okko_section_prints_the_five_goals_with_intervals():
    """Section 7 shows Steady, Forgetful, the pair that plays for the boss and
    the partner without its plan, each win rate and final boss fall with its
    Wilson interval, and says which of issue 30's five goals are met."""
    def fig(level, boss, win, finals, no_plan=False):
        return {"games": 1000, "level": level, "seed0": 40000, "boss_path": boss, "no_plan": no_plan, "win_rate": win,
                "finals": finals, "days": [15.0, 16.0, 16.0], "peeks": 11.0, "defeated": 30.0,
                "encounters": [4.0, 3.9, 3.5], "spirit": 1.0}
    ob = [fig(2, False, 0.532, [0.632, 0.314, 0.288]), fig(3, False, 0.301, [0.632, 0.314, 0.288]),
          fig(2, True, 0.411, [0.632, 0.195, 0.291]), fig(2, False, 0.562, [0.632, 0.1, 0.05], True)]
    text = "\n".join(bench.okko_section(ob))
    assert "seeds 40000-40999" in text
    assert "| Steady (2) | Forgetful (3) | Steady (2), for the boss | Steady (2), without the plan |" in text
    assert ("| Win rate (95%) | 53.2% (50.1-56.3%) | 30.1% (27.3-33.0%) | 41.1% (38.1-44.2%) |"
            " 56.2% (53.1-59.2%) |") in text
    assert "| Final boss falls, board 3 (95%) | 28.8% (26.1-31.7%) |" in text
    assert ("Goals met: Steady 50-62%: yes; each final boss at least 25%: yes; Forgetful at most 35%: yes;"
            " for the boss at least 35%: yes; without the plan at most Steady + 3: yes.") in text
    ob[0]["finals"][2] = 0.2
    ob[2]["win_rate"] = 0.3
    ob[3]["win_rate"] = 0.563
    text = "\n".join(bench.okko_section(ob))
    assert "each final boss at least 25%: **no**" in text and "for the boss at least 35%: **no**" in text
    assert "without the plan at most Steady + 3: **no**" in text
    assert bench.okko_section([]) == []


def test_code_section_lists_the_registry_and_the_short_locals_figure(monkeypatch):
    """Section 3a (issue 31): every registered game, a stand-in too, and the
    figure of tools.names, one line per folder."""
    from tools import games, names

    monkeypatch.setattr(names, "figure_lines", lambda root=None: ["engine/: 7 uses ... = 70 per 1,000 lines",
                                                                 "lib/: 9 uses ... = 90 per 1,000 lines"])
    stones = games.register(games.Game("stones", "Stones", None, None, levels={"easy": 1}, tour=(("walk", {}),)))
    try:
        text = "\n".join(bench.code_section())
    finally:
        games.unregister(stones.key)
    assert "## 3a. The games and the code" in text
    assert "| okko | Okko | partner | 2-2 | forgetful, steady | 2 |" in text
    assert "| stones | Stones | stones | 2-4 | easy | 1 |" in text
    assert "- engine/: 7 uses ... = 70 per 1,000 lines\n- lib/: 9 uses ... = 90 per 1,000 lines" in text
    assert "stones" not in "\n".join(bench.code_section(["x"]))


def test_code_section_prints_the_measured_figure():
    from tools import names

    lines = names.figure_lines()
    assert [line.split("/")[0] for line in lines] == ["engine", "lib"]
    text = "\n".join(bench.code_section(lines))
    assert all("- " + line in text for line in lines)
    assert text.index("## 3a.") < text.index("- engine/: ")
