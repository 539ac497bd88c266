"""Play a Sanbon game in the terminal: computer seats, human seats, or both.

    python -m tools.play kyudo --seats hard,normal,easy,easy --seed 7
    python -m tools.play kyudo --seats human,hard --seed 3
    python -m tools.play kyudo --seats hard,hard --seed 1 --quiet
    python -m tools.play kendo --mode competition --seats hard,normal --seed 4
    python -m tools.play okko --seats human,normal --seed 2

A seat is ``human`` or one of the game's computer levels (tools/games/:
Kyudo easy, normal, hard; Kendo Duel and Okko normal, hard; Pig easy,
normal), one per player, in seat order; a level the game does not have is
refused. The log shows every decision (who, what) and what it did; a human
seat sees its view and a numbered list of its legal actions, and types a
number. ``--quiet`` prints only the result (and a human seat's prompts).
The same seed and seats always play the same game.

Secrets: the log prints what the people at the terminal could see on the
device. With one human seat, its own secrets (its Kendo switch, its Okko
peek) and nobody else's; with two or more, nobody's: each one's hand or
peek is only in that seat's own view, after a hand-over line (on a
terminal it waits for Enter and clears the screen before and after). With
no human seat the log is a spectator's: public facts only, as the device
shows an all-computer game. ``--reveal`` prints every secret too, marked
"(secret)" (for studying the computer players).

Each game plugs in through the registry (tools/games/): its ``play`` hook
names an adapter, a factory returning an object with the methods of
``KyudoAdapter`` (Okko's runs its own loop, tools/play_okko.py). A game with
more than one mode takes ``--mode`` (the registry's mode names).
"""

import argparse
import sys

from engine.rng import Rng
from tools import games as registry

HUMAN = "human"
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # clear the screen and its scrollback


class KyudoAdapter:
    """Kyudo for the terminal player (engine/kyudo)."""

    title = "Kyudo"

    def __init__(self):
        from engine.kyudo import actions
        from engine.kyudo.state import PHASE_NAMES

        self.phases = PHASE_NAMES
        self.A = actions

    # -- the game loop's needs ---------------------------------------------
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


