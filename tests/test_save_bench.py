"""tools/save_bench: the parser of the device's lines, the data it makes on
the host, and tools/bench.py's section built from docs/saves.json (the
emulator itself takes minutes and runs apart: python -m tools.save_bench.run)."""

import json

from tools import bench
from tools.save_bench import make_data, run

SAMPLE = """\
SAVEB heap 166752 store 162416 session 147360
SAVEB nvm 4096 1
SAVEB image 12992 4144
SAVEB title kyudo4
[12.5] SAVEB import kyudo4 162350 41520
SAVEB snap kyudo4 16750
SAVEB snap kyudo4 16840
SAVEB snap kyudo4 16660
SAVEB cont kyudo4 131040
SAVEB cont kyudo4 131050
SAVEB cont kyudo4 131030
SAVEB restored kyudo4 134 0 79a13aae 120000
SAVEB blank kyudo4 11440
SAVEB save kyudo4 0 16110 273 1 14640 273
SAVEB save kyudo4 1 2520 26 0 1408 299
SAVEB save kyudo4 2 3440 173 0 2256 472
SAVEB save kyudo4 3 58500 273 1 14512 273
SAVEB load kyudo4 2 36500 472
SAVEB rewrite kyudo4 58660 544 1 15440 107600
SAVEB rewrite kyudo4 59020 544 1 15300 107700
SAVEB load kyudo4 -1 5830 544
SAVEB free_end 109456
SAVEB done
# stats {"emu_s": 16.4, "wall_s": 48.9, "flash": {"erases": 27, "programs": 595, "programmedBytes": 256000}}
"""


def test_parse_reads_every_kind_of_line():
    dev = run.parse(SAMPLE.splitlines())
    assert dev["done"] and dev["free_end"] == 109456
    assert dev["heap"] == {"before": 166752, "store": 162416, "session": 147360}
    assert dev["nvm"] == {"bytes": 4096, "blank_at_boot": True}
    assert dev["image"] == {"bytes_then_bytearray": 12992, "bytearray_repeated": 4144}
    assert dev["stats"]["emu_s"] == 16.4
    t = dev["titles"]["kyudo4"]
    assert (t["import_us"], t["import_heap"]) == (162350, 41520)  # a stamp before SAVEB is skipped
    assert t["snap_us"] == [16750, 16840, 16660] and len(t["cont_us"]) == 3
    assert (t["actions"], t["skip"], t["crc"]) == (134, 0, "79a13aae")
    assert t["saves"][1] == [1, 2520, 26, 0, 1408, 299]
    assert t["loads"] == [[2, 36500, 472], [-1, 5830, 544]]
    assert t["rewrites"][0] == [58660, 544, 1, 15440, 107600]


def test_summarize_classifies_the_saves():
    dev = run.parse(SAMPLE.splitlines())
    summaries = {"kyudo4": {"continue_crc": "79a13aae", "rewrites_expected": 2,
                            "kinds": ["fresh", "turn", "snapshot", "turn"]}}
    s = run.summarize(dev, summaries)
    c = s["continue"]["kyudo4"]
    assert c["restored_ok"] and c["actions"] == 134
    assert c["snapshot_ms"] == 16.75 and c["continue_ms"] == 131.04
    assert c["replay_ms"] == 114.29 and abs(c["ms_per_action"] - 114.29 / 134) < 1e-3
    v = s["saves"]["kyudo4"]
    assert v["fresh"]["n"] == 1 and v["fresh"]["mean_bytes"] == 273
    assert v["turn"]["n"] == 1 and v["turn"]["mean_ms"] == 2.52
    assert v["snapshot"]["mean_bytes"] == 173
    assert v["rewrite"]["n"] == 1 and v["rewrite"]["mean_ms"] == 58.5  # erased: a rewrite, whatever changed
    assert v["forced_rewrite"]["n"] == 2 and v["forced_rewrite"]["least_free"] == 107600
    assert v["load_fullest"] == {"ms": 36.5, "bytes": 472} and v["matches_host"]
    assert s["heap"]["store"] == 4336 and s["heap"]["session"] == 15056


def test_the_data_round_trips_through_the_deltas():
    """make_data's deltas rebuild every section the app saved."""
    from sanbon.store import JOURNAL
    from tools.save_bench.make_data import ADD

    old = {1: b"a", 5: b"\x00\x01", 3: b"snap"}
    new = {1: b"a", 5: b"\x00\x01\x00\x02", 4: b"seed"}
    d = make_data.delta(old, new)
    assert d == {JOURNAL | ADD: b"\x00\x02", 4: b"seed", 3: b""}
    assert make_data.apply_delta(dict(old), d) == new


def test_saves_section_reads_the_measurement():
    with open(bench.SAVES_JSON) as f:
        d = json.load(f)
    text = "\n".join(bench.saves_section())
    assert "## 11. Saving and Continue on the device" in text
    for c in d["continue"].values():
        assert "| %s | %d | %.1f ms | %.1f ms |" % (c["title"], c["actions"], c["snapshot_ms"], c["continue_ms"]) in text
        assert c["restored_ok"]
    for v in d["saves"].values():
        assert "%.1f ms, %.0f B (%d)" % (v["turn"]["mean_ms"], v["turn"]["mean_bytes"], v["turn"]["n"]) in text
        assert "%.1f ms, %.0f B (%d)" % (v["forced_rewrite"]["mean_ms"], v["forced_rewrite"]["bytes"],
                                         v["forced_rewrite"]["n"]) in text
    assert d["command"] in text and "emulated" in text.lower() and "$SANBON_RP2040" in text
    assert "rp2040js 1.4.1" in text and "CircuitPython 10.2.1" in text
    assert "/work" not in text and "shared/rp2040" not in text  # no paths outside the repository


def test_the_sections_are_numbered_in_order():
    """Saves (11) comes right after Presses (10), the builder's last."""
    presses = "\n".join(bench.presses_section(([], [])))
    saves = "\n".join(bench.saves_section())
    assert "## 10. " in presses and "## 11. " in saves
    import inspect

    src = inspect.getsource(bench.render)
    assert src.index("presses_section(") < src.index("saves_section()")
