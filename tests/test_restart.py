"""Leaving a game restarts the app on a board that can (the device's soft
reload, supervisor.reload()): the menu after a game is the menu of a
power-on, with the saves kept (issue 16: a heap that comes back)."""

from sim_helpers import Sim, choose, play_until, set_rows
from test_app import start_bot_game


def _instant(sim):
    choose(sim, "Settings")
    set_rows(sim, ["Computer speed: instant"])
    sim.press("B")


def test_the_end_of_a_game_restarts_into_a_fresh_menu_with_the_statistics(tmp_path):
    sim = Sim("pico_display2", seed=11, nvm_path=str(tmp_path / "n"), restart=True)
    _instant(sim)
    first = sim.app
    start_bot_game(sim)
    play_until(sim, lambda s: s.text().startswith("End"))
    assert sim.board.restarts == 0
    choose(sim, "Menu")
    assert sim.board.restarts == 1 and sim.app is not first
    assert sim.text().startswith("Sanbon\n> Kyudo"), sim.text()  # as at power-on: no game to continue
    assert sim.app.settings.speed == first.settings.speed  # the settings came back from NVM
    choose(sim, "Statistics")
    assert any("Normal" in t and "played   2" in t for t in sim.visible_text())


def test_quitting_a_game_restarts_and_offers_to_continue_it(tmp_path):
    sim = Sim("pico_display", seed=21, nvm_path=str(tmp_path / "n"), restart=True)
    start_bot_game(sim, ("P2: Computer (Normal)",))
    sim.press("A", "A")
    play_until(sim, lambda s: not s.app.session.is_bot(s.app.session.state.current_player))
    before = sim.app.session.to_bytes()
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    assert sim.board.restarts == 1
    assert sim.text().startswith("Sanbon\n> Continue: Pig"), sim.text()
    sim.press("A")
    assert sim.text().startswith("Game: Pig")
    assert sim.app.session.to_bytes() == before


def test_play_again_keeps_the_game_loaded_without_a_restart(tmp_path):
    sim = Sim("pico_display2", seed=3, nvm_path=str(tmp_path / "n"), restart=True)
    _instant(sim)
    start_bot_game(sim)
    play_until(sim, lambda s: s.text().startswith("End"))
    choose(sim, "Play again")
    assert sim.text().startswith("Game: Pig") and sim.board.restarts == 0


def test_a_board_without_restart_goes_back_to_its_menu_in_place(tmp_path):
    sim = Sim("pico_display2", seed=11, nvm_path=str(tmp_path / "n"))
    app = sim.app
    _instant(sim)
    start_bot_game(sim)
    play_until(sim, lambda s: s.text().startswith("End"))
    choose(sim, "Menu")
    assert sim.app is app and sim.board.restart is None
    assert sim.text().startswith("Sanbon")


def test_the_restart_runs_after_a_loading_frame_and_the_save(tmp_path):
    sim = Sim("pico_display2", seed=11, nvm_path=str(tmp_path / "n"), restart=True)
    _instant(sim)
    start_bot_game(sim)
    play_until(sim, lambda s: s.text().startswith("End"))
    menu = sim.app.top.menu
    while menu.items[menu.index] != "Menu":
        sim.press("Y")
    from boards import KEY_A

    sim.key(KEY_A, True)
    sim.step()  # the End screen's choice: "Loading" is drawn in this pass
    assert sim.text() == "Loading: Sanbon" and sim.board.restarts == 0
    writes = sim.board.nvm.writes
    sim.key(KEY_A, False)
    sim.step()
    assert sim.board.restarts == 1 and sim.board.nvm.writes == writes  # saved before, nothing at the restart
