"""Running the compiled engine from Python: allocate once, play many matches."""

from __future__ import annotations

import numpy as np

from ..bots import layout as BL
from ..bots.spec import DEFAULT_BOT, parse_bots, reads_tables, resolve_margin, resolve_value
from ..errors import UserError
from ..ruleset import RuleSet
from ..table import layout as L
from ..table.records import to_structured
from ..table.programs import gate_is_minimum
from .arrays import new_search, new_state, value_work
from .game import Game
from .match import play_matches
from .opening import open_hand
from .phases import step
from .turn_state import PH_END, PH_TOP, new_turn, start_turns

# Matches per kernel call: Python (and so Ctrl-C) gets control back between
# calls, about every few hundred hands.
MATCHES_PER_CALL = 128


class EngineError(UserError):
    """The kernel reached a state the rules should have made impossible."""

    in_play = True   # led by the formula it names, the CLI tells it at its line (ruleset.located)

    def __init__(self, code: int, rules: RuleSet, seed: int, match: int, hand: int, bits: int = 0,
                 bots: str | None = None):
        self.code, self.match, self.hand = code, match, hand
        w, d = rules.wall, rules.deal
        what = L.ERR_NAMES[code]
        lead = ""
        involved = (f"Rules involved: tiles {rules.tiles.total}, wall.dead_stacks {w.dead_stacks}, "
                    f"wall.dead_odd_single {str(w.dead_odd_single).lower()}, wall.haidi_tiles {w.haidi_tiles}, "
                    f"deal.hand_size {d.hand_size}, table.seats {rules.table.seats}. ")
        if code == L.ERR_FORMULA:
            from ..scoring.layout import FE_NAMES

            what += ": " + "; ".join(text for bit, text in FE_NAMES if bits & bit)
            involved = ("Rules involved: scoring.value, scoring.gate and scoring.hand (a formula may not "
                        "overflow, divide by zero or take a negative power in any hand). ")
            formulas = [k for k in ("value", "gate", "hand") if k in rules.scoring]
            if len(formulas) == 1:   # then it is the one: named first, the CLI puts it at its line
                lead, involved = f"scoring.{formulas[0]}: ", ""
        super().__init__(
            f"{lead}the engine stopped in match {match}, hand {hand} (seed {seed}): {what}. {involved}"
            f"Replay it with: ruian-sim play{_replay_options(rules, bots)} --seed {seed} --match {match} --hand {hand}")


def _replay_options(rules: RuleSet, bots: str | None) -> str:
    """The --rules and --bots that play the same hand (a user's file by its path)."""
    from ..ruleset.locate import is_builtin

    last = rules.files[-1] if rules.files else None
    where = rules.name if last is None or is_builtin(last) else last
    return f" --rules {where}" + (f" --bots {bots}" if bots else "")


