"""Every cap layoutcheck puts on a user number, in one table, and how a capped number is shown.

A cap is far above anything a real model or run needs and far below what would make a command
take minutes or gigabytes; the README's "Limits" section lists them. Every refusal names the
field or flag, the bound, and (where there is one) what to do instead.
"""

from __future__ import annotations

# sizes
MAX_SYMBOL_VALUE = 10**12  # a symbol's value (graph files, --set, the REPL's q())
MAX_SIZE = 10**15  # any size at the symbols' values: a dim, an attr, the token extent
MAX_CONFIG_SIZE = 10**7  # a config.json size or count (hidden_size, vocab_size, experts…)
MAX_LAYERS = 16_384  # num_hidden_layers, and a graph file's layer index
MAX_TOKENS = 10**9  # --tokens
MAX_PARALLEL = 2**20  # --tp, --dp, --ep
# work
# ops a command that lists, draws, compares or simulates every op builds from a model's config
# (show, export, view, equiv, sim, fuzz): about 30-130 µs each, so a few seconds' work; past it
# the folded build (--repetition), which stands for every layer, is the form to use
MAX_EXPANDED_OPS = 50_000
# --pp: each stage is a session of its own, built folded, checked and priced: about 30 ms of CPU
# a stage of a deep model (memory --pp 1024 of a 16,384-layer config took 30 s), so 128 stages
# are a few seconds' work; deployments run a few
MAX_PIPELINE_STAGES = 128
MAX_GRAPH_OPS = 500_000  # ops in a graph file (a 10,000-layer model is about 250,000)
MAX_SWEEP_POINTS = 100_000  # --sweep SYM=a..b+k; a geometric *k sweep has at most 63 points
MAX_SWEEP_VALUE = 2**63 - 1  # sweep endpoints are numpy int64
MAX_FUZZ_EXAMPLES = 100_000  # fuzz --examples
MAX_SEED = 2**63 - 1  # --seed
MAX_SEARCH_STRUCTURES = 10_000  # search: structures (each built and checked once)
MAX_SEARCH_POINTS = (
    100_000  # search: numeric points of all structures (each priced, ranked, written)
)
MAX_SEARCH_AXIS_VALUES = 4_096  # search: values of one axis list
MAX_SIM_RANKS = 64  # simulated ranks (the tp group of a sim run)
MAX_SIM_ELEMENTS = 20_000_000  # float64 elements a sim run may hold (160 MB), estimated first
# steps of one op's numbers program in cost's on-disk cache: the largest of the shipped models'
# runs has 124 (an MoE: dispatch, experts and combine over two tiers), each step one numpy call
# of about a microsecond, so a few milliseconds of evaluation; a larger entry is a miss
MAX_PROGRAM_STEPS = 4_096
# entries cost's program cache keeps (a few KB each: about 60 MB): every code change and every new
# graph or device writes new ones, so a process that writes one first trims the oldest (by write
# time) to three quarters of this; listing and dating 16,000 files takes tens of milliseconds
MAX_CACHE_ENTRIES = 16_000
# text
# cost --trace --ranks: every rank is a cost report of its own (about 36 kB) and every op a
# few trace events on it; rank × (ops + RANK_WEIGHT) is bounded, so a trace fits a browser
MAX_TRACE_WORK = 400_000
TRACE_RANK_WEIGHT = 200  # a rank's own report weighs about as much as 200 ops' events
MAX_NAME_CHARS = 1_000  # an op, input, group or graph name
MAX_ECHO_CHARS = 200  # the longest word an error line repeats back (then "…")
MAX_JSON_NESTING = 64  # JSON arrays and objects in a config or description
MAX_JSON_INT_DIGITS = 30  # an integer literal in a JSON config or description


def shown(number: int) -> str:
    """A possibly huge integer as short text (``10**100`` has no 101-digit echo)."""
    if number.bit_length() > 12_000:  # str() refuses more than 4300 digits
        return "an integer of thousands of digits"
    for base, smallest in ((10, 6), (2, 16)):
        power = _exact_power(abs(number), base)
        if power is not None and power >= smallest:
            return f"{'-' if number < 0 else ''}{base}**{power}"
    below = _exact_power(number + 1, 2) if number > 0 else None
    if below is not None and below >= 16:
        return f"2**{below} - 1"  # an int64's largest value
    if abs(number) < 10**15:
        return str(number)
    return f"an integer of {len(str(abs(number)))} digits"


def _exact_power(number: int, base: int) -> int | None:
    power = 0
    while number > 1 and number % base == 0:
        number //= base
        power += 1
    return power if number == 1 and power > 1 else None


def ascii_int(text: str) -> int | None:
    """``text`` as a non-negative decimal integer written in ASCII digits (at most 19 of
    them), else None: ``'²'.isdigit()`` is true and ``int('٣')`` is 3, neither is a number here."""
    text = text.strip()
    if not text or len(text) > 19 or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
