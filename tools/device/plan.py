"""The device checks as lists of steps, and a runner of the same steps in
the simulator.

A plan is what ``scenarios/steps.mjs`` plays on the emulated Pico (its
comment lists the steps). ``in_sim(plan, board, shots)`` plays the same
steps in the headless simulator, with SANBON_DEBUG's console lines, so the
tests check every button sequence on the host and the device check compares
the two screens shot by shot.

Button sequences start from the main menu of a power-on (the cursor on the
first game, no game to continue): the menu after a game is the same, since
leaving a game restarts the app.
"""

import contextlib
import io
import os
import re

BOOT_S = 240  # a boot to the main menu (emulated seconds; about 3 s are needed)
# Settings: Computer speed -> instant, back to the menu, the cursor on Kyudo
INSTANT = ({"press": "Y,Y,Y,Y,A"}, {"wait": "after SettingsScreen$"}, {"press": "Y,Y,A"},
           {"press": "B"}, {"wait": "after MainMenu$"}, {"press": "X,X,X,X"})
# the main menu -> a game's setup with two computer seats (P1 Hard, P2 Normal; Kendo's Duel
# offers Easy and Normal: P1 Normal, who plays a Duel as Hard did), the cursor on Start
SETUP = {
    "kyudo": "A,X,X,X,A,A,A,Y,Y,Y",
    "kendo": "Y,A,X,X,X,X,A,A,Y,Y,Y,Y",
    "okko": "Y,Y,A,X,X,X,X,A,A,Y,Y,Y,Y",
}
TO_MENU = "Y,Y,A"  # the End screen: Menu (the app restarts into the main menu)
# the main menu -> Kendo Duel for two people passing the device round
KENDO_TWO_HUMANS = "Y,A,X,X,X,A,Y,Y,Y"
QUIT = ({"hold": "B"}, {"wait": "after PauseScreen$"}, {"press": "Y,Y,Y,Y,Y,A"})
CHAIN = ("kyudo", "kendo", "okko", "okko", "kendo", "kyudo")  # every title twice, mixed orders
PLAY_S = 3000


def boot():
    return [{"wait": "after MainMenu$", "s": BOOT_S}, {"shot": "menu"}, {"mark": "boot"}]


def chain(games=CHAIN):
    """Play ``games`` one after the other in one power-on, with computer
    seats, back to the menu after each (the app restarts there)."""
    steps = boot() + list(INSTANT)
    for i, g in enumerate(games):
        name = "%d_%s" % (i + 1, g)
        steps += [{"mark": name}, {"press": SETUP[g]}, {"shot": name + "_setup"}, {"press": "A"},
                  {"wait": "after GameScreen$", "s": 300}, {"play": name, "s": PLAY_S},
                  {"press": TO_MENU}, {"wait": "after MainMenu$", "s": BOOT_S}, {"mark": name + " menu"}]
    return {"steps": steps}


def handover():
    """Two people: the hand-over screen, the first hand (Y: the
    first-game guide's tip goes, the press does nothing else; the tip is shown
    once, so the hand after the power cycle has none), then Quit to menu
    (the game saved; the app restarts, offering to continue it)."""
    steps = boot() + [{"press": KENDO_TWO_HUMANS}, {"press": "A"},
                      {"wait": "after HandOverScreen$", "s": 300}, {"shot": "handover"}, {"press": "A"},
                      {"wait": "after GameScreen$"}, {"press": "Y"}, {"shot": "hand"}]
    steps += list(QUIT) + [{"wait": "after MainMenu$", "s": BOOT_S}, {"shot": "continue_offered"}]
    return {"steps": steps}


def continued():
    """After a power cycle with the NVM of ``handover()``: Continue, the
    hand-over, the same hand as before."""
    steps = [{"wait": "after MainMenu$", "s": BOOT_S}, {"shot": "reboot_menu"}, {"press": "A"},
             {"wait": "after HandOverScreen$", "s": 300}, {"press": "A"}, {"wait": "after GameScreen$"},
             {"shot": "hand_after_reboot"}]
    return {"steps": steps}


