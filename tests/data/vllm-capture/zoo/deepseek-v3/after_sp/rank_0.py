class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[704, 256][256, 1]", arg5_1: "bf16[128][1]", arg6_1: "bf16[512][1]", arg7_1: "bf16[384, 128][128, 1]", arg8_1: "i64[s72][1]", arg9_1: "bf16[256, 64][64, 1]", arg10_1, arg11_1: "f32[][]", arg12_1: "bf16[256, 256][256, 1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[512, 256][256, 1]", arg15_1: "bf16[256, 256][256, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[704, 256][256, 1]", arg18_1: "bf16[128][1]", arg19_1: "bf16[512][1]", arg20_1: "bf16[384, 128][128, 1]", arg21_1, arg22_1: "f32[][]", arg23_1: "bf16[256, 256][256, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[8, 256][256, 1]", arg26_1: "bf16[128, 256][256, 1]", arg27_1: "bf16[256, 64][64, 1]", arg28_1: "f32[8][1]", arg29_1: "bf16[8, 128, 256][32768, 256, 1]", arg30_1: "bf16[8, 256, 64][16384, 64, 1]", arg31_1: "bf16[256][1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[s72][1]" = torch.ops.aten.ge.Scalar(arg0_1, 0)
        lt: "b8[s72][1]" = torch.ops.aten.lt.Scalar(arg0_1, 512)
        bitwise_and: "b8[s72][1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[s72][1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[s72][1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        bitwise_and_1: "b8[s72][1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        bitwise_or: "b8[s72][1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        bitwise_not: "b8[s72][1]" = torch.ops.aten.bitwise_not.default(bitwise_or)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[s72, 1][1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        full_default_1: "bf16[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul_2: "i64[s72][1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512);  bitwise_and_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub_10: "i64[s72][1]" = torch.ops.aten.sub.Tensor(arg0_1, mul_2);  arg0_1 = mul_2 = None
        mul_6: "i64[s72][1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub_10);  bitwise_or = sub_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        embedding: "bf16[s72, 256][256, 1]" = torch.ops.aten.embedding.default(arg2_1, mul_6);  arg2_1 = mul_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        where: "bf16[s72, 256][256, 1]" = torch.ops.aten.where.self(unsqueeze, full_default_1, embedding);  unsqueeze = full_default_1 = embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        reduce_scatter_default_4: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(where, 0, 2, 'tp:0');  where = None

        # No stacktrace found for following nodes
        rms_norm_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(reduce_scatter_default_4, arg3_1, 1e-06);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default_4: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(rms_norm_default, 0, 2, 'tp:0');  rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 704][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 704][704, 1]" = torch.ops.aten.mm.default(all_gather_default_4, permute);  all_gather_default_4 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:184 in forward, code: q_c, kv_lora = qkv_lora.split(
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 576], -1);  mm = None
        getitem: "bf16[s72, 128][704, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 576][704, 1]" = split_with_sizes[1];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(getitem_1, [512, 64], -1);  getitem_1 = None
        getitem_2: "bf16[s72, 512][704, 1]" = split_with_sizes_1[0]
        getitem_3: "bf16[s72, 64][704, 1]" = split_with_sizes_1[1];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg9_1, [arg8_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_4: "bf16[s72, 32][64, 1]" = split[0]
        getitem_5: "bf16[s72, 32][64, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 128][128, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem, arg5_1, 1e-06);  getitem = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 384][1, 128]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_1: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(rms_norm_1, permute_1);  rms_norm_1 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        view_7: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.reshape.default(mm_1, [-1, 2, 192])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.reshape.default(mm_1, [-1, 2, 192]);  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_8: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.slice.Tensor(view, 2, 128, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_1: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.slice.Tensor(view, 2, 128, 9223372036854775807);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_3: "bf16[s72, 2, 32][384, 192, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_61: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_4: "bf16[s72, 2, 32][384, 192, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 1, 9223372036854775807, 2);  slice_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_64: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_3)
        sub_44: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_61, mul_64);  mul_61 = mul_64 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_4: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_44, 3);  sub_44 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_69: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_2);  slice_4 = unsqueeze_2 = None
        mul_72: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_3);  slice_3 = unsqueeze_3 = None
        add_139: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_69, mul_72);  mul_69 = mul_72 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_5: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_139, 3);  add_139 = None
        cat: "bf16[s72, 2, 32, 2][128, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_4, unsqueeze_5], -1);  unsqueeze_4 = unsqueeze_5 = None
        view_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(cat, [arg1_1, 2, 64]);  cat = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        copy: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.copy.default(slice_8, view_2);  slice_8 = view_2 = None
        slice_scatter: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.slice_scatter.default(view_7, copy, 2, 128, 9223372036854775807);  view_7 = copy = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:882 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 512][512, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem_2, arg6_1, 1e-06);  getitem_2 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_1: "bf16[s72, 1, 64][704, 64, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, 1);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_6: "bf16[s72, 1, 32][704, 64, 2]" = torch.ops.aten.slice.Tensor(unsqueeze_1, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_107: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_6)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_7: "bf16[s72, 1, 32][704, 64, 2]" = torch.ops.aten.slice.Tensor(unsqueeze_1, 2, 1, 9223372036854775807, 2);  unsqueeze_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_110: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_7)
        sub_62: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_107, mul_110);  mul_107 = mul_110 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_8: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_62, 3);  sub_62 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_115: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_6);  slice_7 = unsqueeze_6 = None
        mul_118: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_7);  slice_6 = unsqueeze_7 = None
        add_207: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_115, mul_118);  mul_115 = mul_118 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_9: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_207, 3);  add_207 = None
        cat_1: "bf16[s72, 1, 32, 2][64, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_8, unsqueeze_9], -1);  unsqueeze_8 = unsqueeze_9 = None
        view_5: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(cat_1, [arg1_1, 1, 64]);  cat_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:875 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_2, view_5, arg10_1, 'auto', arg11_1);  arg11_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:883 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_mla_attention_with_output.default, q = slice_scatter, kv_c_normed = rms_norm_2, k_pe = view_5, output = empty, layer_name = arg10_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_mla_kv_cache_update, quant_group_size = None, quant_scale_ue8m0 = None, quant_col_major = None, quant_tma_aligned = None, q_dcp_replicated = None);  slice_scatter = rms_norm_2 = view_5 = empty = arg10_1 = unified_mla_kv_cache_update = None
        getitem_7: "bf16[s72, 256][256, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_7, permute_2);  getitem_7 = permute_2 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_3: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_2, 0, 2, 'tp:0');  mm_2 = None
        sym_size_int_6: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_3, 0)
        mul_429: "Sym(0)" = 0 * sym_size_int_6
        add_645: "Sym((s72//2))" = mul_429 + sym_size_int_6;  mul_429 = sym_size_int_6 = add_645 = None
        fused_add_rms_norm_default_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_3, reduce_scatter_default_4, arg13_1, 1e-06);  reduce_scatter_default_3 = reduce_scatter_default_4 = arg13_1 = None
        getitem_39: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_40: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[1];  fused_add_rms_norm_default_3 = None
        all_gather_default_3: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_39, 0, 2, 'tp:0');  getitem_39 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_3: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(all_gather_default_3, permute_3);  all_gather_default_3 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_10: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_3, 1, 0, 256)
        convert_element_type_8: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_10, torch.float32);  slice_10 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_8)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_266: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_8, add_266);  convert_element_type_8 = add_266 = None
        convert_element_type_9: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_11: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_3, 1, 256, 9223372036854775807);  mm_3 = None
        mul_167: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_9, slice_11);  convert_element_type_9 = slice_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_167, permute_4);  mul_167 = permute_4 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_2: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_4, 0, 2, 'tp:0');  mm_4 = None
        sym_size_int_5: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_2, 0)
        mul_428: "Sym(0)" = 0 * sym_size_int_5
        add_644: "Sym((s72//2))" = mul_428 + sym_size_int_5;  mul_428 = sym_size_int_5 = add_644 = None
        fused_add_rms_norm_default_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_2, getitem_40, arg16_1, 1e-06);  reduce_scatter_default_2 = getitem_40 = arg16_1 = None
        getitem_37: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_38: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[1];  fused_add_rms_norm_default_2 = None
        all_gather_default_2: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_37, 0, 2, 'tp:0');  getitem_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 704][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_5: "bf16[s72, 704][704, 1]" = torch.ops.aten.mm.default(all_gather_default_2, permute_5);  all_gather_default_2 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:184 in forward, code: q_c, kv_lora = qkv_lora.split(
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [128, 576], -1);  mm_5 = None
        getitem_13: "bf16[s72, 128][704, 1]" = split_with_sizes_2[0]
        getitem_14: "bf16[s72, 576][704, 1]" = split_with_sizes_2[1];  split_with_sizes_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(getitem_14, [512, 64], -1);  getitem_14 = None
        getitem_15: "bf16[s72, 512][704, 1]" = split_with_sizes_3[0]
        getitem_16: "bf16[s72, 64][704, 1]" = split_with_sizes_3[1];  split_with_sizes_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg9_1, [arg8_1]);  arg9_1 = arg8_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_17: "bf16[s72, 32][64, 1]" = split_1[0]
        getitem_18: "bf16[s72, 32][64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 128][128, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem_13, arg18_1, 1e-06);  getitem_13 = arg18_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[128, 384][1, 128]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_6: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(rms_norm_3, permute_6);  rms_norm_3 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        view_18: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.reshape.default(mm_6, [-1, 2, 192])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view_11: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.reshape.default(mm_6, [-1, 2, 192]);  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_19: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.slice.Tensor(view_11, 2, 128, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_12: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.slice.Tensor(view_11, 2, 128, 9223372036854775807);  view_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_14: "bf16[s72, 2, 32][384, 192, 2]" = torch.ops.aten.slice.Tensor(slice_12, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_11: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_17, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_221: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_11)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_15: "bf16[s72, 2, 32][384, 192, 2]" = torch.ops.aten.slice.Tensor(slice_12, 2, 1, 9223372036854775807, 2);  slice_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_12: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_18, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_224: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_15, unsqueeze_12)
        sub_112: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_221, mul_224);  mul_221 = mul_224 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_13: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_112, 3);  sub_112 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_229: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_15, unsqueeze_11);  slice_15 = unsqueeze_11 = None
        mul_232: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_12);  slice_14 = unsqueeze_12 = None
        add_379: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_229, mul_232);  mul_229 = mul_232 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_14: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_379, 3);  add_379 = None
        cat_2: "bf16[s72, 2, 32, 2][128, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_13, unsqueeze_14], -1);  unsqueeze_13 = unsqueeze_14 = None
        view_13: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(cat_2, [arg1_1, 2, 64]);  cat_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        copy_1: "bf16[s72, 2, 64][384, 192, 1]" = torch.ops.aten.copy.default(slice_19, view_13);  slice_19 = view_13 = None
        slice_scatter_1: "bf16[s72, 2, 192][384, 192, 1]" = torch.ops.aten.slice_scatter.default(view_18, copy_1, 2, 128, 9223372036854775807);  view_18 = copy_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:882 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 512][512, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem_15, arg19_1, 1e-06);  getitem_15 = arg19_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_10: "bf16[s72, 1, 64][704, 64, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, 1);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_17: "bf16[s72, 1, 32][704, 64, 2]" = torch.ops.aten.slice.Tensor(unsqueeze_10, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_15: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_17, -2);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_267: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_17, unsqueeze_15)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_18: "bf16[s72, 1, 32][704, 64, 2]" = torch.ops.aten.slice.Tensor(unsqueeze_10, 2, 1, 9223372036854775807, 2);  unsqueeze_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_16: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_18, -2);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_270: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_18, unsqueeze_16)
        sub_130: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_267, mul_270);  mul_267 = mul_270 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_17: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_130, 3);  sub_130 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_275: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_18, unsqueeze_15);  slice_18 = unsqueeze_15 = None
        mul_278: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_17, unsqueeze_16);  slice_17 = unsqueeze_16 = None
        add_447: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_275, mul_278);  mul_275 = mul_278 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_18: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_447, 3);  add_447 = None
        cat_3: "bf16[s72, 1, 32, 2][64, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_17, unsqueeze_18], -1);  unsqueeze_17 = unsqueeze_18 = None
        view_16: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(cat_3, [arg1_1, 1, 64]);  cat_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:875 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_4, view_16, arg21_1, 'auto', arg22_1);  arg22_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:883 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_mla_attention_with_output.default, q = slice_scatter_1, kv_c_normed = rms_norm_4, k_pe = view_16, output = empty_1, layer_name = arg21_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_mla_kv_cache_update_1, quant_group_size = None, quant_scale_ue8m0 = None, quant_col_major = None, quant_tma_aligned = None, q_dcp_replicated = None);  slice_scatter_1 = rms_norm_4 = view_16 = empty_1 = arg21_1 = unified_mla_kv_cache_update_1 = None
        getitem_20: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_20, permute_7);  getitem_20 = permute_7 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_1: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_7, 0, 2, 'tp:0');  mm_7 = None
        sym_size_int_4: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_1, 0)
        mul_427: "Sym(0)" = 0 * sym_size_int_4
        add_643: "Sym((s72//2))" = mul_427 + sym_size_int_4;  mul_427 = sym_size_int_4 = add_643 = None
        fused_add_rms_norm_default_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_1, getitem_38, arg24_1, 1e-06);  reduce_scatter_default_1 = getitem_38 = arg24_1 = None
        getitem_35: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_36: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[1];  fused_add_rms_norm_default_1 = None
        all_gather_default_1: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_35, 0, 2, 'tp:0');  getitem_35 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[256, 8][1, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        mm_8: "bf16[s72, 8][8, 1]" = torch.ops.aten.mm.default(all_gather_default_1, permute_8);  permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:36 in _grouped_topk, code: gating_output = gating_output.float()
        convert_element_type_26: "f32[s72, 8][8, 1]" = torch.ops.prims.convert_element_type.default(mm_8, torch.float32);  mm_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:40 in _grouped_topk, code: scores = gating_output.sigmoid()
        sigmoid: "f32[s72, 8][8, 1]" = torch.ops.aten.sigmoid.default(convert_element_type_26);  convert_element_type_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:47 in _grouped_topk, code: scores = scores + e_score_correction_bias.unsqueeze(0)
        unsqueeze_19: "f32[1, 8][8, 1]" = torch.ops.aten.unsqueeze.default(arg28_1, 0);  arg28_1 = None
        add_531: "f32[s72, 8][8, 1]" = torch.ops.aten.add.Tensor(sigmoid, unsqueeze_19);  unsqueeze_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:49 in _grouped_topk, code: scores.view(num_token, num_expert_group, -1).topk(2, dim=-1)[0].sum(dim=-1)
        view_23: "f32[s72, 4, 2][8, 2, 1]" = torch.ops.aten.reshape.default(add_531, [arg1_1, 4, -1])
        topk = torch.ops.aten.topk.default(view_23, 2);  view_23 = None
        getitem_24: "f32[s72, 4, 2][8, 2, 1]" = topk[0];  topk = None
        sum_1: "f32[s72, 4][4, 1]" = torch.ops.aten.sum.dim_IntList(getitem_24, [-1]);  getitem_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:55 in _grouped_topk, code: group_idx = torch.topk(group_scores, k=topk_group, dim=-1, sorted=False)[
        topk_1 = torch.ops.aten.topk.default(sum_1, 2, -1, True, False);  sum_1 = None
        getitem_27: "i64[s72, 2][2, 1]" = topk_1[1];  topk_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:58 in _grouped_topk, code: group_mask = torch.zeros_like(group_scores)  # [n, n_group]
        full_default_2: "f32[s72, 4][4, 1]" = torch.ops.aten.full.default([arg1_1, 4], 0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:59 in _grouped_topk, code: group_mask.scatter_(1, group_idx, 1)  # [n, n_group]
        scatter: "f32[s72, 4][4, 1]" = torch.ops.aten.scatter.value(full_default_2, 1, getitem_27, 1);  full_default_2 = getitem_27 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:62 in _grouped_topk, code: .expand(num_token, num_expert_group, scores.shape[-1] // num_expert_group)
        unsqueeze_22: "f32[s72, 4, 1][4, 1, 1]" = torch.ops.aten.unsqueeze.default(scatter, -1);  scatter = None
        expand_1: "f32[s72, 4, 2][4, 1, 0]" = torch.ops.aten.expand.default(unsqueeze_22, [arg1_1, 4, 2]);  unsqueeze_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:63 in _grouped_topk, code: .reshape(num_token, -1)
        clone_4: "f32[s72, 4, 2][8, 2, 1]" = torch.ops.aten.clone.default(expand_1, memory_format = torch.contiguous_format);  expand_1 = None
        view_24: "f32[s72, 8][8, 1]" = torch.ops.aten.reshape.default(clone_4, [arg1_1, 8]);  clone_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:65 in _grouped_topk, code: tmp_scores = scores.masked_fill(~score_mask.bool(), float("-inf"))  # [n, e]
        convert_element_type_27: "b8[s72, 8][8, 1]" = torch.ops.prims.convert_element_type.default(view_24, torch.bool);  view_24 = None
        bitwise_not_1: "b8[s72, 8][8, 1]" = torch.ops.aten.bitwise_not.default(convert_element_type_27);  convert_element_type_27 = None
        full_default_3: "f32[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "f32[s72, 8][8, 1]" = torch.ops.aten.where.self(bitwise_not_1, full_default_3, add_531);  bitwise_not_1 = full_default_3 = add_531 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:68 in _grouped_topk, code: topk_ids = torch.topk(tmp_scores, k=topk, dim=-1, sorted=False)[1]
        topk_2 = torch.ops.aten.topk.default(where_1, 2, -1, True, False);  where_1 = None
        getitem_29: "i64[s72, 2][2, 1]" = topk_2[1];  topk_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:69 in _grouped_topk, code: topk_weights = original_scores.gather(1, topk_ids)
        gather: "f32[s72, 2][2, 1]" = torch.ops.aten.gather.default(sigmoid, 1, getitem_29);  sigmoid = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:74 in _grouped_topk, code: topk_weights = topk_weights / topk_weights.sum(dim=-1, keepdim=True)
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(gather, [-1], True)
        div_2: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(gather, sum_2);  gather = sum_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:78 in _grouped_topk, code: return topk_weights, topk_ids.to(torch.int32)
        convert_element_type_28: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_29, torch.int32);  getitem_29 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_2, input = all_gather_default_1, w13 = arg29_1, w2 = arg30_1, w13_bias = None, w2_bias = None, topk_weights = div_2, topk_id = convert_element_type_28, skip_weighted = False, act = 'silu', isa = 'vec');  empty_2 = arg29_1 = arg30_1 = div_2 = convert_element_type_28 = None
        getitem_31: "bf16[s72, 256][256, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_9: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_9: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(all_gather_default_1, permute_9);  all_gather_default_1 = permute_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_21: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_9, 1, 0, 64)
        convert_element_type_22: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_21, torch.float32);  slice_21 = None
        neg_1: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_22)
        exp_1: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_512: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_22, add_512);  convert_element_type_22 = add_512 = None
        convert_element_type_23: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_22: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_9, 1, 64, 9223372036854775807);  mm_9 = None
        mul_331: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_23, slice_22);  convert_element_type_23 = slice_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_10: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:414 in _maybe_apply_routed_scale_to_output, code: fused_output *= self.routed_scaling_factor
        mul_413: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_31, 2.5);  getitem_31 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mul_413, mul_331, permute_10);  mul_413 = mul_331 = permute_10 = None

        # No stacktrace found for following nodes
        reduce_scatter_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(addmm_default, 0, 2, 'tp:0');  addmm_default = None
        sym_size_int_3: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default, 0)
        mul_426: "Sym(0)" = 0 * sym_size_int_3
        add_642: "Sym((s72//2))" = mul_426 + sym_size_int_3;  mul_426 = sym_size_int_3 = add_642 = None
        fused_add_rms_norm_default = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default, getitem_36, arg31_1, 1e-06);  reduce_scatter_default = getitem_36 = arg31_1 = None
        getitem_34: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default[0];  fused_add_rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_34, 0, 2, 'tp:0');  getitem_34 = None
        return (all_gather_default,)