class Simulator:
    """Plays matches of one compiled game (engine/compile.py) with one choice of bots.

        >>> sim = Simulator(compile_game(load_rules("ruian"), "greedy"), bots="greedy")
        >>> records = sim.play(seed=1, first_match=0, matches=10)

    ``engine.compile.simulator(rules, bots)`` does both steps."""

    def __init__(self, game: Game, bots: str | list[str] | None = DEFAULT_BOT):
        self.game = game
        self.spec = game.spec
        self.bots, self.bot_names = parse_bots(bots, self.spec.players)
        self._bots_arg = bots if isinstance(bots, str) or bots is None else ",".join(bots)
        minimum = gate_is_minimum(self.spec.table)
        resolve_margin(self.bots, self.spec.P[L.EP_WIN_DISCARD] == 1, minimum)
        resolve_value(self.bots, minimum)
        if reads_tables(bots, self.spec.players) and not game.learned:
            raise ValueError("a bot that reads the tables learned for the rules (smart) plays a game compiled "
                             "with them: compile_game(rules, bots) with the bots that play")
        searching = bool((self.bots[:, BL.BP_KIND] == BL.BOT_SEARCH).any())
        if searching:
            from ..table.points import unsupported

            missing = unsupported(self.spec.rules)
            if missing:
                raise UserError(f"--bots: search cannot play these rules: its playouts do not settle {missing} yet")
        if game.values is not None:
            # every bot gets the rules' values; the smart bot reads them
            self.bots[:, BL.BP_V0:BL.BP_V0 + BL.N_VALUES] = game.values
        # the compiled rules (read-only), then the state and scratch every hand reuses
        self.kernel_rules = game.kernel_rules
        self.state, self.work = new_state(self.spec)
        self.turn = new_turn()
        # the search player's table, None where no seat searches: the hand loop is then compiled
        # without the search (numba prunes the branch on a None argument)
        self.search = new_search(self.spec) if searching else None
        self.values = value_work(game)
        self._nolog = np.zeros((1, L.EV_FIELDS), np.int64)
        self._seat_player = np.zeros(self.spec.seats, np.int64)
        # matches the hand bound stopped before they ended (table/spec.py UNCAPPED_TERMS), over
        # every play() so far: a runner reads it before and after a chunk and reports it
        self.cut_matches = 0

    @property
    def rules(self) -> RuleSet:
        return self.spec.rules

    def play_raw(self, seed: int, first_match: int, matches: int) -> np.ndarray:
        """int64 rows for matches first_match .. first_match + matches - 1."""
        out = list(self._batches(seed, first_match, matches, np.copy))
        return np.concatenate(out) if out else np.zeros((0, self.spec.n_columns), np.int64)

    def _batches(self, seed: int, first_match: int, matches: int, keep):
        """``keep(rows)`` of each kernel call's rows, in order (``rows`` is a view
        of a buffer the next call overwrites)."""
        cap = self.spec.max_hands_per_match
        done = 0
        # one buffer for every batch, its used rows copied out and cleared: a fresh
        # one per batch had the kernel zero pages for rows a match seldom fills
        # (16 a match, about 5 played), a tenth of random bots' time
        per_call = max(1, min(4096 // cap, MATCHES_PER_CALL))
        if self.search is not None:
            # a searched match takes seconds to minutes: one a call, so Ctrl-C and SIGTERM
            # (answered between calls) are answered within a match
            per_call = 1
        recs = np.zeros((min(matches, per_call) * cap, self.spec.n_columns), np.int64)
        while done < matches:
            batch = min(matches - done, per_call)
            rows, played, err, cut = play_matches(np.uint64(seed), first_match + done, batch, self.bots,
                                                  self.kernel_rules, self.state, self.turn, self.search, self.work,
                                                  self.values, recs, self._nolog, self._seat_player, self._nolog, -1)
            self._check(err, seed, recs, rows)
            self.cut_matches += int(cut)
            yield keep(recs[:rows])
            recs[:rows + cap] = 0   # and a match's worth past them, in case one was begun
            done += played

    def _check(self, err: int, seed: int, recs: np.ndarray, rows: int) -> None:
        if err:
            raise EngineError(int(err), self.spec.rules, seed, int(recs[rows, L.C_MATCH]),
                              int(recs[rows, L.C_HAND]), int(self.state.table.H[L.H_ERR_BITS]), self._bots_arg)

    def play(self, seed: int, first_match: int = 0, matches: int = 1) -> np.ndarray:
        """Named hand records (a structured array) for these matches."""
        # named batch by batch: the int64 rows are twice the size of the named ones
        # (most fields fit int32), and a whole run of them held at once set the peak
        # memory (random bots on taiwanese, every match at its hand cap: 462 MB)
        out = list(self._batches(seed, first_match, matches, lambda rows: to_structured(rows, self.spec.seats)))
        return np.concatenate(out) if out else to_structured(np.zeros((0, self.spec.n_columns), np.int64),
                                                             self.spec.seats)

    def replay(self, seed: int, match: int, hand: int, max_events: int = 4096):
        """Play match ``match`` up to hand ``hand`` and return (records of the
        match so far, that hand's event log, the final state.State), or None
        when the match ends before that hand."""
        cap = self.spec.max_hands_per_match
        recs = np.zeros((cap, self.spec.n_columns), np.int64)
        log = np.zeros((max_events, L.EV_FIELDS), np.int64)
        rows, _, err, _ = play_matches(np.uint64(seed), match, 1, self.bots, self.kernel_rules, self.state,
                                       self.turn, self.search, self.work, self.values, recs, log, self._seat_player,
                                       self._nolog, hand)
        self._check(err, seed, recs, rows)
        if rows <= hand:
            return None
        events = log[1:log[0, 0] + 1].copy()
        return to_structured(recs[:rows], self.spec.seats), events, self.state

    def steps(self, seed: int, match: int, kind: int):
        """The first hand of match ``match``, one phase at a time, every seat
        played by bot kind ``kind`` (bots/layout BOT_*) with its parameters:
        yields (phase, state, turn, wk) before each step.  The state is a copy,
        the one played on: copy it again to try a decision on it.  For tests
        and tools that stop a hand at a decision (tools/search_audit.py)."""
        st, rules = copied(self.state), self.kernel_rules
        st.bots.bp[:] = self.bots
        st.bots.bp[:, BL.BP_KIND] = kind
        T = self.turn.T.copy()
        wk = open_hand(np.uint64(seed), match, 0, 0, 1, 0, rules, st.wall, st.seats, st.table, st.bots, self.work,
                       self._nolog)
        start_turns(T, 0, int(rules.P[L.EP_DEALER_EXTRA]), 10_000)
        rec = np.zeros(self.spec.n_columns, np.int64)
        phase = PH_TOP
        while phase != PH_END:
            yield phase, st, T, wk
            phase = step(phase, T, 0, rules, st.wall, st.seats, st.table, st.bots, self.work, self.values, rec,
                         self._nolog)


def copied(state):
    """A copy of every array of a state.State."""
    return type(state)(*(type(b)(*(a.copy() for a in b)) for b in state))
