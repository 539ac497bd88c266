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
is its adapter, a factory returning an object with the methods of
``KyudoAdapter`` (tools/games/kyudo.py; Okko's runs its own loop,
tools/play_okko.py). A game with
more than one mode takes ``--mode`` (the registry's mode names).
"""

import argparse
import sys

from engine.rng import Rng
from tools import games as registry

HUMAN = "human"
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # clear the screen and its scrollback


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


def __getattr__(name):
    """A game's terminal adapter now lives in its registry module (tools/games/<game>.py):
    ``play.KyudoAdapter`` still works."""
    from tools import games as _games

    for game in _games.GAMES:
        if game.module is not None and hasattr(game.module, name):
            return getattr(game.module, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


if __name__ == "__main__":
    sys.exit(main())
