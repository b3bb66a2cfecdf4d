class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "bf16[256][1]", arg6_1: "i64[s72][1]", arg7_1: "bf16[256, 32][32, 1]", arg8_1, arg9_1: "bf16[256, 128][128, 1]", arg10_1: "bf16[256][1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[512, 256][256, 1]", arg13_1: "bf16[256, 256][256, 1]", arg14_1: "bf16[256][1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1: "bf16[256][1]", arg18_1, arg19_1: "bf16[256, 128][128, 1]", arg20_1: "bf16[256][1]", arg21_1: "bf16[256][1]", arg22_1: "bf16[512, 256][256, 1]", arg23_1: "bf16[256, 256][256, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        addmm: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg5_1, rms_norm, permute);  arg5_1 = rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4.py:134 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(addmm, [128, 64, 64], -1);  addmm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 16, -1);  index = None
        getitem_3: "bf16[s72, 16][32, 1]" = split[0]
        getitem_4: "bf16[s72, 16][32, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, -1, 64]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_1: "bf16[s72, 2, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_3: "bf16[s72, 2, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_48: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_4: "bf16[s72, 2, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 1, 9223372036854775807, 2);  slice_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_51: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_2)
        sub_37: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_48, mul_51);  mul_48 = mul_51 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_3: "bf16[s72, 2, 16, 1][32, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_37, 3);  sub_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_56: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_1);  slice_4 = unsqueeze_1 = None
        mul_59: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_2);  slice_3 = unsqueeze_2 = None
        add_117: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_56, mul_59);  mul_56 = mul_59 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_4: "bf16[s72, 2, 16, 1][32, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(add_117, 3);  add_117 = None
        cat: "bf16[s72, 2, 16, 2][64, 32, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_3, unsqueeze_4], -1);  unsqueeze_3 = unsqueeze_4 = None
        view_1: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.reshape.default(cat, [arg1_1, 2, 32]);  cat = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_2: "bf16[s72, 2, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 32, 9223372036854775807);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_1, slice_2], -1);  view_1 = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_7: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_3: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, -1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_5: "bf16[s72, 1, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_3, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_7: "bf16[s72, 1, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_5, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_95: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_8: "bf16[s72, 1, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_5, 2, 1, 9223372036854775807, 2);  slice_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_98: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_8, unsqueeze_6)
        sub_55: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_95, mul_98);  mul_95 = mul_98 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_7: "bf16[s72, 1, 16, 1][16, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_55, 3);  sub_55 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_103: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_8, unsqueeze_5);  slice_8 = unsqueeze_5 = None
        mul_106: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_6);  slice_7 = unsqueeze_6 = None
        add_186: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_103, mul_106);  mul_103 = mul_106 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_8: "bf16[s72, 1, 16, 1][16, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(add_186, 3);  add_186 = None
        cat_2: "bf16[s72, 1, 16, 2][32, 32, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_7, unsqueeze_8], -1);  unsqueeze_7 = unsqueeze_8 = None
        view_4: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.reshape.default(cat_2, [arg1_1, 1, 32]);  cat_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_6: "bf16[s72, 1, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_3, 2, 32, 9223372036854775807);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([view_4, slice_6], -1);  view_4 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_9: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_9, arg8_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_1, key = cat_3, value = view_9, output = view_7, layer_name = arg8_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat_1 = cat_3 = view_9 = view_7 = arg8_1 = unified_kv_cache_update = None
        getitem_6: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_10: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, 128]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_10, permute_1);  view_10 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm, 'tp:0');  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_1, arg10_1, 1e-05);  all_reduce_1 = arg10_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_1, all_reduce, arg11_1, 1e-05);  rms_norm_1 = all_reduce = arg11_1 = None
        getitem_8: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_9: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_1: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_8, permute_2);  getitem_8 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_9: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_1, 1, 0, 256)
        convert_element_type_7: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_9, torch.float32);  slice_9 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_7)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_250: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_7, add_250);  convert_element_type_7 = add_250 = None
        convert_element_type_8: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_10: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_1, 1, 256, 9223372036854775807);  mm_1 = None
        mul_156: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_8, slice_10);  convert_element_type_8 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_156, permute_3);  mul_156 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_2, arg14_1, 1e-05);  all_reduce_2 = arg14_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_2, getitem_9, arg15_1, 1e-05);  rms_norm_2 = getitem_9 = arg15_1 = None
        getitem_10: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_11: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        addmm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg17_1, getitem_10, permute_4);  arg17_1 = getitem_10 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/glm4.py:134 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(addmm_1, [128, 64, 64], -1);  addmm_1 = None
        getitem_12: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 32][32, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1]);  arg7_1 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index_1, 16, -1);  index_1 = None
        getitem_15: "bf16[s72, 16][32, 1]" = split_1[0]
        getitem_16: "bf16[s72, 16][32, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_15: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, -1, 64]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_11: "bf16[s72, 2, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_13: "bf16[s72, 2, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_11, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_9: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_199: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_13, unsqueeze_9)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_14: "bf16[s72, 2, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_11, 2, 1, 9223372036854775807, 2);  slice_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_10: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_202: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_10)
        sub_101: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.sub.Tensor(mul_199, mul_202);  mul_199 = mul_202 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_11: "bf16[s72, 2, 16, 1][32, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_101, 3);  sub_101 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_207: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_9);  slice_14 = unsqueeze_9 = None
        mul_210: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.mul.Tensor(slice_13, unsqueeze_10);  slice_13 = unsqueeze_10 = None
        add_344: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.add.Tensor(mul_207, mul_210);  mul_207 = mul_210 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_12: "bf16[s72, 2, 16, 1][32, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(add_344, 3);  add_344 = None
        cat_4: "bf16[s72, 2, 16, 2][64, 32, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_11, unsqueeze_12], -1);  unsqueeze_11 = unsqueeze_12 = None
        view_16: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.reshape.default(cat_4, [arg1_1, 2, 32]);  cat_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_12: "bf16[s72, 2, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 32, 9223372036854775807);  view_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_16, slice_12], -1);  view_16 = slice_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_18: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg1_1, -1, 64]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_15: "bf16[s72, 1, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_18, 2, 0, 32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_17: "bf16[s72, 1, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_15, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_13: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_246: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_17, unsqueeze_13)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_18: "bf16[s72, 1, 16][256, 64, 2]" = torch.ops.aten.slice.Tensor(slice_15, 2, 1, 9223372036854775807, 2);  slice_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_14: "bf16[s72, 1, 16][32, 16, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_249: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_18, unsqueeze_14)
        sub_119: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.sub.Tensor(mul_246, mul_249);  mul_246 = mul_249 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_15: "bf16[s72, 1, 16, 1][16, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_119, 3);  sub_119 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_254: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_18, unsqueeze_13);  slice_18 = unsqueeze_13 = None
        mul_257: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.mul.Tensor(slice_17, unsqueeze_14);  slice_17 = unsqueeze_14 = None
        add_413: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.add.Tensor(mul_254, mul_257);  mul_254 = mul_257 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_16: "bf16[s72, 1, 16, 1][16, 16, 1, 1]" = torch.ops.aten.unsqueeze.default(add_413, 3);  add_413 = None
        cat_6: "bf16[s72, 1, 16, 2][32, 32, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_15, unsqueeze_16], -1);  unsqueeze_15 = unsqueeze_16 = None
        view_19: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.reshape.default(cat_6, [arg1_1, 1, 32]);  cat_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_16: "bf16[s72, 1, 32][256, 64, 1]" = torch.ops.aten.slice.Tensor(view_18, 2, 32, 9223372036854775807);  view_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_7: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([view_19, slice_16], -1);  view_19 = slice_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_7, view_24, arg18_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_5, key = cat_7, value = view_24, output = view_22, layer_name = arg18_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_5 = cat_7 = view_24 = view_22 = arg18_1 = unified_kv_cache_update_1 = None
        getitem_18: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_18, [arg1_1, 128]);  getitem_18 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_5);  view_25 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_3, arg20_1, 1e-05);  all_reduce_3 = arg20_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_3, getitem_11, arg21_1, 1e-05);  rms_norm_3 = getitem_11 = arg21_1 = None
        getitem_20: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_21: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None
        mm_4: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_20, permute_6);  getitem_20 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_19: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_4, 1, 0, 256)
        convert_element_type_18: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_19, torch.float32);  slice_19 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_18)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_477: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_18, add_477);  convert_element_type_18 = add_477 = None
        convert_element_type_19: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_20: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_4, 1, 256, 9223372036854775807);  mm_4 = None
        mul_307: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_19, slice_20);  convert_element_type_19 = slice_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_307, permute_7);  mul_307 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_4, arg24_1, 1e-05);  all_reduce_4 = arg24_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_4, getitem_21, arg25_1, 1e-05);  rms_norm_4 = getitem_21 = arg25_1 = None
        getitem_22: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_22,)
