"""Sanbon's game engine: rules, computer opponents and save encoding.

Pure Python in the CircuitPython subset. No hardware, display, clock or file
access; randomness comes from an engine.rng.Rng passed in.
"""
