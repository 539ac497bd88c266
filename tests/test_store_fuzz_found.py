"""What tools/soak.py's store run (d) found in the record log (sanbon.store).

1. Damage in a record with good records after it (a bit flip, a length
   changed) made load() stop there and drop every later record without a
   word: the game went back many moves, or vanished, and ``message`` stayed
   None although the damage can be told from a torn last record (records
   follow it). Now it says MSG_CORRUPT; a torn last append and stray bits
   in the erased bytes still read without a report.
2. An all-zero sector (the old two-slot store's reset wrote zeros) read as
   damaged ("Some saved data was lost.") on the first boot after the
   update; the old store read it as empty. Now it is a fresh store again.
"""

import pytest

from boards.desktop import FlashNvm, PowerCut
from sanbon.store import GAME, HEADER, JOURNAL, MSG_CORRUPT, SETTINGS, STATS, Store, _crc, _put_u32
from sanbon.store_load import load as load_store


def _log():
    """A sector with a rewrite and then appends: (bytes, [sections after each save], [record starts])."""
    nvm = FlashNvm()
    st = Store(nvm)
    load_store(st)
    lives, starts = [], []
    sections = {SETTINGS: b"\x05", STATS: b"\x00" * 8, GAME: b"\x01\x02\x03\x04\x00\x00"}
    for k in range(8):
        starts.append(st._end)
        sections[JOURNAL] = bytes(range(2 * k + 2))  # a move appended at each save
        assert st.save(dict(sections))
        lives.append({t: bytes(v) for t, v in sections.items() if v})
    starts[0] = 0
    return bytes(nvm), lives, starts


def _load(img):
    st = Store(FlashNvm(data=img))
    return load_store(st), st.message


def test_a_bit_flip_in_a_middle_record_is_reported():
    img, lives, starts = _log()
    for k in (2, 4, 6):  # records 3, 5 and 7 of 9 (the rewrite wrote two)
        bad = bytearray(img)
        bad[starts[k] + HEADER + 1] ^= 0x10
        got, message = _load(bytes(bad))
        assert got == lives[k - 1] and message == MSG_CORRUPT, k


@pytest.mark.parametrize("size", [0, 4, 6, 300, 0x7FFF, 0xFFFF])  # its own is 5
def test_a_middle_record_with_a_changed_length_is_reported(size):
    img, lives, starts = _log()
    bad = bytearray(img)
    pos = starts[3]
    bad[pos + 1], bad[pos + 2] = size >> 8, size & 0xFF
    got, message = _load(bytes(bad))
    assert got == lives[2] and message == MSG_CORRUPT


def test_a_middle_record_with_a_bad_seq_re_signed_is_reported():
    img, lives, starts = _log()
    bad = bytearray(img)
    pos = starts[4]
    size = starts[5] - pos - HEADER - 4
    _put_u32(bad, pos + 3, 1000)
    _put_u32(bad, pos + HEADER + size, _crc(bytes(bad[pos:pos + HEADER + size])))
    got, message = _load(bytes(bad))
    assert got == lives[3] and message == MSG_CORRUPT


def test_a_power_cut_in_an_append_is_still_silent():
    img, lives, starts = _log()
    last = dict(lives[-1])
    last[JOURNAL] += b"\x00\x07"
    for step in range(2):
        for part in (0.0, 0.001, 0.01, 0.03, 0.1, 0.5, 0.99):
            nvm = FlashNvm(data=img)
            st = Store(nvm)
            load_store(st)
            nvm.cut(step, part, seed=int(part * 1000) + step)
            try:
                st.save(last)
            except PowerCut:
                pass
            got, message = _load(bytes(nvm))
            assert message is None and got in (lives[-1], last), (step, part)


def test_stray_bits_in_the_erased_bytes_lose_nothing():
    img, lives, starts = _log()
    for i in (starts[-1] + 200, 3000, 4095):
        bad = bytearray(img)
        bad[i] ^= 0x04
        got, message = _load(bytes(bad))
        assert got == lives[-1] and message is None, i


def test_an_all_zero_sector_is_a_fresh_store():
    nvm = FlashNvm(data=bytes(4096))
    st = Store(nvm)
    assert load_store(st) == {} and st.message is None
    assert st.save({SETTINGS: b"\x07"})
    assert nvm.erases == 1  # the zeros are erased before the first record
    assert _load(bytes(nvm)) == ({SETTINGS: b"\x07"}, None)
