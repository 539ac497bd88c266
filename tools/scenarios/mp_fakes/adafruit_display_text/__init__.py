"""Stand-in for the adafruit_display_text package (see label.py)."""
