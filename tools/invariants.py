"""Invariant checks of the game engines, shared by the tests
(tests/test_*_random.py, tests/test_soak.py, tests/test_conformance.py) and
the soak run (tools/soak.py), which reach them through the registry of games
(tools/games/: each game's ``checker()``). Each game's checks live in its
registry module (tools/games/<game>.py); this module finds them by name.

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

def check_for(game):
    """A fresh per-action check of ``game`` (a tools.games key): a function
    of the state, called on the dealt state and after every action (Kyudo's
    compares each state with the one before)."""
    from tools import games

    return games.get(game).checker()


def __getattr__(name):
    """A game's invariant checks now live in its registry module (tools/games/<game>.py):
    ``from tools.invariants import okko_check`` still works."""
    from tools import games as _games

    for game in _games.GAMES:
        if game.module is not None and hasattr(game.module, name):
            return getattr(game.module, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
