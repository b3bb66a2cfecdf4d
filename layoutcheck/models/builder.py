"""Builds the tensor-parallel baseline decoder graph of a model: column/row linears with
all-reduces, every value on FULL tokens. Passes derive the sequence-parallel layouts from it.

Op names follow the Hugging Face module paths (``model.layers.{i}.self_attn.o_proj``,
``roles.hf_layer_name``); ops with no module (collectives, reshapes) are named after the module
they belong to. Names are for people: each op's layer and role are set as facts (scopes), and
its name within its layer (``Op.local``) is what its copies in a repetition region share. Gate
and up projections are one ``gate_up_proj`` linear, as the engines merge them.
"""

from __future__ import annotations

import enum

import attrs

from layoutcheck.graph import Graph, GraphBuilder, ValueRef
from layoutcheck.lattice import Dtype, TokenLayout
from layoutcheck.limits import MAX_PARALLEL, shown
from layoutcheck.models.config import (
    ConfigError,
    GqaSpec,
    Mixer,
    MlaSpec,
    ModelSpec,
    RecurrentKind,
    RecurrentSpec,
)
from layoutcheck.models.pipeline import Stage, boundary_span, send_name
from layoutcheck.roles import hf_layer_name, hf_layer_path


class Phase(enum.Enum):
    PREFILL = "prefill"
    DECODE = "decode"


class AttentionForm(enum.Enum):
    """How the attention block is drawn; both compute the same thing."""

    FUSED = "fused"  # the indexer reads the hidden state and includes wk (TensorCast)
    KEY_SIDE = "key-side"  # cat(k_pe, k_nope, k_indexer) then split (vLLM-Ascend sfa_v1)


@attrs.frozen
class ParallelConfig:
    """Parallel sizes only; behaviour follows from the model and the execution config."""

    tp: int = 1
    dp: int = 1
    ep: int | None = None  # default: tp·dp, the engines' expert parallelism over all ranks

    @property
    def expert_parallel(self) -> int:
        return self.ep if self.ep is not None else self.tp * self.dp


@attrs.frozen
class Execution:
    """What runs: the phase, tokens (prefill: prompt tokens; decode: tokens per DP rank, one
    request each), the requests a prefill's tokens belong to, and the context each request
    already holds in its KV cache (decode: the tokens generated so far; prefill: a chunked
    prefill's earlier chunks, 0 for a plain one). Logits are computed for the sampled tokens
    only: in prefill one per request (its last prompt token), in decode every token."""

    phase: Phase = Phase.PREFILL
    tokens: int = 4096
    context: int = 0
    # prefill only: how many prompts the tokens hold (a what-if symbol, ``requests``); the
    # attention is still costed as one causal range of ``tokens``
    requests: int = 1
    # decode with --batch: the contexts of this DP rank's requests, one new token each (then
    # ``tokens`` is their count and ``context`` the longest); the graph carries them as its
    # ``requests:`` (layoutcheck.batch), so attention is priced per request
    request_contexts: tuple[int, ...] = ()

    @property
    def keys(self) -> int:
        """Keys a request's queries attend (its cache and its new tokens): the symbol S."""
        new = 1 if self.phase is Phase.DECODE else self.tokens
        return self.context + new


VOCAB_PADDING = 64  # vocab-parallel embeddings pad the vocabulary to a multiple of 64·tp


def validate_parallel(spec: ModelSpec, parallel: ParallelConfig, *, heads_split: bool) -> None:
    """Impossible parallel sizes are input errors that name the size and the field."""
    for name, value in (("tp", parallel.tp), ("dp", parallel.dp), ("ep", parallel.ep)):
        if value is not None and value < 1:
            raise ConfigError(f"--{name} {value}: a parallel size must be at least 1")
        if value is not None and value > MAX_PARALLEL:
            raise ConfigError(f"--{name} {shown(value)}: the limit is {shown(MAX_PARALLEL)}")
    tp = parallel.tp
    if heads_split and spec.heads % tp:
        raise ConfigError(
            f"{spec.name}: num_attention_heads {spec.heads} is not divisible by tp {tp}"
        )
    if isinstance(spec.attention, GqaSpec) and heads_split:
        kv = spec.attention.kv_heads
        if kv % tp and tp % kv:
            raise ConfigError(
                f"{spec.name}: num_key_value_heads {kv} and tp {tp} do not divide each other"
            )
    recurrent = spec.recurrent
    if recurrent is not None and heads_split:
        # vLLM splits the recurrent heads (and the delta net's key heads) over TP
        # (mamba_mixer.py:90-154, qwen_gdn_linear_attn.py:419-447)
        for field, count in (
            ("recurrent heads", recurrent.heads),
            ("key heads", recurrent.key_heads),
        ):
            if count and count % tp:
                raise ConfigError(f"{spec.name}: {count} {field} are not divisible by tp {tp}")
        # mamba_mixer2.py:307-308: Mamba-2's groups split over TP, or one group replicated
        groups = recurrent.groups
        if groups > 1 and groups % tp:
            raise ConfigError(
                f"{spec.name}: mamba_n_groups {groups} is neither 1 nor divisible by tp {tp}"
            )
    if spec.moe is not None and spec.moe.experts % parallel.expert_parallel:
        raise ConfigError(
            f"{spec.name}: {spec.moe.experts} routed experts cannot be split over "
            f"ep {parallel.expert_parallel}"
        )
    for name, size in (("intermediate_size", spec.intermediate),) + (
        (("moe_intermediate_size", spec.moe.intermediate),) if spec.moe else ()
    ):
        if size % tp:
            raise ConfigError(f"{spec.name}: {name} {size} is not divisible by tp {tp}")


