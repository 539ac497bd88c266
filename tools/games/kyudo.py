"""Kyudo on the host: its registry entry (``game()``), its engine's constructor,
computer archers, invariant checks and hidden information, and the screen
tour's walks with the presses that play a human seat."""

import os
import tempfile

from engine.core import TERMINAL
from engine.rng import Rng
from tools.games import Game, Variant, _app_info, _copy, _levels, _observing, _other_rng


def _class():
    from engine.kyudo.state import KyudoState

    return KyudoState


def new(rng, players=2, mode=0, options=0):
    return _class()(rng, players=players)


def load(data):
    return _class().from_bytes(data)


def bot(level, seat, rng):
    from engine.kyudo import bots

    return _observing(bots.choose, seat, level, rng)


def checker():
    seen = set()
    last = []

    def check(s):
        if last:
            kyudo_check_step(s, last[0], last[1], seen)
        last[:] = [kyudo_snapshot(s), s.winner()]

    return check


def end_check(s):
    assert s.round <= 60


def round_trip(s):
    return kyudo_round_trip(s)


def hidden(s, seat, rng):
    """Kyudo hides only the dice to come: the state's RNG."""
    t = _copy(s, load)
    _other_rng(t, rng)
    return t


def soak_deal(seed, mode=0):
    players = 2 + seed % 3
    s = new(Rng(seed), players)
    return s, [bot(1 + (seed + i) % 3, i, Rng(seed * 8 + 1 + i)) for i in range(players)]



# -- the screen tour's walks (tools/tour.py) and the bench's presses ------------------


def walk_kyudo(size, rec, tmp, players=4, seed=18, level=3):
    from engine.rng import Rng
    from tools import tour

    sim = tour.Looking(size, rec, "kyudo", seed=seed, nvm_path=os.path.join(tmp, "kyudo.bin"))
    tour._settings(sim, ("Computer speed: instant",))
    tour._start(sim, "Kyudo", ("Players: %d" % players,))
    rng = Rng(seed)
    return tour._play(sim, lambda sim, st: drive_kyudo(sim, rng, level), 20000, lambda st: st.round >= 2)


def drive_kyudo(sim, rng, level=3):
    """Enter by the shortest presses the decision Kyudo's computer archer of
    ``level`` would take for the human seat to act; the presses."""
    return kyudo_press(sim, rng, level)


def kyudo_presses(size="pico_display", seed=5, games=3, players=2, level=3):
    """Kyudo's presses for a human seat that plays what the computer archer
    of ``level`` (Hard) would, entered by the shortest presses (drive_kyudo),
    against a Normal archer: (presses of each of the human's turns, presses
    of each "keep 2 dice, re-roll the others" decision). A turn's count is
    everything from its first roll to its end, and the decisions the seat
    makes on other archers' turns go to its turn before (catch-up ticks to
    its first)."""
    from engine.kyudo import actions as K
    from engine.rng import Rng
    from tools import tour

    turns, keep2 = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(games):
            sim = tour.Sim(size, seed=seed + g, nvm_path=os.path.join(tmp, "k%d.bin" % g), render=False)
            tour._settings(sim, ("Computer speed: instant",))
            tour._start(sim, "Kyudo", ("Players: %d" % players,))
            rng = Rng(seed + g)
            session = sim.app.session
            mine = []
            for _ in range(200000):
                t = sim.text()
                if t.startswith("End"):
                    break
                st = session.state
                if t.startswith("Game") and not st.is_over() and not session.is_bot(st.current_player):
                    scr = sim.app.top
                    first = st.phase == K.P_ROLL and not st.rolls
                    before = scr.keep
                    rolls = st.rolls
                    n = drive_kyudo(sim, rng, level)
                    if first or not mine:
                        mine.append(0)
                    mine[-1] += n
                    if rolls and st.rolls == rolls + 1 and bin(scr.keep ^ before).count("1") == 2:
                        keep2.append(n)
                else:
                    sim.step(50)
            turns += mine
    return turns, keep2


