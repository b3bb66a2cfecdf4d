from __future__ import annotations
import torch
from torch import device
class GraphModule(torch.nn.Module):
    def forward(self, s72: "Sym(s72)", L_input_ids_: "i32[s72]", L_self_modules_embed_tokens_parameters_weight_: "bf16[512, 256]", L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_: "bf16[256, 64]", s80: "Sym(s72)", L_positions_: "i64[s72]", SYNTHETIC_LOCAL_tmp_0_ : vllm_utils_torch_utils_LayerName, L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_0_modules_mlp_modules_gate_up_proj_parameters_weight_: "bf16[512, 256]", L_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_: "bf16[64]", L_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_: "bf16[64]", SYNTHETIC_LOCAL_tmp_2_ : vllm_utils_torch_utils_LayerName, L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_: "bf16[256, 128]", L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_: "bf16[256]", L_self_modules_layers_modules_1_modules_mlp_modules_gate_up_proj_parameters_weight_: "bf16[512, 256]", L_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_: "bf16[256, 256]", L_self_modules_norm_parameters_weight_: "bf16[256]"):
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
        l_self_modules_layers_modules_0_modules_mlp_modules_gate_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_gate_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_
        synthetic_local_tmp_2_ = SYNTHETIC_LOCAL_tmp_2_
        l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_gate_up_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_gate_up_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_norm_parameters_weight_ = L_self_modules_norm_parameters_weight_

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[s72]" = l_input_ids_ >= 0
        lt: "b8[s72]" = l_input_ids_ < 512
        org_vocab_mask: "b8[s72]" = ge & lt;  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[s72]" = l_input_ids_ >= 1024

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[s72]" = l_input_ids_ < 1024

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        added_vocab_mask: "b8[s72]" = ge_1 & lt_1;  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul: "i64[s72]" = 0 * org_vocab_mask

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:196 in get_masked_input_and_mask, code: added_offset * added_vocab_mask
        mul_1: "i64[s72]" = 512 * added_vocab_mask

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        valid_offset: "i64[s72]" = mul + mul_1;  mul = mul_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        vocab_mask: "b8[s72]" = org_vocab_mask | added_vocab_mask;  org_vocab_mask = added_vocab_mask = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub: "i64[s72]" = l_input_ids_ - valid_offset;  l_input_ids_ = valid_offset = None
        input_: "i64[s72]" = vocab_mask * sub;  sub = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        input_mask: "b8[s72]" = ~vocab_mask;  vocab_mask = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:545 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        long: "i64[s72]" = input_.long();  input_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        output_parallel: "bf16[s72, 256]" = torch.nn.functional.embedding(long, l_self_modules_embed_tokens_parameters_weight_);  long = l_self_modules_embed_tokens_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[s72, 1]" = input_mask.unsqueeze(-1);  input_mask = None
        masked_fill_: "bf16[s72, 256]" = output_parallel.masked_fill_(unsqueeze, 0);  unsqueeze = masked_fill_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        hidden_states: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(output_parallel, group_name = 'tp:0');  output_parallel = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
        _get_data_attr: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_);  l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        hidden_states_1: "bf16[s72, 256]" = torch.ops.vllm_ir.rms_norm.default(hidden_states, _get_data_attr, 1e-06, None);  _get_data_attr = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_1: "bf16[s72, 256]" = torch._C._nn.linear(hidden_states_1, l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_, None);  hidden_states_1 = l_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:160 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split = output_parallel_1.split([128, 64, 64], dim = -1);  output_parallel_1 = None
        q: "bf16[s72, 128]" = split[0]
        k: "bf16[s72, 64]" = split[1]
        v: "bf16[s72, 64]" = split[2];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:162 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
        q_by_head: "bf16[s72, 2, 64]" = q.view(s72, 2, 64)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
        _get_data_attr_1: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_);  l_self_modules_layers_modules_0_modules_self_attn_modules_q_norm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        q_by_head_1: "bf16[s72, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(q_by_head, _get_data_attr_1, 1e-06, None);  q_by_head = _get_data_attr_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:164 in forward, code: q = q_by_head.view(q.shape)
        size_2 = q.size();  q = None
        q_1: "bf16[s72, 128]" = q_by_head_1.view(size_2);  q_by_head_1 = size_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:165 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
        k_by_head: "bf16[s72, 1, 64]" = k.view(s72, 1, 64)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
        _get_data_attr_2: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_);  l_self_modules_layers_modules_0_modules_self_attn_modules_k_norm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        k_by_head_1: "bf16[s72, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(k_by_head, _get_data_attr_2, 1e-06, None);  k_by_head = _get_data_attr_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:167 in forward, code: k = k_by_head.view(k.shape)
        size_5 = k.size();  k = None
        k_1: "bf16[s72, 64]" = k_by_head_1.view(size_5);  k_by_head_1 = size_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:171 in forward_static, code: positions = positions.flatten()
        positions: "i64[s72]" = l_positions_.flatten()

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        cos_sin: "bf16[s72, 64]" = l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_.index_select(0, positions);  positions = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        chunk = cos_sin.chunk(2, dim = -1);  cos_sin = None
        cos: "bf16[s72, 32]" = chunk[0]
        sin: "bf16[s72, 32]" = chunk[1];  chunk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:176 in forward_static, code: query_shape = query.shape
        size_7 = q_1.size()

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        query: "bf16[s72, 2, 64]" = q_1.view(s72, -1, 64);  q_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        query_rot: "bf16[s72, 2, 64]" = query[(Ellipsis, slice(None, 64, None))]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        query_pass: "bf16[s72, 2, 0]" = query[(Ellipsis, slice(64, None, None))];  query = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32]" = cos.unsqueeze(-2)
        cos_1: "bf16[s72, 1, 32]" = unsqueeze_1.to(torch.bfloat16);  unsqueeze_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32]" = sin.unsqueeze(-2)
        sin_1: "bf16[s72, 1, 32]" = unsqueeze_2.to(torch.bfloat16);  unsqueeze_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        chunk_1 = torch.chunk(query_rot, 2, dim = -1);  query_rot = None
        x1: "bf16[s72, 2, 32]" = chunk_1[0]
        x2: "bf16[s72, 2, 32]" = chunk_1[1];  chunk_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_3: "bf16[s72, 2, 32]" = x1 * cos_1
        mul_4: "bf16[s72, 2, 32]" = x2 * sin_1
        o1: "bf16[s72, 2, 32]" = mul_3 - mul_4;  mul_3 = mul_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_5: "bf16[s72, 2, 32]" = x2 * cos_1;  x2 = cos_1 = None
        mul_6: "bf16[s72, 2, 32]" = x1 * sin_1;  x1 = sin_1 = None
        o2: "bf16[s72, 2, 32]" = mul_5 + mul_6;  mul_5 = mul_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        output: "bf16[s72, 2, 64]" = torch.cat((o1, o2), dim = -1);  o1 = o2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_1: "bf16[s72, 2, 64]" = torch.cat((output, query_pass), dim = -1);  output = query_pass = None
        query_1: "bf16[s72, 128]" = cat_1.reshape(size_7);  cat_1 = size_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:190 in forward_static, code: key_shape = key.shape
        size_8 = k_1.size()

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        key: "bf16[s72, 1, 64]" = k_1.view(s72, -1, 64);  k_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        key_rot: "bf16[s72, 1, 64]" = key[(Ellipsis, slice(None, 64, None))]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        key_pass: "bf16[s72, 1, 0]" = key[(Ellipsis, slice(64, None, None))];  key = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32]" = cos.unsqueeze(-2);  cos = None
        cos_2: "bf16[s72, 1, 32]" = unsqueeze_3.to(torch.bfloat16);  unsqueeze_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32]" = sin.unsqueeze(-2);  sin = None
        sin_2: "bf16[s72, 1, 32]" = unsqueeze_4.to(torch.bfloat16);  unsqueeze_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        chunk_2 = torch.chunk(key_rot, 2, dim = -1);  key_rot = None
        x1_1: "bf16[s72, 1, 32]" = chunk_2[0]
        x2_1: "bf16[s72, 1, 32]" = chunk_2[1];  chunk_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_7: "bf16[s72, 1, 32]" = x1_1 * cos_2
        mul_8: "bf16[s72, 1, 32]" = x2_1 * sin_2
        o1_1: "bf16[s72, 1, 32]" = mul_7 - mul_8;  mul_7 = mul_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_9: "bf16[s72, 1, 32]" = x2_1 * cos_2;  x2_1 = cos_2 = None
        mul_10: "bf16[s72, 1, 32]" = x1_1 * sin_2;  x1_1 = sin_2 = None
        o2_1: "bf16[s72, 1, 32]" = mul_9 + mul_10;  mul_9 = mul_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        output_1: "bf16[s72, 1, 64]" = torch.cat((o1_1, o2_1), dim = -1);  o1_1 = o2_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_3: "bf16[s72, 1, 64]" = torch.cat((output_1, key_pass), dim = -1);  output_1 = key_pass = None
        key_1: "bf16[s72, 64]" = cat_3.reshape(size_8);  cat_3 = size_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        size_10 = torch.Size([s72, 128])
        output_2: "bf16[s72, 128]" = torch.empty(size_10, dtype = torch.bfloat16, device = device(type='cpu'));  size_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        query_2: "bf16[s72, 2, 64]" = query_1.view(-1, 2, 64);  query_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        output_3: "bf16[s72, 2, 64]" = output_2.view(-1, 2, 64);  output_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        key_2: "bf16[s72, 1, 64]" = key_1.view(-1, 1, 64);  key_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        value: "bf16[s72, 1, 64]" = v.view(-1, 1, 64);  v = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        kv_cache_dummy_dep: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update(key_2, value, synthetic_local_tmp_0_)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output(query_2, key_2, value, output_3, synthetic_local_tmp_0_, kv_cache_dummy_dep = kv_cache_dummy_dep);  query_2 = key_2 = value = synthetic_local_tmp_0_ = kv_cache_dummy_dep = unified_attention_with_output = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        attn_output: "bf16[s72, 128]" = output_3.view(-1, 128);  output_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_2: "bf16[s72, 256]" = torch._C._nn.linear(attn_output, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, None);  attn_output = l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        output_4: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(output_parallel_2, group_name = 'tp:0');  output_parallel_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
        _get_data_attr_3: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_);  l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_maybe_inplace = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(output_4, hidden_states, _get_data_attr_3, 1e-06, None);  output_4 = hidden_states = _get_data_attr_3 = None
        hidden_states_2: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace[0]
        residual: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace[1];  fused_add_rms_norm_maybe_inplace = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_3: "bf16[s72, 512]" = torch._C._nn.linear(hidden_states_2, l_self_modules_layers_modules_0_modules_mlp_modules_gate_up_proj_parameters_weight_, None);  hidden_states_2 = l_self_modules_layers_modules_0_modules_mlp_modules_gate_up_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        getitem_36: "bf16[s72, 256]" = output_parallel_3[(Ellipsis, slice(None, 256, None))]
        silu: "bf16[s72, 256]" = torch.nn.functional.silu(getitem_36);  getitem_36 = None
        getitem_37: "bf16[s72, 256]" = output_parallel_3[(Ellipsis, slice(256, None, None))];  output_parallel_3 = None
        x: "bf16[s72, 256]" = silu * getitem_37;  silu = getitem_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_4: "bf16[s72, 256]" = torch._C._nn.linear(x, l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_, None);  x = l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        output_5: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(output_parallel_4, group_name = 'tp:0');  output_parallel_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
        _get_data_attr_4: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_);  l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_maybe_inplace_1 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(output_5, residual, _get_data_attr_4, 1e-06, None);  output_5 = residual = _get_data_attr_4 = None
        hidden_states_3: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_1[0]
        residual_1: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_1[1];  fused_add_rms_norm_maybe_inplace_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_5: "bf16[s72, 256]" = torch._C._nn.linear(hidden_states_3, l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_, None);  hidden_states_3 = l_self_modules_layers_modules_1_modules_self_attn_modules_qkv_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:160 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_1 = output_parallel_5.split([128, 64, 64], dim = -1);  output_parallel_5 = None
        q_2: "bf16[s72, 128]" = split_1[0]
        k_2: "bf16[s72, 64]" = split_1[1]
        v_1: "bf16[s72, 64]" = split_1[2];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:162 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
        q_by_head_2: "bf16[s72, 2, 64]" = q_2.view(s72, 2, 64)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
        _get_data_attr_5: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_);  l_self_modules_layers_modules_1_modules_self_attn_modules_q_norm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        q_by_head_3: "bf16[s72, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(q_by_head_2, _get_data_attr_5, 1e-06, None);  q_by_head_2 = _get_data_attr_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:164 in forward, code: q = q_by_head.view(q.shape)
        size_14 = q_2.size();  q_2 = None
        q_3: "bf16[s72, 128]" = q_by_head_3.view(size_14);  q_by_head_3 = size_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:165 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
        k_by_head_2: "bf16[s72, 1, 64]" = k_2.view(s72, 1, 64)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:83 in forward_native, code: self.weight.data if self.pass_weight else None,
        _get_data_attr_6: "bf16[64]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_);  l_self_modules_layers_modules_1_modules_self_attn_modules_k_norm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        k_by_head_3: "bf16[s72, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(k_by_head_2, _get_data_attr_6, 1e-06, None);  k_by_head_2 = _get_data_attr_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3.py:167 in forward, code: k = k_by_head.view(k.shape)
        size_17 = k_2.size();  k_2 = None
        k_3: "bf16[s72, 64]" = k_by_head_3.view(size_17);  k_by_head_3 = size_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:171 in forward_static, code: positions = positions.flatten()
        positions_1: "i64[s72]" = l_positions_.flatten();  l_positions_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        cos_sin_1: "bf16[s72, 64]" = l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_.index_select(0, positions_1);  l_self_modules_layers_modules_0_modules_self_attn_modules_rotary_emb_buffers_cos_sin_cache_ = positions_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        chunk_3 = cos_sin_1.chunk(2, dim = -1);  cos_sin_1 = None
        cos_3: "bf16[s72, 32]" = chunk_3[0]
        sin_3: "bf16[s72, 32]" = chunk_3[1];  chunk_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:176 in forward_static, code: query_shape = query.shape
        size_19 = q_3.size()

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        query_3: "bf16[s72, 2, 64]" = q_3.view(s72, -1, 64);  q_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        query_rot_1: "bf16[s72, 2, 64]" = query_3[(Ellipsis, slice(None, 64, None))]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        query_pass_1: "bf16[s72, 2, 0]" = query_3[(Ellipsis, slice(64, None, None))];  query_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32]" = cos_3.unsqueeze(-2)
        cos_4: "bf16[s72, 1, 32]" = unsqueeze_5.to(torch.bfloat16);  unsqueeze_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32]" = sin_3.unsqueeze(-2)
        sin_4: "bf16[s72, 1, 32]" = unsqueeze_6.to(torch.bfloat16);  unsqueeze_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        chunk_4 = torch.chunk(query_rot_1, 2, dim = -1);  query_rot_1 = None
        x1_2: "bf16[s72, 2, 32]" = chunk_4[0]
        x2_2: "bf16[s72, 2, 32]" = chunk_4[1];  chunk_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_12: "bf16[s72, 2, 32]" = x1_2 * cos_4
        mul_13: "bf16[s72, 2, 32]" = x2_2 * sin_4
        o1_2: "bf16[s72, 2, 32]" = mul_12 - mul_13;  mul_12 = mul_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_14: "bf16[s72, 2, 32]" = x2_2 * cos_4;  x2_2 = cos_4 = None
        mul_15: "bf16[s72, 2, 32]" = x1_2 * sin_4;  x1_2 = sin_4 = None
        o2_2: "bf16[s72, 2, 32]" = mul_14 + mul_15;  mul_14 = mul_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        output_6: "bf16[s72, 2, 64]" = torch.cat((o1_2, o2_2), dim = -1);  o1_2 = o2_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_5: "bf16[s72, 2, 64]" = torch.cat((output_6, query_pass_1), dim = -1);  output_6 = query_pass_1 = None
        query_4: "bf16[s72, 128]" = cat_5.reshape(size_19);  cat_5 = size_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:190 in forward_static, code: key_shape = key.shape
        size_20 = k_3.size()

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        key_3: "bf16[s72, 1, 64]" = k_3.view(s72, -1, 64);  k_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        key_rot_1: "bf16[s72, 1, 64]" = key_3[(Ellipsis, slice(None, 64, None))]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        key_pass_1: "bf16[s72, 1, 0]" = key_3[(Ellipsis, slice(64, None, None))];  key_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32]" = cos_3.unsqueeze(-2);  cos_3 = None
        cos_5: "bf16[s72, 1, 32]" = unsqueeze_7.to(torch.bfloat16);  unsqueeze_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32]" = sin_3.unsqueeze(-2);  sin_3 = None
        sin_5: "bf16[s72, 1, 32]" = unsqueeze_8.to(torch.bfloat16);  unsqueeze_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        chunk_5 = torch.chunk(key_rot_1, 2, dim = -1);  key_rot_1 = None
        x1_3: "bf16[s72, 1, 32]" = chunk_5[0]
        x2_3: "bf16[s72, 1, 32]" = chunk_5[1];  chunk_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_16: "bf16[s72, 1, 32]" = x1_3 * cos_5
        mul_17: "bf16[s72, 1, 32]" = x2_3 * sin_5
        o1_3: "bf16[s72, 1, 32]" = mul_16 - mul_17;  mul_16 = mul_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_18: "bf16[s72, 1, 32]" = x2_3 * cos_5;  x2_3 = cos_5 = None
        mul_19: "bf16[s72, 1, 32]" = x1_3 * sin_5;  x1_3 = sin_5 = None
        o2_3: "bf16[s72, 1, 32]" = mul_18 + mul_19;  mul_18 = mul_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        output_7: "bf16[s72, 1, 64]" = torch.cat((o1_3, o2_3), dim = -1);  o1_3 = o2_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_7: "bf16[s72, 1, 64]" = torch.cat((output_7, key_pass_1), dim = -1);  output_7 = key_pass_1 = None
        key_4: "bf16[s72, 64]" = cat_7.reshape(size_20);  cat_7 = size_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        size_22 = torch.Size([s72, 128]);  s72 = None
        output_8: "bf16[s72, 128]" = torch.empty(size_22, dtype = torch.bfloat16, device = device(type='cpu'));  size_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        query_5: "bf16[s72, 2, 64]" = query_4.view(-1, 2, 64);  query_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        output_9: "bf16[s72, 2, 64]" = output_8.view(-1, 2, 64);  output_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        key_5: "bf16[s72, 1, 64]" = key_4.view(-1, 1, 64);  key_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        value_1: "bf16[s72, 1, 64]" = v_1.view(-1, 1, 64);  v_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        kv_cache_dummy_dep_1: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update(key_5, value_1, synthetic_local_tmp_2_)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output(query_5, key_5, value_1, output_9, synthetic_local_tmp_2_, kv_cache_dummy_dep = kv_cache_dummy_dep_1);  query_5 = key_5 = value_1 = synthetic_local_tmp_2_ = kv_cache_dummy_dep_1 = unified_attention_with_output_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        attn_output_1: "bf16[s72, 128]" = output_9.view(-1, 128);  output_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_6: "bf16[s72, 256]" = torch._C._nn.linear(attn_output_1, l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_, None);  attn_output_1 = l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        output_10: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(output_parallel_6, group_name = 'tp:0');  output_parallel_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
        _get_data_attr_7: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_);  l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_maybe_inplace_2 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(output_10, residual_1, _get_data_attr_7, 1e-06, None);  output_10 = residual_1 = _get_data_attr_7 = None
        hidden_states_4: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_2[0]
        residual_2: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_2[1];  fused_add_rms_norm_maybe_inplace_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_7: "bf16[s72, 512]" = torch._C._nn.linear(hidden_states_4, l_self_modules_layers_modules_1_modules_mlp_modules_gate_up_proj_parameters_weight_, None);  hidden_states_4 = l_self_modules_layers_modules_1_modules_mlp_modules_gate_up_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        getitem_76: "bf16[s72, 256]" = output_parallel_7[(Ellipsis, slice(None, 256, None))]
        silu_1: "bf16[s72, 256]" = torch.nn.functional.silu(getitem_76);  getitem_76 = None
        getitem_77: "bf16[s72, 256]" = output_parallel_7[(Ellipsis, slice(256, None, None))];  output_parallel_7 = None
        x_1: "bf16[s72, 256]" = silu_1 * getitem_77;  silu_1 = getitem_77 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        output_parallel_8: "bf16[s72, 256]" = torch._C._nn.linear(x_1, l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_, None);  x_1 = l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        output_11: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(output_parallel_8, group_name = 'tp:0');  output_parallel_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:91 in forward_native, code: self.weight.data if self.pass_weight_add else None,
        _get_data_attr_8: "bf16[256]" = torch._C._autograd._get_data_attr(l_self_modules_norm_parameters_weight_);  l_self_modules_norm_parameters_weight_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_maybe_inplace_3 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(output_11, residual_2, _get_data_attr_8, 1e-06, None);  output_11 = residual_2 = _get_data_attr_8 = None
        hidden_states_5: "bf16[s72, 256]" = fused_add_rms_norm_maybe_inplace_3[0];  fused_add_rms_norm_maybe_inplace_3 = None
        return (hidden_states_5,)
