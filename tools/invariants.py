"""Invariant checks of the game engines, shared by the tests
(tests/test_*_random.py, tests/test_soak.py, tests/test_conformance.py) and
the soak run (tools/soak.py), which reach them through the registry of games
(tools/games/: each game's ``checker()``).

Each check raises AssertionError when the state breaks a rule of its game:

- Kyudo: ``kyudo_snapshot(s)`` before an action, ``kyudo_check_step(s,
  before, winner_before, seen)`` after it (spectators never regained,
  circles, ticks and flags only grow, tokens conserved, the winner never
  changes, the legal actions sorted); ``kyudo_round_trip(s)`` saves and loads.
- Kendo Duel: ``kendo_check(s)`` (the 52 cards conserved; in Competition the
  52 and JIKAN DESU, with the aside pile; subdecks by category; sorted
  hands; the end).
- Okko: ``okko_check(s)`` (cards conserved across decks, hands, lines,
  discards and the box; the day within 1-20; exactly 3 Oni; legal actions).
- Pig: ``pig_check(s)``.

``check_for(game)`` returns a fresh per-action check of a game by its
registry key (tools/games/), Kyudo's included: call it on the dealt state
and after every action.
"""

from engine.core import TERMINAL

# -- Kyudo ---------------------------------------------------------------------


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


# -- Kendo Duel ----------------------------------------------------------------


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


# -- Okko ----------------------------------------------------------------------


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


# -- Pig -----------------------------------------------------------------------


def pig_check(s):
    P = len(s.scores)
    legal = s.legal_actions()
    if s.is_over():
        w = s.winner()
        assert legal == [] and w is not None and len(w) == 1
        assert s.scores[w[0]] >= s.target and s.turn_total == 0
        assert all(s.scores[p] < s.target for p in range(P) if p != w[0])
    else:
        assert s.winner() is None and 0 <= s.current_player < P
        assert all(v < s.target for v in s.scores)
        assert legal == ([0] if s.turn_total == 0 else [0, 1])
        assert s.turn_total == 0 or 2 <= s.last_roll <= 6


def check_for(game):
    """A fresh per-action check of ``game`` (a tools.games key): a function
    of the state, called on the dealt state and after every action (Kyudo's
    compares each state with the one before)."""
    from tools import games

    return games.get(game).checker()
