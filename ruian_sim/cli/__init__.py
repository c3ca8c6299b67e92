"""The `ruian-sim` command.  Exit codes: 0 done, 1 environment failure, 2 bad input,
3 done but nothing found (`sweep --solve` with no answer in the range), 130 interrupted, 143 terminated.

Laid out as the commands are: ``main`` (the parser's top and the exit-code
contract), ``options`` (the parser class, shared argument types and the
help-examples helper), ``notices`` (what long commands tell stderr), and
``commands/`` (one module a command, registered in ``commands/__init__``).
Each imports only downward: main → commands → notices, options."""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
