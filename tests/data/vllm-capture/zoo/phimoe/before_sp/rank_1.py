class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256][1]", arg5_1: "bf16[256, 256][256, 1]", arg6_1: "bf16[256][1]", arg7_1: "i64[s72][1]", arg8_1: "bf16[256, 64][64, 1]", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[4, 256][256, 1]", arg14_1: "bf16[4, 128, 256][32768, 256, 1]", arg15_1: "bf16[4, 256, 64][16384, 64, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256, 256][256, 1]", arg19_1: "bf16[256][1]", arg20_1, arg21_1: "bf16[256, 128][128, 1]", arg22_1: "bf16[256][1]", arg23_1: "bf16[256][1]", arg24_1: "bf16[4, 256][256, 1]", arg25_1: "bf16[4, 128, 256][32768, 256, 1]", arg26_1: "bf16[4, 256, 64][16384, 64, 1]", arg27_1: "bf16[256][1]", arg28_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:427 in forward, code: hidden_states = self.input_layernorm(hidden_states)
        convert_element_type: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)
        var_mean = torch.ops.aten.var_mean.correction(convert_element_type, [1], correction = 0, keepdim = True)
        getitem: "f32[s72, 1][1, 1]" = var_mean[0]
        getitem_1: "f32[s72, 1][1, 1]" = var_mean[1];  var_mean = None
        sub_20: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type, getitem_1);  convert_element_type = getitem_1 = None
        add_45: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_45);  add_45 = None
        mul_20: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_20, rsqrt);  sub_20 = rsqrt = None
        mul_21: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_20, arg3_1);  mul_20 = arg3_1 = None
        add_46: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_21, arg4_1);  mul_21 = arg4_1 = None
        convert_element_type_1: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_46, torch.bfloat16);  add_46 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        addmm: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg6_1, convert_element_type_1, permute);  arg6_1 = convert_element_type_1 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:372 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(addmm, [128, 64, 64], -1);  addmm = None
        getitem_2: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_3: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_4: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_5: "bf16[s72, 32][64, 1]" = split[0]
        getitem_6: "bf16[s72, 32][64, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [arg1_1, -1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(view, 32, -1);  view = None
        getitem_7: "bf16[s72, 2, 32][256, 64, 1]" = split_1[0]
        getitem_8: "bf16[s72, 2, 32][256, 64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [arg1_1, -1, 64]);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(view_2, 32, -1);  view_2 = None
        getitem_9: "bf16[s72, 1, 32][256, 64, 1]" = split_2[0]
        getitem_10: "bf16[s72, 1, 32][256, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_53: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_56: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_2)
        sub_40: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_53, mul_56);  mul_53 = mul_56 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_61: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_1);  getitem_8 = unsqueeze_1 = None
        mul_64: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_2);  getitem_7 = unsqueeze_2 = None
        add_123: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_61, mul_64);  mul_61 = mul_64 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_40, add_123], -1);  sub_40 = add_123 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_92: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_95: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_4)
        sub_57: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_92, mul_95);  mul_92 = mul_95 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_100: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_3);  getitem_10 = unsqueeze_3 = None
        mul_103: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_4);  getitem_9 = unsqueeze_4 = None
        add_185: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_100, mul_103);  mul_100 = mul_103 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_57, add_185], -1);  sub_57 = add_185 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 1, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg9_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg9_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg9_1 = unified_kv_cache_update = None
        getitem_12: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, 128]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm, 'tp:0');  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:433 in forward, code: hidden_states = hidden_states + residual
        add_229: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_1, all_reduce);  all_reduce_1 = all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:437 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_9: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_229, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_9, [1], correction = 0, keepdim = True)
        getitem_14: "f32[s72, 1][1, 1]" = var_mean_1[0]
        getitem_15: "f32[s72, 1][1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_74: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_9, getitem_15);  convert_element_type_9 = getitem_15 = None
        add_233: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_14, 1e-05);  getitem_14 = None
        rsqrt_1: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_233);  add_233 = None
        mul_137: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_74, rsqrt_1);  sub_74 = rsqrt_1 = None
        mul_138: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_137, arg11_1);  mul_137 = arg11_1 = None
        add_234: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_138, arg12_1);  mul_138 = arg12_1 = None
        convert_element_type_10: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_234, torch.bfloat16);  add_234 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_1: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(convert_element_type_10, permute_2);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:182 in sparsemixer, code: mask_logits_threshold, max_ind = scores.max(dim=-1, keepdim=True)
        max_1 = torch.ops.aten.max.dim(mm_1, -1, True)
        getitem_16: "bf16[s72, 1][1, 1]" = max_1[0]
        getitem_17: "i64[s72, 1][1, 1]" = max_1[1];  max_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:199 in sparsemixer, code: masked_scores = torch.scatter(
        scatter: "bf16[s72, 4][4, 1]" = torch.ops.aten.scatter.value(mm_1, -1, getitem_17, -inf)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:207 in sparsemixer, code: mask_logits_threshold, max_ind = masked_scores.max(dim=-1, keepdim=True)
        max_2 = torch.ops.aten.max.dim(scatter, -1, True)
        getitem_18: "bf16[s72, 1][1, 1]" = max_2[0]
        getitem_19: "i64[s72, 1][1, 1]" = max_2[1];  max_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:184 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        sub_84: "bf16[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(getitem_16, mm_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:183 in sparsemixer, code: factor = scores.abs().clamp(min=mask_logits_threshold)
        abs_1: "bf16[s72, 4][4, 1]" = torch.ops.aten.abs.default(mm_1)
        convert_element_type_15: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(abs_1, torch.float32);  abs_1 = None
        convert_element_type_16: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_16, torch.float32);  getitem_16 = None
        clamp_min: "f32[s72, 4][4, 1]" = torch.ops.aten.clamp_min.Tensor(convert_element_type_15, convert_element_type_16);  convert_element_type_15 = convert_element_type_16 = None
        convert_element_type_17: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(clamp_min, torch.bfloat16);  clamp_min = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:184 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        div: "bf16[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(sub_84, convert_element_type_17);  sub_84 = convert_element_type_17 = None
        gt: "b8[s72, 4][4, 1]" = torch.ops.aten.gt.Scalar(div, 0.02);  div = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:189 in sparsemixer, code: masked_gates = scores.masked_fill(mask_logits_threshold, float("-inf"))
        full_default_1: "bf16[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "bf16[s72, 4][4, 1]" = torch.ops.aten.where.self(gt, full_default_1, mm_1);  gt = full_default_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:193 in sparsemixer, code: masked_gates = torch.softmax(masked_gates, dim=-1)
        convert_element_type_18: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(where_1, torch.float32);  where_1 = None
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_18, [-1], True)
        sub_89: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_18, amax);  convert_element_type_18 = amax = None
        exp: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_89);  sub_89 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp, [-1], True)
        div_1: "f32[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(exp, sum_1);  exp = sum_1 = None
        convert_element_type_19: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:194 in sparsemixer, code: multiplier_o = masked_gates.gather(dim=-1, index=selected_experts)
        gather: "bf16[s72, 1][1, 1]" = torch.ops.aten.gather.default(convert_element_type_19, -1, getitem_17);  convert_element_type_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:209 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        sub_97: "bf16[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(getitem_18, mm_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:208 in sparsemixer, code: factor = scores.abs().clamp(min=mask_logits_threshold)
        abs_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.abs.default(mm_1);  mm_1 = None
        convert_element_type_20: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(abs_2, torch.float32);  abs_2 = None
        convert_element_type_21: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_18, torch.float32);  getitem_18 = None
        clamp_min_1: "f32[s72, 4][4, 1]" = torch.ops.aten.clamp_min.Tensor(convert_element_type_20, convert_element_type_21);  convert_element_type_20 = convert_element_type_21 = None
        convert_element_type_22: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(clamp_min_1, torch.bfloat16);  clamp_min_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:209 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        div_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(sub_97, convert_element_type_22);  sub_97 = convert_element_type_22 = None
        gt_1: "b8[s72, 4][4, 1]" = torch.ops.aten.gt.Scalar(div_2, 0.02);  div_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:214 in sparsemixer, code: masked_gates_top2 = masked_scores.masked_fill(mask_logits_threshold, float("-inf"))
        full_default_2: "bf16[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.where.self(gt_1, full_default_2, scatter);  gt_1 = full_default_2 = scatter = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:217 in sparsemixer, code: masked_gates_top2 = torch.softmax(masked_gates_top2, dim=-1)
        convert_element_type_23: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(where_2, torch.float32);  where_2 = None
        amax_1: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_23, [-1], True)
        sub_102: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_23, amax_1);  convert_element_type_23 = amax_1 = None
        exp_1: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_102);  sub_102 = None
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_3: "f32[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(exp_1, sum_2);  exp_1 = sum_2 = None
        convert_element_type_24: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(div_3, torch.bfloat16);  div_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:218 in sparsemixer, code: multiplier_top2 = masked_gates_top2.gather(dim=-1, index=selected_experts_top2)
        gather_1: "bf16[s72, 1][1, 1]" = torch.ops.aten.gather.default(convert_element_type_24, -1, getitem_19);  convert_element_type_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:220 in sparsemixer, code: multiplier = torch.concat((multiplier, multiplier_top2), dim=-1)
        cat_2: "bf16[s72, 2][2, 1]" = torch.ops.aten.cat.default([gather, gather_1], -1);  gather = gather_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:250 in _compute_routing, code: topk_weights = topk_weights.to(torch.float32).contiguous()
        convert_element_type_25: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(cat_2, torch.float32);  cat_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:221 in sparsemixer, code: selected_experts = torch.concat((selected_experts, selected_experts_top2), dim=-1)
        cat_3: "i64[s72, 2][2, 1]" = torch.ops.aten.cat.default([getitem_17, getitem_19], -1);  getitem_17 = getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:251 in _compute_routing, code: topk_ids = topk_ids.to(torch.int32).contiguous()
        convert_element_type_26: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(cat_3, torch.int32);  cat_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_1, input = convert_element_type_10, w13 = arg14_1, w2 = arg15_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_25, topk_id = convert_element_type_26, skip_weighted = False, act = 'silu', isa = 'vec');  empty_1 = convert_element_type_10 = arg14_1 = arg15_1 = convert_element_type_25 = convert_element_type_26 = None
        getitem_21: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(getitem_21, 'tp:0');  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:440 in forward, code: hidden_states = hidden_states + residual
        add_341: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_2, add_229);  all_reduce_2 = add_229 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:427 in forward, code: hidden_states = self.input_layernorm(hidden_states)
        convert_element_type_27: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_341, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_27, [1], correction = 0, keepdim = True)
        getitem_22: "f32[s72, 1][1, 1]" = var_mean_2[0]
        getitem_23: "f32[s72, 1][1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_116: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_27, getitem_23);  convert_element_type_27 = getitem_23 = None
        add_345: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_22, 1e-05);  getitem_22 = None
        rsqrt_2: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_345);  add_345 = None
        mul_216: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_116, rsqrt_2);  sub_116 = rsqrt_2 = None
        mul_217: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_216, arg16_1);  mul_216 = arg16_1 = None
        add_346: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_217, arg17_1);  mul_217 = arg17_1 = None
        convert_element_type_28: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_346, torch.bfloat16);  add_346 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        addmm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg19_1, convert_element_type_28, permute_3);  arg19_1 = convert_element_type_28 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:372 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(addmm_1, [128, 64, 64], -1);  addmm_1 = None
        getitem_24: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_25: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_26: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1]);  arg8_1 = arg7_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_27: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_28: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_24, [arg1_1, -1, 64]);  getitem_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_17, 32, -1);  view_17 = None
        getitem_29: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_30: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_19: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_25, [arg1_1, -1, 64]);  getitem_25 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(view_19, 32, -1);  view_19 = None
        getitem_31: "bf16[s72, 1, 32][256, 64, 1]" = split_5[0]
        getitem_32: "bf16[s72, 1, 32][256, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_27, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_251: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_29, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_28, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_254: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_30, unsqueeze_6)
        sub_136: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_251, mul_254);  mul_251 = mul_254 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_259: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_30, unsqueeze_5);  getitem_30 = unsqueeze_5 = None
        mul_262: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_29, unsqueeze_6);  getitem_29 = unsqueeze_6 = None
        add_423: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_259, mul_262);  mul_259 = mul_262 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_4: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_136, add_423], -1);  sub_136 = add_423 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_4, [-1, 2, 64]);  empty_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_27, -2);  getitem_27 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_290: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_31, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_28, -2);  getitem_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_293: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_32, unsqueeze_8)
        sub_153: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_290, mul_293);  mul_290 = mul_293 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_298: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_32, unsqueeze_7);  getitem_32 = unsqueeze_7 = None
        mul_301: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_31, unsqueeze_8);  getitem_31 = unsqueeze_8 = None
        add_485: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_298, mul_301);  mul_298 = mul_301 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_5: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_153, add_485], -1);  sub_153 = add_485 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_26, [-1, 1, 64]);  getitem_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_5, view_24, arg20_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_4, key = cat_5, value = view_24, output = view_22, layer_name = arg20_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_4 = cat_5 = view_24 = view_22 = arg20_1 = unified_kv_cache_update_1 = None
        getitem_34: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_34, [arg1_1, 128]);  getitem_34 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_4);  view_25 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:433 in forward, code: hidden_states = hidden_states + residual
        add_529: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_3, add_341);  all_reduce_3 = add_341 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:437 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_36: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_529, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_36, [1], correction = 0, keepdim = True)
        getitem_36: "f32[s72, 1][1, 1]" = var_mean_3[0]
        getitem_37: "f32[s72, 1][1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_170: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_36, getitem_37);  convert_element_type_36 = getitem_37 = None
        add_533: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_36, 1e-05);  getitem_36 = None
        rsqrt_3: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_533);  add_533 = None
        mul_335: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_170, rsqrt_3);  sub_170 = rsqrt_3 = None
        mul_336: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_335, arg22_1);  mul_335 = arg22_1 = None
        add_534: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_336, arg23_1);  mul_336 = arg23_1 = None
        convert_element_type_37: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_534, torch.bfloat16);  add_534 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg24_1, [1, 0]);  arg24_1 = None
        mm_3: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(convert_element_type_37, permute_5);  permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:182 in sparsemixer, code: mask_logits_threshold, max_ind = scores.max(dim=-1, keepdim=True)
        max_3 = torch.ops.aten.max.dim(mm_3, -1, True)
        getitem_38: "bf16[s72, 1][1, 1]" = max_3[0]
        getitem_39: "i64[s72, 1][1, 1]" = max_3[1];  max_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:199 in sparsemixer, code: masked_scores = torch.scatter(
        scatter_1: "bf16[s72, 4][4, 1]" = torch.ops.aten.scatter.value(mm_3, -1, getitem_39, -inf)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:207 in sparsemixer, code: mask_logits_threshold, max_ind = masked_scores.max(dim=-1, keepdim=True)
        max_4 = torch.ops.aten.max.dim(scatter_1, -1, True)
        getitem_40: "bf16[s72, 1][1, 1]" = max_4[0]
        getitem_41: "i64[s72, 1][1, 1]" = max_4[1];  max_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:184 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        sub_180: "bf16[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(getitem_38, mm_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:183 in sparsemixer, code: factor = scores.abs().clamp(min=mask_logits_threshold)
        abs_3: "bf16[s72, 4][4, 1]" = torch.ops.aten.abs.default(mm_3)
        convert_element_type_42: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(abs_3, torch.float32);  abs_3 = None
        convert_element_type_43: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_38, torch.float32);  getitem_38 = None
        clamp_min_2: "f32[s72, 4][4, 1]" = torch.ops.aten.clamp_min.Tensor(convert_element_type_42, convert_element_type_43);  convert_element_type_42 = convert_element_type_43 = None
        convert_element_type_44: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(clamp_min_2, torch.bfloat16);  clamp_min_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:184 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        div_4: "bf16[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(sub_180, convert_element_type_44);  sub_180 = convert_element_type_44 = None
        gt_2: "b8[s72, 4][4, 1]" = torch.ops.aten.gt.Scalar(div_4, 0.02);  div_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:189 in sparsemixer, code: masked_gates = scores.masked_fill(mask_logits_threshold, float("-inf"))
        full_default_3: "bf16[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_3: "bf16[s72, 4][4, 1]" = torch.ops.aten.where.self(gt_2, full_default_3, mm_3);  gt_2 = full_default_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:193 in sparsemixer, code: masked_gates = torch.softmax(masked_gates, dim=-1)
        convert_element_type_45: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(where_3, torch.float32);  where_3 = None
        amax_2: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_45, [-1], True)
        sub_185: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_45, amax_2);  convert_element_type_45 = amax_2 = None
        exp_2: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_185);  sub_185 = None
        sum_3: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_5: "f32[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(exp_2, sum_3);  exp_2 = sum_3 = None
        convert_element_type_46: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(div_5, torch.bfloat16);  div_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:194 in sparsemixer, code: multiplier_o = masked_gates.gather(dim=-1, index=selected_experts)
        gather_2: "bf16[s72, 1][1, 1]" = torch.ops.aten.gather.default(convert_element_type_46, -1, getitem_39);  convert_element_type_46 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:209 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        sub_193: "bf16[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(getitem_40, mm_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:208 in sparsemixer, code: factor = scores.abs().clamp(min=mask_logits_threshold)
        abs_4: "bf16[s72, 4][4, 1]" = torch.ops.aten.abs.default(mm_3);  mm_3 = None
        convert_element_type_47: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(abs_4, torch.float32);  abs_4 = None
        convert_element_type_48: "f32[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(getitem_40, torch.float32);  getitem_40 = None
        clamp_min_3: "f32[s72, 4][4, 1]" = torch.ops.aten.clamp_min.Tensor(convert_element_type_47, convert_element_type_48);  convert_element_type_47 = convert_element_type_48 = None
        convert_element_type_49: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(clamp_min_3, torch.bfloat16);  clamp_min_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:209 in sparsemixer, code: mask_logits_threshold = ((mask_logits_threshold - scores) / factor) > (
        div_6: "bf16[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(sub_193, convert_element_type_49);  sub_193 = convert_element_type_49 = None
        gt_3: "b8[s72, 4][4, 1]" = torch.ops.aten.gt.Scalar(div_6, 0.02);  div_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:214 in sparsemixer, code: masked_gates_top2 = masked_scores.masked_fill(mask_logits_threshold, float("-inf"))
        full_default_4: "bf16[][]" = torch.ops.aten.full.default([], -inf, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_4: "bf16[s72, 4][4, 1]" = torch.ops.aten.where.self(gt_3, full_default_4, scatter_1);  gt_3 = full_default_4 = scatter_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:217 in sparsemixer, code: masked_gates_top2 = torch.softmax(masked_gates_top2, dim=-1)
        convert_element_type_50: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(where_4, torch.float32);  where_4 = None
        amax_3: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_50, [-1], True)
        sub_198: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_50, amax_3);  convert_element_type_50 = amax_3 = None
        exp_3: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_198);  sub_198 = None
        sum_4: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_3, [-1], True)
        div_7: "f32[s72, 4][4, 1]" = torch.ops.aten.div.Tensor(exp_3, sum_4);  exp_3 = sum_4 = None
        convert_element_type_51: "bf16[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(div_7, torch.bfloat16);  div_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:218 in sparsemixer, code: multiplier_top2 = masked_gates_top2.gather(dim=-1, index=selected_experts_top2)
        gather_3: "bf16[s72, 1][1, 1]" = torch.ops.aten.gather.default(convert_element_type_51, -1, getitem_41);  convert_element_type_51 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:220 in sparsemixer, code: multiplier = torch.concat((multiplier, multiplier_top2), dim=-1)
        cat_6: "bf16[s72, 2][2, 1]" = torch.ops.aten.cat.default([gather_2, gather_3], -1);  gather_2 = gather_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:250 in _compute_routing, code: topk_weights = topk_weights.to(torch.float32).contiguous()
        convert_element_type_52: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(cat_6, torch.float32);  cat_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:221 in sparsemixer, code: selected_experts = torch.concat((selected_experts, selected_experts_top2), dim=-1)
        cat_7: "i64[s72, 2][2, 1]" = torch.ops.aten.cat.default([getitem_39, getitem_41], -1);  getitem_39 = getitem_41 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:251 in _compute_routing, code: topk_ids = topk_ids.to(torch.int32).contiguous()
        convert_element_type_53: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(cat_7, torch.int32);  cat_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_5, input = convert_element_type_37, w13 = arg25_1, w2 = arg26_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_52, topk_id = convert_element_type_53, skip_weighted = False, act = 'silu', isa = 'vec');  empty_5 = convert_element_type_37 = arg25_1 = arg26_1 = convert_element_type_52 = convert_element_type_53 = None
        getitem_43: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(getitem_43, 'tp:0');  getitem_43 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:440 in forward, code: hidden_states = hidden_states + residual
        add_641: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_4, add_529);  all_reduce_4 = add_529 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/phimoe.py:510 in forward, code: hidden_states = self.norm(hidden_states)
        convert_element_type_54: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_641, torch.float32);  add_641 = None
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_54, [1], correction = 0, keepdim = True)
        getitem_44: "f32[s72, 1][1, 1]" = var_mean_4[0]
        getitem_45: "f32[s72, 1][1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_212: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_54, getitem_45);  convert_element_type_54 = getitem_45 = None
        add_645: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_44, 1e-05);  getitem_44 = None
        rsqrt_4: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_645);  add_645 = None
        mul_413: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_212, rsqrt_4);  sub_212 = rsqrt_4 = None
        mul_414: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_413, arg27_1);  mul_413 = arg27_1 = None
        add_646: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_414, arg28_1);  mul_414 = arg28_1 = None
        convert_element_type_55: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_646, torch.bfloat16);  add_646 = None
        return (convert_element_type_55,)
