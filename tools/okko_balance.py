"""Okko balance: seeded games of two computer partners (engine/okko/bots.py).

``python -m tools.okko_balance --games 1000 --level 2`` plays that many
seeded games, both seats at the level, and prints the win rate, the days
used per board, how far the team got and how often each board's final boss
fell (and the middle ones), the encounters, peeks per game, enemies
defeated, the Court (flips, Spirit Jars held). Seeds are fixed (game g uses
seed SEED0 + g, or ``--seed0`` + g): the same command prints the same
figures. ``--detail`` adds the action mix. 1000 games take about 10-20 s on
two processes.

``--boss-path`` plays a variant of the partner that is never offered to
players: one that plays for the final bosses, heading for the last location
from the first turn of boards 2 and 3 (the shipped partner does so only
when the days left come within its margin of the way's need; board 1 is
played as the shipped partner plays it, its boss already falls in about 60%
of the games). It measures whether that path is a real choice (issue 30).
``--no-plan`` plays the partner with its plan switched off (margin 0 on
every board: it never heads for the last location because the days run
short), to measure whether the plan is worth its days (issue 30: it must
not win more than 3 points above Steady).

``measure(games, level, seed0=SEED0, boss_path=False, no_plan=False)``
returns the figures as data (for tests and the bench).
"""

import argparse
import sys
import time

from engine.okko import actions as A
from engine.okko import bots
from engine.okko import data as D
from engine.okko.state import OkkoState
from engine.rng import Rng

SEED0 = 7000
BOSS_PATH = b"\x00\x63\x63"  # bots._MARGIN of the --boss-path variant: always heading there on boards 2, 3
NO_PLAN = b"\x00\x00\x00"  # bots._MARGIN of the --no-plan variant: never heading there for the days
MAX_ACTIONS = 6000
KINDS = ("draw2", "fight line", "fight boss", "encounter", "move", "special", "rest", "jar",
         "summon")


def _kind(a):
    if a == A.DRAW2:
        return 0
    if a == A.FIGHT_LINE:
        return 1
    if a == A.FIGHT_BOSS:
        return 2
    if a == A.ENCOUNTER:
        return 3
    if A.MOVE <= a < A.JAR:
        return 4
    if A.SPECIAL <= a < A.SUMMON:
        return 5
    if a == A.REST:
        return 6
    if A.JAR <= a < A.SUPPORT:
        return 7
    return 8


def play(seed, levels=(bots.NORMAL, bots.NORMAL)):
    """One seeded game of two computer partners; returns its figures."""
    state = OkkoState(Rng(seed))
    rngs = (Rng(seed * 8 + 1), Rng(seed * 8 + 2))
    mem = (bytearray(16), bytearray(16))
    start = [None, None, None]
    reached = [0, 0, 0]
    enc = [0, 0, 0]
    acts = [0] * len(KINDS)
    peeks = [0, 0]
    bosses = [0] * 5
    spirit = None
    n = 0
    while not state.is_over():
        p = state.current_player
        ph = state.phase
        b = state.board
        a = bots.choose(state.observation(p), p, levels[p], rngs[p], mem[p], mem[1 - p])  # they talk at the Court
        state.apply(a)
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("game %d did not end" % seed)
        if ph == A.P_ACTION:
            acts[_kind(a)] += 1
        for ev in state.events:
            if ev[0] == "move":
                reached[b] = max(reached[b], ev[1])
            elif ev[0] == "encounter":
                enc[b] += 1
            elif ev[0] == "peek":
                peeks[ev[1]] += 1
            elif ev[0] == "boss":
                bosses[ev[1]] = 1
        if state.phase != A.P_HERO and state.phase < A.P_COURT and start[state.board] is None:
            start[state.board] = state.day
        if state.phase >= A.P_COURT and spirit is None:
            spirit = state.spirit_jars()
    return {
        "win": state.result == 1,
        "days": [state.board_days[b] - start[b] for b in range(3)],
        "reached": reached,
        "finals": list(state.finals),
        "encounters": enc,
        "peeks": state.peeks_total,
        "peeks_seat": peeks,
        "known": [sum(1 for x in m if x) for m in mem],
        "oni_known": [sum(1 for x in m if x == 2) for m in mem],
        "defeated": state.defeated_total,
        "spirit": spirit or 0,
        "bosses": bosses,
        "flips": sum(state.flipped),
        "actions": acts,
        "decisions": n,
    }


def _one(job):
    seed, level, margin = job
    keep = bots._MARGIN
    if margin:
        bots._MARGIN = margin
    try:
        return play(seed, (level, level))
    finally:
        bots._MARGIN = keep


