"""How to play Kendo Duel: (title, body) pages for the device help."""

PAGES = (
    ("Goal",
     "Duel (2-4): you get 12 cards and never draw more; you may swap up to 2"
     " at the start. An empty hand after an exchange puts you out. The last"
     " one with cards wins. Competition (2): first to 2 ippon wins."),
    ("Attacking",
     "With the initiative you must attack a rival. Open with MEN, KOTE, DO or"
     " TSUKI, alone or with one JODAN or SEME, or with TAIATARI or MAKI AGE"
     " alone. After a block or a failed answer, the last striker attacks"
     " next."),
    ("Answering",
     "You must answer if you can. Block a strike with the same basic card"
     " (MEN on MEN), or play a counter that starts with that part: its"
     " second part strikes back and your rival must answer. Can't? The"
     " striker pulls 2 random cards."),
    ("Guard cards",
     "Parry (TSUBAZERIAI, BOGYO) blocks any strike and is the only answer to"
     " TAIATARI or MAKI AGE (no parry: lose 1 card). Deflect (TAI SABAKI,"
     " KAMAE, FUDOSHIN) dodges a strike, ends the exchange and wins you the"
     " initiative."),
    ("Reinforcing",
     "Answer JODAN or SEME first: cancel it with MUSHIN, SEIGAN or a"
     " deflect, or reflect it with your own JODAN or SEME. Can't? Your rival"
     " pulls 1 random card. Then answer the strike. Pulled cards join the"
     " puller's hand."),
    ("Competition",
     "Hands refill; no one is out. Fail a strike: your rival gets an"
     " ippon. Fail TAIATARI or MAKI AGE: a hansoku (H); every 2nd is an"
     " ippon for your rival. Who concedes one opens. JIKAN DESU: the leader"
     " wins; if tied, the next ippon."),
    ("Controls",
     "A selects or confirms. B goes back. Hold B for the pause menu. X and Y"
     " move (the D-pad on the PicoSystem). A on a grey card says why it"
     " can't be played. Pass the device when the hand-over screen asks."),
)
