class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[][]", arg4_1: "bf16[256][1]", arg5_1: "bf16[256, 256][256, 1]", arg6_1: "bf16[64][1]", arg7_1: "bf16[64][1]", arg8_1: "i64[s72][1]", arg9_1: "bf16[256, 64][64, 1]", arg10_1, arg11_1: "bf16[256, 128][128, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[512, 256][256, 1]", arg15_1: "bf16[256, 256][256, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256, 256][256, 1]", arg19_1: "bf16[64][1]", arg20_1: "bf16[64][1]", arg21_1: "bf16[256, 64][64, 1]", arg22_1, arg23_1: "bf16[256, 128][128, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[256][1]", arg26_1: "bf16[512, 256][256, 1]", arg27_1: "bf16[256, 256][256, 1]", arg28_1: "bf16[256][1]", arg29_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:341 in embed_input_ids, code: return self.embed_tokens(input_ids) * self.normalizer
        mul_18: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce, arg3_1);  all_reduce = arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg4_1, torch.float32);  arg4_1 = None
        add_48: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type, 1.0);  convert_element_type = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(mul_18, add_48, 1e-06);  add_48 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:209 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg9_1, [arg8_1]);  arg9_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_3: "bf16[s72, 32][64, 1]" = split[0]
        getitem_4: "bf16[s72, 32][64, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:211 in forward, code: q = q.unflatten(-1, (self.num_heads, self.head_dim))
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, 2, 64]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_3: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg6_1, torch.float32);  arg6_1 = None
        add_68: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_3, 1.0);  convert_element_type_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view, add_68, 1e-06);  view = add_68 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(rms_norm_1, 32, -1);  rms_norm_1 = None
        getitem_5: "bf16[s72, 2, 32][128, 64, 1]" = split_1[0]
        getitem_6: "bf16[s72, 2, 32][128, 64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:214 in forward, code: k = k.unflatten(-1, (self.num_kv_heads, self.head_dim))
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, 1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_4: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg7_1, torch.float32);  arg7_1 = None
        add_80: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_4, 1.0);  convert_element_type_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_2, add_80, 1e-06);  view_2 = add_80 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(rms_norm_2, 32, -1);  rms_norm_2 = None
        getitem_7: "bf16[s72, 1, 32][64, 64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 1, 32][64, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_69: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_72: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_44: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_69, mul_72);  mul_69 = mul_72 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_77: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_80: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_143: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_77, mul_80);  mul_77 = mul_80 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_44, add_143], -1);  sub_44 = add_143 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_9: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_108: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_111: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_61: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_108, mul_111);  mul_108 = mul_111 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_116: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_119: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_205: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_116, mul_119);  mul_116 = mul_119 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_61, add_205], -1);  sub_61 = add_205 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_11: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_11, arg10_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_11, output = view_9, layer_name = arg10_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_11 = view_9 = arg10_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_12: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_12, permute_1);  view_12 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_7: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg12_1, torch.float32);  arg12_1 = None
        add_249: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_7, 1.0);  convert_element_type_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_1, add_249, 1e-06);  all_reduce_1 = add_249 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_8: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg13_1, torch.float32);  arg13_1 = None
        add_253: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_8, 1.0);  convert_element_type_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_3, mul_18, add_253, 1e-06);  rms_norm_3 = mul_18 = add_253 = None
        getitem_12: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_13: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_12, permute_2);  getitem_12 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:454 in forward_native, code: return F.gelu(x[..., :d], approximate=approximate) * x[..., d:]
        slice_3: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_11: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        mul_163: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_11, 0.5)
        mul_159: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_11, convert_element_type_11)
        mul_160: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_159, convert_element_type_11);  mul_159 = None
        mul_161: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_160, 0.044715);  mul_160 = None
        add_266: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_11, mul_161);  convert_element_type_11 = mul_161 = None
        mul_162: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(add_266, 0.7978845608028654);  add_266 = None
        tanh: "f32[s72, 256][256, 1]" = torch.ops.aten.tanh.default(mul_162);  mul_162 = None
        add_267: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(tanh, 1);  tanh = None
        mul_164: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_163, add_267);  mul_163 = add_267 = None
        convert_element_type_12: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_164, torch.bfloat16);  mul_164 = None
        slice_4: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_169: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_12, slice_4);  convert_element_type_12 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_169, permute_3);  mul_169 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_15: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg16_1, torch.float32);  arg16_1 = None
        add_283: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_15, 1.0);  convert_element_type_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_2, add_283, 1e-06);  all_reduce_2 = add_283 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_16: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg17_1, torch.float32);  arg17_1 = None
        add_287: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_16, 1.0);  convert_element_type_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_4, getitem_13, add_287, 1e-06);  rms_norm_4 = getitem_13 = add_287 = None
        getitem_14: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_15: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_14, permute_4);  getitem_14 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:209 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_16: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_17: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_18: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg21_1, [arg8_1]);  arg21_1 = arg8_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_19: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_20: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:211 in forward, code: q = q.unflatten(-1, (self.num_heads, self.head_dim))
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 2, 64]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_19: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg19_1, torch.float32);  arg19_1 = None
        add_310: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_19, 1.0);  convert_element_type_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_17, add_310, 1e-06);  view_17 = add_310 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(rms_norm_5, 32, -1);  rms_norm_5 = None
        getitem_21: "bf16[s72, 2, 32][128, 64, 1]" = split_4[0]
        getitem_22: "bf16[s72, 2, 32][128, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gemma3.py:214 in forward, code: k = k.unflatten(-1, (self.num_kv_heads, self.head_dim))
        view_19: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_17, [arg1_1, 1, 64]);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_20: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg20_1, torch.float32);  arg20_1 = None
        add_322: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_20, 1.0);  convert_element_type_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_6: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_19, add_322, 1e-06);  view_19 = add_322 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(rms_norm_6, 32, -1);  rms_norm_6 = None
        getitem_23: "bf16[s72, 1, 32][64, 64, 1]" = split_5[0]
        getitem_24: "bf16[s72, 1, 32][64, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_230: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_233: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_6)
        sub_112: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_230, mul_233);  mul_230 = mul_233 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_238: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_5);  getitem_22 = unsqueeze_5 = None
        mul_241: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_6);  getitem_21 = unsqueeze_6 = None
        add_385: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_238, mul_241);  mul_238 = mul_241 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_112, add_385], -1);  sub_112 = add_385 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_26: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_269: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_272: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_8)
        sub_129: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_269, mul_272);  mul_269 = mul_272 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_277: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_7);  getitem_24 = unsqueeze_7 = None
        mul_280: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_8);  getitem_23 = unsqueeze_8 = None
        add_447: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_277, mul_280);  mul_277 = mul_280 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_129, add_447], -1);  sub_129 = add_447 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_28: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [-1, 1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_28, arg22_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_28, output = view_26, layer_name = arg22_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_28 = view_26 = arg22_1 = unified_kv_cache_update_1 = None
        getitem_26: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_29: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_26, [arg1_1, 128]);  getitem_26 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_29, permute_5);  view_29 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_23: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg24_1, torch.float32);  arg24_1 = None
        add_491: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_23, 1.0);  convert_element_type_23 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_7: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_3, add_491, 1e-06);  all_reduce_3 = add_491 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_24: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg25_1, torch.float32);  arg25_1 = None
        add_495: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_24, 1.0);  convert_element_type_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_7, getitem_15, add_495, 1e-06);  rms_norm_7 = getitem_15 = add_495 = None
        getitem_28: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_29: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(getitem_28, permute_6);  getitem_28 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:454 in forward_native, code: return F.gelu(x[..., :d], approximate=approximate) * x[..., d:]
        slice_7: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 0, 256)
        convert_element_type_27: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        mul_324: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_27, 0.5)
        mul_320: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_27, convert_element_type_27)
        mul_321: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_320, convert_element_type_27);  mul_320 = None
        mul_322: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_321, 0.044715);  mul_321 = None
        add_508: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_27, mul_322);  convert_element_type_27 = mul_322 = None
        mul_323: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(add_508, 0.7978845608028654);  add_508 = None
        tanh_1: "f32[s72, 256][256, 1]" = torch.ops.aten.tanh.default(mul_323);  mul_323 = None
        add_509: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(tanh_1, 1);  tanh_1 = None
        mul_325: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_324, add_509);  mul_324 = add_509 = None
        convert_element_type_28: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_325, torch.bfloat16);  mul_325 = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 256, 9223372036854775807);  mm_6 = None
        mul_330: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_28, slice_8);  convert_element_type_28 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_330, permute_7);  mul_330 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_31: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg28_1, torch.float32);  arg28_1 = None
        add_525: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_31, 1.0);  convert_element_type_31 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_8: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce_4, add_525, 1e-06);  all_reduce_4 = add_525 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_32: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg29_1, torch.float32);  arg29_1 = None
        add_529: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_32, 1.0);  convert_element_type_32 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(rms_norm_8, getitem_29, add_529, 1e-06);  rms_norm_8 = getitem_29 = add_529 = None
        getitem_30: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_30,)
