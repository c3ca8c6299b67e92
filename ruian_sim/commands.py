"""Simulation subcommands (hand, play, run, compare, report, session).

Kept apart from cli.py so that each command's wiring stays next to its peers
and cli.py only owns argument parsing for rules and the exit-code contract.
"""

from __future__ import annotations


def register(sub, add_rules_args) -> None:
    """Add the simulation subcommands to the `ruian-sim` parser."""
