"""Where a pass of the app's loop spends its time, on the emulated Pico.

    python -m tools.device.profile [--board pico_display2] [--games kyudo,kendo,okko]
                                   [--play-s N] [--build DIR] [--label after] [--no-docs]

Boots the build (tools/device, SANBON_DEBUG = 1) and plays a plan: the main
menu and Settings by presses, then each game's setup, and its computer seats
play it to its end (or, with --play-s N, for N emulated seconds). Every pass
the app reports ("sanbon time" with its parts, lib/sanbon/probe.py) is
split into:

- bot: the computer's choice (engine and bot code), before its screen update;
- gc: the app's gc.collect() between screens;
- refresh: displayio's refresh, which composes the changed pixels and sends
  them; its SPI share is the pixels' wire time at the panel's clock (the
  rest is composition);
- python: the rest (button handling, the screen's update, the engine's apply).

The pixels each pass pushed come from the emulator's log of the panel's
RAMWR windows (SANBON_LCD_LOG, tools/device/emu.mjs). Boot is split at
code.py's start (SANBON_DEBUG's "sanbon boot" line): the firmware's share
before it, ours after it up to the main menu's first frame.

The figures go into docs/profile.json under --label ("before" for a build of
the commit before a change, "after" for the change's), which docs/BENCHMARKS.md
section 12 shows side by side.
"""

import argparse
import json
import os
import re
import sys
import tempfile

from tools.device import emu, plan, report

OLD_PARTS = re.compile(r"sanbon parts: bot (\d+) gc (\d+) refresh (\d+)$")
SPI_HZ = 62_500_000
DOC = os.path.join(emu.ROOT, "docs", "profile.json")  # boards/_common.py SPI_BAUDRATE: 16 bits a pixel


def profile_plan(games=("kendo",), play_s=0):
    """Boot, the menus by presses, then each game's computer seats to the
    game's end (or for ``play_s`` emulated seconds, then Quit)."""
    steps = plan.boot() + list(plan.INSTANT)
    steps += [{"press": "Y,Y,X,X,Y,X,Y"}, {"shot": "moved"}, {"press": "X"}, {"mark": "menus"}]
    for i, g in enumerate(games):
        steps += [{"mark": "setup_" + g}, {"press": plan.SETUP[g]}, {"press": "X,Y"}, {"press": "A"},
                  {"wait": "after GameScreen$", "s": 300}]
        if play_s:
            steps += [{"sleep": play_s * 1000}]
            if i + 1 == len(games):
                break  # the last: nothing to leave for
            steps += list(plan.QUIT)
        else:
            steps += [{"play": g, "s": plan.PLAY_S}, {"press": plan.TO_MENU}]
        steps += [{"wait": "after MainMenu$", "s": plan.BOOT_S}]
    return {"steps": steps}


def passes(lines, lcd, marks=()):
    """Each reported pass: (kind, total ms, bot, gc, refresh, pixels, RAMWR
    windows, the plan's last mark before it). Kinds: press, screen, decision,
    loading (a "Loading" frame) and start (the game's first frame after it)."""
    out = []
    loading = False
    for i, (t, s) in enumerate(lines):
        m = report.TIME.search(s)
        if not m or m.group(1).startswith("save"):
            continue
        what = m.group(1)
        kind = "screen" if what.startswith("screen ") else what
        if what == "screen LoadingScreen":  # as tools/device/report.py's passes(): a game's start
            kind = "loading" if not loading else "replay"
            loading = True
        elif kind == "screen" and loading:
            kind, loading = ("screen" if what == "screen MainMenu" else "start"), False
        ms = int(m.group(2))
        if m.group(3) is not None:
            bot, gc, refresh = (int(m.group(i)) for i in (3, 4, 5))
        else:  # a build from before the split joined the time line: its own line
            parts = None
            for _, s2 in lines[i + 1:i + 4]:
                parts = OLD_PARTS.search(s2)
                if parts:
                    break
            if parts is None:
                continue
            bot, gc, refresh = (int(x) for x in parts.groups())
        # the pass ended just before its line: its pixels went out in (t - ms - reports, t]
        t0, t1 = t - ms - 60, t
        px = wins = 0
        for tw, n in lcd:
            if t0 <= tw <= t1:
                px += n
                wins += 1
        seg = ""
        for tm, name in marks:
            if tm <= t:
                seg = name
        out.append((kind, ms, bot, gc, refresh, px, wins, seg))
    return out


def read_lcd(path):
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for row in f:
            us, x0, x1, y0, y1 = (int(v) for v in row.split())
            out.append((us / 1000.0, (x1 - x0 + 1) * (y1 - y0 + 1)))
    return out


BOOT = re.compile(r"sanbon boot: code.py at (\d+) ms, menu at (\d+) ms")


def boot_split(lines):
    """(power-on to code.py, code.py to the main menu's first frame) in ms:
    the first boot's (sanbon boot, lib/sanbon/probe.py)."""
    for _, s in lines:
        m = BOOT.search(s)
        if m:  # supervisor.ticks_ms() starts 65,536 ms before its wrap at 2**29
            a, b = ((int(m.group(i)) - (1 << 29) + 65536) & ((1 << 29) - 1) for i in (1, 2))
            return a, b - a
    return None


