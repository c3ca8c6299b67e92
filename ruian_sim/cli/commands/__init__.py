"""The registry: every `ruian-sim` command, in the order `--help` lists them.
Each module has ``register(sub)``, which adds its parser and sets ``func``."""

from . import compare, duel, hand, play, report, rules, run, serve, session, sweep, validate

COMMANDS = (validate, rules, hand, play, run, compare, duel, session, report, sweep, serve)
