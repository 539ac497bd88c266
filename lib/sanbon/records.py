"""A game's record, for "Share game": loaded only when a record is made.

The record is ``b"SR"``, RECORD_FORMAT, the game id, the engine's save
version (the second byte of its state bytes), the setup's length and bytes,
the seed (u32) and every action since the start (u16 each): what
tools/replay.py plays back. It is written to the serial console as one line,
``SANBON-RECORD <base64>``.
"""

RECORD_FORMAT = 1


def record(session):
    """The session's game as record bytes, or None if it was not recorded (a
    game continued from a save without its actions, or too long)."""
    if session.log is None or session.seed is None:
        return None
    cfg = session.config.to_bytes()
    ver = session.state.to_bytes()[1]
    head = bytes((83, 82, RECORD_FORMAT, session.info.id, ver, len(cfg)))
    return b"".join((head, bytes(cfg), session.log_section()))


def share(app):
    """Write the game's record to the serial console and say so."""
    session = app.session
    rec = record(session) if session is not None else None
    if rec is None:
        app.toast("This game has no record (too long, or from an older save).", 3000)
        return
    import binascii

    print("SANBON-RECORD " + binascii.b2a_base64(rec).decode().strip())
    app.toast("Record written to the serial console (%d moves)." % ((len(rec) - 10 - rec[5]) // 2), 3000)
