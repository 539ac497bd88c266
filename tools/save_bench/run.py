"""Measure what saving and Continue cost on the real CircuitPython interpreter,
on an emulated Pico (rp2040js), and write docs/saves.json:

    python -m tools.save_bench.run [--rp2040 DIR] [--out docs/saves.json] [--log FILE]

DIR ($SANBON_RP2040, else shared/rp2040 one or two folders above the project) holds the
CircuitPython 10.2.1 Pico firmware, the bootrom, a blank CIRCUITPY image,
mkimage.sh and runner.mjs (its README says what they are). Needs Node.js,
``npm install --no-save rp2040js@1.4.1`` and mtools. It builds the drive
(tools.build), makes the bench's data on the host (make_data.py: per title,
seeded all-computer games through the real app, their saves and the saved
game with the longest replay) as /savebench.bin, puts
tools/save_bench/code.py on the drive as code.py, boots it and reads the
"SAVEB" lines. The device's saves go to its real ``microcontroller.nvm``
(the runner performs the flash erases and programs and charges their time).

Figures: Continue (``Session.from_bytes``: snapshot and replay) and the
snapshot alone, the median of 3 runs each; every save of the traced games
(a turn end appends a record, a new snapshot appends a bigger one, a record
that does not fit rewrites the sector), and 5 forced sector rewrites
(``save(..., room=4096)``) with the game in progress.
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from tools.save_bench import make_data

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "tools", "save_bench")
RUNNER = {"XIP_MISS_CYCLES": "60", "FLASH_ERASE_US": "45000", "FLASH_PAGE_US": "400", "SPI_TIMED": "1"}
FIRMWARE = "CircuitPython 10.2.1 raspberry_pi_pico, rp2040js 1.4.1"


def _num(v):
    try:
        return int(v)
    except ValueError:
        return v


def parse(lines):
    """The device's "SAVEB" lines (tools/save_bench/code.py) as a dict:
    heap, nvm, titles {name: {import, snap, cont, restored, blank, saves,
    loads, rewrites}}, free_end, done; and the runner's "# stats" line."""
    out = {"titles": {}, "done": False}
    for line in lines:
        if line.startswith("# stats "):
            try:
                out["stats"] = json.loads(line[8:])
            except ValueError:
                pass
            continue
        i = line.find("SAVEB ")
        if i < 0:
            continue
        w = [_num(x) for x in line[i:].split()[1:]]
        if not w:
            continue
        key = w[0]
        if key == "heap" and len(w) == 6:
            out["heap"] = {"before": w[1], "store": w[3], "session": w[5]}
        elif key == "image" and len(w) == 3:
            out["image"] = {"bytes_then_bytearray": w[1], "bytearray_repeated": w[2]}
        elif key == "nvm":
            out["nvm"] = {"bytes": w[1], "blank_at_boot": bool(w[2])}
        elif key == "free_end":
            out["free_end"] = w[1]
        elif key == "done":
            out["done"] = True
        elif key == "title":
            out["titles"][w[1]] = {"snap_us": [], "cont_us": [], "saves": [], "loads": [], "rewrites": []}
        elif len(w) > 1 and w[1] in out["titles"]:
            t = out["titles"][w[1]]
            v = w[2:]
            if key == "import":
                t["import_us"], t["import_heap"] = v[0], v[1]
            elif key in ("snap", "cont"):
                t[key + "_us"].append(v[0])
            elif key == "restored":
                t["actions"], t["skip"], t["crc"], t["free_restored"] = v[0], v[1], str(v[2]), v[3]
            elif key == "blank":
                t["blank_us"] = v[0]
            elif key == "save":  # i, us, bytes, erased, alloc, end
                t["saves"].append(v[:6])
            elif key == "load":  # i, us, end
                t["loads"].append(v[:3])
            elif key == "rewrite":  # us, bytes, erased, alloc, least free
                t["rewrites"].append(v[:5])
    return out


def _ms(us):
    return round(us / 1000.0, 2)


