"""The real app driven by scripted presses in the headless simulator."""

import pytest

from engine.rng import Rng
from sim_helpers import SIZES, Sim, choose, goto_demo_setup, play_until, set_rows


@pytest.mark.parametrize("size", SIZES)
def test_menu_setup_pause_and_back(size, tmp_path):
    sim = Sim(size, seed=5, nvm_path=str(tmp_path / "nvm.bin"))
    shown = sim.visible_text()
    for item in ("Sanbon", "Kyudo", "Kendo Duel", "Okko: Oni Hunters", "Statistics", "Settings", "About"):
        assert item in shown
    assert not any(t.startswith("Continue") for t in shown)
    goto_demo_setup(sim)
    shown = sim.visible_text()
    assert "Players: 2" in shown and "P1: Human" in shown and "Start" in shown
    sim.press("A")  # Start
    assert sim.text().startswith("Game: Pig")
    assert "Roll" in sim.visible_text()
    sim.press("HOLD_B")
    assert sim.text().startswith("Pause")
    assert sim.app.top.menu.items == ["Resume", "How to play", "Restart", "Undo last move", "Share game", "Quit to menu"]
    assert sim.visible_text()[:4] == ["Paused: Pig (demo)", "Resume", "How to play", "Restart"]
    sim.press("B")  # back to the game
    assert sim.text().startswith("Game: Pig")
    sim.press("HOLD_B", "Y", "A")  # How to play
    assert sim.text().startswith("HowTo")
    sim.press("Y")
    assert "2/" in sim.visible_text()[0]
    sim.press("B")
    choose(sim, "Quit to menu")
    assert sim.text().startswith("Sanbon")
    assert "Continue: Pig" in sim.visible_text()


def test_okko_starts_from_its_setup(tmp_path):
    sim = Sim("pico_display", seed=1, nvm_path=str(tmp_path / "n"))
    choose(sim, "Okko: Oni Hunters")  # every game is built now
    assert sim.text().startswith("Setup: Okko: Oni Hunters")
    assert "P1: Human" in sim.visible_text() and "Mode: Partner" in sim.visible_text()
    choose(sim, "Start")
    assert sim.text().startswith("Game: Okko hero")
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    assert sim.text().startswith("Sanbon")
    assert "Continue: Okko" in sim.visible_text()


def test_setup_cycles_seats_and_modes(tmp_path):
    sim = Sim("pico_display2", seed=1, nvm_path=str(tmp_path / "n"))
    sim.press("Y", "A")  # Kendo Duel
    set_rows(sim, ["Mode: Competition", "P2: Computer (Hard)", "P2: Human"])
    assert "Mode: Competition" in sim.visible_text()


@pytest.mark.parametrize("size", SIZES)
def test_a_cursor_move_repaints_its_frame_not_the_rows(size):
    sim = Sim(size, seed=1)
    d = sim.board.display
    d.refreshed.clear()
    sim.press("Y")
    assert d.refreshed, "nothing was redrawn"
    painted = set()
    for x1, y1, x2, y2 in d.refreshed:
        painted.update((x, y) for x in range(x1, x2) for y in range(y1, y2))
    screen = sim.board.width * sim.board.height
    # the cursor's frame (ui.Ring) at its two places, not the rows' text:
    # about 3.5% of the screen (a filled bar and two recoloured rows: 40%)
    assert len(painted) < screen * 0.06, (len(painted), screen)
    # only the band of the two rows involved: not the title bar, not the hints
    L = sim.app.layout
    assert min(a[1] for a in d.refreshed) >= L.body_top - 4
    assert max(a[3] for a in d.refreshed) <= L.body_top + 2 * L.row_h + 4
    d.refreshed.clear()
    sim.wait(500)  # idle: nothing to redraw
    assert d.refreshed == []


