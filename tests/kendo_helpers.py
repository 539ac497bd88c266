"""Helpers for the Kendo Duel app tests: start a game from the main menu,
enter an engine action by presses on the play screen, and read the hand
area of the screen."""

from engine.kendo import actions as A
from sim_helpers import Sim, choose, set_rows


def start(size="pico_display", seed=5, players=2, mode="Duel", seats=("P2: Computer (Normal)",),
          speed="instant", path=None, render=False, handover=None, house=()):
    """The main menu -> Settings (speed, hand-over) -> Kendo Duel setup ->
    Start. ``house``: rows of the House rules screen to press once."""
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
    choose(sim, "Kendo Duel")
    assert sim.text().startswith("Setup: Kendo Duel")
    set_rows(sim, ["Mode: " + mode])
    if mode == "Duel":
        set_rows(sim, ["Players: %d" % players])
    set_rows(sim, list(seats))
    if house:
        choose(sim, "House rules: 1 on")  # Rearm, on in a new game
        assert sim.text().startswith("House: House rules")
        for row in house:
            choose(sim, row)
        choose(sim, "Done")
    choose(sim, "Start")
    return sim


def screen(sim):
    """The Kendo play screen (wherever it is on the stack)."""
    from sanbon.kendo import GameScreen

    for s in sim.app.stack:
        if isinstance(s, GameScreen):
            return s
    return None


def human_to_act(sim):
    s = sim.app.session
    st = s.state
    return (sim.text().startswith("Game: Kendo") and not st.is_over()
            and not s.is_bot(st.current_player))


def to_item(sim, item):
    scr = sim.app.top
    for _ in range(len(scr.items) + 1):
        if scr.items[scr.cur] == item:
            return
        sim.press("Y")
    raise AssertionError("no item %r in %r" % (item, scr.items))


def enter(sim, action):
    """Enter the engine ``action`` of the human to act by presses (a switch
    marks the card and confirms it; SWITCH_DONE keeps the hand)."""
    from sanbon.kendo import _B_FAIL, _B_NOREINF, _B_SWITCH, _B_TARGET

    scr = sim.app.top
    st = sim.app.session.state
    if st.phase == A.P_SWITCH:
        if action != A.SWITCH_DONE:
            to_item(sim, action - A.SWITCH)
            sim.press("A")
        to_item(sim, _B_SWITCH)
        sim.press("A")
    elif st.phase == A.P_OPEN:
        t, m, r = A.decode_open(action)
        to_item(sim, m)
        sim.press("A")
        if scr.sub == 1:
            to_item(sim, r if r >= 0 else _B_NOREINF)
            sim.press("A")
        if scr.sub == 2:
            to_item(sim, _B_TARGET - t)
            sim.press("A")
    elif st.phase == A.P_REACT:
        to_item(sim, _B_FAIL if action == A.FAIL else action - A.PLAY)
        sim.press("A")
    else:
        to_item(sim, action - A.DISCARD)
        sim.press("A")


def hand_texts(sim):
    """The visible texts of the hand area (the grid of chips), if the play
    screen is on the display; [] otherwise."""
    from sanbon.ui import Text as Label

    scr = screen(sim)
    if scr is None:
        return []
    found = []

    def on_display(g, root):
        if g is root:
            return True
        for item in root:
            if hasattr(item, "__len__") and not isinstance(item, Label) and hasattr(item, "x"):
                if getattr(item, "hidden", False):
                    continue
                if on_display(g, item):
                    return True
        return False

    if not on_display(scr.hand, sim.board.display.root_group):
        return []

    for ch in scr.grid:  # a chip's name, its two lines joined
        if not ch[0].hidden and ch[2].text:
            found.append(chip_name(ch))
    return found


def chip_name(ch):
    """The text of a chip (sanbon.kendo_layout.chip): a hand card's name on
    two lines joined; a table card's name (its second text is the letter of
    who played it)."""
    if ch[3] is None and ch[5] is not None:
        return ch[2].text + ch[5].text
    return ch[2].text


def wait_for(sim, cond, limit=20000):
    """Play the human seats by their default choice (A) until cond(sim)."""
    for _ in range(limit):
        if cond(sim):
            return
        if human_to_act(sim):
            sim.press("A")  # the default choice
        else:
            sim.step()
    raise AssertionError(sim.text())
