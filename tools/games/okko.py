"""Okko on the host: its registry entry (``game()``), its engine's constructor,
computer partners (a team that talks at the Court), invariant checks and
hidden information, and the screen tour's walks with the presses that play
a human seat."""

import os
import tempfile

from engine.rng import Rng
from tools.games import Game, Variant, _app_info, _copy, _levels, _other_rng


def _class():
    from engine.okko.state import OkkoState

    return OkkoState


def new(rng, players=2, mode=0, options=0):
    return _class()(rng, aid=options)


def load(data):
    return _class().from_bytes(data)


def bot(level, seat, rng, memory=None, partner=None):
    """A computer partner, with its own memory of its peeks (16 bytes) and,
    at the Court, what its partner tells it (``partner``, the partner's memory)."""
    from engine.okko import bots

    memory = bytearray(16) if memory is None else memory
    return lambda s: bots.choose(s.observation(seat), seat, level, rng, memory, partner)


def team_bots(levels, rngs):
    """Two computer partners who talk it over at the Court (R28): each hears
    what the other remembers."""
    mems = (bytearray(16), bytearray(16))
    return [bot(levels[i], i, rngs[i], mems[i], mems[1 - i]) for i in range(2)]


def checker():
    return okko_check


def end_check(s):
    assert s.winner() in ((0, 1), ()) and all(s.board_days)


def hidden(s, seat, rng):
    """Every deck's order, the Court's unturned tokens (but the one being
    peeked) and the RNG."""
    t = _copy(s, load)
    _other_rng(t, rng)
    for d in (t.adv_deck, t.enemy_deck, t.jar_deck, t.exp_deck):
        rng.shuffle(d)
    free = [q for q in range(16) if not t.flipped[q] and q != t.peek_sq]
    tokens = [t.court[q] for q in free]
    rng.shuffle(tokens)
    for q, v in zip(free, tokens):
        t.court[q] = v
    return t


