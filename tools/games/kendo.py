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
    piles into its hand past 12, then the discard down to 12 (as after a
    refill, engine/kendo/compete.py). The cards stay 53 in all."""
    from engine.kendo.compete import discard_next

    st = sim.app.session.state
    p = st.current_player
    hand = st.hands[p]
    while len(hand) < 12 + extra and any(st.decks):
        for d in st.decks:
            if d and len(hand) < 12 + extra and d[-1] != 52:
                hand.append(d[-1])
                d[:] = d[:-1]
    hand[:] = bytes(sorted(hand))
    st.events = [("refill", p, extra)]
    discard_next(st)
    sim.app.top.resume()


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
        hooks={"play": "tools.play:KendoAdapter", "shots": kendo_shots},
    )
