# Gate scenario: the compiled app plays Kyudo (lib/sanbon/kyudo*.py on
# engine/kyudo) under MicroPython, on the stand-in display modules
# (tools/scenarios/mp_fakes), driven by raw key events through app.step(now),
# at 240x135 and at 320x240, against computer archers of every level.  Each
# pass: boot, Settings (computer speed instant), Kyudo setup, start; the human
# plays a few turns by key presses (roll, keep a die, re-roll, stop, the first
# combination until only "End turn" is left, the first choice of every
# prompt), opens the sheets and flips through them, pauses, quits to the menu,
# continues the saved game (it must be the same), and plays on to the end
# screen. One runner step per app step (scenario_kit.Driver), so the heap peak
# is the app's live data plus one step's garbage. Everything printed as RESULT
# must be the same under CPython and MicroPython.
import binascii

from scenario_kit import (
    KEY_A, KEY_B, KEY_X, KEY_Y, MASK, PAUSE_HOLD_MS, TAP_MS, Board, Driver, check, hexs, top_kind,
)


def shown(app):
    return " | ".join(app.describe().split("\n"))


def result(tag, text):
    print("RESULT %s %s" % (tag, text))


def human_to_move(app):
    s = app.session
    return top_kind(app) == "Game" and not s.state.is_over() and not s.is_bot(s.state.current_player)


def human_action(d):
    """The scripted archer: roll, keep die 1, re-roll once, stop; then the
    first combination until only "End turn" is left; the first choice of
    every prompt."""
    app = d.app
    st = app.session.state
    scr = app.top
    menu = scr.menu
    if st.phase == 1 and st.rolls == 1:  # after a roll the cursor is on die 1
        check(scr.die_cur == 0, "the cursor is on die 1")
        yield from d.tap(KEY_A)
        check(scr.keep == 1, "die 1 is kept")
        check(scr.die_cur == 1, "the cursor went on to die 2")
        yield from d.tap(KEY_X)
        check(scr.die_cur < 0 and menu.index == 0, "X: on Roll")
        yield from d.tap(KEY_A)
        return
    if st.phase == 1 and st.rolls == 2:
        if scr.die_cur >= 0:
            yield from d.tap(KEY_X)  # Roll
        while menu.items[menu.index] != "Stop, play dice":
            yield from d.tap(KEY_Y)
    else:
        while menu.index != 0:
            yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)


def boot(width, height, nvm):
    from sanbon.app import App

    board = Board(width, height, nvm)
    app = App(board, seed=17, strict=True)
    return board, app, Driver(app, board)


def play_turns(d, turns, tag):
    """Until the human has ended ``turns`` turns (the computers at instant speed)."""
    app = d.app
    done = 0
    n = 0
    while done < turns and not app.session.state.is_over():
        if human_to_move(app):
            before = app.session.state.turn
            yield from human_action(d)
            if app.session.state.turn != before:
                done += 1
                result(tag, shown(app))
        else:
            yield from d.wait(50)
        n += 1
        check(n < 3000, "the game never moved on")


def one_pass(tag, width, height, players, seats):
    nvm = bytearray(b"\xff" * 4096)
    board, app, d = boot(width, height, nvm)
    yield
    yield from d.choose("Settings")
    yield from d.choose("Computer speed: normal")  # -> instant
    check(app.settings.speed == 2, "instant speed")
    yield from d.tap(KEY_B)
    yield from d.choose("Kyudo")
    check(top_kind(app) == "Setup", "Kyudo setup")
    while app.top.menu.items[0] != "Players: %d" % players:
        yield from d.choose(app.top.menu.items[0])
    for seat, taps in seats:
        for _ in range(taps):
            row = [t for t in app.top.menu.items if t.startswith("P%d:" % (seat + 1))][0]
            yield from d.choose(row)
    result(tag + " setup", shown(app))
    yield from d.choose("Start")
    check(top_kind(app) == "Game", "the game started")
    result(tag + " start", shown(app))

    yield from play_turns(d, 3, tag + " turn")
    # the sheets: open, flip through every archer, back
    while not human_to_move(app):
        yield from d.wait(50)
    menu = app.top.menu
    if app.top.die_cur >= 0:
        yield from d.tap(KEY_X)  # off the dice, onto Roll
    yield from d.choose("Sheets")
    check(top_kind(app) == "Sheet", "the sheet opened")
    for _ in range(players):
        result(tag + " sheet", shown(app))
        yield from d.tap(KEY_Y)
    yield from d.tap(KEY_B)
    check(top_kind(app) == "Game", "back from the sheets")
    menu = None
    before = app.session.to_bytes()
    # pause, quit, continue: the same game
    yield from d.hold(KEY_B, PAUSE_HOLD_MS)
    check(top_kind(app) == "Pause", "paused")
    yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Sanbon", "quit to the menu")
    yield from d.choose("Continue: Kyudo")
    check(app.session.to_bytes() == before, "the continued game is the saved one")
    result(tag + " continue", shown(app))

    # on to the end
    n = 0
    while top_kind(app) == "Game":
        if human_to_move(app):
            yield from human_action(d)
        else:
            yield from d.wait(50)
        n += 1
        check(n < 20000, "the game never ended")
    check(top_kind(app) == "End", "the end screen")
    s = app.session
    result(tag + " end", shown(app))
    result(tag + " session", hexs(s.to_bytes()))
    result(tag + " stats", hexs(app.stats.to_bytes()))
    s = None
    yield from d.choose("Menu")
    check(app.saved_game is None, "a finished game is not saved")
    result(tag + " writes", "%d" % app.store.writes)
    result(tag + " nvm crc", "%08x" % (binascii.crc32(nvm) & 0xFFFFFFFF))
    board = app = d = None
    yield


def run():
    # 240x135: 3 archers, P2 Normal, P3 Hard (the expectimax)
    yield from one_pass("240x135", 240, 135, 3, ((2, 1),))
    # 320x240: 4 archers, P2 Normal, P3 Easy, P4 Hard
    yield from one_pass("320x240", 320, 240, 4, ((2, 3), (3, 1)))
