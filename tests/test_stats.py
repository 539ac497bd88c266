"""The statistics' bytes (lib/sanbon/profile.py Stats): format 2 with a
version, format 1 (64 bytes, no header) migrated with every figure, and a
game id beyond today's getting a row while the others keep theirs."""

from sim_helpers import Sim

from sanbon import games
from sanbon.profile import SEAT_TYPES, STATS_FORMAT, Stats

EASY, NORMAL, HARD = 1, 2, 3
FOURTH = 5  # a stand-in game's id: the ids 1-4 are Kyudo, Kendo Duel, Okko and Pig


def format1(figures):
    """Format 1's bytes: {(game id 1-4, seat type): (played, won)}."""
    out = bytearray(64)
    for (g, t), (p, w) in figures.items():
        i = ((g - 1) * 4 + t) * 4
        out[i:i + 4] = bytes((p >> 8, p & 0xFF, w >> 8, w & 0xFF))
    return bytes(out)


OLD = {(1, 0): (300, 120), (1, 3): (600, 2), (2, 0): (7, 7), (2, 2): (65535, 1000), (3, 0): (12, 5),
       (4, 1): (1, 0)}


def figures(st, ids=(1, 2, 3, 4, FOURTH)):
    return {(g, t): (st.played(g, t), st.won(g, t)) for g in ids for t in range(len(SEAT_TYPES))
            if st.played(g, t) or st.won(g, t)}


def test_format_1_loads_with_every_figure_and_is_written_as_format_2():
    st, fixed = Stats.from_bytes(format1(OLD))
    assert not fixed and figures(st) == OLD
    assert st.total(1) == 900 and st.total(2) == 65542 and st.total(4) == 1 and st.total(FOURTH) == 0
    data = st.to_bytes()
    assert data[:2] == bytes((STATS_FORMAT, len(SEAT_TYPES))) and len(data) != 64
    assert len(data) == 2 + 4 * (1 + 16)  # a row per game with a figure
    again, fixed = Stats.from_bytes(data)
    assert not fixed and figures(again) == OLD and again.to_bytes() == data


def test_a_fourth_game_gets_a_row_and_the_others_keep_theirs():
    st, _ = Stats.from_bytes(format1(OLD))
    st.record(FOURTH, (0, HARD, EASY), (0,))
    st.record(FOURTH, (0, HARD), (1,))
    want = dict(OLD)
    want.update({(FOURTH, 0): (2, 1), (FOURTH, HARD): (2, 1), (FOURTH, EASY): (1, 0)})
    assert figures(st) == want
    again, fixed = Stats.from_bytes(st.to_bytes())
    assert not fixed and figures(again) == want
    # a build that knows more games keeps them all: every row is read back
    again.record(200, (0,), ())
    assert figures(Stats.from_bytes(again.to_bytes())[0], (1, 2, 3, 4, FOURTH, 200))[(200, 0)] == (1, 0)


def test_a_fresh_record_counts_and_saturates():
    st = Stats()
    assert st.to_bytes() == bytes((STATS_FORMAT, len(SEAT_TYPES))) and st.total(1) == 0
    st.record(2, (0, NORMAL), (0,))
    assert (st.played(2, 0), st.won(2, 0), st.played(2, NORMAL), st.won(2, NORMAL)) == (1, 1, 1, 0)
    st, _ = Stats.from_bytes(format1({(1, 0): (65535, 65535)}))
    st.record(1, (0,), (0,))
    assert st.played(1, 0) == 65535 and st.won(1, 0) == 65535


def test_bad_bytes_start_afresh_and_say_so():
    good = Stats()
    good.record(1, (0, EASY), (1,))
    data = good.to_bytes()
    assert Stats.from_bytes(None)[1] is False and Stats.from_bytes(b"")[1] is False
    for bad in (data[:-1], data + b"\x00", bytes((3,)) + data[1:], bytes((STATS_FORMAT, 0)), b"\x02", bytes(63)):
        st, fixed = Stats.from_bytes(bad)
        assert fixed and figures(st) == {}, bad
    # a row of no game (id 0) or a game's second row is dropped, the rest kept
    row = data[2:]
    st, fixed = Stats.from_bytes(data + row)
    assert fixed and figures(st) == figures(good)
    st, fixed = Stats.from_bytes(data[:2] + b"\x00" + row[1:] + row)
    assert fixed and figures(st) == figures(good)


