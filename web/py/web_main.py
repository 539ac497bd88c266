"""The browser page's code.py (make web): one App on the page's board,
stepped by the page (web/sanbon.mjs).

The page calls, with plain numbers and strings:

- ``boot(size, seed, nvm_hex, restart, note, strict, uid)``: a new board and
  App (seed -1: none; nvm_hex "": a blank sector);
- ``key(key_number, pressed)``: a button press or release, stamped with the
  board's clock as the simulator stamps it;
- ``step(now)``: one pass of the app at ``now`` ms; returns bits: 1 the scene
  changed (web/py/displayio.py wrote it), 2 the NVM changed (written to
  NVM_FILE for the page to keep in localStorage);
- ``screen()``: the name of the screen on top (the replay's look names it).
"""

import gc

import displayio
from boards import web
from sanbon.app import App

NVM_FILE = "/nvm.bin"
_run = []  # the one Run


class Run:
    def __init__(self, size, seed, nvm, restart, note, strict, uid):
        self.board = web.make(size, nvm=nvm, restart=restart, uid=uid)
        self.args = (seed, note, strict)
        self.kept = bytes(self.board.nvm)
        self.frames = 0
        self.app = App(self.board, seed, note, strict=strict)
        self.frames = self.board.display._seen  # the page reads the start's scene at boot

    def step(self, now):
        board = self.board
        board.now = now
        try:
            self.app.step()
        except web.Restart:
            seed, note, strict = self.args
            self.app = App(board, seed, note, strict=strict)
        flags = 0
        if board.display._seen != self.frames:
            self.frames = board.display._seen
            flags |= 1
        nvm = board.nvm
        if nvm != self.kept:
            self.kept = bytes(nvm)
            with open(NVM_FILE, "wb") as file:
                file.write(nvm)
            flags |= 2
        return flags


def boot(size, seed, nvm_hex, restart, note, strict, uid):
    import binascii

    del _run[:]
    gc.collect()
    nvm = binascii.unhexlify(nvm_hex) if nvm_hex else None
    _run.append(Run(size, None if seed < 0 else seed, nvm, bool(restart), note or None, bool(strict),
                    uid.encode()))
    return 0


def key(number, pressed):
    board = _run[0].board
    board.keys.events.put(number, bool(pressed), board.ticks_ms())


def step(now):
    return _run[0].step(now)


def poke(name, args):
    """What a recorded walk did to the game that no press can do
    (web/py/pokes.py; ``args`` as JSON): the replay does the same."""
    import json

    from pokes import POKES

    POKES[name](_run[0].app, *json.loads(args))


def screen():
    top = _run[0].app.top
    return type(top).__name__ if top is not None else ""


def brightness():
    """The backlight the app asked for, in percent (the page dims the canvas)."""
    return int(_run[0].board.display.brightness * 100 + 0.5)


def state_hex():
    """The game's state bytes as hex ("" without a game): a shared link's
    replay must end in the same state as the game it came from. Left out:
    the computer partners' memories (a game module's ``bot_memory``, saved
    after the state's bytes), which are not moves: a record does not carry
    them, so its replay ends with them blank."""
    import binascii

    session = _run[0].app.session
    if session is None:
        return ""
    data = session.state.to_bytes()
    memory = getattr(session.module, "bot_memory", None)
    if memory is not None:
        data = data[: len(data) - len(memory(session.state))]
    return binascii.hexlify(data).decode()


def watch(text):
    """Show a shared game's record (its base64) on the play screen; returns
    its number of moves. A record that cannot be replayed raises RecordError
    saying why (the page shows it)."""
    import binascii

    from record_play import Record, RecordError
    from record_play import watch as show

    try:
        data = binascii.a2b_base64(text.encode())
    except Exception:  # noqa: BLE001  (MicroPython's binascii raises a bare Exception on bad padding)
        raise RecordError("the link holds no Sanbon record (its text is not base64)")
    rec = Record(data)
    run = _run[0]
    run.watching = show(run.app, rec)[1]
    return len(rec.actions)


def watch_step():
    """The shared game's next move; 0 when every move has been shown."""
    return 1 if _run[0].watching() else 0


def describe():
    """What the screen on top says it shows (App.describe): the test reads it."""
    return _run[0].app.describe()


def choose(text):
    """The menu row reading ``text``'s number on the top screen (-1: none), and
    its cursor's: [row, cursor] (the test moves there with X/Y presses)."""
    menu = getattr(_run[0].app.top, "menu", None)
    if menu is None:
        return [-1, -1]
    items = list(menu.items)
    return [items.index(text) if text in items else -1, menu.index]
