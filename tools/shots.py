"""Render the documentation screenshots headless: ``python -m tools.shots``.

Writes docs/screenshots/<screen>-<board>.png for every board size, by
driving the real app with scripted presses (the same code as tools.sim):
the shell's screens and the demo game's, then each game's ``shots`` hook in
the registry (tools/games/), e.g. ``kyudo_shots(size, tmp, save)``.
"""

import os
import sys
import tempfile

from tools import games as registry
from tools.sim import ROOT, SIZES
from tools.sim import Sim as _Sim
from tools.tour import menu_rows

OUT = os.path.join(ROOT, "docs", "screenshots")


class Sim(_Sim):
    """The simulator on a device whose first-game guide has shown every tip
    (Tips stays on): each screen as a player sees it once the tips are known
    (``tip_shots`` shows the tips)."""

    def __init__(self, *a, **kw):
        from sanbon.profile import SEEN

        super().__init__(*a, **kw)
        for n in SEEN:
            setattr(self.app.settings, n, 0xFF)


def tip_shots(size, tmp, save):
    """A tip of the first-game guide in each game: its first decision, on a
    fresh device (tips on)."""
    for menu, key in [(g.menu, g.key) for g in registry.with_hook("shots")]:
        sim = _Sim(size, seed=18, nvm_path=os.path.join(tmp, "nvm-tip-%s-%s.bin" % (key, size)))
        sim.choose(menu)
        sim.choose("Start")
        for _ in range(2000):
            w = sim.app.toast_widget
            if w is not None and w.group[2].text.startswith("Tip:"):
                break
            if sim.text().startswith(("HandOver", "Dialog")):
                sim.press("A")
            sim.step(50)
        else:
            raise AssertionError("no tip in %s on %s" % (menu, size))
        save(sim, key + "-tip")


def shots(size, tmp):
    nvm = os.path.join(tmp, "nvm-%s.bin" % size)
    made = []

    def save(sim, name, window=False):
        path = os.path.join(OUT, "%s-%s.png" % (name, size))
        sim.wait(100)
        sim.screenshot(path, window)
        made.append(path)

    sim = Sim(size, seed=7, nvm_path=nvm)
    save(sim, "menu")
    sim.choose("Kendo Duel")
    save(sim, "setup")
    sim.press("B")
    sim.choose("Settings")
    save(sim, "settings")
    sim.press("B")
    sim.choose("About")
    sim.press("A")  # the demo game's setup
    sim.choose("Start")
    sim.press("A", "A")
    save(sim, "game", window=True)
    sim.press("HOLD_B")
    save(sim, "pause")
    sim.press("Y", "A")
    save(sim, "howto")
    for game in registry.with_hook("shots"):  # each game's own (tools/games/)
        game.hook("shots")(size, tmp, save)
    tip_shots(size, tmp, save)
    return made


def kyudo_shots(size, tmp, save):
    """Kyudo: a roll with kept dice and the combinations (seed 18: you, Saru,
    roll first against a Normal archer), then whole games in which you play
    through presses what the Hard computer archer would (kyudo_press), for a
    sheet, an attack and the end. The games depend on the computer archers:
    the first seed (of a few) that shows an attack is taken."""
    sim = Sim(size, seed=18, nvm_path=os.path.join(tmp, "nvm-kyudo-%s.bin" % size))
    sim.choose("Kyudo")
    sim.choose("Start")
    st = sim.app.session.state
    while not (st.current_player == 0 and st.phase == 1):
        sim.step(50)
    sim.press("A")  # roll: ARROW BLACK ARROW RED
    sim.press("A", "A")  # keep dice 1 and 2 (the cursor starts on die 1); on die 3
    save(sim, "kyudo-roll", window=True)
    sim.press("Y", "Y", "A")  # die 4, Roll: re-roll dice 3 and 4
    sim.press("X", "Y", "A")  # Roll, Stop: the combinations
    save(sim, "kyudo-combos")
    for seed in (18, 5, 7, 11, 23, 31):
        if kyudo_game(size, tmp, save, seed):
            return
    raise AssertionError("no Kyudo game with an attack for %s" % size)