def _group(rows):
    """{n, mean_ms, max_ms, mean_bytes, max_bytes, max_alloc} of save rows (i, us, bytes, erased, alloc, end)."""
    if not rows:
        return None
    return {"n": len(rows), "mean_ms": _ms(statistics.mean(r[1] for r in rows)), "max_ms": _ms(max(r[1] for r in rows)),
            "min_ms": _ms(min(r[1] for r in rows)), "mean_bytes": round(statistics.mean(r[2] for r in rows), 1),
            "max_bytes": max(r[2] for r in rows), "max_alloc": max(r[4] for r in rows)}


def summarize(dev, summaries):
    """docs/saves.json's figures from the parsed device lines and make_data's summaries."""
    cont, saves = {}, {}
    labels = {name: label for name, _, label, _ in make_data.TITLES}
    shorts = {name: short for name, _, _, short in make_data.TITLES}
    every = {"turn": [], "snapshot": [], "rewrite": []}
    forced_all = []
    for name, t in dev["titles"].items():
        s = summaries[name]
        snap, full = statistics.median(t["snap_us"]), statistics.median(t["cont_us"])
        n = t.get("actions", 0)
        cont[name] = {
            "title": labels.get(name, name),
            "short": shorts.get(name, name),
            "actions": n,
            "snapshot_at": t.get("skip"),
            "import_ms": _ms(t["import_us"]),
            "import_heap": t["import_heap"],
            "snapshot_ms": _ms(snap),
            "continue_ms": _ms(full),
            "replay_ms": _ms(full - snap),
            "ms_per_action": round((full - snap) / 1000.0 / n, 3) if n else None,
            "snapshot_runs_ms": [_ms(x) for x in t["snap_us"]],
            "continue_runs_ms": [_ms(x) for x in t["cont_us"]],
            "restored_ok": t.get("crc") == s["continue_crc"],
        }
        kinds = s["kinds"]
        by = {"fresh": [], "turn": [], "snapshot": [], "other": [], "rewrite": []}
        for r in t["saves"]:
            k = kinds[r[0]] if r[0] < len(kinds) else "other"
            by["rewrite" if r[3] and k != "fresh" else k].append(r)
        for k in every:
            every[k] += by[k]
        rw = t["rewrites"]
        forced_all += rw
        loads = {r[0]: r for r in t["loads"]}
        fullest = [r for i, r in loads.items() if i >= 0]
        saves[name] = {
            "title": labels.get(name, name),
            "short": shorts.get(name, name),
            "saves": len(t["saves"]),
            "blank_ms": _ms(t["blank_us"]) if "blank_us" in t else None,
            "fresh": _group(by["fresh"]),
            "turn": _group(by["turn"]),
            "snapshot": _group(by["snapshot"]),
            "other": _group(by["other"]),
            "rewrite": _group(by["rewrite"]),
            "forced_rewrite": {"n": len(rw), "mean_ms": _ms(statistics.mean(r[0] for r in rw)),
                               "max_ms": _ms(max(r[0] for r in rw)), "bytes": rw[-1][1],
                               "erased": all(r[2] for r in rw), "max_alloc": max(r[3] for r in rw),
                               "least_free": min(r[4] for r in rw)} if rw else None,
            "load_fullest": {"ms": _ms(fullest[0][1]), "bytes": fullest[0][2]} if fullest else None,
            "load_after_rewrite": {"ms": _ms(loads[-1][1]), "bytes": loads[-1][2]} if -1 in loads else None,
            "matches_host": [r[3] for r in t["saves"]].count(1) == s["rewrites_expected"],
        }
    h = dev.get("heap", {})
    heap = {"free_before": h.get("before"), "store": h["before"] - h["store"] if h else None,
            "session": h["store"] - h["session"] if h else None, "free_after": h.get("session"),
            "free_end": dev.get("free_end")}
    overall = {k: _group(v) for k, v in every.items()}
    overall["forced_rewrite"] = {"n": len(forced_all), "mean_ms": _ms(statistics.mean(r[0] for r in forced_all)),
                                 "max_ms": _ms(max(r[0] for r in forced_all)),
                                 "min_bytes": min(r[1] for r in forced_all), "max_bytes": max(r[1] for r in forced_all),
                                 "max_alloc": max(r[3] for r in forced_all),
                                 "least_free": min(r[4] for r in forced_all)} if forced_all else None
    heap["image_alloc"] = dev.get("image")
    return {"continue": cont, "saves": saves, "overall": overall, "heap": heap}


