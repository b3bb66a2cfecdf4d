"""The on-disk cache of compiled cost programs: a second report of a graph reads every op's
program and builds no formula; the key changes with everything a formula is made from; a bad
entry is a miss that is written afresh; an unusable folder is no cache; and the numbers of
`cost --format json` are the same with the cache off, cold and warm for every shipped model."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

import layoutcheck
from layoutcheck.cli import main
from layoutcheck.cost import program_cache
from layoutcheck.cost.program_cache import ProgramCache, default_cache
from layoutcheck.cost.report import CostReport, Pricing, cost_report
from layoutcheck.resources import shipped
from layoutcheck.session import Options, Session

P1 = Options("glm-5.1", tp=16, ep=16, sp=True, quant="w8a8_dynamic")


def _report(folder: Path, options: Options = P1, device: str = "a3-752t") -> CostReport:
    session = Session(options)
    typed = session.quantized
    report: CostReport = cost_report(
        typed.graph,
        layoutcheck.load_device(device),
        typed=typed,
        cache=ProgramCache(folder),
    )
    return report


def _pricings(report: CostReport) -> list[Pricing]:
    # every op's entry priced through the cache (the hardware model's host step is a constant)
    found = {id(e.pricing): e.pricing for e in report.op_entries if e.pricing is not None}
    assert len(found) == len({id(e.pricing) for e in report.op_entries})
    return list(found.values())


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_a_second_report_reads_every_program_and_builds_no_formula(tmp_path: Path) -> None:
    cold = _report(tmp_path)
    assert all(p.program is None for p in _pricings(cold))  # nothing there yet
    cold_numbers = cold.numbers()
    written = _entries(tmp_path)
    assert len(written) == len(_pricings(cold))  # one entry per distinct op formula

    warm = _report(tmp_path)
    pricings = _pricings(warm)
    assert all(p.program is not None for p in pricings)
    assert warm.numbers() == cold_numbers
    # the numbers came from the stored programs: not one formula was built
    assert not any("formulas" in vars(p) for p in pricings)
    # and a formula is still there when asked for (the symbolic view, a sweep)
    assert warm.expr("total") == cold.expr("total")


def test_numbers_at_other_symbol_values_run_the_same_programs(tmp_path: Path) -> None:
    cold = _report(tmp_path).numbers({"T": 2048})
    warm = _report(tmp_path).numbers({"T": 2048})
    assert warm == cold
    assert cold != _report(tmp_path).numbers()


def _keys(report: CostReport) -> set[str]:
    return {p.key for p in _pricings(report)}


@pytest.mark.parametrize(
    ("changed", "device"),
    [
        (P1, "a3-560t"),  # another device profile
        (Options("glm-5.1", tp=16, ep=16, sp=True, quant="w8a8"), "a3-752t"),  # quantization
        (Options("glm-5.1", tp=16, ep=16, sp=True), "a3-752t"),  # bf16
        (Options("glm-5.1", tp=8, ep=8, sp=True, quant="w8a8_dynamic"), "a3-752t"),  # shapes
        (Options("glm-5.1", tp=16, ep=16, sp=True, quant="w8a8_dynamic", tokens=2048), "a3-752t"),
    ],
    ids=["device", "quant-w8a8", "quant-bf16", "shapes-tp8", "tokens"],
)
def test_the_key_changes_with_what_the_formula_is_made_from(
    tmp_path: Path, changed: Options, device: str
) -> None:
    base = _keys(_report(tmp_path))
    other = _report(tmp_path / "other", changed, device)
    # some ops (an embedding's table read, a reshape) are the same formula on both sides;
    # the formulas the change reaches must not be served from the other's entries
    assert _keys(other) != base
    changed_ops = [p for p in _pricings(other) if p.key not in base]
    assert changed_ops


def test_the_key_changes_with_the_version_and_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = _report(tmp_path)
    base.numbers()
    monkeypatch.setattr(layoutcheck, "__version__", "0.0.0-other")
    program_cache.code_fingerprint.cache_clear()
    program_cache._hashable_text.cache_clear()
    try:
        other = _report(tmp_path)
        assert _keys(other).isdisjoint(_keys(base))
        assert all(p.program is None for p in _pricings(other))  # no entry of 0.1 is read
    finally:
        monkeypatch.undo()
        program_cache.code_fingerprint.cache_clear()
        program_cache._hashable_text.cache_clear()


def test_the_key_changes_with_the_listed_requests(tmp_path: Path) -> None:
    """A decode batch of uneven contexts prices attention per request: two batches with the
    same symbol values (the longest context alike) but another request's keys must not share
    the attention's entries."""
    contexts = (4096,) * 56 + (1000, 3000, 5000, 100, 2047, 20000, 9000, 1)
    base = Options(
        "glm-5.1",
        phase="decode",
        dp=8,
        tp=4,
        ep=32,
        quant="w8a8_dynamic",
        repetition=True,
        batch=64,
        contexts=contexts,
    )
    other = attrs.evolve(base, contexts=(*contexts[:56], 1500, *contexts[57:]))
    first = _report(tmp_path, base)
    first.numbers()
    second = _report(tmp_path, other)
    assert dict(first.graph.symbols) == dict(second.graph.symbols)
    assert _keys(second).isdisjoint(_keys(first))
    assert second.numbers() == _report(tmp_path / "alone", other).numbers()
    assert second.numbers() != first.numbers()


