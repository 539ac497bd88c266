"""Undo within a turn (only decisions that showed nothing new) and game
records: Share game, tools.replay, refusal of another build's records."""

import binascii

import pytest

from engine.okko import actions as A
from okko_helpers import start
from sim_helpers import Sim, choose, play_until, set_rows
from sanbon import records
from tools import replay


def okko_solo(tmp_path, seed=5):
    sim = start("pico_display", seed=seed, mode="Solo", path=str(tmp_path / "n"))
    assert sim.text().startswith("Game: Okko")
    return sim


def drive_to(sim, phase, limit=400):
    """Apply the first legal action of the human to act until ``phase``."""
    s = sim.app.session
    for _ in range(limit):
        st = s.state
        if st.phase == phase:
            return st
        if not sim.text().startswith("Game"):
            sim.press("A")  # a dialog (a new board, the Court)
            continue
        s.apply(st.legal_actions()[0])
        sim.app.top.update()
    raise AssertionError("phase %d never came" % phase)


def test_undo_restores_the_exact_earlier_state(tmp_path):
    sim = okko_solo(tmp_path)
    app = sim.app
    s = app.session
    st = drive_to(sim, A.P_TRADE)
    give = [a for a in st.legal_actions() if A.GIVE <= a < A.TAKE]
    assert give, "a card to give"
    before = s.state.to_bytes()
    log_before = bytes(s.log)
    s.apply(give[0])
    app.top.update()
    assert s.state.to_bytes() != before and s.can_undo()
    sim.press("B")  # one press (issue 29): B with no step of the decision to go back to
    assert sim.text().startswith("Game: Okko")
    assert app.session.state.to_bytes() == before  # exactly the earlier state
    assert bytes(app.session.log) == log_before  # and the record forgets the move
    assert not app.session.can_undo()


def test_undo_is_refused_after_a_draw_a_roll_or_a_peek(tmp_path):
    sim = okko_solo(tmp_path)
    app = sim.app
    s = app.session
    st = drive_to(sim, A.P_ACTION)
    draw = [a for a in st.legal_actions() if a == A.REST]  # rest: draw two cards
    assert draw
    s.apply(draw[0])
    app.top.update()
    assert not s.can_undo()  # the draw showed new cards
    sim.press("B")  # nothing to undo: B opens the pause menu
    assert sim.text().startswith("Pause")
    menu = app.top.menu
    i = menu.items.index("Undo last move")
    assert not menu.enabled[i]  # greyed: nothing of this turn can be taken back
    sim.press("B")
    # Pig: a roll moves the engine's RNG
    pig = Sim("pico_display", seed=4, nvm_path=str(tmp_path / "p"))
    choose(pig, "About")
    pig.press("A")
    set_rows(pig, ["P2: Human"])
    choose(pig, "Start")
    if pig.text().startswith("HandOver"):
        pig.press("A")
    ps = pig.app.session
    ps.apply(0)  # ROLL
    assert not ps.can_undo()


def test_undo_in_pass_and_play_asks_everyone_and_can_be_turned_off(tmp_path):
    sim = start("pico_display", seed=5, mode="Pass and play", path=str(tmp_path / "n"))
    app = sim.app
    s = app.session
    while not sim.text().startswith("Game"):
        sim.press("A")  # the hand-over
    st = drive_to(sim, A.P_TRADE)
    give = [a for a in st.legal_actions() if A.GIVE <= a < A.TAKE]
    before = s.state.to_bytes()
    s.apply(give[0])
    app.top.update()
    sim.press("B")  # two presses in pass and play: B, then yes
    assert sim.text().startswith("Dialog: Undo") and "every player agrees" in sim.text()
    sim.press("A")
    assert app.session.state.to_bytes() == before
    s.apply(give[0])
    app.top.update()
    sim.press("HOLD_B")  # the pause menu's row does the same
    choose(sim, "Undo last move")
    assert sim.text().startswith("Dialog: Undo")
    sim.press("A")
    assert app.session.state.to_bytes() == before
    # Settings: undo off, no Undo in the pause menu and nothing kept
    app.settings.undo = 0
    s = app.session
    s.apply(give[0])
    assert not s.can_undo()
    sim.press("HOLD_B")
    assert "Undo last move" not in app.top.menu.items


def kyudo_bot_game(tmp_path, seed=21):
    sim = Sim("pico_display2", seed=seed, nvm_path=str(tmp_path / "k"), render=False)
    choose(sim, "Settings")
    set_rows(sim, ["Computer speed: instant"])
    sim.press("B")
    choose(sim, "Kyudo")
    set_rows(sim, ["P1: Computer (Normal)"])
    choose(sim, "Start")
    return sim


def test_a_recorded_game_replays_to_the_same_final_state(tmp_path, capsys):
    sim = kyudo_bot_game(tmp_path)
    play_until(sim, lambda s: s.text().startswith("End"))
    final = sim.app.session.state.to_bytes()
    capsys.readouterr()
    choose(sim, "Share game")
    line = [l for l in capsys.readouterr().out.splitlines() if l.startswith("SANBON-RECORD ")]
    assert len(line) == 1
    rec = replay.Record(replay.parse_text(line[0]))
    assert rec.info.name == "Kyudo" and len(rec.actions) > 20
    assert rec.replay().to_bytes() == final
    # the terminal replay prints every move and the end
    out = []
    replay.terminal(rec, out.append)
    assert len(out) == len(rec.actions) + 2 and out[-1].startswith("Game over")
    # and the command line
    assert replay.main([line[0]]) == 0


def test_a_saved_game_keeps_its_record_across_a_reboot(tmp_path):
    sim = kyudo_bot_game(tmp_path, seed=8)
    s = sim.app.session
    play_until(sim, lambda x: len(x.app.session.log) >= 40 and x.text().startswith("Game"))
    sim.press("HOLD_B")
    choose(sim, "Quit to menu")
    again = Sim("pico_display2", seed=1, nvm_path=str(tmp_path / "k"))
    choose(again, "Continue: Kyudo")
    s2 = again.app.session
    rec = replay.Record(records.record(s2))
    assert rec.replay().to_bytes() == s2.state.to_bytes()


def test_a_record_from_another_build_is_refused_clearly(tmp_path):
    sim = kyudo_bot_game(tmp_path, seed=3)
    play_until(sim, lambda s: len(s.app.session.log) >= 6)
    data = bytearray(records.record(sim.app.session))
    other = bytearray(data)
    other[2] = 9  # another record format
    with pytest.raises(replay.RecordError, match="format 9"):
        replay.Record(other)
    older = bytearray(data)
    older[4] ^= 0x40  # another rules version
    with pytest.raises(replay.RecordError, match="rules version"):
        replay.Record(older).start()
    assert replay.main([binascii.b2a_base64(bytes(other)).decode().strip()]) == 2
    with pytest.raises(replay.RecordError):
        replay.parse_text("SANBON-RECORD !!!not base64!!!")


def test_replay_steps_through_the_play_screen(tmp_path):
    sim = kyudo_bot_game(tmp_path, seed=5)
    play_until(sim, lambda s: len(s.app.session.log) >= 16)
    rec = replay.Record(records.record(sim.app.session))
    st = replay.in_sim(rec, "pico_display", delay=0, headless=True, shots=str(tmp_path / "shots"))
    assert st.to_bytes() == sim.app.session.state.to_bytes()
    assert len(list((tmp_path / "shots").iterdir())) == len(rec.actions)
