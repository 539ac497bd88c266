"""Flash wear through the real app (tools/wear.py): seeded all-computer games
in a row on one chip-like sector. The issue's goals: at most one sector erase
a game on average and a sector life of at least 20,000 games, for every
title; a turn's save holds the chip for page programs only."""

from boards.desktop import ERASE_MS
from tools import bench, wear


def test_every_title_erases_at_most_once_a_game_and_saves_without_erasing():
    rows = wear.measure(games=10, seed=3)
    assert [r["setup"] for r in rows] == ["kyudo4", "kendo", "competition", "okko"]
    for r in rows:
        assert r["saves"] >= 8, r  # a save at every turn end: the games did play
        assert r["erases"] <= 1.0, r
        assert r["life"] is None or r["life"] >= 20000, r
        assert r["append_max_ms"] < 5, r  # pages only: no 45 ms erase in a turn's save
        assert r["before_erases"] > 5 * max(r["erases"], 0.1), r  # the old store erased at every save
    text = "\n".join(bench.wear_section({"wear": rows, "powercut": {}}))
    assert "## 4. Saves and flash wear" in text
    for r in rows:
        assert r["title"] in text and ("%.2f" % r["erases"]) in text
    assert "%.1f ms" % (ERASE_MS + 16 * 0.4) in text
