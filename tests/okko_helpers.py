"""Helpers for the Okko app tests: start a game from the main menu, enter an
engine action by presses on the play screen, and play the human seats with
the computer partner's decisions (engine/okko/bots.py) through presses."""

from engine.okko import actions as A
from engine.okko import bots
from engine.okko import cards as C
from engine.rng import Rng
from sim_helpers import Sim, choose, set_rows
from tools.tour import court_keys


def start(size="pico_display", seed=5, mode="Partner", seats=(), speed="instant", path=None, render=False,
          handover=None, aid=False):
    """The main menu -> Settings -> Okko setup (mode, seats, the Easy aid) -> Start."""
    sim = Sim(size, seed=seed, nvm_path=path, render=render)
    rows = []
    if speed:
        rows.append("Computer speed: " + speed)
    if handover:
        rows.append("Hand-over screen: " + handover)
    if rows:
        choose(sim, "Settings")
        set_rows(sim, rows)
        sim.press("B")
    choose(sim, "Okko: Oni Hunters")
    assert sim.text().startswith("Setup: Okko: Oni Hunters")
    set_rows(sim, ["Mode: " + mode])
    set_rows(sim, list(seats))
    if aid:
        choose(sim, "House rules: off")
        choose(sim, "Easy aid: off")
        choose(sim, "Done")
    choose(sim, "Start")
    return sim


def screen(sim):
    from sanbon.okko import GameScreen

    for s in sim.app.stack:
        if isinstance(s, GameScreen):
            return s
    return None


def human_to_act(sim):
    """A human's decision is on screen (not a board's end, whose dialog comes
    at the next pass of the loop)."""
    s = sim.app.session
    st = s.state
    if getattr(sim.app.top, "note", None) is not None:
        return False
    return sim.text().startswith("Game: Okko") and not st.is_over() and not s.is_bot(st.current_player)


def enter(sim, action):
    """Enter the engine ``action`` of the human to act by presses."""
    scr = sim.app.top
    st = sim.app.session.state
    ph = st.phase
    if ph == A.P_REVEAL:
        sim.press("A")
        return
    if ph in (A.P_PEEK, A.P_COURT):
        d = C.board_to_display(action & 15, st.orient)
        for key in court_keys(scr.gcur, d):  # X: the next column, Y: the next row
            sim.press(key)
        assert scr.gcur == d, (scr.gcur, d)
        sim.press("A")
        return
    assert action in scr.items, (action, scr.items, sim.text())
    for _ in range(len(scr.items) + 1):
        if scr.items[scr.cur] == action:
            break
        sim.press("Y")
    sim.press("A")


class Player:
    """The human seats played by the computer partner's rules (its own memory
    per seat), entered through presses."""

    def __init__(self, level=2, seed=1):
        self.level = level
        self.rng = Rng(seed)
        self.memory = (bytearray(16), bytearray(16))

    def step(self, sim):
        st = sim.app.session.state
        seat = st.current_player
        a = bots.choose(st.observation(seat), seat, self.level, self.rng, self.memory[seat])
        enter(sim, a)


def play(sim, player, until=None, limit=40000):
    """Presses for the humans (dialogs and hand-overs: A) until the end screen
    or ``until(sim)``; returns the number of steps."""
    n = 0
    while not sim.text().startswith("End"):
        if until and until(sim):
            return n
        t = sim.text()
        if t.startswith("Dialog") or t.startswith("HandOver"):
            sim.press("A")
        elif human_to_act(sim):
            player.step(sim)
        else:
            sim.step(50)
        n += 1
        assert n < limit, sim.text()
    return n

