"""Kendo Duel: the 52 playable cards and the reaction table, as data.

Card ids 0..51 (the "card numbers" of the digest, section 1):

- 0..11 Basic attacks: part = id % 4 (MEN 0, KOTE 1, DO 2, TSUKI 3); the
  printed number (G1, setup only) is id + 1, so MEN 1/5/9 ... TSUKI 4/8/12.
- 12..27 Counterattacks (G2): id = 12 + answer * 4 + strike.
- 28..51 Other, in the order of ``SPEC`` below.

``SPEC`` is the one table: (name, kind, frame colour, subdeck, copies) per
card type, in id order. ``KIND``, ``COLOUR``, ``DECK_OF`` and ``TYPE_OF`` are
bytes tables per card id derived from it (written out as literals; a test
derives them again from SPEC).

``REACTIONS`` is the one place that says which card answers which incoming
play (digest section 6): per incoming kind, (reply kind, effect, 1 if only
under the ALT_ATTACK_ANSWERS house rule, else 0). A basic reply must match
the strike's part; a counterattack's answer part must match it. Nothing else
is matched by part.

This module imports nothing of the game's: actions.py (the contract) reads
the card names from here, never the other way round.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


N_CARDS = const(52)  # the playable cards; JIKAN DESU (Competition only) is id 52
JIKAN = const(52)
PART_NAMES = ("MEN", "KOTE", "DO", "TSUKI")

# kinds
K_BASIC = const(0)
K_COUNTER = const(1)
K_REINF = const(2)
K_NEUTRAL = const(3)
K_DEFLECT = const(4)
K_PARRY = const(5)
K_ALT = const(6)
K_TIME = const(7)
KIND_NAMES = ("basic", "counter", "reinforcing", "against reinforcing", "deflect", "parry",
              "alternative", "time")

# frame colours (rulebook categories)
BROWN = const(0)
RED = const(1)
PURPLE = const(2)
BLUE = const(3)
GREEN = const(4)
YELLOW = const(5)
WHITE = const(6)  # JIKAN DESU (no frame colour in the rulebook)
COLOUR_NAMES = ("brown", "red", "purple", "blue", "green", "yellow", "white")

# subdecks
D_BASIC = const(0)
D_COUNTER = const(1)
D_OTHER = const(2)
DEAL = (3, 4, 5)  # cards of each subdeck dealt to every player (setup step 3)

# (name, kind, colour, subdeck, copies), in card-id order
SPEC = (
    ("MEN/KOTE/DO/TSUKI", K_BASIC, BROWN, D_BASIC, 12),
    ("counterattack", K_COUNTER, BROWN, D_COUNTER, 16),
    ("JODAN", K_REINF, RED, D_OTHER, 2),
    ("SEME", K_REINF, RED, D_OTHER, 2),
    ("MUSHIN", K_NEUTRAL, PURPLE, D_OTHER, 2),
    ("SEIGAN", K_NEUTRAL, PURPLE, D_OTHER, 2),
    ("TAI SABAKI", K_DEFLECT, BLUE, D_OTHER, 2),
    ("KAMAE", K_DEFLECT, BLUE, D_OTHER, 2),
    ("FUDOSHIN", K_DEFLECT, BLUE, D_OTHER, 2),
    ("TSUBAZERIAI", K_PARRY, GREEN, D_OTHER, 3),
    ("BOGYO", K_PARRY, GREEN, D_OTHER, 3),
    ("TAIATARI", K_ALT, YELLOW, D_OTHER, 2),
    ("MAKI AGE", K_ALT, YELLOW, D_OTHER, 2),
    ("JIKAN DESU", K_TIME, WHITE, D_OTHER, 1),  # id 52, Competition only (G12, C1)
)


# per card id (0..52), derived from SPEC (tests/test_kendo_rules.py checks
# them against it); literals, so no building code stays on the heap
KIND = b"\0\0\0\0\0\0\0\0\0\0\0\0\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\2\2\2\2\3\3\3\3\4\4\4\4\4\4\5\5\5\5\5\5\6\6\6\6\7"
COLOUR = b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1\1\1\1\2\2\2\2\3\3\3\3\3\3\4\4\4\4\4\4\5\5\5\5\6"
DECK_OF = b"\0\0\0\0\0\0\0\0\0\0\0\0\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2"
TYPE_OF = b"\0\0\0\0\0\0\0\0\0\0\0\0\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\2\2\3\3\4\4\5\5\6\6\7\7\x08\x08\t\t\t\n\n\n\x0b\x0b\x0c\x0c\r"
BASIC0 = const(0)
COUNTER0 = const(12)
REINF0 = const(28)  # JODAN 28-29, SEME 30-31
ALT0 = const(48)  # TAIATARI 48-49, MAKI AGE 50-51

# incoming plays
INC_REINF = const(0)
INC_STRIKE = const(1)
INC_ALT = const(2)
# effects
E_CANCEL = const(0)  # the reinforcement is cancelled, the strike follows
E_BOUNCE = const(1)  # reflect: the other side now faces a reinforcement (G6)
E_BLOCK = const(2)  # the exchange ends, the last striker keeps the initiative
E_CHAIN = const(3)  # counterattack: a strike on its second part back
E_AVOID = const(4)  # deflect: the exchange ends, the deflector takes the initiative

REACTIONS = (
    # INC_REINF (R5)
    ((K_NEUTRAL, E_CANCEL, 0), (K_DEFLECT, E_CANCEL, 0), (K_REINF, E_BOUNCE, 0)),
    # INC_STRIKE (R6)
    ((K_BASIC, E_BLOCK, 0), (K_COUNTER, E_CHAIN, 0), (K_DEFLECT, E_AVOID, 0),
     (K_PARRY, E_BLOCK, 0)),
    # INC_ALT (R9, G8); deflect only with the ALT_ATTACK_ANSWERS house rule
    ((K_PARRY, E_BLOCK, 0), (K_DEFLECT, E_AVOID, 1)),
)
# cards the failing player loses to the other side, per incoming kind (R5, R7, R9)
FAIL_LOSS = (1, 2, 1)


def number(card):
    """The printed number of a Basic card (G1), 0 for any other card."""
    return card + 1 if card < COUNTER0 else 0


def answer_part(card):
    """The body part a Basic or Counter card answers (-1 for other cards)."""
    if card < COUNTER0:
        return card % 4
    if card < REINF0:
        return (card - COUNTER0) >> 2
    return -1


def strike_part(card):
    """The body part a Basic or Counter card strikes (-1 for other cards)."""
    if card < COUNTER0:
        return card % 4
    if card < REINF0:
        return (card - COUNTER0) & 3
    return -1


def reaction(card, inc, part, options):
    """The effect of playing ``card`` against the incoming play, or -1.
    ``options``: the game's option bits masked to the one that matters here,
    ``state.options & actions.OPT_ALT_DEFLECT`` (the ALT_ATTACK_ANSWERS house
    rule), which this module cannot name: it does not import actions.py."""
    kind = KIND[card]
    for reply_kind, eff, house_only in REACTIONS[inc]:
        if reply_kind != kind or (house_only and not options):
            continue
        if inc == INC_STRIKE and kind in (K_BASIC, K_COUNTER) and answer_part(card) != part:
            continue
        return eff
    return -1


def name(card):
    """A card's display name, e.g. "MEN", "KOTE-DO", "JODAN"."""
    if card < COUNTER0:
        return PART_NAMES[card % 4]
    if card < REINF0:
        return PART_NAMES[answer_part(card)] + "-" + PART_NAMES[strike_part(card)]
    return SPEC[TYPE_OF[card]][0]