def test_settings_survive_a_reboot(tmp_path):
    path = str(tmp_path / "nvm.bin")
    sim = Sim("pico_display2", seed=1, nvm_path=path)
    choose(sim, "Settings")
    before = sim.board.nvm.writes
    set_rows(sim, ["Brightness: 40%", "LEDs: off", "Computer speed: instant", "Hand-over screen: off"])
    assert sim.board.nvm.writes == before, "settings must not be written on every press"
    sim.press("B")
    assert sim.board.nvm.writes == before + 1
    assert abs(sim.board.display.brightness - 0.4) < 1e-6
    again = Sim("pico_display2", seed=1, nvm_path=path)  # reboot
    choose(again, "Settings")
    shown = again.visible_text()
    for row in ("Brightness: 40%", "LEDs: off", "Computer speed: instant", "Hand-over screen: off"):
        assert row in shown
    assert abs(again.board.display.brightness - 0.4) < 1e-6


def test_a_corrupt_store_says_so_and_starts_fresh(tmp_path):
    path = tmp_path / "nvm.bin"
    rng = Rng(3)
    path.write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    sim = Sim("pico_display", seed=1, nvm_path=str(path))
    assert "Some saved data was lost." in " ".join(sim.visible_text())
    assert sim.text().startswith("Sanbon")
    choose(sim, "Settings")  # still fully usable, and it saves cleanly
    sim.press("A", "B")
    again = Sim("pico_display", seed=1, nvm_path=str(path))
    assert "saved data was lost" not in " ".join(again.visible_text())


def start_bot_game(sim, seats=("P1: Computer (Normal)", "P2: Computer (Normal)")):
    goto_demo_setup(sim)
    set_rows(sim, list(seats))
    choose(sim, "Start")


def test_a_seeded_full_game_saves_once_per_turn_and_never_rewrites(tmp_path):
    sim = Sim("pico_display2", seed=11, nvm_path=str(tmp_path / "n"))
    choose(sim, "Settings")
    set_rows(sim, ["Computer speed: instant"])
    sim.press("B")
    nvm = sim.board.nvm
    start = nvm.writes
    turns = []
    start_bot_game(sim)
    session = sim.app.session
    last = session.state.current_player
    while not session.state.is_over():
        sim.step()
        if session.state.current_player != last:
            turns.append(last)
            last = session.state.current_player
    play_until(sim, lambda s: s.text().startswith("End"))
    writes = nvm.writes - start
    assert nvm.identical == 0, "a write repeated the stored bytes"
    # one write at the start, one per turn end (the last one is the game end)
    assert writes == 1 + len(turns) + 1 or writes == 1 + len(turns), (writes, len(turns))
    assert writes < 80
    # the finished game is no longer offered, the statistics count it
    choose(sim, "Menu")
    assert not any(t.startswith("Continue") for t in sim.visible_text())
    choose(sim, "Statistics")
    assert any("Normal" in t and "played   2" in t for t in sim.visible_text())


def test_quit_resume_continues_the_same_game(tmp_path):
    path = str(tmp_path / "n")
    sim = Sim("pico_display2", seed=21, nvm_path=path)
    start_bot_game(sim, ("P2: Computer (Normal)",))
    sim.press("A", "A")  # roll twice (if the first roll was a 1, the turn passed)
    play_until(sim, lambda s: not s.app.session.is_bot(s.app.session.state.current_player))
    before = sim.app.session.to_bytes()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display2", seed=99, nvm_path=path)
    assert again.visible_text()[1] == "Continue: Pig"
    again.press("A")
    assert again.app.session.to_bytes() == before
    assert again.text().startswith("Game: Pig")


