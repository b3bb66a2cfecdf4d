class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[256][1]", arg10_1: "bf16[512, 256][256, 1]", arg11_1: "bf16[256, 256][256, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256, 256][256, 1]", arg14_1, arg15_1: "bf16[256, 128][128, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[512, 256][256, 1]", arg18_1: "bf16[256, 256][256, 1]", arg19_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:373 in forward, code: hidden_states *= self.config.embedding_multiplier
        mul_20: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce, 12.0);  all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(mul_20, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:237 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1])

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
        mul_52: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_55: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_39: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_52, mul_55);  mul_52 = mul_55 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_60: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_63: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_121: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_60, mul_63);  mul_60 = mul_63 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_39, add_121], -1);  sub_39 = add_121 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_91: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_94: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_56: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_91, mul_94);  mul_91 = mul_94 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_99: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_102: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_183: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_99, mul_102);  mul_99 = mul_102 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_56, add_183], -1);  sub_56 = add_183 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg7_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg7_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg7_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:300 in forward, code: hidden_states = residual + hidden_states * self.residual_multiplier
        mul_132: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_1, 0.22);  all_reduce_1 = None
        add_230: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_20, mul_132);  mul_20 = mul_132 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_230, arg9_1, 1e-05);  arg9_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_1, permute_2);  rms_norm_1 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_3: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_6: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_6)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_243: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_6, add_243);  convert_element_type_6 = add_243 = None
        convert_element_type_7: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_4: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_147: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_7, slice_4);  convert_element_type_7 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_147, permute_3);  mul_147 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:305 in forward, code: hidden_states = residual + hidden_states * self.residual_multiplier
        mul_154: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_2, 0.22);  all_reduce_2 = None
        add_262: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_230, mul_154);  add_230 = mul_154 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_262, arg12_1, 1e-05);  arg12_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(rms_norm_2, permute_4);  rms_norm_2 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:237 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_12: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1]);  arg6_1 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_15: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_16: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_13: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, -1, 64]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_13, 32, -1);  view_13 = None
        getitem_17: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_18: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_15: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg1_1, -1, 64]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(view_15, 32, -1);  view_15 = None
        getitem_19: "bf16[s72, 1, 32][256, 64, 1]" = split_5[0]
        getitem_20: "bf16[s72, 1, 32][256, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_190: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_17, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_193: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_18, unsqueeze_6)
        sub_101: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_190, mul_193);  mul_190 = mul_193 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_198: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_18, unsqueeze_5);  getitem_18 = unsqueeze_5 = None
        mul_201: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_17, unsqueeze_6);  getitem_17 = unsqueeze_6 = None
        add_336: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_198, mul_201);  mul_198 = mul_201 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_101, add_336], -1);  sub_101 = add_336 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_229: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_19, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_232: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_20, unsqueeze_8)
        sub_118: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_229, mul_232);  mul_229 = mul_232 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_237: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_20, unsqueeze_7);  getitem_20 = unsqueeze_7 = None
        mul_240: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_19, unsqueeze_8);  getitem_19 = unsqueeze_8 = None
        add_398: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_237, mul_240);  mul_237 = mul_240 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_118, add_398], -1);  sub_118 = add_398 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_20, arg14_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_20, output = view_18, layer_name = arg14_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_20 = view_18 = arg14_1 = unified_kv_cache_update_1 = None
        getitem_22: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_21: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_22, [arg1_1, 128]);  getitem_22 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_21, permute_5);  view_21 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:300 in forward, code: hidden_states = residual + hidden_states * self.residual_multiplier
        mul_270: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_3, 0.22);  all_reduce_3 = None
        add_445: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_262, mul_270);  add_262 = mul_270 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_445, arg16_1, 1e-05);  arg16_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_3, permute_6);  rms_norm_3 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_7: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 0, 256)
        convert_element_type_16: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_16)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_458: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_16, add_458);  convert_element_type_16 = add_458 = None
        convert_element_type_17: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 256, 9223372036854775807);  mm_6 = None
        mul_285: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_17, slice_8);  convert_element_type_17 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_285, permute_7);  mul_285 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/granite.py:305 in forward, code: hidden_states = residual + hidden_states * self.residual_multiplier
        mul_292: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_4, 0.22);  all_reduce_4 = None
        add_477: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_445, mul_292);  add_445 = mul_292 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_477, arg19_1, 1e-05);  add_477 = arg19_1 = None
        return (rms_norm_4,)
