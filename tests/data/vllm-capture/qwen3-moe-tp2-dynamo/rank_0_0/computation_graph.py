from __future__ import annotations
import torch
class GraphModule(torch.nn.Module):
    def forward(self, s72: "Sym(s72)", L_input_ids_: "i32[s72]", L_self_modules_embed_tokens_parameters_weight_: "bf16[512, 256]", L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_: "bf16[256, 64]", s80: "Sym(s72)", L_positions_: "i64[s72]", SYNTHETIC_LOCAL_tmp_0_ : vllm_utils_torch_utils_LayerName, L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_: "bf16[4, 256]", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_: "bf16[4, 128, 256]", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_: "bf16[4, 256, 64]", L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", SYNTHETIC_LOCAL_tmp_2_ : vllm_utils_torch_utils_LayerName, L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_: "bf16[4, 256]", L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_: "bf16[4, 128, 256]", L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_: "bf16[4, 256, 64]", L_self_modules_norm_parameters_weight_: "bf16[256]"):
        l_input_ids_ = L_input_ids_
        l_self_modules_embed_tokens_parameters_weight_ = L_self_modules_embed_tokens_parameters_weight_
        l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_ = L_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_
        l_positions_ = L_positions_
        synthetic_local_tmp_0_ = SYNTHETIC_LOCAL_tmp_0_
        l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_
        l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_
        synthetic_local_tmp_2_ = SYNTHETIC_LOCAL_tmp_2_
        l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_
        l_self_modules_norm_parameters_weight_ = L_self_modules_norm_parameters_weight_

        # No stacktrace found for following nodes
        submod_0 = self.submod_0(l_input_ids_, s72, l_self_modules_embed_tokens_parameters_weight_, l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_, l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_, l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_, l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_, l_positions_, l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_, synthetic_local_tmp_0_, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_, l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_, l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_, l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_, l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_, synthetic_local_tmp_2_, l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_, l_self_modules_norm_parameters_weight_);  l_input_ids_ = s72 = l_self_modules_embed_tokens_parameters_weight_ = l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_ = l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_ = l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_ = l_positions_ = l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_ = synthetic_local_tmp_0_ = l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_ = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_ = l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_ = l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_ = synthetic_local_tmp_2_ = l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_ = l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = l_self_modules_norm_parameters_weight_ = None
        getitem = submod_0[0];  submod_0 = None
        return (getitem,)

    class submod_0(torch.nn.Module):
        def forward(self, l_input_ids_: "i32[s72]", s72: "Sym(s72)", l_self_modules_embed_tokens_parameters_weight_: "bf16[512, 256]", l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "bf16[256]", l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", l_positions_: "i64[s72]", l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_: "bf16[256, 64]", synthetic_local_tmp_0_ : vllm_utils_torch_utils_LayerName, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_: "bf16[4, 256]", l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_: "bf16[4, 128, 256]", l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_: "bf16[4, 256, 64]", l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_: "bf16[256]", l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", synthetic_local_tmp_2_ : vllm_utils_torch_utils_LayerName, l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_: "bf16[4, 256]", l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_: "bf16[4, 128, 256]", l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_: "bf16[4, 256, 64]", l_self_modules_norm_parameters_weight_: "bf16[256]"):
            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
            ge: "b8[s72]" = l_input_ids_ >= 0
            lt: "b8[s72]" = l_input_ids_ < 512
            and_: "b8[s72]" = ge & lt;  ge = lt = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
            ge_1: "b8[s72]" = l_input_ids_ >= 1024

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
            lt_1: "b8[s72]" = l_input_ids_ < 1024

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
            and__1: "b8[s72]" = ge_1 & lt_1;  ge_1 = lt_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
            mul: "i64[s72]" = 0 * and_

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:196 in get_masked_input_and_mask, code: added_offset * added_vocab_mask
            mul_1: "i64[s72]" = 512 * and__1

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
            add: "i64[s72]" = mul + mul_1;  mul = mul_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
            or_: "b8[s72]" = and_ | and__1;  and_ = and__1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
            sub: "i64[s72]" = l_input_ids_ - add;  l_input_ids_ = add = None
            mul_2: "i64[s72]" = or_ * sub;  sub = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
            invert: "b8[s72]" = ~or_;  or_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:545 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
            long: "i64[s72]" = mul_2.long();  mul_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
            embedding: "bf16[s72, 256]" = torch.nn.functional.embedding(long, l_self_modules_embed_tokens_parameters_weight_);  long = l_self_modules_embed_tokens_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
            unsqueeze: "b8[s72, 1]" = invert.unsqueeze(-1);  invert = None
            masked_fill_: "bf16[s72, 256]" = embedding.masked_fill_(unsqueeze, 0);  unsqueeze = masked_fill_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
            all_reduce: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(embedding, group_name = 'tp:0');  embedding = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
            _get_data_attr: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_);  l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
            rms_norm_default: "bf16[s72, 256]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, _get_data_attr, 1e-06, None);  _get_data_attr = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear: "bf16[s72, 256]" = torch._C._nn.linear(rms_norm_default, l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_, None);  rms_norm_default = l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            split = linear.split([128, 64, 64], dim = -1);  linear = None
            getitem: "bf16[s72, 128]" = split[0]

            # No stacktrace found for following nodes
            sym_size_int: "Sym(s72)" = torch.ops.aten.sym_size.int(getitem, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            getitem_1: "bf16[s72, 64]" = split[1]

            # No stacktrace found for following nodes
            sym_size_int_1: "Sym(s72)" = torch.ops.aten.sym_size.int(getitem_1, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            getitem_2: "bf16[s72, 64]" = split[2];  split = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:335 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
            view: "bf16[s72, 2, 64]" = getitem.view(s72, 2, 64);  getitem = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
            _get_data_attr_1: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_);  l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
            rms_norm_default_1: "bf16[s72, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view, _get_data_attr_1, 1e-06, None);  view = _get_data_attr_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:337 in forward, code: q = q_by_head.view(q.shape)
            view_1: "bf16[s72, 128]" = rms_norm_default_1.view(sym_size_int, 128);  rms_norm_default_1 = sym_size_int = None

            # No stacktrace found for following nodes
            sym_size_int_2: "Sym(s72)" = torch.ops.aten.sym_size.int(view_1, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:339 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
            view_2: "bf16[s72, 1, 64]" = getitem_1.view(s72, 1, 64);  getitem_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
            _get_data_attr_2: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_);  l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
            rms_norm_default_2: "bf16[s72, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(view_2, _get_data_attr_2, 1e-06, None);  view_2 = _get_data_attr_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:341 in forward, code: k = k_by_head.view(k.shape)
            view_3: "bf16[s72, 64]" = rms_norm_default_2.view(sym_size_int_1, 64);  rms_norm_default_2 = sym_size_int_1 = None

            # No stacktrace found for following nodes
            sym_size_int_3: "Sym(s72)" = torch.ops.aten.sym_size.int(view_3, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:171 in forward_static, code: positions = positions.flatten()
            flatten: "i64[s72]" = l_positions_.flatten()

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
            index_select: "bf16[s72, 64]" = l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_.index_select(0, flatten);  flatten = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
            chunk = index_select.chunk(2, dim = -1);  index_select = None
            getitem_3: "bf16[s72, 32]" = chunk[0]
            getitem_4: "bf16[s72, 32]" = chunk[1];  chunk = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
            view_4: "bf16[s72, 2, 64]" = view_1.view(s72, -1, 64);  view_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
            getitem_5: "bf16[s72, 2, 64]" = view_4[(Ellipsis, slice(None, 64, None))]

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
            getitem_6: "bf16[s72, 2, 0]" = view_4[(Ellipsis, slice(64, None, None))];  view_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
            unsqueeze_1: "bf16[s72, 1, 32]" = getitem_3.unsqueeze(-2)
            to: "bf16[s72, 1, 32]" = unsqueeze_1.to(torch.bfloat16);  unsqueeze_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
            unsqueeze_2: "bf16[s72, 1, 32]" = getitem_4.unsqueeze(-2)
            to_1: "bf16[s72, 1, 32]" = unsqueeze_2.to(torch.bfloat16);  unsqueeze_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
            chunk_1 = torch.chunk(getitem_5, 2, dim = -1);  getitem_5 = None
            getitem_7: "bf16[s72, 2, 32]" = chunk_1[0]
            getitem_8: "bf16[s72, 2, 32]" = chunk_1[1];  chunk_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
            mul_3: "bf16[s72, 2, 32]" = getitem_7 * to
            mul_4: "bf16[s72, 2, 32]" = getitem_8 * to_1
            sub_1: "bf16[s72, 2, 32]" = mul_3 - mul_4;  mul_3 = mul_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
            mul_5: "bf16[s72, 2, 32]" = getitem_8 * to;  getitem_8 = to = None
            mul_6: "bf16[s72, 2, 32]" = getitem_7 * to_1;  getitem_7 = to_1 = None
            add_1: "bf16[s72, 2, 32]" = mul_5 + mul_6;  mul_5 = mul_6 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
            cat: "bf16[s72, 2, 64]" = torch.cat((sub_1, add_1), dim = -1);  sub_1 = add_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
            cat_1: "bf16[s72, 2, 64]" = torch.cat((cat, getitem_6), dim = -1);  cat = getitem_6 = None
            reshape: "bf16[s72, 128]" = cat_1.reshape(sym_size_int_2, 128);  cat_1 = sym_size_int_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
            view_5: "bf16[s72, 1, 64]" = view_3.view(s72, -1, 64);  view_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
            getitem_9: "bf16[s72, 1, 64]" = view_5[(Ellipsis, slice(None, 64, None))]

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
            getitem_10: "bf16[s72, 1, 0]" = view_5[(Ellipsis, slice(64, None, None))];  view_5 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
            unsqueeze_3: "bf16[s72, 1, 32]" = getitem_3.unsqueeze(-2);  getitem_3 = None
            to_2: "bf16[s72, 1, 32]" = unsqueeze_3.to(torch.bfloat16);  unsqueeze_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
            unsqueeze_4: "bf16[s72, 1, 32]" = getitem_4.unsqueeze(-2);  getitem_4 = None
            to_3: "bf16[s72, 1, 32]" = unsqueeze_4.to(torch.bfloat16);  unsqueeze_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
            chunk_2 = torch.chunk(getitem_9, 2, dim = -1);  getitem_9 = None
            getitem_11: "bf16[s72, 1, 32]" = chunk_2[0]
            getitem_12: "bf16[s72, 1, 32]" = chunk_2[1];  chunk_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
            mul_7: "bf16[s72, 1, 32]" = getitem_11 * to_2
            mul_8: "bf16[s72, 1, 32]" = getitem_12 * to_3
            sub_2: "bf16[s72, 1, 32]" = mul_7 - mul_8;  mul_7 = mul_8 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
            mul_9: "bf16[s72, 1, 32]" = getitem_12 * to_2;  getitem_12 = to_2 = None
            mul_10: "bf16[s72, 1, 32]" = getitem_11 * to_3;  getitem_11 = to_3 = None
            add_2: "bf16[s72, 1, 32]" = mul_9 + mul_10;  mul_9 = mul_10 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
            cat_2: "bf16[s72, 1, 64]" = torch.cat((sub_2, add_2), dim = -1);  sub_2 = add_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
            cat_3: "bf16[s72, 1, 64]" = torch.cat((cat_2, getitem_10), dim = -1);  cat_2 = getitem_10 = None
            reshape_1: "bf16[s72, 64]" = cat_3.reshape(sym_size_int_3, 64);  cat_3 = sym_size_int_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
            size = torch.Size([s72, 128])
            empty: "bf16[s72, 128]" = torch.empty(size, dtype = torch.bfloat16, device = device(type='cpu'));  size = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
            view_6: "bf16[s72, 2, 64]" = reshape.view(-1, 2, 64);  reshape = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
            view_7: "bf16[s72, 2, 64]" = empty.view(-1, 2, 64);  empty = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
            view_8: "bf16[s72, 1, 64]" = reshape_1.view(-1, 1, 64);  reshape_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
            view_9: "bf16[s72, 1, 64]" = getitem_2.view(-1, 1, 64);  getitem_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
            unified_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update(view_8, view_9, synthetic_local_tmp_0_)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
            unified_attention_with_output = torch.ops.vllm.unified_attention_with_output(view_6, view_8, view_9, view_7, synthetic_local_tmp_0_, kv_cache_dummy_dep = unified_kv_cache_update);  view_6 = view_8 = view_9 = synthetic_local_tmp_0_ = unified_kv_cache_update = unified_attention_with_output = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
            view_10: "bf16[s72, 128]" = view_7.view(-1, 128);  view_7 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear_1: "bf16[s72, 256]" = torch._C._nn.linear(view_10, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, None);  view_10 = l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
            all_reduce_1: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(linear_1, group_name = 'tp:0');  linear_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
            _get_data_attr_3: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_);  l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
            fused_add_rms_norm_maybe_inplace = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, all_reduce, _get_data_attr_3, 1e-06, None);  all_reduce_1 = all_reduce = _get_data_attr_3 = None
            getitem_13: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace[0]
            getitem_14: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace[1];  fused_add_rms_norm_maybe_inplace = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:225 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
            view_11: "bf16[s72, 256]" = getitem_13.view(-1, 256);  getitem_13 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear_2: "bf16[s72, 4]" = torch._C._nn.linear(view_11, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_gate_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
            topk = torch.topk(linear_2, k = 2, dim = -1, sorted = False);  linear_2 = None
            getitem_15: "bf16[s72, 2]" = topk[0]
            getitem_16: "i64[s72, 2]" = topk[1];  topk = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
            softmax: "bf16[s72, 2]" = torch.softmax(getitem_15, dim = -1);  getitem_15 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
            to_4: "f32[s72, 2]" = softmax.to(torch.float32);  softmax = None
            to_5: "i32[s72, 2]" = getitem_16.to(torch.int32);  getitem_16 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
            empty_like: "bf16[s72, 256]" = torch.empty_like(view_11)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1139 in _allocate_buffers, code: max_shape_size = max(prod(workspace13_shape), prod(fused_out_shape))
            prod: "Sym(256*s72)" = math_prod((s72, 256))

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1148 in _allocate_buffers, code: common_workspace = torch.empty(
            empty_1: "bf16[256*s72]" = torch.empty((prod,), dtype = torch.bfloat16, device = device(type='cpu'))

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1151 in _allocate_buffers, code: workspace2 = torch.empty(
            empty_2: "bf16[0]" = torch.empty((0,), dtype = torch.bfloat16, device = device(type='cpu'));  empty_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/utils.py:211 in _resize_cache, code: return x.flatten()[: prod(v)].view(*v)
            flatten_1: "bf16[256*s72]" = empty_1.flatten()
            getitem_17: "bf16[0]" = flatten_1[slice(None, 0, None)];  flatten_1 = None
            view_12: "bf16[0]" = getitem_17.view(0);  getitem_17 = view_12 = None
            flatten_2: "bf16[256*s72]" = empty_1.flatten();  empty_1 = None
            getitem_18: "bf16[256*s72]" = flatten_2[slice(None, prod, None)];  flatten_2 = None
            view_13: "bf16[s72, 256]" = getitem_18.view(s72, 256);  getitem_18 = view_13 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
            cpu_fused_moe = torch.ops._C.cpu_fused_moe(empty_like, view_11, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_, None, None, to_4, to_5, False, 'silu', 'vec');  view_11 = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = to_4 = to_5 = cpu_fused_moe = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
            all_reduce_2: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(empty_like, group_name = 'tp:0');  empty_like = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
            _get_data_attr_4: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_);  l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
            fused_add_rms_norm_maybe_inplace_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_14, _get_data_attr_4, 1e-06, None);  all_reduce_2 = getitem_14 = _get_data_attr_4 = None
            getitem_19: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_1[0]
            getitem_20: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_1[1];  fused_add_rms_norm_maybe_inplace_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear_3: "bf16[s72, 256]" = torch._C._nn.linear(getitem_19, l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_, None);  getitem_19 = l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            split_1 = linear_3.split([128, 64, 64], dim = -1);  linear_3 = None
            getitem_21: "bf16[s72, 128]" = split_1[0]

            # No stacktrace found for following nodes
            sym_size_int_4: "Sym(s72)" = torch.ops.aten.sym_size.int(getitem_21, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            getitem_22: "bf16[s72, 64]" = split_1[1]

            # No stacktrace found for following nodes
            sym_size_int_5: "Sym(s72)" = torch.ops.aten.sym_size.int(getitem_22, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:333 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
            getitem_23: "bf16[s72, 64]" = split_1[2];  split_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:335 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
            view_14: "bf16[s72, 2, 64]" = getitem_21.view(s72, 2, 64);  getitem_21 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
            _get_data_attr_5: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_);  l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
            rms_norm_default_3: "bf16[s72, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_14, _get_data_attr_5, 1e-06, None);  view_14 = _get_data_attr_5 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:337 in forward, code: q = q_by_head.view(q.shape)
            view_15: "bf16[s72, 128]" = rms_norm_default_3.view(sym_size_int_4, 128);  rms_norm_default_3 = sym_size_int_4 = None

            # No stacktrace found for following nodes
            sym_size_int_6: "Sym(s72)" = torch.ops.aten.sym_size.int(view_15, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:339 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
            view_16: "bf16[s72, 1, 64]" = getitem_22.view(s72, 1, 64);  getitem_22 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
            _get_data_attr_6: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_);  l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
            rms_norm_default_4: "bf16[s72, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(view_16, _get_data_attr_6, 1e-06, None);  view_16 = _get_data_attr_6 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:341 in forward, code: k = k_by_head.view(k.shape)
            view_17: "bf16[s72, 64]" = rms_norm_default_4.view(sym_size_int_5, 64);  rms_norm_default_4 = sym_size_int_5 = None

            # No stacktrace found for following nodes
            sym_size_int_7: "Sym(s72)" = torch.ops.aten.sym_size.int(view_17, 0)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:171 in forward_static, code: positions = positions.flatten()
            flatten_3: "i64[s72]" = l_positions_.flatten();  l_positions_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
            index_select_1: "bf16[s72, 64]" = l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_.index_select(0, flatten_3);  l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_ = flatten_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
            chunk_3 = index_select_1.chunk(2, dim = -1);  index_select_1 = None
            getitem_24: "bf16[s72, 32]" = chunk_3[0]
            getitem_25: "bf16[s72, 32]" = chunk_3[1];  chunk_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
            view_18: "bf16[s72, 2, 64]" = view_15.view(s72, -1, 64);  view_15 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
            getitem_26: "bf16[s72, 2, 64]" = view_18[(Ellipsis, slice(None, 64, None))]

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
            getitem_27: "bf16[s72, 2, 0]" = view_18[(Ellipsis, slice(64, None, None))];  view_18 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
            unsqueeze_5: "bf16[s72, 1, 32]" = getitem_24.unsqueeze(-2)
            to_6: "bf16[s72, 1, 32]" = unsqueeze_5.to(torch.bfloat16);  unsqueeze_5 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
            unsqueeze_6: "bf16[s72, 1, 32]" = getitem_25.unsqueeze(-2)
            to_7: "bf16[s72, 1, 32]" = unsqueeze_6.to(torch.bfloat16);  unsqueeze_6 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
            chunk_4 = torch.chunk(getitem_26, 2, dim = -1);  getitem_26 = None
            getitem_28: "bf16[s72, 2, 32]" = chunk_4[0]
            getitem_29: "bf16[s72, 2, 32]" = chunk_4[1];  chunk_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
            mul_11: "bf16[s72, 2, 32]" = getitem_28 * to_6
            mul_12: "bf16[s72, 2, 32]" = getitem_29 * to_7
            sub_3: "bf16[s72, 2, 32]" = mul_11 - mul_12;  mul_11 = mul_12 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
            mul_13: "bf16[s72, 2, 32]" = getitem_29 * to_6;  getitem_29 = to_6 = None
            mul_14: "bf16[s72, 2, 32]" = getitem_28 * to_7;  getitem_28 = to_7 = None
            add_3: "bf16[s72, 2, 32]" = mul_13 + mul_14;  mul_13 = mul_14 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
            cat_4: "bf16[s72, 2, 64]" = torch.cat((sub_3, add_3), dim = -1);  sub_3 = add_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
            cat_5: "bf16[s72, 2, 64]" = torch.cat((cat_4, getitem_27), dim = -1);  cat_4 = getitem_27 = None
            reshape_2: "bf16[s72, 128]" = cat_5.reshape(sym_size_int_6, 128);  cat_5 = sym_size_int_6 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
            view_19: "bf16[s72, 1, 64]" = view_17.view(s72, -1, 64);  view_17 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
            getitem_30: "bf16[s72, 1, 64]" = view_19[(Ellipsis, slice(None, 64, None))]

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
            getitem_31: "bf16[s72, 1, 0]" = view_19[(Ellipsis, slice(64, None, None))];  view_19 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
            unsqueeze_7: "bf16[s72, 1, 32]" = getitem_24.unsqueeze(-2);  getitem_24 = None
            to_8: "bf16[s72, 1, 32]" = unsqueeze_7.to(torch.bfloat16);  unsqueeze_7 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
            unsqueeze_8: "bf16[s72, 1, 32]" = getitem_25.unsqueeze(-2);  getitem_25 = None
            to_9: "bf16[s72, 1, 32]" = unsqueeze_8.to(torch.bfloat16);  unsqueeze_8 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
            chunk_5 = torch.chunk(getitem_30, 2, dim = -1);  getitem_30 = None
            getitem_32: "bf16[s72, 1, 32]" = chunk_5[0]
            getitem_33: "bf16[s72, 1, 32]" = chunk_5[1];  chunk_5 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
            mul_15: "bf16[s72, 1, 32]" = getitem_32 * to_8
            mul_16: "bf16[s72, 1, 32]" = getitem_33 * to_9
            sub_4: "bf16[s72, 1, 32]" = mul_15 - mul_16;  mul_15 = mul_16 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
            mul_17: "bf16[s72, 1, 32]" = getitem_33 * to_8;  getitem_33 = to_8 = None
            mul_18: "bf16[s72, 1, 32]" = getitem_32 * to_9;  getitem_32 = to_9 = None
            add_4: "bf16[s72, 1, 32]" = mul_17 + mul_18;  mul_17 = mul_18 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
            cat_6: "bf16[s72, 1, 64]" = torch.cat((sub_4, add_4), dim = -1);  sub_4 = add_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
            cat_7: "bf16[s72, 1, 64]" = torch.cat((cat_6, getitem_31), dim = -1);  cat_6 = getitem_31 = None
            reshape_3: "bf16[s72, 64]" = cat_7.reshape(sym_size_int_7, 64);  cat_7 = sym_size_int_7 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
            size_1 = torch.Size([s72, 128])
            empty_3: "bf16[s72, 128]" = torch.empty(size_1, dtype = torch.bfloat16, device = device(type='cpu'));  size_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
            view_20: "bf16[s72, 2, 64]" = reshape_2.view(-1, 2, 64);  reshape_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
            view_21: "bf16[s72, 2, 64]" = empty_3.view(-1, 2, 64);  empty_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
            view_22: "bf16[s72, 1, 64]" = reshape_3.view(-1, 1, 64);  reshape_3 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
            view_23: "bf16[s72, 1, 64]" = getitem_23.view(-1, 1, 64);  getitem_23 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
            unified_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update(view_22, view_23, synthetic_local_tmp_2_)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
            unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output(view_20, view_22, view_23, view_21, synthetic_local_tmp_2_, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_20 = view_22 = view_23 = synthetic_local_tmp_2_ = unified_kv_cache_update_1 = unified_attention_with_output_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
            view_24: "bf16[s72, 128]" = view_21.view(-1, 128);  view_21 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear_4: "bf16[s72, 256]" = torch._C._nn.linear(view_24, l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_, None);  view_24 = l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
            all_reduce_3: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(linear_4, group_name = 'tp:0');  linear_4 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
            _get_data_attr_7: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_);  l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
            fused_add_rms_norm_maybe_inplace_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_20, _get_data_attr_7, 1e-06, None);  all_reduce_3 = getitem_20 = _get_data_attr_7 = None
            getitem_34: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_2[0]
            getitem_35: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_2[1];  fused_add_rms_norm_maybe_inplace_2 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:225 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
            view_25: "bf16[s72, 256]" = getitem_34.view(-1, 256);  getitem_34 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
            linear_5: "bf16[s72, 4]" = torch._C._nn.linear(view_25, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_, None);  l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_gate_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
            topk_1 = torch.topk(linear_5, k = 2, dim = -1, sorted = False);  linear_5 = None
            getitem_36: "bf16[s72, 2]" = topk_1[0]
            getitem_37: "i64[s72, 2]" = topk_1[1];  topk_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
            softmax_1: "bf16[s72, 2]" = torch.softmax(getitem_36, dim = -1);  getitem_36 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
            to_10: "f32[s72, 2]" = softmax_1.to(torch.float32);  softmax_1 = None
            to_11: "i32[s72, 2]" = getitem_37.to(torch.int32);  getitem_37 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
            empty_like_1: "bf16[s72, 256]" = torch.empty_like(view_25)

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1148 in _allocate_buffers, code: common_workspace = torch.empty(
            empty_4: "bf16[256*s72]" = torch.empty((prod,), dtype = torch.bfloat16, device = device(type='cpu'))

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1151 in _allocate_buffers, code: workspace2 = torch.empty(
            empty_5: "bf16[0]" = torch.empty((0,), dtype = torch.bfloat16, device = device(type='cpu'));  empty_5 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/utils.py:211 in _resize_cache, code: return x.flatten()[: prod(v)].view(*v)
            flatten_4: "bf16[256*s72]" = empty_4.flatten()
            getitem_38: "bf16[0]" = flatten_4[slice(None, 0, None)];  flatten_4 = None
            view_26: "bf16[0]" = getitem_38.view(0);  getitem_38 = view_26 = None
            flatten_5: "bf16[256*s72]" = empty_4.flatten();  empty_4 = None
            getitem_39: "bf16[256*s72]" = flatten_5[slice(None, prod, None)];  flatten_5 = prod = None
            view_27: "bf16[s72, 256]" = getitem_39.view(s72, 256);  getitem_39 = s72 = view_27 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
            cpu_fused_moe_1 = torch.ops._C.cpu_fused_moe(empty_like_1, view_25, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_, l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_, None, None, to_10, to_11, False, 'silu', 'vec');  view_25 = l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w13_weight_ = l_self_modules_layers_modules_1_modules_mlp_modules_experts_modules_routed_experts_parameters_w2_weight_ = to_10 = to_11 = cpu_fused_moe_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
            all_reduce_4: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(empty_like_1, group_name = 'tp:0');  empty_like_1 = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
            _get_data_attr_8: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_norm_parameters_weight_);  l_self_modules_norm_parameters_weight_ = None

            # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
            fused_add_rms_norm_maybe_inplace_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_4, getitem_35, _get_data_attr_8, 1e-06, None);  all_reduce_4 = getitem_35 = _get_data_attr_8 = None
            getitem_40: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_3[0];  fused_add_rms_norm_maybe_inplace_3 = None
            return (getitem_40,)
