"""Kendo Duel: the action encoding and phases shared by the engine, bots and app.

Cards are the ids 0..51 of cards.py. Every action is a small int. ``state.phase``
says which kind of decision is pending and ``state.current_player`` who makes it
(during an exchange that alternates between the two duellists).

| phase     | who                       | actions |
|-----------|---------------------------|---------|
| P_SWITCH  | each seat once, clockwise from a random seat | SWITCH + card (give it back to the bottom of its subdeck, take the top one; at most 2 per seat; not if that subdeck is empty), or SWITCH_DONE. After the 2nd switch the next seat switches |
| P_OPEN    | the initiative player     | OPEN + (target * 16 + main) * 5 + reinf: ``main`` is the Basic card id (0..11) or 12 + (alternative card id - 48) for TAIATARI/MAKI AGE (48..51); ``reinf`` is 0 (none) or 1 + (reinforcing card id - 28) and only with a Basic card (R3) |
| P_REACT   | the player facing a play  | PLAY + card: a legal reaction (cards.REACTIONS); FAIL only when the hand holds no legal reaction (R4) |
| P_DISCARD | Competition: a seat over 12 cards after the refill (C5) | DISCARD + card: one card to the face-up discard pile, until 12 are left |
| P_OVER    | none                      | (current_player is TERMINAL) |

Automatic, with no action: the first attacker (totals, tie switches, G10), the
initiative passing on when a player cannot open (R2), random pulls on a
failure (G15), eliminations at the end of an exchange (R13), the win checks.

Options (a bit mask, ``KendoState(..., options=)``; 0 = the digest defaults):
OPT_ROTATE (INITIATIVE=ROTATE, G11), OPT_REFLECT_CANCEL (REFLECT=CANCEL, G6),
OPT_ALT_DEFLECT (ALT_ATTACK_ANSWERS=[parry, deflect], G8), OPT_REARM (a
Duel's house rule of issue 30: when nobody can attack, the spent Basic cards
are shuffled back into their subdeck and every seat still in takes one; no
effect in Competition).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


DUEL = const(0)
COMPETITION = const(1)

MAX_SWITCHES = const(2)  # switches per seat at the setup (setup step 4)
HAND_MAX = const(12)  # Competition: discard down to 12 after the refill (C5)
ENCHO_CAP = const(10)  # Competition: encho exchanges before hantei (C7)
NONE = const(255)  # no card / no seat (O_PEND, the seat that conceded)

OPT_ROTATE = const(1)
OPT_REFLECT_CANCEL = const(2)
OPT_ALT_DEFLECT = const(4)
OPT_REARM = const(8)  # Duel: spent Basic cards come back when nobody can attack

P_SWITCH = const(0)
P_OPEN = const(1)
P_REACT = const(2)
P_OVER = const(3)
P_DISCARD = const(4)
PHASE_NAMES = ("switch", "open", "react", "over", "discard")

SWITCH = const(0)  # + card  -> 0..51
SWITCH_DONE = const(52)
PLAY = const(64)  # + card  -> 64..115
FAIL = const(120)
OPEN = const(128)  # + (target * 16 + main) * 5 + reinf -> 128..447
DISCARD = const(448)  # + card -> 448..499 (Competition, C5)

# how a game ended (state.end_reason)
END_LAST = const(0)  # Duel: the only player with cards left (R14)
END_DEADLOCK = const(1)  # nobody can open: most cards (Duel) / time called (Competition)
END_IPPON = const(2)  # Competition: the 2nd ippon, or the first ippon in encho (C6, C8)
END_TIME = const(3)  # Competition: JIKAN DESU drawn while one player led (C6)
END_HANTEI = const(4)  # Competition: judges' decision on fewer hansoku (C7)
END_DRAW = const(5)  # a draw: all out at once (G13), tied deadlock, hikiwake (C7)
END_NAMES = ("last one standing", "nobody can attack", "two ippon", "time (jikan desu)",
             "hantei", "draw")

# observation tuple indexes (state.observation(seat)); O_SEAT, O_PHASE and
# O_CURRENT lead every game's observation
O_SEAT = const(0)
O_PHASE = const(1)
O_CURRENT = const(2)
O_HAND = const(3)  # own hand, sorted bytes
O_SIZES = const(4)  # hand sizes per seat
O_DECKS = const(5)  # subdeck sizes (Basic, Counter, Other)
O_DISCARD = const(6)  # the face-up discard pile, in play order
O_CHAIN = const(7)  # this exchange's (seat, card) byte pairs
O_ELIMINATED = const(8)
O_SWITCHED = const(9)
O_INITIATIVE = const(10)
O_ATT = const(11)
O_DFD = const(12)
O_INC = const(13)
O_PART = const(14)
O_STRIKER = const(15)
O_PEND = const(16)
O_OPTIONS = const(17)
O_WINNER = const(18)
O_MODE = const(19)
O_IPPONS = const(20)  # bytes per seat (Competition; zeros in Duel)
O_HANSOKU = const(21)
O_ENCHO = const(22)  # 0 regular time, else the number of encho exchanges begun
O_TIME_UP = const(23)  # 1 once JIKAN DESU is revealed
O_ASIDE = const(24)  # cards set aside (JIKAN DESU once drawn): bytes
O_LOST = const(25)  # cards gone from each hand this exchange, 3 per seat (by subdeck); in a Duel of 3-4, another seat's row counts only what it played (a pulled card's kind is the puller's and the pulled's)
O_END_REASON = const(26)  # END_*, once over


# event tuple indexes (state.events: what the last ``apply`` did, for the UI;
# cleared by each ``apply``, never saved). Every event is a plain tuple whose
# item E_KIND is its kind, a str; lib/ reads the other items by these names:
#
# | kind          | E_SEAT (1)                 | 2                        | 3            | 4        |
# |---------------|----------------------------|--------------------------|--------------|----------|
# | "switch"      | the seat                   | E_SUBDECK: 0 Basic, 1 Counter, 2 Other |  |    |
# | "first"       | the first attacker         |                          |              |          |
# | "tie_switch"  | a seat tied on the totals  |                          |              |          |
# | "open"        | the attacker               | E_TARGET                 | E_MAIN: the attack card | E_REINF: JODAN/SEME or -1 |
# | "play"        | the seat                   | E_CARD                   | E_EFFECT: cards.E_* |   |
# | "fail"        | the seat                   | E_INCOMING: cards.INC_*  |              |          |
# | "pull"        | the taker                  | E_VICTIM (the card is never named: hidden) | |     |
# | "end"         | the next opener            |                          |              |          |
# | "cannot_open" | the seat                   |                          |              |          |
# | "eliminated"  | the seat                   |                          |              |          |
# | "win"         | the winning seats (tuple)  |                          |              |          |
# | "rearm"       | (OPT_REARM: nobody could attack, every seat still in took a spent Basic card) | | | |
# | "discard"     | the seat (Competition, C5) | E_CARD                   |              |          |
# | "hansoku"     | the seat (Competition)     |                          |              |          |
# | "ippon"       | the scorer                 | E_WHY: 0 a failed strike, 1 the 2nd hansoku | |     |
# | "refill"      | the seat                   | E_COUNT: cards drawn     |              |          |
# | "fresh_hand"  | the seat (C10)             |                          |              |          |
# | "encho"       | (JIKAN DESU with the ippon tied: encho begins) | |          |          |
# | "reshuffle"   | the subdeck (not a seat)   |                          |              |          |
# | "jikan"       | the seat that drew it (C6) |                          |              |          |
# | "hantei"      | the winning seats (tuple; both: hikiwake) |           |              |          |
E_KIND = const(0)
E_SEAT = const(1)
E_SUBDECK = const(2)
E_TARGET = const(2)
E_CARD = const(2)
E_INCOMING = const(2)
E_VICTIM = const(2)
E_WHY = const(2)
E_COUNT = const(2)
E_MAIN = const(3)
E_EFFECT = const(3)
E_REINF = const(4)


def open_action(target: int, main_card: int, reinf_card: int = -1) -> int:
    """The OPEN action for a target seat, a main card and an optional reinforcing card."""
    m = main_card if main_card < 12 else 12 + main_card - 48
    r = 0 if reinf_card < 0 else 1 + reinf_card - 28
    return OPEN + (target * 16 + m) * 5 + r


def decode_open(action: int) -> tuple:
    """(target, main card, reinforcing card or -1) of an OPEN action."""
    t, r = divmod(action - OPEN, 5)
    t, m = divmod(t, 16)
    return t, (m if m < 12 else 48 + m - 12), (27 + r if r else -1)


def describe(action: int) -> str:
    """A short plain-English name for an action (logs, the terminal player)."""
    from engine.kendo.cards import name

    if SWITCH <= action < SWITCH + 52:
        return "switch " + name(action - SWITCH)
    if action == SWITCH_DONE:
        return "keep the hand"
    if PLAY <= action < PLAY + 52:
        return "play " + name(action - PLAY)
    if action == FAIL:
        return "no answer"
    if DISCARD <= action < DISCARD + 52:
        return "discard " + name(action - DISCARD)
    if OPEN <= action < OPEN + 320:
        t, m, r = decode_open(action)
        return "attack player %d with %s%s" % (t + 1, name(m), (" + " + name(r)) if r >= 0 else "")
    return "action %d" % action