class KendoAdapter:
    """Kendo Duel for the terminal player (engine/kendo): Duel for 2-4
    players, Competition for 2."""

    title = "Kendo Duel"

    def __init__(self):
        from engine.kendo import actions, cards

        self.A = actions
        self.C = cards

    # -- the game loop's needs ---------------------------------------------
    def seat_name(self, state, seat):
        return "Player %d" % (seat + 1)

    def describe(self, state, action):
        return state.describe_action(action)

    def public(self, state, seat, action):
        """The action as the other seats see it, if it is a secret: which
        card a switch gives back (the event line says which subdeck)."""
        if self.A.SWITCH <= action < self.A.SWITCH + 52:
            return "switch a card"
        return None

    def private(self, state, seat):
        """The view shows a secret: the seat's hand."""
        return True

    def intro(self, state, kinds):
        s = state
        mode = "Competition" if s.mode == self.A.COMPETITION else "Duel"
        out = ["%s (%s): %d players, %d cards each; Player %d switches first." % (
            self.title, mode, s.players, len(s.hands[0]), s.current_player + 1)]
        for v in range(s.players):
            out.append("  Player %d: %s" % (v + 1, kinds[v].capitalize()))
        return out

    def _sizes(self, s):
        return ", ".join("P%d %d" % (p + 1, len(s.hands[p])) for p in range(s.players))

    def event_lines(self, state, action):
        """Plain-English lines for the events of ``action``, just applied (the
        action itself is already on the log line); a line starting with "---"
        heads a new exchange."""
        C = self.C
        who = lambda v: "Player %d" % (v + 1)
        decks = ("a Basic", "a Counter", "an Other")
        effects = ("cancels the reinforcement", "reflects the reinforcement back", "blocks",
                   "counterattacks", "deflects: the initiative")
        incoming = ("the reinforcement", "the strike", "the alternative attack")
        out = []
        ev = state.events
        refilled = False
        for i, e in enumerate(ev):
            k = e[0]
            if k == "switch":
                out.append("%s switches %s card" % (who(e[1]), decks[e[2]]))
            elif k == "tie_switch":
                out.append("%s switches the lowest Basic card (tied totals)" % who(e[1]))
            elif k == "first":
                out.append("--- %s has the highest Basic total and attacks first ---" % who(e[1]))
            elif k == "play":
                if e[3] == 3:
                    out.append("%s: %s must answer a strike on %s" % (
                        effects[3], who(state.current_player), C.PART_NAMES[C.strike_part(e[2])]))
                else:
                    out.append(effects[e[3]])
            elif k == "fail":
                out.append("%s cannot answer %s" % (who(e[1]), incoming[e[2]]))
            elif k == "pull":
                if i + 1 < len(ev) and ev[i + 1][0] == "pull":
                    continue
                n = 1
                while i - n >= 0 and ev[i - n][0] == "pull":
                    n += 1
                out.append("%s pulls %d card%s from %s" % (who(e[1]), n, "s" if n > 1 else "", who(e[2])))
            elif k == "ippon":
                out.append("IPPON for %s%s: %d" % (
                    who(e[1]), " (the other's second hansoku)" if e[2] else "", state.ippons[e[1]]))
            elif k == "hansoku":
                out.append("HANSOKU for %s: %d" % (who(e[1]), state.hansoku[e[1]]))
            elif k == "refill":
                refilled = True
                if e[2]:
                    out.append("%s refills %d card%s" % (who(e[1]), e[2], "s" if e[2] > 1 else ""))
            elif k == "fresh_hand":
                out.append("%s has no cards: a fresh hand" % who(e[1]))
            elif k == "reshuffle":
                out.append("the %s discards are shuffled into a new subdeck" % ("Basic", "Counter", "Other")[e[1]])
            elif k == "jikan":
                out.append("JIKAN DESU is drawn (by %s): time!" % who(e[1]))
            elif k == "encho":
                out.append("ENCHO: the next ippon wins")
            elif k == "hantei":
                out.append("HANTEI: %s" % ("hikiwake (a draw)" if len(e[1]) > 1 else who(e[1][0]) + " wins"))
            elif k == "discard":
                refilled = True
                out.append("%s discards %s (over 12 cards)" % (who(e[1]), C.name(e[2])))
            elif k == "cannot_open":
                out.append("%s cannot attack: the initiative passes" % who(e[1]))
            elif k == "eliminated":
                out.append("%s is eliminated" % who(e[1]))
            elif k == "end":
                out.append("--- exchange over (cards: %s); %s attacks next ---" % (self._sizes(state), who(e[1])))
            elif k == "win":
                out.append("--- game over (cards: %s) ---" % self._sizes(state))
        if refilled and not state.is_over() and state.phase == self.A.P_OPEN:
            out.append("--- exchange over (ippon %s, hansoku %s%s); %s attacks next ---" % (
                "-".join(str(v) for v in state.ippons), "-".join(str(v) for v in state.hansoku),
                ", encho" if state.encho else "", who(state.current_player)))
        return out

    def result(self, state):
        s = state
        w = s.winner()
        why = self.A.END_NAMES[s.end_reason]
        if s.mode == self.A.COMPETITION and s.encho and s.end_reason == self.A.END_IPPON:
            why = "an ippon in encho"
        if len(w) == 1:
            out = ["Winner: Player %d (%s)." % (w[0] + 1, why)]
        else:
            out = ["Draw between %s (%s)." % (" and ".join("Player %d" % (p + 1) for p in w), why)]
        for v in range(s.players):
            extra = ""
            if s.mode == self.A.COMPETITION:
                extra = ", %d ippon, %d hansoku" % (s.ippons[v], s.hansoku[v])
            out.append("  Player %d: %d cards%s%s" % (
                v + 1, len(s.hands[v]), extra, ", eliminated" if s.eliminated[v] else ""))
        return out

    def view(self, state, seat):
        """What a human seat sees before deciding."""
        s = state
        A = self.A
        C = self.C
        out = ["", "== Player %d, your decision (%s) ==" % (seat + 1, A.PHASE_NAMES[s.phase])]
        out.append("Your hand: " + ", ".join(C.name(c) for c in s.hands[seat]))
        out.append("Cards in hand: %s; subdecks: Basic %d, Counter %d, Other %d" % (
            self._sizes(s), len(s.decks[0]), len(s.decks[1]), len(s.decks[2])))
        if s.mode == A.COMPETITION:
            out.append("Ippon: %s; hansoku: %s%s" % (
                "-".join(str(v) for v in s.ippons), "-".join(str(v) for v in s.hansoku),
                "; ENCHO" if s.encho else ""))
        if s.chain:
            out.append("This exchange: " + ", ".join(
                "P%d %s" % (s.chain[i] + 1, C.name(s.chain[i + 1])) for i in range(0, len(s.chain), 2)))
        if s.phase == A.P_REACT:
            what = ("the reinforcement", "a strike on " + C.PART_NAMES[s.part], "an alternative attack")[s.inc]
            out.append("You face %s from Player %d." % (what, s.striker + 1))
        return out


