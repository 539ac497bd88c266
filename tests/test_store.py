"""The NVM save store: torn writes, bit flips, foreign data, no needless writes."""

import pytest

from engine.rng import Rng
from sanbon.store import GAME, MSG_CORRUPT, SETTINGS, STATS, Store, decode_sections, encode_sections


class TearingNvm(bytearray):
    """A 4 KB nvm whose next slice write stops after ``tear_at`` bytes.

    ``fill`` is what the unwritten rest of the slice holds: None keeps the old
    bytes, 0xFF models an erased-but-unprogrammed flash.
    """

    tear_at = None
    fill = None

    def __setitem__(self, key, value):
        if isinstance(key, slice) and self.tear_at is not None:
            start = key.start or 0
            k, self.tear_at = self.tear_at, None
            value = bytes(value)
            rest = value[k:] if self.fill is None else bytes([self.fill]) * (len(value) - k)
            old = bytes(self[start + k : start + len(value)]) if self.fill is None else rest
            bytearray.__setitem__(self, slice(start, start + k), value[:k])
            bytearray.__setitem__(self, slice(start + k, start + len(value)), old)
            return
        bytearray.__setitem__(self, key, value)


def fresh(fill=0xFF):
    return TearingNvm(bytes([fill]) * 4096)


def test_empty_store_loads_nothing_without_complaint():
    for fill in (0xFF, 0x00):
        s = Store(fresh(fill))
        assert s.load() == {} and s.message is None


def test_round_trip_and_reboot():
    nvm = fresh()
    s = Store(nvm)
    s.load()
    assert s.save({SETTINGS: b"\x05\x01", STATS: b"stats", GAME: b"\x01game"}, game_id=1)
    again = Store(nvm)  # a reboot
    assert again.load() == {SETTINGS: b"\x05\x01", STATS: b"stats", GAME: b"\x01game"}
    assert again.message is None


def test_identical_payload_is_never_rewritten():
    nvm = fresh()
    s = Store(nvm)
    s.load()
    assert s.save({SETTINGS: b"a"}) is True
    assert s.save({SETTINGS: b"a"}) is False
    assert s.writes == 1
    # also across a reboot
    t = Store(nvm)
    t.load()
    assert t.save({SETTINGS: b"a"}) is False and t.writes == 0


def test_slots_alternate_and_newest_wins():
    nvm = fresh()
    s = Store(nvm)
    s.load()
    for i in range(5):
        s.save({STATS: bytes([i])})
        assert Store(nvm).load() == {STATS: bytes([i])}
    assert s.writes == 5


@pytest.mark.parametrize("fill", [None, 0xFF, 0x00])
def test_a_save_torn_at_every_byte_keeps_the_previous_one(fill):
    old = {SETTINGS: b"\x01\x02", GAME: bytes(range(200))}
    new = {SETTINGS: b"\x01\x03", GAME: bytes(range(50, 250))}
    length = len(encode_sections(new)) + 16
    for k in range(length):
        nvm = fresh()
        s = Store(nvm)
        s.load()
        s.save({SETTINGS: b"\x00"})  # an older record in the other slot
        s.save(old)
        nvm.tear_at, nvm.fill = k, fill
        s.save(new)
        r = Store(nvm)
        got = r.load()
        assert got == old, "torn at byte %d" % k
        assert r.message is None
    # and the full write wins
    s.save({STATS: b"x"})
    assert Store(nvm).load() == {STATS: b"x"}


def test_random_bit_flips_are_rejected_cleanly():
    rng = Rng(2024)
    good = {SETTINGS: b"\x01\x02\x03", GAME: bytes(range(120))}
    nvm = fresh()
    s = Store(nvm)
    s.load()
    s.save(good)
    image = bytes(nvm)
    length = 16 + len(encode_sections(good))
    for _ in range(3000):
        damaged = TearingNvm(image)
        for _ in range(1 + rng.randrange(3)):
            i = rng.randrange(length)  # inside the only record
            damaged[i] ^= 1 << rng.randrange(8)
        r = Store(damaged)
        got = r.load()
        if bytes(damaged) == image:
            continue
        assert got == {}, "a damaged record was accepted"
        assert r.message == MSG_CORRUPT


def test_random_garbage_never_crashes():
    rng = Rng(7)
    for _ in range(500):
        junk = TearingNvm(bytes(rng.randrange(256) for _ in range(4096)))
        r = Store(junk)
        got = r.load()
        assert got == {} and r.message == MSG_CORRUPT
        assert r.save({SETTINGS: b"\x01"})  # and the store is usable again
        assert Store(junk).load() == {SETTINGS: b"\x01"}


def test_foreign_store_reports_and_survives_one_good_slot():
    nvm = fresh()
    s = Store(nvm)
    s.load()
    s.save({SETTINGS: b"\x09"})
    s.save({SETTINGS: b"\x0a"})
    nvm[0:16] = b"NOT OUR DATA !!!"  # slot 0 foreign, slot 1 good
    r = Store(nvm)
    assert r.load() == {SETTINGS: b"\x0a"}


def test_oversized_save_is_refused_before_writing():
    s = Store(fresh())
    s.load()
    with pytest.raises(ValueError):
        s.save({GAME: bytes(3000)})
    assert s.writes == 0


def test_sections_codec_rejects_truncation():
    data = encode_sections({1: b"abc", 3: b""})
    assert decode_sections(data) == {1: b"abc", 3: b""}
    with pytest.raises(ValueError):
        decode_sections(data[:-1])
    with pytest.raises(ValueError):
        decode_sections(b"\x01\x00")
