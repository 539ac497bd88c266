"""Helpers for tests that drive the real app in the headless simulator."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLINKA_FORCEBOARD", "GENERIC_LINUX_PC")
os.environ.setdefault("BLINKA_FORCECHIP", "GENERIC_X86")

from tools.sim import Sim  # noqa: E402

SIZES = ("pico_display2", "picosystem", "pico_display")


def goto_demo_setup(sim):
    """Main menu -> About -> 'Try the demo game (Pig)' -> Pig setup."""
    choose(sim, "About")
    assert sim.text().startswith("About")
    sim.press("A")  # the demo item is preselected
    assert sim.text().startswith("Setup: Pig (demo)")


def set_rows(sim, wanted):
    """On a setup screen, press A on each row until its text is as wanted."""
    menu = sim.app.top.menu
    for target in wanted:
        prefix = target.split(":")[0] + ":"
        for _ in range(10):
            i = [k for k, t in enumerate(menu.items) if t.startswith(prefix)][0]
            if menu.items[i] == target:
                break
            while menu.index != i:
                sim.press("Y")
            sim.press("A")
        assert target in menu.items, (target, menu.items)


def labels_out_of_bounds(sim):
    """Visible texts that reach past the screen's edges: (text, x, y, w, h)."""
    W, H = sim.board.width, sim.board.height
    return [(t, x, y, w, h) for x, y, w, h, t in sim.labels() if x < 0 or y < 0 or x + w > W or y + h > H]


def choose(sim, text):
    """Move the top menu's cursor to the item ``text`` and press A."""
    sim.choose(text)


def play_until(sim, cond, limit_ms=600000):
    """Let time pass (computer turns) until cond(sim) holds."""
    waited = 0
    while not cond(sim):
        assert waited < limit_ms, "timed out waiting; screen: %s" % sim.text()
        sim.wait(200)
        waited += 200


def saved_session(app):
    """The game in progress as Continue would restore it from the save
    (the snapshot with the journal's actions replayed), or None."""
    from sanbon.session import Session

    if not app.saved_game:
        return None
    return Session.from_bytes(app, app.saved_game, app.saved_log)


def toast_text(app):
    """The toast's words as shown ("!" first for an error), or None."""
    w = app.toast_widget
    if w is None:
        return None
    g = w.group
    return " ".join(g[i].text for i in range(2, len(g)))
