"""Read time of the engine-graph readers on the real TensorCast dumps, and how fast they refuse
hostile files.

Rows: every `.pt2` and `.readable.py` under `tests/data/engine-graphs/`, read with
`read_program` (best of N rounds, time.perf_counter, after import). Then the time to refuse a
200 MB model.json (deflated to under 1 MB), a model.json nested 10⁵ deep, and a 64 MiB+ text
dump. Target: each real file in well under a second; each refusal in milliseconds.

Run: python benchmarks/bench_engine_read.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import tempfile
import zipfile
from pathlib import Path

from timing import timed

from layoutcheck.engines import EngineProgram, ReadError, read_program

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "engine-graphs"


def read_best(path: Path, rounds: int) -> tuple[float, EngineProgram]:
    results = [timed(lambda: read_program(path)) for _ in range(rounds)]
    return min(seconds for seconds, _ in results), results[-1][1]


def refusal(path: Path) -> tuple[float, str]:
    def attempt() -> str:
        try:
            read_program(path)
        except ReadError as error:
            return error.message
        return "NOT REFUSED"

    return timed(attempt)


def hostile_files(folder: Path) -> list[tuple[str, Path]]:
    spaces = folder / "spaces.pt2"
    with (
        zipfile.ZipFile(spaces, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zf,
        zf.open("g/models/model.json", "w", force_zip64=True) as member,
    ):
        member.write(b"{}")
        for _ in range(25):
            member.write(b" " * (8 * 2**20))
    deep = folder / "deep.pt2"
    with zipfile.ZipFile(deep, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("g/models/model.json", b"[" * 100_000 + b"]" * 100_000)
    big_text = folder / "big.py"
    with big_text.open("wb") as stream:
        stream.truncate(64 * 2**20 + 1)
    return [("200 MB model.json", spaces), ("nested 10^5", deep), ("64 MiB+ text", big_text)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    print(f"{'file':<48} {'format':>7} {'KB':>6} {'nodes':>6} {'best ms':>8} {'µs/node':>8}")
    for path in sorted(DATA.glob("*.pt2")) + sorted(DATA.glob("*.readable.py")):
        seconds, program = read_best(path, args.rounds)
        nodes = len(program.nodes)
        print(
            f"{path.name:<48} {program.format:>7} {path.stat().st_size // 1024:>6} "
            f"{nodes:>6} {seconds * 1e3:>8.1f} {seconds * 1e6 / nodes:>8.1f}"
        )

    print(f"\n{'hostile input':<20} {'ms':>8}  message")
    with tempfile.TemporaryDirectory() as folder:
        for label, path in hostile_files(Path(folder)):
            seconds, message = refusal(path)
            print(f"{label:<20} {seconds * 1e3:>8.2f}  {message}")


if __name__ == "__main__":
    main()
