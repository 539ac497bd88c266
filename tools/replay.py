"""Replay a game record: ``python -m tools.replay RECORD [--sim] [--board B]``.

A record is what "Share game" (the pause menu, the end screen) writes to the
serial console (lib/sanbon/records.py): a line ``SANBON-RECORD <base64>``.
RECORD is that line, its base64 part, or a file holding it (a saved console
log: its last such line). The record holds the game, its setup, the seed and
every action (sanbon.records.record); replaying deals the same game from the
seed and applies the actions, checking each one is legal.

Without ``--sim`` the game is printed move by move in the terminal; with it,
the simulator shows the play screen and steps through the moves (``--delay``
ms apart; in the window, any key steps at once). A record from a build whose
record format or the game's rules version differs is refused with a message
that says which. A bad argument or record stops with one line (exit 2), and
``--sim`` without a display that can show a window says so (exit 1).
"""

import argparse
import binascii
import os
import sys

from tools.sim import ROOT  # noqa: F401 (importing tools.sim puts ROOT and lib/ on sys.path)
from tools.sim import SIZES, Parser, _nearest_folder, no_window_line, window_problem

from tools.web import page_module  # noqa: E402

_shared = page_module("record_play")  # a record's replay, shared with the browser page
Record, RecordError, watch = _shared.Record, _shared.RecordError, _shared.watch

PREFIX = "SANBON-RECORD"


def parse_text(text):
    """The record's bytes from a console line, bare base64 or a file path."""
    if os.path.isdir(text):
        raise RecordError("%s is a folder, not a record file" % text)
    is_file = os.path.isfile(text)
    if is_file:
        try:
            with open(text, encoding="utf-8") as f:
                text = f.read(1 << 20)
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError("cannot read %s (%s)" % (text, getattr(e, "strerror", None) or e))
    lines = [l.strip() for l in text.splitlines() or [text]]
    marked = [l for l in lines if l.startswith(PREFIX)]  # a console log: its record line
    for line in marked[-1:] or lines:
        whole = line.startswith(PREFIX)
        if whole:
            line = line[len(PREFIX):].strip()
        if not line:
            continue
        try:
            return binascii.a2b_base64(line, strict_mode=True)
        except (binascii.Error, ValueError) as e:
            if is_file or whole:
                raise RecordError("not a Sanbon record (%s): copy the whole SANBON-RECORD line" % e)
            raise RecordError("no file %s, and it is not a record: give a SANBON-RECORD line (in quotes), its "
                              "base64 part, or a file holding it" % text)
    raise RecordError("no record found")


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
    for i, a in enumerate(rec.actions):
        last[0] = state.current_player
        rec.apply(state, i)
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

    sim = Sim(board, seed=rec.seed, nvm_path=None, headless=headless, virtual_time=True)
    state, step = watch(sim.app, rec)
    sim.step()
    window = not headless
    for i in range(len(rec.actions)):
        step()
        sim.step()
        if shots:
            sim.screenshot(os.path.join(shots, "move-%04d.png" % (i + 1)))
        if window:
            import time

            waited = 0
            keys = sim.board.keys.events
            while waited < delay:
                if not sim.board.poll_window():
                    return state
                if len(keys):  # a key: the next move now
                    keys.clear()
                    break
                time.sleep(0.02)
                waited += 20
    return state


def delay_arg(text):
    try:
        ms = int(text)
    except ValueError:
        ms = -1
    if not 0 <= ms <= 60000:
        raise argparse.ArgumentTypeError("%r: the delay is whole milliseconds from 0 to 60000" % text)
    return ms


def shots_arg(path):
    full = os.path.abspath(os.path.expanduser(path))
    if os.path.exists(full):
        if not os.path.isdir(full):
            raise argparse.ArgumentTypeError("%s is a file, not a folder" % path)
        if not os.access(full, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError("cannot write in %s" % path)
    else:
        _nearest_folder(full)
    return full


def main(argv=None):
    ap = Parser(prog="python -m tools.replay",
                description="Replay a shared game (a SANBON-RECORD line) in the terminal, or on the play screen.")
    ap.add_argument("record", help="a SANBON-RECORD line (in quotes), its base64, or a file holding it")
    ap.add_argument("--sim", action="store_true", help="step through it on the simulator's play screen")
    ap.add_argument("--board", choices=SIZES, help="the simulated board (with --sim; default pico_display2)")
    ap.add_argument("--delay", type=delay_arg, help="ms between moves in the window (with --sim; default 600)")
    ap.add_argument("--headless", action="store_true", help="with --sim: no window")
    ap.add_argument("--shots", metavar="DIR", type=shots_arg, help="with --sim: save a PNG per move into DIR")
    args = ap.parse_args(argv)
    if not args.sim:
        given = [o for o, v in (("--board", args.board), ("--delay", args.delay), ("--headless", args.headless),
                                ("--shots", args.shots)) if v not in (None, False)]
        if given:
            ap.error("%s works only with --sim" % " and ".join(given))
    try:
        rec = Record(parse_text(args.record))
        if args.sim:
            rec.start()  # refuses a record of another rules version before anything is shown or written
            if not args.headless:
                why = window_problem()
                if why:
                    print(no_window_line(ap.prog, why, "add --headless --shots DIR"), file=sys.stderr)
                    return 1
            if args.shots:
                os.makedirs(args.shots, exist_ok=True)
            in_sim(rec, args.board or "pico_display2", 600 if args.delay is None else args.delay, args.headless,
                   args.shots)
        else:
            terminal(rec)
    except RecordError as e:
        print("%s: error: %s" % (ap.prog, e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
