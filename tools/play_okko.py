"""Okko in the terminal: computer partners, human seats or both, as a readable log.

``play(seats, seed, out)`` plays one seeded game (``seats``: one per seat,
"human" or a computer level, "normal"/"hard" or 2/3) and writes the log to
``out`` (a file-like object with ``write``, or a callable taking a line;
default stdout): the boards, every turn (who, the day, where the team is,
the line), the actions (engine/okko/actions.describe, with names from
engine/okko/names.py), and what they did: enemies, fights, injuries,
encounters, jars, exploration cards and moves, supports, peeks, the end of
each board, the Court flips and the result. Returns the final state (None
if a human's input ended).

A human seat sees the table (hands are open, G23) and a numbered list of
its legal actions, read from ``inp``; its peek shows the token in its own
view only. What a peek showed, which square a partner peeked and what the
computer partners remember are secrets: the log prints a seat's only when
that seat is the one human at the terminal, or everyone's with ``reveal``
(marked); with two human seats a hand-over line comes before each peek's
view (tools/play.py's Table). tools/play.py wires it as
``python -m tools.play okko --seats human,normal --seed N``.

Running this module directly: ``python -m tools.play_okko [--seats normal,hard] [--seed N]``.
"""

import argparse
import sys

from engine.okko import actions as A
from engine.okko import bots
from engine.okko import cards as C
from engine.okko import names as N
from engine.okko.state import OkkoState
from engine.rng import Rng

HUMAN = "human"
LEVELS = {"normal": bots.NORMAL, "hard": bots.HARD, 2: bots.NORMAL, 3: bots.HARD}


def _writer(out):
    if out is None:
        out = sys.stdout
    if hasattr(out, "write"):
        return lambda line: out.write(line + "\n")
    return out


