"""How to play Kendo Duel: (title, body, chips) pages for the device help."""

PAGES = (
    ("Goal",
     "Duel (2-4): 12 cards, never drawn again; switch up to 2 at the start."
     " An empty hand after an exchange puts you out. The last with cards"
     " wins. Nobody can attack? All take a spent Basic (Rearm)."
     " Competition (2): first to 2 ippon.",
     ("kendo_howto", b"\xff\x00\xff\x19\xff\x1c")),
    ("Attacking",
     "With the initiative you must attack a rival: MEN, KOTE, DO or TSUKI,"
     " alone or with one JODAN or SEME, or TAIATARI or MAKI AGE alone. After"
     " a block or a failed answer, the last striker attacks next.",
     ("kendo_howto", b"\x00\x00\x00\x1c")),
    ("Answering",
     "You must answer if you can. Block a strike with the same basic card"
     " (MEN on MEN), or play a counter that starts with that part: its"
     " second part strikes back and your rival must answer. Can't? The"
     " striker pulls 2 random cards.",
     ("kendo_howto", b"\x00\x01\x01\x12\x00\x02")),
    ("Guard cards",
     "Parry (TSUBAZERIAI, BOGYO) blocks any strike and is the only answer to"
     " TAIATARI or MAKI AGE (no parry: lose 1 card). Deflect (TAI SABAKI,"
     " KAMAE, FUDOSHIN) deflects a strike, ends the exchange and wins you the"
     " initiative.",
     ("kendo_howto", b"\x00\x00\x01\x24")),
    ("Reinforcing",
     "Answer JODAN or SEME first: cancel it with MUSHIN, SEIGAN or a"
     " deflect, or reflect it with your own JODAN or SEME. Can't? Your rival"
     " pulls 1 random card. Then answer the strike. Pulled cards join the"
     " puller's hand.",
     ("kendo_howto", b"\x00\x00\x00\x1e\x01\x20\x01\x04")),
    ("Competition",
     "Cards refill; no one is out. Fail a strike: rival gets an ippon. Fail"
     " TAIATARI or MAKI AGE: a hansoku; each 2nd gives an ippon. Who gave it"
     " attacks next. Over 12: discard to 12. JIKAN DESU: the leader wins; if"
     " tied, next ippon.",
     ("kendo_howto", b"\x00\x00\x01\xfe")),
    ("Controls",
     "A chooses, B goes back, X/Y move. X from the first item: the table's"
     " cards (Y: you played it)."
     " Glyphs: sword basic, arrows counter, plus JODAN/SEME, circle cancel,"
     " chevrons deflect, shield parry, burst.",
     ("kendo_howto", b"\xff\x00\xff\x12\xff\x1c\xff\x20\xff\x26\xff\x2d\xff\x30")),
)
