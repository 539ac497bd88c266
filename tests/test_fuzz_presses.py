"""20,000 random presses over every screen: nothing may raise."""

from engine.rng import Rng
from sim_helpers import Sim

PRESSES = 20000
CHOICES = ("A", "A", "A", "B", "X", "Y", "Y", "Y", "HOLD_B", "WAIT:600")


def test_random_presses_raise_nothing(tmp_path):
    sim = Sim("pico_display", seed=77, nvm_path=str(tmp_path / "nvm.bin"), render=False)
    rng = Rng(20261130)
    seen = set()
    for i in range(PRESSES):
        sim.press(rng.choice(CHOICES))
        seen.add(type(sim.app.top).__name__)
        assert sim.app.stack, "the screen stack emptied"
        if i % 2500 == 0:  # now and then, a reboot from what is stored
            sim = Sim("pico_display", seed=i, nvm_path=str(tmp_path / "nvm.bin"), render=False)
    expected = {"MainMenu", "SetupScreen", "PauseScreen", "HowToScreen", "SettingsScreen",
                "StatsScreen", "AboutScreen", "DialogScreen", "GameScreen", "EndScreen"}
    assert expected <= seen, expected - seen
