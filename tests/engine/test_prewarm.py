"""The cold start's helper process (engine/prewarm.py) and the optimisation of
each kernel's whole program once, at its entry (jit._optimise_at_the_entry)."""

import subprocess
import sys
import time

import pytest
from numba import njit
from numba.core import compiler
from numba.core.compiler_machinery import FunctionPass, PassManager, register_pass
from numba.core.dispatcher import Dispatcher
from numba.core.typed_passes import NopythonTypeInference

from ruian_sim.engine import prewarm
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load


@register_pass(mutates_CFG=False, analysis_only=True)
class _StopAfterTyping(FunctionPass):
    _name = "stop_after_typing"

    def __init__(self):
        FunctionPass.__init__(self)

    def run_pass(self, state):
        raise compiler._EarlyPipelineCompletion(state.typemap)


class _TypeOnly(compiler.CompilerBase):
    """numba's front end and type inference, nothing after: typing a kernel asks
    for each kernel it calls with the argument types it passes."""

    def define_pipelines(self):
        pm = PassManager("type only")
        for cls, desc in compiler.DefaultPassBuilder.define_untyped_pipeline(self.state).passes:
            pm.add_pass(cls, desc)
        pm.add_pass(NopythonTypeInference, "type inference")
        pm.add_pass(_StopAfterTyping, "stop")
        pm.finalize()
        return [pm]


def asked_by_play_hand(sim, monkeypatch):
    """{kernel name: argument types} of every kernel play_hand's typing asks for."""
    import numba
    from numba import types as nt

    from ruian_sim.engine.turn import play_hand

    asked = {}
    plain = Dispatcher.get_call_template

    def record(self, args, kws):
        asked.setdefault(prewarm._name(self), set()).add(tuple(args))
        return plain(self, args, kws)

    monkeypatch.setattr(Dispatcher, "get_call_template", record)
    T, i64 = numba.typeof, numba.int64
    st = sim.state
    args = (nt.uint64, i64, i64, i64, i64, i64, T(sim.kernel_rules), T(st.wall), T(st.seats), T(st.table),
            T(st.bots), T(sim.turn), nt.none, T(sim.work), T(sim.values), nt.int64[::1], nt.int64[:, ::1])
    compiler.compile_extra(play_hand.typingctx, play_hand.targetctx, play_hand.py_func, args, None,
                           compiler.Flags(), {}, pipeline_class=_TypeOnly)
    return asked


@pytest.mark.parametrize("game", ["ruian", "taiwanese"])
def test_the_helper_compiles_what_a_hand_asks_for(game, monkeypatch):
    """Its argument types, written out by hand, are the ones play_hand passes, on the
    rules it is built from (ruian) and another game's: a wrong one would cost a
    cold start the helper's work (the player would compile that kernel again)."""
    helper_sim = simulator(load("ruian"), "smart")
    asked = asked_by_play_hand(simulator(load(game), "smart"), monkeypatch)
    for kern, sig in prewarm._parts(helper_sim):
        assert asked.get(prewarm._name(kern)) == {tuple(sig)}, prewarm._name(kern)


# A player in miniature: starts the helper, says it has taken greedy_turn, prints the
# helper's pid, then its exit code and the lines it told.
PLAYER = """
import os, subprocess, sys
p = subprocess.Popen([sys.executable, "-m", "ruian_sim.engine.prewarm", str(os.getpid())],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write("ruian_sim.bots.greedy.greedy_turn\\n")
p.stdin.flush()
print(p.pid, flush=True)
lines = [ln.strip() for ln in p.stdout if ln != "k\\n"]
print(p.wait(), *lines, sep="\\n", flush=True)
"""

# A player that ends at once, as Ctrl-C mid-compile ends one (os._exit, no cleanup).
GONE = """
import os, subprocess, sys, time
p = subprocess.Popen([sys.executable, "-m", "ruian_sim.engine.prewarm", str(os.getpid())],
                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, start_new_session=True)
print(p.pid, flush=True)
time.sleep(1)
os._exit(130)
"""


def _gone(pid, within=10.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(")")[-1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.1)
    return False


def test_the_helper_tells_each_part_and_skips_what_the_player_took():
    """It says which part it compiles (the player waits for that one rather than
    compile it twice) and leaves the parts the player has begun."""
    parent = subprocess.Popen([sys.executable, "-c", PLAYER], stdout=subprocess.PIPE, text=True)
    helper = int(parent.stdout.readline())
    out = parent.stdout.read().split("\n")
    assert parent.wait(timeout=300) == 0
    assert out[0] == "0"
    parts = [ln for ln in out[1:] if ln]
    assert parts[:2] == ["start ruian_sim.bots.smart.choice.smart_turn",
                         "end ruian_sim.bots.smart.choice.smart_turn"]
    assert not any("greedy_turn" in ln for ln in parts)   # the player had begun it
    assert len(parts) == 2 * (len(prewarm._parts(simulator(load("ruian"), "smart"))) - 1)
    assert _gone(helper)


def test_a_helper_whose_player_is_gone_ends():
    """The helper is in a session of its own (the terminal's Ctrl-C does not reach
    it): when its player has ended, it notices and ends too."""
    parent = subprocess.Popen([sys.executable, "-c", GONE], stdout=subprocess.PIPE, text=True)
    helper = int(parent.stdout.readline())
    parent.wait(timeout=60)
    assert _gone(helper)


@njit
def _inner(x):
    return x * 3 + 1


@njit
def _outer(x):
    return _inner(x) + _inner(x + 1)


def test_the_whole_program_is_optimised_once_at_the_entry(monkeypatch):
    """The kernel Python calls runs LLVM's full module pipeline over all it links;
    a kernel compiled because another calls it, only the cheap one."""
    from numba.core import codegen

    lib, seen, now = codegen.CPUCodeLibrary, [], []
    optimise, passes = lib._optimize_final_module, codegen.JITCPUCodegen._module_pass_manager

    def optimising(self):
        now.append(self.name)
        try:
            return optimise(self)
        finally:
            now.pop()

    def pass_manager(self, *a, **kw):
        if now:
            seen.append((now[-1], kw.get("cost", "full")))
        return passes(self, *a, **kw)

    monkeypatch.setattr(lib, "_optimize_final_module", optimising)
    monkeypatch.setattr(codegen.JITCPUCodegen, "_module_pass_manager", pass_manager)
    assert _outer(2) == 7 + 10
    assert ("_inner", "cheap") in seen and ("_inner", "full") not in seen
    assert ("_outer", "full") in seen
