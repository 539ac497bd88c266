"""Kendo Duel on the host: its registry entry (``game()``), its engine's
constructor, computer players, invariant checks and hidden information, and
the screen tour's walks with the presses that play a human seat."""

import os

from engine.core import TERMINAL
from engine.rng import Rng
from tools.games import Game, Variant, _app_info, _copy, _levels, _observing, _other_rng


def _class():
    from engine.kendo.state import KendoState

    return KendoState


def new(rng, players=2, mode=0, options=0):
    return _class()(rng, players=players, mode=mode, options=options)


def load(data):
    return _class().from_bytes(data)


def bot(level, seat, rng):
    from engine.kendo import bots

    return _observing(bots.choose, seat, level, rng)


def checker():
    return kendo_check


def hidden(s, seat, rng):
    """The other hands, every subdeck's order and the RNG: cards swapped
    between the other seats' hands and the subdecks (each subdeck keeps its
    category, JIKAN DESU stays where it is), the subdecks shuffled."""
    from engine.kendo.cards import DECK_OF, N_CARDS

    t = _copy(s, load)
    _other_rng(t, rng)
    others = [p for p in range(t.players) if p != seat and t.hands[p]]
    for p in others:
        h = t.hands[p]
        for _ in range(2):
            i = rng.randrange(len(h))
            deck = t.decks[DECK_OF[h[i]]]
            if deck:
                j = rng.randrange(len(deck))
                if deck[j] < N_CARDS:
                    h[i], deck[j] = deck[j], h[i]
        t.hands[p] = bytearray(sorted(h))
    if len(others) >= 2:
        a, b = t.hands[others[0]], t.hands[others[1]]
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        t.hands[others[0]], t.hands[others[1]] = bytearray(sorted(a)), bytearray(sorted(b))
    for d in t.decks:
        rng.shuffle(d)
    return t


def soak_deal(seed, mode=0):
    players = 2 if mode else 2 + seed % 3
    s = new(Rng(seed), players, mode=mode, options=seed % 8)
    return s, [bot(2 + (seed + i) % 2, i, Rng(seed * 8 + 1 + i)) for i in range(players)]



# -- the screen tour's walks (tools/tour.py) and the bench's presses ------------------


def walk_kendo(size, rec, tmp, mode="Duel", rows=(), seed=5, level=2):
    from tools import tour

    sim = tour.Looking(size, rec, "kendo " + mode, seed=seed, nvm_path=os.path.join(tmp, "kendo.bin"))
    tour._settings(sim, ("Computer speed: instant",))
    tour._start(sim, "Kendo Duel", ("Mode: " + mode,) + tuple(rows))
    seen = set()  # the decision kinds whose items were all visited

    def human(sim, st):
        if mode == "Competition" and st.phase == 1 and (4, 0, 0) not in seen:
            kendo_over_twelve(sim, 3)  # a discard down to 12: rare in play, so made here
        kind = (st.phase, sim.app.top.sub, st.inc if st.phase == 2 else 0)
        if kind not in seen:
            seen.add(kind)
            visit_kendo(sim, log=len(seen) % 2 == 1)
        drive_kendo(sim)

    return tour._play(sim, human, 20000)


def visit_kendo(sim, log=True):
    """On Kendo's play screen: the cursor over every item (each one's detail
    line), A on a grey card (the toast says why), the log (paged through),
    and the cursor back where it started."""
    from tools import tour

    scr = sim.app.top
    start = scr.cur
    grey = -1
    for i in range(len(scr.items)):
        sim.press("Y")
        it = scr.items[scr.cur]
        if grey < 0 and it >= 0 and not scr.ok[it]:
            grey = scr.cur
    if grey >= 0:
        tour._go(sim, lambda: scr.cur, grey, len(scr.items))
        sim.press("A")
        sim.wait(3000)  # the toast goes
    if log and -4 in scr.items:
        tour._go(sim, lambda: scr.cur, scr.items.index(-4), len(scr.items))
        sim.press("A")
        if sim.app.top is not scr:
            tour._pages(sim)
    tour._go(sim, lambda: scr.cur, start, len(scr.items))