def soak_deal(seed, mode=0):
    s = new(Rng(seed), 2, options=seed % 2)
    levels = (2 + seed % 2, 2 + (seed // 2) % 2)
    return s, team_bots(levels, [Rng(seed * 8 + 1 + i) for i in range(2)])



# -- the screen tour's walks (tools/tour.py) and the bench's presses ------------------


def walk_okko(size, rec, tmp, mode="Partner", seed=5, level=2):
    from engine.rng import Rng
    from tools import tour

    sim = tour.Looking(size, rec, "okko " + mode, seed=seed, nvm_path=os.path.join(tmp, "okko.bin"))
    tour._settings(sim, ("Computer speed: instant",))
    tour._start(sim, "Okko: Oni Hunters", ("Mode: " + mode,))
    rng = Rng(seed)
    mem = (bytearray(16), bytearray(16))
    return tour._play(sim, lambda sim, st: drive_okko(sim, rng, level, mem), 40000)


def court_keys(cur, want):
    """The shortest presses from display square ``cur`` to ``want`` on
    Okko's Court grid: X moves to the next column, Y to the next row, both
    wrapping."""
    return ["X"] * (((want & 3) - (cur & 3)) % 4) + ["Y"] * (((want >> 2) - (cur >> 2)) % 4)


def drive_okko(sim, rng, level, mem):
    from engine.okko import actions as A
    from engine.okko import bots
    from engine.okko import cards as C
    from tools import tour

    scr = sim.app.top
    st = sim.app.session.state
    seat = st.current_player
    a = bots.choose(st.observation(seat), seat, level, rng, mem[seat])
    ph = st.phase
    if ph == A.P_REVEAL:
        sim.press("A")
    elif ph in (A.P_PEEK, A.P_COURT):
        d = C.board_to_display(a & 15, st.orient)
        for key in court_keys(scr.gcur, d):
            sim.press(key)
        assert scr.gcur == d, (scr.gcur, d)
        sim.press("A")
    else:
        assert a in scr.items, (a, scr.items, sim.text())
        tour._go(sim, lambda: scr.cur, scr.items.index(a), len(scr.items))
        sim.press("A")


def okko_presses(size="pico_display", seed=5, games=1, level=2):
    """Presses per decision of an Okko human seat driven by the partner's
    rules (drive_okko, the shortest presses) against a Normal partner:
    {"peek": mean, "flip": mean, "other": mean, "n": {kind: decisions}}."""
    from engine.okko import actions as A
    from engine.rng import Rng
    from tools import tour

    counts = {"peek": [0, 0], "flip": [0, 0], "other": [0, 0]}
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(games):
            rec = tour.Recorder(size)
            rec.look = lambda sim, where: None  # presses only: no defect check
            sim = tour.Looking(size, rec, "okko", seed=seed + g, nvm_path=os.path.join(tmp, "p%d.bin" % g))
            tour._settings(sim, ("Computer speed: instant",))
            tour._start(sim, "Okko: Oni Hunters", ("Mode: Partner",))
            rng = Rng(seed + g)
            mem = (bytearray(16), bytearray(16))
            for _ in range(40000):
                t = sim.text()
                if t.startswith("End"):
                    break
                session = sim.app.session
                st = session.state
                if t.startswith(("Dialog", "HandOver")):
                    sim.press("A")
                elif (t.startswith("Game") and getattr(sim.app.top, "note", None) is None  # a board's end: its dialog first
                      and not st.is_over() and not session.is_bot(st.current_player)):
                    ph = st.phase
                    kind = "peek" if ph == A.P_PEEK else ("flip" if ph == A.P_COURT else "other")
                    before = sim.presses
                    drive_okko(sim, rng, level, mem)
                    counts[kind][0] += sim.presses - before
                    counts[kind][1] += 1
                else:
                    sim.wait(100)
    out = {k: (v[0] / v[1] if v[1] else 0.0) for k, v in counts.items()}
    out["n"] = {k: v[1] for k, v in counts.items()}
    return out


def presses():
    """The bench's presses (section 10): 3 games with a Normal partner, the
    human seat entering the Normal partner's choices (okko_presses)."""
    out = okko_presses("pico_display", seed=5, games=3)
    n = out["n"]
    return {"Court peek": (out["peek"], n["peek"]), "Court flip": (out["flip"], n["flip"]),
            "any other decision": (out["other"], n["other"])}


# -- the documentation screenshots (tools/shots.py) --------------------------


def okko_shots(size, tmp, save):
    """Okko: Oni Hunters against a Normal partner (seed 5), the human seat
    played by the partner's rules through presses (tests/okko_helpers.py's
    way): the board at an action, the enemy line, a fight builder with a
    card marked, an exploration with draws, and the Court."""
    from tools.shots import Sim
    from tools.tour import menu_rows

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


# -- invariant checks (tools/invariants.py) ----------------------------------


def okko_check(s):
    from engine.okko import actions as A
    from engine.okko import data as D

    # Adventure cards: the 58 across the deck, its discard and both hands
    adv = sorted(c for b in (s.hands[0], s.hands[1], s.adv_deck, s.adv_discard)
                 for c in b if c < 64)
    assert adv == list(range(D.N_ADV))
    # enemies of the current board: deck, line and defeated pile (the rest in the box)
    b = s.board
    first, end = D.ENEMY_FIRST[b], D.ENEMY_FIRST[b + 1]
    enemies = sorted(list(s.enemy_deck) + list(s.line) + list(s.enemy_discard))
    if s.phase == A.P_COURT or s.is_over():
        assert not enemies  # all in the box
    else:
        assert enemies == list(range(first, end))
    # supports of the current board: supply, hands, discard, the Kami apart or gained
    sups = sorted(list(s.supply) + list(s.sup_discard)
                  + [c - 64 for h in s.hands for c in h if c >= 64])
    assert len(sups) == len(set(sups))
    if not (s.phase == A.P_COURT or s.is_over()):
        kami = D.SUP_FIRST[b + 1] - 1
        assert sups + ([] if s.kami else [kami]) == list(range(D.SUP_FIRST[b], kami)) + (
            [kami] if s.kami else []) or sorted(sups + ([] if s.kami else [kami])) == list(
            range(D.SUP_FIRST[b], D.SUP_FIRST[b + 1]))
    # jars: the 12 across the deck, the team and the used ones
    assert sorted(list(s.jar_deck) + list(s.jars) + list(s.jar_discard)) == list(range(12))
    # exploration: the 13 cards
    assert sorted(list(s.exp_deck) + list(s.exp_discard)) == list(range(13))
    assert D.MIN_SQUARE <= s.day <= D.LAST_DAY
    assert sum(s.court) == D.ONI and max(s.court) == 1
    # the heroes differ; between boards the first chooser may take the
    # partner's hero (a swap), until the partner chooses again
    assert s.heroes[0] != s.heroes[1] or s.heroes[0] == 255 or (s.phase == A.P_HERO and s.hero_turn == 1)
    if not s.is_over():
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)


# -- the terminal adapter (tools/play.py) ------------------------------------


class OkkoAdapter:
    """Okko: Oni Hunters, played and logged by tools/play_okko.py (a
    co-operative game of open hands and private peeks)."""

    title = "Okko"

    def run(self, kinds, seed, quiet, out, inp=None, reveal=False):
        from tools import play_okko

        lines = []
        state = play_okko.play(kinds, seed, out=lines.append if quiet else out, inp=inp, reveal=reveal,
                               prompt=out)
        if state is not None and quiet:
            out.write(lines[-1] + "\n")
        return state


def game():
    info = _app_info('okko')
    return Game(
        "okko", "Okko", new, load, gid=info.id,
        modes=(Variant("okko_partner", 0, (2, 2), ("okko", "Okko, 2 partners"), "partner"),),
        options=(0, 1), levels=_levels(info), bot=bot, team_bots=team_bots, team=True, checker=checker,
        weakest_first=("hard", "normal"), labels={"normal": "steady", "hard": "forgetful"},
        end_check=end_check,
        hidden=hidden, soak_deal=soak_deal,
        scenarios=("okko_random", "okko_bots", "okko_app"), app_scenario="okko_app",
        fixtures=("tests/golden/okko_seed7.txt", "tests/okko_helpers.py"),
        menu=info.name,
        press_setups=(["Mode: Partner"], ["Mode: Solo"], ["Mode: Pass and play"]),
        restore_setups=(
            (["Mode: Partner"], ["P1: Computer (Steady)", "P2: Computer (Forgetful)"]),
            (["Mode: Partner"], ["P1: Computer (Forgetful)", "P2: Computer (Steady)"]),
        ),
        tour=((walk_okko, {}), (walk_okko, {"mode": "Pass and play", "seed": 8})),
        hooks={"play": OkkoAdapter, "shots": okko_shots,
               "presses": presses},
    )
