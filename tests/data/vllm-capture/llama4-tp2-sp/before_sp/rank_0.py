class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[256][1]", arg10_1: "bf16[4, 256][256, 1]", arg11_1: "bf16[128, 256][256, 1]", arg12_1: "bf16[256, 64][64, 1]", arg13_1: "bf16[4, 128, 256][32768, 256, 1]", arg14_1: "bf16[4, 256, 64][16384, 64, 1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1, arg18_1: "bf16[256, 128][128, 1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[4, 256][256, 1]", arg21_1: "bf16[128, 256][256, 1]", arg22_1: "bf16[256, 64][64, 1]", arg23_1: "bf16[4, 128, 256][32768, 256, 1]", arg24_1: "bf16[4, 256, 64][16384, 64, 1]", arg25_1: "bf16[256][1]"):
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
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:280 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1]);  arg6_1 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_3: "bf16[s72, 32][64, 1]" = split[0]
        getitem_4: "bf16[s72, 32][64, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, -1, 64]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(view, 32, -1);  view = None
        getitem_5: "bf16[s72, 2, 32][256, 64, 1]" = split_1[0]
        getitem_6: "bf16[s72, 2, 32][256, 64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, -1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(view_2, 32, -1);  view_2 = None
        getitem_7: "bf16[s72, 1, 32][256, 64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 1, 32][256, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_47: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_50: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_37: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_47, mul_50);  mul_47 = mul_50 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_55: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_58: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_115: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_55, mul_58);  mul_55 = mul_58 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_37, add_115], -1);  sub_37 = add_115 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:289 in forward, code: q = q.reshape(-1, self.head_dim)
        view_4: "bf16[2*s72, 64][64, 1]" = torch.ops.aten.reshape.default(cat, [-1, 64]);  cat = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:290 in forward, code: q = self.qk_norm(q.float()).reshape(-1, self.q_size).to(q.dtype)
        convert_element_type_2: "f32[2*s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(view_4, torch.float32);  view_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "f32[2*s72, 64][64, 1]" = torch.ops.vllm_ir.rms_norm.default(convert_element_type_2, None, 1e-05);  convert_element_type_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:290 in forward, code: q = self.qk_norm(q.float()).reshape(-1, self.q_size).to(q.dtype)
        view_5: "f32[s72, 128][128, 1]" = torch.ops.aten.reshape.default(rms_norm_1, [-1, 128]);  rms_norm_1 = None
        convert_element_type_3: "bf16[s72, 128][128, 1]" = torch.ops.prims.convert_element_type.default(view_5, torch.bfloat16);  view_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_8: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(convert_element_type_3, [-1, 2, 64]);  convert_element_type_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_9: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_86: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_89: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_54: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_86, mul_89);  mul_86 = mul_89 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_94: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_97: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_177: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_94, mul_97);  mul_94 = mul_97 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_54, add_177], -1);  sub_54 = add_177 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        view_3: "bf16[s72, 64][64, 1]" = torch.ops.aten.reshape.default(cat_1, [arg1_1, 64]);  cat_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:292 in forward, code: k = self.qk_norm(k.float()).reshape(-1, self.kv_size).to(k.dtype)
        convert_element_type_4: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(view_3, torch.float32);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "f32[s72, 64][64, 1]" = torch.ops.vllm_ir.rms_norm.default(convert_element_type_4, None, 1e-05);  convert_element_type_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:292 in forward, code: k = self.qk_norm(k.float()).reshape(-1, self.kv_size).to(k.dtype)
        convert_element_type_5: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(rms_norm_2, torch.bfloat16);  rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_10: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(convert_element_type_5, [-1, 1, 64]);  convert_element_type_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_11: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_10, view_11, arg7_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_8, key = view_10, value = view_11, output = view_9, layer_name = arg7_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view_8 = view_10 = view_11 = view_9 = arg7_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_12: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_12, permute_1);  view_12 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, all_reduce, arg9_1, 1e-05);  all_reduce_1 = all_reduce = arg9_1 = None
        getitem_12: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_13: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_12, permute_2);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/utils.py:1047 in fast_topk, code: return torch.max(values, dim=dim, keepdim=True)
        max_1 = torch.ops.aten.max.dim(mm_2, -1, True);  mm_2 = None
        getitem_14: "bf16[s72, 1][1, 1]" = max_1[0]
        getitem_15: "i64[s72, 1][1, 1]" = max_1[1];  max_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:83 in custom_routing_function, code: router_scores = torch.sigmoid(router_scores.float())
        convert_element_type_16: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_14, torch.float32);  getitem_14 = None
        sigmoid: "f32[s72, 1][1, 1]" = torch.ops.aten.sigmoid.default(convert_element_type_16);  convert_element_type_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/prepare_finalize/no_dp_ep.py:79 in prepare, code: a1 = a1 * topk_weights.to(a1.dtype)
        convert_element_type_18: "bf16[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(sigmoid, torch.bfloat16)
        mul_188: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_12, convert_element_type_18);  convert_element_type_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:84 in custom_routing_function, code: return (router_scores, router_indices.to(torch.int32))
        convert_element_type_17: "i32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_15, torch.int32);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_1, input = mul_188, w13 = arg13_1, w2 = arg14_1, w13_bias = None, w2_bias = None, topk_weights = sigmoid, topk_id = convert_element_type_17, skip_weighted = True, act = 'silu', isa = 'vec');  empty_1 = mul_188 = arg13_1 = arg14_1 = sigmoid = convert_element_type_17 = None
        getitem_17: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_3: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_12, permute_3);  getitem_12 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_3: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_3, 1, 0, 64)
        convert_element_type_12: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        neg: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_12)
        exp: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_266: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_12, add_266);  convert_element_type_12 = add_266 = None
        convert_element_type_13: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_4: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_3, 1, 64, 9223372036854775807);  mm_3 = None
        mul_173: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_13, slice_4);  convert_element_type_13 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        addmm_default_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(getitem_17, mul_173, permute_4);  getitem_17 = mul_173 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default_1, 'tp:0');  addmm_default_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_13, arg15_1, 1e-05);  all_reduce_2 = getitem_13 = arg15_1 = None
        getitem_18: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_19: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_18, permute_5);  getitem_18 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:280 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_5, [128, 64, 64], -1);  mm_5 = None
        getitem_20: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_21: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_22: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_19: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_20, [-1, 2, 64]);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_20: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_4, [-1, 2, 64]);  empty_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_21: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_21, [-1, 1, 64]);  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_22: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_22, [-1, 1, 64]);  getitem_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_21, view_22, arg17_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_19, key = view_21, value = view_22, output = view_20, layer_name = arg17_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_19 = view_21 = view_22 = view_20 = arg17_1 = unified_kv_cache_update_1 = None
        getitem_24: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None
        view_23: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_24, [arg1_1, 128]);  getitem_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_6: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_23, permute_6);  view_23 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_6, 'tp:0');  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_19, arg19_1, 1e-05);  all_reduce_3 = getitem_19 = arg19_1 = None
        getitem_26: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_27: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_7: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_26, permute_7);  permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/utils.py:1047 in fast_topk, code: return torch.max(values, dim=dim, keepdim=True)
        max_2 = torch.ops.aten.max.dim(mm_7, -1, True);  mm_7 = None
        getitem_28: "bf16[s72, 1][1, 1]" = max_2[0]
        getitem_29: "i64[s72, 1][1, 1]" = max_2[1];  max_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:83 in custom_routing_function, code: router_scores = torch.sigmoid(router_scores.float())
        convert_element_type_31: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_28, torch.float32);  getitem_28 = None
        sigmoid_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sigmoid.default(convert_element_type_31);  convert_element_type_31 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/prepare_finalize/no_dp_ep.py:79 in prepare, code: a1 = a1 * topk_weights.to(a1.dtype)
        convert_element_type_33: "bf16[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(sigmoid_1, torch.bfloat16)
        mul_257: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_26, convert_element_type_33);  convert_element_type_33 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/llama4.py:84 in custom_routing_function, code: return (router_scores, router_indices.to(torch.int32))
        convert_element_type_32: "i32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_29, torch.int32);  getitem_29 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_5, input = mul_257, w13 = arg23_1, w2 = arg24_1, w13_bias = None, w2_bias = None, topk_weights = sigmoid_1, topk_id = convert_element_type_32, skip_weighted = True, act = 'silu', isa = 'vec');  empty_5 = mul_257 = arg23_1 = arg24_1 = sigmoid_1 = convert_element_type_32 = None
        getitem_31: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_26, permute_8);  getitem_26 = permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_7: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_8, 1, 0, 64)
        convert_element_type_27: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        neg_1: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_27)
        exp_1: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_378: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_27, add_378);  convert_element_type_27 = add_378 = None
        convert_element_type_28: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_8: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_8, 1, 64, 9223372036854775807);  mm_8 = None
        mul_242: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_28, slice_8);  convert_element_type_28 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_9: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(getitem_31, mul_242, permute_9);  getitem_31 = mul_242 = permute_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default, 'tp:0');  addmm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_4, getitem_27, arg25_1, 1e-05);  all_reduce_4 = getitem_27 = arg25_1 = None
        getitem_32: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_32,)
