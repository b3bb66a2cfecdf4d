class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s44][1]", arg1_1: "Sym(s44)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256][1]", arg5_1: "bf16[384, 256][256, 1]", arg6_1: "bf16[384][1]", arg7_1: "i64[s44][1]", arg8_1: "bf16[256, 16][16, 1]", arg9_1: "Sym(s44)", arg10_1, arg11_1: "bf16[256, 128][128, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[512, 256][256, 1]", arg15_1: "bf16[512][1]", arg16_1: "bf16[256, 512][512, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256][1]", arg19_1: "bf16[384, 256][256, 1]", arg20_1: "bf16[384][1]", arg21_1, arg22_1: "bf16[256, 128][128, 1]", arg23_1: "bf16[256][1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[512, 256][256, 1]", arg26_1: "bf16[512][1]", arg27_1: "bf16[256, 512][512, 1]", arg28_1: "bf16[256][1]", arg29_1: "bf16[256][1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[s44][1]" = torch.ops.aten.ge.Scalar(arg0_1, 512)
        lt: "b8[s44][1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and: "b8[s44][1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[s44][1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[s44][1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        bitwise_and_1: "b8[s44][1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        bitwise_or: "b8[s44][1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        bitwise_not: "b8[s44][1]" = torch.ops.aten.bitwise_not.default(bitwise_or)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[s44, 1][1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        full_default: "bf16[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul: "i64[s44][1]" = torch.ops.aten.mul.Tensor(bitwise_and, 512);  bitwise_and = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:196 in get_masked_input_and_mask, code: added_offset * added_vocab_mask
        mul_2: "i64[s44][1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512);  bitwise_and_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        add_16: "i64[s44][1]" = torch.ops.aten.add.Tensor(mul, mul_2);  mul = mul_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub_10: "i64[s44][1]" = torch.ops.aten.sub.Tensor(arg0_1, add_16);  arg0_1 = add_16 = None
        mul_6: "i64[s44][1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub_10);  bitwise_or = sub_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        embedding: "bf16[s44, 256][256, 1]" = torch.ops.aten.embedding.default(arg2_1, mul_6);  arg2_1 = mul_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        where: "bf16[s44, 256][256, 1]" = torch.ops.aten.where.self(unsqueeze, full_default, embedding);  unsqueeze = full_default = embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(where, 'tp:0');  where = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:175 in forward, code: attn_input = self.input_layernorm(hidden_states)
        convert_element_type: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)
        var_mean = torch.ops.aten.var_mean.correction(convert_element_type, [1], correction = 0, keepdim = True)
        getitem: "f32[s44, 1][1, 1]" = var_mean[0]
        getitem_1: "f32[s44, 1][1, 1]" = var_mean[1];  var_mean = None
        sub_20: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type, getitem_1);  convert_element_type = getitem_1 = None
        add_45: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_45);  add_45 = None
        mul_20: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_20, rsqrt);  sub_20 = rsqrt = None
        mul_21: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_20, arg3_1);  mul_20 = arg3_1 = None
        add_46: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_21, arg4_1);  mul_21 = arg4_1 = None
        convert_element_type_1: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_46, torch.bfloat16);  add_46 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        addmm: "bf16[s44, 384][384, 1]" = torch.ops.aten.addmm.default(arg6_1, convert_element_type_1, permute);  arg6_1 = convert_element_type_1 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:113 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split = torch.ops.aten.split.Tensor(addmm, 128, -1);  addmm = None
        getitem_2: "bf16[s44, 128][384, 1]" = split[0]
        getitem_3: "bf16[s44, 128][384, 1]" = split[1]
        getitem_4: "bf16[s44, 128][384, 1]" = split[2];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s44, 16][16, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index, 8, -1);  index = None
        getitem_5: "bf16[s44, 8][16, 1]" = split_1[0]
        getitem_6: "bf16[s44, 8][16, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [arg9_1, -1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_1: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(slice_1, 8, -1);  slice_1 = None
        getitem_7: "bf16[s44, 2, 8][384, 64, 1]" = split_2[0]
        getitem_8: "bf16[s44, 2, 8][384, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_2: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [arg9_1, -1, 64]);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_3: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_2, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(slice_3, 8, -1);  slice_3 = None
        getitem_9: "bf16[s44, 2, 8][384, 64, 1]" = split_3[0]
        getitem_10: "bf16[s44, 2, 8][384, 64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_54: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_57: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_2)
        sub_40: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_54, mul_57);  mul_54 = mul_57 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_62: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_1);  getitem_8 = unsqueeze_1 = None
        mul_65: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_2);  getitem_7 = unsqueeze_2 = None
        add_125: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_62, mul_65);  mul_62 = mul_65 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.cat.default([sub_40, add_125], -1);  sub_40 = add_125 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_2: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 16, 9223372036854775807);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_1: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat, slice_2], -1);  cat = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s44, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg9_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_94: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_97: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_4)
        sub_57: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_94, mul_97);  mul_94 = mul_97 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_102: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_3);  getitem_10 = unsqueeze_3 = None
        mul_105: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_4);  getitem_9 = unsqueeze_4 = None
        add_189: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_102, mul_105);  mul_102 = mul_105 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.cat.default([sub_57, add_189], -1);  sub_57 = add_189 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_4: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_2, 2, 16, 9223372036854775807);  view_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_3: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat_2, slice_4], -1);  cat_2 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 2, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_7, arg10_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_1, key = cat_3, value = view_7, output = view_5, layer_name = arg10_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat_1 = cat_3 = view_7 = view_5 = arg10_1 = unified_kv_cache_update = None
        getitem_12: "bf16[s44, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:184 in forward, code: mlp_input = self.post_attention_layernorm(hidden_states)
        convert_element_type_9: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_9, [1], correction = 0, keepdim = True)
        getitem_14: "f32[s44, 1][1, 1]" = var_mean_1[0]
        getitem_15: "f32[s44, 1][1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_73: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_9, getitem_15);  convert_element_type_9 = getitem_15 = None
        add_233: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_14, 1e-05);  getitem_14 = None
        rsqrt_1: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_233);  add_233 = None
        mul_138: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_73, rsqrt_1);  sub_73 = rsqrt_1 = None
        mul_139: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_138, arg12_1);  mul_138 = arg12_1 = None
        add_234: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_139, arg13_1);  mul_139 = arg13_1 = None
        convert_element_type_10: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_234, torch.bfloat16);  add_234 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        addmm_1: "bf16[s44, 512][512, 1]" = torch.ops.aten.addmm.default(arg15_1, convert_element_type_10, permute_2);  arg15_1 = convert_element_type_10 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_16: "f32[s44, 512][512, 1]" = torch.ops.prims.convert_element_type.default(addmm_1, torch.float32);  addmm_1 = None
        mul_146: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_16, 0.5)
        mul_147: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_16, 0.7071067811865476);  convert_element_type_16 = None
        erf: "f32[s44, 512][512, 1]" = torch.ops.aten.erf.default(mul_147);  mul_147 = None
        add_247: "f32[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_148: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_146, add_247);  mul_146 = add_247 = None
        convert_element_type_17: "bf16[s44, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_148, torch.bfloat16);  mul_148 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_1: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_17, permute_3);  convert_element_type_17 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_8: "bf16[s44, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg9_1, 128]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm, 'tp:0');  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:186 in forward, code: hidden_states = mlp_output + attn_output + hidden_states
        add_257: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_2, all_reduce_1);  all_reduce_2 = all_reduce_1 = None
        add_261: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(add_257, all_reduce);  add_257 = all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:175 in forward, code: attn_input = self.input_layernorm(hidden_states)
        convert_element_type_20: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_261, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_20, [1], correction = 0, keepdim = True)
        getitem_16: "f32[s44, 1][1, 1]" = var_mean_2[0]
        getitem_17: "f32[s44, 1][1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_83: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_20, getitem_17);  convert_element_type_20 = getitem_17 = None
        add_265: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_16, 1e-05);  getitem_16 = None
        rsqrt_2: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_265);  add_265 = None
        mul_161: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_83, rsqrt_2);  sub_83 = rsqrt_2 = None
        mul_162: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_161, arg17_1);  mul_161 = arg17_1 = None
        add_266: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_162, arg18_1);  mul_162 = arg18_1 = None
        convert_element_type_21: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_266, torch.bfloat16);  add_266 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None
        addmm_2: "bf16[s44, 384][384, 1]" = torch.ops.aten.addmm.default(arg20_1, convert_element_type_21, permute_4);  arg20_1 = convert_element_type_21 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:113 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(addmm_2, 128, -1);  addmm_2 = None
        getitem_18: "bf16[s44, 128][384, 1]" = split_4[0]
        getitem_19: "bf16[s44, 128][384, 1]" = split_4[1]
        getitem_20: "bf16[s44, 128][384, 1]" = split_4[2];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s44, 16][16, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1]);  arg8_1 = arg7_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(index_1, 8, -1);  index_1 = None
        getitem_21: "bf16[s44, 8][16, 1]" = split_5[0]
        getitem_22: "bf16[s44, 8][16, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_13: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [arg9_1, -1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_5: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_13, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_6 = torch.ops.aten.split.Tensor(slice_5, 8, -1);  slice_5 = None
        getitem_23: "bf16[s44, 2, 8][384, 64, 1]" = split_6[0]
        getitem_24: "bf16[s44, 2, 8][384, 64, 1]" = split_6[1];  split_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_15: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_19, [arg9_1, -1, 64]);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_7: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_7 = torch.ops.aten.split.Tensor(slice_7, 8, -1);  slice_7 = None
        getitem_25: "bf16[s44, 2, 8][384, 64, 1]" = split_7[0]
        getitem_26: "bf16[s44, 2, 8][384, 64, 1]" = split_7[1];  split_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_197: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_200: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_6)
        sub_103: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_197, mul_200);  mul_197 = mul_200 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_205: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_5);  getitem_24 = unsqueeze_5 = None
        mul_208: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_6);  getitem_23 = unsqueeze_6 = None
        add_345: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_205, mul_208);  mul_205 = mul_208 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_4: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.cat.default([sub_103, add_345], -1);  sub_103 = add_345 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_6: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_13, 2, 16, 9223372036854775807);  view_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_5: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat_4, slice_6], -1);  cat_4 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s44, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg9_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2);  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_237: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2);  getitem_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_240: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_8)
        sub_120: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_237, mul_240);  mul_237 = mul_240 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_245: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_7);  getitem_26 = unsqueeze_7 = None
        mul_248: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_8);  getitem_25 = unsqueeze_8 = None
        add_409: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_245, mul_248);  mul_245 = mul_248 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_6: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.cat.default([sub_120, add_409], -1);  sub_120 = add_409 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_8: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 16, 9223372036854775807);  view_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_7: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat_6, slice_8], -1);  cat_6 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_20, [-1, 2, 64]);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_7, view_20, arg21_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_5, key = cat_7, value = view_20, output = view_18, layer_name = arg21_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_5 = cat_7 = view_20 = view_18 = arg21_1 = unified_kv_cache_update_1 = None
        getitem_28: "bf16[s44, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:184 in forward, code: mlp_input = self.post_attention_layernorm(hidden_states)
        convert_element_type_29: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_261, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_29, [1], correction = 0, keepdim = True)
        getitem_30: "f32[s44, 1][1, 1]" = var_mean_3[0]
        getitem_31: "f32[s44, 1][1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_136: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_29, getitem_31);  convert_element_type_29 = getitem_31 = None
        add_453: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_30, 1e-05);  getitem_30 = None
        rsqrt_3: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_453);  add_453 = None
        mul_281: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_136, rsqrt_3);  sub_136 = rsqrt_3 = None
        mul_282: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_281, arg23_1);  mul_281 = arg23_1 = None
        add_454: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_282, arg24_1);  mul_282 = arg24_1 = None
        convert_element_type_30: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_454, torch.bfloat16);  add_454 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        addmm_3: "bf16[s44, 512][512, 1]" = torch.ops.aten.addmm.default(arg26_1, convert_element_type_30, permute_6);  arg26_1 = convert_element_type_30 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_36: "f32[s44, 512][512, 1]" = torch.ops.prims.convert_element_type.default(addmm_3, torch.float32);  addmm_3 = None
        mul_289: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_36, 0.5)
        mul_290: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_36, 0.7071067811865476);  convert_element_type_36 = None
        erf_1: "f32[s44, 512][512, 1]" = torch.ops.aten.erf.default(mul_290);  mul_290 = None
        add_467: "f32[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_291: "f32[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_289, add_467);  mul_289 = add_467 = None
        convert_element_type_37: "bf16[s44, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_291, torch.bfloat16);  mul_291 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_3: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_37, permute_7);  convert_element_type_37 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_21: "bf16[s44, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_28, [arg9_1, 128]);  getitem_28 = arg9_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None
        mm_2: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(view_21, permute_5);  view_21 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:186 in forward, code: hidden_states = mlp_output + attn_output + hidden_states
        add_477: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_4, all_reduce_3);  all_reduce_4 = all_reduce_3 = None
        add_481: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(add_477, add_261);  add_477 = add_261 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_neox.py:253 in forward, code: hidden_states = self.final_layer_norm(hidden_states)
        convert_element_type_40: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_481, torch.float32);  add_481 = None
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_40, [1], correction = 0, keepdim = True)
        getitem_32: "f32[s44, 1][1, 1]" = var_mean_4[0]
        getitem_33: "f32[s44, 1][1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_146: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_40, getitem_33);  convert_element_type_40 = getitem_33 = None
        add_485: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_32, 1e-05);  getitem_32 = None
        rsqrt_4: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_485);  add_485 = None
        mul_304: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_146, rsqrt_4);  sub_146 = rsqrt_4 = None
        mul_305: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_304, arg28_1);  mul_304 = arg28_1 = None
        add_486: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_305, arg29_1);  mul_305 = arg29_1 = None
        convert_element_type_41: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_486, torch.bfloat16);  add_486 = None
        return (convert_element_type_41,)
