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


def field(card: int, index: int) -> int:
    """Field ``index`` (0 kind, 1 F, 2 I, 3 element, 4 class, 5 fx, 6 param) of a hand
    card's record, Adventure or Support (no tuple: no garbage per call)."""
    if card >= D.SUPPORT0:
        return D.SUPPORTS[(card - D.SUPPORT0) * 8 + 1 + index]
    return D.ADV_TYPES[ADV_TYPE[card] * 8 + index]


def card_kind(card: int) -> int:
    return field(card, 0)


def card_f(card: int) -> int:
    return field(card, 1)


def card_i(card: int) -> int:
    return field(card, 2)


def card_element(card: int) -> int:
    return field(card, 3)


def card_class(card: int) -> int:
    return field(card, 4)


def card_fx(card: int) -> int:
    return field(card, 5)


def card_param(card: int) -> int:
    return field(card, 6)


def card_name(card: int) -> str:
    if card >= D.SUPPORT0:
        return _names().SUP_NAMES[card - D.SUPPORT0]
    return _names().ADV_NAMES[ADV_TYPE[card]]


def covers(card: int, r: int) -> bool:
    """Does hand ``card`` meet the encounter requirement ``r`` (data.R_*:
    an Ally (a Kami counts), an Equipment, an element, a support card)?"""
    if r >= D.R_SUPPORT:
        return card == D.SUPPORT0 + r - D.R_SUPPORT
    if r >= D.R_ELEMENT:
        return field(card, 3) == r - D.R_ELEMENT
    kind = field(card, 0)
    if r == D.R_ALLY:
        return kind == D.ALLY or kind == D.KAMI
    return kind == D.EQUIPMENT


def pay_value(board: int, loc: int, card: int) -> int:
    """What hand ``card`` pays towards the leave cost of location ``loc``
    (G17): its Fighting, its Investigating, or 1 for a card of the element."""
    pay_kind = location(board, loc, 2)
    if pay_kind == D.PAY_FIGHT:
        return field(card, 1)
    if pay_kind == D.PAY_INV:
        return field(card, 2)
    return 1 if field(card, 3) == location(board, loc, 4) else 0


def support_board(sid: int) -> int:
    return D.SUPPORTS[sid * 8]


def enemy_f(enemy: int) -> int:
    return D.ENEMY_TYPES[ENEMY_TYPE[enemy] * 5]


def enemy_i(enemy: int) -> int:
    return D.ENEMY_TYPES[ENEMY_TYPE[enemy] * 5 + 1]


def enemy_power(enemy: int) -> int:
    return D.ENEMY_TYPES[ENEMY_TYPE[enemy] * 5 + 2]


def enemy_param(enemy: int) -> int:
    return D.ENEMY_TYPES[ENEMY_TYPE[enemy] * 5 + 3]


def enemy_name(enemy: int) -> str:
    return _names().ENEMY_NAMES[ENEMY_TYPE[enemy]]


def boss_field(boss: int, index: int) -> int:
    """Boss ``boss``'s field ``index``: 0 board, 1 tier, 2 F, 3 I, 4 power, 5 param, 6 location."""
    return D.BOSSES[boss * 7 + index]


def boss_name(boss: int) -> str:
    return _names().BOSS_NAMES[boss]


def hero_class(hero: int) -> int:
    return D.HEROES[hero * 3]


def hero_f(hero: int) -> int:
    return D.HEROES[hero * 3 + 1]


def hero_i(hero: int) -> int:
    return D.HEROES[hero * 3 + 2]


def hero_name(hero: int) -> str:
    return _names().HERO_NAMES[hero]


def jar_fx(jar: int) -> int:
    return D.JAR_TYPES[JAR_TYPE[jar] * 3]


def jar_param(jar: int) -> int:
    return D.JAR_TYPES[JAR_TYPE[jar] * 3 + 1]


def jar_name(jar: int) -> str:
    return _names().JAR_NAMES[JAR_TYPE[jar]]


def location(board: int, loc: int, index: int) -> int:
    """Location field ``index``: 0 arrive, 1 arrive param, 2 pay kind, 3 pay param, 4 pay element, 5 boss."""
    return D.LOCATIONS[(board * 6 + loc) * 6 + index]


def arrows(board: int) -> bytes:
    """The board's arrows as bytes: from, to, colour, value per arrow."""
    return D.ARROWS[board]


def encounter(board: int, index: int) -> tuple:
    """(requirements as a bytes slice without zeros, reward) of encounter ``index``."""
    table = D.ENCOUNTERS[board]
    offset = index * 5
    count = 0
    while count < 4 and table[offset + count]:
        count += 1
    return table[offset:offset + count], table[offset + 4]


def display_to_board(sq: int, orient: int) -> int:
    """The board square shown at display square ``sq`` when the Court has
    been rotated ``orient`` quarter turns clockwise (G31)."""
    row, column = sq >> 2, sq & 3
    for _ in range(orient & 3):  # one turn back: display (r, c) <- board (3 - c, r)
        row, column = 3 - column, row
    return row * 4 + column


def board_to_display(sq: int, orient: int) -> int:
    row, column = sq >> 2, sq & 3
    for _ in range(orient & 3):  # a quarter turn clockwise: (r, c) -> (c, 3 - r)
        row, column = column, 3 - row
    return row * 4 + column
