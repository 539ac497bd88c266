"""Kyudo: the contract shared by the engine, bots and app (defined here only):
faces, characters, phases, actions, the observation's fields, the events'
fields, end reasons.

Faces and colours (die faces, circle colours, flag colours, token types):

    ARROW = 0, BLACK = 1, ORANGE = 2, GREEN = 3, BLUE = 4, RED = 5

Token types are named by their colour: ORANGE (fury), GREEN (shield), RED
(die fixer). Characters: KITSUNE = 0, KUMA = 1, SARU = 2, SHIKA = 3.

Every action is a small int. ``state.phase`` says which kind of decision is
pending and ``state.current_player`` who makes it (not always the active
archer: a victim decides on a shield, Kuma's victims choose their discard).

| phase        | who           | actions |
|--------------|---------------|---------|
| P_SETUP      | seat ticking  | TICK + colour: one catch-up box in that flag (a seat's boxes go in different flags) |
| P_ROLL       | active        | ROLL (the first roll, all available dice); after roll 1 or 2: STOP, or REROLL + mask (mask 1..15 over dice positions 0..n_dice-1, non-empty). After roll 3 the phase moves on by itself |
| P_RED        | active        | RED_SKIP, or RED_FIX + die * 6 + face (set die to face): only if the active archer holds a RED token, once a turn, after the last roll |
| P_RESOLVE    | active        | AIM + die * 8 + arrows * 2 + orange: aim ``arrows`` (1-3) unused ARROW dice with the unused colour die ``die``; orange = 1 spends an ORANGE token (only if the aim makes at least one attacking arrow and the colour is not already fury-boosted this turn); FLAG + (colour - 1) * 5 + n: n (2-4) unused dice of that colour to its flag; END_TURN |
| P_SHIELD     | victim        | SHIELD (spend GREEN, lose nothing of this loss event) or NO_SHIELD |
| P_PICK       | active        | PICK + colour: tick one empty circle of that colour (BLACK move twice, BLUE move once) |
| P_STEAL      | active        | STEAL + seat: take the token from that opponent (supply empty) |
| P_KITSUNE    | active        | CHOOSE + GREEN or CHOOSE + BLUE |
| P_SHIKA      | active        | CHOOSE + colour (1-5): the ring's colour |
| P_KUMA_DROP  | victim        | DISCARD + token colour |
| P_KUMA_TAKE  | active (Kuma) | TAKE + token colour (from the supply) |
| P_OVER       | none          | (current_player is TERMINAL) |

The observation (``state.observation(seat)``) is a tuple named by the
``O_*`` indexes below: O_SEAT, O_PHASE, O_CURRENT as in every game, then
O_TABLE, a copy of the state without its Rng (everything in Kyudo is public
but the future dice; the bots simulate on it, and it cannot roll).
``KyudoState.win_reason`` is one of the end reasons WIN_*.

The events (``state.events``: what the last ``apply`` did, for the UI;
cleared by each ``apply``, never saved) are plain tuples, read by the
``E_*`` indexes below: ``event[E_KIND]`` is the kind, ``event[E_SEAT]`` the
archer it is about, then the kind's own fields:

| kind         | fields after E_KIND, E_SEAT |
|--------------|-----------------------------|
| "turn"       | E_ROUND: the seat's turn starts |
| "die_back"   | (Saru's captured die is back: E_SEAT is Saru) |
| "ring_off"   | (Shika's ring is off: E_SEAT is Shika) |
| "roll"       | E_FACES: the faces, a tuple in die order |
| "red"        | E_DIE, E_FACE: the RED token set that die to that face |
| "circle"     | E_COLOUR: a circle ticked |
| "closed"     | E_COLOUR: its last circle ticked |
| "boxes"      | E_COLOUR, E_BOXES: flag boxes ticked (setup included) |
| "flag"       | E_COLOUR, E_CORNER: a corner complete (1-4), its move follows |
| "fury"       | E_COLOUR: an ORANGE token boosts it this turn |
| "attack"     | E_VICTIM, E_ATTACK_COLOUR, E_ATTACK_LOSS: a loss event to come (E_SEAT attacks) |
| "ultimate"   | (4 ARROWs: the Ultimate Combo) |
| "ring"       | E_AMOUNT: the ring's loss to come (E_SEAT, the victim, ended its rolls) |
| "loss"       | E_AMOUNT: spectators actually lost (E_SEAT, the victim) |
| "shield"     | (E_SEAT, the victim, cancelled the loss event with a GREEN token) |
| "eliminated" | (E_SEAT is out) |
| "token"      | E_COLOUR, E_FROM: a token taken from that seat, or -1: the supply |
| "discard"    | E_COLOUR: a token dropped (Kuma's raid) |
| "talent"     | E_CHARACTER, E_CHOICE: the colour chosen (Kitsune, Shika), else 0 |
| "extra"      | E_COLOUR: Kitsune gave E_SEAT a new circle |
| "win"        | E_REASON: one of WIN_* |

Automatic, with no action: the Ultimate Combo (4 ARROW at the end of the
rolls), the Personal Talent trigger (4 different colours), Saru's capture,
the Shika ring loss at an opponent's end of rolls, turn upkeep (Saru's die
back, Shika's ring off), skipping eliminated archers, the win checks.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


ARROW = const(0)
BLACK = const(1)
ORANGE = const(2)
GREEN = const(3)
BLUE = const(4)
RED = const(5)
COLOURS = (BLACK, ORANGE, GREEN, BLUE, RED)
FACE_NAMES = ("ARROW", "BLACK", "ORANGE", "GREEN", "BLUE", "RED")
TOKENS = (ORANGE, GREEN, RED)

KITSUNE = const(0)
KUMA = const(1)
SARU = const(2)
SHIKA = const(3)
CHARACTER_NAMES = ("Kitsune", "Kuma", "Saru", "Shika")

# phases
P_SETUP = const(0)
P_ROLL = const(1)
P_RED = const(2)
P_RESOLVE = const(3)
P_SHIELD = const(4)
P_PICK = const(5)
P_STEAL = const(6)
P_KITSUNE = const(7)
P_SHIKA = const(8)
P_KUMA_DROP = const(9)
P_KUMA_TAKE = const(10)
P_OVER = const(11)

# actions
ROLL = const(0)
STOP = const(1)
REROLL = const(2)  # + mask 1..15          -> 3..17
RED_SKIP = const(18)
RED_FIX = const(20)  # + die * 6 + face     -> 20..43 (the action; RED is the colour 5)
AIM = const(50)  # + die * 8 + arrows * 2 + orange -> 52..81
FLAG = const(85)  # + (colour - 1) * 5 + n  -> 87..109
END_TURN = const(110)
SHIELD = const(111)
NO_SHIELD = const(112)
PICK = const(120)  # + colour
STEAL = const(130)  # + seat
CHOOSE = const(140)  # + colour
DISCARD = const(150)  # + token colour
TAKE = const(160)  # + token colour
TICK = const(170)  # + colour

# the observation's fields (state.observation(seat)[O_*])
O_SEAT = const(0)  # the observing seat
O_PHASE = const(1)
O_CURRENT = const(2)  # current_player (TERMINAL once over)
O_TABLE = const(3)  # a KyudoState without its Rng: the whole public table

# the events' fields (state.events[i][E_*]; the kinds above)
E_KIND = const(0)  # every event: its kind, a str ("roll", "loss", ...)
E_SEAT = const(1)  # every event: the archer it is about (see the kinds)
E_ROUND = const(2)  # "turn"
E_FACES = const(2)  # "roll"
E_DIE = const(2)  # "red"
E_FACE = const(3)  # "red"
E_COLOUR = const(2)  # "circle", "closed", "boxes", "flag", "fury", "token", "discard", "extra"
E_BOXES = const(3)  # "boxes"
E_CORNER = const(3)  # "flag"
E_VICTIM = const(2)  # "attack"
E_ATTACK_COLOUR = const(3)  # "attack"
E_ATTACK_LOSS = const(4)  # "attack"
E_AMOUNT = const(2)  # "ring", "loss"
E_FROM = const(3)  # "token"
E_CHARACTER = const(2)  # "talent"
E_CHOICE = const(3)  # "talent"
E_REASON = const(2)  # "win"

# end reasons (state.win_reason once over; -1 before)
WIN_TARGET = const(0)  # target complete with the most spectators (R20.2)
WIN_LAST = const(1)  # last archer standing (R20.1)
WIN_CAP = const(2)  # the round cap (G22)


def describe(action: int) -> str:
    """A short plain-English name for an action (logs, the terminal player)."""
    n = FACE_NAMES
    if action == ROLL:
        return "roll"
    if action == STOP:
        return "stop"
    if REROLL < action <= REROLL + 15:
        m = action - REROLL
        return "reroll dice " + ",".join(str(i + 1) for i in range(4) if m & (1 << i))
    if action == RED_SKIP:
        return "keep the dice"
    if RED_FIX <= action < RED_FIX + 24:
        d, f = divmod(action - RED_FIX, 6)
        return "RED token: die %d to %s" % (d + 1, n[f])
    if AIM <= action < AIM + 32:
        d, r = divmod(action - AIM, 8)
        arrows, orange = divmod(r, 2)
        return "aim %d arrow%s with die %d%s" % (arrows, "s" if arrows > 1 else "", d + 1, " + ORANGE fury" if orange else "")
    if FLAG <= action < FLAG + 25:
        c, k = divmod(action - FLAG, 5)
        return "%d %s to the flag" % (k, n[c + 1])
    if action == END_TURN:
        return "end the turn"
    if action == SHIELD:
        return "use the GREEN shield"
    if action == NO_SHIELD:
        return "take the loss"
    if PICK <= action < PICK + 6:
        return "tick a %s circle" % n[action - PICK]
    if STEAL <= action < STEAL + 4:
        return "steal from archer %d" % (action - STEAL + 1)
    if CHOOSE <= action < CHOOSE + 6:
        return "choose %s" % n[action - CHOOSE]
    if DISCARD <= action < DISCARD + 6:
        return "discard the %s token" % n[action - DISCARD]
    if TAKE <= action < TAKE + 6:
        return "take the %s token" % n[action - TAKE]
    if TICK <= action < TICK + 6:
        return "tick the %s flag" % n[action - TICK]
    return "action %d" % action
