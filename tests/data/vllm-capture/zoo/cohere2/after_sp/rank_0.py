class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[512, 256][256, 1]", arg10_1: "bf16[256, 256][256, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[256, 256][256, 1]", arg13_1, arg14_1: "bf16[256, 128][128, 1]", arg15_1: "bf16[512, 256][256, 1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1: "bf16[256][1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        convert_element_type_1: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg3_1, torch.float32);  arg3_1 = None

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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:95 in rms_norm_func, code: hidden_states = hidden_states.to(torch.float32)
        convert_element_type: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:97 in rms_norm_func, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
        pow_1: "f32[s72, 256][256, 1]" = torch.ops.aten.pow.Tensor_Scalar(convert_element_type, 2)
        mean: "f32[s72, 1][1, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:98 in rms_norm_func, code: hidden_states = hidden_states * torch.rsqrt(variance + variance_epsilon)
        add_54: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_54);  add_54 = None
        mul_25: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type, rsqrt);  convert_element_type = rsqrt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        mul_28: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_1, mul_25);  convert_element_type_1 = mul_25 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:101 in rms_norm_func, code: return hidden_states.to(input_dtype)
        convert_element_type_2: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_28, torch.bfloat16);  mul_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_2, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:280 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_2: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_60: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_2, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_3: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view, 2, 1, 9223372036854775807, 2);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_63: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_2)
        sub_44: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_60, mul_63);  mul_60 = mul_63 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_3: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_44, 3);  sub_44 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_68: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_1);  slice_3 = unsqueeze_1 = None
        mul_71: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_2, unsqueeze_2);  slice_2 = unsqueeze_2 = None
        add_137: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_68, mul_71);  mul_68 = mul_71 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_4: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_137, 3);  add_137 = None
        cat: "bf16[s72, 2, 32, 2][128, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_3, unsqueeze_4], -1);  unsqueeze_3 = unsqueeze_4 = None
        view_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(cat, [arg1_1, 2, 64]);  cat = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_7: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_3: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, -1, 64]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_5: "bf16[s72, 1, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_3, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_106: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_6: "bf16[s72, 1, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_3, 2, 1, 9223372036854775807, 2);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_109: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_6)
        sub_62: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_106, mul_109);  mul_106 = mul_109 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_7: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_62, 3);  sub_62 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_114: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_5);  slice_6 = unsqueeze_5 = None
        mul_117: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_6);  slice_5 = unsqueeze_6 = None
        add_204: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_114, mul_117);  mul_114 = mul_117 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_8: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_204, 3);  add_204 = None
        cat_1: "bf16[s72, 1, 32, 2][64, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_7, unsqueeze_8], -1);  unsqueeze_7 = unsqueeze_8 = None
        view_4: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(cat_1, [arg1_1, 1, 64]);  cat_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_9: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_4, view_9, arg7_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_1, key = view_4, value = view_9, output = view_7, layer_name = arg7_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view_1 = view_4 = view_9 = view_7 = arg7_1 = unified_kv_cache_update = None
        getitem_6: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        convert_element_type_14: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg11_1, torch.float32);  arg11_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_10: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, 128]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_10, permute_1);  view_10 = permute_1 = None
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(convert_element_type_2, permute_2);  convert_element_type_2 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_7: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_9: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_9)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_256: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_9, add_256);  convert_element_type_9 = add_256 = None
        convert_element_type_10: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_159: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_10, slice_8);  convert_element_type_10 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:325 in forward, code: parallel_block_output = hidden_states_attention + hidden_states_mlp
        addmm_default_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mm_1, mul_159, permute_3);  mm_1 = mul_159 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default_1, 'tp:0');  addmm_default_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:332 in forward, code: hidden_states = residual + parallel_block_output
        add_276: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce, all_reduce_1);  all_reduce = all_reduce_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:95 in rms_norm_func, code: hidden_states = hidden_states.to(torch.float32)
        convert_element_type_13: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_276, torch.float32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:97 in rms_norm_func, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
        pow_2: "f32[s72, 256][256, 1]" = torch.ops.aten.pow.Tensor_Scalar(convert_element_type_13, 2)
        mean_1: "f32[s72, 1][1, 1]" = torch.ops.aten.mean.dim(pow_2, [-1], True);  pow_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:98 in rms_norm_func, code: hidden_states = hidden_states * torch.rsqrt(variance + variance_epsilon)
        add_289: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-06);  mean_1 = None
        rsqrt_1: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_289);  add_289 = None
        mul_177: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_13, rsqrt_1);  convert_element_type_13 = rsqrt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        mul_180: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_14, mul_177);  convert_element_type_14 = mul_177 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:101 in rms_norm_func, code: return hidden_states.to(input_dtype)
        convert_element_type_15: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_180, torch.bfloat16);  mul_180 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_15, permute_4);  permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:280 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_8: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_9: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_10: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_15: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_8, [-1, 2, 64]);  getitem_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_16: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_17: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_9, [-1, 1, 64]);  getitem_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_18: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_10, [-1, 1, 64]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_17, view_18, arg13_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_15, key = view_17, value = view_18, output = view_16, layer_name = arg13_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_15 = view_17 = view_18 = view_16 = arg13_1 = unified_kv_cache_update_1 = None
        getitem_12: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        convert_element_type_27: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg17_1, torch.float32);  arg17_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_19: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, 128]);  getitem_12 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_19, permute_5);  view_19 = permute_5 = None
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(convert_element_type_15, permute_6);  convert_element_type_15 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_9: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 0, 256)
        convert_element_type_22: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_9, torch.float32);  slice_9 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_22)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_348: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_22, add_348);  convert_element_type_22 = add_348 = None
        convert_element_type_23: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_10: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_6, 1, 256, 9223372036854775807);  mm_6 = None
        mul_215: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_23, slice_10);  convert_element_type_23 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:325 in forward, code: parallel_block_output = hidden_states_attention + hidden_states_mlp
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(mm_5, mul_215, permute_7);  mm_5 = mul_215 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_default, 'tp:0');  addmm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:332 in forward, code: hidden_states = residual + parallel_block_output
        add_368: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_276, all_reduce_2);  add_276 = all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:95 in rms_norm_func, code: hidden_states = hidden_states.to(torch.float32)
        convert_element_type_26: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_368, torch.float32);  add_368 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:97 in rms_norm_func, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
        pow_3: "f32[s72, 256][256, 1]" = torch.ops.aten.pow.Tensor_Scalar(convert_element_type_26, 2)
        mean_2: "f32[s72, 1][1, 1]" = torch.ops.aten.mean.dim(pow_3, [-1], True);  pow_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:98 in rms_norm_func, code: hidden_states = hidden_states * torch.rsqrt(variance + variance_epsilon)
        add_381: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(mean_2, 1e-06);  mean_2 = None
        rsqrt_2: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_381);  add_381 = None
        mul_233: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_26, rsqrt_2);  convert_element_type_26 = rsqrt_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:100 in rms_norm_func, code: hidden_states = weight.to(torch.float32) * hidden_states
        mul_236: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_27, mul_233);  convert_element_type_27 = mul_233 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/commandr.py:101 in rms_norm_func, code: return hidden_states.to(input_dtype)
        convert_element_type_28: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_236, torch.bfloat16);  mul_236 = None
        return (convert_element_type_28,)