def test_won_never_exceeds_played_and_more_seat_types_than_ours():
    st, fixed = Stats.from_bytes(format1({(3, 2): (4, 9)}))
    assert not fixed and (st.played(3, 2), st.won(3, 2)) == (4, 4)
    # a format-2 row with a fifth seat type: ours are kept, the unknown one is reported
    five = bytes((STATS_FORMAT, 5, 1)) + bytes((0, 3, 0, 1)) + bytes(12) + bytes((0, 2, 0, 2))
    st, fixed = Stats.from_bytes(five)
    assert fixed and figures(st) == {(1, 0): (3, 1)}
    st, fixed = Stats.from_bytes(bytes((STATS_FORMAT, 5, 1)) + bytes((0, 3, 0, 1)) + bytes(16))
    assert not fixed and figures(st) == {(1, 0): (3, 1)}


def test_the_app_migrates_old_statistics_and_shows_a_fourth_game(tmp_path, monkeypatch):
    """Boot on a store holding format-1 statistics: no note, every figure on
    the Statistics screen; a stand-in fourth game's finished game is
    recorded and saved beside them, and a reboot shows all of them."""
    from boards.desktop import FlashNvm
    from sanbon.store import STATS, Store
    from sanbon.store_load import load as load_store

    fourth = games.GameInfo(FOURTH, "fourth", "Fourth game", "Fourth", "sanbon.pig", (2, 4), ("Standard",), (1, 2),
                            "sanbon.howto_pig")
    monkeypatch.setattr(games, "ALL", games.ALL + (fourth,))
    nvm = FlashNvm()
    store = Store(nvm)
    load_store(store)
    store.save({STATS: format1(OLD)})
    path = tmp_path / "nvm"
    path.write_bytes(bytes(nvm))
    sim = Sim("pico_display2", seed=1, nvm_path=str(path))
    assert "invalid" not in " ".join(sim.visible_text())
    assert figures(sim.app.stats) == OLD
    sim.app.stats.record(FOURTH, (0, EASY), (0,))
    sim.app.save()
    load_store(sim.app.store)
    assert load_store(sim.app.store)[STATS][0] == STATS_FORMAT
    again = Sim("pico_display2", seed=1, nvm_path=str(path))
    want = dict(OLD)
    want.update({(FOURTH, 0): (1, 1), (FOURTH, EASY): (1, 0)})
    assert figures(again.app.stats) == want
    from sanbon.menus import StatsScreen

    lines = StatsScreen(again.app).all
    text = "\n".join(lines)
    assert "Human   played 300  won 120" in text and "Hard    played 600  won   2" in text
    assert "#Fourth game" in text and text.index("#Fourth game") > text.index("#Okko")


def test_the_statistics_name_seat_types_as_the_game_does(tmp_path):
    """Okko's computer partners are Steady (2) and Forgetful (3) in the
    setup, so the Statistics screen says so too; Kyudo's stay Normal, Hard."""
    from sanbon.menus import StatsScreen

    sim = Sim("pico_display", seed=1, nvm_path=str(tmp_path / "nvm"))
    st = sim.app.stats
    st.record(games.OKKO.id, (0, 2), (0, 1))  # a human and a Steady partner, won
    st.record(games.OKKO.id, (3, 3), ())  # two Forgetful partners, lost: two seats played
    st.record(games.KYUDO.id, (0, 3), (1,))
    text = "\n".join(StatsScreen(sim.app).all)
    okko = text[text.index("#Okko"):]
    # one column for the names: the longest is Forgetful
    assert "  Steady    played   1  won   1" in okko and "  Forgetful played   2  won   0" in okko
    assert "Normal" not in okko and "Hard" not in okko
    kyudo = text[text.index("#Kyudo"):text.index("#Kendo")]
    assert "Hard    played   1  won   1" in kyudo
