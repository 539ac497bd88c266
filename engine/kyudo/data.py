"""Kyudo: every tunable number in one table (rules digest, section 6).

Per-colour tables are tuples indexed by the face/colour ints of
engine/kyudo/actions.py: index 0 is ARROW (unused), then BLACK, ORANGE,
GREEN, BLUE, RED.
"""

#                  ARROW BLACK ORANGE GREEN BLUE RED
CIRCLES = (0, 4, 4, 4, 4, 4)  # circles per colour on a fresh sheet (G1)
CORNER_SIZE = (0, 3, 3, 3, 2, 2)  # flag boxes per corner (R12; G2)
ATTRACTIVENESS = (0, 1, 1, 2, 2, 3)  # spectators lost per attacking arrow (R10)
MOVE_PICKS = (0, 2, 0, 0, 1, 0)  # empty circles ticked by the BLACK / BLUE move (R13)
CORNERS = 4  # corners per flag: each move at most 4 times a game (R12)

START_SPECTATORS = 20  # R1
ORANGE_LOSS = 4  # fury: spectators lost per attacking arrow (R14)
ULTIMATE_LOSS = 4  # Ultimate Combo: each opponent loses this (R15)
RING_LOSS = 1  # Shika's ring: per matching face (R22)
SETUP_TICKS = (0, 1, 2, 3)  # catch-up flag boxes by turn-order position (setup 5)
MAX_ROLLS = 3  # R4
ROUND_CAP = 60  # G22: after this many rounds the game ends
MAX_CIRCLES = 255  # storage limit for a colour's circles (Kitsune adds them, G17)
