"""Public testing API: hypothesis strategies for layouts, shapes and whole decoder graphs, and
assertions backed by the simulator, for use in your own pytest suite.

    from layoutcheck.testing import assert_equivalent, fuzz_pass

    def test_my_sp_pass():
        fuzz_pass(my_sequence_parallel_pass, examples=50)

Importing this module needs hypothesis (``pip install 'layoutcheck[test]'``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import hypothesis
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from layoutcheck.check import check_graph
from layoutcheck.graph import Graph
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.models import Execution, ParallelConfig, Phase, build_model
from layoutcheck.models.builder import AttentionForm, build_baseline
from layoutcheck.models.config import model_spec
from layoutcheck.oracle import check_soundness, compare_graphs
from layoutcheck.symbols import Expr, parse_expr, symbol
from layoutcheck.validate import normalize

# -- strategies -----------------------------------------------------------------------------

# The symbol names generated expressions and shapes use (any valid names would do).
SYMBOL_NAMES: tuple[str, ...] = ("T", "tp", "H", "E")
GROUP_NAMES: tuple[str, ...] = ("tp", "ep")


# -- the lattice -----------------------------------------------------------------------------


def token_layouts(*, proper: bool = False) -> st.SearchStrategy[TokenLayout]:
    """Token layouts; ``proper`` leaves out BOTTOM and TOP (the layouts a value really has)."""
    if proper:
        return st.sampled_from((TokenLayout.FULL, TokenLayout.LOCAL))
    return st.sampled_from(tuple(TokenLayout))


def feature_states() -> st.SearchStrategy[FeatureState]:
    return st.sampled_from(tuple(FeatureState))


def dtypes() -> st.SearchStrategy[Dtype]:
    return st.sampled_from(tuple(Dtype))


# -- symbols and shapes ----------------------------------------------------------------------


def symbol_values(
    names: Sequence[str] = SYMBOL_NAMES, *, max_value: int = 64
) -> st.SearchStrategy[dict[str, int]]:
    """A positive integer for every symbol name."""
    return st.fixed_dictionaries({name: st.integers(1, max_value) for name in names})


def small_dims(names: Sequence[str] = SYMBOL_NAMES) -> st.SearchStrategy[Expr]:
    """One size: an integer, a symbol, or a small product / quotient of them."""
    symbols = [symbol(name) for name in names]
    atoms = st.one_of(
        st.integers(1, 64).map(sympy.Integer),
        st.sampled_from(symbols),
    )
    return st.one_of(
        atoms,
        st.tuples(atoms, atoms).map(lambda pair: pair[0] * pair[1]),
        st.tuples(atoms, st.sampled_from(symbols)).map(lambda pair: pair[0] / pair[1]),
    )


def small_shapes(
    names: Sequence[str] = SYMBOL_NAMES, *, min_dims: int = 1, max_dims: int = 3
) -> st.SearchStrategy[tuple[Expr, ...]]:
    """A per-rank shape of one to three symbolic dims."""
    return st.lists(small_dims(names), min_size=min_dims, max_size=max_dims).map(tuple)


def abstract_values(
    names: Sequence[str] = SYMBOL_NAMES, *, allow_top: bool = True
) -> st.SearchStrategy[AbstractValue]:
    """Abstract values as the interpreter makes them (TOP included unless ``allow_top=False``)."""

    @st.composite
    def build(draw: st.DrawFn) -> AbstractValue:
        tokens = draw(token_layouts(proper=True))
        features = draw(feature_states())
        distributed = tokens is TokenLayout.LOCAL or features is not FeatureState.WHOLE
        return AbstractValue(
            shape=draw(small_shapes(names)),
            tokens=tokens,
            features=features,
            dtype=draw(dtypes()),
            extent=draw(small_dims(names)),
            group=draw(st.sampled_from(GROUP_NAMES)) if distributed else None,
        )

    values = build()
    if allow_top:
        return st.one_of(st.just(AbstractValue.top()), values)
    return values


# -- expression text -------------------------------------------------------------------------


def _positive_texts(names: Sequence[str], max_leaves: int) -> st.SearchStrategy[str]:
    """Expressions that are positive for every positive value of the symbols (safe divisors)."""
    leaves = st.one_of(st.sampled_from(tuple(names)), st.integers(1, 16).map(str))

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        pair = st.tuples(children, children)
        return st.one_of(
            pair.map(lambda p: f"({p[0]} + {p[1]})"),
            pair.map(lambda p: f"{p[0]}*{p[1]}"),
            pair.map(lambda p: f"ceil({p[0]}/{p[1]})"),
            pair.map(lambda p: f"max({p[0]}, {p[1]})"),
            pair.map(lambda p: f"min({p[0]}, {p[1]})"),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def expression_texts(
    names: Sequence[str] = SYMBOL_NAMES, *, max_leaves: int = 8
) -> st.SearchStrategy[str]:
    """Text in the graph-file expression grammar over ``names``: ``+ - * / // % **``,
    parentheses, integers, symbols, ``ceil floor min max``.

    Every generated text is valid: divisors are always positive, exponents are small integer
    constants on symbolic bases, so the parser must accept all of them.
    """
    names = tuple(names)
    positive = _positive_texts(names, max(2, max_leaves // 2))
    leaves = st.one_of(st.sampled_from(names), st.integers(0, 16).map(str))
    power_bases = st.one_of(
        st.sampled_from(names),
        st.tuples(st.sampled_from(names), st.sampled_from("+-"), st.integers(1, 9)).map(
            lambda p: f"({p[0]} {p[1]} {p[2]})"
        ),
    )

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        pair = st.tuples(children, children)
        over = st.tuples(children, positive)
        return st.one_of(
            pair.map(lambda p: f"{p[0]} + {p[1]}"),
            pair.map(lambda p: f"{p[0]} - ({p[1]})"),
            pair.map(lambda p: f"({p[0]})*({p[1]})"),
            children.map(lambda c: f"-({c})"),
            over.map(lambda p: f"({p[0]})/({p[1]})"),
            over.map(lambda p: f"({p[0]})//({p[1]})"),
            over.map(lambda p: f"({p[0]}) % ({p[1]})"),
            over.map(lambda p: f"floor(({p[0]})/({p[1]}))"),
            over.map(lambda p: f"ceil(({p[0]})/({p[1]}))"),
            pair.map(lambda p: f"min({p[0]}, {p[1]})"),
            pair.map(lambda p: f"max({p[0]}, {p[1]})"),
            st.tuples(power_bases, st.integers(0, 3)).map(lambda p: f"{p[0]}**{p[1]}"),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def expressions(
    names: Sequence[str] = SYMBOL_NAMES, *, max_leaves: int = 8
) -> st.SearchStrategy[Expr]:
    """Parsed expressions (through the real parser, so only grammar-made sympy objects)."""
    known = frozenset(names)
    return expression_texts(names, max_leaves=max_leaves).map(lambda text: parse_expr(text, known))


# -- whole decoder graphs --------------------------------------------------------------------

tensor_parallel_sizes = st.sampled_from([2, 4, 8])


@st.composite
def model_configs(draw: st.DrawFn, *, dsa: bool | None = None) -> dict[str, Any]:
    """A small DeepSeek-style HF config: MLA (with or without q_lora_rank), optional DSA
    indexer (with layers that share an earlier layer's top-k), a random mix of dense and MoE
    layers, with or without shared experts. Sizes are multiples of 8 so every tp in {2, 4, 8}
    divides them."""
    layers = draw(st.integers(1, 4))
    use_dsa = draw(st.booleans()) if dsa is None else dsa
    kinds = draw(st.lists(st.sampled_from(["dense", "moe"]), min_size=layers, max_size=layers))
    config: dict[str, Any] = {
        "hidden_size": 16,
        "num_hidden_layers": layers,
        "num_attention_heads": 8,
        "vocab_size": 512,
        "intermediate_size": 16,
        "kv_lora_rank": 8,
        "qk_nope_head_dim": 4,
        "qk_rope_head_dim": 4,
        "v_head_dim": 4,
        "n_routed_experts": 8,
        "num_experts_per_tok": draw(st.sampled_from([1, 2])),
        "moe_intermediate_size": 8,
        "n_shared_experts": draw(st.sampled_from([0, 1])),
        "mlp_layer_types": ["sparse" if kind == "moe" else "dense" for kind in kinds],
    }
    if draw(st.booleans()):
        config["q_lora_rank"] = 8
    if use_dsa:
        config.update(index_n_heads=2, index_head_dim=4, index_topk=draw(st.sampled_from([4, 8])))
        # shared-indexer layers (GLM-5.2's IndexShare) reuse the top-k of an earlier layer
        later = st.sampled_from(["full", "shared"])
        shared = draw(st.lists(later, min_size=layers - 1, max_size=layers - 1))
        config["indexer_types"] = ["full", *shared]
    return config


@attrs.frozen
class Case:
    """A decoder model, how it is parallelized, and its TP baseline graph."""

    config: Mapping[str, Any]
    parallel: ParallelConfig
    execution: Execution
    baseline: Graph

    def built(self, **options: Any) -> Graph:
        return build_model(self.config, self.parallel, self.execution, **options).graph

    def single_rank(self) -> Graph:
        spec = model_spec(self.config)
        return normalize(build_baseline(spec, ParallelConfig(tp=1), self.execution))


@st.composite
def decoder_cases(
    draw: st.DrawFn, *, dsa: bool | None = None, form: AttentionForm = AttentionForm.FUSED
) -> Case:
    """A model config, tp in {2, 4, 8}, and a prefill token count divisible by tp or not."""
    config = draw(model_configs(dsa=dsa))
    tp = draw(tensor_parallel_sizes)
    tokens = draw(st.sampled_from([tp * 4, tp * 4 - 1, tp * 2 + 1, 16]))
    parallel = ParallelConfig(tp=tp, ep=tp)
    execution = Execution(Phase.PREFILL, tokens)
    baseline = normalize(build_baseline(model_spec(config), parallel, execution, form=form))
    return Case(config, parallel, execution, baseline)


def decoder_graphs(
    *, dsa: bool | None = None, form: AttentionForm = AttentionForm.FUSED
) -> st.SearchStrategy[Graph]:
    """TP baseline decoder graphs of random small models (inputs to a user's pass)."""
    return decoder_cases(dsa=dsa, form=form).map(lambda case: case.baseline)


# -- assertions -----------------------------------------------------------------------------


class LayoutAssertionError(AssertionError):
    pass


def assert_sound(graph: Graph, symbols: Mapping[str, int] | None = None, *, seed: int = 0) -> None:
    """Every typed port of ``graph`` holds what its type says (judged by the simulator)."""
    report = check_soundness(graph, symbols, seed=seed)
    if report.findings:
        lines = "\n".join(f"  {finding}" for finding in report.findings[:10])
        raise LayoutAssertionError(f"{len(report.findings)} unsound port(s):\n{lines}")
    if report.simulation.failure is not None:
        where = f" (the type rules reject {report.rejected_by})" if report.rejected_by else ""
        raise LayoutAssertionError(f"cannot execute: {report.simulation.failure}{where}")
    if report.rejected_by:
        raise LayoutAssertionError(f"not sound: the type rules reject {report.rejected_by}")


def assert_equivalent(
    a: Graph, b: Graph, symbols: Mapping[str, int] | None = None, *, seed: int = 0
) -> None:
    """``a`` and ``b`` compute the same outputs on the same inputs and weights."""
    report = compare_graphs(a, b, symbols, seed=seed)
    if report.findings:
        lines = "\n".join(f"  {finding}" for finding in report.findings[:10])
        raise LayoutAssertionError(f"the graphs differ:\n{lines}")


GraphPassFn = Callable[[Graph], Graph]


@attrs.frozen
class Counterexample:
    """A graph on which a pass failed, and why."""

    graph: Graph
    reason: str


def check_pass_on(pass_fn: GraphPassFn, graph: Graph) -> str | None:
    """Why ``pass_fn`` is wrong on ``graph`` (None if it is right there): its output must keep
    the type rules and compute what its input computes."""
    try:
        rewritten = normalize(pass_fn(graph))
    except Exception as error:  # a crashing pass is a finding, reported with its input
        return f"the pass raised {type(error).__name__}: {error}"
    report = check_graph(rewritten)
    if report.errors:
        first = report.errors[0]
        return f"the output breaks the type rules at {first.op}: {first.message} [{first.rule}]"
    equivalence = compare_graphs(graph, rewritten)
    if equivalence.findings:
        return f"the output computes something else: {equivalence.findings[0]}"
    return None


def fuzz_pass(
    pass_fn: GraphPassFn,
    *,
    examples: int = 100,
    seed: int | None = 0,
    graphs: st.SearchStrategy[Graph] | None = None,
    on_example: Callable[[], None] | None = None,
) -> Counterexample | None:
    """Run ``pass_fn`` on generated decoder graphs; return the shrunk counterexample, if any.
    ``on_example`` is called after each graph tried (shrinking tries more than ``examples``)."""
    found: list[Counterexample] = []
    strategy = graphs if graphs is not None else decoder_graphs()

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        # the explain phase re-runs the failure many times to annotate a report we replace
        phases=[p for p in hypothesis.Phase if p is not hypothesis.Phase.explain],
    )
    @given(strategy)
    def run(graph: Graph) -> None:
        reason = check_pass_on(pass_fn, graph)
        if on_example is not None:
            on_example()
        if reason is not None:
            found.append(Counterexample(graph, reason))
            raise LayoutAssertionError(reason)

    if seed is not None:
        run = hypothesis.seed(seed)(run)
    try:
        run()
    except LayoutAssertionError:
        return found[-1]  # hypothesis replays the shrunk example last
    return None
