"""``make device``: the build on an emulated Pico with real CircuitPython.

    python -m tools.device [--full] [--only NAME] [--no-docs]

Makes the bundle (tools.bundle: the build, zipped as `make bundle` does),
unpacks it and boots the drive its CIRCUITPY/ folder makes: runs the device
checks (tools/device/plan.py) on the emulated Pico (tools/device/emu.mjs,
two at a time), the same plans in the simulator, and compares their screens
shot by shot. Writes docs/device.json and section 12 of docs/BENCHMARKS.md,
and exits non-zero when a check fails. The firmware comes from SANBON_CP_UF2 and
SANBON_RP2040_BOOTROM (tools/device/emu.py says how to get it).

CI's set (about 20 minutes on 2 cores): the six-game chain on the 240x135
screen; one game of each title on the 320x240 screen; the tour, the
pass-and-play hand-over and Continue after a power cycle on the 240x135
screen; a first power-on (the drive without boot_out.txt) on each screen.
Every other run boots a drive that holds the boot_out.txt this firmware
writes, as a Pico does at every power-on after its first (emu.boot_out).
``--full`` (make device FULL=1) plays the six-game chain on both
screens (in two orders), and the tour, hand-over and Continue on both.
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

from tools.device import emu, plan, report

ROOT = emu.ROOT
WORK = os.path.join(ROOT, ".cache", "device")
JSON_OUT = os.path.join(ROOT, "docs", "device.json")
NORESTART_JSON = os.path.join(ROOT, "docs", "device_norestart.json")
SHOTS_DOC = os.path.join(ROOT, "docs", "screenshots", "device")
STEPS = os.path.join(emu.HERE, "scenarios", "steps.mjs")
SEED = 16  # SANBON_SEED on the device and --seed in the simulator: the same games on both
CHAIN2 = ("okko", "kyudo", "kendo", "kendo", "okko", "kyudo")  # --full: the 320x240 chain, another order


def runs(full):
    """The runs as (name, board, kind, plan, after): ``after`` names the run
    whose NVM this one starts from (a power cycle in between). The longest
    first: two run at a time."""
    out = [("chain_240x135", "pico_display", "chain", plan.chain(plan.CHAIN), None)]
    if full:
        out.append(("chain_320x240", "pico_display2", "chain", plan.chain(CHAIN2), None))
    else:
        out.append(("titles_320x240", "pico_display2", "chain", plan.chain(("kyudo", "kendo", "okko")), None))
    for board, size in (("pico_display", "240x135"),) + ((("pico_display2", "320x240"),) if full else ()):
        out.append(("tour_" + size, board, "tour", plan.tour(), None))
        out.append(("handover_" + size, board, "handover", plan.handover(), None))
        out.append(("continue_" + size, board, "continue", plan.continued(), "handover_" + size))
    for board, size in (("pico_display2", "320x240"), ("pico_display", "240x135")):
        # a drive without boot_out.txt: the first power-on after the firmware is installed
        out.append(("firstboot_" + size, board, "firstboot", {"steps": plan.boot()}, None))
    return out


def build():
    """The drive the runs boot: `make bundle`'s zip (tools.bundle: the build,
    zipped), made in .cache/device/bundle, and its CIRCUITPY/ folder unpacked
    from it into .cache/device/drive: what a maker copies onto CIRCUITPY.
    Returns that folder (fat.make_image images it)."""
    from tools import bundle

    out = os.path.join(WORK, "bundle")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "tools.bundle", "--out", out, "--build", os.path.join(WORK, "build")],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return bundle.unpack(os.path.join(out, zip_name()), os.path.join(WORK, "drive"))


def zip_name():
    """The bundle's file name (sanbon-<version>-circuitpython-10.zip)."""
    from tools import bundle

    return bundle.name(bundle.version()) + ".zip"


