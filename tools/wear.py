"""NVM wear: how many store writes a full game costs, through the real app.

``measure(games=20)`` plays seeded all-computer games of each built game in
the headless simulator (instant computer speed) and counts the NVM writes
from Start to the end screen. ``python -m tools.wear`` prints the figures;
``make bench`` puts them in docs/BENCHMARKS.md.
"""

import sys
import tempfile

from tools.sim import Sim

SECTOR_ERASES = 100000  # the RP2040 flash sector's rated erase cycles


def one_game(info, players, seed, tmp):
    from sanbon import games
    from sanbon.profile import SEAT_TYPES

    sim = Sim("pico_display", seed=seed, nvm_path=None, render=False)
    app = sim.app
    app.settings.speed = 2  # instant
    level = info.levels[(len(info.levels) - 1) // 2]
    config = games.Config(info, players, 0, [level] * info.max_players)
    nvm = sim.board.nvm
    before, identical = nvm.writes, nvm.identical
    size = 0
    app.start_game(info, config)
    for _ in range(3):  # the "Loading" frame is drawn, then the game loads
        if app.session is not None:
            break
        sim.step()
    if app.session is None:
        return None
    idle = 0
    last = None
    while not app.session.state.is_over():
        sim.step()
        if app.store._payload is not None:
            size = max(size, len(app.store._payload) + 16)
        now = app.session.state.to_bytes()
        idle = idle + 1 if now == last else 0
        last = now
        if idle >= 50:  # a screen waits for a person (e.g. Okko's new-board notice): press A
            sim.press("A")
            idle = 0
    sim.wait(200)
    return nvm.writes - before, nvm.identical - identical, size, SEAT_TYPES[level]


def measure(games=20):
    from sanbon import games as registry
    from sanbon.session import load_module

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for info in registry.ALL:
            if load_module(info) is None:
                continue
            results = [one_game(info, info.min_players, 1000 + g, tmp) for g in range(games)]
            writes = [r[0] for r in results]
            rows.append({
                "game": info.name,
                "players": info.min_players,
                "level": results[0][3],
                "games": games,
                "mean": sum(writes) / len(writes),
                "max": max(writes),
                "identical": sum(r[1] for r in results),
                "record": max(r[2] for r in results),
                "per_sector": SECTOR_ERASES // max(writes),
            })
    return rows


def main():
    for r in measure():
        print("%(game)s, %(players)d x %(level)s: %(mean).1f writes a game (max %(max)d), "
              "record %(record)d bytes, %(identical)d identical rewrites, "
              "%(per_sector)d full games per sector" % r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
