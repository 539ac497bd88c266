"""Sound effects: the settings, sanbon.sound's stepping, the PicoSystem's
piezo, and the real app in the headless simulator (silent, recording)."""

import sys

from boards import desktop
from fakes import fake_hardware  # noqa: F401  (the fixture)
from sanbon.profile import LABELS, SETTINGS, Settings
from sim_helpers import Sim, choose, goto_demo_setup, set_rows

# -- settings ----------------------------------------------------------------


def test_sound_and_volume_follow_undo_and_older_bytes_load():
    assert [s[0] for s in SETTINGS[4:7]] == ["undo", "sound", "volume"]
    assert LABELS["sound"] == "Sound" and LABELS["volume"] == "Volume"
    old = bytes([2, 0, 2, 0, 1])  # a record from before sound: five settings
    s, fixed = Settings.from_bytes(old)
    assert not fixed and (s.brightness, s.leds, s.speed, s.handover, s.undo) == (2, 0, 2, 0, 1)
    assert (s.sound, s.volume) == (1, 1) and s.label("sound") == "on" and s.label("volume") == "mid"
    s.cycle("volume")
    s.cycle("sound")
    again, fixed = Settings.from_bytes(s.to_bytes())
    assert not fixed and (again.sound, again.volume) == (0, 2)


# -- sanbon.sound --------------------------------------------------------------


class Speaker:
    def __init__(self):
        self.calls = []

    def tone(self, freq, volume):
        self.calls.append((freq, volume))

    def off(self):
        self.calls.append((0, 0))


def test_an_effect_plays_note_by_note_without_waiting():
    from sanbon.sound import EFFECTS, VOLUMES, Sound

    settings = Settings()
    spk = Speaker()
    snd = Sound(spk, settings)
    notes = EFFECTS["win"]
    snd.play("win", 1000)
    assert spk.calls == [(notes[0], VOLUMES[1])]  # the first note at once
    snd.tick(1000 + notes[1] - 1)
    assert len(spk.calls) == 1  # not due yet
    now = 1000
    for i in range(0, len(notes), 2):
        now += notes[i + 1]
        snd.tick(now)
    assert [f for f, _ in spk.calls] == list(notes[0::2]) + [0]  # every note, then off
    assert snd.notes is None
    snd.tick(now + 5000)
    assert spk.calls[-1] == (0, 0) and len(spk.calls) == len(notes) // 2 + 1
    settings.volume = 2
    snd.play("nonsense", now)  # an unknown effect: nothing
    snd.play("hit", now)
    assert spk.calls[-1] == (EFFECTS["hit"][0], VOLUMES[2])


def test_sound_off_is_silent_and_stops_a_playing_effect():
    from sanbon.sound import Sound

    settings = Settings()
    spk = Speaker()
    snd = Sound(spk, settings)
    snd.play("loss", 0)
    settings.sound = 0
    snd.tick(10)
    assert spk.calls[-1] == (0, 0) and snd.notes is None
    n = len(spk.calls)
    snd.play("roll", 20)
    snd.tick(500)
    assert len(spk.calls) == n


# -- the boards ------------------------------------------------------------------


def test_the_picosystem_piezo_is_pwm_on_audio(fake_hardware):
    hw = fake_hardware("pimoroni_picosystem")
    b = hw.make("picosystem")
    pwm = hw.microcontroller.claimed[hw.board.AUDIO]
    assert pwm.variable_frequency and pwm.duty_cycle == 0  # silent at start
    b.speaker.tone(880, 100)
    assert (pwm.frequency, pwm.duty_cycle) == (880, 32700)  # a square wave
    b.speaker.tone(440, 20)
    assert (pwm.frequency, pwm.duty_cycle) == (440, 6540)
    b.speaker.off()
    assert pwm.duty_cycle == 0


def test_the_display_packs_have_no_speaker(fake_hardware):
    hw = fake_hardware("raspberry_pi_pico")
    assert hw.make("pico_display2").speaker is None