def test_continue_removes_a_saved_game_with_no_move_to_make(tmp_path, monkeypatch):
    # a damaged save that passes every check of its game, yet has no legal
    # move: Continue says so and removes it (before, the computer to move
    # raised, and "Continue" failed the same way every time)
    from engine.example import PigState

    path = str(tmp_path / "n")
    sim = Sim("pico_display2", seed=21, nvm_path=path)
    start_bot_game(sim, ("P2: Computer (Normal)",))
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    monkeypatch.setattr(PigState, "legal_actions", lambda self: [])
    again = Sim("pico_display2", seed=99, nvm_path=path)
    assert again.visible_text()[1] == "Continue: Pig"
    again.press("A")
    again.step()
    shown = " ".join(again.visible_text())
    assert "could not be read (the saved game has no move to make). It was removed." in shown
    assert again.app.session is None and again.app.saved_game is None
    monkeypatch.undo()
    third = Sim("pico_display2", seed=5, nvm_path=path)  # and it stays removed
    assert "Continue: Pig" not in third.visible_text()


def test_a_power_cut_mid_turn_replays_the_same_dice(tmp_path):
    path = str(tmp_path / "n")
    sim = Sim("pico_display2", seed=8, nvm_path=path)
    start_bot_game(sim, ("P2: Computer (Normal)",))
    saved = sim.app.saved_game
    rolls = []
    for _ in range(3):
        if sim.app.session.state.current_player != 0:
            break
        sim.press("A")  # Roll (the cursor is on Roll)
        rolls.append(sim.app.session.state.last_roll)
    # power cut: no quit, no save; the store still has the turn-start save
    again = Sim("pico_display2", seed=1234, nvm_path=path)
    assert again.app.saved_game == saved
    again.press("A")  # Continue
    replay = []
    for _ in range(len(rolls)):
        again.press("A")
        replay.append(again.app.session.state.last_roll)
    assert replay == rolls


def test_hand_over_screen_before_each_human_turn_of_a_hidden_game(tmp_path, monkeypatch):
    import sanbon.pig as pig

    monkeypatch.setattr(pig, "HIDDEN", True)
    sim = Sim("pico_display", seed=4, nvm_path=str(tmp_path / "n"))
    goto_demo_setup(sim)
    set_rows(sim, ["P2: Human"])
    choose(sim, "Start")
    assert sim.text() == "HandOver: Pass to P1"
    assert not any(t in ("Roll", "Hold") for t in sim.visible_text())
    sim.press("A")
    assert sim.text().startswith("Game: Pig")
    # play P1's turn until it passes to P2
    menu = sim.app.top.menu
    for _ in range(50):
        st = sim.app.session.state
        if st.current_player != 0:
            break
        want = 1 if st.turn_total >= 10 else 0  # hold at 10
        if menu.index != want:
            sim.press("Y")
        sim.press("A")
    assert sim.text() == "HandOver: Pass to P2"
    # with the setting off, no hand-over
    sim.app.settings.handover = 0
    sim.press("A")
    assert sim.text().startswith("Game: Pig")


def test_an_unexpected_error_goes_back_to_the_menu_and_keeps_the_save(tmp_path, monkeypatch):
    import sanbon.pig as pig

    sim = Sim("pico_display2", seed=3, nvm_path=str(tmp_path / "n"), strict=False)
    start_bot_game(sim, ("P2: Computer (Normal)",))
    saved = sim.app.saved_game

    def broken(*a):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(pig, "bot_action", broken)
    sim.press("A")  # roll
    if sim.app.session.state.current_player == 0:
        sim.press("Y", "A")  # hold: the computer's turn comes
    play_until(sim, lambda s: s.text().startswith("Dialog: Something went wrong"), 60000)
    assert "bot bug" in sim.text()
    sim.press("A")
    assert sim.text().startswith("Sanbon")
    assert sim.app.saved_game is not None and sim.app.saved_game[0] == saved[0]


def test_a_note_from_boot_is_shown(tmp_path):
    sim = Sim("pico_display", seed=1, nvm_path=str(tmp_path / "n"), note="SANBON_BOARD 'x' is not a board")
    assert "SANBON_BOARD 'x' is not a board" in " ".join(sim.visible_text())


