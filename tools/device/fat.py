"""The CIRCUITPY drive as a FAT12 image, in pure Python.

``make_image(src_dir, settings_toml_text=None) -> bytes`` lays out a 1 MiB
FAT12 volume with the geometry CircuitPython 10 gives the drive when it formats
it on a 2 MB Raspberry Pi Pico (no partition table, 512-byte sectors, one sector
per cluster, one FAT, 512 root entries), copies the tree of ``src_dir`` into it
(subfolders too) and, if given, writes ``settings.toml`` and any ``extra``
files ({name: bytes}) at the root. ``read_root_file(image, name)`` reads a
root file back (what the firmware wrote, such as ``boot_out.txt``).

Names that are not plain upper-case 8.3 names (``code.py``,
``kyudo_layout.mpy``) get VFAT long-name entries in front of a generated
short name (``KYUDO_~1.MPY``), as FatFs and every desktop OS write them.
The result is deterministic: every timestamp is the same fixed date.
"""

import os
import struct

# ---- the geometry (from the boot sector CircuitPython 10.2 writes) ---------
SECTOR = 512
SECTORS_PER_CLUSTER = 1
RESERVED_SECTORS = 1
NUM_FATS = 1
ROOT_ENTRIES = 512
TOTAL_SECTORS = 2048  # 1 MiB
MEDIA = 0xF8
SECTORS_PER_FAT = 7
SECTORS_PER_TRACK = 63
HEADS = 255
HIDDEN_SECTORS = 1
DRIVE_NUMBER = 0x80
BOOT_SIGNATURE = 0x29
VOLUME_ID = 0x680FA486
OEM = b"MSDOS5.0"
JUMP = b"\xeb\xfe\x90"
BPB_LABEL = b"NO NAME    "
FS_TYPE = b"FAT     "
VOLUME_LABEL = b"CIRCUITPY  "  # the root's volume-label entry

