from ruian_sim.ruleset.merge import merge, root_source
from ruian_sim.ruleset.source import parse_source


def src(text, name="f.yaml"):
    return parse_source(text, name)


def test_maps_merge_scalars_and_lists_replace():
    base = root_source(src("a: {x: 1, y: 2}\nl: [1, 2, 3]\ns: old\n", "base.yaml"))
    out = merge(base, src("a: {y: 5}\nl: [9]\ns: new\n", "over.yaml"))
    assert out.data == {"a": {"x": 1, "y": 5}, "l": [9], "s": "new"}


def test_null_deletes_and_marks_follow_the_file_that_set_the_value():
    base = root_source(src("a: {x: 1, y: 2}\nb: 3\n", "base.yaml"))
    out = merge(base, src("a: {x: null}\nb: null\nc: 7\n", "over.yaml"))
    assert out.data == {"a": {"y": 2}, "c": 7}
    assert out.values[("a", "y")].file == "base.yaml"
    assert out.values[("c",)].file == "over.yaml" and out.values[("c",)].line == 3
    assert ("a", "x") not in out.values and ("b",) not in out.values


def test_a_new_map_drops_its_nulls_and_a_map_replaces_a_scalar():
    base = root_source(src("a: 1\n", "base.yaml"))
    out = merge(base, src("a: {x: null, y: 2}\n", "over.yaml"))
    assert out.data == {"a": {"y": 2}}


def test_inputs_are_not_changed():
    base = root_source(src("a: {x: 1}\n"))
    merge(base, src("a: {x: 2}\n"))
    assert base.data == {"a": {"x": 1}}


def test_extends_is_not_merged():
    out = root_source(src("extends: ruian\nk: 1\n"))
    assert out.data == {"k": 1}


def test_a_null_that_removes_a_value_is_remembered_until_the_value_is_set_again():
    base = root_source(src("a: {x: 1, y: 2}\n", "base.yaml"))
    out = merge(base, src("a: {x: null, z: null}\n", "over.yaml"))
    gone = out.deleted[("a", "x")]
    assert (gone.mark.file, gone.mark.line, gone.mark.col) == ("over.yaml", 1, 8)
    assert gone.was.file == "base.yaml" and gone.value == 1
    assert ("a", "z") not in out.deleted  # it removed nothing
    again = merge(out, src("a: {x: 3}\n", "last.yaml"))
    assert again.deleted == {}
