"""The NVM save store: a log of records in one flash sector that writes as the
RP2040 does (boards.desktop.FlashNvm): appends without erases, a rewrite only
when full, torn records skipped, damage reported, the old layout migrated."""

import pytest

from boards.desktop import ERASE_MS, PAGE, PAGE_MS, FlashNvm, PowerCut
from engine.rng import Rng
from sanbon import store as S
from sanbon.store_load import load as load_store
from sanbon.store import (GAME, JOURNAL, MSG_CORRUPT, SETTINGS, STATS, Store, _crc, _put_u32, decode_sections,
                          encode_sections)


def fresh(fill=0xFF):
    return FlashNvm(data=bytes([fill]) * 4096)


def opened(nvm):
    s = Store(nvm)
    load_store(s)
    return s


# -- the chip ---------------------------------------------------------------------


def test_the_fake_flash_erases_unless_every_target_byte_is_blank():
    nvm = fresh()
    nvm[0:10] = b"a" * 10  # blank target: one page programmed, no erase
    assert (nvm.erases, nvm.pages) == (0, 1)
    nvm[250:260] = b"b" * 10  # blank, across a page boundary: two pages
    assert (nvm.erases, nvm.pages) == (0, 3)
    nvm[5:6] = b"c"  # not blank: the sector is erased and all 16 pages programmed
    assert (nvm.erases, nvm.pages) == (1, 19)
    assert bytes(nvm[0:10]) == b"aaaaacaaaa" and bytes(nvm[250:260]) == b"b" * 10  # the rest kept
    assert nvm.busy_ms == pytest.approx(ERASE_MS + 19 * PAGE_MS)
    assert nvm.step_kinds(5, b"x") == ["erase"] + ["page"] * 16
    assert nvm.step_kinds(100, b"x") == ["page"]
    assert nvm.step_kinds(500, b"x" * 300) == ["page"] * 3  # bytes 500-799: pages 1-3


def test_a_program_only_clears_bits():
    nvm = fresh()
    nvm[0:1] = b"\x0f"
    bytearray.__setitem__(nvm, 1, 0xF0)
    nvm.cut(None)
    # a program of a blank byte next to a non-blank one: the page is reprogrammed as old & new
    nvm[2:3] = b"\x55"
    assert bytes(nvm[0:3]) == b"\x0f\xf0\x55"


def test_power_cuts_leave_what_the_chip_would():
    old = bytes(Rng(1).randrange(256) for _ in range(4096))
    # in a page program, half-way: the first half programmed, the rest blank
    nvm = fresh()
    nvm.cut(0, 0.5)
    with pytest.raises(PowerCut):
        nvm[0:256] = b"\x00" * 256
    assert bytes(nvm[0:128]) == bytes(128) and bytes(nvm[129:256]) == b"\xff" * 127
    # in an erase, part-way: the start erased, the rest as it was
    nvm = FlashNvm(data=old)
    nvm.cut(0, 0.25)
    with pytest.raises(PowerCut):
        nvm[0:4] = b"abcd"
    assert bytes(nvm[0:2048]) == b"\xff" * 2048 and bytes(nvm[2048:]) == old[2048:]
    # in an erase, late: random bits (only ever set, as an erase does)
    nvm = FlashNvm(data=old)
    nvm.cut(0, 0.75)
    with pytest.raises(PowerCut):
        nvm[0:4] = b"abcd"
    assert all(a | b == a for a, b in zip(bytes(nvm), old)) and bytes(nvm) != old
    # after the erase, in the program of page 3: pages 0-2 new, the rest blank
    nvm = FlashNvm(data=old)
    nvm.cut(4, 0.0)
    with pytest.raises(PowerCut):
        nvm[0:4096] = b"z" * 4096
    assert bytes(nvm[0:3 * PAGE]) == b"z" * 3 * PAGE and bytes(nvm[3 * PAGE + 1:]) == b"\xff" * (4095 - 3 * PAGE)
    assert nvm[3 * PAGE] | ord("z") == nvm[3 * PAGE]  # the byte being programmed: some bits cleared at most


# -- the log ----------------------------------------------------------------------


def test_an_empty_sector_loads_nothing_without_complaint():
    for fill in (0xFF, 0x00):  # blank, or the old layout's reset (zeros)
        s = Store(fresh(fill))
        assert load_store(s) == {} and s.message is None


