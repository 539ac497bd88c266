import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# On the device, CIRCUITPY/ and CIRCUITPY/lib are on sys.path; mirror that.
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)
