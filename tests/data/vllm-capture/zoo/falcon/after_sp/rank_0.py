class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256][1]", arg5_1: "bf16[256, 256][256, 1]", arg6_1: "i64[s72][1]", arg7_1: "bf16[256, 64][64, 1]", arg8_1, arg9_1: "bf16[256, 128][128, 1]", arg10_1: "bf16[512, 256][256, 1]", arg11_1: "bf16[256, 512][512, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[256, 256][256, 1]", arg15_1, arg16_1: "bf16[256, 128][128, 1]", arg17_1: "bf16[512, 256][256, 1]", arg18_1: "bf16[256, 512][512, 1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:321 in forward, code: attention_layernorm_out = self.input_layernorm(hidden_states)
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
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_1, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:217 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem_2: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_3: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_4: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1])

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
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg8_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg8_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg8_1 = unified_kv_cache_update = None
        getitem_12: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(convert_element_type_1, permute_2);  convert_element_type_1 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_10: "f32[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mm_2, torch.float32);  mm_2 = None
        mul_133: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_10, 0.5)
        mul_134: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_10, 0.7071067811865476);  convert_element_type_10 = None
        erf: "f32[s72, 512][512, 1]" = torch.ops.aten.erf.default(mul_134);  mul_134 = None
        add_229: "f32[s72, 512][512, 1]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_135: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_133, add_229);  mul_133 = add_229 = None
        convert_element_type_11: "bf16[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_135, torch.bfloat16);  mul_135 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_11, permute_3);  convert_element_type_11 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, 128]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:354 in forward, code: mlp_output += attention_output
        addmm_default_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mm_3, view_8, permute_1);  mm_3 = view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default_1, 'tp:0');  addmm_default_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:361 in forward, code: output = mlp_output + residual
        add_249: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_1, all_reduce);  all_reduce_1 = all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:321 in forward, code: attention_layernorm_out = self.input_layernorm(hidden_states)
        convert_element_type_14: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_249, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_14, [1], correction = 0, keepdim = True)
        getitem_14: "f32[s72, 1][1, 1]" = var_mean_1[0]
        getitem_15: "f32[s72, 1][1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_80: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_14, getitem_15);  convert_element_type_14 = getitem_15 = None
        add_253: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_14, 1e-05);  getitem_14 = None
        rsqrt_1: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_253);  add_253 = None
        mul_152: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_80, rsqrt_1);  sub_80 = rsqrt_1 = None
        mul_153: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_152, arg12_1);  mul_152 = arg12_1 = None
        add_254: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_153, arg13_1);  mul_153 = arg13_1 = None
        convert_element_type_15: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_254, torch.bfloat16);  add_254 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_15, permute_4);  permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:217 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
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
        mul_187: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_190: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_6)
        sub_100: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_187, mul_190);  mul_187 = mul_190 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_195: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_5);  getitem_22 = unsqueeze_5 = None
        mul_198: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_6);  getitem_21 = unsqueeze_6 = None
        add_331: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_195, mul_198);  mul_195 = mul_198 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_100, add_331], -1);  sub_100 = add_331 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_19, -2);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_226: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_20, -2);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_229: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_8)
        sub_117: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_226, mul_229);  mul_226 = mul_229 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_234: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_7);  getitem_24 = unsqueeze_7 = None
        mul_237: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_8);  getitem_23 = unsqueeze_8 = None
        add_393: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_234, mul_237);  mul_234 = mul_237 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_117, add_393], -1);  sub_117 = add_393 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [-1, 1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_20, arg15_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_20, output = view_18, layer_name = arg15_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_20 = view_18 = arg15_1 = unified_kv_cache_update_1 = None
        getitem_26: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(convert_element_type_15, permute_6);  convert_element_type_15 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_24: "f32[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mm_6, torch.float32);  mm_6 = None
        mul_267: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_24, 0.5)
        mul_268: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_24, 0.7071067811865476);  convert_element_type_24 = None
        erf_1: "f32[s72, 512][512, 1]" = torch.ops.aten.erf.default(mul_268);  mul_268 = None
        add_437: "f32[s72, 512][512, 1]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_269: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_267, add_437);  mul_267 = add_437 = None
        convert_element_type_25: "bf16[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_269, torch.bfloat16);  mul_269 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_25, permute_7);  convert_element_type_25 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_21: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_26, [arg1_1, 128]);  getitem_26 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:354 in forward, code: mlp_output += attention_output
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mm_7, view_21, permute_5);  mm_7 = view_21 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default, 'tp:0');  addmm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:361 in forward, code: output = mlp_output + residual
        add_457: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_2, add_249);  all_reduce_2 = add_249 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon.py:422 in forward, code: hidden_states = self.ln_f(hidden_states)
        convert_element_type_28: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_457, torch.float32);  add_457 = None
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_28, [1], correction = 0, keepdim = True)
        getitem_28: "f32[s72, 1][1, 1]" = var_mean_2[0]
        getitem_29: "f32[s72, 1][1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_140: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_28, getitem_29);  convert_element_type_28 = getitem_29 = None
        add_461: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_28, 1e-05);  getitem_28 = None
        rsqrt_2: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_461);  add_461 = None
        mul_286: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_140, rsqrt_2);  sub_140 = rsqrt_2 = None
        mul_287: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_286, arg19_1);  mul_286 = arg19_1 = None
        add_462: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_287, arg20_1);  mul_287 = arg20_1 = None
        convert_element_type_29: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_462, torch.bfloat16);  add_462 = None
        return (convert_element_type_29,)
