"""Okko: Oni Hunters: the content (rules digest section 6) and every tuning
knob, as compact data.

Nothing is built per card at import: per-type records are bytes with a fixed
width, names are one tuple of strings per category, and a card id is mapped
to its type by a bytes table. ``engine/okko/cards.py`` decodes on demand.

Card id spaces (each conserved on its own, see state.py):

- Adventure 0..57 (58 cards, G2), by ADV_TYPES in order and copies.
- Support 64..80 in hands (SUPPORT0 + support id 0..16): board 1 has 0..4,
  board 2 5..10, board 3 11..16; the last of each board is its Kami (G3).
- Enemy 0..58: board 1 0..18, board 2 19..38, board 3 39..58.
- Boss 0..4, Jar 0..11, Exploration 0..12.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# -- tuning knobs (docs/rules/okko.md records the chosen values) -------------
START = const(3)  # the DAY token's start square on every board (G6)
MAX_CARRY = const(2)  # days carried over to the next board at most (R25, G6)
MIN_SQUARE = const(1)  # the lowest square of the DAY track (G6)
LAST_DAY = const(20)  # the board ends at the end of the turn that reaches it (R24)
LINE_1 = const(5)  # enemy-line size costing 1 day a turn (R8)
LINE_2 = const(7)  # ... costing 2 days a turn
SIEGE_1 = const(5)  # board 2 until its middle boss falls (G29)
SIEGE_2 = const(6)
HAND_START = const(6)  # Adventure cards dealt to each player (setup 8)
PILE = const(6)  # defeated enemies per peek (R13)
FINAL_PEEKS = const(2)  # peeks for the final boss on the last location (R18), and a Spirit Jar
ENCOUNTER_PEEKS = const(1)  # peeks for completing a board's 4 encounters (R14)
HERO_CHANGE_DAYS = const(1)  # days per hero changed between boards (G7)
EXPLORE_RESHUFFLE = const(3)  # reshuffle the discards in when 3 cards remain (R17)
# EXTRA_ATTEMPT copies: the Spirit Jar's copies in JAR_TYPES below

# -- enumerations -----------------------------------------------------------
ALLY = const(0)
EQUIPMENT = const(1)
SPECIAL = const(2)
ITEM = const(3)
KAMI = const(4)

NO_ELEMENT = const(0)
WATER = const(1)
FIRE = const(2)
EARTH = const(3)
AIR = const(4)
VOID = const(5)

NO_CLASS = const(0)
SWORD = const(1)
MASK = const(2)
LOTUS = const(3)
FAN = const(4)

# card effects (param in the record's next byte; DAY's param is 128 + n)
FX_NONE = const(0)
FX_SUMMON = const(1)  # param: difficulty; failure DAY +1 (an Ally's summon)
FX_HEAL_ON_COMMIT = const(2)  # Shrine Miko: heal a hero when committed
FX_TANUKI = const(3)  # on commit: another line enemy to the enemy deck's bottom
FX_DEFEAT_LAST = const(4)  # param n
FX_EXPLORE_TOKENS = const(5)  # param n
FX_HEAL_BOTH = const(6)
FX_PEEK = const(7)  # param n
FX_DAY = const(8)  # param 128 + n (n may be negative)
FX_DRAW_EACH = const(9)  # param n
FX_KEY = const(10)  # an encounter key (no effect by itself)
FX_PASS_MAP = const(11)  # discard during MOVE: EXPLORE_TOKENS(2)
FX_NO_INJURY = const(12)  # a hero fighting alongside takes no injury
FX_HEAL_HERO = const(13)  # one hero
FX_EXTRA_ATTEMPT = const(14)  # Spirit Jar: one wrong flip at the Court

# enemy and boss powers
PW_NONE = const(0)
PW_REVEAL_DISCARD = const(1)  # on reveal: the active player discards 1 card
PW_ROTATE = const(2)  # on reveal: rotate the Court
PW_REVEAL_DAY = const(3)  # on reveal: DAY +1
PW_REVEAL_DRAW = const(4)  # on reveal: draw another enemy
PW_NEEDS = const(5)  # param element: the commitment needs a card of it
PW_EXTRA_INJURY = const(6)  # a hero used against it takes +1 injury

# -- heroes (6.2): class, F, I --------------------------------------------------
OKKO = const(0)  # Ronin's resolve: no injury vs an enemy (not a boss) with F <= 2
NOBURO = const(1)  # Giant's strength: +1 F per Equipment committed with him
NOSHIN = const(2)  # Voice of nature: SUMMON(3, fail: DAY +1 and 1 injury on Noshin)
GENJI = const(3)  # Silver tongue: one ELEMENT requirement per ENCOUNTER action free
HEROES = b"\x01\x03\x01" b"\x02\x04\x00" b"\x03\x01\x03" b"\x04\x02\x02"  # class, F, I
NOSHIN_SUMMON = const(3)  # difficulty of Noshin's summon
OKKO_MAX_F = const(2)

# -- Adventure types (6.3): kind, F, I, element, class, effect, param, copies --
ADV_TYPES = (
    b"\x00\x02\x01\x02\x00\x00\x00\x03"  # A01 Wandering Sellsword
    b"\x00\x02\x00\x03\x00\x00\x00\x03"  # A02 Ashigaru Spearman
    b"\x00\x00\x02\x03\x00\x00\x00\x02"  # A03 Village Elder
    b"\x00\x00\x02\x05\x00\x00\x00\x02"  # A04 Temple Acolyte
    b"\x00\x01\x01\x01\x00\x00\x00\x03"  # A05 Fisherman's Son
    b"\x00\x00\x03\x04\x00\x00\x00\x02"  # A06 Tea-house Maiko
    b"\x00\x01\x02\x05\x00\x01\x04\x01"  # A07 Yamabushi Hermit: SUMMON(4, fail DAY +1)
    b"\x00\x02\x01\x04\x00\x00\x00\x02"  # A08 Pine-forest Hunter
    b"\x00\x01\x02\x01\x00\x00\x00\x02"  # A09 River Ferryman
    b"\x00\x01\x03\x04\x04\x00\x00\x02"  # A10 Shinobi Informant (FAN)
    b"\x00\x03\x01\x02\x01\x00\x00\x02"  # A11 Veteran Samurai (SWORD)
    b"\x00\x03\x00\x03\x02\x00\x00\x02"  # A12 Sumo Wrestler (MASK)
    b"\x00\x00\x02\x01\x00\x02\x00\x02"  # A13 Shrine Miko: on commit HEAL_HERO
    b"\x00\x01\x01\x05\x00\x03\x00\x02"  # A14 Tanuki Trickster: on commit, an enemy back
    b"\x01\x02\x00\x02\x01\x00\x00\x02"  # E01 Katana (SWORD)
    b"\x01\x01\x00\x03\x00\x00\x00\x03"  # E02 Yari
    b"\x01\x01\x01\x04\x00\x00\x00\x03"  # E03 War Fan
    b"\x01\x00\x02\x02\x00\x00\x00\x02"  # E04 Paper Lantern
    b"\x01\x00\x01\x05\x00\x00\x00\x02"  # E05 Prayer Beads
    b"\x01\x02\x00\x03\x02\x00\x00\x02"  # E06 Kanabo (MASK)
    b"\x01\x01\x01\x01\x03\x00\x00\x02"  # E07 Sake Gourd (LOTUS)
    b"\x01\x00\x01\x01\x00\x00\x00\x02"  # E08 Straw Raincoat
    b"\x02\x00\x00\x00\x00\x04\x01\x02"  # S01 Ofuda Talisman: DEFEAT_LAST(1)
    b"\x02\x00\x00\x00\x00\x05\x03\x02"  # S02 Forced March: EXPLORE_TOKENS(3)
    b"\x02\x00\x00\x00\x00\x06\x00\x02"  # S03 Night at the Onsen: heal both heroes
    b"\x02\x00\x00\x00\x00\x07\x01\x01"  # S04 Omen of Crows: PEEK(1)
    b"\x02\x00\x00\x00\x00\x08\x7e\x02"  # S05 Swift Messenger: DAY(-2)
    b"\x02\x00\x00\x00\x00\x09\x02\x01"  # S06 Festival Offering: DRAW_EACH(2)
)
N_ADV = const(58)

# -- Support cards (6.6): board, kind, F, I, element, class, effect, param ------
SUPPORT0 = const(64)  # support id s is card SUPPORT0 + s in a hand
SUPPORTS = (
    b"\x00\x00\x00\x02\x01\x00\x00\x00"  # S1-1 Kappa Innkeeper
    b"\x00\x03\x00\x00\x01\x00\x0a\x00"  # S1-2 Ferry Token (encounter key)
    b"\x00\x00\x02\x01\x03\x00\x00\x00"  # S1-3 Inn Bouncer
    b"\x00\x01\x01\x01\x01\x00\x00\x00"  # S1-4 Cucumber Offering
    b"\x00\x04\x03\x03\x01\x00\x0c\x00"  # S1-5 Suijin, Water Kami (NO_INJURY)
    b"\x01\x03\x00\x00\x02\x00\x0a\x00"  # S2-1 Commander's Seal (encounter key)
    b"\x01\x00\x03\x01\x03\x00\x00\x00"  # S2-2 Gate Captain
    b"\x01\x01\x01\x01\x04\x00\x00\x00"  # S2-3 Signal Drum
    b"\x01\x03\x00\x00\x04\x00\x0b\x02"  # S2-4 Pass Map: discard during MOVE, EXPLORE_TOKENS(2)
    b"\x01\x00\x01\x02\x03\x00\x00\x00"  # S2-5 Mountain Guide
    b"\x01\x04\x04\x02\x03\x00\x0c\x00"  # S2-6 Yama-no-Kami (NO_INJURY)
    b"\x02\x00\x00\x03\x04\x00\x00\x00"  # S3-1 Silk Merchant
    b"\x02\x01\x00\x02\x02\x00\x00\x00"  # S3-2 Cocoon Lantern
    b"\x02\x03\x00\x00\x05\x00\x0a\x00"  # S3-3 Weaver's Key (encounter key)
    b"\x02\x00\x03\x01\x02\x00\x00\x00"  # S3-4 Loyal Retainer
    b"\x02\x01\x01\x01\x05\x00\x00\x00"  # S3-5 Purifying Salt
    b"\x02\x04\x03\x04\x05\x00\x0c\x00"  # S3-6 Inari's Fox Messenger (NO_INJURY)
)
N_SUP = const(17)
SUP_FIRST = b"\x00\x05\x0b\x11"  # per board: first support id (and the end)

# -- Enemies (6.4): F, I, power, param, copies; per board in id order ----------
ENEMY_TYPES = (
    b"\x02\x00\x00\x00\x04"  # Kappa Brawler
    b"\x02\x01\x00\x00\x03"  # Drunken Bandit
    b"\x01\x01\x01\x01\x03"  # Gaki: REVEAL_DISCARD(1)
    b"\x01\x02\x00\x00\x02"  # Nure-onna
    b"\x02\x02\x00\x00\x02"  # Bakeneko
    b"\x00\x03\x02\x00\x02"  # Kitsune Deceiver: ROTATE_COURT
    b"\x03\x01\x00\x00\x02"  # Inn Cutthroat
    b"\x03\x02\x03\x01\x01"  # Wanyudo: REVEAL_DAY(1)
    b"\x03\x00\x00\x00\x04"  # Turncoat Ashigaru
    b"\x03\x01\x00\x00\x03"  # Mountain Bandit
    b"\x02\x02\x00\x00\x02"  # Tengu Scout
    b"\x02\x03\x04\x00\x01"  # Karasu-tengu: REVEAL_DRAW_ENEMY
    b"\x01\x03\x05\x02\x02"  # Yuki-onna: NEEDS(FIRE)
    b"\x04\x01\x06\x00\x02"  # Gashadokuro Shard: EXTRA_INJURY
    b"\x03\x02\x01\x01\x02"  # Ninja Assassin: REVEAL_DISCARD(1)
    b"\x01\x04\x02\x00\x02"  # Onryo: ROTATE_COURT
    b"\x04\x02\x03\x01\x02"  # Oni Sentry: REVEAL_DAY(1)
    b"\x02\x02\x00\x00\x04"  # Silk-moth Swarm
    b"\x03\x01\x00\x00\x03"  # Cocoon Puppet
    b"\x04\x02\x00\x00\x03"  # Oni Retainer
    b"\x03\x03\x02\x00\x02"  # Jorogumo: ROTATE_COURT
    b"\x05\x01\x06\x00\x02"  # Ushi-oni: EXTRA_INJURY
    b"\x02\x04\x00\x00\x02"  # Rokurokubi
    b"\x03\x02\x00\x00\x02"  # Shikigami Servant
    b"\x04\x03\x00\x00\x02"  # Nue
)
N_ENEMY = const(59)
ENEMY_FIRST = b"\x00\x13\x27\x3b"  # per board: first enemy id (0, 19, 39) and the end (59)
ENEMY_TYPE_FIRST = b"\x00\x08\x11\x19"  # per board: first enemy type

# -- Bosses (6.5): board, tier (0 MIDDLE, 1 FINAL), F, I, power, param, location
BOSSES = (
    b"\x00\x01\x05\x03\x05\x01\x05"  # Kawataro, Kappa Lord of the Marsh: NEEDS(WATER), K5
    b"\x01\x00\x06\x02\x06\x00\x03"  # Gozan the Bandit Warlord: EXTRA_INJURY, B3
    b"\x01\x01\x05\x03\x00\x00\x05"  # Iron Oni of the Pass, B5
    b"\x02\x00\x05\x05\x02\x00\x03"  # The Silk Matron: ROTATE_COURT on reveal, M3
    b"\x02\x01\x06\x04\x00\x00\x05"  # Heart of Mayudama (Oni), M5
)
MIDDLE = const(0)
FINAL = const(1)

# -- Exploration (6.7): values, 0 = FAIL --------------------------------------
EXPLORE = b"\x01\x01\x01\x02\x02\x02\x02\x03\x03\x04\x00\x00\x00"
N_EXPLORE = const(13)

# -- Jars (6.7): effect, param, copies --------------------------------------------
JAR_TYPES = (
    b"\x08\x7f\x03"  # Sake Jar: DAY(-1)
    b"\x07\x01\x02"  # Ink Jar: PEEK(1)
    b"\x0d\x00\x02"  # Incense Jar: HEAL_HERO
    b"\x09\x01\x02"  # Rice Jar: DRAW_EACH(1)
    b"\x0e\x00\x02"  # Spirit Jar: EXTRA_ATTEMPT (kept until the Court) -- the knob
    b"\x04\x02\x01"  # Ash Jar: DEFEAT_LAST(2)
)
SPIRIT = const(4)  # the Spirit Jar's type

# -- Boards (6.8) --------------------------------------------------------------
# special rules (G29)
SP_NONE = const(0)
SP_SIEGE = const(1)
SP_WEB = const(2)
BOARD_SPECIAL = b"\x00\x01\x02"
N_LOC = const(6)  # locations per board; the last one is LAST
# arrival rewards
AR_NONE = const(0)
AR_CHOICE = const(1)  # param n: each player draws n, or a free support
AR_SUPPORT = const(2)  # a free support
# leave costs (G17)
PAY_NONE = const(0)
PAY_FIGHT = const(1)  # param: Fighting on the discarded cards
PAY_INV = const(2)  # param: Investigating
PAY_ELEMENT = const(3)  # param2 element, param count
# per location: arrive, arrive param, pay kind, pay param, pay element, boss (255 none)
LOCATIONS = (
    b"\x00\x00\x00\x00\x00\xff"  # K0 Misty Road (START)
    b"\x01\x01\x00\x00\x00\xff"  # K1 Rice Terraces: CHOICE(1)
    b"\x02\x00\x02\x03\x00\xff"  # K2 Inn Courtyard: FREE_SUPPORT; PAY(INV,3)
    b"\x01\x02\x01\x03\x00\xff"  # K3 Bathhouse: CHOICE(2); PAY(FIGHT,3)
    b"\x00\x00\x03\x01\x01\xff"  # K4 Reed Marsh: PAY(WATER,1)
    b"\x00\x00\x00\x00\x00\x00"  # K5 Kappa Pond: LAST, Kawataro
    b"\x00\x00\x00\x00\x00\xff"  # B0 Foot of the Pass (START)
    b"\x01\x01\x00\x00\x00\xff"  # B1 Pilgrims' Rest: CHOICE(1)
    b"\x00\x00\x01\x02\x00\xff"  # B2 Rope Bridge: PAY(FIGHT,2)
    b"\x02\x00\x00\x00\x00\x01"  # B3 Outer Palisade: FREE_SUPPORT; Gozan
    b"\x01\x02\x02\x03\x00\xff"  # B4 Barracks: CHOICE(2); PAY(INV,3)
    b"\x00\x00\x00\x00\x00\x02"  # B5 Fort Keep: LAST, Iron Oni
    b"\x00\x00\x00\x00\x00\xff"  # M0 Mulberry Grove (START)
    b"\x01\x01\x00\x00\x00\xff"  # M1 Silk Village: CHOICE(1)
    b"\x02\x00\x02\x03\x00\xff"  # M2 Weaving Hall: FREE_SUPPORT; PAY(INV,3)
    b"\x00\x00\x00\x00\x00\x03"  # M3 Cocoon Gallery: Silk Matron
    b"\x01\x02\x00\x00\x00\xff"  # M4 Moth Garden: CHOICE(2)
    b"\x00\x00\x00\x00\x00\x04"  # M5 Mayudama's Chamber: LAST, Heart of Mayudama
)
YELLOW = const(0)
RED = const(1)
# arrows per board: from, to, colour, value (the values are knobs)
ARROWS = (
    b"\x00\x01\x00\x03" b"\x01\x02\x00\x03" b"\x02\x03\x00\x03" b"\x03\x04\x00\x04"
    b"\x04\x05\x00\x04" b"\x02\x04\x01\x06",
    b"\x00\x01\x00\x02" b"\x01\x02\x00\x02" b"\x02\x03\x00\x03" b"\x03\x04\x00\x03"
    b"\x04\x05\x00\x03" b"\x03\x05\x01\x06",
    b"\x00\x01\x00\x01" b"\x01\x02\x00\x02" b"\x02\x03\x00\x02" b"\x03\x04\x00\x02"
    b"\x04\x05\x00\x03" b"\x01\x03\x01\x05",
)
# encounter requirements: ALLY 1, EQUIPMENT 2, element 16 + e, support 32 + id
R_ALLY = const(1)
R_EQUIPMENT = const(2)
R_ELEMENT = const(16)
R_SUPPORT = const(32)
# rewards
RW_JAR = const(1)
RW_DAY = const(2)  # DAY -1
RW_SUPPORT = const(3)
# per board, 4 encounters of 4 requirement bytes (0 = none) and a reward
ENCOUNTERS = (
    b"\x01\x11\x00\x00\x01\x21\x02\x00\x00\x02\x01\x13\x00\x00\x01\x12\x14\x15\x00\x03",
    b"\x02\x13\x00\x00\x01\x01\x01\x00\x00\x02\x25\x01\x12\x00\x01\x11\x14\x02\x00\x03",
    b"\x01\x14\x00\x00\x01\x2d\x15\x00\x00\x02\x01\x01\x12\x00\x01\x11\x13\x15\x02\x03",
)
N_ENCOUNTERS = const(4)
COURT = const(16)  # 4x4 squares, 3 of them Oni
ONI = const(3)
