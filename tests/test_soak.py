"""The soak and fuzz runs of tools/soak.py, small: computer games with the
invariants after every action, random presses over every game and mode,
restores of the session bytes after every action, and NVM corruptions.
Zero failures everywhere (the full run: python -m tools.soak)."""

from tools import soak


def test_computer_games_keep_the_invariants():
    r = soak.run_games(0.004, None, chunk=40)  # 40 games per game and mode
    assert r["failures"] == 0, r["errors"]
    for mode, m in r["per_mode"].items():
        assert m["games"] == 40 and m["actions"] > 40, mode


def test_random_presses_over_every_game_raise_nothing(tmp_path):
    r = soak.run_presses(0.015, None, str(tmp_path), streams=len(soak.TARGETS))  # 3,000 presses
    assert r["failures"] == 0, r["errors"]
    assert r["presses"] == 3000 and r["starts"] == len(soak.TARGETS)
    games = {k.split("/")[0] + "/" + k.split("/")[1] for k in r["reached"]}
    assert {"kyudo/Standard", "kendo/Duel", "kendo/Competition", "okko/Partner", "okko/Solo",
            "okko/Pass and play", "pig/To 30"} <= games, games
    assert {"GameScreen", "PauseScreen"} <= set(r["screens"]), r["screens"]


def test_a_restored_game_continues_identically():
    r = soak.run_restore(0.02, None)  # a 2-archer Kyudo game and a 3-archer one
    assert r["failures"] == 0, r["errors"]
    assert r["games"] == 2 and r["restores"] == r["actions"] > 50


def test_restores_of_kendo_okko_and_pig(monkeypatch):
    monkeypatch.setattr(soak, "RESTORE_SETUPS", soak.RESTORE_SETUPS[6:])  # Competition, Okko, Pig
    out = [soak._restore_job((g, 6000 + g)) for g in (0, 1, 3)]
    for o in out:
        assert o["failures"] == 0, o["errors"]
        assert o["restores"] == o["actions"] > 5


def test_store_base_images_are_real_sectors_of_the_new_store():
    bases, cuts = soak._bases()
    names = [b[0] for b in bases]
    assert names[:3] == ["blank", "zero", "menus"] and names[-1] == "format 1 (two slots)"
    assert sum(n.startswith("game ") for n in names) == 5
    for name, img, states in bases:
        assert len(img) == 4096 and states, name
        recs = soak._records(bytearray(img))
        if name.startswith("many records"):
            assert len(recs) >= 24, (name, len(recs))
        if name.startswith("after a rewrite"):
            assert len(recs) == 2, name
    assert len(cuts["append"]) > 100 and len(cuts["rewrite"]) >= 5


def test_store_corruptions_are_rejected_or_read_and_boot():
    r = soak.run_store(0.01, None, chunk=1000)  # 1,000 corruptions
    assert r["failures"] == 0, r["errors"]
    assert r["corruptions"] == r["boots"] == 1000
    assert r["rejected"] > 100 and r["detected"] > 100 and r["read"] > 100 and r["continues"] > 100
    assert sum(r[k] for k in ("rejected", "detected", "read", "read_resigned", "fresh")) == 1000
    assert set(r["kinds"]) == set(soak.CORRUPT_KINDS)
    assert r["by_kind"]["cut"].get("read", 0) > 50  # a cut append keeps the save before it (or after)