def presses():
    """The bench's presses (section 10): 4 games of 2 archers, the human seat
    entering the Hard archer's choices (kyudo_presses)."""
    turns, keep2 = kyudo_presses("pico_display", seed=5, games=4)
    return {"a turn": (sum(turns) / len(turns), len(turns)),
            "keep 2 dice and re-roll": (sum(keep2) / max(1, len(keep2)), len(keep2))}


# -- the documentation screenshots (tools/shots.py) --------------------------


def kyudo_shots(size, tmp, save):
    """Kyudo: a roll with kept dice and the combinations (seed 18: you, Saru,
    roll first against a Normal archer), then whole games in which you play
    through presses what the Hard computer archer would (kyudo_press), for a
    sheet, an attack and the end. The games depend on the computer archers:
    the first seed (of a few) that shows an attack is taken."""
    from tools.shots import Sim

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
    from tools.shots import Sim

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


# -- invariant checks (tools/invariants.py) ----------------------------------


def kyudo_snapshot(s):
    return (
        bytes(s.spectators),
        [bytes(r) for r in s.circles],
        [bytes(r) for r in s.ticked],
        [bytes(r) for r in s.flags],
    )


def kyudo_check_step(s, before, winner_before, seen):
    from engine.kyudo.actions import GREEN, P_KUMA_DROP, P_OVER, P_SETUP, P_SHIELD, TOKENS
    from engine.kyudo.data import CORNER_SIZE, CORNERS, START_SPECTATORS

    P = s.players
    sp, circles, ticked, flags = before
    for v in range(P):
        assert s.spectators[v] <= sp[v] <= START_SPECTATORS  # never regained (R1)
        assert bool(s.eliminated[v]) == (s.spectators[v] == 0)
        for c in range(1, 6):
            assert s.circles[v][c] >= circles[v][c]
            assert ticked[v][c] <= s.ticked[v][c] <= s.circles[v][c]
            assert flags[v][c] <= s.flags[v][c] <= CORNER_SIZE[c] * CORNERS
        if s.eliminated[v]:
            assert sum(s.tokens[v]) == 0 and s.captured_by != v and s.ring_owner != v
    for t in TOKENS:
        assert s.supply[t] + sum(s.tokens[v][t] for v in range(P)) == P - 1
    if winner_before is not None:
        assert s.winner() == winner_before  # the winner never changes
    wins = [e for e in s.events if e[0] == "win"]
    assert len(wins) <= 1
    if wins:
        assert winner_before is None and s.winner() == (wins[0][1],)
    assert s.is_over() == (s.winner() is not None) == (s.phase == P_OVER)
    legal = s.legal_actions()
    seen.add(s.phase)
    for e in s.events:
        seen.add(e[0])
    if s.is_over():
        assert legal == [] and s.current_player == TERMINAL
        assert not s.eliminated[s.winner()[0]]
        return
    assert legal and legal == sorted(set(legal))  # sorted ascending, no duplicates
    cp = s.current_player
    assert 0 <= cp < P and not s.eliminated[cp]
    if s.phase == P_SHIELD:
        assert s.tokens[cp][GREEN] > 0
    elif s.phase == P_KUMA_DROP:
        assert cp != s.active and sum(1 for t in TOKENS if s.tokens[cp][t]) >= 2
    elif s.phase != P_SETUP:
        assert cp == s.active
    assert s.n_dice == len(s.dice) and s.used < (1 << s.n_dice)


KYUDO_FIELDS = ("players", "first", "active", "phase", "characters", "spectators", "eliminated",
                "circles", "ticked", "flags", "tokens", "supply", "n_dice", "dice", "rolls",
                "used", "red_used", "fury", "captured_by", "ring_colour", "ring_owner",
                "turn", "round", "win_reason", "queue")


def kyudo_round_trip(s):
    from engine.kyudo.state import KyudoState

    b = s.to_bytes()
    t = KyudoState.from_bytes(b)
    assert t.to_bytes() == b
    assert t.legal_actions() == s.legal_actions()
    assert t.current_player == s.current_player and t.winner() == s.winner()
    for name in KYUDO_FIELDS:
        assert getattr(t, name) == getattr(s, name), name
    assert t.rng.getstate() == s.rng.getstate()
    return t


# -- the terminal adapter (tools/play.py) ------------------------------------


