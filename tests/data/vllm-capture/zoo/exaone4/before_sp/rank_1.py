class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256, 256][256, 1]", arg4_1: "bf16[64][1]", arg5_1: "bf16[64][1]", arg6_1: "i64[s72][1]", arg7_1: "bf16[256, 64][64, 1]", arg8_1, arg9_1: "bf16[256, 128][128, 1]", arg10_1: "bf16[256][1]", arg11_1: "bf16[512, 256][256, 1]", arg12_1: "bf16[256, 256][256, 1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[256, 256][256, 1]", arg15_1: "bf16[64][1]", arg16_1: "bf16[64][1]", arg17_1, arg18_1: "bf16[256, 128][128, 1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[512, 256][256, 1]", arg21_1: "bf16[256, 256][256, 1]", arg22_1: "bf16[256][1]", arg23_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg3_1, [1, 0]);  arg3_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(all_reduce, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:202 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1]);  arg7_1 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_3: "bf16[s72, 32][64, 1]" = split[0]
        getitem_4: "bf16[s72, 32][64, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:204 in forward, code: q = q.unflatten(-1, (self.num_heads, self.head_dim))
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, 2, 64]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view, arg4_1, 1e-05);  view = arg4_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(rms_norm, 32, -1);  rms_norm = None
        getitem_5: "bf16[s72, 2, 32][128, 64, 1]" = split_1[0]
        getitem_6: "bf16[s72, 2, 32][128, 64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:207 in forward, code: k = k.unflatten(-1, (self.num_kv_heads, self.head_dim))
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, 1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_2, arg5_1, 1e-05);  view_2 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(rms_norm_1, 32, -1);  rms_norm_1 = None
        getitem_7: "bf16[s72, 1, 32][64, 64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 1, 32][64, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_64: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_67: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_42: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_64, mul_67);  mul_64 = mul_67 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_72: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_75: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_134: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_72, mul_75);  mul_72 = mul_75 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_42, add_134], -1);  sub_42 = add_134 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_9: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_103: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_106: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_59: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_103, mul_106);  mul_103 = mul_106 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_111: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_114: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_196: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_111, mul_114);  mul_111 = mul_114 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_59, add_196], -1);  sub_59 = add_196 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_11: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_11, arg8_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_11, output = view_9, layer_name = arg8_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_11 = view_9 = arg8_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_12: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_12, permute_1);  view_12 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_1, arg10_1, 1e-05);  all_reduce_1 = arg10_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:278 in forward, code: hidden_states = residual + hidden_states
        add_243: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce, rms_norm_2);  all_reduce = rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(add_243, permute_2);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_3: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_6: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_6)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_253: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_6, add_253);  convert_element_type_6 = add_253 = None
        convert_element_type_7: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_4: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_156: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_7, slice_4);  convert_element_type_7 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_156, permute_3);  mul_156 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_2, arg13_1, 1e-05);  all_reduce_2 = arg13_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:287 in forward, code: hidden_states = residual + hidden_states
        add_272: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_243, rms_norm_3);  add_243 = rms_norm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(add_272, permute_4);  permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:202 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_12: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:204 in forward, code: q = q.unflatten(-1, (self.num_heads, self.head_dim))
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, 2, 64]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_17, arg15_1, 1e-05);  view_17 = arg15_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:207 in forward, code: k = k.unflatten(-1, (self.num_kv_heads, self.head_dim))
        view_19: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg1_1, 1, 64]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_5: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_19, arg16_1, 1e-05);  view_19 = arg16_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(rms_norm_5, view_24, arg17_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = rms_norm_4, key = rms_norm_5, value = view_24, output = view_22, layer_name = arg17_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  rms_norm_4 = rms_norm_5 = view_24 = view_22 = arg17_1 = unified_kv_cache_update_1 = None
        getitem_16: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 128]);  getitem_16 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_5);  view_25 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_6: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_3, arg19_1, 1e-05);  all_reduce_3 = arg19_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:278 in forward, code: hidden_states = residual + hidden_states
        add_341: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_272, rms_norm_6);  add_272 = rms_norm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(add_341, permute_6);  permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_5: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 0, 256)
        convert_element_type_16: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_5, torch.float32);  slice_5 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_16)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_351: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_16, add_351);  convert_element_type_16 = add_351 = None
        convert_element_type_17: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_6: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 256, 9223372036854775807);  mm_6 = None
        mul_222: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_17, slice_6);  convert_element_type_17 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_222, permute_7);  mul_222 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_7: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_4, arg22_1, 1e-05);  all_reduce_4 = arg22_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/exaone4.py:287 in forward, code: hidden_states = residual + hidden_states
        add_370: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_341, rms_norm_7);  add_341 = rms_norm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_8: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_370, arg23_1, 1e-05);  add_370 = arg23_1 = None
        return (rms_norm_8,)
