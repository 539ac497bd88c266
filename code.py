# Sanbon: CircuitPython runs this at power-on: check the firmware, pick the board, start the app.
import sys

if sys.implementation.name != "cpython" or __name__ == "__main__":
    v = sys.implementation.version
    if sys.implementation.name == "circuitpython" and v[0] != 10:  # our .mpy files are for 10
        import board

        print("Sanbon needs CircuitPython 10.x, not %d.%d.%d: see circuitpython.org/board/%s/" % (v[:3] + (board.board_id,)))
    else:
        import boards
        from sanbon.app import main

        board, note = boards.start()
        if board:  # else boards.start() said why
            main(board, note=note)