def table(rows, per_game=False):
    """Per kind (and per game, for computer decisions and the game's own
    presses and screens): the median pass and its split."""
    by = {}
    for r in rows:
        key = r[0]
        if per_game and r[7].startswith("setup_"):
            key = "%s %s" % (r[7][6:], r[0])
        by.setdefault(key, []).append(r)
    out = {}
    for kind, rs in sorted(by.items()):
        med = lambda k: report.median([r[k] for r in rs])  # noqa: E731
        px = med(5)
        refresh = med(4)
        wire = px * 16 / SPI_HZ * 1000 if px else 0
        out[kind] = {
            "n": len(rs), "total": med(1), "worst": max(r[1] for r in rs), "bot": med(2), "gc": med(3),
            "refresh": refresh, "python": report.median([r[1] - r[2] - r[3] - r[4] for r in rs]),
            "pixels": px, "windows": med(6), "spi_ms": round(wire, 1),
            "us_per_pixel": round(refresh * 1000 / px, 2) if px else None,
        }
    return out


def run(board, build_dir, games, play_s, keep=None):
    work = tempfile.mkdtemp(prefix="sanbon-profile-")
    lcd = os.path.join(work, "lcd.tsv")
    path = os.path.join(work, "plan.json")
    with open(path, "w") as f:
        json.dump(profile_plan(games, play_s), f)
    r = emu.run(os.path.join(emu.HERE, "scenarios", "steps.mjs"), board, build_dir,
                params={"plan": path}, shots=os.path.join(work, "shots"),
                settings_extra="SANBON_SEED = 16", timeout_s=30 * 60, env={"SANBON_LCD_LOG": lcd})
    if keep:
        with open(keep, "w") as f:
            f.write("".join("[%.3f] %s\n" % (t / 1000.0, s) for t, s in r.lines))
    marks = [(m["t"], m["name"]) for m in (r.result or {}).get("marks", [])] if isinstance(r.result, dict) else []
    rows = passes(r.lines, read_lcd(lcd), marks)
    return {"board": board, "ok": r.ok, "boot_ms": boot_split(r.lines), "passes": table(rows),
            "per_game": table(rows, per_game=True), "trouble": report.trouble(r.lines)}


def qstrs(build_dir, boards, games):
    """Each game's room for new names before the qstr pool's next block, on
    the device at its first computer decision (printed)."""
    steps = plan.boot() + list(plan.INSTANT)
    for g in games:
        steps += [{"press": plan.SETUP[g]}, {"press": "A"}, {"wait": "sanbon qstrs: ", "s": 600},
                  {"sleep": 500}] + list(plan.QUIT) + [{"wait": "after MainMenu$", "s": plan.BOOT_S}]
    work = tempfile.mkdtemp(prefix="sanbon-qstrs-")
    path = os.path.join(work, "plan.json")
    with open(path, "w") as f:
        json.dump({"steps": steps}, f)
    out = {}
    for board in boards:
        r = emu.run(os.path.join(emu.HERE, "scenarios", "steps.mjs"), board, build_dir, params={"plan": path},
                    shots=os.path.join(work, "shots"), settings_extra="SANBON_SEED = 16\nSANBON_QSTRS = 1",
                    timeout_s=30 * 60)
        found = [s for _, s in r.lines if s.startswith("sanbon qstrs: ")]
        out[board] = dict(zip(games, found))
        print("%s: %s" % (board, out[board]))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.device.profile", description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", choices=sorted(emu.BOARDS))
    ap.add_argument("--games", default="kyudo,kendo,okko", help="comma-separated; empty: the menus only")
    ap.add_argument("--play-s", type=int, default=0, help="play each game this long, then quit (0: to its end)")
    ap.add_argument("--build", help="a built CIRCUITPY folder (default: build one)")
    ap.add_argument("--label", default="after", help="the name of these figures in docs/profile.json")
    ap.add_argument("--commit", help="the commit the build is of (default: HEAD)")
    ap.add_argument("--no-docs", action="store_true", help="print only; do not write docs/profile.json")
    ap.add_argument("--qstrs", action="store_true",
                    help="instead: how many more names each game can intern before the qstr pool's next block, "
                         "at its first computer decision (SANBON_QSTRS = 1, lib/sanbon/probe.py room())")
    a = ap.parse_args(argv)
    from tools.device.__main__ import build
    import concurrent.futures

    build_dir = a.build or build()
    boards = a.board or ["pico_display2", "pico_display"]
    if a.qstrs:
        return qstrs(build_dir, boards, [g for g in a.games.split(",") if g])
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        res = list(pool.map(lambda b: run(b, build_dir, [g for g in a.games.split(",") if g], a.play_s,
                                          keep=os.path.join(emu.ROOT, ".cache", "profile_%s.txt" % b)), boards))
    print(json.dumps(res, indent=1))
    if not a.no_docs:
        from tools.device.__main__ import commit

        doc = {}
        if os.path.exists(DOC):
            with open(DOC) as f:
                doc = json.load(f)
        import time

        doc[a.label] = {"commit": a.commit or commit(), "date": time.strftime("%Y-%m-%d"),
                        "games": a.games, "play_s": a.play_s, "runs": res}
        with open(DOC, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
            f.write("\n")
        print("profile: wrote %s (%s)" % (os.path.relpath(DOC, emu.ROOT), a.label))
    return 0 if all(r["ok"] for r in res) else 1


if __name__ == "__main__":
    sys.exit(main())