def test_boot_notes_show_together_where_either_display_pack_shows_them(tmp_path):
    """A bare Pico cannot tell the 1.14" pack from the 2.0: with the 2.0
    assumed, the 1.14" panel shows only the middle 240x135 of the 320x240
    picture (x 40-279, y 53-187). The notes from start go there, whole, and
    two notes share the toast instead of the second hiding the first."""
    from sanbon.store import SETTINGS, Store
    from sim_helpers import toast_text

    MSG = "Some settings were invalid and were reset."
    sector = bytearray(b"\xff" * 4096)
    Store(sector).save({SETTINGS: b"\xfe" * 8})  # settings out of range: their own note
    nvm = tmp_path / "n"
    nvm.write_bytes(bytes(sector))
    note = ('Pico Display Pack 2.0 assumed: in settings.toml, SANBON_BOARD = "pico_display" for the '
            '1.14" pack, or "pico_display2" to hide this note.')
    sim = Sim("pico_display2", seed=1, nvm_path=str(nvm), note=note)
    words = toast_text(sim.app)
    assert words is not None and words.replace(" ", "") == (note + " " + MSG).replace(" ", "")  # nothing cut
    g = sim.app.toast_widget.group
    for item in g:
        if hasattr(item, "text"):  # a line of text (ui.Text: placed from its anchor)
            x0, y0, x1, y1 = item.x, item.y, item.x + 6 * len(item.text), item.y + 12
        else:  # the frame's rectangles
            x0, y0, x1, y1 = item.x, item.y, item.x + item.width, item.y + item.height
        assert 40 <= x0 and x1 <= 280 and 53 <= y0 and y1 <= 188, (x0, y0, x1, y1)


def test_a_game_loads_behind_a_loading_frame_without_the_menus(tmp_path):
    import sys

    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n"))
    goto_demo_setup(sim)
    app = sim.app
    menu = app.stack[0]
    assert "sanbon.menus" in sys.modules and getattr(menu, "is_home", False)
    # the Start press: a "Loading" box over the setup, drawn at once (its box alone)
    set_rows(sim, [])
    d = sim.board.display
    d.refreshed.clear()
    app.start_game(app.top.info, app.top.config)
    assert sim.text() == "Loading: Pig (demo)" and len(app.stack) == 4
    sim.step()  # the step that draws the box
    assert sim.text() == "Loading: Pig (demo)"
    assert d.refreshed and all(a != (0, 0, sim.board.width, sim.board.height) for a in d.refreshed)
    sim.step()  # the next one: the screens under it close, the menus' code goes, then the game
    assert "sanbon.menus" not in sys.modules  # the menus' code is dropped
    assert sim.text().startswith("Game: Pig") and len(app.stack) == 1
    assert app.session is not None
    sim.press("HOLD_B", "X", "A")  # Pause -> "Quit to menu": its press shows "Loading", its release the menu
    assert sim.text().startswith("Sanbon\n> Continue: Pig")
    assert app.stack[0] is not menu  # a new menu, nothing kept below the game


def test_a_finished_session_forgets_the_modules_it_loaded(tmp_path):
    import sys

    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n"))
    app = sim.app
    for name in ("sanbon.pig", "engine.example"):
        sys.modules.pop(name, None)  # as on a device that never ran Pig
    goto_demo_setup(sim)
    choose(sim, "Start")
    assert "sanbon.pig" in sys.modules and "engine.example" in sys.modules
    sim.press("HOLD_B", "X", "A", "WAIT:100")
    assert sim.text().startswith("Sanbon")
    assert "sanbon.pig" not in sys.modules and "engine.example" not in sys.modules
    assert "sanbon.app" in sys.modules and "sanbon.ui" in sys.modules  # the shell stays
    choose(sim, "Continue: Pig")  # loads them again
    assert sim.text().startswith("Game: Pig") and "sanbon.pig" in sys.modules