def kendo_over_twelve(sim, extra):
    """Kendo Competition, the human seat to open: ``extra`` cards from the
    piles into its hand past 12, then the discard down to 12 (web/py/pokes.py,
    which the browser page's replay of the tour shares)."""
    from tools.web import page_module

    page_module("pokes").kendo_over_twelve(sim.app, extra)


def drive_kendo(sim):
    """The default choice (A) on Kendo's screen, or the first legal card."""
    from tools import tour

    scr = sim.app.top
    it = scr.items[scr.cur] if scr.items else -1
    if it >= 0 and not scr.ok[it]:
        for i, x in enumerate(scr.items):
            if x >= 0 and scr.ok[x]:
                tour._go(sim, lambda: scr.cur, i, len(scr.items))
                break
    sim.press("A")


# -- the documentation screenshots (tools/shots.py) --------------------------


def kendo_start(size, path, seed, mode="Duel", seats=()):
    """Kendo Duel from the main menu: computer speed instant, the mode and
    seat rows as given, Start."""
    from tools.shots import Sim
    from tools.tour import menu_rows

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


# -- invariant checks (tools/invariants.py) ----------------------------------


def kendo_cards(s):
    """Every card of the state, sorted (hands, subdecks, discard, aside)."""
    piles = s.hands + s.decks + [s.discard] + [getattr(s, "aside", b"")]
    return sorted(c for b in piles for c in b)


def kendo_check(s):
    from engine.kendo.actions import COMPETITION

    if s.mode == COMPETITION:
        kendo_competition_check(s)
    else:
        kendo_duel_check(s)


def kendo_duel_check(s):
    from engine.kendo.actions import P_OVER
    from engine.kendo.cards import DECK_OF, N_CARDS

    cards = [c for b in s.hands + s.decks + [s.discard] for c in b]
    assert sorted(cards) == list(range(N_CARDS))  # the 52 cards are conserved
    for d in range(3):
        assert all(DECK_OF[c] == d for c in s.decks[d])
    for h in s.hands:
        assert len(h) >= 0 and list(h) == sorted(h)
    chain_cards = bytes(s.chain[1::2])
    assert bytes(s.discard[len(s.discard) - len(chain_cards):]) == chain_cards
    if s.is_over():
        assert s.phase == P_OVER and s.current_player == TERMINAL
        assert isinstance(s.winner(), tuple) and len(s.winner()) >= 1
        if len(s.winner()) == 1:
            assert not s.eliminated[s.winner()[0]]
    else:
        assert s.winner() is None
        assert not s.eliminated[s.current_player]
        assert s.legal_actions() == sorted(set(s.legal_actions()))
        assert s.legal_actions()


def kendo_competition_check(s):
    """Competition (digest C1-C10), as tests/test_kendo_competition.py checks."""
    from engine.kendo.actions import P_DISCARD, P_OPEN, P_OVER, P_SWITCH
    from engine.kendo.cards import DECK_OF, JIKAN

    n = 53 if s.phase != P_SWITCH else 52
    assert kendo_cards(s) == list(range(n))  # C1: the 52 cards + JIKAN DESU
    for d in range(3):
        assert all(DECK_OF[c] == d for c in s.decks[d])
    for h in s.hands:
        assert JIKAN not in h and list(h) == sorted(h)
    assert not any(s.eliminated)  # C10
    assert max(s.ippons) <= 2
    if s.is_over():
        assert s.phase == P_OVER and s.winner() and s.current_player == TERMINAL
    else:
        assert s.winner() is None
        legal = s.legal_actions()
        assert legal and legal == sorted(set(legal))
        if s.phase != P_DISCARD:
            assert max(len(h) for h in s.hands) <= 13
        if s.phase == P_OPEN:
            assert max(len(h) for h in s.hands) <= 12


# -- the terminal adapter (tools/play.py) ------------------------------------


