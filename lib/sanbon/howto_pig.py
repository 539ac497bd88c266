"""How to play the demo game, Pig."""
PAGES = (
    ("Goal", "Be the first to bank 30 points."),
    ("A turn", "Roll the die as often as you like. Each roll adds to your turn total. Hold to bank the turn total."),
    ("Watch out", "Roll a 1 and you lose the turn total, and the turn passes on."),
    ("Controls", "X/Y choose Roll or Hold, A confirms. Hold B for the pause menu."),
)
