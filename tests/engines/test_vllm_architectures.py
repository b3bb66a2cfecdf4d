

# -- Gemma-2's four norms per layer ---------------------------------------------------------

GEMMA2 = FIXTURES / "gemma2_tp2.fx.txt"


def lowered(path: Path, tp: int = 2) -> Graph:
    return lower_program(read_program(path), settings=RunSettings(tp=tp)).graph


def test_gemma2_s_four_norms_are_named_by_their_place_in_the_layer() -> None:
    graph = lowered(GEMMA2)
    norms = [(op.layer, str(op.role)) for op in graph.ops if op.kind in NORMS]
    layer = [
        "layer.input_layernorm",  # adds the residual (gemma2.py:234)
        "layer.post_attention_layernorm",  # the attention's output alone (:239)
        "layer.pre_feedforward_layernorm",  # adds the residual (:241)
        "layer.post_feedforward_layernorm",  # the MLP's output alone (:245)
    ]
    assert norms == [(0, r) for r in layer] + [(1, r) for r in layer] + [(None, "model.norm")]
    # and the MLP reads the pre-feedforward norm: its linears are the MLP's, in their layer
    mlp = [(op.layer, str(op.role), op.attr("parallel")) for op in graph.ops if op.kind == "linear"]
    assert [m for m in mlp if m[1].startswith("mlp.")] == [
        (0, "mlp.gate_up_proj", "column"),
        (0, "mlp.down_proj", "row"),
        (1, "mlp.gate_up_proj", "column"),
        (1, "mlp.down_proj", "row"),
    ]


def test_gemma2_checks_clean_and_an_unreduced_mlp_output_into_its_norm_is_found(
    tmp_path: Path,
) -> None:
    assert check(GEMMA2, "--tp", "2") == (0, [])
    path = edited(
        tmp_path,
        GEMMA2,
        "vllm_ir.rms_norm.default(l1_down_reduced,",
        "vllm_ir.rms_norm.default(l1_down,",
    )
    code, found = check(path, "--tp", "2")
    assert (code, [(d["rule"], d["op"]) for d in found][:1]) == (
        1,
        [("partial-into-nonlinear", "model.layers.1.post_feedforward_layernorm")],
    )
