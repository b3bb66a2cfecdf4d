class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s44][1]", arg1_1: "Sym(s44)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256][1]", arg5_1: "bf16[384, 256][256, 1]", arg6_1: "i64[s44][1]", arg7_1: "bf16[256, 16][16, 1]", arg8_1: "Sym(s44)", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[512, 256][256, 1]", arg12_1: "bf16[512][1]", arg13_1: "bf16[256, 512][512, 1]", arg14_1: "bf16[256][1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[384, 256][256, 1]", arg17_1, arg18_1: "bf16[256, 128][128, 1]", arg19_1: "bf16[512, 256][256, 1]", arg20_1: "bf16[512][1]", arg21_1: "bf16[256, 512][512, 1]", arg22_1: "bf16[256][1]", arg23_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:178 in forward, code: hidden_states = self.ln_1(hidden_states)
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
        mm: "bf16[s44, 384][384, 1]" = torch.ops.aten.mm.default(convert_element_type_1, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:118 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split = torch.ops.aten.split.Tensor(mm, 128, -1);  mm = None
        getitem_2: "bf16[s44, 128][384, 1]" = split[0]
        getitem_3: "bf16[s44, 128][384, 1]" = split[1]
        getitem_4: "bf16[s44, 128][384, 1]" = split[2];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s44, 16][16, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index, 8, -1);  index = None
        getitem_5: "bf16[s44, 8][16, 1]" = split_1[0]
        getitem_6: "bf16[s44, 8][16, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [arg8_1, -1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_1: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_3: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_54: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_4: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_1, 2, 1, 9223372036854775807, 2);  slice_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_57: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_2)
        sub_40: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_54, mul_57);  mul_54 = mul_57 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_3: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_40, 3);  sub_40 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_62: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_4, unsqueeze_1);  slice_4 = unsqueeze_1 = None
        mul_65: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_2);  slice_3 = unsqueeze_2 = None
        add_125: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_62, mul_65);  mul_62 = mul_65 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_4: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(add_125, 3);  add_125 = None
        cat: "bf16[s44, 2, 8, 2][32, 16, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_3, unsqueeze_4], -1);  unsqueeze_3 = unsqueeze_4 = None
        view_1: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.reshape.default(cat, [arg8_1, 2, 16]);  cat = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_2: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view, 2, 16, 9223372036854775807);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_1: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_1, slice_2], -1);  view_1 = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s44, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg8_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_7: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_3: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [arg8_1, -1, 64]);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_5: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_3, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_7: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_5, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_5, -2);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_101: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_8: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_5, 2, 1, 9223372036854775807, 2);  slice_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_6, -2);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_104: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_8, unsqueeze_6)
        sub_58: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_101, mul_104);  mul_101 = mul_104 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_7: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_58, 3);  sub_58 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_109: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_8, unsqueeze_5);  slice_8 = unsqueeze_5 = None
        mul_112: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_7, unsqueeze_6);  slice_7 = unsqueeze_6 = None
        add_194: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_109, mul_112);  mul_109 = mul_112 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_8: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(add_194, 3);  add_194 = None
        cat_2: "bf16[s44, 2, 8, 2][32, 16, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_7, unsqueeze_8], -1);  unsqueeze_7 = unsqueeze_8 = None
        view_4: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.reshape.default(cat_2, [arg8_1, 2, 16]);  cat_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_6: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_3, 2, 16, 9223372036854775807);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_3: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_4, slice_6], -1);  view_4 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_9: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 2, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_9, arg9_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_1, key = cat_3, value = view_9, output = view_7, layer_name = arg9_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat_1 = cat_3 = view_9 = view_7 = arg9_1 = unified_kv_cache_update = None
        getitem_8: "bf16[s44, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_10: "bf16[s44, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_8, [arg8_1, 128]);  getitem_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_1: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(view_10, permute_1);  view_10 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        addmm: "bf16[s44, 512][512, 1]" = torch.ops.aten.addmm.default(arg12_1, convert_element_type_1, permute_2);  arg12_1 = convert_element_type_1 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:571 in forward_native, code: return 0.5 * x * (1.0 + torch.tanh(c * (x + 0.044715 * torch.pow(x, 3.0))))
        mul_152: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(addmm, 0.5)
        pow_1: "bf16[s44, 512][512, 1]" = torch.ops.aten.pow.Tensor_Scalar(addmm, 3.0)
        mul_157: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(pow_1, 0.044715);  pow_1 = None
        add_255: "bf16[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(addmm, mul_157);  addmm = mul_157 = None
        mul_162: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(add_255, 0.7978845608028654);  add_255 = None
        tanh: "bf16[s44, 512][512, 1]" = torch.ops.aten.tanh.default(mul_162);  mul_162 = None
        add_265: "bf16[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(tanh, 1.0);  tanh = None
        mul_169: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_152, add_265);  mul_152 = add_265 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_2: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(mul_169, permute_3);  mul_169 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:184 in forward, code: hidden_states = attn_output + mlp_output + residual
        add_278: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_1, all_reduce_2);  all_reduce_1 = all_reduce_2 = None
        add_282: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(add_278, all_reduce);  add_278 = all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:178 in forward, code: hidden_states = self.ln_1(hidden_states)
        convert_element_type_13: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_282, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_13, [1], correction = 0, keepdim = True)
        getitem_10: "f32[s44, 1][1, 1]" = var_mean_1[0]
        getitem_11: "f32[s44, 1][1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_88: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_13, getitem_11);  convert_element_type_13 = getitem_11 = None
        add_286: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_10, 1e-05);  getitem_10 = None
        rsqrt_1: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_286);  add_286 = None
        mul_182: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_88, rsqrt_1);  sub_88 = rsqrt_1 = None
        mul_183: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_182, arg14_1);  mul_182 = arg14_1 = None
        add_287: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_183, arg15_1);  mul_183 = arg15_1 = None
        convert_element_type_14: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_287, torch.bfloat16);  add_287 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_3: "bf16[s44, 384][384, 1]" = torch.ops.aten.mm.default(convert_element_type_14, permute_4);  permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:118 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(mm_3, 128, -1);  mm_3 = None
        getitem_12: "bf16[s44, 128][384, 1]" = split_2[0]
        getitem_13: "bf16[s44, 128][384, 1]" = split_2[1]
        getitem_14: "bf16[s44, 128][384, 1]" = split_2[2];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s44, 16][16, 1]" = torch.ops.aten.index.Tensor(arg7_1, [arg6_1]);  arg7_1 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 8, -1);  index_1 = None
        getitem_15: "bf16[s44, 8][16, 1]" = split_3[0]
        getitem_16: "bf16[s44, 8][16, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_15: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg8_1, -1, 64]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_9: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_11: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_9, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_9: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_218: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_11, unsqueeze_9)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_12: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_9, 2, 1, 9223372036854775807, 2);  slice_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_10: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_221: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_12, unsqueeze_10)
        sub_108: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_218, mul_221);  mul_218 = mul_221 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_11: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_108, 3);  sub_108 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_226: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_12, unsqueeze_9);  slice_12 = unsqueeze_9 = None
        mul_229: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_11, unsqueeze_10);  slice_11 = unsqueeze_10 = None
        add_366: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_226, mul_229);  mul_226 = mul_229 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_12: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(add_366, 3);  add_366 = None
        cat_4: "bf16[s44, 2, 8, 2][32, 16, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_11, unsqueeze_12], -1);  unsqueeze_11 = unsqueeze_12 = None
        view_16: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.reshape.default(cat_4, [arg8_1, 2, 16]);  cat_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_10: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_15, 2, 16, 9223372036854775807);  view_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_5: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_16, slice_10], -1);  view_16 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s44, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg8_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_18: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg8_1, -1, 64]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_13: "bf16[s44, 2, 16][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_18, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_15: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_13, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_13: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_265: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_15, unsqueeze_13)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_16: "bf16[s44, 2, 8][384, 64, 2]" = torch.ops.aten.slice.Tensor(slice_13, 2, 1, 9223372036854775807, 2);  slice_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_14: "bf16[s44, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_268: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_16, unsqueeze_14)
        sub_126: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_265, mul_268);  mul_265 = mul_268 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_15: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_126, 3);  sub_126 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_273: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_16, unsqueeze_13);  slice_16 = unsqueeze_13 = None
        mul_276: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(slice_15, unsqueeze_14);  slice_15 = unsqueeze_14 = None
        add_435: "bf16[s44, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_273, mul_276);  mul_273 = mul_276 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_16: "bf16[s44, 2, 8, 1][16, 8, 1, 1]" = torch.ops.aten.unsqueeze.default(add_435, 3);  add_435 = None
        cat_6: "bf16[s44, 2, 8, 2][32, 16, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_15, unsqueeze_16], -1);  unsqueeze_15 = unsqueeze_16 = None
        view_19: "bf16[s44, 2, 16][32, 16, 1]" = torch.ops.aten.reshape.default(cat_6, [arg8_1, 2, 16]);  cat_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_14: "bf16[s44, 2, 48][384, 64, 1]" = torch.ops.aten.slice.Tensor(view_18, 2, 16, 9223372036854775807);  view_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_7: "bf16[s44, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([view_19, slice_14], -1);  view_19 = slice_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s44, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 2, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_7, view_24, arg17_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_5, key = cat_7, value = view_24, output = view_22, layer_name = arg17_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_5 = cat_7 = view_24 = view_22 = arg17_1 = unified_kv_cache_update_1 = None
        getitem_18: "bf16[s44, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_25: "bf16[s44, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_18, [arg8_1, 128]);  getitem_18 = arg8_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_4: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_5);  view_25 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None
        addmm_1: "bf16[s44, 512][512, 1]" = torch.ops.aten.addmm.default(arg20_1, convert_element_type_14, permute_6);  arg20_1 = convert_element_type_14 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:571 in forward_native, code: return 0.5 * x * (1.0 + torch.tanh(c * (x + 0.044715 * torch.pow(x, 3.0))))
        mul_316: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(addmm_1, 0.5)
        pow_2: "bf16[s44, 512][512, 1]" = torch.ops.aten.pow.Tensor_Scalar(addmm_1, 3.0)
        mul_321: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(pow_2, 0.044715);  pow_2 = None
        add_496: "bf16[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(addmm_1, mul_321);  addmm_1 = mul_321 = None
        mul_326: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(add_496, 0.7978845608028654);  add_496 = None
        tanh_1: "bf16[s44, 512][512, 1]" = torch.ops.aten.tanh.default(mul_326);  mul_326 = None
        add_506: "bf16[s44, 512][512, 1]" = torch.ops.aten.add.Tensor(tanh_1, 1.0);  tanh_1 = None
        mul_333: "bf16[s44, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_316, add_506);  mul_316 = add_506 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_5: "bf16[s44, 256][256, 1]" = torch.ops.aten.mm.default(mul_333, permute_7);  mul_333 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s44, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:184 in forward, code: hidden_states = attn_output + mlp_output + residual
        add_519: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_3, all_reduce_4);  all_reduce_3 = all_reduce_4 = None
        add_523: "bf16[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(add_519, add_282);  add_519 = add_282 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/gpt_j.py:236 in forward, code: hidden_states = self.ln_f(hidden_states)
        convert_element_type_26: "f32[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_523, torch.float32);  add_523 = None
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_26, [1], correction = 0, keepdim = True)
        getitem_20: "f32[s44, 1][1, 1]" = var_mean_2[0]
        getitem_21: "f32[s44, 1][1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_156: "f32[s44, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_26, getitem_21);  convert_element_type_26 = getitem_21 = None
        add_527: "f32[s44, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_20, 1e-05);  getitem_20 = None
        rsqrt_2: "f32[s44, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_527);  add_527 = None
        mul_346: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_156, rsqrt_2);  sub_156 = rsqrt_2 = None
        mul_347: "f32[s44, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_346, arg22_1);  mul_346 = arg22_1 = None
        add_528: "f32[s44, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_347, arg23_1);  mul_347 = arg23_1 = None
        convert_element_type_27: "bf16[s44, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_528, torch.bfloat16);  add_528 = None
        return (convert_element_type_27,)
