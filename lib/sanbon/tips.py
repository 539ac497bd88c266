"""The first-game guide: a short tip the first time a player meets each
kind of decision of a game (its engine's phase), saying what to do and what
the words on the screen mean. Loaded only to show a tip, then dropped.

Which tips were shown is kept in the settings (two bytes a game: a bit per
phase), so each shows once per device; Settings turns tips off, or shows
them again. A tip is a note at the bottom (``App.toast``): the next press
takes it away and does what it always does, so a tip never costs a press.
Each tip fits three lines of the 240x135 screen (36 characters each). It
shows in the pass after the one that met the decision, so the move's own
screen is drawn first.
"""

# "<game id> <phase> <tip>" lines, every phase a person can meet, in the
# game's words. Bytes, not str: an .mpy's str constants are interned for
# good when the module loads (the pool stays until code.py restarts), its
# bytes constants are objects that go with the module.
_TIPS = (
    b"1 0 Before the first turn, each archer ticks a catch-up box in a flag: pick its colour.\n"
    b"1 1 Roll up to 3 times. Between rolls A keeps a die (padlock) or frees it; X jumps to Roll.\n"
    b"1 2 Your RED token sets one die to any face, once: pick the die and face, or go on without.\n"
    b"1 3 Play the dice in combos: ARROWs with one colour die aim at a circle; 2+ of a colour fill its flag.\n"
    b"1 4 You are hit. A GREEN token is a shield: spend it and this hit costs you no spectators.\n"
    b"1 5 A flag bonus lets you tick an empty circle of your choice: pick its colour.\n"
    b"1 6 The supply has no token of this colour: take it from a rival who has one.\n"
    b"1 7 Kitsune's talent: every rival adds a circle to their target. Pick BLUE or GREEN.\n"
    b"1 8 Shika's talent: ring a colour. Till your next turn, rivals lose 1 spectator per die of it.\n"
    b"1 9 Kuma's talent: you must drop one of your tokens. Pick the one you need least.\n"
    b"1 10 Kuma's talent: take one token from the supply.\n"
    b"2 0 You may switch up to 2 cards (A marks one) for new ones from their piles, or choose Keep hand.\n"
    b"2 1 Attack: pick a rival and a strike (MEN, KOTE, DO, TSUKI), plus JODAN or SEME if you like.\n"
    b"2 2 Answer the strike: block with the same card, a counter, a parry or a deflect. None: lose cards.\n"
    b"2 4 Over 12 cards after the refill: put cards on the discard pile until 12 are left.\n"
    b"3 0 Pick your hero. Each has a power, shown on the line below.\n"
    b"3 1 An enemy came that makes you throw away a card: pick which.\n"
    b"3 2 You may give your partner one card and take one of theirs, then go on.\n"
    b"3 3 Your action for the day: draw, fight, encounter or move. Summons and Jars are free extras.\n"
    b"3 4 Mark cards (A) until Fight and Investigate reach the enemy's, then choose Fight!\n"
    b"3 5 Mark exactly the cards the encounter asks for. All done: you peek at the Court.\n"
    b"3 6 Mark cards worth the exit cost to leave this place, then choose Pay.\n"
    b"3 7 Flip cards and add them up; stop to bank. A FAIL loses this turn's total.\n"
    b"3 8 Flip cards to summon: stop before a FAIL to keep what you flipped.\n"
    b"3 9 Pick the reward: every hero draws cards, or a free support card.\n"
    b"3 10 Peek at a face-down token of the Court: only you see it, so remember it.\n"
    b"3 12 Turn over the Court's tokens: find the 3 Oni. A courtier loses the game.\n"
)


def text(gid, phase):
    """The tip of ``phase`` in game ``gid``, or None."""
    for line in _TIPS.split(b"\n"):
        space = line.find(b" ")
        space2 = line.find(b" ", space + 1)
        if space2 > 0 and int(line[:space]) == gid and int(line[space + 1:space2]) == phase:
            return "Tip: " + str(line[space2 + 1:], "utf-8")
    return None