class KyudoAdapter:
    """Kyudo for the terminal player (engine/kyudo)."""

    title = "Kyudo"

    def __init__(self):
        from engine.kyudo import actions
        from engine.kyudo.state import PHASE_NAMES

        self.phases = PHASE_NAMES
        self.A = actions

    # -- the game loop's needs ---------------------------------------------
    def seat_name(self, state, seat):
        return "Archer %d (%s)" % (seat + 1, self.A.CHARACTER_NAMES[state.characters[seat]])

    def describe(self, state, action):
        return state.describe_action(action)

    def intro(self, state, kinds):
        s = state
        out = ["%s: %d archers, first archer: Archer %d." % (self.title, s.players, s.first + 1)]
        for v in range(s.players):
            out.append("  %s: %s" % (self.seat_name(s, v), kinds[v].capitalize()))
        return out

    def event_lines(self, state, action):
        """Plain-English lines for the notable events of ``action``, just
        applied; a line starting with "---" heads a new turn."""
        n = self.A.FACE_NAMES
        who = lambda v: "Archer %d" % (v + 1)
        out = []
        for e in state.events:
            k = e[0]
            if k == "turn":
                out.append("--- Round %d: %s's turn ---" % (e[2], self.seat_name(state, e[1])))
            elif k == "roll":
                out.append("dice: " + " ".join(n[f] for f in e[2]))
            elif k == "red":
                out.append("RED token: die %d becomes %s" % (e[2] + 1, n[e[3]]))
            elif k == "circle":
                out.append("%s ticks a %s circle" % (who(e[1]), n[e[2]]))
            elif k == "closed":
                out.append("%s closes %s" % (who(e[1]), n[e[2]]))
            elif k == "boxes" and not self.A.TICK <= action < self.A.TICK + 6:
                out.append("%s ticks %d %s flag box%s" % (who(e[1]), e[3], n[e[2]], "es" if e[3] != 1 else ""))
            elif k == "flag":
                out.append("%s completes %s corner %d" % (who(e[1]), n[e[2]], e[3]))
            elif k == "fury":
                out.append("%s spends ORANGE: fury on %s" % (who(e[1]), n[e[2]]))
            elif k == "attack":
                out.append("%s attacks %s in %s for %d" % (who(e[1]), who(e[2]), n[e[3]], e[4]))
            elif k == "ultimate":
                out.append("%s: ULTIMATE COMBO" % who(e[1]))
            elif k == "ring":
                out.append("Shika's ring: %s faces %d" % (who(e[1]), e[2]))
            elif k == "loss":
                out.append("%s loses %d spectator%s (%d left)" % (
                    who(e[1]), e[2], "s" if e[2] != 1 else "", state.spectators[e[1]]))
            elif k == "shield":
                out.append("%s raises the GREEN shield" % who(e[1]))
            elif k == "eliminated":
                out.append("%s is eliminated" % who(e[1]))
            elif k == "token":
                out.append("%s takes a %s token from %s" % (
                    who(e[1]), n[e[2]], "the supply" if e[3] < 0 else who(e[3])))
            elif k == "discard":
                out.append("%s discards a %s token" % (who(e[1]), n[e[2]]))
            elif k == "talent":
                ch = self.A.CHARACTER_NAMES[e[2]]
                out.append("%s's talent: %s%s" % (
                    who(e[1]), ch, (" chooses " + n[e[3]]) if e[3] else ""))
            elif k == "extra":
                out.append("%s gets an extra %s circle" % (who(e[1]), n[e[2]]))
            elif k == "die_back":
                out.append("%s takes the captured die back" % who(e[1]))
            elif k == "ring_off":
                out.append("%s removes the ring" % who(e[1]))
        return out

    def result(self, state):
        s = state
        w = s.winner()[0]
        why = ("completed the target with the most spectators", "is the last archer standing",
               "has the most spectators at the round cap")[s.win_reason]
        out = ["Winner: %s %s (round %d)." % (self.seat_name(s, w), why, s.round)]
        for v in range(s.players):
            out.append("  %s: %d spectators, %d/%d circles%s" % (
                self.seat_name(s, v), s.spectators[v], sum(s.ticked[v]), sum(s.circles[v]),
                ", eliminated" if s.eliminated[v] else ""))
        return out

    def view(self, state, seat):
        """What a human seat sees before deciding."""
        s = state
        A = self.A
        n = A.FACE_NAMES
        from engine.kyudo.data import CORNER_SIZE, CORNERS

        out = ["", "== %s, your decision (%s, round %d) ==" % (
            self.seat_name(s, seat), self.phases[s.phase], s.round)]
        circles = []
        for c in A.COLOURS:
            t, m = s.ticked[seat][c], s.circles[seat][c]
            circles.append("%s %d/%d%s" % (n[c], t, m, " closed" if t == m else ""))
        out.append("Your target: " + ", ".join(circles))
        flags = []
        for c in A.COLOURS:
            f = s.flags[seat][c]
            size = CORNER_SIZE[c]
            if f >= size * CORNERS:
                flags.append("%s done" % n[c])
            else:
                flags.append("%s corner %d: %d/%d" % (n[c], f // size + 1, f % size, size))
        out.append("Your flags: " + ", ".join(flags))
        out.append("Spectators: you %d; tokens: %s; supply: %s" % (
            s.spectators[seat], _tokens(s.tokens[seat], n), _tokens(s.supply, n)))
        for v in range(s.players):
            if v == seat:
                continue
            if s.eliminated[v]:
                out.append("  %s: eliminated" % self.seat_name(s, v))
                continue
            closed = [n[c] for c in A.COLOURS if s.ticked[v][c] == s.circles[v][c]]
            out.append("  %s: %d spectators, %d circles to go, closed: %s, tokens: %s" % (
                self.seat_name(s, v), s.spectators[v], sum(s.circles[v]) - sum(s.ticked[v]),
                " ".join(closed) or "none", _tokens(s.tokens[v], n)))
        if s.ring_owner >= 0:
            out.append("Shika's ring (%s) is on %s" % (self.seat_name(s, s.ring_owner), n[s.ring_colour]))
        if s.captured_by >= 0:
            out.append("Saru (%s) holds a captured die: 3 dice" % self.seat_name(s, s.captured_by))
        if s.rolls:
            dice = ["%d:%s%s" % (i + 1, n[f], "(used)" if s.used >> i & 1 else "")
                    for i, f in enumerate(s.dice)]
            out.append("Dice (%s, roll %d of 3): %s" % (
                "yours" if s.active == seat else self.seat_name(s, s.active), s.rolls, " ".join(dice)))
        if s.phase == A.P_SHIELD:
            out.append("You are about to lose %d spectators." % s.queue[0][2])
        return out


def _tokens(row, names):
    got = ["%s x%d" % (names[t], row[t]) for t in (2, 3, 5) if row[t]]
    return ", ".join(got) or "none"


def game():
    info = _app_info('kyudo')
    return Game(
        "kyudo", "Kyudo", new, load, gid=info.id,
        modes=(Variant("kyudo", 0, (2, 4), ("kyudo4", "Kyudo, 4 archers"), bench_players=4),),
        levels=_levels(info), bot=bot, checker=checker, end_check=end_check,
        round_trip=round_trip, hidden=hidden, soak_deal=soak_deal,
        scenarios=("kyudo_random", "kyudo_dicetab", "kyudo_bots", "kyudo_app"), app_scenario="kyudo_app",
        fixtures=("tests/golden/kyudo_seed7.txt",),
        menu=info.name,
        press_setups=(["Players: 2"], ["Players: 3"], ["Players: 4"]),
        restore_setups=(
            (["Players: 2"], ["P1: Computer (Hard)", "P2: Computer (Easy)"]),
            (["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)", "P3: Computer (Hard)"]),
            (["Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Hard)", "P3: Computer (Easy)",
                              "P4: Computer (Normal)"]),
        ),
        shell={"rows": ("Players: 4",), "seats": ("P2:", "P3:", "P4:")},
        tour=((walk_kyudo, {}), (walk_kyudo, {"players": 2, "seed": 5})),
        hooks={"play": KyudoAdapter, "shots": kyudo_shots,
               "presses": presses},
    )
