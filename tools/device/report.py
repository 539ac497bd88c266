"""What a device run's console says: the figures and the checks.

A run gives its console lines as [(emulated ms, text)] and the plan's marks
as [(emulated ms, name)] (tools/device/plan.py). The app prints, with
SANBON_DEBUG = 1 (lib/sanbon/probe.py):

    sanbon mem: N free after WHAT      (gc.mem_free() after a collect)
    sanbon time: WHAT N ms             (a pass of the app loop, its refresh included)
"""

import re

MEM = re.compile(r"sanbon mem: (\d+) free after (.*)$")
TIME = re.compile(r"sanbon time: (.*) (\d+) ms$")
TROUBLE = re.compile(r"Traceback|MemoryError|Something went wrong|safe mode|Error:|error:")
KB = 1024
MENU_DRIFT_MAX = 4 * KB  # the menu before the last game: at most this much less free than before the first
OKKO_MIN_FREE = 20 * KB  # Okko's least free heap, anywhere in a chain, on 320x240
DECISION_WORST_MS = 1000
DECISION_MEDIAN_MS = 300
# Known shortfalls against those goals, in docs/BENCHMARKS.md (section 12):
# a title listed here may exceed the goal up to its guard without failing
# make device (the check says "short"), but never the guard (a regression).
# None now: Okko on 320x240 took up to 1.6 s a decision until each screen
# change became one full-screen pass and the toast kept its shapes (893 ms at
# fb6eee2, docs/BENCHMARKS.md section 12).
DECISION_GUARD_MS = {}


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def trouble(lines):
    """Console lines that say something went wrong (a traceback, a
    MemoryError, the app's recovery dialog, safe mode)."""
    return [t for _, t in lines if TROUBLE.search(t) and not MEM.search(t)]


def between(lines, t0, t1):
    return [(t, s) for t, s in lines if t0 <= t <= t1]


def mems(lines):
    out = []
    for t, s in lines:
        m = MEM.search(s)
        if m:
            out.append((int(m.group(1)), m.group(2), t))
    return out


def times(lines, kind):
    """The "sanbon time" figures of ``kind``: "decision", "press", "save",
    "save rewrite" or "screen" (any screen)."""
    out = []
    for _, s in lines:
        m = TIME.search(s)
        if m:
            what = m.group(1)
            if what == kind or (kind == "screen" and what.startswith("screen ")):
                out.append(int(m.group(2)))
    return out


def spread(xs):
    if not xs:
        return None
    return {"n": len(xs), "median": median(xs), "max": max(xs)}


def game(lines, t0, t1):
    """The figures of one game: from its mark to its end mark."""
    seg = between(lines, t0, t1)
    m = [x for x in mems(seg)]
    start = next((i for i, x in enumerate(m) if x[1] == "GameScreen"), 0)
    m = m[start:]  # from the game's first screen on (the setup before it is the menu's)
    per = {}
    for free, what, _ in m:
        k = "computer decision" if what.endswith("computer decision") else what
        per[k] = min(per.get(k, free), free)
    lo = min(m) if m else None
    screens = {}
    for _, s in seg:
        x = TIME.search(s)
        if x and x.group(1).startswith("screen "):
            name = x.group(1)[7:]
            screens[name] = max(screens.get(name, 0), int(x.group(2)))
    return {
        "least_free": lo[0] if lo else None,
        "least_free_at": lo[1] if lo else None,
        "least_free_per_screen": per,
        "decision_ms": spread(times(seg, "decision")),
        "decisions_all": times(seg, "decision"),
        "press_ms": spread(times(seg, "press")),
        "screen_ms": spread(times(seg, "screen")),
        "slowest_screen_ms": screens,
        "save_ms": spread(times(seg, "save")),
        "save_rewrite_ms": spread(times(seg, "save rewrite")),
        "emulated_s": round((t1 - t0) / 1000.0, 1),
    }


def menu_before(lines, t):
    """The free heap the main menu reported last before ``t``."""
    last = None
    for free, what, tt in mems(lines):
        if tt > t:
            break
        if what == "MainMenu":
            last = free
    return last


def restart_ms(lines, t0, t1):
    """From the "Loading" frame that leaves a game to the next main menu
    report (the soft reload and code.py's start), within [t0, t1]."""
    seg = mems(between(lines, t0, t1))
    a = next((tt for _, what, tt in seg if what == "LoadingScreen"), None)
    b = next((tt for _, what, tt in seg if what == "MainMenu" and a is not None and tt > a), None)
    return None if a is None or b is None else round(b - a)


def chain(lines, marks):
    """Per game of a chain run: its title, the menu's free heap before it,
    its figures, and the restart after it."""
    at = dict((name, t) for t, name in marks)
    games = []
    for t, name in marks:
        if re.match(r"^\d+_[a-z]+$", name):
            end = at.get(name + " end")
            if end is None:
                games.append({"name": name, "title": name.split("_", 1)[1], "finished": False})
                continue
            g = game(lines, t, end)
            g.update(name=name, title=name.split("_", 1)[1], finished=True, menu_before=menu_before(lines, t))
            back = at.get(name + " menu")
            g["restart_ms"] = restart_ms(lines, end, back) if back is not None else None
            games.append(g)
    return games


def checks(runs):
    """The issue's "what it must show" as (ok, what) pairs. ``runs``: the
    summary of every run (see tools/device/__main__.py)."""
    out = []
    for r in runs:
        bad = r["trouble"]
        out.append((not bad and r["ok"], "%s: %s%s" % (
            r["name"], "ran to its end, no trouble on the console" if not bad and r["ok"] else "FAILED",
            "" if r["ok"] else " (%s)" % r["why"]) + ("" if not bad else " (%s)" % bad[0])))
        games = r.get("games") or []
        if r["kind"] == "chain" and games:
            first, last = games[0].get("menu_before"), games[-1].get("menu_before")
            ok = first is not None and last is not None and last >= first - MENU_DRIFT_MAX
            out.append((ok, "%s: the main menu before the last game has %s B free, before the first %s B "
                            "(at most %d B less)" % (r["name"], last, first, MENU_DRIFT_MAX)))
            if r["board"] == "pico_display2":
                okko = [g["least_free"] for g in games if g["title"] == "okko" and g.get("finished")]
                ok = bool(okko) and min(okko) >= OKKO_MIN_FREE
                out.append((ok, "%s: Okko's least free heap %s B (at least %d B)" % (
                    r["name"], min(okko) if okko else None, OKKO_MIN_FREE)))
    pooled = {}
    for r in runs:
        for g in r.get("games") or []:
            if g.get("finished") and g.get("decisions_all"):
                pooled.setdefault(g["title"], []).extend(g["decisions_all"])
    for title in sorted(pooled):
        xs = pooled[title]
        ok = max(xs) <= DECISION_WORST_MS and median(xs) <= DECISION_MEDIAN_MS
        guard = DECISION_GUARD_MS.get(title)
        if not ok and guard and max(xs) <= guard and median(xs) <= DECISION_MEDIAN_MS:
            ok = SHORT
        out.append((ok, "%s: computer decisions with their screen update: median %s ms, worst %d ms, %d decisions "
                        "(goal: at most %d and %d ms%s)" % (
                            title, median(xs), max(xs), len(xs), DECISION_MEDIAN_MS, DECISION_WORST_MS,
                            "; a known shortfall, guarded at %d ms" % guard if guard else "")))
    return out


SHORT = "short"  # a check's status: the goal not met, a known shortfall within its guard
