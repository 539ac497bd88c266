"""The ladder: every computer level of every game against a random player
and against the level below, seats swapped, with a Wilson 95% interval.

``python -m tools.ladder --games 400`` plays, for each game and mode of the
registry (tools/games/) that has computer levels and a bench label, 2-seat
games (the smallest table every mode allows, at least 2):

- a game of opponents (Kyudo, Kendo Duel, Competition): each level against
  ``random`` (a player choosing uniformly among the legal actions, with its
  own Rng) and against the level below it. Games go in pairs on one seed
  (the same deal), the seats swapped, so the first player's advantage
  cancels. Each rung counts the wins, losses and draws of the higher level
  and the win share of decided games with its Wilson interval;
- a team game (Okko: both seats win or lose together): each level as a
  pair (both seats that level) and a random pair, ``--games`` seeded games
  each; the pair's win rate with its interval and how often each board's
  final boss fell; against the level below, on the same seeds: the games
  this pair won and the lower one lost, against the reverse.

The levels come from the registry (``Variant.level_names()``, weakest first:
the levels the app offers in that mode), so a level added there joins the
ladder; each game starts with the mode's default house rules (``Variant.options``). A game is a team game when its
registry entry says ``team`` (or, until the registry has that attribute,
its key is in ``TEAM``). Seeds are fixed (game g of a rung: seed
``SEED0 + g // 2``; seat i's Rng ``seed * 8 + 1 + i``): the same command
prints the same figures, on any number of processes.

``run(games, procs, keys)`` returns the figures as data (the bench's
ladder section, tools/bench.py ``ladder_section``).
"""

import argparse
import datetime
import json
import math
import sys
import time

from tools import games as registry
from engine.rng import Rng

RANDOM = "random"
SEED0 = 31000
MAX_ACTIONS = 50000
Z95 = 1.959963984540054