def test_round_trip_and_reboot():
    nvm = fresh()
    s = opened(nvm)
    assert s.save({SETTINGS: b"\x05\x01", STATS: b"stats", GAME: b"\x01game"})
    again = Store(nvm)  # a reboot
    assert load_store(again) == {SETTINGS: b"\x05\x01", STATS: b"stats", GAME: b"\x01game"}
    assert again.message is None


def test_saves_append_without_erasing_and_only_what_changed():
    nvm = fresh()
    s = opened(nvm)
    s.save({SETTINGS: b"\x01", STATS: bytes(64), GAME: b"\x03" + bytes(250), JOURNAL: b"\x00\x01"})
    erases, end = nvm.erases, s._end
    for i in range(2, 30):
        journal = bytes(range(2 * i))
        assert s.save({SETTINGS: b"\x01", STATS: bytes(64), GAME: b"\x03" + bytes(250), JOURNAL: journal})
        assert load_store(Store(nvm))[JOURNAL] == journal
    assert nvm.erases == erases, "appends must not erase the sector"
    # each turn end wrote its two new bytes and the record's 14 bytes of overhead, not the game
    assert s._end - end == 28 * (S.HEADER + 4 + 3 + 2)


def test_identical_sections_are_never_rewritten():
    nvm = fresh()
    s = opened(nvm)
    assert s.save({SETTINGS: b"a"}) is True
    assert s.save({SETTINGS: b"a"}) is False
    assert s.writes == 1
    t = opened(nvm)  # also across a reboot
    assert t.save({SETTINGS: b"a"}) is False and t.writes == 0


def test_a_section_left_out_is_deleted():
    nvm = fresh()
    s = opened(nvm)
    s.save({SETTINGS: b"a", GAME: b"g" * 40, JOURNAL: b"jj"})
    s.save({SETTINGS: b"a"})
    assert load_store(Store(nvm)) == {SETTINGS: b"a"}


def test_a_full_sector_is_rewritten_once_with_the_live_sections():
    nvm = fresh()
    s = opened(nvm)
    n = 0
    while nvm.erases == 0:
        n += 1
        s.save({SETTINGS: bytes([n & 0xFF]), GAME: b"G" * 300, JOURNAL: bytes(2 * n)})
    assert n > 100  # about 4 KB of 30-odd-byte records
    assert nvm.erases == 1 and s.cycles == 1  # the first save on the blank sector was a rewrite without an erase
    r = Store(nvm)
    assert load_store(r) == {SETTINGS: bytes([n & 0xFF]), GAME: b"G" * 300, JOURNAL: bytes(2 * n)} and r.message is None
    assert r.cycles == 1  # what the About screen shows
    assert 4096 - s._end > 4096 - 300 - 2 * n - 64


def test_room_asks_for_a_rewrite_only_when_it_is_short():
    nvm = fresh()
    s = opened(nvm)
    s.save({SETTINGS: b"a"})
    s.save({SETTINGS: b"b"}, room=1000)
    assert nvm.erases == 0
    i = 0
    while 4096 - s._end >= 1000:
        i += 1
        s.save({SETTINGS: b"c", STATS: bytes([i]) * 20})
    assert nvm.erases == 0
    s.save({SETTINGS: b"d", STATS: b"x" * 20}, room=1000)
    assert nvm.erases == 1 and 4096 - s._end > 3900


@pytest.mark.parametrize("part", [0.0, 0.3, 0.5, 0.9])
def test_an_append_cut_at_every_step_keeps_the_save_before_or_the_new_one(part):
    old = {SETTINGS: b"\x01\x02", GAME: bytes(range(200)), JOURNAL: b"\x00\x05"}
    new = {SETTINGS: b"\x01\x03", GAME: bytes(range(200)), JOURNAL: b"\x00\x05\x01\x07"}
    nvm = fresh()
    s = opened(nvm)
    for i in range(7):  # records that end at different places in their pages
        s.save({SETTINGS: bytes([i]), GAME: bytes(range(200)), JOURNAL: b"\x00\x05"})
        s.save(old)
        image = bytes(nvm)
        steps = FlashNvm(data=image).step_kinds(s._end, b"x" * 40)
        assert "erase" not in steps
        for step in range(len(steps)):
            cut = FlashNvm(data=image)
            t = opened(cut)
            cut.cut(step, part, seed=i)
            with pytest.raises(PowerCut):
                t.save(new)
            r = Store(cut)
            got = load_store(r)
            assert got in (old, new) and r.message is None
            # and the next save after the reboot works
            assert r.save({SETTINGS: b"\x07"})
            assert load_store(Store(cut)) == {SETTINGS: b"\x07"}