def run_device(spec, build_dir, nvms, done):
    name, board, kind, p, after = spec
    extra = "SANBON_SEED = %d" % SEED
    if kind == "norestart":
        extra += "\nSANBON_RESTART = 0"
    shots = os.path.join(WORK, "shots", name)
    shutil.rmtree(shots, ignore_errors=True)
    os.makedirs(shots)
    path = os.path.join(WORK, name + ".plan.json")
    with open(path, "w") as f:
        json.dump(p, f)
    nvm_in = None
    if after:
        done[after].result()  # wait for the run before the power cycle
        nvm_in = nvms.get(after)
    t = time.time()
    r = emu.run(STEPS, board, build_dir, nvm_in=nvm_in, params={"plan": path}, shots=shots,
                settings_extra=extra, timeout_s=40 * 60, first_boot=kind == "firstboot")
    nvms[name] = r.nvm
    res = r.result if isinstance(r.result, dict) else {}
    marks = [(m["t"], m["name"]) for m in res.get("marks", [])]
    summary = {
        "name": name, "board": board, "kind": kind, "ok": bool(res.get("ok")) and r.ok,
        "why": res.get("why") or r.error or ("" if r.ok else "emu.mjs exit %s (log %s)" % (r.returncode, r.log)),
        "trouble": report.trouble(r.lines), "wall_s": round(time.time() - t),
        "emulated_s": round(r.stats.get("emu_s", 0), 1) if r.stats else None,
        "stats": r.stats, "shots": res.get("shots", []),
        "boot_menu_free": next((f for f, w, _ in report.mems(r.lines) if w == "MainMenu"), None),
        "boot_menu_ms": next((round(t) for f, w, t in report.mems(r.lines) if w == "MainMenu"), None),
    }
    if kind in ("chain", "norestart"):
        summary["games"] = report.chain(r.lines, marks)
    summarize_passes(summary, r.lines)
    summary["save_ms"] = report.spread(report.times(r.lines, "save"))
    summary["save_rewrite_ms"] = report.spread(report.times(r.lines, "save rewrite"))
    with open(os.path.join(WORK, name + ".console.txt"), "w") as f:
        f.write("".join("[%.3f] %s\n" % (t / 1000.0, s) for t, s in r.lines))
    print("device: %s on %s: %s in %d s of wall time%s" % (
        name, board, "ok" if summary["ok"] else "FAILED", summary["wall_s"],
        "" if summary["ok"] else " (%s)" % summary["why"]), flush=True)
    return summary


def summarize_passes(summary, lines):
    """The run's passes by kind, their split and the boot, from its console."""
    ps = report.passes(lines)
    summary["passes"] = {k: ps[k] for k in ("press", "move", "screen", "decision", "start")}
    summary["profile"] = {k: report.split(v) for k, v in ps["parts"].items()}
    summary["boot"] = report.boot(lines)
    summary["press_ms"] = report.spread(ps["press"])
    summary["screen_ms"] = report.spread(ps["screen"])


def console(name):
    """A run's console as (emulated ms, text) from .cache/device, or None."""
    import re

    path = os.path.join(WORK, name + ".console.txt")
    if not os.path.exists(path):
        return None
    out = []
    with open(path) as f:
        for row in f:
            m = re.match(r"\[([\d.]+)\] (.*)$", row.rstrip("\n"))
            if m:
                out.append((float(m.group(1)) * 1000, m.group(2)))
    return out


def run_sim(specs):
    """The same plans in the simulator, with the same seed; its shots."""
    nvms = {}
    for name, board, kind, p, after in specs:
        shots = os.path.join(WORK, "sim", name)
        shutil.rmtree(shots, ignore_errors=True)
        os.makedirs(shots)
        nvm = os.path.join(WORK, "sim", name + ".nvm")
        if after:
            shutil.copy(nvms[after], nvm)
        elif os.path.exists(nvm):
            os.remove(nvm)
        plan.in_sim(p, board, shots=shots, seed=SEED, nvm_path=nvm)
        nvms[name] = nvm


def compare(specs, summaries):
    """Every device shot against the simulator's of the same step: the
    pixels that differ in RGB565 (the panel's colours)."""
    from tools.device import pixels

    out = []
    for (name, board, kind, p, after), s in zip(specs, summaries):
        for shot in s["shots"]:
            a = os.path.join(WORK, "shots", name, shot + ".png")
            b = os.path.join(WORK, "sim", name, shot + ".png")
            if not os.path.exists(b):
                out.append({"run": name, "shot": shot, "differ": None, "why": "no simulator shot"})
                continue
            d = pixels.diff(a, b, os.path.join(WORK, "diff", name, shot + ".png"))
            d.update(run=name, shot=shot)
            out.append(d)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.device", description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="the six-game chain on both screens (the benchmarks)")
    ap.add_argument("--only", help="run only the runs whose name starts with this")
    ap.add_argument("--compare", action="store_true",
                    help="only the six-game chain with the restart between games turned off (SANBON_RESTART = 0), "
                         "into docs/device_norestart.json: what the restart saves")
    ap.add_argument("--recheck", action="store_true",
                    help="judge the last run again (docs/device.json and its shots in .cache/device) and rewrite the docs")
    ap.add_argument("--no-docs", action="store_true", help="do not write docs/device.json and BENCHMARKS.md")
    a = ap.parse_args(argv)
    if a.recheck:
        return recheck()
    try:
        emu.firmware()
    except emu.MissingFirmware as e:
        print("make device: %s" % e, file=sys.stderr)
        return 2
    os.makedirs(WORK, exist_ok=True)
    t0 = time.time()
    at = commit()  # the commit measured (later commits may land while it runs)
    specs = runs(a.full)
    if a.compare:
        specs = [("norestart_320x240", "pico_display2", "norestart", plan.chain(CHAIN2), None)]
    if a.only:
        keep = {s[0] for s in specs if s[0].startswith(a.only)}
        keep |= {s[4] for s in specs if s[0] in keep and s[4]}
        specs = [s for s in specs if s[0] in keep]
    build_dir = build()
    nvms, done = {}, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for spec in specs:  # a run after a power cycle waits for its first half
            done[spec[0]] = pool.submit(run_device, spec, build_dir, nvms, done)
        summaries = [done[s[0]].result() for s in specs]
    frames = []
    if not a.compare:  # the same plans in the simulator, and their screens compared
        run_sim(specs)
        frames = compare(specs, summaries)
    results = report.checks(summaries) + (pixel_checks(frames) if frames else []) + continue_checks(summaries)
    for ok, what in results:
        print("device: %s %s" % ("ok  " if ok is True else "SHORT" if ok == report.SHORT else "FAIL", what))
    d = {
        "command": "make device" + (" FULL=1" if a.full else ""),
        "date": time.strftime("%Y-%m-%d"), "commit": at, "wall_s": round(time.time() - t0),
        "seed": SEED, "drive": zip_name(), "runs": summaries, "frames": frames,
        "checks": [{"ok": ok is True, "short": ok == report.SHORT, "what": what} for ok, what in results],
    }
    if a.compare:
        with open(NORESTART_JSON, "w") as f:
            json.dump(d, f, indent=1, sort_keys=True)
            f.write("\n")
        print("device: wrote %s" % os.path.relpath(NORESTART_JSON, ROOT))
        return 0 if summaries[0]["games"] else 1
    if not a.no_docs and not a.only:
        write_docs(d)
    failed = [w for ok, w in results if not ok]
    print("device: %d checks, %d failed, %d s" % (len(results), len(failed), time.time() - t0))
    return 1 if failed else 0


