"""How to play Okko: Oni Hunters: (title, body) pages for the device help."""

PAGES = (
    ("Goal",
     "Lead two heroes over three boards to the Court of Pajan: 16"
     " face-down tokens, 3 of them Oni. Flip all 3 to win; a courtier loses,"
     " unless a Spirit Jar saves you. Computer partners: Steady recalls its"
     " peeks, Forgetful loses 1 in 4."),
    ("A turn",
     "Reveal an enemy at the end of the line and draw a card. You may trade"
     " 1 card with your partner. Then take one action for 1 day: draw 2"
     " cards, play a Special card, fight, do encounters, or move. Summons"
     " and Jars are free extras."),
    ("Days",
     "A board ends when the day track hits 20 or its final boss falls: 2"
     " peeks and a Spirit Jar. 5 enemies in line cost 1 more day a turn, 7"
     " cost 2 (board 2: 6 cost 2 until its middle boss falls). Up to 2 unused"
     " days carry over."),
    ("Fighting",
     "Fight the newest enemy first, then more if you wish; bosses fight the"
     " same way. Use Allies or your healthy hero, plus Equipment: both Fight"
     " and Investigate totals must reach the enemy's. A hero who fights is"
     " injured for a turn.", ("okko", (189, 44, 45, 46, 47, 48), 12)),
    ("Moving",
     "The map: places 1-6; yours is filled, with your pawn; a boss's is red"
     " with horns. Pay to leave, beat its boss. Flip exploration cards and"
     " bank the total; at the arrow's value you move. A FAIL loses the"
     " turn's total.", ("okko", (7, 1, 13, 19), 12)),
    ("Encounters",
     "Do encounters in order, discarding just the cards asked; one card can"
     " count for its kind and its element. All done: a peek. Every 6th enemy"
     " beaten: a peek. Only you see it, so remember it - some cards turn"
     " the Court right.", ("okko", (49, 50, 51, 52, 53), 12)),
    ("Controls",
     "A selects or marks a card; B goes back, hold B to pause; X/Y move. On"
     " the Court's grid X goes right a column, Y down a row. A peek"
     " shows 3 s or until a key; in pass and play the peeker gets the device"
     " first.", ("okko", (66, 67, 68, 69, 64), 12)),
)
