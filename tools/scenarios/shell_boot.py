# Gate scenario: the compiled shell (lib/sanbon) boots, plays Pig, pauses,
# saves, continues, finishes and survives a reboot, on stand-ins for the
# CircuitPython display modules (tools/scenarios/mp_fakes), driven by raw key
# events through app.step(now), at 240x135 and at 320x240.  One runner step
# per app step (scenario_kit.Driver), so the heap peak is the app's live data
# plus one step's garbage. Everything printed as RESULT must be the same under
# CPython and MicroPython; a failed check raises, which fails the gate on
# either interpreter.
import binascii

from scenario_kit import (
    KEY_A, KEY_B, KEY_X, KEY_Y, MASK, PAUSE_HOLD_MS, TAP_MS, Board, Driver, check, hexs, shown, texts, top_kind,
)

HOLD_AT = 12  # the scripted human holds at this turn total
ROLL_ROW = 0
HOLD_ROW = 1


def result(tag, text):
    print("RESULT %s %s" % (tag, text))


def human_to_move(app):
    s = app.session
    return top_kind(app) == "Game" and not s.state.is_over() and not s.is_bot(s.state.current_player)


def human_action(d):
    """On a human's Pig turn: put the cursor on Roll or Hold, press A."""
    app = d.app
    want = HOLD_ROW if app.session.state.turn_total >= HOLD_AT else ROLL_ROW
    menu = app.top.menu
    while menu.index != want:
        yield from d.tap(KEY_Y)
    yield from d.tap(KEY_A)


def boot(width, height, nvm):
    from sanbon.app import App

    board = Board(width, height, nvm)
    app = App(board, seed=5, strict=True)  # strict: an error raises, no recovery to the menu
    return board, app, Driver(app, board)


# -- one pass: boot, play, pause, quit, continue, finish, reboot ------------
def one_pass(tag, width, height, players, seat_taps, actions_before_pause, reboot_mid_game):
    nvm = bytearray(b"\xff" * 4096)
    board, app, d = boot(width, height, nvm)
    check(board.display.root_group is app.root, "the app set the display's root group")
    result(tag + " boot", shown(app))
    result(tag + " boot screen", " / ".join(texts(board.display.root_group, [])))
    yield

    # main menu -> About (X from the top wraps to the last item)
    yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "About", "About opened")
    result(tag + " about", shown(app))
    # "Try the demo game (Pig)" is preselected
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Setup", "Pig setup opened")
    for _ in range(players - 2):
        yield from d.choose(app.top.menu.items[0])  # "Players: n" cycles
    for seat, taps in seat_taps:
        for _ in range(taps):
            row = [t for t in app.top.menu.items if t.startswith("P%d:" % (seat + 1))][0]
            yield from d.choose(row)
    result(tag + " setup", shown(app))
    # How to play, turn a page, back
    yield from d.choose("How to play")
    yield from d.tap(KEY_Y)
    result(tag + " howto", shown(app))
    yield from d.tap(KEY_B)
    check(top_kind(app) == "Setup", "back on the setup")
    yield from d.choose("Start")
    check(top_kind(app) == "Game", "the game started")
    result(tag + " start", shown(app))

    # a few turns at the normal computer speed
    done = 0
    waits = 0
    while done < actions_before_pause or not human_to_move(app):
        check(not app.session.state.is_over(), "the game ended before the pause")
        if human_to_move(app):
            yield from human_action(d)
            done += 1
        else:
            yield from d.wait(200)
            waits += 1
            check(waits < 500, "the computer never moved")
    result(tag + " before pause", shown(app))
    if not reboot_mid_game:
        # where the modules came from, while the game is on (a game's modules
        # are forgotten when it ends: sanbon.ui.forget)
        for name in ("sanbon.app", "sanbon.pig", "engine.core", "displayio", "terminalio"):
            print("LOADED", loaded(name))
    before = app.describe()

    # hold B: pause; then Quit to menu (X from Resume wraps to it)
    yield from d.hold(KEY_B, PAUSE_HOLD_MS)
    check(top_kind(app) == "Pause", "hold B paused")
    result(tag + " pause", shown(app))
    yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Sanbon", "quit to the main menu")
    result(tag + " quit", shown(app))
    result(tag + " quit writes", "%d" % app.store.writes)

    if reboot_mid_game:  # power off in the menu, on again: Continue is there
        board = app = d = None
        yield  # the old app is collected at the end of this step
        board, app, d = boot(width, height, nvm)
        result(tag + " rebooted", shown(app))
        yield

    # Settings: computer speed instant, then back (the screen saves on leaving)
    yield from d.choose("Settings")
    yield from d.choose("Computer speed: normal")
    check(app.settings.speed == 2, "speed is instant")
    result(tag + " settings", shown(app))
    yield from d.tap(KEY_B)

    yield from d.choose("Continue: Pig")
    check(top_kind(app) == "Game", "continued")
    check(app.describe() == before, "the continued game is the paused one")
    result(tag + " continue", shown(app))

    # play to the end
    n = 0
    while top_kind(app) == "Game":
        if human_to_move(app):
            yield from human_action(d)
        else:
            yield from d.wait(50)
        n += 1
        check(n < 2000, "the game never ended")
    check(top_kind(app) == "End", "the end screen")
    s = app.session
    check(s.finished and s.state.is_over(), "the session is finished")
    result(tag + " end", shown(app))
    result(tag + " end screen", " / ".join(texts(board.display.root_group, [])))
    result(tag + " session", hexs(s.to_bytes()))
    stats = app.stats.to_bytes()
    result(tag + " stats", hexs(stats))
    check(sum(app.stats.counts) > 0, "the game is in the statistics")
    s = None
    yield from d.choose("Menu")
    check(top_kind(app) == "Sanbon", "back in the main menu")
    check(app.saved_game is None, "a finished game is not saved")
    result(tag + " menu", shown(app))
    result(tag + " writes", "%d %d" % (app.store.writes, app.store.bytes_written))
    result(tag + " nvm crc", "%08x" % (binascii.crc32(nvm) & 0xFFFFFFFF))
    result(tag + " refreshes", "%d" % board.display.refreshes)
    settings = app.settings.to_bytes()
    board = app = d = None
    yield  # the old app is collected at the end of this step

    # reboot on the same NVM: settings and statistics survived, no game
    board, app, d = boot(width, height, nvm)
    check(app.settings.to_bytes() == settings, "settings survived the reboot")
    check(app.settings.speed == 2, "the instant speed survived")
    check(app.stats.to_bytes() == stats, "statistics survived the reboot")
    check(app.saved_game is None and app.store.writes == 0, "nothing to continue, nothing written")
    result(tag + " reboot", shown(app))
    result(tag + " reboot settings", hexs(app.settings.to_bytes()))
    yield from d.wait(20)


def loaded(name):
    """Where a module came from (not a RESULT: .mpy here, .py under CPython)."""
    import sys

    m = sys.modules.get(name)
    return "%s %s" % (name, getattr(m, "__file__", "(built in)") if m else "(not loaded)")


def run():
    # 240x135 (Pico Display Pack): 2 players, P2 Easy; Continue in the same app
    yield from one_pass("240x135", 240, 135, 2, (), 6, False)
    # 320x240 (Pico Display Pack 2.0): 3 players, P2 Easy -> Normal, P3 Easy;
    # a reboot in the menu before Continue
    yield from one_pass("320x240", 320, 240, 3, ((1, 1),), 6, True)
