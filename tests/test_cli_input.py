"""Bad command-line input: one line on stderr, exit 2, nothing written."""

import pytest

COMMANDS = {
    "run": ["run", "--hands", "50", "--quiet"],
    "compare": ["compare", "ruian", "ruian+four-winds-draw", "--hands", "50", "--quiet"],
    "session": ["session", "--sessions", "1"],
    "play": ["play"],
}
WITH_OUT = ["run", "compare", "session"]


def one_line_exit_2(done, *needles):
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "1.5", "x"])
def test_a_bad_seed_is_one_line_and_exit_2(cli, tmp_path, command, seed):
    extra = ["--out", tmp_path / "out"] if command in WITH_OUT else []
    done = cli(*COMMANDS[command], "--seed", seed, *extra, cwd=tmp_path)
    one_line_exit_2(done, "--seed")
    if seed.lstrip("-").isdigit():
        assert "2**64-1" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seed", ["0", "18446744073709551615"])
def test_the_ends_of_the_seed_range_are_accepted(cli, seed):
    done = cli("play", "--seed", seed)
    assert done.returncode == 0, done.stderr
    assert f"seed {seed}," in done.stdout


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_states_the_seed_range(cli, command):
    done = cli(command, "--help")
    assert done.returncode == 0
    assert "0 .. 2**64-1" in done.stdout


@pytest.mark.parametrize("command", WITH_OUT)
@pytest.mark.parametrize("below", [False, True])
def test_out_naming_an_existing_file_is_one_line_and_exit_2(cli, tmp_path, command, below):
    f = tmp_path / "results.txt"
    f.write_text("keep me\n")
    out = f / "sub" if below else f
    done = cli(*COMMANDS[command], "--out", out, cwd=tmp_path)
    one_line_exit_2(done, "--out", str(f), "not a directory")
    assert f.read_text() == "keep me\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.txt"]


@pytest.mark.parametrize("value", ["0", "-5"])
def test_hands_messages_agree_with_what_is_accepted(cli, tmp_path, value):
    done = cli("run", "--hands", value, "--out", tmp_path / "o")
    one_line_exit_2(done, "--hands", "must be 1 or more")
