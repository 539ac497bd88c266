"""Kyudo on the host: its registry entry (``game()``), its engine's constructor,
computer archers, invariant checks and hidden information, and the screen
tour's walks with the presses that play a human seat."""

import os
import tempfile

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
    from tools import invariants as inv

    seen = set()
    last = []

    def check(s):
        if last:
            inv.kyudo_check_step(s, last[0], last[1], seen)
        last[:] = [inv.kyudo_snapshot(s), s.winner()]

    return check


def end_check(s):
    assert s.round <= 60


def round_trip(s):
    from tools import invariants as inv

    return inv.kyudo_round_trip(s)


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
    from tools.shots import kyudo_press

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
        hooks={"play": "tools.play:KyudoAdapter", "shots": "tools.shots:kyudo_shots",
               "presses": presses},
    )