def test_the_desktop_speaker_follows_the_board_and_is_silent_headless():
    sim = Sim("picosystem", seed=1)
    spk = sim.board.speaker
    assert isinstance(spk, desktop.SimSpeaker) and not spk._audible  # SDL_AUDIODRIVER=dummy
    spk.tone(440, 20)
    spk.off()
    assert spk._mixer is False and spk.tones == [(440, 20), (0, 0)]
    assert Sim("pico_display2", seed=1).board.speaker is None


# -- the app ------------------------------------------------------------------------


def pig(sim, seats):
    choose(sim, "Settings")
    set_rows(sim, ["Computer speed: instant"])
    sim.press("B")
    goto_demo_setup(sim)
    set_rows(sim, list(seats))
    choose(sim, "Start")
    assert sim.text().startswith("Game: Pig")


def play_pig(sim, hold_at):
    """The humans roll until their turn total reaches ``hold_at``, then hold."""
    st = sim.app.session.state
    for _ in range(4000):
        if st.is_over():
            break
        if not sim.app.session.is_bot(st.current_player):
            menu = sim.app.top.menu
            want = 1 if st.turn_total >= hold_at else 0
            while menu.index != want:
                sim.press("Y" if menu.index < want else "X")
            sim.press("A")
        else:
            sim.step()
        st = sim.app.session.state
    sim.wait(200)
    assert st.is_over()
    return st


def test_a_roll_requests_the_roll_effect():
    sim = Sim("picosystem", seed=3)
    spk = sim.board.speaker
    pig(sim, ["P2: Human"])
    assert spk.requested == []
    sim.press("A")  # Roll
    assert spk.requested == ["roll"]
    from sanbon.sound import EFFECTS

    assert spk.tones[0][0] == EFFECTS["roll"][0]
    sim.wait(1000)
    assert spk.tones[-1] == (0, 0)  # the effect ended: the speaker is off


def test_a_won_game_requests_win_and_a_lost_one_loss():
    sim = Sim("picosystem", seed=3)
    spk = sim.board.speaker
    pig(sim, ["P2: Human"])  # two humans: a human always wins
    play_pig(sim, 12)
    assert spk.requested[-1] == "win" and "roll" in spk.requested
    assert spk.requested.count("win") == 1 and "loss" not in spk.requested
    assert sim.text().startswith("Game over") or "win" in sim.text().lower()

    sim = Sim("picosystem", seed=3)
    spk = sim.board.speaker
    pig(sim, [])  # P1 human, P2 the computer
    st = play_pig(sim, 2)  # the human holds at 2 points: the computer wins
    assert sim.app.session.is_bot(st.winner()[0])
    assert spk.requested[-1] == "loss" and "win" not in spk.requested


def test_sound_off_requests_nothing():
    sim = Sim("picosystem", seed=3)
    spk = sim.board.speaker
    choose(sim, "Settings")
    set_rows(sim, ["Sound: off", "Volume: high"])
    sim.press("B")
    assert sim.app.settings.sound == 0
    spk.tones.clear()
    sim.press("B")
    pig(sim, ["P2: Human"])
    play_pig(sim, 12)
    assert spk.requested == [] and spk.tones == []


def test_settings_show_sound_only_with_a_speaker():
    with_speaker = Sim("picosystem", seed=3)
    choose(with_speaker, "Settings")
    rows = with_speaker.app.top.menu.items
    assert "Sound: on" in rows and [r for r in rows if r.startswith("Volume: ")]
    without = Sim("pico_display2", seed=3)
    choose(without, "Settings")
    rows = without.app.top.menu.items
    assert not [r for r in rows if r.startswith("Sound") or r.startswith("Volume")]
    # the rows below still change their own setting
    set_rows(without, ["Undo: off"])
    assert without.app.settings.undo == 0
    assert rows[-1] == "Reset statistics"


def test_a_board_without_a_speaker_never_imports_sanbon_sound():
    sys.modules.pop("sanbon.sound", None)
    import sanbon

    if hasattr(sanbon, "sound"):
        delattr(sanbon, "sound")
    sim = Sim("pico_display2", seed=3)
    assert sim.board.speaker is None and sim.app._sound is None
    pig(sim, ["P2: Human"])
    play_pig(sim, 12)
    sim.app.sound("win")  # asks, and nothing happens
    assert "sanbon.sound" not in sys.modules
