"""How to play Kyudo: (title, body) pages for the on-device help screen."""

PAGES = (
    ("Goal",
     "You start with 20 spectators; at 0 you are out. Tick every circle of"
     " your target (4 in each ring: BLACK outside to RED in the middle) while no rival has more"
     " spectators than you - a tie is enough. Or be the last archer left."),
    ("A turn",
     "Roll the 4 dice up to 3 times. Before each new roll, pick the dice to"
     " roll again (even ones you kept). Then split the final dice into"
     " combos and play them one at a time. Each die goes in one combo only.",
     ("kyudo", (24, 54, 84, 114, 144), 10)),
    ("Arrows",
     "ARROW dice plus one colour die tick 1 circle of that colour per arrow."
     " A full colour is closed; arrows at it hit each rival who has it open:"
     " BLACK, ORANGE cost 1 spectator, GREEN, BLUE 2, RED 3. 4 ARROWs: each"
     " rival loses 4.",
     ("kyudo", (12, 12, 24), 10)),
    ("Flags",
     "2 or more dice of one colour tick that many boxes in its flag. Every 3"
     " boxes (BLUE, RED: 2) give its bonus, 4 times at most. BLACK: tick"
     " any 2 circles. BLUE: any 1. ORANGE, GREEN, RED: take that token from the supply, or steal"
     " it."),
    ("Tokens",
     "RED: after your last roll, set one die to any face. ORANGE: as you aim"
     " at a colour you closed, each arrow there costs 4 this turn. GREEN: a"
     " shield - discard it to lose nothing from one hit."),
    ("Talents",
     "4 different colours trigger your talent. Kitsune: rivals add a BLUE or"
     " GREEN circle. Kuma: rivals drop a token, you take 1. Until your next"
     " turn, Saru: rivals roll 3 dice; Shika: rivals lose 1 per die of the"
     " colour you ring."),
    ("Controls",
     "Shapes: BLACK square, ORANGE diamond, GREEN triangle up, BLUE triangle"
     " down, RED plus. After a roll the cursor is on die 1: A keeps (a"
     " padlock) or frees it and goes on, then Roll. X: from a die to Roll and"
     " back. Log: past turns."),
)