def kyudo_game(size, tmp, save, seed):
    from engine.rng import Rng

    sim = Sim(size, seed=seed, nvm_path=os.path.join(tmp, "nvm-kyudo-%s-%d.bin" % (size, seed)))
    sim.choose("Kyudo")
    sim.choose("Start")
    session = sim.app.session
    st = session.state
    rng = Rng(seed)
    sheet = attack = False
    for _ in range(200000):
        if sim.text().startswith("End"):
            break
        msg = sim.app.top.msg[0] if sim.text().startswith("Game") and sim.app.top.msg else ""
        if not attack and " attack" in msg and " lost " in msg:
            attack = True
            save(sim, "kyudo-attack")
        if not st.is_over() and not session.is_bot(st.current_player) and sim.text().startswith("Game"):
            if not sheet and st.round >= 4 and st.phase == 1:
                sheet = True
                sim.choose("Sheets")
                save(sim, "kyudo-sheet")
                sim.press("B")
            kyudo_press(sim, rng, 3)
        else:
            sim.step(50)
    if sheet and attack:
        save(sim, "kyudo-win")
    return sheet and attack


def kyudo_press(sim, rng, level=2):
    """Enter, by the shortest presses the play screen offers, the decision the
    computer archer of ``level`` would take for the human seat to act; the
    number of presses."""
    from engine.kyudo import actions as K
    from engine.kyudo import bots

    scr = sim.app.top
    st = sim.app.session.state
    seat = st.current_player
    a = bots.choose(st.observation(seat), seat, level, rng)
    menu = scr.menu
    count = [0]

    def press(key):
        sim.press(key)
        count[0] += 1

    keep = None  # the kept dice wanted (None: any)
    if st.phase == K.P_ROLL and K.REROLL < a <= K.REROLL + 15:
        keep = ~(a - K.REROLL) & ((1 << st.n_dice) - 1)
        target = 0
    elif st.phase == K.P_RED and a != K.RED_SKIP:
        d, f = divmod(a - K.RED_FIX, 6)
        for key in kyudo_path(scr, scr.acts.index(-2)):  # "Use the RED token"
            press(key)
        press("A")
        n = st.n_dice
        key = "Y" if (d - scr.die_cur) % n <= (scr.die_cur - d) % n else "X"
        while scr.die_cur != d:
            press(key)
        press("A")
        target = menu.items.index(K.FACE_NAMES[f])
    elif a in scr.acts:
        target = scr.acts.index(a)
    else:
        from sanbon.kyudo_words import choice

        target = menu.items.index(choice(st, a, sim.app.session.seat_name))
    for key in kyudo_path(scr, target, keep):
        press(key)
    press("A")
    return count[0]


def kyudo_path(scr, target, keep=None):
    """The shortest keys from the cursor now to list item ``target`` with
    ``keep`` the kept dice (None: as they may be), by the screen's own moves
    (sanbon.kyudo.move): a breadth-first search."""
    from sanbon import buttons as btn
    from sanbon.kyudo import move

    st = scr.session.state
    n = st.n_dice
    k = len(scr.menu.items)
    dice = scr.dice_ok()
    start = (scr.die_cur, scr.menu.index, scr.keep)
    paths = {start: ""}
    todo = [start]
    for pos in todo:
        d, i, kp = pos
        if d < 0 and i == target and (keep is None or kp == keep):
            return paths[pos]
        steps = [("X", move(d, i, btn.X, n, k, dice) + (kp,)), ("Y", move(d, i, btn.Y, n, k, dice) + (kp,))]
        if d >= 0 and dice:
            steps.append(("A", move(d, i, btn.Y, n, k, dice) + (kp ^ (1 << d),)))
        for key, nxt in steps:
            if nxt not in paths:
                paths[nxt] = paths[pos] + key
                todo.append(nxt)
    raise AssertionError("no way to item %d on %s" % (target, scr.describe()))


