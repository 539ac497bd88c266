import sys

from tools.art import main

sys.exit(main())