def test_sanbon_debug_reports_the_free_heap_at_screen_changes_and_computer_decisions(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SANBON_DEBUG", "1")
    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n"))
    goto_demo_setup(sim)
    choose(sim, "Start")  # P2 is a computer player
    st = sim.app.session.state
    for _ in range(30):  # P1 rolls once, then holds (or rolls a 1): P2's turn
        if st.current_player == 1:
            break
        sim.press("Y", "A") if st.turn_total else sim.press("A")
    assert st.current_player == 1
    play_until(sim, lambda s: s.app.session.state.current_player == 0 or s.app.session.state.is_over())
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("sanbon mem: ")]
    assert any(l.endswith("after MainMenu") for l in lines)
    assert any(l.endswith("after GameScreen") for l in lines)
    assert any(l.endswith("after P2's computer decision") for l in lines)
    # bytes free on the device; CPython (the simulator) has no such figure
    assert all(l.split()[2] == "n/a" or int(l.split()[2]) > 0 for l in lines)
    monkeypatch.setenv("SANBON_DEBUG", "0")
    quiet = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "m"))
    quiet.press("Y")
    assert "sanbon mem" not in capsys.readouterr().out


def test_a_rewrite_cut_after_the_settings_keeps_them_and_says_the_game_was_lost(tmp_path):
    """A power cut in a sector rewrite, after the first record (HEAD, settings,
    statistics) but inside the game's: the board keeps the settings, drops
    the game and says that saved data was lost."""
    from boards.desktop import FlashNvm, PowerCut
    from sanbon.store import GAME, SETTINGS, STATS, Store
    from sanbon.store_load import load as load_store

    sim = Sim("pico_display", seed=1, render=False)
    sim.app.settings.brightness = 1  # 40%
    settings = sim.app.settings.to_bytes()
    nvm = FlashNvm()
    s = Store(nvm)
    load_store(s)
    s.save({SETTINGS: settings, STATS: sim.app.stats.to_bytes(), GAME: b"\x01" + bytes(300)})
    image = bytes(nvm)
    cut = FlashNvm(data=image)
    t = Store(cut)
    load_store(t)
    cut.cut(2, 0.5)  # the erase, page 0 (HEAD, settings, statistics), then half of page 1
    with pytest.raises(PowerCut):
        t.save({SETTINGS: settings, STATS: sim.app.stats.to_bytes(), GAME: b"\x01" + bytes(900)}, room=4096)
    path = tmp_path / "nvm"
    path.write_bytes(bytes(cut))
    again = Sim("pico_display", seed=1, nvm_path=str(path))
    shown = " ".join(again.visible_text())
    assert "Some saved data was lost." in shown
    assert again.app.settings.brightness == 1 and again.app.saved_game is None
    assert "Continue" not in shown


def test_sanbon_debug_times_each_pass_that_did_something(tmp_path, monkeypatch, capsys):
    """sanbon.probe: "sanbon time: WHAT N ms" for screen changes, presses,
    computer decisions and saves, the memory reports' own time left out."""
    monkeypatch.setenv("SANBON_DEBUG", "1")
    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n"))
    import sanbon.probe

    ticks = [0]

    class SlowGc:  # each report's gc.collect() "takes" 50 ms
        @staticmethod
        def collect():
            ticks[0] += 50

    monkeypatch.setattr(sanbon.probe, "gc", SlowGc)
    sim.app.probe.ticks = lambda: ticks[0]
    sim.press("Y")  # a cursor move: no report in it
    goto_demo_setup(sim)  # screen changes, each with a report
    choose(sim, "Start")
    st = sim.app.session.state
    for _ in range(30):
        if st.current_player == 1:
            break
        sim.press("Y", "A") if st.turn_total else sim.press("A")
    play_until(sim, lambda s: s.app.session.state.current_player == 0 or s.app.session.state.is_over())
    times = [l.split(" (")[0].split()[2:] for l in capsys.readouterr().out.splitlines()
             if l.startswith("sanbon time: ")]
    kinds = {t[0] for t in times}
    assert {"press", "screen", "decision", "save"} <= kinds, kinds
    assert ["screen", "SetupScreen", "0", "ms"] in times
    # the reports' 50 ms are never counted: every pass here took 0 ms
    assert all(t[-2] == "0" for t in times), times