def _corruptions(entry: Path, key: str) -> list[bytes]:
    good = json.loads(entry.read_text())
    wrong_slot = {**good, "code": [["Add", [0, 10**6]]], "outputs": [-1]}
    foreign_head = {**good, "code": [["__import__", [0]]], "outputs": [-1]}
    return [
        b"",  # truncated to nothing
        entry.read_bytes()[: len(entry.read_bytes()) // 2],  # truncated midway
        b"\xff\xfe not json",
        json.dumps([1, 2, 3]).encode(),
        json.dumps({**good, "version": "9.9.9"}).encode(),  # another version
        json.dumps({**good, "format": 0}).encode(),
        json.dumps({**good, "key": key + " "}).encode(),  # another formula's entry
        json.dumps(wrong_slot).encode(),
        json.dumps(foreign_head).encode(),
        json.dumps({**good, "code": "x" * 200}).encode(),
        b"[" * 100_000,  # deeper than the parser goes
        b" " * (2 * len(json.dumps(good)) + 200_000),  # larger than any entry of this key
    ]


def test_a_bad_entry_is_a_miss_and_is_written_afresh(tmp_path: Path) -> None:
    expected = _report(tmp_path).numbers()
    warm = _report(tmp_path)
    pricing = max(_pricings(warm), key=lambda p: len(p.program.code) if p.program else 0)
    entry = ProgramCache(tmp_path).path_of(pricing.key)
    assert entry.exists()
    for bad in _corruptions(entry, pricing.key):
        entry.write_bytes(bad)
        report = _report(tmp_path)
        again = next(p for p in _pricings(report) if p.key == pricing.key)
        assert again.program is None  # not trusted
        assert report.numbers() == expected
        # the miss wrote a good entry back: the next report reads it
        assert ProgramCache(tmp_path).load(pricing.key) is not None


def test_a_folder_that_cannot_be_written_is_no_cache(tmp_path: Path) -> None:
    expected = _report(tmp_path / "good").numbers()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for folder in (blocker, blocker / "cache"):  # a file where the folder would be, or above it
        report = _report(folder)
        assert all(p.program is None for p in _pricings(report))
        assert report.numbers() == expected  # and writing the programs failed quietly
    assert blocker.read_text() == "not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "good"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through a read-only folder's bits")