def _square(q):
    return "r%dc%d" % (q // 4 + 1, q % 4 + 1)


def _card(c):
    k = C.card_kind(c)
    name = C.card_name(c)
    if k == 2 or k == 3:  # Special, Item
        return name
    return "%s (F%d I%d %s)" % (name, C.card_f(c), C.card_i(c), N.ELEMENT_NAMES[C.card_element(c)])


def _enemy(e):
    return "%s (F%d I%d)" % (C.enemy_name(e), C.enemy_f(e), C.enemy_i(e))


def _boss(b):
    return "%s (F%d I%d)" % (C.boss_name(b), C.boss_field(b, 2), C.boss_field(b, 3))


def _loc(board, loc):
    return N.LOC_NAMES[board * 6 + loc]


class _Log:
    def __init__(self, state, kinds, say):
        self.s = state
        self.kinds = kinds
        self.say = say
        self.turn = 0

    def who(self, seat):
        h = self.s.heroes[seat]
        return "P%d" % (seat + 1) + ("" if h == 255 else " (%s)" % C.hero_name(h))

    def header(self):
        s = self.s
        self.turn += 1
        self.say("--- Turn %d: %s, day %d, at %s, bank %d, line %d, hands %d/%d ---" % (
            self.turn, self.who(s.active), s.day, _loc(s.board, s.loc), s.bank, len(s.line),
            len(s.hands[0]), len(s.hands[1])))

    def describe(self, before, action):
        """The action in words (before it is applied)."""
        s = before
        if A.MOVE <= action < A.JAR:
            ar = C.arrows(s.board)
            i = action - A.MOVE
            return "moves towards %s (%s arrow, %d)" % (
                _loc(s.board, ar[i * 4 + 1]), "red" if ar[i * 4 + 2] else "yellow", ar[i * 4 + 3])
        if A.PEEK <= action < A.FLIP:
            return "peeks at a Court token"  # the public words (secret(): the square)
        if A.FLIP <= action < A.GIVE:
            return "flips the token on %s" % _square(action - A.FLIP)
        if action == A.FIGHT_LINE:
            return "fights the line (newest: %s)" % _enemy(s.line[-1])
        if action == A.FIGHT_BOSS:
            b = C.location(s.board, s.loc, 5)
            return "fights the boss %s" % _boss(b)
        if A.TOGGLE <= action < A.DISCARD:
            return "commits " + _card(action - A.TOGGLE)
        if action == A.TOGGLE_HERO:
            return "commits the hero" if not s.sel_hero else "takes the hero back"
        if action == A.CANCEL:
            return "stops (the action ends)" if s.done else "cancels"
        if action == A.CONFIRM:
            what = [_card(c) for c in s.sel] + (["the hero"] if s.sel_hero else [])
            what = " + ".join(what) or "nothing"
            if s.phase == A.P_FIGHT:
                t = s.target
                return "fights %s with %s" % (_boss(t - 128) if t >= 128 else _enemy(t), what)
            if s.phase == A.P_ENCOUNTER:
                return "meets encounter %d with %s" % (s.encounters + 1, what.replace(
                    "the hero", "Genji's free element"))
            return "pays the leave cost with %s" % what
        return A.describe(action)

    def events(self, events, reveal, seat, board, mark=""):
        s = self.s
        say = self.say
        if reveal is not None:  # a peek's token, printed only where the peeker's secret may be
            say("      (%s saw: %s on %s)%s" % (self.who(seat), "an Oni" if reveal[1] else "a courtier",
                                              _square(reveal[0]), mark))
        split = len(events)
        for i, e in enumerate(events):
            if e[0] in ("pressure", "enemy"):
                split = i
                break
        draws = {}
        defeats = False

        def flush():
            for v in sorted(draws):
                say("      %s draws %d" % (self.who(v), draws[v]))
            draws.clear()

        for i, e in enumerate(events):
            if i == split:
                flush()
                self.header()
            k = e[0]
            line = None
            if k == "draw":
                draws[e[1]] = draws.get(e[1], 0) + e[2]
                continue
            if k == "enemy":
                line = "an enemy joins the line: %s" % _enemy(e[1])
                if C.enemy_power(e[1]):
                    line += ", power: %s" % ("", "discard 1", "the Court rotates", "day +1",
                                             "another enemy", "needs an element",
                                             "extra injury")[C.enemy_power(e[1])]
            elif k == "pressure":
                line = "the line costs %d day%s" % (e[1], "s" if e[1] > 1 else "")
            elif k == "rotate":
                line = "the Court rotates a quarter turn (orientation %d)" % s.orient
            elif k == "defeat":
                line = "defeated: %s" % _enemy(e[1])
                defeats = True
            elif k == "boss":
                line = "BOSS DEFEATED: %s" % C.boss_name(e[1])
            elif k == "boss_here":
                line = "a boss waits here: %s" % _boss(e[1])
            elif k == "injury":
                line = "%s takes %d injury" % (self.who(e[1]), e[2])
            elif k == "heal":
                line = "%s is healed" % self.who(e[1])
            elif k == "encounter":
                line = "encounter %d of 4 achieved" % (e[1] + 1)
            elif k == "jar":
                line = "jar used: %s" % C.jar_name(e[1])
            elif k == "jar_gained":
                line = "the team gains: %s" % C.jar_name(e[1])
            elif k == "explore":
                line = "exploration card: %s (run %d)" % (e[1] if e[1] else "FAIL", s.run)
            elif k == "bank":
                line = "exploration bank: %d" % e[1]
            elif k == "move":
                line = "the team moves to %s" % _loc(board, e[1])
            elif k == "summon":
                line = "the summoning %s" % ("succeeds: the Kami joins the hand" if e[1] else "fails")
            elif k == "support":
                line = "%s takes the support %s" % (self.who(e[1]), C.card_name(64 + e[2]))
            elif k == "peek":
                line = "%s peeks at a token" % self.who(e[1])
            elif k == "board_end":
                line = "=== %s ends on day %d (final boss %s) ===" % (
                    N.BOARD_NAMES[e[1]], s.board_days[e[1]], "defeated" if s.finals[e[1]] else "alive")
            elif k == "board":
                board = e[1]
                line = "=== Board %d: %s, day %d; choose heroes ===" % (e[1] + 1, N.BOARD_NAMES[e[1]], s.day)
            elif k == "flip":
                line = "the token on %s is %s" % (_square(e[1]), "an ONI" if e[2] else "a courtier")
            elif k == "win":
                line = "all three Oni are found: THE TEAM WINS"
            elif k == "lose":
                line = "a courtier: THE TEAM LOSES"
            if line:
                say("      " + line)
        flush()
        if defeats:
            say("      (enemies defeated: %d in all, %d towards the next peek)" % (
                s.defeated_total, s.pile))


def secret(before, action):
    """The full words of an action whose details are a secret (a peek's
    square), or None."""
    if A.PEEK <= action < A.FLIP:
        return "peeks at the token on %s" % _square(action - A.PEEK)
    return None


def choice(before, action):
    """An action in a human seat's list of choices (its own secrets shown)."""
    s = before
    if A.TOGGLE <= action < A.DISCARD and action - A.TOGGLE in s.sel:
        return "takes back " + _card(action - A.TOGGLE)
    if A.PEEK <= action < A.FLIP:
        return "peeks at the token on %s" % _square(action - A.PEEK)
    if action == A.SEEN:
        return "remembers it (the token is hidden again)"
    return _Log(s, (), None).describe(s, action)


def view(state, seat, obs):
    """What a human seat sees before deciding: the open table and, in its
    observation ``obs``, the token it peeks at."""
    s = state
    lg = _Log(s, (), None)
    out = ["", "== %s, your decision (%s), day %d ==" % (lg.who(seat), A.PHASE_NAMES[s.phase], s.day)]
    if s.phase < A.P_PEEK:
        here = "%s, at %s, bank %d, encounters %d of 4" % (N.BOARD_NAMES[s.board], _loc(s.board, s.loc), s.bank,
                                                          s.encounters)
        out.append("Board %d: %s" % (s.board + 1, here))
        out.append("Line (newest last): " + (", ".join(_enemy(e) for e in s.line) or "empty"))
    for v in range(2):
        out.append("%s%s: %s; injury %d%s" % (
            lg.who(v), " (you)" if v == seat else "", ", ".join(_card(c) for c in s.hands[v]) or "no cards",
            s.injury[v], ", injured" if s.injured[v] else ""))
    if s.jars:
        out.append("Jars: " + ", ".join(C.jar_name(j) for j in s.jars))
    if s.sel or s.sel_hero:
        out.append("Committed: " + " + ".join([_card(c) for c in s.sel] + (["the hero"] if s.sel_hero else [])))
    court = obs[A.O_COURT]
    flipped = court[1]
    if s.phase >= A.P_PEEK or any(flipped):
        faces = court[4]
        out.append("Court: " + (", ".join("%s %s" % (_square(q), "ONI" if faces[q] else "courtier")
                                          for q in range(16) if flipped[q]) or "nothing turned over"))
        if court[3] is not None:
            out.append("Peeked (the Easy aid): " + (", ".join(_square(q) for q in range(16) if court[3][q]) or "none"))
    reveal = obs[A.O_REVEAL]
    if reveal is not None:
        out.append("You see: %s on %s. Remember it." % ("an ONI" if reveal[1] else "a courtier", _square(reveal[0])))
    return out


def play(seats, seed, out=None, inp=None, reveal=False, prompt=None):
    """Play one seeded game and log it; the final state (None if a human's
    input ended). ``prompt``: where a human's view and prompts go (default
    ``out``); ``reveal``: print every secret, marked."""
    from tools.play import Table, ask

    say = _writer(out)
    keys = [k.strip().lower() if isinstance(k, str) else k for k in seats]
    bad = [k for k in keys if k != HUMAN and k not in LEVELS]
    if bad:
        raise ValueError("Okko has no %s seat: use human, normal or hard" % " or ".join(repr(k) for k in bad))
    if len(keys) != 2:
        raise ValueError("Okko is played by 2 seats, got %d" % len(keys))
    if prompt is None:
        prompt = out if hasattr(out, "write") else sys.stdout
    inp = inp or sys.stdin
    levels = [None if k == HUMAN else LEVELS[k] for k in keys]
    table = Table([HUMAN if lv is None else "computer" for lv in levels], prompt, inp, reveal)
    state = OkkoState(Rng(seed))
    rngs = [Rng(seed * 8 + 1 + v) for v in range(2)]
    mem = [bytearray(16), bytearray(16)]
    log = _Log(state, levels, say)
    say("Okko: Oni Hunters, seed %d: %s" % (seed, ", ".join(
        "P%d %s" % (v + 1, "Human" if levels[v] is None else "Hard" if levels[v] == bots.HARD else "Normal")
        for v in range(2))))
    say("=== Board 1: %s, day %d; choose heroes ===" % (N.BOARD_NAMES[0], state.day))
    court = False
    while not state.is_over():
        seat = state.current_player
        obs = state.observation(seat)
        if state.phase == A.P_COURT and not court:
            court = True
            say("=== The Court of Pajan: %d Spirit Jar(s) ===" % state.spirit_jars())
            for v in range(2):
                if levels[v] is not None and reveal:  # a computer partner's memory: its secret
                    believed = [_square(q) for q in range(16) if mem[v][q] == 2]
                    say("  %s remembers %d token(s); believes the Oni are on: %s (secret)" % (
                        log.who(v), sum(1 for x in mem[v] if x), ", ".join(believed) or "nothing"))
        if levels[seat] is None:
            private = state.phase == A.P_REVEAL
            if private and not table.hand_over(seat, log.who(seat), every=True):
                prompt.write("\nInput ended: the game stops here.\n")
                return None
            acts = state.legal_actions()
            for line in view(state, seat, obs):
                prompt.write(line + "\n")
            for i, a in enumerate(acts):
                prompt.write("  %2d. %s\n" % (i + 1, choice(state, a)))
            k = ask(prompt, inp, "Your choice (1-%d): " % len(acts), len(acts))
            if k is None:
                prompt.write("\nInput ended: the game stops here.\n")
                return None
            action = acts[k - 1]
            if private:
                table.hide()
        else:
            action = bots.choose(obs, seat, levels[seat], rngs[seat], mem[seat], mem[1 - seat])  # a human's stays unknown
        text = table.line(seat, secret(state, action) or log.describe(state, action), log.describe(state, action))
        seen = obs[A.O_REVEAL] if action == A.SEEN and table.shown(seat) else None
        board = state.board
        state.apply(action)
        quiet = A.TOGGLE <= action < A.DISCARD or action == A.TOGGLE_HERO or action in (A.DRAW, A.SEEN)
        if not quiet:
            say("  %s: %s" % (log.who(seat), text))
        log.events(state.events, seen, seat, board, " (secret)" if reveal and table.humans != [seat] else "")
    say("Result: %s. Peeks %d, enemies defeated %d, final bosses %s." % (
        "the team wins" if state.result == 1 else "the team loses", state.peeks_total,
        state.defeated_total, "".join("X" if f else "-" for f in state.finals)))
    return state


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.play_okko", description=__doc__.split("\n")[0])
    p.add_argument("--seats", default="normal,normal", help="human, normal or hard, one per seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reveal", action="store_true", help="print every seat's secrets too (marked)")
    a = p.parse_args(argv)
    return 0 if play(a.seats.split(","), a.seed, reveal=a.reveal) is not None else 1


if __name__ == "__main__":
    sys.exit(main())
