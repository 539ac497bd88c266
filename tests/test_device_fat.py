"""tools.device.fat: the CIRCUITPY image reads back with an independent FAT12 reader."""

import os
import struct

import pytest

from tools.device import fat


# ---- a small FAT12 reader, written from the FAT spec, not from fat.py ------
class Reader:
    def __init__(self, img):
        self.img = img
        (self.bps, self.spc, self.reserved, self.nfats, self.root_entries, self.total,
         self.media, self.spf) = struct.unpack_from("<HBHBHHBH", img, 11)
        self.root_off = (self.reserved + self.nfats * self.spf) * self.bps
        self.data_off = self.root_off + self.root_entries * 32
        self.csize = self.bps * self.spc

    def fat_entry(self, n):
        off = self.reserved * self.bps + n + n // 2
        v = self.img[off] | (self.img[off + 1] << 8)
        return v >> 4 if n & 1 else v & 0xFFF

    def chain(self, first):
        out, seen = [], set()
        c = first
        while 2 <= c < 0xFF8:
            assert c not in seen, "cluster loop"
            seen.add(c)
            out.append(c)
            c = self.fat_entry(c)
        return out

    def cluster_bytes(self, c):
        off = self.data_off + (c - 2) * self.csize
        return self.img[off:off + self.csize]

    def read_chain(self, first):
        return b"".join(self.cluster_bytes(c) for c in self.chain(first))

    def entries(self, raw):
        lfn = {}
        for i in range(0, len(raw), 32):
            e = raw[i:i + 32]
            if e[0] == 0:
                break
            if e[0] == 0xE5:
                lfn = {}
                continue
            attr = e[11]
            if attr == 0x0F:
                seq = e[0] & 0x1F
                units = e[1:11] + e[14:26] + e[28:32]
                lfn[seq] = units
                continue
            if attr & 0x08:
                lfn = {}
                continue
            short = e[0:8].decode().rstrip() + ("." + e[8:11].decode().rstrip() if e[8:11].strip() else "")
            if lfn:
                units = b"".join(lfn[k] for k in sorted(lfn))
                name = units.decode("utf-16-le").split("\x00")[0]
            else:
                name = short
            lfn = {}
            cluster, size = struct.unpack_from("<HL", e, 26)
            yield name, short, attr, cluster, size

    def walk(self, raw=None, prefix=""):
        if raw is None:
            raw = self.img[self.root_off:self.data_off]
        for name, short, attr, cluster, size in self.entries(raw):
            if name in (".", ".."):
                continue
            path = prefix + name
            if attr & 0x10:
                yield path + "/", None
                yield from self.walk(self.read_chain(cluster), path + "/")
            else:
                data = self.read_chain(cluster)[:size] if size else b""
                assert len(data) == size
                yield path, data


def lfn_checksums_ok(img):
    """Every LFN run carries the checksum of the short entry it precedes."""
    r = Reader(img)
    raw = img[r.root_off:r.data_off]
    pending = []
    for i in range(0, len(raw), 32):
        e = raw[i:i + 32]
        if e[0] == 0:
            break
        if e[11] == 0x0F:
            pending.append(e[13])
            continue
        s = 0
        for ch in e[0:11]:
            s = (((s & 1) << 7) + (s >> 1) + ch) & 0xFF
        if any(p != s for p in pending):
            return False
        pending = []
    return True


def make_tree(root):
    files = {
        "code.py": b"print('hello')\n",
        "boot_out.txt": b"",
        "README": b"x" * 1500,  # three clusters
        "lib/sanbon/kyudo_layout.mpy": bytes(range(256)) * 5,
        "lib/sanbon/kyudo_layouts.mpy": b"second long name with the same basis",
        "lib/sanbon/__init__.mpy": b"M\x06",
        "lib/adafruit_display_text/label.mpy": b"L" * 513,
        "boards/pico_display2.mpy": b"board",
        "UPPER.TXT": b"upper",
        "settings.toml": b"OLD = 1\n",
    }
    for rel, data in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    os.makedirs(root / "empty_dir")
    return files


def test_geometry():
    img = fat.make_image(None)
    assert len(img) == 1024 * 1024
    r = Reader(img)
    assert (r.bps, r.spc, r.reserved, r.nfats, r.root_entries, r.total, r.media, r.spf) == (
        512, 1, 1, 1, 512, 2048, 0xF8, 7)
    assert img[0:3] == b"\xeb\xfe\x90" and img[3:11] == b"MSDOS5.0"
    sec_per_track, heads, hidden, total32 = struct.unpack_from("<HHLL", img, 24)
    assert (sec_per_track, heads, hidden, total32) == (63, 255, 1, 0)
    assert img[36] == 0x80 and img[38] == 0x29
    assert img[54:62] == b"FAT     "
    assert img[510:512] == b"\x55\xaa"
    # FAT12: fewer than 4085 clusters
    clusters = (r.total - r.data_off // r.bps) // r.spc
    assert clusters < 4085
    assert r.fat_entry(0) == 0xFF8 and r.fat_entry(1) == 0xFFF
    # the root holds only the volume label
    assert img[r.root_off:r.root_off + 11] == b"CIRCUITPY  "
    assert list(r.walk()) == []


def test_tree_reads_back(tmp_path):
    files = make_tree(tmp_path)
    img = fat.make_image(str(tmp_path), 'SANBON_BOARD = "pico_display"\n')
    got = dict(Reader(img).walk())
    want = dict(files)
    want["settings.toml"] = b'SANBON_BOARD = "pico_display"\n'
    for d in ("lib/", "lib/sanbon/", "lib/adafruit_display_text/", "boards/", "empty_dir/"):
        assert got.pop(d) is None
    assert got == want
    assert lfn_checksums_ok(img)


def test_extra_root_files_and_read_root_file(tmp_path):
    make_tree(tmp_path)
    big = bytes(range(256)) * 5  # three clusters: the chain is followed
    img = fat.make_image(str(tmp_path), "", {"boot_out.txt": b"Adafruit CircuitPython\r\n", "BIG.BIN": big})
    assert dict(Reader(img).walk())["boot_out.txt"] == b"Adafruit CircuitPython\r\n"
    assert fat.read_root_file(img, "boot_out.txt") == b"Adafruit CircuitPython\r\n"
    assert fat.read_root_file(img, "big.bin") == big
    assert fat.read_root_file(img, "none.txt") is None
    assert fat.read_root_file(fat.make_image(None), "boot_out.txt") is None


def test_short_names_unique_and_83(tmp_path):
    make_tree(tmp_path)
    img = fat.make_image(str(tmp_path))
    r = Reader(img)
    lib = [e for e in r.entries(img[r.root_off:r.data_off]) if e[0] == "lib"][0]
    sanbon = [e for e in r.entries(r.read_chain(lib[3])) if e[0] == "sanbon"][0]
    shorts = [e[1] for e in r.entries(r.read_chain(sanbon[3]))]
    assert len(shorts) == len(set(shorts))
    for s in shorts:
        base, _, ext = s.partition(".")
        assert len(base) <= 8 and len(ext) <= 3 and s == s.upper()
    # settings.toml from the tree is kept when no text is given
    assert dict(r.walk())["settings.toml"] == b"OLD = 1\n"


def test_full_image_raises(tmp_path):
    (tmp_path / "big.bin").write_bytes(b"\0" * (1024 * 1024))
    with pytest.raises(fat.ImageFull):
        fat.make_image(str(tmp_path))