def test_a_rewrite_cut_anywhere_is_blank_or_reported_never_wrong():
    old = {SETTINGS: b"\x01", STATS: b"s" * 64, GAME: b"g" * 300, JOURNAL: b"j" * 200}
    new = {SETTINGS: b"\x02", STATS: b"t" * 64, GAME: b"h" * 300, JOURNAL: b"k" * 200}
    nvm = fresh()
    s = opened(nvm)
    s.save(old)
    image = bytes(nvm)
    seen = set()
    for step in range(17):
        for part in (0.0, 0.1, 0.45, 0.55, 0.99):
            cut = FlashNvm(data=image)
            t = opened(cut)
            cut.cut(step, part, seed=step)
            with pytest.raises(PowerCut):
                t.save(new, room=4096)  # a rewrite
            r = Store(cut)
            got = load_store(r)
            if got in (old, new):
                seen.add("kept")
                continue
            for tag, data in got.items():
                assert data in (old[tag], new[tag]), "a section that was never saved"
            if not got and bytes(cut) == b"\xff" * 4096:
                seen.add("blank")  # looks like a new board: the one loss that cannot be told
            else:
                assert r.message == MSG_CORRUPT
                seen.add("reported")
    assert seen >= {"blank", "reported", "kept"}


def test_random_bit_flips_never_pass_for_data():
    rng = Rng(2024)
    good = {SETTINGS: b"\x01\x02\x03", GAME: bytes(range(120))}
    nvm = fresh()
    opened(nvm).save(good)
    image = bytes(nvm)
    length = S.HEADER + 4 + len(encode_sections(good)) + 9  # the record with HEAD
    for _ in range(2000):
        damaged = FlashNvm(data=image)
        for _ in range(1 + rng.randrange(3)):
            i = rng.randrange(length)
            bytearray.__setitem__(damaged, i, damaged[i] ^ (1 << rng.randrange(8)))
        if bytes(damaged) == image:
            continue
        r = Store(damaged)
        got = load_store(r)
        assert r.message == MSG_CORRUPT  # the sector's first rewrite wrote two records: a loss is seen
        assert all(good[t] == d for t, d in got.items())  # and what is left is what was saved


def test_random_garbage_never_crashes_and_the_store_recovers():
    rng = Rng(7)
    for _ in range(200):
        junk = FlashNvm(data=bytes(rng.randrange(256) for _ in range(4096)))
        r = Store(junk)
        assert load_store(r) == {} and r.message == MSG_CORRUPT
        assert r.save({SETTINGS: b"\x01"})  # and the store is usable again: one rewrite
        assert junk.erases == 1
        assert load_store(Store(junk)) == {SETTINGS: b"\x01"}


def test_a_later_format_is_reported_not_read():
    nvm = fresh()
    opened(nvm).save({SETTINGS: b"\x01"})
    data = bytearray(nvm)
    # HEAD's format byte: FORMAT 3 from some later build, the CRC made good
    size = (data[1] << 8) | data[2]
    payload = decode_sections(bytes(data[S.HEADER:S.HEADER + size]))
    payload[S.HEAD] = bytes((3,)) + payload[S.HEAD][1:]
    body = encode_sections(payload)
    rec = bytearray(data[0:S.HEADER]) + body + bytes(4)
    _put_u32(rec, S.HEADER + len(body), _crc(bytes(rec[:S.HEADER + len(body)])))
    r = Store(FlashNvm(data=bytes(rec) + b"\xff" * (4096 - len(rec))))
    assert load_store(r) == {} and r.message == MSG_CORRUPT


def test_an_oversized_save_is_refused_before_writing():
    nvm = fresh()
    s = opened(nvm)
    with pytest.raises(ValueError):
        s.save({GAME: bytes(4090)})
    assert s.writes == 0 and bytes(nvm) == b"\xff" * 4096