def kendo_start(size, path, seed, mode="Duel", seats=()):
    """Kendo Duel from the main menu: computer speed instant, the mode and
    seat rows as given, Start."""
    sim = Sim(size, seed=seed, nvm_path=path)
    sim.choose("Settings")
    menu_rows(sim, ("Computer speed: instant",))
    sim.press("B")
    sim.choose("Kendo Duel")
    menu_rows(sim, ("Mode: " + mode,) + seats)
    sim.choose("Start")
    return sim


def kendo_play(sim, want, prefer_counter=True, limit=20000):
    """Play the human seats by presses (the default choice, or a counterattack
    when one may answer: longer exchanges) until ``want(sim)``; False if the
    game ended first."""
    from engine.kendo.cards import K_COUNTER, KIND

    session = sim.app.session
    st = session.state
    for _ in range(limit):
        top = sim.text()
        if want(sim):
            return True
        if top.startswith("End"):
            return False
        if top.startswith("HandOver"):
            sim.press("A")
        elif top.startswith("Game") and not st.is_over() and not session.is_bot(st.current_player):
            scr = sim.app.top
            if prefer_counter and st.phase == 2:
                for i, it in enumerate(scr.items):
                    if it >= 0 and scr.ok[it] and KIND[it] == K_COUNTER:
                        while scr.cur != i:
                            sim.press("Y")
                        break
            sim.press("A")
        else:
            sim.step(50)
    return False


def kendo_focus(sim, kind=None):
    """Put the cursor on the first card that may be played (of ``kind``), so
    the message line says what it does."""
    from engine.kendo.cards import KIND

    scr = sim.app.top
    for i, it in enumerate(scr.items):
        if it >= 0 and scr.ok[it] and (kind is None or KIND[it] == kind):
            sim.press("Y")
            while scr.cur != i:
                sim.press("Y")
            return True
    return False


def kendo_shots(size, tmp, save):
    """Kendo Duel: the hand at an opening, an exchange of three plays or more
    (the human answers with counterattacks), the hand-over screen between two
    human players, a discard down to 12, a 3-player Duel's end screen, and
    the Competition scoreboard. The seeds are the first of a
    few that show each; they depend on the computer players."""
    from engine.kendo.cards import K_BASIC, K_COUNTER, KIND

    def human(sim, phase):
        st = sim.app.session.state
        return (sim.text().startswith("Game") and not st.is_over() and st.phase == phase
                and not sim.app.session.is_bot(st.current_player))

    path = os.path.join(tmp, "nvm-kendo-%s.bin" % size)
    sim = kendo_start(size, path, 5)
    assert kendo_play(sim, lambda s: human(s, 1))
    kendo_focus(sim, K_BASIC)
    save(sim, "kendo-hand", window=True)
    for seed in range(5, 60):
        sim = kendo_start(size, path, seed)
        if kendo_play(sim, lambda s: human(s, 2) and len(s.app.session.state.chain) >= 6 and any(
                it >= 0 and s.app.top.ok[it] for it in s.app.top.items)):
            kendo_focus(sim, K_COUNTER) or kendo_focus(sim)
            save(sim, "kendo-exchange")
            break
    else:
        raise AssertionError("no Kendo exchange of 3 plays for %s" % size)
    sim = kendo_start(size, path, 7, seats=("P2: Human",))
    assert kendo_play(sim, lambda s: s.text().startswith("HandOver") and s.app.session.state.phase == 2)
    save(sim, "kendo-handover")
    # the discard down to 12 (made: it is rare in play) and a Duel's end screen
    from tools.tour import kendo_over_twelve

    sim = kendo_start(size, path, 3, "Competition", ("P2: Computer (Hard)",))
    assert kendo_play(sim, lambda s: human(s, 1))
    kendo_over_twelve(sim, 3)
    save(sim, "kendo-discard")
    sim = kendo_start(size, path, 5, seats=("Players: 3",))
    assert not kendo_play(sim, lambda s: False)
    save(sim, "kendo-end")
    for seed in range(3, 60):
        sim = kendo_start(size, path, seed, "Competition", ("P2: Computer (Hard)",))
        st = sim.app.session.state
        if kendo_play(sim, lambda s: (human(s, 1) or human(s, 2)) and st.ippons[0] + st.ippons[1] >= 1
                      and st.hansoku[0] + st.hansoku[1] >= 1, prefer_counter=False):
            save(sim, "kendo-scoreboard")
            return
    raise AssertionError("no Kendo Competition with ippon and hansoku for %s" % size)


