"""How often Okko's choices made for the player could have gone another way
(docs/rules/okko.md, "Turn and actions": issue 30's audit).

``python -m tools.okko_choices --games 300`` plays seeded games of two Steady
partners (seeds 50000 on) and counts: Tanuki Trickster's commits, and those
with two or more other enemies in the line (a choice of target); Shrine
Miko's commits, and those with both heroes injured (a choice of hero); the
two-card draws that brought a summoning card no summons before the action
could have used.
"""

import argparse

from engine.okko import actions as A
from engine.okko import bots
from engine.okko import cards as C
from engine.okko import data as D
from engine.okko.state import OkkoState
from engine.rng import Rng

SEED0 = 50000


def _summoner_in(hand):
    for c in hand:
        if c < D.SUPPORT0 and C.card_kind(c) != D.SPECIAL and C.card_fx(c) == D.FX_SUMMON:
            return True
    return False


def measure(games):
    n = {"tanuki": 0, "tanuki_choice": 0, "miko": 0, "miko_choice": 0, "draw2": 0, "draw2_new_summoner": 0}
    tanuki, heal = OkkoState._tanuki, OkkoState._heal_one

    def counted_tanuki(self, t):
        n["tanuki"] += 1
        n["tanuki_choice"] += len([e for e in self.line if e != t]) >= 2
        return tanuki(self, t)

    def counted_heal(self):
        n["miko"] += 1
        n["miko_choice"] += bool(self.injury[0] and self.injury[1])
        return heal(self)

    OkkoState._tanuki, OkkoState._heal_one = counted_tanuki, counted_heal
    try:
        for seed in range(SEED0, SEED0 + games):
            st = OkkoState(Rng(seed))
            rngs = (Rng(seed * 8 + 1), Rng(seed * 8 + 2))
            mem = (bytearray(16), bytearray(16))
            while not st.is_over():
                p, ph = st.current_player, st.phase
                a = bots.choose(st.observation(p), p, bots.NORMAL, rngs[p], mem[p], mem[1 - p])
                before = _summoner_in(st.hands[p])
                st.apply(a)
                if ph == A.P_ACTION and a == A.DRAW2:
                    n["draw2"] += 1
                    n["draw2_new_summoner"] += (not before and not st.summoned and not st.kami
                                                and _summoner_in(st.hands[p]))
    finally:
        OkkoState._tanuki, OkkoState._heal_one = tanuki, heal
    return n


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.okko_choices", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    a = ap.parse_args(argv)
    print(a.games, "games:", measure(a.games))


if __name__ == "__main__":
    main()
