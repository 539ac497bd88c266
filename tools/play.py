"""Play a Sanbon game in the terminal: computer seats, human seats, or both.

    python -m tools.play kyudo --seats hard,normal,easy,easy --seed 7
    python -m tools.play kyudo --seats human,hard --seed 3
    python -m tools.play kyudo --seats hard,hard --seed 1 --quiet

A seat is ``human``, ``easy``, ``normal`` or ``hard``, one per player, in
seat order. The log shows every decision (who, what) and what it did; a
human seat sees its view and a numbered list of its legal actions, and types
a number. ``--quiet`` prints only the result (and a human seat's prompts).
The same seed and seats always play the same game.

Each game plugs in through ``GAMES``: a name -> (title, adapter) entry where
the adapter is a factory returning an object with the methods of
``KyudoAdapter`` (or a "module:factory" string, imported when that game is
played, or None while the game is not built yet).
"""

import argparse
import sys

from engine.rng import Rng

LEVELS = {"easy": 1, "normal": 2, "hard": 3}
SEAT_KINDS = ("human",) + tuple(LEVELS)


class KyudoAdapter:
    """Kyudo for the terminal player (engine/kyudo)."""

    title = "Kyudo"
    min_players = 2
    max_players = 4

    def __init__(self):
        from engine.kyudo import actions, bots
        from engine.kyudo.state import PHASE_NAMES, KyudoState

        self.phases = PHASE_NAMES
        self.A = actions
        self.bots = bots
        self.State = KyudoState

    # -- the game loop's needs ---------------------------------------------
    def new_state(self, seed, players):
        return self.State(Rng(seed), players=players)

    def bot_action(self, state, seat, level, rng):
        return self.bots.choose(state.observation(seat), seat, level, rng)

    def seat_name(self, state, seat):
        return "Archer %d (%s)" % (seat + 1, self.A.CHARACTER_NAMES[state.characters[seat]])

    def describe(self, state, action):
        return state.describe_action(action)

    def intro(self, state, kinds):
        s = state
        out = ["%s: %d archers, first archer: Archer %d." % (self.title, s.players, s.first + 1)]
        for v in range(s.players):
            out.append("  %s: %s" % (self.seat_name(s, v), kinds[v].capitalize()))
        return out

    def event_lines(self, state, action):
        """Plain-English lines for the notable events of ``action``, just
        applied; a line starting with "---" heads a new turn."""
        n = self.A.FACE_NAMES
        who = lambda v: "Archer %d" % (v + 1)
        out = []
        for e in state.events:
            k = e[0]
            if k == "turn":
                out.append("--- Round %d: %s's turn ---" % (e[2], self.seat_name(state, e[1])))
            elif k == "roll":
                out.append("dice: " + " ".join(n[f] for f in e[2]))
            elif k == "red":
                out.append("RED token: die %d becomes %s" % (e[2] + 1, n[e[3]]))
            elif k == "circle":
                out.append("%s ticks a %s circle" % (who(e[1]), n[e[2]]))
            elif k == "closed":
                out.append("%s closes %s" % (who(e[1]), n[e[2]]))
            elif k == "boxes" and not self.A.TICK <= action < self.A.TICK + 6:
                out.append("%s ticks %d %s flag box%s" % (who(e[1]), e[3], n[e[2]], "es" if e[3] != 1 else ""))
            elif k == "flag":
                out.append("%s completes %s corner %d" % (who(e[1]), n[e[2]], e[3]))
            elif k == "fury":
                out.append("%s spends ORANGE: fury on %s" % (who(e[1]), n[e[2]]))
            elif k == "attack":
                out.append("%s attacks %s in %s for %d" % (who(e[1]), who(e[2]), n[e[3]], e[4]))
            elif k == "ultimate":
                out.append("%s: ULTIMATE COMBO" % who(e[1]))
            elif k == "ring":
                out.append("Shika's ring: %s faces %d" % (who(e[1]), e[2]))
            elif k == "loss":
                out.append("%s loses %d spectator%s (%d left)" % (
                    who(e[1]), e[2], "s" if e[2] != 1 else "", state.spectators[e[1]]))
            elif k == "shield":
                out.append("%s raises the GREEN shield" % who(e[1]))
            elif k == "eliminated":
                out.append("%s is eliminated" % who(e[1]))
            elif k == "token":
                out.append("%s takes a %s token from %s" % (
                    who(e[1]), n[e[2]], "the supply" if e[3] < 0 else who(e[3])))
            elif k == "discard":
                out.append("%s discards a %s token" % (who(e[1]), n[e[2]]))
            elif k == "talent":
                ch = self.A.CHARACTER_NAMES[e[2]]
                out.append("%s's talent: %s%s" % (
                    who(e[1]), ch, (" chooses " + n[e[3]]) if e[3] else ""))
            elif k == "extra":
                out.append("%s gets an extra %s circle" % (who(e[1]), n[e[2]]))
            elif k == "die_back":
                out.append("%s takes the captured die back" % who(e[1]))
            elif k == "ring_off":
                out.append("%s removes the ring" % who(e[1]))
        return out

    def result(self, state):
        s = state
        w = s.winner()[0]
        why = ("completed the target with the most spectators", "is the last archer standing",
               "has the most spectators at the round cap")[s.win_reason]
        out = ["Winner: %s %s (round %d)." % (self.seat_name(s, w), why, s.round)]
        for v in range(s.players):
            out.append("  %s: %d spectators, %d/%d circles%s" % (
                self.seat_name(s, v), s.spectators[v], sum(s.ticked[v]), sum(s.circles[v]),
                ", eliminated" if s.eliminated[v] else ""))
        return out

    def view(self, state, seat):
        """What a human seat sees before deciding."""
        s = state
        A = self.A
        n = A.FACE_NAMES
        from engine.kyudo.data import CORNER_SIZE, CORNERS

        out = ["", "== %s, your decision (%s, round %d) ==" % (
            self.seat_name(s, seat), self.phases[s.phase], s.round)]
        circles = []
        for c in A.COLOURS:
            t, m = s.ticked[seat][c], s.circles[seat][c]
            circles.append("%s %d/%d%s" % (n[c], t, m, " closed" if t == m else ""))
        out.append("Your target: " + ", ".join(circles))
        flags = []
        for c in A.COLOURS:
            f = s.flags[seat][c]
            size = CORNER_SIZE[c]
            if f >= size * CORNERS:
                flags.append("%s done" % n[c])
            else:
                flags.append("%s corner %d: %d/%d" % (n[c], f // size + 1, f % size, size))
        out.append("Your flags: " + ", ".join(flags))
        out.append("Spectators: you %d; tokens: %s; supply: %s" % (
            s.spectators[seat], _tokens(s.tokens[seat], n), _tokens(s.supply, n)))
        for v in range(s.players):
            if v == seat:
                continue
            if s.eliminated[v]:
                out.append("  %s: eliminated" % self.seat_name(s, v))
                continue
            closed = [n[c] for c in A.COLOURS if s.ticked[v][c] == s.circles[v][c]]
            out.append("  %s: %d spectators, %d circles to go, closed: %s, tokens: %s" % (
                self.seat_name(s, v), s.spectators[v], sum(s.circles[v]) - sum(s.ticked[v]),
                " ".join(closed) or "none", _tokens(s.tokens[v], n)))
        if s.ring_owner >= 0:
            out.append("Shika's ring (%s) is on %s" % (self.seat_name(s, s.ring_owner), n[s.ring_colour]))
        if s.captured_by >= 0:
            out.append("Saru (%s) holds a captured die: 3 dice" % self.seat_name(s, s.captured_by))
        if s.rolls:
            dice = ["%d:%s%s" % (i + 1, n[f], "(used)" if s.used >> i & 1 else "")
                    for i, f in enumerate(s.dice)]
            out.append("Dice (%s, roll %d of 3): %s" % (
                "yours" if s.active == seat else self.seat_name(s, s.active), s.rolls, " ".join(dice)))
        if s.phase == A.P_SHIELD:
            out.append("You are about to lose %d spectators." % s.queue[0][2])
        return out


def _tokens(row, names):
    got = ["%s x%d" % (names[t], row[t]) for t in (2, 3, 5) if row[t]]
    return ", ".join(got) or "none"


# name -> (title, adapter factory, a "module:factory" string, or None: not built yet)
GAMES = {
    "kyudo": ("Kyudo", KyudoAdapter),
    "kendo": ("Kendo Duel", None),
    "okko": ("Okko", None),
}


def adapter_for(name):
    """The adapter of game ``name``; ValueError with a plain message if unknown
    or not built yet."""
    if name not in GAMES:
        raise ValueError("unknown game %r: choose one of %s" % (name, ", ".join(sorted(GAMES))))
    title, factory = GAMES[name]
    if factory is None:
        raise ValueError("%s is not built yet: the terminal player has %s" % (
            title, ", ".join(sorted(k for k, v in GAMES.items() if v[1] is not None))))
    if isinstance(factory, str):
        import importlib

        mod, _, attr = factory.partition(":")
        factory = getattr(importlib.import_module(mod), attr)
    return factory()


def _isatty(f):
    try:
        return f.isatty()
    except (AttributeError, ValueError):
        return False


def ask(out, inp, prompt, count):
    """A number from 1 to count typed by the human; asks again on bad input.
    None at the end of the input."""
    while True:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            return None
        if not _isatty(inp):
            out.write(line if line.endswith("\n") else line + "\n")  # echo scripted input
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text)
        out.write("'%s' is not a choice: type a number from 1 to %d.\n" % (text, count))


def play(game, kinds, seed, quiet=False, inp=None, out=None):
    """Play one game to the end; returns the final state (None if the human
    input ended first)."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    ad = adapter_for(game)
    state = ad.new_state(seed, len(kinds))
    rngs = [Rng(seed * 8 + 1 + v) for v in range(len(kinds))]
    say = (lambda line: None) if quiet else (lambda line: out.write(line + "\n"))
    for line in ad.intro(state, kinds):
        say(line)
    while not state.is_over():
        seat = state.current_player
        kind = kinds[seat]
        if kind == "human":
            acts = state.legal_actions()
            for line in ad.view(state, seat):
                out.write(line + "\n")
            for i, a in enumerate(acts):
                out.write("  %2d. %s\n" % (i + 1, ad.describe(state, a)))
            k = ask(out, inp, "Your choice (1-%d): " % len(acts), len(acts))
            if k is None:
                out.write("\nInput ended: the game stops here.\n")
                return None
            action = acts[k - 1]
        else:
            action = ad.bot_action(state, seat, LEVELS[kind], rngs[seat])
        text = ad.describe(state, action)
        state.apply(action)
        say("  %s [%s]: %s" % (ad.seat_name(state, seat), kind, text))
        for line in ad.event_lines(state, action):
            say(line if line.startswith("---") else "      " + line)
    for line in ad.result(state):
        out.write(line + "\n")
    return state


def main(argv=None, inp=None, out=None):
    out = out or sys.stdout
    p = argparse.ArgumentParser(prog="python -m tools.play", description=__doc__.split("\n")[0])
    p.add_argument("game", help="the game: %s" % ", ".join(sorted(GAMES)))
    p.add_argument("--seats", default="human,hard",
                   help="comma-separated, one per player: %s (default human,hard)" % ", ".join(SEAT_KINDS))
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    p.add_argument("--quiet", action="store_true", help="print only the result and a human's prompts")
    args = p.parse_args(argv)
    try:
        ad = adapter_for(args.game.lower())
    except ValueError as e:
        out.write("%s\n" % e)
        return 2
    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    bad = [k for k in kinds if k not in SEAT_KINDS]
    if bad:
        out.write("unknown seat kind %s: use %s\n" % (", ".join(repr(k) for k in bad), ", ".join(SEAT_KINDS)))
        return 2
    if not ad.min_players <= len(kinds) <= ad.max_players:
        out.write("%s needs %d-%d seats, got %d\n" % (ad.title, ad.min_players, ad.max_players, len(kinds)))
        return 2
    if args.seed < 0:
        out.write("the seed must be >= 0\n")
        return 2
    try:
        state = play(args.game.lower(), kinds, args.seed, args.quiet, inp, out)
    except BrokenPipeError:  # e.g. piped into head
        return 1
    return 0 if state is not None else 1


if __name__ == "__main__":
    sys.exit(main())