class KendoAdapter:
    """Kendo Duel for the terminal player (engine/kendo): Duel for 2-4
    players, Competition for 2."""

    title = "Kendo Duel"

    def __init__(self):
        from engine.kendo import actions, cards

        self.A = actions
        self.C = cards

    # -- the game loop's needs ---------------------------------------------
    def seat_name(self, state, seat):
        return "Player %d" % (seat + 1)

    def describe(self, state, action):
        return state.describe_action(action)

    def public(self, state, seat, action):
        """The action as the other seats see it, if it is a secret: which
        card a switch gives back (the event line says which subdeck)."""
        if self.A.SWITCH <= action < self.A.SWITCH + 52:
            return "switch a card"
        return None

    def private(self, state, seat):
        """The view shows a secret: the seat's hand."""
        return True

    def intro(self, state, kinds):
        s = state
        mode = "Competition" if s.mode == self.A.COMPETITION else "Duel"
        out = ["%s (%s): %d players, %d cards each; Player %d switches first." % (
            self.title, mode, s.players, len(s.hands[0]), s.current_player + 1)]
        for v in range(s.players):
            out.append("  Player %d: %s" % (v + 1, kinds[v].capitalize()))
        return out

    def _sizes(self, s):
        return ", ".join("P%d %d" % (p + 1, len(s.hands[p])) for p in range(s.players))

    def event_lines(self, state, action):
        """Plain-English lines for the events of ``action``, just applied (the
        action itself is already on the log line); a line starting with "---"
        heads a new exchange."""
        C = self.C
        who = lambda v: "Player %d" % (v + 1)
        decks = ("a Basic", "a Counter", "an Other")
        effects = ("cancels the reinforcement", "reflects the reinforcement back", "blocks",
                   "counterattacks", "deflects: the initiative")
        incoming = ("the reinforcement", "the strike", "the alternative attack")
        out = []
        ev = state.events
        refilled = False
        for i, e in enumerate(ev):
            k = e[0]
            if k == "switch":
                out.append("%s switches %s card" % (who(e[1]), decks[e[2]]))
            elif k == "tie_switch":
                out.append("%s switches the lowest Basic card (tied totals)" % who(e[1]))
            elif k == "first":
                out.append("--- %s has the highest Basic total and attacks first ---" % who(e[1]))
            elif k == "play":
                if e[3] == 3:
                    out.append("%s: %s must answer a strike on %s" % (
                        effects[3], who(state.current_player), C.PART_NAMES[C.strike_part(e[2])]))
                else:
                    out.append(effects[e[3]])
            elif k == "fail":
                out.append("%s cannot answer %s" % (who(e[1]), incoming[e[2]]))
            elif k == "pull":
                if i + 1 < len(ev) and ev[i + 1][0] == "pull":
                    continue
                n = 1
                while i - n >= 0 and ev[i - n][0] == "pull":
                    n += 1
                out.append("%s pulls %d card%s from %s" % (who(e[1]), n, "s" if n > 1 else "", who(e[2])))
            elif k == "ippon":
                out.append("IPPON for %s%s: %d" % (
                    who(e[1]), " (the other's second hansoku)" if e[2] else "", state.ippons[e[1]]))
            elif k == "hansoku":
                out.append("HANSOKU for %s: %d" % (who(e[1]), state.hansoku[e[1]]))
            elif k == "refill":
                refilled = True
                if e[2]:
                    out.append("%s refills %d card%s" % (who(e[1]), e[2], "s" if e[2] > 1 else ""))
            elif k == "fresh_hand":
                out.append("%s has no cards: a fresh hand" % who(e[1]))
            elif k == "reshuffle":
                out.append("the %s discards are shuffled into a new subdeck" % ("Basic", "Counter", "Other")[e[1]])
            elif k == "jikan":
                out.append("JIKAN DESU is drawn (by %s): time!" % who(e[1]))
            elif k == "encho":
                out.append("ENCHO: the next ippon wins")
            elif k == "hantei":
                out.append("HANTEI: %s" % ("hikiwake (a draw)" if len(e[1]) > 1 else who(e[1][0]) + " wins"))
            elif k == "discard":
                refilled = True
                out.append("%s discards %s (over 12 cards)" % (who(e[1]), C.name(e[2])))
            elif k == "cannot_open":
                out.append("%s cannot attack: the initiative passes" % who(e[1]))
            elif k == "eliminated":
                out.append("%s is eliminated" % who(e[1]))
            elif k == "end":
                out.append("--- exchange over (cards: %s); %s attacks next ---" % (self._sizes(state), who(e[1])))
            elif k == "win":
                out.append("--- game over (cards: %s) ---" % self._sizes(state))
        if refilled and not state.is_over() and state.phase == self.A.P_OPEN:
            out.append("--- exchange over (ippon %s, hansoku %s%s); %s attacks next ---" % (
                "-".join(str(v) for v in state.ippons), "-".join(str(v) for v in state.hansoku),
                ", encho" if state.encho else "", who(state.current_player)))
        return out

    def result(self, state):
        s = state
        w = s.winner()
        why = self.A.END_NAMES[s.end_reason]
        if s.mode == self.A.COMPETITION and s.encho and s.end_reason == self.A.END_IPPON:
            why = "an ippon in encho"
        if len(w) == 1:
            out = ["Winner: Player %d (%s)." % (w[0] + 1, why)]
        else:
            out = ["Draw between %s (%s)." % (" and ".join("Player %d" % (p + 1) for p in w), why)]
        for v in range(s.players):
            extra = ""
            if s.mode == self.A.COMPETITION:
                extra = ", %d ippon, %d hansoku" % (s.ippons[v], s.hansoku[v])
            out.append("  Player %d: %d cards%s%s" % (
                v + 1, len(s.hands[v]), extra, ", eliminated" if s.eliminated[v] else ""))
        return out

    def view(self, state, seat):
        """What a human seat sees before deciding."""
        s = state
        A = self.A
        C = self.C
        out = ["", "== Player %d, your decision (%s) ==" % (seat + 1, A.PHASE_NAMES[s.phase])]
        out.append("Your hand: " + ", ".join(C.name(c) for c in s.hands[seat]))
        out.append("Cards in hand: %s; subdecks: Basic %d, Counter %d, Other %d" % (
            self._sizes(s), len(s.decks[0]), len(s.decks[1]), len(s.decks[2])))
        if s.mode == A.COMPETITION:
            out.append("Ippon: %s; hansoku: %s%s" % (
                "-".join(str(v) for v in s.ippons), "-".join(str(v) for v in s.hansoku),
                "; ENCHO" if s.encho else ""))
        if s.chain:
            out.append("This exchange: " + ", ".join(
                "P%d %s" % (s.chain[i] + 1, C.name(s.chain[i + 1])) for i in range(0, len(s.chain), 2)))
        if s.phase == A.P_REACT:
            what = ("the reinforcement", "a strike on " + C.PART_NAMES[s.part], "an alternative attack")[s.inc]
            out.append("You face %s from Player %d." % (what, s.striker + 1))
        return out


