"""The players.  ``dispatch.py`` is the one place that reads a seat's bot kind:
the engine asks it each decision (discard, claim, own kong, take a win) and it
calls that bot.  ``greedy.py`` and ``random_bot.py`` are the baselines,
``smart/`` the default player; ``spec.py`` parses ``--bots``.  Bots import only
the table below them (ruian_sim.table): what a seat sees."""
