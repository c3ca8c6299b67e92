"""docs/summary.md lists every figure of summary.json, made from the code: the
table between its markers is what ruian_sim.runner.figures prints today."""

from pathlib import Path

from ruian_sim.runner.figures import BEGIN, END, figures, markdown, rewrite, summary_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "summary.md"


def test_the_docs_table_is_current():
    doc = DOC.read_text(encoding="utf-8")
    assert rewrite(doc, markdown()) == doc, \
        "docs/summary.md is out of date: python -m ruian_sim.runner.figures --write docs/summary.md"


def test_every_figure_has_a_description_and_a_row():
    found = figures()
    assert all(f.description for f in found), [f.path for f in found if not f.description]
    paths = {f.path for f in found}
    for key in summary_schema()["properties"]:
        assert key in paths
    for want in ("wins.tai.mean", "wins.value.p95", "wins.parts", "ci95.items.NAME", "ci95.wins.value.mean",
                 "extra.items.NAME", "extra.points[P].p50", "times.N"):
        assert want in paths, want
    table = markdown()
    assert table.startswith(BEGIN) and table.rstrip().endswith(END)
    assert table.count("\n| `") == len(found)
