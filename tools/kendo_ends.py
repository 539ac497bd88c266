"""How Kendo Duels between computer players end (docs/rules/kendo_duel.md,
"How a Duel ends").

``python -m tools.kendo_ends --games 400`` plays seeded Duels (the seeds of
tools/kendo_strength.py; in a mixed match the seats swap every other game)
for each line of MATCHES and prints how they ended: the last seat with cards
(R14), nobody able to attack with one seat holding the most cards (G7), a
draw on the most cards (G7), all out in the same exchange (G13); then, for
2-player matches, how many tied games saw no card pulled at all (no strike
ever landed) and what the hands held when nobody could attack.

``measure(levels, games)`` returns the figures of one match as data.
"""

import argparse
import sys

from engine.kendo import actions as A
from engine.kendo import bots
from engine.kendo import cards as C
from engine.kendo.state import KendoState
from engine.rng import Rng
from tools.kendo_strength import RANDOM, SEED0

N, H = bots.NORMAL, bots.HARD
MATCHES = (
    ("Normal x2", (N, N)), ("Hard x2", (H, H)), ("Hard v Normal", (H, N)), ("Random x2", (RANDOM, RANDOM)),
    ("Normal x3", (N, N, N)), ("Hard x3", (H, H, H)), ("Normal x4", (N, N, N, N)), ("Hard x4", (H, H, H, H)),
)
WAYS = ("last", "most", "tie", "all_out")


def _play(seed, levels):
    """A seeded Duel; returns (final state, cards pulled in it)."""
    st = KendoState(Rng(seed), len(levels))
    rngs = [Rng(seed * 8 + 1 + i) for i in range(len(levels))]
    pulls = 0
    while not st.is_over():
        s = st.current_player
        if levels[s] == RANDOM:
            a = rngs[s].choice(st.legal_actions())
        else:
            a = bots.choose(st.observation(s), s, levels[s], rngs[s])
        st.apply(a)
        pulls += sum(1 for e in st.events if e[0] == "pull")
    return st, pulls


def measure(levels, games):
    """{"last", "most", "tie", "all_out": games ended so; "tie_no_pull": tied
    games with no card pulled; "held": {card kind name: cards held when nobody
    could attack}; "games"}."""
    out = dict((w, 0) for w in WAYS)
    out.update(tie_no_pull=0, held={}, games=games)
    for g in range(games):
        lv = levels if g % 2 == 0 else levels[::-1]
        st, pulls = _play(SEED0 + g, lv)
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
        if way == "tie" and not pulls:
            out["tie_no_pull"] += 1
        for p in left:
            for c in st.hands[p]:
                k = C.KIND_NAMES[C.KIND[c]]
                out["held"][k] = out["held"].get(k, 0) + 1
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args(argv)
    for name, levels in MATCHES:
        m = measure(levels, args.games)
        n = m["games"]
        print("%-14s " % name + "  ".join("%s %d (%.0f%%)" % (w, m[w], 100.0 * m[w] / n) for w in WAYS))
        if len(levels) == 2:
            tot = sum(m["held"].values()) or 1
            held = sorted(m["held"].items(), key=lambda kv: -kv[1])
            print("%14s ties with no card pulled: %d of %d; held when nobody could attack: %s" % (
                "", m["tie_no_pull"], m["tie"], ", ".join("%s %.0f%%" % (k, 100.0 * v / tot) for k, v in held)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
