"""Pig, the demo game (engine/example.py), on the host: its registry entry
(``game()``), constructor, computer players and hidden information. It has
no walks of its own: the shell's walk plays it from About (tools/tour.py)."""

from engine.rng import Rng
from tools.games import Game, _app_info, _copy, _levels, _other_rng



def new(rng, players=2, mode=0, options=0):
    from engine.example import PigState

    return PigState(rng, players=players, target=30)  # the app's target (sanbon.pig.TARGET)


def load(data):
    from engine.example import PigState

    return PigState.from_bytes(data)


def bot(level, seat, rng):
    """The app's Pig players (sanbon.pig.bot_action): Easy holds at 8 (or
    rolls on a whim), Normal holds at 15."""
    from engine.example import HOLD, O_TURN_TOTAL, hold_at_bot

    def act(s):
        obs = s.observation(seat)
        if level == 1:
            if obs[O_TURN_TOTAL] and rng.randrange(4) == 0:
                return HOLD
            return hold_at_bot(obs, 8)
        return hold_at_bot(obs, 15)

    return act


def checker():
    return pig_check


def hidden(s, seat, rng):
    """Pig hides only the rolls to come: the RNG."""
    t = _copy(s, load)
    _other_rng(t, rng)
    return t


def soak_deal(seed, mode=0):
    from engine.example import PigState, hold_at_bot

    players = 2 + seed % 3
    s = PigState(Rng(seed), players, target=20 + seed % 81)
    th = [8 + (seed + 5 * i) % 13 for i in range(players)]
    return s, [(lambda st, i=i: hold_at_bot(st.observation(i), th[i])) for i in range(players)]


# -- invariant checks (tools/invariants.py) ----------------------------------


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


# -- the terminal adapter (tools/play.py) ------------------------------------


class PigAdapter:
    """Pig, the demo game (engine/example.py), to the app's target."""

    title = "Pig"

    def seat_name(self, state, seat):
        return "Player %d" % (seat + 1)

    def describe(self, state, action):
        return state.action_to_string(action)

    def intro(self, state, kinds):
        out = ["%s (to %d): %d players." % (self.title, state.target, len(state.scores))]
        for v in range(len(state.scores)):
            out.append("  Player %d: %s" % (v + 1, kinds[v].capitalize()))
        return out

    def event_lines(self, state, action):
        if action == 1:  # HOLD
            return ["scores: " + ", ".join("P%d %d" % (p + 1, v) for p, v in enumerate(state.scores))]
        if state.last_roll == 1:
            return ["rolls a 1: the turn's points are lost"]
        return ["rolls a %d (turn total %d)" % (state.last_roll, state.turn_total)]

    def result(self, state):
        w = state.winner()[0]
        out = ["Winner: Player %d (%d points)." % (w + 1, state.scores[w])]
        for v, sc in enumerate(state.scores):
            out.append("  Player %d: %d points" % (v + 1, sc))
        return out

    def view(self, state, seat):
        return ["", "== Player %d, your decision ==" % (seat + 1),
                "Scores: %s; this turn: %d (target %d)" % (
                    ", ".join("P%d %d" % (p + 1, v) for p, v in enumerate(state.scores)), state.turn_total,
                    state.target)]


def game():
    info = _app_info('pig')
    return Game(
        "pig", "Pig", new, load, gid=info.id,
        levels=_levels(info), bot=bot, checker=checker, hidden=hidden, soak_deal=soak_deal,
        scenarios=("example_pig", "shell_boot", "build_boot"),
        menu="Pig",  # reached through About (soak's _to_setup)
        press_setups=(["Players: 2"], ["Players: 4"]),
        restore_setups=((["Players: 3"], ["P1: Computer (Easy)", "P2: Computer (Normal)",
                                          "P3: Computer (Easy)"]),),
        hooks={"play": PigAdapter}
    )