def recheck():
    """The checks of docs/device.json's runs again, after a change to the
    limits or the known differences (the runs themselves are not repeated)."""
    with open(JSON_OUT) as f:
        d = json.load(f)
    for r in d["runs"]:  # the passes again from the run's console, where .cache/device still has it
        lines = console(r["name"])
        if lines:
            summarize_passes(r, lines)
    results = report.checks(d["runs"]) + pixel_checks(d["frames"]) + continue_checks(d["runs"])
    d["checks"] = [{"ok": ok is True, "short": ok == report.SHORT, "what": what} for ok, what in results]
    for ok, what in results:
        print("device: %s %s" % ("ok  " if ok is True else "SHORT" if ok == report.SHORT else "FAIL", what))
    write_docs(d)
    return 1 if [w for ok, w in results if not ok] else 0


def pixel_checks(frames):
    from tools.device import pixels

    out = []
    for f in frames:
        known = pixels.known(f["run"], f["shot"])
        if f["differ"] == 0:
            continue
        out.append((known is not None, "%s/%s: %s pixels differ from the simulator's%s" % (
            f["run"], f["shot"], f["differ"], " (known: %s)" % known if known else "")))
    same = sum(1 for f in frames if f["differ"] == 0)
    out.append((same > 0, "%d of %d device screens are pixel-identical to the simulator's" % (same, len(frames))))
    return out


def continue_checks(summaries):
    """The hand after the power cycle is the hand before it, pixel for pixel."""
    from tools.device import pixels

    out = []
    for s in summaries:
        if s["kind"] != "continue":
            continue
        size = s["name"].split("_", 1)[1]
        a = os.path.join(WORK, "shots", "handover_" + size, "hand.png")
        b = os.path.join(WORK, "shots", s["name"], "hand_after_reboot.png")
        n = pixels.diff(a, b)["differ"] if os.path.exists(a) and os.path.exists(b) else None
        out.append((n == 0, "%s: Continue after a power cycle shows the hand as it was (%s pixels differ)" % (
            s["name"], n)))
    return out


def commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return "?"


def write_docs(d):
    with open(JSON_OUT, "w") as f:
        json.dump(d, f, indent=1, sort_keys=True)
        f.write("\n")
    os.makedirs(SHOTS_DOC, exist_ok=True)
    for run, shot in (("chain_240x135", "menu"), ("chain_240x135", "3_okko_end"), ("tour_240x135", "kyudo_kept"),
                      ("handover_240x135", "hand"), ("titles_320x240", "3_okko_end"), ("chain_320x240", "1_okko_end")):
        src = os.path.join(WORK, "shots", run, shot + ".png")
        if os.path.exists(src):
            shutil.copy(src, os.path.join(SHOTS_DOC, "%s_%s.png" % (run, shot)))
    from tools import bench

    bench.splice_device_section()
    print("device: wrote %s and docs/BENCHMARKS.md section 12" % os.path.relpath(JSON_OUT, ROOT))


if __name__ == "__main__":
    sys.exit(main())
