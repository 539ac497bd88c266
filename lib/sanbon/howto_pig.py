"""How to play the demo game, Pig."""
PAGES = (
    ("Goal", "Be the first to bank 30 points.", ("pig", (7,))),
    ("A turn", "Roll the die as often as you like.\nEach roll adds its points to your turn total.\nHold to bank your turn total.", ("pig", (2, 3, 4, 5, 6))),
    ("Watch out", "Roll a 1 and you lose your turn total.\nThen the turn passes on.", ("pig", (1,))),
    ("Controls", "#Buttons\nX/Y: choose Roll or Hold.\nA: do it.\nHold B: the pause menu."),
)