def test_a_read_only_folder_is_no_cache(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    expected = _report(tmp_path / "good").numbers()
    folder.chmod(0o500)
    try:
        assert _report(folder).numbers() == expected
        assert not _entries(folder)
    finally:
        folder.chmod(0o700)


def test_deleting_the_folder_between_reports_is_safe(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    expected = _report(folder).numbers()
    for entry in _entries(folder):
        entry.unlink()
    folder.rmdir()
    assert _report(folder).numbers() == expected
    assert _entries(folder)


def test_the_folder_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(program_cache.FOLDER_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache() == ProgramCache(tmp_path / "xdg" / "layoutcheck" / "cost-programs")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # invalid under XDG: ignored
    assert default_cache() == ProgramCache(
        tmp_path / "home" / ".cache" / "layoutcheck" / "cost-programs"
    )
    monkeypatch.setenv(program_cache.FOLDER_VARIABLE, str(tmp_path / "chosen"))
    assert default_cache() == ProgramCache(tmp_path / "chosen" / "cost-programs")
    monkeypatch.setenv(program_cache.OFF_VARIABLE, "1")
    assert default_cache() is None


def test_a_session_caches_through_the_users_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(program_cache.FOLDER_VARIABLE, str(tmp_path))
    Session(P1).cost().numbers()
    assert _entries(tmp_path / "cost-programs")
    monkeypatch.setenv(program_cache.OFF_VARIABLE, "1")
    report = Session(P1).cost()
    assert all(e.pricing is None for e in report.entries)  # priced as before the cache


def _cost_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main(["cost", *argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("model", shipped("models"))
def test_cost_json_is_the_same_with_the_cache_off_cold_and_warm(
    model: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["glm-5.1", "--tp", "16", "--ep", "16", "--sp", "--quant", "w8a8_dynamic"]
    if model != "glm-5.1":
        argv = [model, "--tp", "4", "--sp", "--quant", "w8a8"]
    monkeypatch.setenv(program_cache.FOLDER_VARIABLE, str(tmp_path))
    monkeypatch.setenv(program_cache.OFF_VARIABLE, "1")
    off = _cost_json(capsys, *argv)
    monkeypatch.delenv(program_cache.OFF_VARIABLE)
    cold = _cost_json(capsys, *argv)
    assert _entries(tmp_path / "cost-programs")
    warm = _cost_json(capsys, *argv)
    assert off == cold == warm


def test_a_folder_over_its_bound_loses_its_oldest_entries_once_a_process(tmp_path: Path) -> None:
    # every code change writes new entries and never reads the old ones: the folder is trimmed
    for age in range(10):
        entry = tmp_path / f"{age:064x}.json"
        entry.write_text("{}")
        os.utime(entry, ns=(10**18 + age * 10**9, 10**18 + age * 10**9))
    (tmp_path / "notes.txt").write_text("not an entry")
    program_cache._TRIMMED.discard(tmp_path)
    program_cache.trim_once(tmp_path, most=8)
    kept = sorted(p.name for p in tmp_path.iterdir())
    # ten entries over a bound of eight: the four oldest go, six (three quarters of 8) stay
    assert kept == [f"{age:064x}.json" for age in range(4, 10)] + ["notes.txt"]
    (tmp_path / f"{99:064x}.json").write_text("{}")
    for age in range(20, 25):
        (tmp_path / f"{age:064x}.json").write_text("{}")
    program_cache.trim_once(tmp_path, most=8)  # the same process: not listed again
    assert len(list(tmp_path.glob("*.json"))) == 12


def test_a_folder_within_its_bound_is_left_alone(tmp_path: Path) -> None:
    for age in range(8):
        (tmp_path / f"{age:064x}.json").write_text("{}")
    program_cache._TRIMMED.discard(tmp_path)
    program_cache.trim_once(tmp_path, most=8)
    assert len(list(tmp_path.glob("*.json"))) == 8


def test_a_write_trims_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old, most = 50, 40
    for age in range(old):
        entry = tmp_path / f"{age:064x}.json"
        entry.write_text("{}")
        os.utime(entry, ns=(10**18 + age, 10**18 + age))
    monkeypatch.setattr(program_cache.trim_once, "__defaults__", (most,))
    program_cache._TRIMMED.discard(tmp_path)
    report = _report(tmp_path, Options("qwen3-8b", tp=2))
    report.numbers()  # a program is compiled, and written, when its numbers are first asked
    written = len(_pricings(report))
    kept_old = most * 3 // 4 - 1  # the first write makes 51 entries, cut to 30: itself and 29
    assert 0 < written < kept_old
    left = {p.name for p in _entries(tmp_path)}
    assert len(left) == kept_old + written
    assert left >= {f"{age:064x}.json" for age in range(old - kept_old, old)}
    assert not left & {f"{age:064x}.json" for age in range(old - kept_old)}


# -- hostile entries and folders -----------------------------------------------------------------


def _planted(good: dict[str, object]) -> list[dict[str, object]]:
    """Entries of this very key that sympy could never have written: each must be a miss."""
    names = good["names"]
    assert isinstance(names, list)
    inputs = len(names)
    one = [["=", [], 1.0]]
    return [
        {**good, "code": [["Add", []]], "outputs": [-1] * 8},  # a sum of nothing
        {**good, "code": [*one, ["Piecewise", [-1, -1, -1]]], "outputs": [-2] * 8},  # odd count
        {**good, "code": [*one, ["Abs", [-1, -1]]], "outputs": [-2] * 8},  # two arguments
        {**good, "code": one, "outputs": [-1] * 7},  # seven numbers for eight
        {**good, "code": [["=", [], float("nan")]], "outputs": [-1] * 8},
        {**good, "code": [["=", [], float("inf")]], "outputs": [-1] * 8},
        {**good, "code": [["=", [], -1.0]], "outputs": [-1] * 8},  # a negative price
        {**good, "names": [*names, "no_such_symbol"], "outputs": [inputs] * 8},
    ]


def test_a_planted_entry_of_the_right_key_is_never_trusted_for_its_numbers(
    tmp_path: Path,
) -> None:
    expected = _report(tmp_path).numbers()
    warm = _report(tmp_path)
    pricing = _pricings(warm)[0]
    entry = ProgramCache(tmp_path).path_of(pricing.key)
    good = json.loads(entry.read_text())
    for bad in _planted(good):
        entry.write_text(json.dumps(bad))
        assert _report(tmp_path).numbers() == expected, bad["code"]


def test_an_entry_that_is_a_fifo_or_a_link_is_a_miss_without_a_hang(tmp_path: Path) -> None:
    import threading

    folder = tmp_path / "cache"
    expected = _report(folder).numbers()
    pricing = _pricings(_report(folder))[0]
    entry = ProgramCache(folder).path_of(pricing.key)
    outside = tmp_path / "elsewhere.json"
    outside.write_text(entry.read_text())
    entry.unlink()
    entry.symlink_to(outside)  # a good entry, but behind a link
    assert ProgramCache(folder).load(pricing.key) is None
    entry.unlink()
    os.mkfifo(entry)
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(ProgramCache(folder).load(pricing.key)))
    reader.start()
    reader.join(timeout=60)
    assert not reader.is_alive() and found == [None]
    assert _report(folder).numbers() == expected


@pytest.mark.parametrize("how", ["link", "group-writable", "world-writable", "a file"])
def test_an_unsafe_folder_runs_uncached_with_one_warning(
    how: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = tmp_path / "root"
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    if how == "link":
        root.symlink_to(real)
    elif how == "a file":
        root.write_text("")
    else:
        root.mkdir()
        root.chmod(0o775 if how == "group-writable" else 0o777)
    monkeypatch.setenv(program_cache.FOLDER_VARIABLE, str(root))
    monkeypatch.setattr(program_cache, "_WARNED", set())
    assert default_cache() is None
    assert default_cache() is None
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("layoutcheck: warning: the program cache folder")
    assert said[0].endswith(": running without it")
    assert list(real.iterdir()) == []


def test_the_trim_never_follows_a_link_out_of_the_folder(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for index in range(10):
        (elsewhere / f"{index:064x}.json").write_text("{}")
    folder = tmp_path / "cache"
    folder.mkdir()
    for index in range(10):
        (folder / f"{index + 100:064x}.json").symlink_to(elsewhere / f"{index:064x}.json")
    program_cache._TRIMMED.discard(folder)
    program_cache.trim_once(folder, most=4)
    assert len(list(elsewhere.iterdir())) == 10  # nothing outside was touched
    program_cache._TRIMMED.discard(elsewhere)
    linked = tmp_path / "linked"
    linked.symlink_to(elsewhere)
    program_cache._TRIMMED.discard(linked)
    program_cache.trim_once(linked, most=4)  # a linked folder is not trimmed at all
    assert len(list(elsewhere.iterdir())) == 10


def test_the_trim_keeps_what_was_used_last(tmp_path: Path) -> None:
    report = _report(tmp_path, Options("qwen3-8b", tp=2))
    report.numbers()
    live = set(_entries(tmp_path))
    for age in range(40):  # older entries by write time, never used
        entry = tmp_path / f"{age:064x}.json"
        entry.write_text("{}")
    for entry in live:  # written before them, so the oldest by write time
        os.utime(entry, ns=(10**18, 10**18))
    _report(tmp_path, Options("qwen3-8b", tp=2)).numbers()  # a hit marks each one used
    program_cache._TRIMMED.discard(tmp_path)
    program_cache.trim_once(tmp_path, most=len(live) + 8)
    assert live <= set(_entries(tmp_path))
