"""Cache files are written whole or not at all, and a cache that cannot be
written is no error."""

from ruian_sim.cache import save_text


def test_a_cache_file_is_written_whole(tmp_path):
    path = tmp_path / "deep" / "validated" / "k.json"
    assert save_text(path, '["a warning"]')
    assert path.read_text(encoding="utf-8") == '["a warning"]'
    assert [p.name for p in path.parent.iterdir()] == ["k.json"]


def test_a_cache_where_a_file_blocks_the_folder_is_no_error(tmp_path):
    (tmp_path / "validated").write_text("not a folder")
    assert not save_text(tmp_path / "validated" / "k.json", "x")
    assert (tmp_path / "validated").read_text() == "not a folder"
