# Gate scenario: the compiled app plays Okko: Oni Hunters (lib/sanbon/okko*.py
# on engine/okko) under MicroPython, on the stand-in display modules
# (tools/scenarios/mp_fakes), driven by raw key events through app.step(now).
# Two passes: at 240x135 against a Normal computer partner with the Easy aid
# on, and at 320x240 in Solo. Each pass: boot, Settings (computer speed
# instant), Okko setup, start; the human seats play what the computer
# partner's rules (engine/okko/bots.py, their own memory) would choose,
# entered by key presses on the play screen (the list's cursor, the Court's
# labelled grid, X next column and Y next row; dialogs and the reveal: A). After a few turns: pause, quit to the
# menu, continue the saved game (it must be the same), and on to the end
# screen. One runner step per app step (scenario_kit.Driver), so the heap peak
# is the app's live data plus one step's garbage. Everything printed as RESULT
# must be the same under CPython and MicroPython.
import binascii

from scenario_kit import KEY_A, KEY_B, KEY_X, KEY_Y, PAUSE_HOLD_MS, Board, Driver, check, hexs, top_kind


def shown(app):
    return " | ".join(app.describe().split("\n")[:5])


def result(tag, text):
    print("RESULT %s %s" % (tag, text))


def human_to_move(app):
    """A human's decision is on screen (not a board's end: its dialog comes
    at the next pass, sanbon.okko GameScreen.note)."""
    s = app.session
    if getattr(app.top, "note", None) is not None:
        return False
    return top_kind(app) == "Game" and not s.state.is_over() and not s.is_bot(s.state.current_player)


def think(st, seat, rng, memory):
    """The Normal partner's choice for the human seat. The partner's module
    is forgotten again, as the app does after each of its own decisions, so
    that the scripted human does not hold 10 KB the app does not."""
    from engine.okko.bots import choose
    from sanbon.ui import unload

    a = choose(st.observation(seat), seat, 2, rng, memory[seat])
    choose = None
    unload("engine.okko.bots")
    return a


def human_action(d, rng, memory):
    """The human seat plays the Normal partner's choice, by presses."""
    from engine.okko import cards as C

    app = d.app
    scr = app.top
    st = app.session.state
    seat = st.current_player
    a = think(st, seat, rng, memory)
    yield  # the human's "thinking" (the partner's rules) is a step of its own
    ph = st.phase
    if ph == 11:  # P_REVEAL: any key
        yield from d.tap(KEY_A)
        return
    if ph == 10 or ph == 12:  # P_PEEK, P_COURT: the grid, by the shortest presses
        want = C.board_to_display(a & 15, st.orient)
        cur = scr.gcur
        for _ in range(((want & 3) - (cur & 3)) % 4):  # X: the next column
            yield from d.tap(KEY_X)
        for _ in range(((want >> 2) - (cur >> 2)) % 4):  # Y: the next row
            yield from d.tap(KEY_Y)
        check(scr.gcur == want, "the square is reached")
        yield from d.tap(KEY_A)
        return
    check(a in scr.items, "the action is in the list")
    while scr.items[scr.cur] != a:
        yield from d.tap(KEY_Y)
    yield from d.tap(KEY_A)


def boot(width, height, nvm):
    from sanbon.app import App

    board = Board(width, height, nvm)
    app = App(board, seed=17, strict=True)
    return board, app, Driver(app, board)


def play(d, tag, rng, memory, until_turns):
    """Human decisions until ``until_turns`` turns began (or the end)."""
    app = d.app
    k = 0
    n = 0
    seen = None
    while top_kind(app) != "End":
        kind = top_kind(app)
        st = app.session.state
        if kind == "Dialog" or kind == "HandOver":
            yield from d.tap(KEY_A)
        elif human_to_move(app):
            yield from human_action(d, rng, memory)
            k += 1
        else:
            yield from d.wait(50)
        if st.events is not seen:
            seen = st.events
            for e in seen:
                if e[0] == "enemy":
                    n += 1
                    if n % 6 == 0:
                        result(tag, shown(app))
                        yield  # the text's garbage apart from the app's steps
        if until_turns and n >= until_turns and human_to_move(app) and st.phase == 3:
            return
        check(k < 5000, "the game never moved on")


def one_pass(tag, width, height, mode_taps, aid):
    from engine.rng import Rng

    nvm = bytearray(b"\xff" * 4096)
    board, app, d = boot(width, height, nvm)
    yield
    yield from d.choose("Settings")
    yield from d.choose("Computer speed: normal")  # -> instant
    check(app.settings.speed == 2, "instant speed")
    yield from d.tap(KEY_B)
    yield from d.choose("Okko: Oni Hunters")
    check(top_kind(app) == "Setup", "Okko setup")
    for _ in range(mode_taps):
        yield from d.choose(app.top.menu.items[0])
    if aid:
        yield from d.choose("House rules: off")
        yield from d.choose("Easy aid: off")
        yield from d.choose("Done")
    result(tag + " setup", shown(app))
    yield
    yield from d.choose("Start")
    check(top_kind(app) == "Game", "the game started")
    result(tag + " start", shown(app))
    yield
    rng = Rng(5)
    memory = (bytearray(16), bytearray(16))
    yield from play(d, tag + " play", rng, memory, 5)
    import sys

    # what the heap holds during play: no menus, no partner between decisions
    check("sanbon.menus" not in sys.modules, "the menus' code is dropped during a game")
    check("engine.okko.bots" not in sys.modules, "the partner is loaded only for a decision")
    before = app.session.to_bytes()
    yield
    yield from d.hold(KEY_B, PAUSE_HOLD_MS)
    check(top_kind(app) == "Pause", "paused")
    yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Sanbon", "quit to the menu")
    check("sanbon.okko" not in sys.modules and "engine.okko.state" not in sys.modules,
          "the game's modules are forgotten in the menu")
    yield from d.choose("Continue: Okko")
    check(app.session.to_bytes() == before, "the continued game is the saved one")
    result(tag + " continue", shown(app))
    yield
    yield from play(d, tag + " play", rng, memory, 0)
    check(top_kind(app) == "End", "the end screen")
    yield  # the results' text apart from the app's last step
    s = app.session
    result(tag + " end", shown(app))
    yield  # one result a step: their text is the harness's garbage, not the app's
    result(tag + " session", hexs(s.to_bytes()))
    yield
    result(tag + " stats", hexs(app.stats.to_bytes()))
    s = None
    yield
    yield from d.choose("Menu")
    check(app.saved_game is None, "a finished game is not saved")
    result(tag + " writes", "%d" % app.store.writes)
    result(tag + " nvm crc", "%08x" % (binascii.crc32(nvm) & 0xFFFFFFFF))
    board = app = d = None
    yield


def run():
    # 240x135: Partner (Normal), the Easy aid on
    yield from one_pass("240x135", 240, 135, 0, True)
    # 320x240: Solo
    yield from one_pass("320x240", 320, 240, 1, False)