class OkkoAdapter:
    """Okko: Oni Hunters, played and logged by tools/play_okko.py (a
    co-operative game of open hands and private peeks)."""

    title = "Okko"

    def run(self, kinds, seed, quiet, out, inp=None, reveal=False):
        from tools import play_okko

        lines = []
        state = play_okko.play(kinds, seed, out=lines.append if quiet else out, inp=inp, reveal=reveal,
                               prompt=out)
        if state is not None and quiet:
            out.write(lines[-1] + "\n")
        return state


class PigAdapter:
    """Pig, the demo game (engine/example.py), to the app's target."""

    title = "Pig"

    def seat_name(self, state, seat):
        return "Player %d" % (seat + 1)

    def describe(self, state, action):
        return state.action_to_string(action)

    def intro(self, state, kinds):
        out = ["%s (to %d): %d players." % (self.title, state.target, len(state.scores))]
        for v in range(len(state.scores)):
            out.append("  Player %d: %s" % (v + 1, kinds[v].capitalize()))
        return out

    def event_lines(self, state, action):
        if action == 1:  # HOLD
            return ["scores: " + ", ".join("P%d %d" % (p + 1, v) for p, v in enumerate(state.scores))]
        if state.last_roll == 1:
            return ["rolls a 1: the turn's points are lost"]
        return ["rolls a %d (turn total %d)" % (state.last_roll, state.turn_total)]

    def result(self, state):
        w = state.winner()[0]
        out = ["Winner: Player %d (%d points)." % (w + 1, state.scores[w])]
        for v, sc in enumerate(state.scores):
            out.append("  Player %d: %d points" % (v + 1, sc))
        return out

    def view(self, state, seat):
        return ["", "== Player %d, your decision ==" % (seat + 1),
                "Scores: %s; this turn: %d (target %d)" % (
                    ", ".join("P%d %d" % (p + 1, v) for p, v in enumerate(state.scores)), state.turn_total,
                    state.target)]


def adapter_for(name):
    """The terminal adapter of game ``name`` (the registry's ``play`` hook);
    ValueError with a plain message if there is none."""
    game = registry.get(name)
    factory = game.hook("play")
    if factory is None:
        raise ValueError("%s has no terminal player yet: the terminal plays %s" % (
            game.title, ", ".join(g.key for g in registry.with_hook("play"))))
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


class Table:
    """Who watches the terminal: the human seats. ``shown(seat)``: may a
    secret of ``seat`` be printed for everyone? ``hand_over(seat, name)``
    before a view with a secret, ``hide()`` after the decision on it."""

    def __init__(self, kinds, out, inp, reveal=False):
        self.humans = [v for v, k in enumerate(kinds) if k == HUMAN]
        self.out = out
        self.inp = inp
        self.reveal = reveal
        self.last = None
        self.tty = _isatty(out) and _isatty(inp)

    def shown(self, seat):
        return self.reveal or self.humans == [seat]

    def line(self, seat, full, public):
        """An action's words in the log: ``public`` unless the secret may be shown."""
        if public is None or public == full:
            return full
        if self.reveal:
            return full + " (secret)"
        return full if self.humans == [seat] else public

    def hand_over(self, seat, name, every=False):
        """Before ``seat``'s view with a secret: with two or more humans, a
        hand-over line (on a terminal: Enter, then a clear screen), unless
        ``seat`` had the last one (``every``: each time, as before an Okko
        peek). False if the input ended."""
        if len(self.humans) < 2 or (self.last == seat and not every):
            return True
        self.last = seat
        self.out.write("--- Hand over to %s: the others look away ---\n" % name)
        if self.tty:
            self.out.write("%s, press Enter when you alone can see the screen: " % name)
            self.out.flush()
            if not self.inp.readline():
                return False
            self.out.write(CLEAR)
        return True

    def hide(self):
        """After a decision on a view with a secret, with two or more humans
        at a terminal: the screen cleared."""
        if len(self.humans) >= 2 and self.tty:
            self.out.write(CLEAR)
            self.last = None