def wilson(k, n, z=Z95):
    """The Wilson score interval (lo, hi) of k successes in n trials; (0, 1) for n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = float(k) / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def is_team(game):
    return bool(game.team)


def ladder_variants(keys=None):
    """The variants the ladder plays: those with a bench label whose game has
    levels and a bot (``keys``: variant names or game keys, any variant)."""
    out = []
    for v in registry.variants():
        g = v.game
        if not (g.levels and g.bot):
            continue
        if keys:
            if v.name in keys or g.key in keys:
                out.append(v)
        elif v.bench:
            out.append(v)
    return out


def label(variant):
    """The game's title, and the mode's label when the game has several."""
    g = variant.game
    return g.title if len(g.modes) == 1 else "%s (%s)" % (g.title, variant.label)


def seats(variant):
    return max(2, variant.players[0])


def rungs(variant):
    """(level, opponent) per rung: each level against random, then against
    the level below (weakest first). A team game: (level, level below or
    None) per pair, the random pair first."""
    names = variant.level_names()
    if is_team(variant.game):
        chain = [RANDOM] + names
        return [(lv, chain[i - 1] if i else None) for i, lv in enumerate(chain)]
    out = []
    for i, lv in enumerate(names):
        out.append((lv, RANDOM))
        if i:
            out.append((lv, names[i - 1]))
    return out


def _random_bot(rng):
    return lambda s: rng.choice(s.legal_actions())


def make_bot(game, level, seat, rng):
    if level == RANDOM:
        return _random_bot(rng)
    return game.bot(game.levels[level], seat, rng)


def play(variant, levels, seed):
    """One seeded game, one level name per seat; returns the final state."""
    g = variant.game
    state = g.new(Rng(seed), len(levels), variant.mode, variant.options)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    if g.team_bots and RANDOM not in levels:  # computer partners who talk (Okko's Court)
        bots = g.team_bots([g.levels[lv] for lv in levels], rngs)
    else:
        bots = [make_bot(g, lv, i, rngs[i]) for i, lv in enumerate(levels)]
    n = 0
    while not state.is_over():
        state.apply(bots[state.current_player](state))
        n += 1
        if n > MAX_ACTIONS:
            raise RuntimeError("%s: game on seed %d did not end" % (variant.name, seed))
    return state


def _job(job):
    """One game of a rung: (outcome for the first named level: 1 win, 0 draw,
    -1 loss; its seat); a team game: (1 won or 0, the finals that fell)."""
    name, a, b, g = job
    v = registry.variant(name)
    n = seats(v)
    if b is None or is_team(v.game):
        state = play(v, [a] * n, SEED0 + g)
        fin = getattr(state, "finals", None)
        return (1 if state.winner() else 0, [1 if x else 0 for x in fin] if fin is not None else [])
    seat = g % 2  # the pair on seed SEED0 + g // 2: a in seat 0, then seat 1
    levels = [b] * n
    levels[seat] = a
    w = play(v, levels, SEED0 + g // 2).winner()
    if len(w) != 1:
        return (0, seat)
    return (1 if w[0] == seat else -1, seat)


def _map(jobs, procs):
    if procs > 1 and len(jobs) > 1:
        import multiprocessing

        # spawn, not fork: the bench's process may have threads (its headless app)
        with multiprocessing.get_context("spawn").Pool(procs) as pool:
            return pool.map(_job, jobs, chunksize=max(1, len(jobs) // (procs * 8)))
    return [_job(j) for j in jobs]


def _versus(a, b, res):
    wins = sum(1 for r, _ in res if r > 0)
    losses = sum(1 for r, _ in res if r < 0)
    lo, hi = wilson(wins, wins + losses)
    return {"level": a, "vs": b, "games": len(res), "wins": wins, "losses": losses,
            "draws": len(res) - wins - losses, "rate": float(wins) / (wins + losses) if wins + losses else 0.0,
            "lo": lo, "hi": hi, "seat0_games": sum(1 for _, s in res if s == 0),
            "seat0_wins": sum(1 for r, s in res if r > 0 and s == 0)}


def _pair(a, res):
    wins = sum(r for r, _ in res)
    lo, hi = wilson(wins, len(res))
    boards = len(res[0][1]) if res else 0
    return {"level": a, "games": len(res), "wins": wins, "losses": len(res) - wins, "draws": 0,
            "rate": float(wins) / len(res) if res else 0.0, "lo": lo, "hi": hi,
            "finals": [sum(f[i] for _, f in res) for i in range(boards)], "outcomes": [r for r, _ in res]}


def run(games=400, procs=2, keys=None, out=None, team_games=None):
    """The ladder as data: {"games", "team_games", "seed0", "variants": [{"name", "label",
    "game", "seats", "team", "rungs": [...]}, ...]}. ``team_games``: the
    games of a team game's rung (default ``games``)."""
    games += games % 2
    team_games = team_games or games
    t0 = time.time()
    plan = []
    jobs = []
    for v in ladder_variants(keys):
        team = is_team(v.game)
        n = team_games if team else games
        for a, b in rungs(v):
            plan.append((v, a, b, len(jobs), n))
            jobs += [(v.name, a, None if team else b, g) for g in range(n)]
    res = _map(jobs, procs)
    variants = []
    by = {}
    for v, a, b, start, n in plan:
        r = res[start:start + n]
        e = by.get(v.name)
        if e is None:
            e = by[v.name] = {"name": v.name, "label": label(v),
                              "game": v.game.title, "seats": seats(v), "team": is_team(v.game), "rungs": []}
            variants.append(e)
        if e["team"]:
            rung = _pair(a, r)
            rung["vs"] = b
            if b is not None:  # the same seeds: this pair won where the lower lost, and the reverse
                low = next(x for x in e["rungs"] if x["level"] == b)["outcomes"]
                up = sum(1 for x, y in zip(rung["outcomes"], low) if x and not y)
                down = sum(1 for x, y in zip(rung["outcomes"], low) if y and not x)
                lo, hi = wilson(up, up + down)
                rung["paired"] = {"better": up, "worse": down, "rate": float(up) / (up + down) if up + down else 0.0,
                                  "lo": lo, "hi": hi}
        else:
            rung = _versus(a, b, r)
        rung["name"] = v.game.level_label(a)  # as the app names it
        rung["vs_name"] = v.game.level_label(b) if b is not None else None
        e["rungs"].append(rung)
        if out:
            out(line(e, rung))
    for e in variants:
        for rung in e["rungs"]:
            rung.pop("outcomes", None)
    return {"games": games, "team_games": team_games, "seed0": SEED0, "procs": procs, "seconds": time.time() - t0, "variants": variants,
            "date": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC")}


def pct(x):
    return "%.1f%%" % (100.0 * x)


def line(e, r):
    """One rung in one line of text."""
    if e["team"]:
        s = "%-26s %-9s pair: won %d of %d (%s, 95%% %s-%s), final bosses %s" % (
            e["label"], r["name"], r["wins"], r["games"], pct(r["rate"]), pct(r["lo"]), pct(r["hi"]),
            "/".join(str(x) for x in r["finals"]))
        p = r.get("paired")
        if p:
            s += "; vs %s on the same seeds: %d better, %d worse (%s, %s-%s)" % (
                r["vs_name"], p["better"], p["worse"], pct(p["rate"]), pct(p["lo"]), pct(p["hi"]))
        return s
    return "%-26s %-7s vs %-7s %d-%d-%d of %d (%s of decided, 95%% %s-%s)" % (
        e["label"], r["name"], r["vs_name"], r["wins"], r["losses"], r["draws"], r["games"], pct(r["rate"]),
        pct(r["lo"]), pct(r["hi"]))


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.ladder", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400, help="games per rung (default 400, rounded up to pairs)")
    p.add_argument("--team-games", type=int, help="games per rung of a team game (default: --games)")
    p.add_argument("--procs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--game", action="append", help="a game key or mode name (repeatable; default: every one)")
    p.add_argument("--json", help="also write the figures to this file")
    args = p.parse_args(argv)
    if args.games < 1 or args.procs < 1 or (args.team_games is not None and args.team_games < 1):
        p.error("--games, --team-games and --procs must be at least 1")
    d = run(args.games, args.procs, args.game, print, args.team_games)
    d["command"] = "python -m tools.ladder " + " ".join(argv if argv is not None else sys.argv[1:])
    print("total %.1f s" % d["seconds"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(d, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
