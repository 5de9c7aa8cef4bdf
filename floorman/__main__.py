import sys

from floorman.cli import main

sys.exit(main())
