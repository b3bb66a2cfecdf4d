class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "bf16[256][1]", arg6_1: "bf16[64][1]", arg7_1: "bf16[64][1]", arg8_1: "i64[s72][1]", arg9_1: "bf16[256, 32][32, 1]", arg10_1, arg11_1: "bf16[256, 128][128, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[512, 256][256, 1]", arg14_1: "bf16[256, 256][256, 1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[64][1]", arg19_1: "bf16[64][1]", arg20_1, arg21_1: "bf16[256, 128][128, 1]", arg22_1: "bf16[256][1]", arg23_1: "f32[4, 256][256, 1]", arg24_1: "bf16[128, 256][256, 1]", arg25_1: "bf16[256, 64][64, 1]", arg26_1: "f32[4][1]", arg27_1: "bf16[4, 128, 256][32768, 256, 1]", arg28_1: "bf16[4, 256, 64][16384, 64, 1]", arg29_1: "bf16[256][1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[s72][1]" = torch.ops.aten.ge.Scalar(arg0_1, 512)
        lt: "b8[s72][1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and: "b8[s72][1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[s72][1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[s72][1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        bitwise_and_1: "b8[s72][1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        bitwise_or: "b8[s72][1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        bitwise_not: "b8[s72][1]" = torch.ops.aten.bitwise_not.default(bitwise_or)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[s72, 1][1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        full_default: "bf16[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul: "i64[s72][1]" = torch.ops.aten.mul.Tensor(bitwise_and, 512);  bitwise_and = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:196 in get_masked_input_and_mask, code: added_offset * added_vocab_mask
        mul_2: "i64[s72][1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512);  bitwise_and_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        add_16: "i64[s72][1]" = torch.ops.aten.add.Tensor(mul, mul_2);  mul = mul_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub_10: "i64[s72][1]" = torch.ops.aten.sub.Tensor(arg0_1, add_16);  arg0_1 = add_16 = None
        mul_6: "i64[s72][1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub_10);  bitwise_or = sub_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        embedding: "bf16[s72, 256][256, 1]" = torch.ops.aten.embedding.default(arg2_1, mul_6);  arg2_1 = mul_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        where: "bf16[s72, 256][256, 1]" = torch.ops.aten.where.self(unsqueeze, full_default, embedding);  unsqueeze = full_default = embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(where, 'tp:0');  where = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        addmm: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg5_1, rms_norm, permute);  arg5_1 = rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:305 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(addmm, [128, 64, 64], -1);  addmm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg9_1, [arg8_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 16, -1);  index = None
        getitem_3: "bf16[s72, 16][32, 1]" = split[0]
        getitem_4: "bf16[s72, 16][32, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:307 in forward, code: q = self.q_norm(q.reshape(-1, self.num_heads, self.head_dim)).reshape(
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, 2, 64]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view, arg6_1, 1e-05);  view = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_1: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_1, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(slice_1, 16, -1);  slice_1 = None
        getitem_5: "bf16[s72, 2, 16][128, 64, 1]" = split_1[0]
        getitem_6: "bf16[s72, 2, 16][128, 64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:310 in forward, code: k = self.k_norm(k.reshape(-1, self.num_kv_heads, self.head_dim)).reshape(
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, 1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_2, arg7_1, 1e-05);  view_2 = arg7_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_3: "bf16[s72, 1, 32][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_2, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(slice_3, 16, -1);  slice_3 = None
        getitem_7: "bf16[s72, 1, 16][64, 64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 1, 16][64, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_73: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_76: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_43: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_73, mul_76);  mul_73 = mul_76 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_81: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_84: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_139: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_81, mul_84);  mul_81 = mul_84 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.cat.default([sub_43, add_139], -1);  sub_43 = add_139 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_2: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_1, 2, 32, 9223372036854775807);  rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat, slice_2], -1);  cat = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_9: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_113: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_116: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_60: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_113, mul_116);  mul_113 = mul_116 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_121: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_124: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_203: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_121, mul_124);  mul_121 = mul_124 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.cat.default([sub_60, add_203], -1);  sub_60 = add_203 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_4: "bf16[s72, 1, 32][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_2, 2, 32, 9223372036854775807);  rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([cat_2, slice_4], -1);  cat_2 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_11: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_11, arg10_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_1, key = cat_3, value = view_11, output = view_9, layer_name = arg10_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat_1 = cat_3 = view_11 = view_9 = arg10_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_12: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_12, permute_1);  view_12 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm, 'tp:0');  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, all_reduce, arg12_1, 1e-05);  all_reduce_1 = all_reduce = arg12_1 = None
        getitem_12: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_13: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_1: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_12, permute_2);  getitem_12 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_5: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_1, 1, 0, 256)
        convert_element_type_7: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_5, torch.float32);  slice_5 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_7)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_259: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_7, add_259);  convert_element_type_7 = add_259 = None
        convert_element_type_8: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_6: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_1, 1, 256, 9223372036854775807);  mm_1 = None
        mul_166: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_8, slice_6);  convert_element_type_8 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_166, permute_3);  mul_166 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_13, arg15_1, 1e-05);  all_reduce_2 = getitem_13 = arg15_1 = None
        getitem_14: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_15: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        addmm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg17_1, getitem_14, permute_4);  arg17_1 = getitem_14 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:305 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(addmm_1, [128, 64, 64], -1);  addmm_1 = None
        getitem_16: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_17: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_18: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg9_1, [arg8_1]);  arg9_1 = arg8_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 16, -1);  index_1 = None
        getitem_19: "bf16[s72, 16][32, 1]" = split_3[0]
        getitem_20: "bf16[s72, 16][32, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:307 in forward, code: q = self.q_norm(q.reshape(-1, self.num_heads, self.head_dim)).reshape(
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 2, 64]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_17, arg18_1, 1e-05);  view_17 = arg18_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_7: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_3, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(slice_7, 16, -1);  slice_7 = None
        getitem_21: "bf16[s72, 2, 16][128, 64, 1]" = split_4[0]
        getitem_22: "bf16[s72, 2, 16][128, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4_moe.py:310 in forward, code: k = self.k_norm(k.reshape(-1, self.num_kv_heads, self.head_dim)).reshape(
        view_19: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_17, [arg1_1, 1, 64]);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_19, arg19_1, 1e-05);  view_19 = arg19_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_9: "bf16[s72, 1, 32][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_4, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(slice_9, 16, -1);  slice_9 = None
        getitem_23: "bf16[s72, 1, 16][64, 64, 1]" = split_5[0]
        getitem_24: "bf16[s72, 1, 16][64, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_232: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_235: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_6)
        sub_109: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_232, mul_235);  mul_232 = mul_235 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_240: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_5);  getitem_22 = unsqueeze_5 = None
        mul_243: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_6);  getitem_21 = unsqueeze_6 = None
        add_372: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_240, mul_243);  mul_240 = mul_243 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_4: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.cat.default([sub_109, add_372], -1);  sub_109 = add_372 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_8: "bf16[s72, 2, 32][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_3, 2, 32, 9223372036854775807);  rms_norm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat_4, slice_8], -1);  cat_4 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_26: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_272: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_275: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_8)
        sub_126: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_272, mul_275);  mul_272 = mul_275 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_280: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_7);  getitem_24 = unsqueeze_7 = None
        mul_283: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_8);  getitem_23 = unsqueeze_8 = None
        add_436: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_280, mul_283);  mul_280 = mul_283 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_6: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.cat.default([sub_126, add_436], -1);  sub_126 = add_436 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_10: "bf16[s72, 1, 32][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_4, 2, 32, 9223372036854775807);  rms_norm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_7: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([cat_6, slice_10], -1);  cat_6 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_28: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [-1, 1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_7, view_28, arg20_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_5, key = cat_7, value = view_28, output = view_26, layer_name = arg20_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_5 = cat_7 = view_28 = view_26 = arg20_1 = unified_kv_cache_update_1 = None
        getitem_26: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_29: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_26, [arg1_1, 128]);  getitem_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_29, permute_5);  view_29 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_15, arg22_1, 1e-05);  all_reduce_3 = getitem_15 = arg22_1 = None
        getitem_28: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_29: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/gate_linear.py:240 in forward, code: x = x.to(self.weight.dtype)
        convert_element_type_16: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(getitem_28, torch.float32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "f32[256, 4][1, 256]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_4: "f32[s72, 4][4, 1]" = torch.ops.aten.mm.default(convert_element_type_16, permute_6);  convert_element_type_16 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:40 in _grouped_topk, code: scores = gating_output.sigmoid()
        sigmoid: "f32[s72, 4][4, 1]" = torch.ops.aten.sigmoid.default(mm_4);  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:47 in _grouped_topk, code: scores = scores + e_score_correction_bias.unsqueeze(0)
        unsqueeze_9: "f32[1, 4][4, 1]" = torch.ops.aten.unsqueeze.default(arg26_1, 0);  arg26_1 = None
        add_517: "f32[s72, 4][4, 1]" = torch.ops.aten.add.Tensor(sigmoid, unsqueeze_9);  unsqueeze_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:49 in _grouped_topk, code: scores.view(num_token, num_expert_group, -1).topk(2, dim=-1)[0].sum(dim=-1)
        view_35: "f32[s72, 1, 4][4, 4, 1]" = torch.ops.aten.reshape.default(add_517, [arg1_1, 1, -1])
        topk = torch.ops.aten.topk.default(view_35, 2);  view_35 = None
        getitem_30: "f32[s72, 1, 2][2, 2, 1]" = topk[0];  topk = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(getitem_30, [-1]);  getitem_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:55 in _grouped_topk, code: group_idx = torch.topk(group_scores, k=topk_group, dim=-1, sorted=False)[
        topk_1 = torch.ops.aten.topk.default(sum_1, 1, -1, True, False);  sum_1 = None
        getitem_33: "i64[s72, 1][1, 1]" = topk_1[1];  topk_1 = None

        # No stacktrace found for following nodes
        expand_default: "i64[s72, 1][1, 1]" = torch.ops.aten.expand.default(getitem_33, [arg1_1, 1]);  getitem_33 = None
        iota_default: "i64[1][1]" = torch.ops.prims.iota.default(1, start = 0, step = 1, dtype = torch.int64, device = device(type='cpu'), requires_grad = False)
        view_default: "i64[1, 1][1, 1]" = torch.ops.aten.reshape.default(iota_default, [1, 1]);  iota_default = None
        eq_tensor: "b8[s72, 1][1, 1]" = torch.ops.aten.eq.Tensor(expand_default, view_default);  expand_default = view_default = None
        scalar_tensor_default_1: "i64[][]" = torch.ops.aten.scalar_tensor.default(1, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'))
        scalar_tensor_default: "i64[][]" = torch.ops.aten.scalar_tensor.default(0, dtype = torch.int64, layout = torch.strided, device = device(type='cpu'))
        where_self: "i64[s72, 1][1, 1]" = torch.ops.aten.where.self(eq_tensor, scalar_tensor_default_1, scalar_tensor_default);  eq_tensor = scalar_tensor_default_1 = scalar_tensor_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:59 in _grouped_topk, code: group_mask.scatter_(1, group_idx, 1)  # [n, n_group]
        convert_element_type_default: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(where_self, torch.float32);  where_self = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:63 in _grouped_topk, code: .reshape(num_token, -1)
        unsqueeze_13: "f32[s72, 1, 1][1, 1, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_default, -1);  convert_element_type_default = None
        expand_2: "f32[s72, 1, 4][1, 1, 0]" = torch.ops.aten.expand.default(unsqueeze_13, [arg1_1, 1, 4]);  unsqueeze_13 = None
        view_37: "f32[s72, 4][1, 0]" = torch.ops.aten.reshape.default(expand_2, [arg1_1, 4]);  expand_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:65 in _grouped_topk, code: tmp_scores = scores.masked_fill(~score_mask.bool(), float("-inf"))  # [n, e]
        convert_element_type_23: "b8[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(view_37, torch.bool);  view_37 = None
        bitwise_not_1: "b8[s72, 4][4, 1]" = torch.ops.aten.bitwise_not.default(convert_element_type_23);  convert_element_type_23 = None
        full_default_2: "f32[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "f32[s72, 4][4, 1]" = torch.ops.aten.where.self(bitwise_not_1, full_default_2, add_517);  bitwise_not_1 = full_default_2 = add_517 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:68 in _grouped_topk, code: topk_ids = torch.topk(tmp_scores, k=topk, dim=-1, sorted=False)[1]
        topk_2 = torch.ops.aten.topk.default(where_1, 2, -1, True, False);  where_1 = None
        getitem_35: "i64[s72, 2][2, 1]" = topk_2[1];  topk_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:69 in _grouped_topk, code: topk_weights = original_scores.gather(1, topk_ids)
        gather: "f32[s72, 2][2, 1]" = torch.ops.aten.gather.default(sigmoid, 1, getitem_35);  sigmoid = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:74 in _grouped_topk, code: topk_weights = topk_weights / topk_weights.sum(dim=-1, keepdim=True)
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(gather, [-1], True)
        div_2: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(gather, sum_2);  gather = sum_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:78 in _grouped_topk, code: return topk_weights, topk_ids.to(torch.int32)
        convert_element_type_24: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_35, torch.int32);  getitem_35 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_2, input = getitem_28, w13 = arg27_1, w2 = arg28_1, w13_bias = None, w2_bias = None, topk_weights = div_2, topk_id = convert_element_type_24, skip_weighted = False, act = 'silu', isa = 'vec');  empty_2 = arg27_1 = arg28_1 = div_2 = convert_element_type_24 = None
        getitem_37: "bf16[s72, 256][256, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg24_1, [1, 0]);  arg24_1 = None
        mm_5: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_28, permute_7);  getitem_28 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_11: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_5, 1, 0, 64)
        convert_element_type_19: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_11, torch.float32);  slice_11 = None
        neg_1: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_19)
        exp_1: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_501: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_19, add_501);  convert_element_type_19 = add_501 = None
        convert_element_type_20: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_12: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_5, 1, 64, 9223372036854775807);  mm_5 = None
        mul_331: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_20, slice_12);  convert_element_type_20 = slice_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:414 in _maybe_apply_routed_scale_to_output, code: fused_output *= self.routed_scaling_factor
        mul_387: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_37, 2.5);  getitem_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mul_387, mul_331, permute_8);  mul_387 = mul_331 = permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default, 'tp:0');  addmm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_4, getitem_29, arg29_1, 1e-05);  all_reduce_4 = getitem_29 = arg29_1 = None
        getitem_38: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_38,)
