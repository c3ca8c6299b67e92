"""Every flat-array layout the kernels share is generated from its fields'
widths (ruian_sim/fields.py): the constants of a prefix, in the order the
module defines them, are exactly the offsets of its fields, and the size
constant is their sum.  So no two fields overlap and none is numbered by
hand."""

import importlib

import pytest

from ruian_sim.fields import Fields

LAYOUTS = [  # module, its Fields, the prefix of its offsets, the size constant
    ("ruian_sim.table.layout", "_P", "EP_", "EP_SIZE"),
    ("ruian_sim.table.layout", "_F", "F_", "F_SIZE"),
    ("ruian_sim.table.layout", "_C", "C_", "C_FIXED"),
    ("ruian_sim.table.layout", "_S", "S_", "S_NFIELDS"),
    ("ruian_sim.table.layout", "_H", "H_", "H_SIZE"),
    ("ruian_sim.table.wall", "_WS", "WS_", "WS_SIZE"),
    ("ruian_sim.hand.layout", "_HS", "HS_", "HS_SIZE"),
    ("ruian_sim.scoring.layout", "_FV", "FV_", "FV_SIZE"),
    ("ruian_sim.bots.layout", "_V", "V_", "N_VALUES"),
    ("ruian_sim.bots.layout", "_BP", "BP_", "BP_SIZE"),
    ("ruian_sim.bots.layout", "_CL", "CL_", "CL_SIZE"),
    ("ruian_sim.engine.turn_state", "_T", "T_", "T_SIZE"),
    ("ruian_sim.bots.smart.patterns", "_OR", "OR_", "OR_SIZE"),
]


@pytest.mark.parametrize("module, var, prefix, size", LAYOUTS, ids=[f"{m}.{p}" for m, _, p, _ in LAYOUTS])
def test_a_layout_is_its_fields_in_order(module, var, prefix, size):
    mod = importlib.import_module(module)
    fields = getattr(mod, var)
    assert isinstance(fields, Fields)
    offsets = [v for k, v in vars(mod).items() if k.startswith(prefix) and k != size and isinstance(v, int)
               and not k.startswith(prefix + "ROW")]   # FV_ROW_W is a width of another array
    assert offsets == [at for at, _ in fields.spans], f"{module}: a {prefix} constant is not one of its fields"
    assert getattr(mod, size) == fields.size == sum(w for _, w in fields.spans)


def test_every_layout_of_the_package_is_held_to_its_fields():
    # a new Fields() layout must be listed above, or it is checked by nothing
    from pathlib import Path

    import ruian_sim

    found = set()
    for path in Path(ruian_sim.__file__).parent.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "= Fields(" in line:
                rel = path.relative_to(Path(ruian_sim.__file__).parent.parent).with_suffix("")
                found.add((".".join(rel.parts), line.split("=")[0].strip()))
    found.discard(("ruian_sim.fields", "_P"))   # the docstring's example
    assert found == {(m, v) for m, v, _, _ in LAYOUTS}


def test_fields_refuse_a_field_of_no_width():
    with pytest.raises(ValueError):
        Fields()(0)


def test_the_opening_scratch_holds_the_largest_table_the_schema_allows():
    # work.deal holds each seat's passed tiles (换三张): seats × tiles at their schema maximum
    import json
    from pathlib import Path

    from ruian_sim.table import layout as L

    schema = json.loads((Path(__file__).parents[1] / "rules" / "schema.json").read_text(encoding="utf-8"))
    props = schema["properties"]
    assert props["table"]["properties"]["seats"]["maximum"] == L.MAX_SEATS
    assert props["exchange"]["properties"]["tiles"]["maximum"] == L.MAX_PASSED
    assert L.DEAL_SCRATCH >= L.MAX_SEATS * L.MAX_PASSED
