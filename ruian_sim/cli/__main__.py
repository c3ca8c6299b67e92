"""`python -m ruian_sim.cli`: the same as the `ruian-sim` command."""

import sys

from .main import main

sys.exit(main())
