class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[][]", arg4_1: "bf16[256][1]", arg5_1: "bf16[256, 256][256, 1]", arg6_1: "i64[s72][1]", arg7_1: "bf16[256, 64][64, 1]", arg8_1, arg9_1: "bf16[256, 128][128, 1]", arg10_1: "bf16[256][1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[512, 256][256, 1]", arg13_1: "bf16[256, 256][256, 1]", arg14_1: "bf16[256][1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1, arg18_1: "bf16[256, 128][128, 1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[256][1]", arg21_1: "bf16[512, 256][256, 1]", arg22_1: "bf16[256, 256][256, 1]", arg23_1: "bf16[256][1]", arg24_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma2.py:283 in embed_input_ids, code: return self.embed_tokens(input_ids) * self.normalizer
        mul_18: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce, arg3_1);  all_reduce = arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg4_1, torch.float32);  arg4_1 = None
        add_48: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type, 1.0);  convert_element_type = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(mul_18, add_48, 1e-06);  add_48 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma2.py:176 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1])

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
        mul_50: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_53: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_38: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_50, mul_53);  mul_50 = mul_53 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_58: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_61: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_119: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_58, mul_61);  mul_58 = mul_61 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_38, add_119], -1);  sub_38 = add_119 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_89: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_92: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_55: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_89, mul_92);  mul_89 = mul_92 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_97: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_100: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_181: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_97, mul_100);  mul_97 = mul_100 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_55, add_181], -1);  sub_55 = add_181 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg8_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg8_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg8_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_5: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg10_1, torch.float32);  arg10_1 = None
        add_225: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_5, 1.0);  convert_element_type_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_1, add_225, 1e-06);  all_reduce_1 = add_225 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_6: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg11_1, torch.float32);  arg11_1 = None
        add_229: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_6, 1.0);  convert_element_type_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_1, mul_18, add_229, 1e-06);  rms_norm_1 = mul_18 = add_229 = None
        getitem_12: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_13: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_12, permute_2);  getitem_12 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:454 in forward_native, code: return F.gelu(x[..., :d], approximate=approximate) * x[..., d:]
        slice_3: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_9: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        mul_144: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_9, 0.5)
        mul_140: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_9, convert_element_type_9)
        mul_141: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_140, convert_element_type_9);  mul_140 = None
        mul_142: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_141, 0.044715);  mul_141 = None
        add_242: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_9, mul_142);  convert_element_type_9 = mul_142 = None
        mul_143: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(add_242, 0.7978845608028654);  add_242 = None
        tanh: "f32[s72, 256][256, 1]" = torch.ops.aten.tanh.default(mul_143);  mul_143 = None
        add_243: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(tanh, 1);  tanh = None
        mul_145: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_144, add_243);  mul_144 = add_243 = None
        convert_element_type_10: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_145, torch.bfloat16);  mul_145 = None
        slice_4: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_150: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_10, slice_4);  convert_element_type_10 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_150, permute_3);  mul_150 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_13: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg14_1, torch.float32);  arg14_1 = None
        add_259: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_13, 1.0);  convert_element_type_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_2, add_259, 1e-06);  all_reduce_2 = add_259 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_14: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg15_1, torch.float32);  arg15_1 = None
        add_263: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_14, 1.0);  convert_element_type_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_2, getitem_13, add_263, 1e-06);  rms_norm_2 = getitem_13 = add_263 = None
        getitem_14: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_15: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_14, permute_4);  getitem_14 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma2.py:176 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_16: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_17: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_18: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1]);  arg7_1 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_19: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_20: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_13: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, -1, 64]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_13, 32, -1);  view_13 = None
        getitem_21: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_22: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_15: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_17, [arg1_1, -1, 64]);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(view_15, 32, -1);  view_15 = None
        getitem_23: "bf16[s72, 1, 32][256, 64, 1]" = split_5[0]
        getitem_24: "bf16[s72, 1, 32][256, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_192: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_195: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_6)
        sub_100: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_192, mul_195);  mul_192 = mul_195 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_200: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_5);  getitem_22 = unsqueeze_5 = None
        mul_203: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_6);  getitem_21 = unsqueeze_6 = None
        add_337: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_200, mul_203);  mul_200 = mul_203 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_100, add_337], -1);  sub_100 = add_337 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_231: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_234: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_8)
        sub_117: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_231, mul_234);  mul_231 = mul_234 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_239: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_7);  getitem_24 = unsqueeze_7 = None
        mul_242: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_8);  getitem_23 = unsqueeze_8 = None
        add_399: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_239, mul_242);  mul_239 = mul_242 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_117, add_399], -1);  sub_117 = add_399 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [-1, 1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_20, arg17_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_20, output = view_18, layer_name = arg17_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_20 = view_18 = arg17_1 = unified_kv_cache_update_1 = None
        getitem_26: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_21: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_26, [arg1_1, 128]);  getitem_26 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_21, permute_5);  view_21 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_19: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg19_1, torch.float32);  arg19_1 = None
        add_443: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_19, 1.0);  convert_element_type_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_3, add_443, 1e-06);  all_reduce_3 = add_443 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_20: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg20_1, torch.float32);  arg20_1 = None
        add_447: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_20, 1.0);  convert_element_type_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_3, getitem_15, add_447, 1e-06);  rms_norm_3 = getitem_15 = add_447 = None
        getitem_28: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_29: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_28, permute_6);  getitem_28 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:454 in forward_native, code: return F.gelu(x[..., :d], approximate=approximate) * x[..., d:]
        slice_7: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 0, 256)
        convert_element_type_23: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        mul_286: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_23, 0.5)
        mul_282: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_23, convert_element_type_23)
        mul_283: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_282, convert_element_type_23);  mul_282 = None
        mul_284: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_283, 0.044715);  mul_283 = None
        add_460: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_23, mul_284);  convert_element_type_23 = mul_284 = None
        mul_285: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(add_460, 0.7978845608028654);  add_460 = None
        tanh_1: "f32[s72, 256][256, 1]" = torch.ops.aten.tanh.default(mul_285);  mul_285 = None
        add_461: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(tanh_1, 1);  tanh_1 = None
        mul_287: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_286, add_461);  mul_286 = add_461 = None
        convert_element_type_24: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_287, torch.bfloat16);  mul_287 = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 256, 9223372036854775807);  mm_6 = None
        mul_292: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_24, slice_8);  convert_element_type_24 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_292, permute_7);  mul_292 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_27: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg23_1, torch.float32);  arg23_1 = None
        add_477: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_27, 1.0);  convert_element_type_27 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_4, add_477, 1e-06);  all_reduce_4 = add_477 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_28: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg24_1, torch.float32);  arg24_1 = None
        add_481: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_28, 1.0);  convert_element_type_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_4, getitem_29, add_481, 1e-06);  rms_norm_4 = getitem_29 = add_481 = None
        getitem_30: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_30,)