def _recurrent_symbols(recurrent: RecurrentSpec) -> dict[str, int | None]:
    """The recurrent layers' sizes as the graph's symbols."""
    symbols: dict[str, int | None] = {
        "rec_heads": recurrent.heads,
        "rec_head_dim": recurrent.head_dim,
        "rec_state": recurrent.state,
        "rec_conv_kernel": recurrent.conv_kernel,
    }
    if recurrent.kind is RecurrentKind.MAMBA:
        symbols["rec_dt_rank"] = recurrent.dt_rank
    elif recurrent.kind is RecurrentKind.MAMBA2:
        symbols["rec_groups"] = recurrent.groups
    else:
        symbols["rec_key_heads"] = recurrent.key_heads
    return symbols


def padded_vocab(vocab: int, tp: int) -> int:
    unit = VOCAB_PADDING * tp
    return -(-vocab // unit) * unit


def build_baseline(
    spec: ModelSpec,
    parallel: ParallelConfig,
    execution: Execution,
    *,
    form: AttentionForm = AttentionForm.FUSED,
    name: str | None = None,
    layers: frozenset[int] | None = None,
    fused_prolog: bool = False,
    stage: Stage | None = None,
) -> Graph:
    """The TP baseline: FULL tokens everywhere, column/row-parallel linears, all-reduces.
    ``layers``: build only these decoder layers, each reading the last one built (the
    template of a repetition graph; None builds them all). ``fused_prolog``: the MLA q-side
    (q_a/q_b/kv_a projections, their norms and ropes) as one ``mla_prolog`` op, as TensorCast's
    mlapo and vLLM-Ascend's mla_prolog run it. ``stage``: one pipeline stage's slice, its own
    layers only (the first takes the token ids, a later one the hidden state and residual the
    previous stage sent; a stage before the last ends in their send/recv)."""
    if spec.unbuilt:  # never a different model than the config says: refuse it by its field
        raise ConfigError(spec.unbuilt[0])
    validate_parallel(spec, parallel, heads_split=True)
    return _Builder(spec, parallel, execution, form, name, layers, fused_prolog, stage).build()


class _Builder:
    def __init__(
        self,
        spec: ModelSpec,
        parallel: ParallelConfig,
        execution: Execution,
        form: AttentionForm,
        name: str | None,
        layers: frozenset[int] | None = None,
        fused_prolog: bool = False,
        stage: Stage | None = None,
    ) -> None:
        self.spec = spec
        self.layers = layers
        self.stage = stage
        self.tp = parallel.tp
        self.fused_prolog = fused_prolog
        self.rope_tables: tuple[ValueRef, ValueRef] | None = None
        self.form = form
        self.execution = execution
        # the top-k of the last layer that ran its own indexer: shared-indexer layers read it
        self.topk_indices: ValueRef | None = None
        symbols: dict[str, int | None] = {
            "T": execution.tokens,
            "tp": parallel.tp,
            "dp": parallel.dp,
            "H": spec.hidden,
            "heads": spec.heads,
            "vocab": padded_vocab(spec.vocab, parallel.tp),
            "I": spec.intermediate,
        }
        attention = spec.attention
        if isinstance(attention, MlaSpec):
            symbols.update(
                kv_lora=attention.kv_lora_rank,
                d_nope=attention.qk_nope_head_dim,
                d_rope=attention.qk_rope_head_dim,
                d_v=attention.v_head_dim,
            )
            if attention.q_lora_rank is not None:
                symbols["q_lora"] = attention.q_lora_rank
        else:
            symbols.update(kv_heads=attention.kv_heads, head_dim=attention.head_dim)
        if spec.dsa is not None:
            symbols.update(
                index_heads=spec.dsa.index_n_heads,
                index_dim=spec.dsa.index_head_dim,
                index_topk=spec.dsa.index_topk,
            )
        if spec.moe is not None:
            symbols.update(
                experts=spec.moe.experts, top_k=spec.moe.top_k, moe_I=spec.moe.intermediate
            )
            if spec.moe.shared_experts:
                symbols["shared_I"] = spec.moe.shared_width
        if spec.recurrent is not None:
            symbols.update(_recurrent_symbols(spec.recurrent))
        # a KV context: the attended keys per request become the symbol S (a decode step's
        # cache and new token; a chunked prefill's earlier chunks and its own tokens)
        if self.has_context:
            symbols["S"] = execution.keys
        # Expert parallelism over all ranks unless given: then the ep group *is* tp·dp, so a
        # what-if over tp scales the experts per rank too.
        ep_size: str = "tp*dp"
        if parallel.ep is not None:
            symbols["ep"] = parallel.ep
            ep_size = "ep"
        if execution.phase is Phase.PREFILL:
            symbols["requests"] = execution.requests
        phase = execution.phase.value
        graph_name = name or f"{spec.name}-{phase}-tp{parallel.tp}"
        # every op's role and layer are set here, never read back from its name
        self.b = GraphBuilder(
            graph_name,
            symbols=symbols,
            groups={"tp": "tp", "ep": ep_size, "dp": "dp"},
            infer_roles=False,
        )

    @property
    def has_context(self) -> bool:
        return self.execution.phase is Phase.DECODE or self.execution.context > 0

    def context_attrs(self) -> dict[str, object]:
        """What attention and the indexer are told of the keys each request attends."""
        if not self.has_context:
            return {}  # a plain prefill: the keys are the prompt's own tokens
        return {"context": "S", "decode": self.execution.phase is Phase.DECODE}

    def build(self) -> Graph:
        b = self.b
        stage = self.stage
        starts = stage is None or stage.first
        if starts:
            ids = b.input("input_ids", ["T"], TokenLayout.FULL, dtype=Dtype.INT32)
        if self.fused_prolog:
            # the rotary tables at the tokens' positions: the fused q-side turns q and k itself
            self.rope_tables = (
                b.input("rope_cos", ["T", "d_rope"], TokenLayout.FULL),
                b.input("rope_sin", ["T", "d_rope"], TokenLayout.FULL),
            )
        residual: ValueRef | None = None
        if stage is not None and not stage.first:
            hidden, residual = self.received(stage)
        else:
            hidden = self.embedding(ids)
        span = stage.layers if stage is not None else range(len(self.spec.layer_kinds))
        for layer in span:
            if self.layers is not None and layer not in self.layers:
                continue
            with b.scope(layer=layer):
                hidden, residual = self.layer(layer, self.spec.layer_kinds[layer], hidden, residual)
        assert residual is not None
        if stage is not None and not stage.last:
            b.output(*self.sent(stage, hidden, residual))
        else:
            b.output(self.head(hidden, residual))
        return b.build()

    def embedding(self, ids: ValueRef) -> ValueRef:
        b = self.b
        with b.scope(role="model"):
            embedded = b.op(
                "model.embed_tokens",
                "embedding",
                [ids],
                role="model.embed_tokens",
                vocab="vocab",
                hidden="H",
                parallel="vocab",
            )
            reduced = b.op("model.embed_tokens.all_reduce", "all_reduce", [embedded])
            if not self.spec.tensors.embedding_norm:
                return reduced
            # Bloom normalizes the embedding before the first layer (bloom.py:253, :279)
            return b.op(
                "model.word_embeddings_layernorm",
                "rms_norm",
                [reduced],
                role="model",
            )

    def head(self, hidden: ValueRef, residual: ValueRef) -> ValueRef:
        b = self.b
        final = b.op("model.norm", "add_rms_norm", [hidden, residual], role="model.norm")
        if self.execution.phase is Phase.PREFILL:
            # the engines compute logits for each request's sampled (last) token only; a
            # select of global positions needs FULL tokens, so under SP the norm is gathered
            final = b.op(
                "lm_head.sampled_tokens", "token_select", [final], role="model", rows="requests"
            )
        return b.op("lm_head", "lm_head", [final], role="model.lm_head", vocab="vocab", hidden="H")

    # -- pipeline stage boundaries ------------------------------------------------------------
    def shares_topk(self, layer: int) -> bool:
        """A shared-indexer layer (IndexShare) reads the top-k of an earlier layer."""
        dsa = self.spec.dsa
        return dsa is not None and not dsa.runs_indexer(layer)

    def received(self, stage: Stage) -> tuple[ValueRef, ValueRef]:
        """What a later stage starts from: vLLM's IntermediateTensors, the hidden state and the
        residual (and the top-k a first shared-indexer layer reads), as the previous stage's
        send/recv left them: FULL tokens, whole features, on every tp rank."""
        b = self.b
        hidden = b.input("hidden_states", ["T", "H"], TokenLayout.FULL)
        residual = b.input("residual", ["T", "H"], TokenLayout.FULL)
        if self.shares_topk(stage.layers.start):
            self.topk_indices = b.input(
                "topk_indices", ["T", "index_topk"], TokenLayout.FULL, dtype=Dtype.INT64
            )
        return hidden, residual

    def sent(self, stage: Stage, hidden: ValueRef, residual: ValueRef) -> list[ValueRef]:
        """The send/recv of each tensor the next stage starts from, to its rank of the same tp
        rank (vLLM sends the hidden state and the residual; TensorCast only their sum)."""
        b = self.b
        span = boundary_span(stage.index, self.tp)
        tensors = [("hidden_states", hidden), ("residual", residual)]
        if self.shares_topk(stage.layers.stop) and self.topk_indices is not None:
            tensors.append(("topk_indices", self.topk_indices))
        with b.scope(role="model"):
            return [
                b.op(send_name(name), "send_recv", [ref], role="model", span=span)
                for name, ref in tensors
            ]

    def layer(
        self, i: int, kind: str, hidden: ValueRef, residual: ValueRef | None
    ) -> tuple[ValueRef, ValueRef]:
        b, p = self.b, hf_layer_path(i)
        entry = "layer.input_layernorm"
        if residual is None:
            normed = b.op(f"{p}.input_layernorm", "rms_norm", [hidden], role=entry)
            residual = hidden
        else:
            norm = b.op(f"{p}.input_layernorm", "add_rms_norm", [hidden, residual], role=entry)
            normed, residual = norm, b.out(norm, 1)
        mixer = self.spec.mixer(i)
        with b.scope(role="attention"):
            if mixer is Mixer.RECURRENT:
                attn = self.recurrent(p, normed, self.spec.recurrent_sizes())
            elif isinstance(self.spec.attention, MlaSpec):
                attn = self.mla(i, normed, self.spec.attention)
            else:
                attn = self.gqa(p, normed, self.spec.attention)
            if mixer is Mixer.PARALLEL:
                # Falcon-H1 (falcon_h1.py:369-401): the Mamba-2 mixer reads the same normed
                # input; the two outputs, each all-reduced, are summed before the residual add
                # (their in/out multipliers are scalars, folded into the adds' numerics)
                mamba = self.recurrent(p, normed, self.spec.recurrent_sizes())
                attn = b.op(f"{p}.mixer_sum", "add", [attn, mamba], role="attention")
        if self.spec.parallel_block:
            # attention and the MLP read the same normed input; their sum joins the residual
            # at the next layer's (or the final) norm: h + attn(ln(h)) + mlp(ln(h))
            if kind == "moe":
                with b.scope(role="moe"):
                    mlp = self.moe(p, normed)
            else:
                with b.scope(role="mlp"):
                    mlp = self.dense_mlp(p, normed)
            return b.op(f"{p}.parallel_sum", "add", [attn, mlp], role="layer"), residual
        post = b.op(
            f"{p}.post_attention_layernorm",
            "add_rms_norm",
            [attn, residual],
            role="layer.post_attention_layernorm",
        )
        normed, residual = post, b.out(post, 1)
        if kind == "moe":
            with b.scope(role="moe"):
                out = self.moe(p, normed)
        else:
            with b.scope(role="mlp"):
                out = self.dense_mlp(p, normed)
        return out, residual

    # -- attention --------------------------------------------------------------------------
    def mla(self, layer: int, x: ValueRef, mla: MlaSpec) -> ValueRef:
        b, a = self.b, hf_layer_name(layer, "self_attn")
        qk = "heads*(d_nope+d_rope)"
        if self.rope_tables is not None:
            cos, sin = self.rope_tables
            prolog = b.op(
                f"{a}.mla_prolog",
                "mla_prolog",
                [x, cos, sin],
                hidden="H",
                heads="heads",
                q_lora_rank="q_lora",
                kv_lora_rank="kv_lora",
                qk_nope_head_dim="d_nope",
                qk_rope_head_dim="d_rope",
                parallel="column",
            )
            # [t, heads, nope+rope] as the attention ops take it, [t, heads·(nope+rope)]
            q = b.op(f"{a}.q_flatten", "reshape", [prolog], features=(qk,))
            return self.mla_attention(
                layer, a, x, q, b.out(prolog, 3), b.out(prolog, 1), b.out(prolog, 2)
            )
        if mla.q_lora_rank is not None:
            q_a = b.op(
                f"{a}.q_a_proj",
                "linear",
                [x],
                role="attention.q_a_proj",
                in_features="H",
                out_features="q_lora",
                parallel="replicated",
            )
            q_c = b.op(f"{a}.q_a_layernorm", "rms_norm", [q_a], role="attention.q_a_layernorm")
            q = b.op(
                f"{a}.q_b_proj",
                "linear",
                [q_c],
                role="attention.q_b_proj",
                in_features="q_lora",
                out_features=qk,
                parallel="column",
            )
        else:
            q_c = x
            q = b.op(
                f"{a}.q_proj",
                "linear",
                [x],
                role="attention.q_proj",
                in_features="H",
                out_features=qk,
                parallel="column",
            )
        # rope turns the rope dims of each head only
        q = b.op(f"{a}.q_rope", "rope", [q], rotary_dim="d_rope", head_dim="d_nope+d_rope")
        kv_a = b.op(
            f"{a}.kv_a_proj_with_mqa",
            "linear",
            [x],
            role="attention.kv_a_proj_with_mqa",
            in_features="H",
            out_features="kv_lora+d_rope",
            parallel="replicated",
        )
        kv_split = b.op(f"{a}.kv_a_split", "split", [kv_a], sizes=("kv_lora", "d_rope"))
        k_nope = b.op(
            f"{a}.kv_a_layernorm", "rms_norm", [kv_split], role="attention.kv_a_layernorm"
        )
        k_pe = b.op(f"{a}.k_rope", "rope", [b.out(kv_split, 1)])
        return self.mla_attention(layer, a, x, q, q_c, k_nope, k_pe)

    def mla_attention(
        self,
        layer: int,
        a: str,
        x: ValueRef,
        q: ValueRef,
        q_c: ValueRef,
        k_nope: ValueRef,
        k_pe: ValueRef,
    ) -> ValueRef:
        """From the q-side's query, compressed query and key parts: the indexer, the key side
        and the attention."""
        b = self.b
        indices = None
        dsa = self.spec.dsa
        own_indexer = dsa is not None and dsa.runs_indexer(layer)
        if dsa is not None and self.form is AttentionForm.KEY_SIDE:
            # vLLM-Ascend gathers the key side once: the latent KV, and the indexer key where
            # the layer has an indexer (it fills the indexer cache)
            keys, sizes = [k_pe, k_nope], ["d_rope", "kv_lora"]
            if own_indexer:
                keys.append(
                    b.op(
                        f"{a}.indexer.wk",
                        "linear",
                        [x],
                        role="attention.indexer.wk",
                        in_features="H",
                        out_features="index_dim",
                        parallel="replicated",
                    )
                )
                sizes.append("index_dim")
            key_side = b.op(f"{a}.key_side", "concat", keys)
            parts = b.op(
                f"{a}.key_side_split",
                "split",
                [key_side],
                role="attention.key_side",
                sizes=tuple(sizes),
            )
            k_pe, k_nope = parts, b.out(parts, 1)
            if own_indexer:
                indices = self.indexer(a, q_c, b.out(parts, 2), hidden="H")
        elif own_indexer:
            indices = self.indexer(a, q_c, x, hidden="H")
        if dsa is not None and not own_indexer:
            # a shared-indexer layer (GLM-5.2's IndexShare) reuses the top-k of the last layer
            # that ran its own indexer; the config reader guarantees there is one before it
            assert self.topk_indices is not None
            indices = self.topk_indices
        elif indices is not None:
            self.topk_indices = indices
        kv = b.op(f"{a}.kv_latent", "concat", [k_nope, k_pe])
        attention_attrs = {
            "heads": "heads",
            "qk_nope_head_dim": "d_nope",
            "qk_rope_head_dim": "d_rope",
            "v_head_dim": "d_v",
            "kv_lora_rank": "kv_lora",
            **self.context_attrs(),
        }
        if indices is not None:
            out = b.op(
                f"{a}.attn",
                "sparse_attention",
                [q, kv, indices],
                role="attention.attn",
                topk="index_topk",
                **attention_attrs,
            )
        else:
            out = b.op(
                f"{a}.attn", "mla_attention", [q, kv], role="attention.attn", **attention_attrs
            )
        return self.o_proj(a, out, "heads*d_v")

    def indexer(self, a: str, q_c: ValueRef, x: ValueRef, hidden: str | None = None) -> ValueRef:
        return self.b.op(
            f"{a}.indexer",
            "dsa_indexer",
            [q_c, x],
            role="attention.indexer",
            hidden=hidden,
            index_n_heads="index_heads",
            index_head_dim="index_dim",
            topk="index_topk",
            **self.context_attrs(),
        )

    def gqa(self, p: str, x: ValueRef, gqa: GqaSpec) -> ValueRef:
        b, a = self.b, f"{p}.self_attn"
        # Fewer KV heads than ranks: the engines replicate KV heads up to tp.
        kv_out = "max(kv_heads, tp)*head_dim"
        q = b.op(
            f"{a}.q_proj",
            "linear",
            [x],
            role="attention.q_proj",
            in_features="H",
            out_features="2*heads*head_dim" if gqa.output_gate else "heads*head_dim",
            parallel="column",
        )
        k = b.op(
            f"{a}.k_proj",
            "linear",
            [x],
            role="attention.k_proj",
            in_features="H",
            out_features=kv_out,
            parallel="column",
        )
        v = b.op(
            f"{a}.v_proj",
            "linear",
            [x],
            role="attention.v_proj",
            in_features="H",
            out_features=kv_out,
            parallel="column",
        )
        gate = None
        if gqa.output_gate:
            # Qwen3-Next: q_proj makes each head's query and its output gate (qwen3_next.py
            # :309-316, q_proj of 2·heads·head_dim, split per rank at :456-470)
            parts = b.op(
                f"{a}.q_gate_split",
                "feature_split",
                [q],
                role="attention",
                sizes=("heads*head_dim/tp", "heads*head_dim/tp"),
            )
            q, gate = parts, b.out(parts, 1)
        if gqa.qk_norm and self.spec.tensors.qk_norm_width == "projection":
            q, k = self.projection_qk_norms(a, q, k)
        # ALiBi biases the scores by distance; Jamba's attention has no position encoding
        if self.spec.rotary and not self.spec.alibi:
            q = b.op(f"{a}.q_rope", "rope", [q])
            k = b.op(f"{a}.k_rope", "rope", [k])
        out = b.op(
            f"{a}.attn",
            "attention",
            [q, k, v],
            role="attention.attn",
            heads="heads",
            kv_heads="kv_heads",
            head_dim="head_dim",
            **self.context_attrs(),
        )
        return self.o_proj(a, out, "heads*head_dim", gate)

    def projection_qk_norms(self, a: str, q: ValueRef, k: ValueRef) -> tuple[ValueRef, ValueRef]:
        """q_norm and k_norm over the whole projections (OLMo-2, OLMoE, MiniMax-M2): under TP
        each is a distributed norm, its ranks' means of squares all-reduced (vLLM's
        MiniMaxText01RMSNormTP); where tp exceeds the KV heads, a rank's K is one replicated
        head, and k_norm's weight is sharded by head (vLLM minimax_m2.py, k_norm)."""
        b = self.b
        q = b.op(
            f"{a}.q_norm",
            "distributed_rms_norm",
            [q],
            role="attention",
            features="heads*head_dim",
            heads="heads",
        )
        k = b.op(
            f"{a}.k_norm",
            "distributed_rms_norm",
            [k],
            role="attention",
            features="kv_heads*head_dim",
            heads="kv_heads",
        )
        return q, k

    def o_proj(
        self, a: str, attention: ValueRef, width: str, gate: ValueRef | None = None
    ) -> ValueRef:
        b = self.b
        flat = b.op(f"{a}.o_proj_flatten", "reshape", [attention], features=(width,))
        if gate is not None:  # out · sigmoid(gate), each rank its own heads (qwen3_next.py:427)
            sigmoid = b.op(f"{a}.gate_sigmoid", "activation", [gate], fn="sigmoid")
            flat = b.op(f"{a}.output_gate", "pointwise", [flat, sigmoid], fn="mul")
        out = b.op(
            f"{a}.o_proj",
            "linear",
            [flat],
            role="attention.o_proj",
            in_features=width,
            out_features="H",
            parallel="row",
        )
        return b.op(f"{a}.o_proj.all_reduce", "all_reduce", [out])

    # -- recurrent mixers ------------------------------------------------------------------
    def recurrent(self, p: str, x: ValueRef, recurrent: RecurrentSpec) -> ValueRef:
        if recurrent.kind is RecurrentKind.MAMBA:
            return self.mamba(f"{p}.mamba", x)
        if recurrent.kind is RecurrentKind.MAMBA2:
            return self.mamba2(f"{p}.mamba.mamba", x)
        return self.gated_delta(f"{p}.linear_attn", x)

    def mamba2(self, m: str, x: ValueRef) -> ValueRef:
        """Falcon-H1's Mamba-2 mixer (layers/mamba/mamba_mixer2.py): the column-parallel
        in_proj [gate | x, B, C | dt] (:346-378; one group replicated to every rank, :321-328),
        this rank's gate split off, the convolution and the scan over this rank's heads
        (:588), the gated norm (:493) and the row-parallel out_proj (:484-491) all-reduced."""
        b = self.b
        inner = "rec_heads*rec_head_dim"
        # B and C: one group per rank at least, as vLLM replicates a single group (like KV
        # heads fewer than ranks)
        conv = f"{inner}+2*max(rec_groups, tp)*rec_state"
        in_proj = self.column_in(f"{m}.in_proj", x, f"{inner}+{conv}+rec_heads")
        gate_rest = b.op(
            f"{m}.gate_split",
            "feature_split",
            [in_proj],
            role="attention",
            sizes=(f"{inner}/tp", f"({conv}+rec_heads)/tp"),
        )
        mixed = b.op(
            f"{m}.mixer",
            "recurrent_mixer",
            [b.out(gate_rest, 1)],
            role="attention",
            in_features=f"{conv}+rec_heads",
            heads="rec_heads",
            head_dim="rec_head_dim",
            state="rec_state",
            conv_width=conv,
            conv_kernel="rec_conv_kernel",
            update="selective",
            **self.recurrent_attrs(),
        )
        flat = b.op(f"{m}.out_flatten", "reshape", [mixed], features=(inner,))
        normed = b.op(
            f"{m}.norm", "pointwise", [flat, gate_rest], role="attention", fn="gated_norm"
        )
        return self.recurrent_out(m, normed, inner, flatten=False)

    def mamba(self, m: str, x: ValueRef) -> ValueRef:
        """Jamba's Mamba-1 layer (jamba.py:128-137, layers/mamba/mamba_mixer.py:90-186): the
        column-parallel in_proj ([x | gate], 2·channels), the convolution and the selective
        scan over this rank's channels (x_proj row-parallel and dt_proj column-parallel
        inside the op), the row-parallel out_proj and its all-reduce."""
        b = self.b
        in_proj = self.column_in(f"{m}.in_proj", x, "2*rec_heads")
        mixed = b.op(
            f"{m}.mixer",
            "recurrent_mixer",
            [in_proj],
            role="attention",
            in_features="2*rec_heads",
            heads="rec_heads",
            head_dim="rec_head_dim",
            state="rec_state",
            conv_width="rec_heads",
            conv_kernel="rec_conv_kernel",
            update="selective",
            dt_rank="rec_dt_rank",
            **self.recurrent_attrs(),
        )
        return self.recurrent_out(m, mixed, "rec_heads*rec_head_dim")

    def gated_delta(self, m: str, x: ValueRef) -> ValueRef:
        """Qwen3-Next's gated delta net (layers/mamba/gdn/qwen_gdn_linear_attn.py): the
        column-parallel in_proj_qkvz and in_proj_ba (:434-449), each rank's q, k, v and z and
        its heads' b and a split from them, the convolution and the delta rule over this rank's
        heads (:1045), the gated norm per head (:490, z's SiLU gate) and the row-parallel
        out_proj (:499-506) with its all-reduce."""
        b = self.b
        keys, values = "rec_key_heads*rec_state", "rec_heads*rec_head_dim"
        qkv = f"2*{keys}+{values}"
        qkvz = self.column_in(f"{m}.in_proj_qkvz", x, f"{qkv}+{values}")
        ba = self.column_in(f"{m}.in_proj_ba", x, "2*rec_heads")
        mixed_z = b.op(
            f"{m}.qkvz_split",
            "feature_split",
            [qkvz],
            role="attention",
            sizes=(f"({qkv})/tp", f"{values}/tp"),
        )
        gates = b.op(
            f"{m}.ba_split",
            "feature_split",
            [ba],
            role="attention",
            sizes=("rec_heads/tp", "rec_heads/tp"),
        )
        mixed = b.op(
            f"{m}.mixer",
            "recurrent_mixer",
            [mixed_z, gates, b.out(gates, 1)],
            role="attention",
            in_features=qkv,
            heads="rec_heads",
            head_dim="rec_head_dim",
            state="rec_state",
            conv_width=qkv,
            conv_kernel="rec_conv_kernel",
            update="gated_delta",
            **self.recurrent_attrs(),
        )
        flat = b.op(f"{m}.core_flatten", "reshape", [mixed], features=(values,))
        # RMSNormGated over each head's own features (its weight one head wide), times SiLU(z)
        normed = b.op(
            f"{m}.norm", "pointwise", [flat, b.out(mixed_z, 1)], role="attention", fn="gated_norm"
        )
        return self.recurrent_out(m, normed, values, flatten=False)

    def column_in(self, name: str, x: ValueRef, out_features: str) -> ValueRef:
        """A recurrent layer's column-parallel input projection of the hidden state."""
        return self.b.op(
            name, "linear", [x], role="attention", in_features="H", out_features=out_features,
            parallel="column",
        )  # fmt: skip

    def recurrent_attrs(self) -> dict[str, object]:
        """A decode step reads and writes each request's state once per token."""
        return {"decode": True} if self.execution.phase is Phase.DECODE else {}

    def recurrent_out(
        self, m: str, mixed: ValueRef, width: str, *, flatten: bool = True
    ) -> ValueRef:
        b = self.b
        flat = b.op(f"{m}.out_flatten", "reshape", [mixed], features=(width,)) if flatten else mixed
        out = b.op(
            f"{m}.out_proj",
            "linear",
            [flat],
            role="attention",
            in_features=width,
            out_features="H",
            parallel="row",
        )
        return b.op(f"{m}.out_proj.all_reduce", "all_reduce", [out])

    # -- MLP / MoE --------------------------------------------------------------------------
    def dense_mlp(self, p: str, x: ValueRef) -> ValueRef:
        return self.mlp(f"{p}.mlp", x, "I")

    def mlp(self, m: str, x: ValueRef, width: str, block: str = "mlp") -> ValueRef:
        b = self.b
        if not self.spec.tensors.gated_mlp:
            # up → activation → down, no gate (StarCoder2, GPT-J, GPT-NeoX, Falcon, Bloom)
            up = b.op(
                f"{m}.up_proj",
                "linear",
                [x],
                role=f"{block}.up_proj",
                in_features="H",
                out_features=width,
                parallel="column",
            )
            act = b.op(f"{m}.act_fn", "activation", [up], fn="gelu")
            return self.down_proj(m, act, width, block)
        gate_up = b.op(
            f"{m}.gate_up_proj",
            "linear",
            [x],
            role=f"{block}.gate_up_proj",
            in_features="H",
            out_features=f"2*{width}",
            parallel="column",
        )
        act = b.op(f"{m}.act_fn", "activation", [gate_up], fn="swiglu")
        return self.down_proj(m, act, width, block)

    def down_proj(self, m: str, act: ValueRef, width: str, block: str) -> ValueRef:
        b = self.b
        down = b.op(
            f"{m}.down_proj",
            "linear",
            [act],
            role=f"{block}.down_proj",
            in_features=width,
            out_features="H",
            parallel="row",
        )
        return b.op(f"{m}.all_reduce", "all_reduce", [down])

    def moe(self, p: str, x: ValueRef) -> ValueRef:
        b, m = self.b, f"{p}.mlp"
        moe = self.spec.moe
        assert moe is not None
        logits = b.op(f"{m}.gate", "moe_gate", [x], role="moe.gate", experts="experts")
        topk = b.op(f"{m}.topk", "moe_topk", [logits], role="moe.topk", top_k="top_k")
        routed = b.op(
            f"{m}.experts",
            "moe_experts",
            [x, topk, b.out(topk, 1)],
            role="moe.experts",
            experts="experts",
            top_k="top_k",
            intermediate="moe_I",
            group="ep",
        )
        if not moe.shared_experts:
            return routed
        with b.scope(role="shared_experts"):
            shared = self.mlp(f"{m}.shared_experts", x, "shared_I", "shared_experts")
        return b.op(f"{m}.combine", "add", [routed, shared], role="moe.combine")