def okko_shots(size, tmp, save):
    """Okko: Oni Hunters against a Normal partner (seed 5), the human seat
    played by the partner's rules through presses (tests/okko_helpers.py's
    way): the board at an action, the enemy line, a fight builder with a
    card marked, an exploration with draws, and the Court."""
    from engine.okko import actions as A
    from engine.okko import bots
    from engine.okko import cards as C
    from engine.rng import Rng

    sim = Sim(size, seed=5, nvm_path=os.path.join(tmp, "nvm-okko-%s.bin" % size))
    sim.choose("Settings")
    menu_rows(sim, ("Computer speed: instant",))
    sim.press("B")
    sim.choose("Okko: Oni Hunters")
    sim.choose("Start")
    session = sim.app.session
    st = session.state
    rng = Rng(3)
    mem = (bytearray(16), bytearray(16))
    done = set()
    for _ in range(40000):
        top = sim.text()
        if top.startswith("End") or len(done) == 5:
            break
        if top.startswith(("Dialog", "HandOver")):
            sim.press("A")
            continue
        if not (top.startswith("Game") and not st.is_over() and not session.is_bot(st.current_player)):
            sim.step(50)
            continue
        scr = sim.app.top
        ph = st.phase
        if ph == A.P_ACTION and "board" not in done and len(st.line) >= 2:
            done.add("board")
            save(sim, "okko-board", window=True)
        if ph == A.P_ACTION and "line" not in done and len(st.line) >= 3:
            done.add("line")
            while scr.items[scr.cur] != -2:
                sim.press("Y")
            sim.press("A")
            save(sim, "okko-line")
            sim.press("B")
        if ph == A.P_FIGHT and "fight" not in done and st.sel:
            done.add("fight")
            save(sim, "okko-fight")
        if ph == A.P_EXPLORE and "explore" not in done and st.drawn >= 2:
            done.add("explore")
            save(sim, "okko-explore")
        if ph == A.P_COURT and "court" not in done and st.flipped.count(1) >= 1:
            done.add("court")
            save(sim, "okko-court")
        seat = st.current_player
        a = bots.choose(st.observation(seat), seat, 2, rng, mem[seat])
        if ph == A.P_REVEAL:
            sim.press("A")
        elif ph in (A.P_PEEK, A.P_COURT):
            from tools.tour import court_keys

            d = C.board_to_display(a & 15, st.orient)
            for key in court_keys(scr.gcur, d):  # X: the next column, Y: the next row
                sim.press(key)
            sim.press("A")
        else:
            # a dialog (the board's end) may come up over the list mid-way: then
            # the outer loop answers it and asks again
            for _ in range(len(scr.items)):
                if sim.app.top is not scr or scr.items[scr.cur] == a:
                    break
                sim.press("Y")
            if sim.app.top is scr:
                assert scr.items[scr.cur] == a, "the partner's choice %d is not on the list %r" % (a, scr.items)
                sim.press("A")
    assert len(done) == 5, done


def main(argv=None):
    import argparse

    argparse.ArgumentParser(prog="python -m tools.shots", description="render the documentation "
                            "screenshots into %s" % os.path.relpath(OUT, ROOT)).parse_args(argv)
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            for p in shots(size, tmp):
                print("wrote", os.path.relpath(p, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
