# Gate scenario: the compiled app plays Kendo Duel (lib/sanbon/kendo*.py on
# engine/kendo) under MicroPython, on the stand-in display modules
# (tools/scenarios/mp_fakes), driven by raw key events through app.step(now).
#
# Three passes: a 2-player Duel at 240x135 against a Normal computer (with a
# house rule turned on in the setup), a 4-player Duel at 320x240 against
# Easy, Normal and Easy, and a Competition at 240x135 against Hard. Each
# pass: boot, Settings (computer speed instant), Kendo setup, start; the
# human keeps the hand (or switches one card), then plays by key presses
# (the first card that may be played, moving the cursor now and then, once
# a grey card for its reason, JODAN/SEME when offered, the last target),
# opens the log and closes it, pauses, quits to the menu, continues the saved
# game (it must be the same) and plays on to the end screen. One runner step
# per app step (scenario_kit.Driver), so the heap peak is the app's live data
# plus one step's garbage. Everything printed as RESULT must be the same under
# CPython and MicroPython.
import binascii

from scenario_kit import KEY_A, KEY_B, KEY_X, KEY_Y, PAUSE_HOLD_MS, Board, Driver, check, hexs, top_kind


def shown(app):
    return " | ".join(app.describe().split("\n"))


def result(tag, text):
    print("RESULT %s %s" % (tag, text))


def human_to_move(app):
    s = app.session
    return top_kind(app) == "Game" and not s.state.is_over() and not s.is_bot(s.state.current_player)


def human_action(d, n):
    """The scripted player. The cursor starts on the decision's default
    (Keep hand in the switch, No answer when nothing answers, else what the
    Normal computer player would choose there)."""
    app = d.app
    scr = app.top
    st = app.session.state
    items = scr.items
    if st.phase == 0 and n % 2 and not scr.marks:  # switch the first card that may be
        for _ in range(len(items)):
            yield from d.tap(KEY_Y)
            if items[scr.cur] >= 0 and scr.ok[items[scr.cur]]:
                break
        if items[scr.cur] >= 0:
            yield from d.tap(KEY_A)
            check(len(scr.marks) == 1, "a card is marked")
        while scr.cur:
            yield from d.tap(KEY_X)
    elif st.phase == 1 and scr.sub == 1 and n % 3 == 0:  # JODAN or SEME
        for _ in range(len(items)):
            if items[scr.cur] >= 0 and scr.ok[items[scr.cur]]:
                break
            yield from d.tap(KEY_Y)
    elif st.phase == 1 and scr.sub == 2:  # the last target
        while scr.cur + 1 < len(items) and items[scr.cur + 1] <= -10:
            yield from d.tap(KEY_Y)
    elif st.phase == 2 and n % 7 == 3 and items[0] != -3:
        # a grey card: its reason, and nothing changes
        grey = -1
        for i in range(len(items)):
            if items[i] >= 0 and not scr.ok[items[i]]:
                grey = i
                break
        if grey >= 0:
            before = st.to_bytes()
            start = scr.cur
            while scr.cur != grey:
                yield from d.tap(KEY_Y)
            yield from d.tap(KEY_A)
            check(st.to_bytes() == before, "a grey card changes nothing")
            check(app.toast_widget is not None, "a grey card says why")
            while scr.cur != start:
                yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)


def boot(width, height, nvm):
    from sanbon.app import App

    board = Board(width, height, nvm)
    app = App(board, seed=17, strict=True)
    return board, app, Driver(app, board)


def play(d, tag, until_exchanges):
    """Human decisions until ``until_exchanges`` exchanges were opened (or the end)."""
    app = d.app
    n = 0
    k = 0
    seen = None
    while top_kind(app) == "Game" and not app.session.state.is_over():
        st = app.session.state
        if human_to_move(app):
            yield from human_action(d, k + 1)
            k += 1
        else:
            yield from d.wait(50)
        if st.events is not seen:
            seen = st.events
            for e in seen:
                if e[0] == "open":
                    n += 1
                    if n % 4 == 0:
                        result(tag, shown(app))
        if until_exchanges and n >= until_exchanges:
            return
        check(k < 5000, "the game never moved on")


def one_pass(tag, width, height, players, mode, seats, house):
    nvm = bytearray(b"\xff" * 4096)
    board, app, d = boot(width, height, nvm)
    yield
    yield from d.choose("Settings")
    yield from d.choose("Computer speed: normal")  # -> instant
    check(app.settings.speed == 2, "instant speed")
    yield from d.tap(KEY_B)
    yield from d.choose("Kendo Duel")
    check(top_kind(app) == "Setup", "Kendo setup")
    if mode:
        yield from d.choose("Mode: Duel")
    else:
        while app.top.menu.items[0] != "Players: %d" % players:
            yield from d.choose(app.top.menu.items[0])
    for seat, taps in seats:
        for _ in range(taps):
            row = [t for t in app.top.menu.items if t.startswith("P%d:" % (seat + 1))][0]
            yield from d.choose(row)
    if house:
        yield from d.choose("House rules: 1 on")  # Rearm, on in a new game
        yield from d.choose(house)
        yield from d.choose("Done")
    result(tag + " setup", shown(app))
    yield from d.choose("Start")
    check(top_kind(app) == "Game", "the game started")
    result(tag + " start", shown(app))

    yield from play(d, tag + " play", 3)
    # the log: open, back
    while not human_to_move(app):
        check(not app.session.state.is_over(), "the game went on for the log")
        yield from d.wait(50)
    scr = app.top
    while scr.items[scr.cur] != -4:
        yield from d.tap(KEY_Y)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Log", "the log opened")
    yield from d.tap(KEY_B)
    check(top_kind(app) == "Game", "back from the log")
    scr = None
    before = app.session.to_bytes()
    # pause, quit, continue: the same game
    yield from d.hold(KEY_B, PAUSE_HOLD_MS)
    check(top_kind(app) == "Pause", "paused")
    yield from d.tap(KEY_X)
    yield from d.tap(KEY_A)
    check(top_kind(app) == "Sanbon", "quit to the menu")
    yield from d.choose("Continue: Kendo")
    check(app.session.to_bytes() == before, "the continued game is the saved one")
    result(tag + " continue", shown(app))

    yield from play(d, tag + " play", 0)
    n = 0
    while top_kind(app) == "Game":
        yield from d.wait(50)
        n += 1
        check(n < 100, "no end screen")
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
    # 240x135: 2 players, P2 Normal; REFLECT=CANCEL
    yield from one_pass("240x135", 240, 135, 2, 0, (), "Reflect: bounce")
    # 320x240: 4 players, P2 Easy, P3 Normal, P4 Easy (a Duel offers Easy and Normal: Normal -> Human -> Easy)
    yield from one_pass("320x240", 320, 240, 4, 0, ((1, 2), (3, 2)), "")
    # 240x135: Competition, P2 Hard
    yield from one_pass("comp", 240, 135, 2, 1, ((1, 1),), "")