def play(game, kinds, seed, quiet=False, inp=None, out=None, mode=None, reveal=False):
    """Play one game to the end; returns the final state (None if the human
    input ended first). ``mode``: the engine's mode value (the registry's)."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    g = registry.get(game)
    ad = adapter_for(game)
    state = g.new(Rng(seed), len(kinds), mode or 0)
    rngs = [Rng(seed * 8 + 1 + v) for v in range(len(kinds))]
    if g.team_bots and HUMAN not in kinds:  # computer partners who talk at the Court (Okko)
        seats = g.team_bots([g.levels[k] for k in kinds], rngs)
    else:
        seats = [None if k == HUMAN else g.bot(g.levels[k], v, rngs[v]) for v, k in enumerate(kinds)]
    table = Table(kinds, out, inp, reveal)
    say = (lambda line: None) if quiet else (lambda line: out.write(line + "\n"))
    public = getattr(ad, "public", lambda state, seat, action: None)
    private = getattr(ad, "private", lambda state, seat: False)
    for line in ad.intro(state, kinds):
        say(line)
    while not state.is_over():
        seat = state.current_player
        kind = kinds[seat]
        if kind == HUMAN:
            secret = private(state, seat)
            if secret and not table.hand_over(seat, ad.seat_name(state, seat)):
                out.write("\nInput ended: the game stops here.\n")
                return None
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
            if secret:
                table.hide()
        else:
            action = seats[seat](state)
        text = table.line(seat, ad.describe(state, action), public(state, seat, action))
        state.apply(action)
        say("  %s [%s]: %s" % (ad.seat_name(state, seat), kind, text))
        for line in ad.event_lines(state, action):
            say(line if line.startswith("---") else "      " + line)
    for line in ad.result(state):
        out.write(line + "\n")
    return state


def check_seats(game, kinds, mode_name=None):
    """(mode value, None) for seats ``kinds`` of ``game`` (a registry Game)
    in the mode named ``mode_name`` (None: the first), or (None, why not:
    one line)."""
    levels = [k if game.level_label(k) == k else "%s (%s)" % (k, game.level_label(k).capitalize())
              for k in sorted(game.levels, key=game.levels.get)]
    bad = [k for k in kinds if k != HUMAN and k not in game.levels]
    if bad:
        return None, "%s has no %s seat: use %s" % (
            game.title, " or ".join(repr(k) for k in bad), ", ".join([HUMAN] + levels[:-1]) + " or " + levels[-1])
    named = len(game.modes) > 1
    if mode_name is not None:
        names = [v.label for v in game.modes] if named else []
        if mode_name not in names:
            return None, "%s has %s" % (game.title, "the modes " + ", ".join(names) if names else "no modes")
        variant = game.modes[names.index(mode_name)]
    else:
        variant = game.modes[0]
    lo, hi = game.min_players, game.max_players
    if not lo <= len(kinds) <= hi:
        return None, "%s needs %s seats, got %d" % (game.title, "%d-%d" % (lo, hi) if lo < hi else "exactly %d" % lo,
                                                    len(kinds))
    lo, hi = variant.players
    if not lo <= len(kinds) <= hi:
        return None, "%s needs %s seats, got %d" % (
            variant.label.capitalize() if named else game.title, "%d-%d" % (lo, hi) if lo < hi else "exactly %d" % lo,
            len(kinds))
    return variant.mode, None


def main(argv=None, inp=None, out=None):
    out = out or sys.stdout
    p = argparse.ArgumentParser(prog="python -m tools.play", description=__doc__.split("\n")[0])
    p.add_argument("game", help="the game: %s" % ", ".join(g.key for g in registry.with_hook("play")))
    p.add_argument("--seats", default="human,hard",
                   help="comma-separated, one per player: human or a computer level of the game "
                        "(default human,hard)")
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    p.add_argument("--mode", default=None, help="the game's mode, if it has modes (kendo: duel, competition)")
    p.add_argument("--quiet", action="store_true", help="print only the result and a human's prompts")
    p.add_argument("--reveal", action="store_true",
                   help="print every seat's secrets too (marked), not only what the human seats could see")
    args = p.parse_args(argv)
    name = args.game.lower()
    try:
        game = registry.get(name)
        ad = adapter_for(name)
    except ValueError as e:
        out.write("%s\n" % e)
        return 2
    kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    mode, why = check_seats(game, kinds, None if args.mode is None else args.mode.lower())
    if why:
        out.write(why + "\n")
        return 2
    if args.seed < 0:
        out.write("the seed must be >= 0\n")
        return 2
    try:
        if hasattr(ad, "run"):
            state = ad.run(kinds, args.seed, args.quiet, out, inp or sys.stdin, args.reveal)
        else:
            state = play(name, kinds, args.seed, args.quiet, inp, out, mode, args.reveal)
    except BrokenPipeError:  # e.g. piped into head
        return 1
    return 0 if state is not None else 1


if __name__ == "__main__":
    sys.exit(main())