def commit():
    try:
        c = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return c + ("+changes" if dirty else "")
    except OSError:
        return None


def main(argv=None):
    ap = argparse.ArgumentParser()
    near = [os.path.join(ROOT, *[".."] * k + ["shared", "rp2040"]) for k in (1, 2)]
    ap.add_argument("--rp2040", default=os.environ.get("SANBON_RP2040") or ([p for p in near if os.path.isdir(p)] + near)[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "saves.json"))
    ap.add_argument("--log", help="also write the runner's console lines there")
    a = ap.parse_args(argv)
    rp = os.path.abspath(a.rp2040)
    wall = time.time()
    subprocess.run([sys.executable, "-m", "tools.build"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    data, summaries = make_data.build()
    with tempfile.TemporaryDirectory() as tmp:
        drive = os.path.join(tmp, "drive")
        subprocess.run(["cp", "-r", os.path.join(ROOT, "dist", "CIRCUITPY"), drive], check=True)
        subprocess.run(["cp", os.path.join(HERE, "code.py"), os.path.join(drive, "code.py")], check=True)
        with open(os.path.join(drive, "savebench.bin"), "wb") as f:
            f.write(data)
        img = os.path.join(tmp, "drive.img")
        subprocess.run(["sh", os.path.join(rp, "mkimage.sh"), img, drive, "", os.path.join(rp, "circuitpy-blank.img")],
                       check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, RP2040JS_DIR=os.path.join(ROOT, "node_modules", "rp2040js"),
                   SCENARIO=os.path.join(HERE, "scenario.mjs"), CP_FS_IMAGE=img, MAX_WALL_S="3000", **RUNNER)
        p = subprocess.run(["node", os.path.join(rp, "runner.mjs")], cwd=tmp, env=env, capture_output=True, text=True)
    lines = p.stdout.splitlines()
    if a.log:
        with open(a.log, "w") as f:
            f.write(p.stdout)
    dev = parse(lines)
    if not dev["done"] or len(dev["titles"]) != len(make_data.TITLES):
        sys.stdout.write(p.stdout[-3000:] + p.stderr[-2000:])
        print("save bench: incomplete run")
        return 1
    out = {
        "command": "python -m tools.save_bench.run",
        "firmware": FIRMWARE,
        "runner": dict((k, int(v)) for k, v in RUNNER.items()),
        "date": datetime.date.today().isoformat(),
        "commit": commit(),
        "seed": make_data.SEED,
        "nvm": dev.get("nvm"),
        "run": {"wall_s": round(time.time() - wall, 1),
                "emulated_s": round(dev.get("stats", {}).get("emu_s", 0), 1),
                "flash": {k: dev.get("stats", {}).get("flash", {}).get(k) for k in ("erases", "programs", "programmedBytes")}},
    }
    out.update(summarize(dev, summaries))
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    for name, c in out["continue"].items():
        print("%-12s Continue %7.1f ms (snapshot %6.1f ms, %d actions replayed, %.2f ms each)%s" % (
            name, c["continue_ms"], c["snapshot_ms"], c["actions"], c["ms_per_action"] or 0,
            "" if c["restored_ok"] else "  RESTORED STATE DIFFERS"))
    o = out["overall"]
    print("append %.1f ms (max %.1f), snapshot append %.1f ms, rewrite %.1f ms, forced rewrite %.1f ms" % (
        o["turn"]["mean_ms"], o["turn"]["max_ms"], o["snapshot"]["mean_ms"], o["rewrite"]["mean_ms"],
        o["forced_rewrite"]["mean_ms"]))
    print("heap: store %(store)d B, session %(session)d B, free after %(free_after)d B" % out["heap"])
    print("wall %.0f s, emulated %.0f s; wrote %s" % (out["run"]["wall_s"], out["run"]["emulated_s"], os.path.relpath(a.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