IMAGE_SIZE = TOTAL_SECTORS * SECTOR
CLUSTER_SIZE = SECTOR * SECTORS_PER_CLUSTER
FAT_START = RESERVED_SECTORS * SECTOR
ROOT_START = (RESERVED_SECTORS + NUM_FATS * SECTORS_PER_FAT) * SECTOR
DATA_START = ROOT_START + ROOT_ENTRIES * 32
CLUSTERS = (TOTAL_SECTORS - DATA_START // SECTOR) // SECTORS_PER_CLUSTER
EOC = 0xFFF

ATTR_READ_ONLY, ATTR_HIDDEN, ATTR_SYSTEM, ATTR_VOLUME = 0x01, 0x02, 0x04, 0x08
ATTR_DIR, ATTR_ARCHIVE, ATTR_LFN = 0x10, 0x20, 0x0F

# 2024-01-01 00:00:00, in FAT's packed date and time
FAT_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1
FAT_TIME = 0

SHORT_OK = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'()-@^_`{}~")


class ImageFull(Exception):
    pass


def boot_sector():
    b = bytearray(SECTOR)
    struct.pack_into(
        "<3s8sHBHBHHBHHHLL", b, 0, JUMP, OEM, SECTOR, SECTORS_PER_CLUSTER,
        RESERVED_SECTORS, NUM_FATS, ROOT_ENTRIES, TOTAL_SECTORS, MEDIA,
        SECTORS_PER_FAT, SECTORS_PER_TRACK, HEADS, HIDDEN_SECTORS, 0)
    struct.pack_into("<BBBL11s8s", b, 36, DRIVE_NUMBER, 0, BOOT_SIGNATURE,
                     VOLUME_ID, BPB_LABEL, FS_TYPE)
    b[510:512] = b"\x55\xaa"
    return bytes(b)


def _is_short(name):
    """True if name is stored as is as an 8.3 name (upper case, legal chars)."""
    if name in (".", ".."):
        return True
    base, dot, ext = name.partition(".")
    if not base or len(base) > 8 or len(ext) > 3 or "." in ext:
        return False
    raw = (base + ext).encode("ascii", "replace")
    return all(c in SHORT_OK for c in raw)


def _short_raw(name):
    base, _, ext = name.partition(".")
    return base.encode().ljust(8) + ext.encode().ljust(3)


def _basis(name):
    """The upper-case basis of a generated short name: (base, ext) bytes."""
    def clean(s):
        out = bytearray()
        for ch in s.upper().encode("ascii", "replace"):
            if ch in (0x20, 0x2E):
                continue
            out.append(ch if ch in SHORT_OK else ord("_"))
        return bytes(out)
    if "." in name.lstrip("."):
        stem, ext = name.rsplit(".", 1)
    else:
        stem, ext = name, ""
    return clean(stem) or b"_", clean(ext)[:3]


def _lfn_checksum(raw11):
    s = 0
    for c in raw11:
        s = (((s & 1) << 7) + (s >> 1) + c) & 0xFF
    return s


def _lfn_entries(name, checksum):
    units = list(name.encode("utf-16-le"))
    chars = [units[i] | (units[i + 1] << 8) for i in range(0, len(units), 2)]
    if len(chars) % 13:
        chars.append(0x0000)
        chars += [0xFFFF] * (-len(chars) % 13)
    parts = [chars[i:i + 13] for i in range(0, len(chars), 13)]
    out = []
    for seq, part in enumerate(parts, 1):
        e = bytearray(32)
        e[0] = seq | (0x40 if seq == len(parts) else 0)
        for i, c in enumerate(part):
            off = (1 + 2 * i) if i < 5 else (14 + 2 * (i - 5)) if i < 11 else (28 + 2 * (i - 11))
            struct.pack_into("<H", e, off, c)
        e[11] = ATTR_LFN
        e[13] = checksum
        out.append(bytes(e))
    return list(reversed(out))  # highest sequence first on disk


def _dirent(raw11, attr, cluster, size):
    return struct.pack("<11sBBBHHHHHHHL", raw11, attr, 0, 0, FAT_TIME, FAT_DATE,
                       FAT_DATE, 0, FAT_TIME, FAT_DATE, cluster, size)


class _Node:
    def __init__(self, name, path, is_dir, data=b""):
        self.name, self.path, self.is_dir, self.data = name, path, is_dir, data
        self.children = []
        self.cluster = 0
        self.entries = []  # the encoded 32-byte entries (dirs only)


def _names(children):
    """Give every child its on-disk entries: [LFN..., short] per name."""
    used = set()
    for ch in children:
        if _is_short(ch.name):
            used.add(_short_raw(ch.name))
    result = []
    for ch in children:
        if _is_short(ch.name):
            result.append((ch, _short_raw(ch.name), False))
            continue
        up = ch.name.upper()
        if _is_short(up) and _short_raw(up) not in used:
            raw = _short_raw(up)  # a lower-case 8.3 name keeps its letters
            used.add(raw)
            result.append((ch, raw, True))
            continue
        base, ext = _basis(ch.name)
        for n in range(1, 1000000):
            tail = b"~%d" % n
            raw = (base[:8 - len(tail)] + tail).ljust(8) + ext.ljust(3)
            if raw not in used:
                break
        used.add(raw)
        result.append((ch, raw, True))
    return result


def _tree(src_dir, settings_toml_text, extra=None):
    root = _Node("", src_dir, True)

    def walk(node):
        for name in sorted(os.listdir(node.path)):
            p = os.path.join(node.path, name)
            if os.path.isdir(p):
                child = _Node(name, p, True)
                walk(child)
            else:
                with open(p, "rb") as f:
                    child = _Node(name, p, False, f.read())
            node.children.append(child)

    if src_dir is not None:
        walk(root)
    if settings_toml_text is not None:
        root.children = [c for c in root.children if c.name.lower() != "settings.toml"]
        data = settings_toml_text.encode() if isinstance(settings_toml_text, str) else bytes(settings_toml_text)
        root.children.append(_Node("settings.toml", None, False, data))
    for name, data in sorted((extra or {}).items()):
        root.children = [c for c in root.children if c.name.lower() != name.lower()]
        root.children.append(_Node(name, None, False, bytes(data)))
    return root


def make_image(src_dir, settings_toml_text=None, extra=None):
    """A 1 MiB CIRCUITPY FAT12 image holding src_dir's tree (+ settings.toml
    and the ``extra`` root files)."""
    root = _tree(src_dir, settings_toml_text, extra)
    img = bytearray(IMAGE_SIZE)
    img[0:SECTOR] = boot_sector()
    fat = [0] * (CLUSTERS + 2)
    fat[0], fat[1] = 0xF00 | MEDIA, 0xFFF
    state = {"next": 2}

    def alloc(nbytes):
        n = max(1, -(-nbytes // CLUSTER_SIZE))
        first = state["next"]
        if first + n > CLUSTERS + 2:
            raise ImageFull(f"the tree does not fit in {IMAGE_SIZE} bytes")
        for c in range(first, first + n):
            fat[c] = c + 1
        fat[first + n - 1] = EOC
        state["next"] = first + n
        return first

    def write_at(cluster, data):
        off = DATA_START + (cluster - 2) * CLUSTER_SIZE
        img[off:off + len(data)] = data

    def layout(node, parent_cluster, is_root):
        named = _names(node.children)
        n_entries = (1 if is_root else 2) + sum(
            1 + (len(_lfn_entries(ch.name, 0)) if lfn else 0) for ch, _, lfn in named)
        if is_root:
            if n_entries > ROOT_ENTRIES:
                raise ImageFull("too many entries in the root directory")
        else:
            node.cluster = alloc(n_entries * 32)
        for ch, _, _ in named:
            if ch.is_dir:
                layout(ch, node.cluster, False)
            elif ch.data:
                ch.cluster = alloc(len(ch.data))
                write_at(ch.cluster, ch.data)
        ents = []
        if is_root:
            ents.append(_dirent(VOLUME_LABEL, ATTR_VOLUME, 0, 0))
        else:
            ents.append(_dirent(b".".ljust(11), ATTR_DIR, node.cluster, 0))
            ents.append(_dirent(b"..".ljust(11), ATTR_DIR, parent_cluster, 0))
        for ch, raw, lfn in named:
            if lfn:
                ents += _lfn_entries(ch.name, _lfn_checksum(raw))
            if ch.is_dir:
                ents.append(_dirent(raw, ATTR_DIR, ch.cluster, 0))
            else:
                ents.append(_dirent(raw, ATTR_ARCHIVE, ch.cluster, len(ch.data)))
        blob = b"".join(ents)
        if is_root:
            img[ROOT_START:ROOT_START + len(blob)] = blob
        else:
            write_at(node.cluster, blob)

    layout(root, 0, True)

    fat_bytes = bytearray(SECTORS_PER_FAT * SECTOR)
    for i in range(0, len(fat) - 1, 2):
        a, b = fat[i], fat[i + 1]
        struct.pack_into("<HB", fat_bytes, i * 3 // 2, (a | (b << 12)) & 0xFFFF, b >> 4)
    if len(fat) % 2:
        i = len(fat) - 1
        fat_bytes[i * 3 // 2] |= fat[i] & 0xFF
        fat_bytes[i * 3 // 2 + 1] |= fat[i] >> 8
    for k in range(NUM_FATS):
        start = FAT_START + k * SECTORS_PER_FAT * SECTOR
        img[start:start + len(fat_bytes)] = fat_bytes
    return bytes(img)


def _fat_entry(image, n):
    off = FAT_START + n * 3 // 2
    v = image[off] | (image[off + 1] << 8)
    return v >> 4 if n & 1 else v & 0xFFF


def read_root_file(image, name):
    """The bytes of the file ``name`` (an 8.3 name, any case) at the root of a
    FAT12 image of this geometry, or None when there is none."""
    base, _, ext = name.upper().partition(".")
    raw = base.encode().ljust(8) + ext.encode().ljust(3)
    for off in range(ROOT_START, DATA_START, 32):
        ent = image[off:off + 32]
        if ent[0] == 0:
            break
        if ent[0] == 0xE5 or ent[11] & (ATTR_VOLUME | ATTR_DIR) or ent[:11] != raw:
            continue
        cluster, size = struct.unpack_from("<HL", ent, 26)
        data = bytearray()
        while 2 <= cluster < 0xFF8 and len(data) < size:
            at = DATA_START + (cluster - 2) * CLUSTER_SIZE
            data += image[at:at + CLUSTER_SIZE]
            cluster = _fat_entry(image, cluster)
        return bytes(data[:size])
    return None


if __name__ == "__main__":
    import sys
    if len(sys.argv) < 3:
        sys.exit("usage: python -m tools.device.fat SRC_DIR OUT.img [SETTINGS.toml]")
    settings = open(sys.argv[3]).read() if len(sys.argv) > 3 else None
    with open(sys.argv[2], "wb") as f:
        f.write(make_image(sys.argv[1], settings))
