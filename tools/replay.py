"""Replay a game record: ``python -m tools.replay RECORD [--sim] [--board B]``.

A record is what "Share game" (the pause menu, the end screen) writes to the
serial console (lib/sanbon/records.py): a line ``SANBON-RECORD <base64>``. RECORD is that line, its
base64 part, or a file holding it. The record holds the game, its setup, the
seed and every action (sanbon.records.record); replaying deals the
same game from the seed and applies the actions, checking each one is legal.

Without ``--sim`` the game is printed move by move in the terminal; with it,
the simulator shows the play screen and steps through the moves (``--delay``
ms apart; in the window, any key steps at once). A record from a build whose
record format or the game's rules version differs is refused with a message
that says which.
"""

import argparse
import binascii
import os
import sys

from tools.sim import ROOT  # puts ROOT and lib/ on sys.path

PREFIX = "SANBON-RECORD"


class RecordError(ValueError):
    pass


def parse_text(text):
    """The record's bytes from a console line, bare base64 or a file path."""
    if os.path.isfile(text):
        with open(text) as f:
            text = f.read()
    for line in text.splitlines() or [text]:
        line = line.strip()
        if line.startswith(PREFIX):
            line = line[len(PREFIX):].strip()
        if not line:
            continue
        try:
            return binascii.a2b_base64(line)
        except (binascii.Error, ValueError) as e:
            raise RecordError("not a Sanbon record (%s)" % e)
    raise RecordError("no record found")


class Record:
    """A decoded record; raises RecordError when it cannot be replayed here."""

    def __init__(self, data):
        from sanbon import games
        from sanbon.records import RECORD_FORMAT

        data = bytes(data)
        if len(data) < 10 or data[:2] != b"SR":
            raise RecordError("not a Sanbon record")
        if data[2] != RECORD_FORMAT:
            raise RecordError("this record has format %d; this build reads format %d: replay it with the build "
                              "that wrote it" % (data[2], RECORD_FORMAT))
        self.info = games.by_id(data[3])
        if self.info is None:
            raise RecordError("the record is of an unknown game (id %d)" % data[3])
        self.version = data[4]
        n = data[5]
        if len(data) < 10 + n or (len(data) - 10 - n) % 2:
            raise RecordError("the record is cut short")
        self.config = games.Config.from_bytes(self.info, data[6 : 6 + n])
        i = 6 + n
        self.seed = (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
        self.actions = [(data[j] << 8) | data[j + 1] for j in range(i + 4, len(data), 2)]

    def start(self):
        """The game's first state, dealt from the seed as Session.new does."""
        from engine.rng import Rng
        from sanbon.session import load_module

        self.module = load_module(self.info)
        if self.module is None:
            raise RecordError("%s is not in this build" % self.info.name)
        rng = Rng(self.seed)
        rng.fork()  # the computer players' RNG, as Session.new takes it
        state = self.module.new_state(self.config, rng)
        have = state.to_bytes()[1]
        if have != self.version:
            raise RecordError("this %s record was made with rules version %d; this build has version %d, so the "
                              "moves may not mean the same: replay it with the build that wrote it"
                              % (self.info.name, self.version, have))
        return state

    def replay(self, each=None):
        """Apply every action; ``each(state, i, action)`` after each one.
        Returns the final state. An illegal action raises RecordError."""
        from engine.core import IllegalAction

        state = self.start()
        for i, a in enumerate(self.actions):
            try:
                state.apply(a)
            except IllegalAction as e:
                raise RecordError("move %d (%d) is not legal here: %s" % (i + 1, a, e))
            if each is not None:
                each(state, i, a)
        return state


def describe(state, a):
    d = getattr(state, "describe_action", None)
    if d is not None:
        try:
            return d(a)
        except Exception:  # a describe helper that needs more context
            pass
    return "action %d" % a


def terminal(rec, out=print):
    out("%s, %d players, seed %d, %d moves" % (rec.info.name, rec.config.players, rec.seed, len(rec.actions)))
    last = [None]

    def each(state, i, a):
        seat = last[0]
        out("%4d. P%s %s" % (i + 1, "?" if seat is None else seat + 1, describe(state, a)))

    state = rec.start()
    last[0] = state.current_player
    from engine.core import IllegalAction

    for i, a in enumerate(rec.actions):
        last[0] = state.current_player
        try:
            state.apply(a)
        except IllegalAction as e:
            raise RecordError("move %d (%d) is not legal here: %s" % (i + 1, a, e))
        each(state, i, a)
    winners = state.winner() if state.is_over() else None
    if state.is_over():
        out("Game over: %s" % ("winners " + ", ".join("P%d" % (w + 1) for w in winners) if winners else "nobody wins"))
    else:
        out("(the record ends before the game does: a saved game)")
    return state


def in_sim(rec, board="pico_display2", delay=600, headless=False, shots=None):
    """Step through the record on the play screen. Every seat is shown as a
    human seat (nobody moves but the record), hand-over screens off."""
    from tools.sim import Sim

    from sanbon.session import Session

    sim = Sim(board, seed=rec.seed, nvm_path=None, headless=headless, virtual_time=True)
    app = sim.app
    app.settings.handover = 0
    app.settings.undo = 0
    state = rec.start()
    cfg = rec.config
    for s in range(len(cfg.seats)):
        cfg.seats[s] = 0  # the record plays every seat
    from engine.rng import Rng

    session = Session(app, rec.info, cfg, rec.module, state, Rng(1))
    app._clear()
    app.session = session
    app.push(rec.module.GameScreen(app, session))
    sim.step()
    window = not headless
    for i, a in enumerate(rec.actions):
        state.apply(a)
        top = app.top
        while top is not None and not hasattr(top, "update") and len(app.stack) > 1:
            app.pop()  # a dialog the record's move opened: the record goes on
            top = app.top
        if top is not None and hasattr(top, "update"):
            top.update()
        sim.step()
        if shots:
            sim.screenshot(os.path.join(shots, "move-%04d.png" % (i + 1)))
        if window:
            import time

            waited = 0
            while waited < delay:
                if not sim.board.poll_window():
                    return state
                time.sleep(0.02)
                waited += 20
    return state


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.replay", description=__doc__.split("\n")[0])
    ap.add_argument("record", help="a SANBON-RECORD line, its base64, or a file holding it")
    ap.add_argument("--sim", action="store_true", help="step through it on the simulator's play screen")
    ap.add_argument("--board", default="pico_display2", help="the simulated board (with --sim)")
    ap.add_argument("--delay", type=int, default=600, help="ms between moves in the window (with --sim)")
    ap.add_argument("--headless", action="store_true", help="with --sim: no window")
    ap.add_argument("--shots", metavar="DIR", help="with --sim: save a PNG per move into DIR")
    args = ap.parse_args(argv)
    try:
        rec = Record(parse_text(args.record))
        if args.sim:
            if args.shots:
                os.makedirs(args.shots, exist_ok=True)
            in_sim(rec, args.board, args.delay, args.headless, args.shots)
        else:
            terminal(rec)
    except RecordError as e:
        print("replay: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
