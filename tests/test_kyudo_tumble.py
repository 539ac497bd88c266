"""Kyudo's roll animation (issue 29): the rolled dice tumble for 300 ms,
showing passing faces, then their own; any press ends it at once (and still
acts); Computer speed "instant" has none; kept dice do not tumble."""

from sim_helpers import Sim, choose, play_until, set_rows

from boards import KEY_A, KEY_Y
from engine.kyudo import actions as A
from sanbon.profile import SEEN


def _at_my_roll(tmp_path, speed=None):
    sim = Sim("pico_display2", seed=16, nvm_path=str(tmp_path / "n.bin"))
    for n in SEEN:  # no first-game tips: the presses below act
        setattr(sim.app.settings, n, 0xFF)
    if speed is not None:
        sim.app.settings.speed = speed
    choose(sim, "Kyudo")
    choose(sim, "Start")

    def mine(s):
        if s.text().startswith("Dialog"):
            s.press("A")
            return False
        st = s.app.session.state
        if not s.app.session.is_bot(st.current_player) and st.phase == A.P_SETUP:
            s.press("A")  # the catch-up tick
            return False
        return not s.app.session.is_bot(st.current_player) and st.phase == A.P_ROLL and not st.rolls

    play_until(sim, mine)
    return sim


def _tap(sim, key, ms=20):
    sim.key(key, True)
    sim.step(ms)
    sim.key(key, False)
    sim.step(ms)


def _shown(scr):
    """Each die's shown face: its symbol tile."""
    return tuple(d[4][0] for d in scr.dice)


def _real(scr):
    st = scr.session.state
    return tuple((6 if f == A.ARROW else f) + (6 if f == A.BLACK else 0) for f in st.dice[: st.n_dice])


def test_a_roll_tumbles_then_shows_the_dice(tmp_path):
    sim = _at_my_roll(tmp_path)
    scr = sim.app.top
    _tap(sim, KEY_A)  # Roll 4 dice
    assert scr.session.state.rolls == 1
    assert scr.tumble[0] == 15  # all 4 dice tumble
    frames = set()
    for _ in range(5):
        frames.add(_shown(scr))
        sim.step(60)
    assert len(frames) >= 3  # passing faces, not one still picture
    sim.step(300)
    assert scr.tumble[0] == 0 and _shown(scr) == _real(scr)


def test_only_the_rerolled_dice_tumble_and_a_press_ends_it_and_acts(tmp_path):
    sim = _at_my_roll(tmp_path)
    scr = sim.app.top
    _tap(sim, KEY_A)
    sim.step(400)
    _tap(sim, KEY_A)  # keep die 1 (the cursor is on it after a roll)
    assert scr.keep == 1
    kept_tile = scr.dice[0][4][0]
    sim.press("X")  # to "Roll 3 dice"
    _tap(sim, KEY_A)
    assert scr.tumble[0] == 0b1110  # die 1 was kept: it does not tumble
    for _ in range(2):
        assert scr.dice[0][4][0] == kept_tile
        sim.step(60)
    assert scr.tumble[0]  # 120 ms in: still tumbling
    cur = (scr.die_cur, scr.menu.index)
    _tap(sim, KEY_Y, 5)  # a press mid-tumble: the dice show at once, and the press moves the cursor
    assert scr.tumble[0] == 0 and _shown(scr) == _real(scr)
    assert (scr.die_cur, scr.menu.index) != cur


def test_no_tumble_at_speed_instant(tmp_path):
    sim = _at_my_roll(tmp_path, speed=2)
    scr = sim.app.top
    _tap(sim, KEY_A)
    assert scr.session.state.rolls == 1
    assert scr.tumble[0] == 0 and _shown(scr) == _real(scr)
