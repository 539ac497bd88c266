# Sanbon: CircuitPython runs this file at power-on. Pick the board, start the app.
import sys

if sys.implementation.name != "cpython" or __name__ == "__main__":
    import boards
    from sanbon.app import main

    board, note = boards.start()
    main(board, note=note)