def test_sections_codec_rejects_truncation_and_repeats():
    data = encode_sections({1: b"abc", 3: b""})
    assert decode_sections(data) == {1: b"abc", 3: b""}
    with pytest.raises(ValueError):
        decode_sections(data[:-1])
    with pytest.raises(ValueError):
        decode_sections(b"\x01\x00")
    with pytest.raises(ValueError):
        decode_sections(b"\x01\x00\x01a\x01\x00\x01b")  # a tag twice


# -- the old two-slot layout (FORMAT 1) ----------------------------------------------


def old_layout(sections, seq=5, slot=0, other=None):
    """A sector as the two-slot store wrote it: b"SB", 1, game id, seq, length,
    2 reserved, CRC32 of bytes 0-11 and the payload, the payload."""
    img = bytearray(b"\xff" * 4096)
    for base, secs, q in ((slot * 2048, sections, seq), ((1 - slot) * 2048, other, seq - 1)):
        if secs is None:
            continue
        payload = bytes(encode_sections(secs))
        head = bytearray(16)
        head[0:3] = b"SB\x01"
        head[3] = secs[GAME][0] if GAME in secs else 0xFF
        _put_u32(head, 4, q)
        head[8], head[9] = len(payload) >> 8, len(payload) & 0xFF
        _put_u32(head, 12, _crc(bytes(head[0:12]), payload))
        img[base:base + 16 + len(payload)] = bytes(head) + payload
    return img


def test_the_old_layout_is_migrated_on_the_first_boot_without_loss():
    game = b"\x01" + bytes(range(60))
    record = b"\x00\x00\x30\x39" + bytes(range(40))  # the seed 12345 and 20 actions
    older = {SETTINGS: b"\x00", STATS: b"old"}
    nvm = FlashNvm(data=old_layout({SETTINGS: b"\x02\x01", STATS: b"st" * 32, GAME: game, S.LOG: record}, 9, 1, older))
    s = Store(nvm)
    got = load_store(s)
    assert s.message is None
    assert got[SETTINGS] == b"\x02\x01" and got[STATS] == b"st" * 32
    # the game: the same snapshot, now saying that its 20 actions are in it; the record kept
    assert got[GAME] == game + b"\x00\x28" and got[S.LOG] == record[:4] and got[JOURNAL] == record[4:]
    assert nvm.erases == 1 and nvm[0] == S.MAGIC  # rewritten in the new layout, once
    again = Store(nvm)
    assert load_store(again) == got and again.message is None
    assert nvm.erases == 1


def test_a_migrated_game_continues_as_it_was(tmp_path):
    """A Kyudo game saved by the two-slot store boots and continues in the new one."""
    from sim_helpers import Sim, choose

    from sanbon import games

    sim = Sim("pico_display", seed=4, render=False)
    app = sim.app
    app.settings.speed = 2
    app.start_game(games.KYUDO, games.Config(games.KYUDO, 2, 0, [2, 2, 2, 2]))
    for _ in range(300):
        sim.step()
    s = app.session
    want = s.to_bytes()
    old = {SETTINGS: app.settings.to_bytes(), STATS: app.stats.to_bytes(), GAME: want, S.LOG: s.log_section()}
    path = tmp_path / "nvm"
    path.write_bytes(bytes(old_layout(old)))
    again = Sim("pico_display", seed=9, nvm_path=str(path), render=False)
    assert "Continue: Kyudo" in again.visible_text()
    choose(again, "Continue: Kyudo")
    assert again.app.session.to_bytes() == want
    assert again.app.session.log_section() == s.log_section()  # the record came along
    assert again.board.nvm.erases == 1 and again.board.nvm[0] == S.MAGIC


def test_the_reader_reads_the_store_s_record_layout_and_the_store_does_not_import_it():
    """One home for the record layout (sanbon.store), and no import circle:
    the reader imports the store, never the other way round."""
    import ast
    import inspect

    from sanbon import store_load

    assert (store_load.MAGIC, store_load.ADD, store_load.HEAD) == (S.MAGIC, S.ADD, S.HEAD) == (0xA5, 0x80, 7)
    tree = ast.parse(inspect.getsource(store_load))
    assert not [n for n in tree.body if isinstance(n, ast.Assign)]  # no constants of its own
    imported = {n.module for n in ast.walk(ast.parse(inspect.getsource(S))) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"sanbon.store_load", "sanbon.store_v1"}
