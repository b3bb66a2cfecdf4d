class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[128, 256][256, 1]", arg5_1: "bf16[128][1]", arg6_1: "bf16[128, 128][128, 1]", arg7_1: "bf16[96, 256][256, 1]", arg8_1: "bf16[64][1]", arg9_1: "bf16[192, 64][64, 1]", arg10_1: "i64[s72][1]", arg11_1: "bf16[256, 32][32, 1]", arg12_1, arg13_1: "bf16[256, 128][128, 1]", arg14_1: "bf16[256][1]", arg15_1: "bf16[512, 256][256, 1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[128, 256][256, 1]", arg19_1: "bf16[128][1]", arg20_1: "bf16[128, 128][128, 1]", arg21_1: "bf16[96, 256][256, 1]", arg22_1: "bf16[64][1]", arg23_1: "bf16[192, 64][64, 1]", arg24_1, arg25_1: "bf16[256, 128][128, 1]", arg26_1: "bf16[256][1]", arg27_1: "bf16[512, 256][256, 1]", arg28_1: "bf16[256, 256][256, 1]", arg29_1: "bf16[256][1]"):
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
        all_reduce: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(where, 'tp:0');  where = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm.py:444 in embed_input_ids, code: return embedding * self.config.scale_emb
        mul_18: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce, 12);  all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(mul_18, arg3_1, 1e-06);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 128][128, 1]" = torch.ops.vllm_ir.rms_norm.default(mm, arg5_1, 1e-06);  mm = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 128][1, 128]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(rms_norm_1, permute_1);  rms_norm_1 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:144 in forward, code: q = q.view(-1, self.num_local_heads, self.qk_head_dim)
        view: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(mm_1, [-1, 2, 64])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:145 in forward, code: _, q_pe = q.split([self.qk_nope_head_dim, self.qk_rope_head_dim], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(view, [32, 32], -1)
        getitem_1: "bf16[s72, 2, 32][128, 64, 1]" = split_with_sizes[1];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 96][1, 256]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_2: "bf16[s72, 96][96, 1]" = torch.ops.aten.mm.default(rms_norm, permute_2);  rms_norm = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:147 in forward, code: kv_a, _ = latent_cache.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_2, [64, 32], -1)
        getitem_2: "bf16[s72, 64][96, 1]" = split_with_sizes_1[0];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 64][64, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem_2, arg8_1, 1e-06);  getitem_2 = arg8_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[64, 192][1, 64]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_3: "bf16[s72, 192][192, 1]" = torch.ops.aten.mm.default(rms_norm_2, permute_3);  rms_norm_2 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:151 in forward, code: kv = kv.view(-1, self.num_local_heads, self.qk_nope_head_dim + self.v_head_dim)
        view_1: "bf16[s72, 2, 96][192, 96, 1]" = torch.ops.aten.reshape.default(mm_3, [-1, 2, 96]);  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:152 in forward, code: k_nope, v = kv.split([self.qk_nope_head_dim, self.v_head_dim], dim=-1)
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(view_1, [32, 64], -1);  view_1 = None
        getitem_4: "bf16[s72, 2, 32][192, 96, 1]" = split_with_sizes_2[0]
        getitem_5: "bf16[s72, 2, 64][192, 96, 1]" = split_with_sizes_2[1];  split_with_sizes_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg11_1, [arg10_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 16, -1);  index = None
        getitem_6: "bf16[s72, 16][32, 1]" = split[0]
        getitem_7: "bf16[s72, 16][32, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:158 in forward, code: q_pe.reshape(-1, self.num_local_heads * self.qk_rope_head_dim),
        clone: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.clone.default(getitem_1, memory_format = torch.contiguous_format);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(clone, 16, -1);  clone = None
        getitem_8: "bf16[s72, 2, 16][64, 32, 1]" = split_1[0]
        getitem_9: "bf16[s72, 2, 16][64, 32, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:148 in forward, code: latent_cache = latent_cache.unsqueeze(1)
        unsqueeze_1: "bf16[s72, 1, 96][96, 96, 1]" = torch.ops.aten.unsqueeze.default(mm_2, 1);  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:154 in forward, code: k_pe = latent_cache[:, :, self.kv_lora_rank :]
        slice_2: "bf16[s72, 1, 32][96, 96, 1]" = torch.ops.aten.slice.Tensor(unsqueeze_1, 2, 64, 9223372036854775807);  unsqueeze_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(slice_2, 16, -1);  slice_2 = None
        getitem_10: "bf16[s72, 1, 16][96, 96, 1]" = split_2[0]
        getitem_11: "bf16[s72, 1, 16][96, 96, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:164 in forward, code: q[..., self.qk_nope_head_dim :] = q_pe
        view_10: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(mm_1, [-1, 2, 64]);  mm_1 = None
        slice_5: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 32, 9223372036854775807);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_97: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_7, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_100: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_3)
        sub_54: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_97, mul_100);  mul_97 = mul_100 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_105: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_2);  getitem_9 = unsqueeze_2 = None
        mul_108: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        add_176: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_105, mul_108);  mul_105 = mul_108 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.cat.default([sub_54, add_176], -1);  sub_54 = add_176 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:164 in forward, code: q[..., self.qk_nope_head_dim :] = q_pe
        copy: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_5, cat);  slice_5 = cat = None
        slice_scatter: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(view_10, copy, 2, 32, 9223372036854775807);  view_10 = copy = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_21: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:166 in forward, code: k = torch.empty_like(q)
        empty: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 2, 64], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:168 in forward, code: k[..., : self.qk_nope_head_dim] = k_nope
        slice_7: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(empty, 2, 0, 32)
        copy_1: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_7, getitem_4);  slice_7 = getitem_4 = None
        slice_scatter_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(empty, copy_1, 2, 0, 32);  empty = copy_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:169 in forward, code: k[..., self.qk_nope_head_dim :] = k_pe
        slice_10: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_1, 2, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_136: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_4)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_7, -2);  getitem_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_139: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_11, unsqueeze_5)
        sub_71: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_136, mul_139);  mul_136 = mul_139 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_144: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_11, unsqueeze_4);  getitem_11 = unsqueeze_4 = None
        mul_147: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_5);  getitem_10 = unsqueeze_5 = None
        add_238: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_144, mul_147);  mul_144 = mul_147 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.cat.default([sub_71, add_238], -1);  sub_71 = add_238 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:169 in forward, code: k[..., self.qk_nope_head_dim :] = k_pe
        expand: "bf16[s72, 2, 32][32, 0, 1]" = torch.ops.aten.expand.default(cat_1, [arg1_1, 2, 32]);  cat_1 = None
        copy_2: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_10, expand);  slice_10 = expand = None
        slice_scatter_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(slice_scatter_1, copy_2, 2, 32, 9223372036854775807);  slice_scatter_1 = copy_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/torch/nn/functional.py:5823 in pad, code: return torch._C._nn.pad(input, pad, mode, value)
        constant_pad_nd: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.constant_pad_nd.default(getitem_5, [0, 0], 0.0);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(slice_scatter_2, constant_pad_nd, arg12_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = slice_scatter, key = slice_scatter_2, value = constant_pad_nd, output = view_21, layer_name = arg12_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  slice_scatter = slice_scatter_2 = constant_pad_nd = view_21 = arg12_1 = unified_kv_cache_update = None
        getitem_13: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_30: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg1_1, 128]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_30, permute_4);  view_30 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm.py:385 in forward, code: hidden_states = residual + hidden_states * (
        mul_244: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_1, 0.9899494936611664);  all_reduce_1 = None
        add_377: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_18, mul_244);  mul_18 = mul_244 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_377, arg14_1, 1e-06);  arg14_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_5: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_3, permute_5);  rms_norm_3 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_12: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_5, 1, 0, 256)
        convert_element_type_12: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_12, torch.float32);  slice_12 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_12)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_390: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_12, add_390);  convert_element_type_12 = add_390 = None
        convert_element_type_13: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_13: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_5, 1, 256, 9223372036854775807);  mm_5 = None
        mul_259: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_13, slice_13);  convert_element_type_13 = slice_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_6: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_259, permute_6);  mul_259 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_6, 'tp:0');  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm.py:393 in forward, code: hidden_states = residual + hidden_states * (
        mul_266: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_2, 0.9899494936611664);  all_reduce_2 = None
        add_409: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_377, mul_266);  add_377 = mul_266 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_409, arg17_1, 1e-06);  arg17_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_7: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(rms_norm_4, permute_7);  permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_5: "bf16[s72, 128][128, 1]" = torch.ops.vllm_ir.rms_norm.default(mm_7, arg19_1, 1e-06);  mm_7 = arg19_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[128, 128][1, 128]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(rms_norm_5, permute_8);  rms_norm_5 = permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:144 in forward, code: q = q.view(-1, self.num_local_heads, self.qk_head_dim)
        view_47: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(mm_8, [-1, 2, 64])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:145 in forward, code: _, q_pe = q.split([self.qk_nope_head_dim, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(view_47, [32, 32], -1)
        getitem_16: "bf16[s72, 2, 32][128, 64, 1]" = split_with_sizes_3[1];  split_with_sizes_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_9: "bf16[256, 96][1, 256]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_9: "bf16[s72, 96][96, 1]" = torch.ops.aten.mm.default(rms_norm_4, permute_9);  rms_norm_4 = permute_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:147 in forward, code: kv_a, _ = latent_cache.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_4 = torch.ops.aten.split_with_sizes.default(mm_9, [64, 32], -1)
        getitem_17: "bf16[s72, 64][96, 1]" = split_with_sizes_4[0];  split_with_sizes_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_6: "bf16[s72, 64][64, 1]" = torch.ops.vllm_ir.rms_norm.default(getitem_17, arg22_1, 1e-06);  getitem_17 = arg22_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_10: "bf16[64, 192][1, 64]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_10: "bf16[s72, 192][192, 1]" = torch.ops.aten.mm.default(rms_norm_6, permute_10);  rms_norm_6 = permute_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:151 in forward, code: kv = kv.view(-1, self.num_local_heads, self.qk_nope_head_dim + self.v_head_dim)
        view_48: "bf16[s72, 2, 96][192, 96, 1]" = torch.ops.aten.reshape.default(mm_10, [-1, 2, 96]);  mm_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:152 in forward, code: k_nope, v = kv.split([self.qk_nope_head_dim, self.v_head_dim], dim=-1)
        split_with_sizes_5 = torch.ops.aten.split_with_sizes.default(view_48, [32, 64], -1);  view_48 = None
        getitem_19: "bf16[s72, 2, 32][192, 96, 1]" = split_with_sizes_5[0]
        getitem_20: "bf16[s72, 2, 64][192, 96, 1]" = split_with_sizes_5[1];  split_with_sizes_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg11_1, [arg10_1]);  arg11_1 = arg10_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 16, -1);  index_1 = None
        getitem_21: "bf16[s72, 16][32, 1]" = split_3[0]
        getitem_22: "bf16[s72, 16][32, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:158 in forward, code: q_pe.reshape(-1, self.num_local_heads * self.qk_rope_head_dim),
        clone_3: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.clone.default(getitem_16, memory_format = torch.contiguous_format);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(clone_3, 16, -1);  clone_3 = None
        getitem_23: "bf16[s72, 2, 16][64, 32, 1]" = split_4[0]
        getitem_24: "bf16[s72, 2, 16][64, 32, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:148 in forward, code: latent_cache = latent_cache.unsqueeze(1)
        unsqueeze_6: "bf16[s72, 1, 96][96, 96, 1]" = torch.ops.aten.unsqueeze.default(mm_9, 1);  mm_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:154 in forward, code: k_pe = latent_cache[:, :, self.kv_lora_rank :]
        slice_15: "bf16[s72, 1, 32][96, 96, 1]" = torch.ops.aten.slice.Tensor(unsqueeze_6, 2, 64, 9223372036854775807);  unsqueeze_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(slice_15, 16, -1);  slice_15 = None
        getitem_25: "bf16[s72, 1, 16][96, 96, 1]" = split_5[0]
        getitem_26: "bf16[s72, 1, 16][96, 96, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:164 in forward, code: q[..., self.qk_nope_head_dim :] = q_pe
        view_57: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(mm_8, [-1, 2, 64]);  mm_8 = None
        slice_18: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(view_47, 2, 32, 9223372036854775807);  view_47 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_349: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_352: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_8)
        sub_156: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_349, mul_352);  mul_349 = mul_352 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_357: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_7);  getitem_24 = unsqueeze_7 = None
        mul_360: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_8);  getitem_23 = unsqueeze_8 = None
        add_541: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_357, mul_360);  mul_357 = mul_360 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.cat.default([sub_156, add_541], -1);  sub_156 = add_541 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:164 in forward, code: q[..., self.qk_nope_head_dim :] = q_pe
        copy_3: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_18, cat_2);  slice_18 = cat_2 = None
        slice_scatter_3: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(view_57, copy_3, 2, 32, 9223372036854775807);  view_57 = copy_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_3: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_68: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_3, [-1, 2, 64]);  empty_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:166 in forward, code: k = torch.empty_like(q)
        empty_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 2, 64], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:168 in forward, code: k[..., : self.qk_nope_head_dim] = k_nope
        slice_20: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(empty_2, 2, 0, 32)
        copy_4: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_20, getitem_19);  slice_20 = getitem_19 = None
        slice_scatter_4: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(empty_2, copy_4, 2, 0, 32);  empty_2 = copy_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:169 in forward, code: k[..., self.qk_nope_head_dim :] = k_pe
        slice_23: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_4, 2, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_9: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2);  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_388: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_9)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_10: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2);  getitem_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_391: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_10)
        sub_173: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_388, mul_391);  mul_388 = mul_391 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_396: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_9);  getitem_26 = unsqueeze_9 = None
        mul_399: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_10);  getitem_25 = unsqueeze_10 = None
        add_603: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_396, mul_399);  mul_396 = mul_399 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.cat.default([sub_173, add_603], -1);  sub_173 = add_603 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm3.py:169 in forward, code: k[..., self.qk_nope_head_dim :] = k_pe
        expand_1: "bf16[s72, 2, 32][32, 0, 1]" = torch.ops.aten.expand.default(cat_3, [arg1_1, 2, 32]);  cat_3 = None
        copy_5: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.copy.default(slice_23, expand_1);  slice_23 = expand_1 = None
        slice_scatter_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.slice_scatter.default(slice_scatter_4, copy_5, 2, 32, 9223372036854775807);  slice_scatter_4 = copy_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/torch/nn/functional.py:5823 in pad, code: return torch._C._nn.pad(input, pad, mode, value)
        constant_pad_nd_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.constant_pad_nd.default(getitem_20, [0, 0], 0.0);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(slice_scatter_5, constant_pad_nd_1, arg24_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = slice_scatter_3, key = slice_scatter_5, value = constant_pad_nd_1, output = view_68, layer_name = arg24_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  slice_scatter_3 = slice_scatter_5 = constant_pad_nd_1 = view_68 = arg24_1 = unified_kv_cache_update_1 = None
        getitem_28: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_77: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_28, [arg1_1, 128]);  getitem_28 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_11: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        mm_11: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_77, permute_11);  view_77 = permute_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_11, 'tp:0');  mm_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm.py:385 in forward, code: hidden_states = residual + hidden_states * (
        mul_496: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_3, 0.9899494936611664);  all_reduce_3 = None
        add_742: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_409, mul_496);  add_409 = mul_496 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_7: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_742, arg26_1, 1e-06);  arg26_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_12: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_12: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_7, permute_12);  rms_norm_7 = permute_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_25: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_12, 1, 0, 256)
        convert_element_type_28: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_25, torch.float32);  slice_25 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_28)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_755: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_28, add_755);  convert_element_type_28 = add_755 = None
        convert_element_type_29: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_26: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_12, 1, 256, 9223372036854775807);  mm_12 = None
        mul_511: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_29, slice_26);  convert_element_type_29 = slice_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_13: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_13: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_511, permute_13);  mul_511 = permute_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_13, 'tp:0');  mm_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/minicpm.py:393 in forward, code: hidden_states = residual + hidden_states * (
        mul_518: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_4, 0.9899494936611664);  all_reduce_4 = None
        add_774: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_742, mul_518);  add_742 = mul_518 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_8: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_774, arg29_1, 1e-06);  add_774 = arg29_1 = None
        return (rms_norm_8,)
