"""A rule set compiled for play: every read-only array the kernels take, built
once (engine/compile.py builds it, learning the smart bot's tables first when
they are needed; a Simulator then only allocates what it plays in).

    spec          the rules as numbers: the engine's P, the hand parameters and
                  lookup tables, the scoring table (table/spec.compile_rules)
    kernel_rules  the bundle every kernel reads (table/state.Rules)
    programs      the value and gate, compiled (table/programs.programs)
    targets       the patterns the table pays for, as the smart bot's targets
    danger        the smart bot's learned tables (bots/smart/danger.py)
    values        the rules' values the bots read (bots/smart/values.bot_values)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bots.smart.values import bot_values, pattern_targets
from ..hand.layout import GROUP_LEN, GROUP_START, HS_B
from ..ruleset import RuleSet
from ..table import layout as L
from ..table.spec import KernelSpec, compile_rules
from ..table.state import Programs, Rules
from ..table.programs import programs


@dataclass(frozen=True, eq=False)
class Game:
    spec: KernelSpec
    kernel_rules: Rules
    programs: Programs
    targets: np.ndarray
    danger: dict                 # the tables the values were made with
    learned: bool                # they are these rules' own (or given on purpose): the smart bot may play
    values: np.ndarray | None    # None below three seats (no bot reads them there)

    @property
    def rules(self) -> RuleSet:
        return self.spec.rules


def key_steps(hs: np.ndarray) -> np.ndarray:
    """pw[f]: how much face f adds to its group's key (B ** rank)."""
    B = int(hs[HS_B])
    pw = np.zeros(L.N_FACE, np.int64)
    for start, length in zip(GROUP_START, GROUP_LEN):
        for r in range(length):
            pw[start + r] = B**r
    return pw


def build_game(rules: RuleSet | KernelSpec, danger: dict, learned: bool) -> Game:
    """The game of these rules, its bots' values made with these tables
    (``learned``: the rules' own; else the prior, for bots that read none)."""
    spec = rules if isinstance(rules, KernelSpec) else compile_rules(rules)
    t = spec.table
    values = bot_values(spec.rules, danger) if spec.seats >= 3 else None
    return Game(spec, Rules(spec.P, spec.hs, spec.tabs, key_steps(spec.hs)), programs(t, spec.rules.scoring, spec.rules.wild.max_in_pung),
                pattern_targets(t, spec.rules.deal.hand_size // 3), danger, learned, values)
