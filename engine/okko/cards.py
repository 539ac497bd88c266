"""Okko: decoding the content of data.py on demand (no object per card).

A hand holds Adventure ids (0..57) and Support cards (SUPPORT0 + id). The
``card_*`` functions read either; ``enemy_*`` an enemy id (0..58);
``boss_*`` a boss id; ``jar_type`` a jar id.
"""

from engine.okko import data as D


def _types_of(table, width, copies_at):
    out = bytearray()
    for kind in range(len(table) // width):
        for _ in range(table[kind * width + copies_at]):
            out.append(kind)
    return bytes(out)


ADV_TYPE = _types_of(D.ADV_TYPES, 8, 7)  # Adventure id -> type
ENEMY_TYPE = _types_of(D.ENEMY_TYPES, 5, 4)  # enemy id -> type
JAR_TYPE = _types_of(D.JAR_TYPES, 3, 2)  # jar id -> type


def _names():
    """engine/okko/names.py, imported on first use (the engine never needs it)."""
    from engine.okko import names

    return names


def field(c, i):
    """Field i (0 kind, 1 F, 2 I, 3 element, 4 class, 5 fx, 6 param) of a hand
    card's record, Adventure or Support (no tuple: no garbage per call)."""
    if c >= D.SUPPORT0:
        return D.SUPPORTS[(c - D.SUPPORT0) * 8 + 1 + i]
    return D.ADV_TYPES[ADV_TYPE[c] * 8 + i]


def card_kind(c):
    return field(c, 0)


def card_f(c):
    return field(c, 1)


def card_i(c):
    return field(c, 2)


def card_element(c):
    return field(c, 3)


def card_class(c):
    return field(c, 4)


def card_fx(c):
    return field(c, 5)


def card_param(c):
    return field(c, 6)


def card_name(c):
    if c >= D.SUPPORT0:
        return _names().SUP_NAMES[c - D.SUPPORT0]
    return _names().ADV_NAMES[ADV_TYPE[c]]


def covers(c, r):
    """Does hand card ``c`` meet the encounter requirement ``r`` (data.R_*:
    an Ally (a Kami counts), an Equipment, an element, a support card)?"""
    if r >= D.R_SUPPORT:
        return c == D.SUPPORT0 + r - D.R_SUPPORT
    if r >= D.R_ELEMENT:
        return field(c, 3) == r - D.R_ELEMENT
    kind = field(c, 0)
    if r == D.R_ALLY:
        return kind == D.ALLY or kind == D.KAMI
    return kind == D.EQUIPMENT


def pay_value(board, loc, c):
    """What hand card ``c`` pays towards the leave cost of location ``loc``
    (G17): its Fighting, its Investigating, or 1 for a card of the element."""
    pay_kind = location(board, loc, 2)
    if pay_kind == D.PAY_FIGHT:
        return field(c, 1)
    if pay_kind == D.PAY_INV:
        return field(c, 2)
    return 1 if field(c, 3) == location(board, loc, 4) else 0


def support_board(sid):
    return D.SUPPORTS[sid * 8]


def enemy_f(e):
    return D.ENEMY_TYPES[ENEMY_TYPE[e] * 5]


def enemy_i(e):
    return D.ENEMY_TYPES[ENEMY_TYPE[e] * 5 + 1]


def enemy_power(e):
    return D.ENEMY_TYPES[ENEMY_TYPE[e] * 5 + 2]


def enemy_param(e):
    return D.ENEMY_TYPES[ENEMY_TYPE[e] * 5 + 3]


def enemy_name(e):
    return _names().ENEMY_NAMES[ENEMY_TYPE[e]]


def boss_field(b, i):
    """Boss b's field i: 0 board, 1 tier, 2 F, 3 I, 4 power, 5 param, 6 location."""
    return D.BOSSES[b * 7 + i]


def boss_name(b):
    return _names().BOSS_NAMES[b]


def hero_class(h):
    return D.HEROES[h * 3]


def hero_f(h):
    return D.HEROES[h * 3 + 1]


def hero_i(h):
    return D.HEROES[h * 3 + 2]


def hero_name(h):
    return _names().HERO_NAMES[h]


def jar_fx(j):
    return D.JAR_TYPES[JAR_TYPE[j] * 3]


def jar_param(j):
    return D.JAR_TYPES[JAR_TYPE[j] * 3 + 1]


def jar_name(j):
    return _names().JAR_NAMES[JAR_TYPE[j]]


def location(board, loc, i):
    """Location field i: 0 arrive, 1 arrive param, 2 pay kind, 3 pay param, 4 pay element, 5 boss."""
    return D.LOCATIONS[(board * 6 + loc) * 6 + i]


def arrows(board):
    """The board's arrows as bytes: from, to, colour, value per arrow."""
    return D.ARROWS[board]


def encounter(board, k):
    """(requirements as a bytes slice without zeros, reward) of encounter k."""
    table = D.ENCOUNTERS[board]
    offset = k * 5
    count = 0
    while count < 4 and table[offset + count]:
        count += 1
    return table[offset:offset + count], table[offset + 4]


def display_to_board(sq, orient):
    """The board square shown at display square ``sq`` when the Court has
    been rotated ``orient`` quarter turns clockwise (G31)."""
    row, column = sq >> 2, sq & 3
    for _ in range(orient & 3):  # one turn back: display (r, c) <- board (3 - c, r)
        row, column = 3 - column, row
    return row * 4 + column


def board_to_display(sq, orient):
    row, column = sq >> 2, sq & 3
    for _ in range(orient & 3):  # a quarter turn clockwise: (r, c) -> (c, 3 - r)
        row, column = column, 3 - row
    return row * 4 + column
