"""How Kendo Duels between computer players end (docs/rules/kendo_duel.md,
"How a Duel ends").

``python -m tools.kendo_ends --games 400`` plays seeded Duels (the seeds of
tools/kendo_strength.py; in a mixed match the seats swap every other game)
for each line of MATCHES and prints how they ended: the last seat with cards
(R14), nobody able to attack with one seat holding the most cards (G7), a
draw on the most cards (G7), all out in the same exchange (G13); then, for
2-player matches, how many tied games saw no card pulled at all (no strike
ever landed) and what the hands held when nobody could attack.

``--options N`` plays with the engine's house-rule bits (8: the Duel's
"Rearm" rule, issue 30); ``--rule R`` with a candidate rule played on the
host only (tools/kendo_rules_try.py: ``strikes``, ``rearm:N:K``,
``counter``); ``--candidates`` measures every candidate of issue 30's
decision and prints a table. Every figure carries its Wilson 95% interval;
``length`` is the median number of exchanges (openings) and of actions.

``measure(levels, games, options=0, rule=None)`` returns the figures of one
match as data.
"""

import argparse
import sys

from engine.kendo import actions as A
from engine.kendo import bots
from engine.kendo import cards as C
from engine.rng import Rng
from tools.kendo_rules_try import choose, variant
from tools.kendo_strength import RANDOM, SEED0, wilson

N, H = bots.NORMAL, bots.HARD
MATCHES = (
    ("Normal x2", (N, N)), ("Hard x2", (H, H)), ("Hard v Normal", (H, N)), ("Random x2", (RANDOM, RANDOM)),
    ("Normal x3", (N, N, N)), ("Hard x3", (H, H, H)), ("Normal x4", (N, N, N, N)), ("Hard x4", (H, H, H, H)),
)
WAYS = ("last", "most", "tie", "all_out")
# issue 30, decision 3: the candidates measured (None: the rulebook's game)
CANDIDATES = (None, "strikes", "counter", "rearm:1:3", "rearm:2:3", "rearm:3:2", "rearm:0:1",
              "rearm:0:2", "rearm:0:3")


def _play(seed, levels, options=0, rule=None):
    """A seeded Duel; returns (final state, cards pulled by each seat,
    exchanges, actions)."""
    st = variant(rule)(Rng(seed), len(levels), options=options)
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    pulls = [0] * len(levels)
    opens = acts = 0
    while not st.is_over():
        s = st.current_player
        if levels[s] == RANDOM:
            a = rngs[s].choice(st.legal_actions())
        else:
            a = choose(st, s, levels[s], rngs[s])
        st.apply(a)
        acts += 1
        if acts > 20000:
            raise RuntimeError("game %d did not end" % seed)
        for e in st.events:
            if e[0] == "pull":
                pulls[e[1]] += 1
            elif e[0] == "open":
                opens += 1
    return st, pulls, opens, acts


def measure(levels, games, options=0, rule=None):
    """{"last", "most", "tie", "all_out": games ended so; "strikes": ties
    that the ``strikes`` rule decides (counted in "tie"); "tie_no_pull":
    tied games with no card pulled; "held": {card kind name: cards held
    when nobody could attack}; "exchanges", "actions": the median game
    length; "games"}."""
    out = dict((w, 0) for w in WAYS)
    out.update(tie_no_pull=0, strikes=0, held={}, games=games)
    ex = []
    ac = []
    for g in range(games):
        lv = levels if g % 2 == 0 else levels[::-1]
        st, pulls, opens, acts = _play(SEED0 + g, lv, options, rule)
        ex.append(opens)
        ac.append(acts)
        r = st.end_reason
        left = [p for p in range(st.players) if not st.eliminated[p]]
        if r == A.END_LAST:
            out["last"] += 1
            continue
        if not left:
            out["all_out"] += 1
            continue
        way = "most" if r == A.END_DEADLOCK else "tie"
        out[way] += 1
        if way == "tie":
            if not sum(pulls):
                out["tie_no_pull"] += 1
            w = st.winner()
            best = max(pulls[p] for p in w)
            if [pulls[p] for p in w].count(best) == 1:
                out["strikes"] += 1
        for p in left:
            for c in st.hands[p]:
                k = C.KIND_NAMES[C.KIND[c]]
                out["held"][k] = out["held"].get(k, 0) + 1
    ex.sort()
    ac.sort()
    out["exchanges"] = ex[len(ex) // 2]
    out["actions"] = ac[len(ac) // 2]
    return out


def summary(m, rule=None):
    """(draws, decided by play, length) of a measure(): each (count, share,
    low, high) but length, (median exchanges, median actions). Decided by
    play: the last seat with cards, or (rule ``strikes``) a tie on cards
    decided by strikes landed. Draws: ties (less those the strikes rule
    decides) and all out at once."""
    n = m["games"]
    s = m["strikes"] if rule == "strikes" else 0
    draws = m["tie"] - s + m["all_out"]
    play = m["last"] + s

    def f(k):
        lo, hi = wilson(k, n)
        return k, k / n, lo, hi

    return f(draws), f(play), (m["exchanges"], m["actions"])


def _pct(x):
    return "%d (%.1f%%, %.1f-%.1f%%)" % (x[0], 100 * x[1], 100 * x[2], 100 * x[3])


def candidates(games, out=print, matches=(("Normal x2", (N, N)), ("Normal x3", (N, N, N)),
                                          ("Normal x4", (N, N, N, N)))):
    """The candidate table of issue 30's decision 3: per candidate and
    match, draws, decided by play and the median length."""
    rows = []
    for rule in CANDIDATES:
        for name, levels in matches:
            m = measure(levels, games, 0, rule)
            d, p, ln = summary(m, rule)
            rows.append((rule or "rulebook", name, d, p, ln, m))
            if out:
                out("%-10s %-10s draws %s  by play %s  median %d exchanges, %d actions"
                    % (rule or "rulebook", name, _pct(d), _pct(p), ln[0], ln[1]))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--options", type=int, default=0, help="the engine's house-rule bits (8: Rearm)")
    ap.add_argument("--rule", default=None, help="a candidate rule (tools/kendo_rules_try.py)")
    ap.add_argument("--candidates", action="store_true", help="measure every candidate of issue 30")
    args = ap.parse_args(argv)
    if args.candidates:
        candidates(args.games)
        return 0
    for name, levels in MATCHES:
        m = measure(levels, args.games, args.options, args.rule)
        n = m["games"]
        d, p, ln = summary(m, args.rule)
        print("%-14s " % name + "  ".join("%s %d (%.0f%%)" % (w, m[w], 100.0 * m[w] / n) for w in WAYS))
        print("%14s draws %s; decided by play %s; median %d exchanges, %d actions" % ("", _pct(d), _pct(p), ln[0], ln[1]))
        if len(levels) == 2 and m["held"]:
            tot = sum(m["held"].values()) or 1
            held = sorted(m["held"].items(), key=lambda kv: -kv[1])
            print("%14s ties with no card pulled: %d of %d; held when nobody could attack: %s" % (
                "", m["tie_no_pull"], m["tie"], ", ".join("%s %.0f%%" % (k, 100.0 * v / tot) for k, v in held)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