def test_sanbon_debug_splits_each_pass_and_says_when_it_booted(tmp_path, monkeypatch, capsys):
    """The time line ends with the pass's split (a computer's choice, the
    app's gc, the refresh), and the first pass brings the boot line."""
    monkeypatch.setenv("SANBON_DEBUG", "1")
    sim = Sim("pico_display", seed=3, nvm_path=str(tmp_path / "n"))
    import sanbon.probe

    ticks = [0]
    sim.app.probe.ticks = lambda: ticks[0]
    real = sanbon.probe.Probe.refresh

    def slow_refresh(probe):  # the refresh "takes" 7 ms
        real(probe)
        ticks[0] += 7

    monkeypatch.setattr(sanbon.probe.Probe, "refresh", slow_refresh)
    sim.press("Y")
    out = capsys.readouterr().out.splitlines()
    boot = [line for line in out if line.startswith("sanbon boot: ")]
    assert boot and boot[0].startswith("sanbon boot: code.py at None ms, menu at ")  # None: no boards.STARTED here
    assert "sanbon time: press 7 ms (bot 0 gc 0 refresh 7)" in out, out


def test_sanbon_seed_fixes_the_seed_of_new_games_in_debug_mode(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SANBON_DEBUG", "1")
    for value, seed in (("1234", 1234), (" 7 ", 7), ("x", None)):
        monkeypatch.setenv("SANBON_SEED", value)
        sim = Sim("pico_display", nvm_path=str(tmp_path / value))
        assert sim.app.seed == seed
    assert "SANBON_SEED 'x' is not a number" in capsys.readouterr().out
    monkeypatch.setenv("SANBON_DEBUG", "0")  # only with the debug reports
    assert Sim("pico_display", nvm_path=str(tmp_path / "q")).app.seed is None


# -- on the device boards (tests/fakes): the boot's screen and errors --------

from fakes import fake_hardware  # noqa: E402,F401  (the fixture)

DEVICE_BOARDS = [("raspberry_pi_pico", "pico_display2"), ("raspberry_pi_pico", "pico_display"),
                 ("pimoroni_picosystem", "picosystem")]


def dark_until_the_first_frame(display, root, since):
    """The display's log from ``since``: the backlight stays at 0 until a
    refresh has drawn ``root``, and comes on after it."""
    log = display.log[since:]
    first = [i for i, e in enumerate(log) if e[0] == "refresh" and e[1] is root]
    assert first, "the app never drew its first frame"
    before = log[: first[0] + 1]
    assert all(e[-1] == 0 for e in before), before  # every brightness set, and the frame itself, dark
    assert display.brightness > 0


@pytest.mark.parametrize("board_id, name", DEVICE_BOARDS)
def test_the_screen_stays_dark_until_the_first_frame(fake_hardware, board_id, name):
    hw = fake_hardware(board_id)
    board = hw.make(name)
    assert board.display.brightness == 0  # from the board's set-up on (the PicoSystem's firmware lit it)
    since = len(board.display.log)
    from sanbon.app import App

    app = App(board, seed=1, strict=True)
    dark_until_the_first_frame(board.display, app.root, since)
    # a reload that was not Sanbon's restart (a copy to the drive) left the
    # backlight on over CircuitPython's console: dark again until the new frame
    board.display.brightness = 0.8
    hw.soft_reload()
    board = hw.make(name)
    assert board.display.brightness == 0
    since = len(board.display.log)
    from sanbon.app import App

    app = App(board, seed=1, strict=True)
    dark_until_the_first_frame(board.display, app.root, since)


def test_an_unexpected_error_prints_its_full_traceback(tmp_path, capsys):
    sim = Sim("pico_display2", seed=3, nvm_path=str(tmp_path / "n"), strict=False)

    def a_bug_in_here():
        raise RuntimeError("bot bug")

    try:
        a_bug_in_here()
    except RuntimeError as e:
        sim.app.recover(e)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback (most recent call last)" in text and "a_bug_in_here" in text and "RuntimeError: bot bug" in text
    assert sim.text().startswith("Dialog: Something went wrong (bot bug)")


def test_the_traceback_uses_circuitpythons_traceback_module(tmp_path, monkeypatch):
    # CircuitPython 10 has traceback.print_exception(exc) and no sys.print_exception
    import sys
    import types

    sim = Sim("pico_display2", seed=3, nvm_path=str(tmp_path / "n"), strict=False)
    seen = []
    monkeypatch.setitem(sys.modules, "traceback", types.SimpleNamespace(print_exception=seen.append))
    monkeypatch.delattr(sys, "print_exception", raising=False)
    e = ValueError("x")
    sim.app.recover(e)
    assert seen == [e]


@pytest.mark.parametrize("board_id, name", DEVICE_BOARDS)
def test_an_error_in_the_apps_start_lights_the_console_with_its_traceback(fake_hardware, monkeypatch, board_id, name):
    # code.py ends with the error: CircuitPython prints the traceback and
    # shows its console on the display, which must not stay dark
    hw = fake_hardware(board_id)
    board = hw.make(name)
    from sanbon import app

    def no_memory(self):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(app.App, "_menu", no_memory)
    with pytest.raises(MemoryError):
        app.main(board)
    assert board.display.brightness == 1


@pytest.mark.parametrize("size", SIZES)
def test_an_overlay_goes_on_in_one_pass_and_off_in_its_box_alone(size, tmp_path):
    """A dialog over a screen is one whole-screen pass (displayio would draw
    each of its layers' boxes on its own, each through the screen below);
    the dialog gone, only its box is redrawn; both leave the pixels of a
    whole-screen pass. The "Loading" line goes on in place."""
    from tools.device import pixels

    sim = Sim(size, seed=1, nvm_path=str(tmp_path / "n"))
    sim.press("Y")
    d = sim.board.display
    W, H = sim.board.width, sim.board.height

    def shot(name):
        p = str(tmp_path / (name + ".png"))
        sim.screenshot(p)
        return p

    def whole(name):  # the same screen drawn by a whole-screen pass
        sim.app.repaint()
        sim.board.display.refresh()
        return shot(name)

    d.refreshed.clear()
    sim.app.dialog("Over the menu.")
    sim.step()
    assert (0, 0, W, H) in d.refreshed
    assert pixels.diff(shot("over"), whole("over_whole"))["differ"] == 0
    d.refreshed.clear()
    sim.press("A")  # the dialog goes: the menu under its box comes back
    assert sim.text().startswith("Sanbon")
    assert d.refreshed and (0, 0, W, H) not in d.refreshed
    assert pixels.diff(shot("gone"), whole("gone_whole"))["differ"] == 0


def test_the_end_screen_is_built_after_the_game_screen_is_gone(tmp_path, monkeypatch):
    from sanbon import screens

    sim = Sim("pico_display2", seed=11, nvm_path=str(tmp_path / "n"))
    choose(sim, "Settings")
    set_rows(sim, ["Computer speed: instant"])
    sim.press("B")
    start_bot_game(sim)
    game = sim.app.top
    seen = []
    built = screens.EndScreen.__init__

    def spy(self, app, *args):
        seen.append([type(s).__name__ for s in app.stack])  # what is alive while it is built
        built(self, app, *args)

    monkeypatch.setattr(screens.EndScreen, "__init__", spy)
    while not game.ended:
        sim.step()
    assert sim.app.top is game and not seen  # the last move's frame shows the game, no blank frame
    sim.step()
    assert type(sim.app.top).__name__ == "EndScreen" and seen == [[]]  # the game screen closed first