def game():
    info = _app_info('kendo')
    return Game(
        "kendo", "Kendo Duel", new, load, gid=info.id,
        # a Duel offers Easy and Normal: Hard plays a Duel as Normal does (issue 30; sanbon.menus)
        # and starts with the Rearm house rule (OPT_REARM 8) on, as the app's setup does
        modes=(Variant("kendo_duel", 0, (2, 4), ("kendo", "Kendo Duel, 2 players"), "duel", ("easy", "normal"),
                       8),
               Variant("kendo_competition", 1, (2, 2), ("competition", "Kendo Competition"), "competition")),
        options=range(16), levels=_levels(info), bot=bot, checker=checker,
        hidden=hidden, soak_deal=soak_deal,
        scenarios=("kendo_random", "kendo_bots", "kendo_app"), app_scenario="kendo_app",
        fixtures=("tests/golden/kendo_duel_seed7.txt", "tests/golden/kendo_competition_seed7.txt",
                  "tests/kendo_helpers.py"),
        menu=info.name,
        press_setups=(["Mode: Duel", "Players: 2"], ["Mode: Duel", "Players: 3"], ["Mode: Duel", "Players: 4"],
                      ["Mode: Competition"]),
        restore_setups=(
            (["Mode: Duel", "Players: 2"], ["P1: Computer (Normal)", "P2: Computer (Easy)"]),
            (["Mode: Duel", "Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)",
                                            "P3: Computer (Easy)"]),
            (["Mode: Duel", "Players: 4"], ["P1: Computer (Normal)", "P2: Computer (Normal)",
                                            "P3: Computer (Easy)", "P4: Computer (Easy)"]),
            (["Mode: Competition"], ["P1: Computer (Hard)", "P2: Computer (Normal)"]),
        ),
        tour=((walk_kendo, {"rows": ("Players: 3",)}), (walk_kendo, {"mode": "Competition"}),
              (walk_kendo, {"rows": ("P2: Human",), "seed": 7})),
        hooks={"play": KendoAdapter, "shots": kendo_shots},
    )