def measure(games=1000, level=2, procs=2, seed0=SEED0, boss_path=False, no_plan=False):
    t = time.time()
    margin = BOSS_PATH if boss_path else NO_PLAN if no_plan else None
    jobs = [(seed0 + g, level, margin) for g in range(games)]
    if procs > 1:
        import multiprocessing

        with multiprocessing.Pool(procs) as pool:
            res = pool.map(_one, jobs, chunksize=10)
    else:
        res = [_one(j) for j in jobs]
    n = float(len(res))

    def mean(f):
        return sum(f(r) for r in res) / n

    return {
        "games": len(res),
        "level": level,
        "seed0": seed0,
        "boss_path": boss_path,
        "no_plan": no_plan,
        "wins": sum(1 for r in res if r["win"]),
        "final_falls": [sum(r["finals"][b] for r in res) for b in range(3)],
        "win_rate": mean(lambda r: r["win"]),
        "days": [mean(lambda r, b=b: r["days"][b]) for b in range(3)],
        "reached": [mean(lambda r, b=b: r["reached"][b]) for b in range(3)],
        "finals": [mean(lambda r, b=b: r["finals"][b]) for b in range(3)],
        "encounters": [mean(lambda r, b=b: r["encounters"][b]) for b in range(3)],
        "peeks": mean(lambda r: r["peeks"]),
        "peeks_min_seat": mean(lambda r: min(r["peeks_seat"])),
        "oni_known": mean(lambda r: sum(r["oni_known"])) / 2,
        "defeated": mean(lambda r: r["defeated"]),
        "flips": mean(lambda r: r["flips"]),
        "spirit": mean(lambda r: r["spirit"]),
        "bosses": [mean(lambda r, b=b: r["bosses"][b]) for b in range(5)],
        "actions": [mean(lambda r, k=k: r["actions"][k]) for k in range(len(KINDS))],
        "decisions": mean(lambda r: r["decisions"]),
        "seconds": time.time() - t,
    }


def wilson(k, n, z=1.96):
    """The Wilson 95% interval of k successes in n, as fractions."""
    if not n:
        return (0.0, 1.0)
    p = k / float(n)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4.0 * n * n)) ** 0.5) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _ci(rate, n):
    lo, hi = wilson(round(rate * n), n)
    return "%.1f%% [%.1f, %.1f]" % (100 * rate, 100 * lo, 100 * hi)


def report(f, out=print, detail=False):
    out("Okko balance: %d games (seeds %d-%d), two %s computer partners%s"
        % (f["games"], f["seed0"], f["seed0"] + f["games"] - 1,
           "Forgetful (3)" if f["level"] == bots.HARD else "Steady (2)",
           ", playing for the boss (--boss-path)" if f["boss_path"] else
           ", without the plan (--no-plan)" if f.get("no_plan") else ""))
    out("  win rate            %s (Wilson 95%%)" % _ci(f["win_rate"], f["games"]))
    out("  days used per board %s (squares the DAY token moved on each board: %d from"
        " square %d, more after a carry-over)"
        % (" / ".join("%.1f" % d for d in f["days"]), D.LAST_DAY - D.START, D.START))
    out("  location reached    %s (of 5)" % " / ".join("%.2f" % d for d in f["reached"]))
    out("  final boss falls    %s" % " / ".join(_ci(d, f["games"]) for d in f["finals"]))
    out("  middle boss falls   %.0f%% (board 2) / %.0f%% (board 3)"
        % (100 * f["bosses"][1], 100 * f["bosses"][3]))
    out("  encounters done     %s (of 4)" % " / ".join("%.2f" % d for d in f["encounters"]))
    out("  peeks per game      %.2f (the seat with fewer: %.2f); Oni known per seat %.2f"
        % (f["peeks"], f["peeks_min_seat"], f["oni_known"]))
    out("  enemies defeated    %.1f of 59" % f["defeated"])
    out("  Court flips         %.2f, Spirit Jars held at the Court %.2f" % (f["flips"], f["spirit"]))
    if detail:
        out("  actions per game    " + ", ".join(
            "%s %.1f" % (KINDS[k], v) for k, v in enumerate(f["actions"])))
        out("  decisions per game  %.0f" % f["decisions"])
    out("  (%.1f s)" % f["seconds"])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.okko_balance",
                                description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games (default 1000)")
    p.add_argument("--level", type=int, default=2, help="partner level, 2 Steady or 3 Forgetful")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--seed0", type=int, default=SEED0, help="the first game's seed (default %d)" % SEED0)
    p.add_argument("--boss-path", action="store_true",
                   help="the partner variant that heads for the last location from the start of boards 2"
                        " and 3 (tools only)")
    p.add_argument("--no-plan", action="store_true",
                   help="the partner with its plan switched off (margin 0 on every board; tools only)")
    p.add_argument("--detail", action="store_true", help="also the action mix")
    a = p.parse_args(argv)
    report(measure(a.games, a.level, a.procs, a.seed0, a.boss_path, a.no_plan), detail=a.detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