def tour():
    """The screens a newcomer meets, for the frame comparison: Settings,
    Statistics, About, How to play, a Kyudo game for two people (a catch-up
    box, a roll, a die kept), the pause menu, and the menu after quitting."""
    steps = boot()
    for press, wait, shot in (
        ("Y,Y,Y,Y,A", "SettingsScreen", "settings"),
        ("B,X,A", "StatsScreen", "statistics"),
        ("B,Y,Y,A", "AboutScreen", "about"),
        ("B,X,X,X,X,X,A", "SetupScreen", "kyudo_setup"),
        ("X,A", "HowToScreen", "howto_1"),
        ("Y", None, "howto_2"),
        ("B,X,A,A,Y,Y", "SetupScreen", "kyudo_two_people"),
        ("A", "GameScreen", "kyudo_catch_up"),  # with the first-game guide's tip
        ("A,A", None, "kyudo_roll"),  # A closes the tip (and does nothing else), A ticks; P2's tip
        ("Y,A", None, "kyudo_rolled"),  # Y closes it, A rolls (the dice tumble, then settle)
        ("Y,A", None, "kyudo_kept"),
    ):
        steps.append({"press": press})
        if wait:
            steps.append({"wait": "after %s$" % wait})
        steps.append({"shot": shot})
    steps += list(QUIT) + [{"wait": "after MainMenu$", "s": BOOT_S}, {"shot": "menu_continue"}]
    return {"steps": steps}


# -- the same steps in the simulator ------------------------------------------


class Lines(io.StringIO):
    """stdout while a plan runs in the simulator: the console's lines."""

    def __init__(self):
        super().__init__()
        self.lines = []
        self.seen = 0

    def write(self, s):
        for part in s.splitlines():
            if part:
                self.lines.append(part)
        return len(s)


class PlanFailed(AssertionError):
    pass


def in_sim(plan, board="pico_display2", shots=None, seed=None, nvm_path=None):
    """Play ``plan`` in the headless simulator (restarting as the device
    does). Returns (console lines, marks as [(index into lines, name)])."""
    from tools.sim import Sim

    old = os.environ.get("SANBON_DEBUG")
    os.environ["SANBON_DEBUG"] = "1"
    out = Lines()
    marks = []
    try:
        with contextlib.redirect_stdout(out):
            sim = Sim(board, seed=seed, nvm_path=nvm_path, restart=True)
            sim.close_tips = False  # the device's presses, one for one: a plan closes a tip itself
            for step in plan["steps"]:
                _sim_step(sim, step, out, marks, shots)
    finally:
        if old is None:
            os.environ.pop("SANBON_DEBUG", None)
        else:
            os.environ["SANBON_DEBUG"] = old
    return out.lines, marks


def _sim_wait(sim, out, pattern, seconds):
    rx = re.compile(pattern)
    waited = 0
    while True:
        for i in range(out.seen, len(out.lines)):
            if rx.search(out.lines[i]):
                out.seen = i + 1
                return out.lines[i]
        out.seen = len(out.lines)
        if waited >= seconds * 1000:
            raise PlanFailed("no %r in %d s; the screen: %s" % (pattern, seconds, sim.text()[:200]))
        sim.wait(100)
        waited += 100


def _sim_step(sim, step, out, marks, shots):
    if "press" in step:
        if step["press"]:
            sim.press(step["press"])
    elif "hold" in step:
        sim.press("HOLD_B")
    elif "sleep" in step:
        sim.wait(step["sleep"])
    elif "film" in step:  # the device's frames over time; the simulator only lets the time pass
        sim.wait(step.get("ms", 3000))
    elif "mark" in step:
        marks.append((len(out.lines), step["mark"]))
    elif "shot" in step:
        if shots:
            sim.wait(400)  # the device's shot waits for a quiet panel: a roll's tumble (300 ms) is over
            sim.screenshot(os.path.join(shots, step["shot"] + ".png"))
    elif "wait" in step:
        _sim_wait(sim, out, step["wait"], step.get("s", 60))
    elif "play" in step:
        end = re.compile(r"after (EndScreen|DialogScreen|HandOverScreen)$")
        while True:
            line = _sim_wait(sim, out, end.pattern, step.get("s", PLAY_S))
            if line.endswith("EndScreen"):
                break
            sim.press("A")
        if shots:
            sim.wait(500)
            sim.screenshot(os.path.join(shots, step["play"] + "_end.png"))
        marks.append((len(out.lines), step["play"] + " end"))
    else:
        raise PlanFailed("unknown step %r" % (step,))
