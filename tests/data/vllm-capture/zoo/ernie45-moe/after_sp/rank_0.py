class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[256][1]", arg10_1: "bf16[512, 256][256, 1]", arg11_1: "bf16[256, 256][256, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256, 256][256, 1]", arg14_1, arg15_1: "bf16[256, 128][128, 1]", arg16_1: "bf16[256][1]", arg17_1: "f32[4, 256][256, 1]", arg18_1: "bf16[128, 256][256, 1]", arg19_1: "bf16[256, 64][64, 1]", arg20_1: "bf16[4, 128, 256][32768, 256, 1]", arg21_1: "bf16[4, 256, 64][16384, 64, 1]", arg22_1: "bf16[256][1]"):
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
        reduce_scatter_default_4: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(where, 0, 2, 'tp:0');  where = None

        # No stacktrace found for following nodes
        rms_norm_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(reduce_scatter_default_4, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default_4: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(rms_norm_default, 0, 2, 'tp:0');  rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(all_gather_default_4, permute);  all_gather_default_4 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/ernie45_moe.py:295 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_2: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_47: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_2, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_3: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view, 2, 1, 9223372036854775807, 2);  view = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_50: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_2)
        sub_37: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_47, mul_50);  mul_47 = mul_50 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_3: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_37, 3);  sub_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_55: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_3, unsqueeze_1);  slice_3 = unsqueeze_1 = None
        mul_58: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_2, unsqueeze_2);  slice_2 = unsqueeze_2 = None
        add_115: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_55, mul_58);  mul_55 = mul_58 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_4: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_115, 3);  add_115 = None
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
        mul_93: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_6: "bf16[s72, 1, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_3, 2, 1, 9223372036854775807, 2);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_96: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_6)
        sub_55: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_93, mul_96);  mul_93 = mul_96 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_7: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_55, 3);  sub_55 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_101: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_6, unsqueeze_5);  slice_6 = unsqueeze_5 = None
        mul_104: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_5, unsqueeze_6);  slice_5 = unsqueeze_6 = None
        add_182: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_101, mul_104);  mul_101 = mul_104 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_8: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_182, 3);  add_182 = None
        cat_1: "bf16[s72, 1, 32, 2][64, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_7, unsqueeze_8], -1);  unsqueeze_7 = unsqueeze_8 = None
        view_4: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(cat_1, [arg1_1, 1, 64]);  cat_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_9: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_4, view_9, arg7_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_1, key = view_4, value = view_9, output = view_7, layer_name = arg7_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view_1 = view_4 = view_9 = view_7 = arg7_1 = unified_kv_cache_update = None
        getitem_6: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_10: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, 128]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_10, permute_1);  view_10 = permute_1 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_3: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_1, 0, 2, 'tp:0');  mm_1 = None
        sym_size_int_6: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_3, 0)
        mul_340: "Sym(0)" = 0 * sym_size_int_6
        add_523: "Sym((s72//2))" = mul_340 + sym_size_int_6;  mul_340 = sym_size_int_6 = add_523 = None
        fused_add_rms_norm_default_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_3, reduce_scatter_default_4, arg9_1, 1e-05);  reduce_scatter_default_3 = reduce_scatter_default_4 = arg9_1 = None
        getitem_33: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_34: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[1];  fused_add_rms_norm_default_3 = None
        all_gather_default_3: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_33, 0, 2, 'tp:0');  getitem_33 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(all_gather_default_3, permute_2);  all_gather_default_3 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_7: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 0, 256)
        convert_element_type_6: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_7, torch.float32);  slice_7 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_6)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_243: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_6, add_243);  convert_element_type_6 = add_243 = None
        convert_element_type_7: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_2, 1, 256, 9223372036854775807);  mm_2 = None
        mul_152: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_7, slice_8);  convert_element_type_7 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_152, permute_3);  mul_152 = permute_3 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_2: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_3, 0, 2, 'tp:0');  mm_3 = None
        sym_size_int_5: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_2, 0)
        mul_339: "Sym(0)" = 0 * sym_size_int_5
        add_522: "Sym((s72//2))" = mul_339 + sym_size_int_5;  mul_339 = sym_size_int_5 = add_522 = None
        fused_add_rms_norm_default_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_2, getitem_34, arg12_1, 1e-05);  reduce_scatter_default_2 = getitem_34 = arg12_1 = None
        getitem_31: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_32: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[1];  fused_add_rms_norm_default_2 = None
        all_gather_default_2: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_31, 0, 2, 'tp:0');  getitem_31 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(all_gather_default_2, permute_4);  all_gather_default_2 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/ernie45_moe.py:295 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_4, [128, 64, 64], -1);  mm_4 = None
        getitem_12: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1]);  arg6_1 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_15: "bf16[s72, 32][64, 1]" = split_1[0]
        getitem_16: "bf16[s72, 32][64, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_15: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [arg1_1, -1, 64]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_10: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_15, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_9: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_192: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_10, unsqueeze_9)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_11: "bf16[s72, 2, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_15, 2, 1, 9223372036854775807, 2);  view_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_10: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_195: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_11, unsqueeze_10)
        sub_99: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_192, mul_195);  mul_192 = mul_195 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_11: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_99, 3);  sub_99 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_200: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_11, unsqueeze_9);  slice_11 = unsqueeze_9 = None
        mul_203: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(slice_10, unsqueeze_10);  slice_10 = unsqueeze_10 = None
        add_332: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_200, mul_203);  mul_200 = mul_203 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_12: "bf16[s72, 2, 32, 1][64, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_332, 3);  add_332 = None
        cat_2: "bf16[s72, 2, 32, 2][128, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_11, unsqueeze_12], -1);  unsqueeze_11 = unsqueeze_12 = None
        view_16: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(cat_2, [arg1_1, 2, 64]);  cat_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_18: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [arg1_1, -1, 64]);  getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:160 in forward_static, code: x1 = x[..., ::2]
        slice_13: "bf16[s72, 1, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_18, 2, 0, 9223372036854775807, 2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_13: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_15, -2);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_238: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_13, unsqueeze_13)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:161 in forward_static, code: x2 = x[..., 1::2]
        slice_14: "bf16[s72, 1, 32][256, 64, 2]" = torch.ops.aten.slice.Tensor(view_18, 2, 1, 9223372036854775807, 2);  view_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_14: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_16, -2);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_241: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_14)
        sub_117: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_238, mul_241);  mul_238 = mul_241 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_15: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(sub_117, 3);  sub_117 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_246: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_14, unsqueeze_13);  slice_14 = unsqueeze_13 = None
        mul_249: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(slice_13, unsqueeze_14);  slice_13 = unsqueeze_14 = None
        add_399: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_246, mul_249);  mul_246 = mul_249 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:169 in forward_static, code: output = torch.stack((o1, o2), dim=-1).flatten(-2)
        unsqueeze_16: "bf16[s72, 1, 32, 1][32, 32, 1, 1]" = torch.ops.aten.unsqueeze.default(add_399, 3);  add_399 = None
        cat_3: "bf16[s72, 1, 32, 2][64, 64, 2, 1]" = torch.ops.aten.cat.default([unsqueeze_15, unsqueeze_16], -1);  unsqueeze_15 = unsqueeze_16 = None
        view_19: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(cat_3, [arg1_1, 1, 64]);  cat_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_19, view_24, arg14_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_16, key = view_19, value = view_24, output = view_22, layer_name = arg14_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_16 = view_19 = view_24 = view_22 = arg14_1 = unified_kv_cache_update_1 = None
        getitem_18: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_18, [arg1_1, 128]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_5);  view_25 = permute_5 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_1: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_5, 0, 2, 'tp:0');  mm_5 = None
        sym_size_int_4: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_1, 0)
        mul_338: "Sym(0)" = 0 * sym_size_int_4
        add_521: "Sym((s72//2))" = mul_338 + sym_size_int_4;  mul_338 = sym_size_int_4 = add_521 = None
        fused_add_rms_norm_default_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_1, getitem_32, arg16_1, 1e-05);  reduce_scatter_default_1 = getitem_32 = arg16_1 = None
        getitem_29: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_30: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[1];  fused_add_rms_norm_default_1 = None
        all_gather_default_1: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_29, 0, 2, 'tp:0');  getitem_29 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/gate_linear.py:240 in forward, code: x = x.to(self.weight.dtype)
        convert_element_type_14: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_gather_default_1, torch.float32)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "f32[256, 4][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_6: "f32[s72, 4][4, 1]" = torch.ops.aten.mm.default(convert_element_type_14, permute_6);  convert_element_type_14 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk = torch.ops.aten.topk.default(mm_6, 2, -1, True, False);  mm_6 = None
        getitem_22: "f32[s72, 2][2, 1]" = topk[0]
        getitem_23: "i64[s72, 2][2, 1]" = topk[1];  topk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(getitem_22, [-1], True)
        sub_147: "f32[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(getitem_22, amax);  getitem_22 = amax = None
        exp_2: "f32[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_147);  sub_147 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_2: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_21: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_23, torch.int32);  getitem_23 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_2, input = all_gather_default_1, w13 = arg20_1, w2 = arg21_1, w13_bias = None, w2_bias = None, topk_weights = div_2, topk_id = convert_element_type_21, skip_weighted = False, act = 'silu', isa = 'vec');  empty_2 = arg20_1 = arg21_1 = div_2 = convert_element_type_21 = None
        getitem_25: "bf16[s72, 256][256, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_7: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(all_gather_default_1, permute_7);  all_gather_default_1 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_15: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_7, 1, 0, 64)
        convert_element_type_17: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_15, torch.float32);  slice_15 = None
        neg_1: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_17)
        exp_1: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_469: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_17, add_469);  convert_element_type_17 = add_469 = None
        convert_element_type_18: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_16: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_7, 1, 64, 9223372036854775807);  mm_7 = None
        mul_303: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_18, slice_16);  convert_element_type_18 = slice_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        addmm_default: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(getitem_25, mul_303, permute_8);  getitem_25 = mul_303 = permute_8 = None

        # No stacktrace found for following nodes
        reduce_scatter_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(addmm_default, 0, 2, 'tp:0');  addmm_default = None
        sym_size_int_3: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default, 0)
        mul_337: "Sym(0)" = 0 * sym_size_int_3
        add_520: "Sym((s72//2))" = mul_337 + sym_size_int_3;  mul_337 = sym_size_int_3 = add_520 = None
        fused_add_rms_norm_default = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default, getitem_30, arg22_1, 1e-05);  reduce_scatter_default = getitem_30 = arg22_1 = None
        getitem_28: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default[0];  fused_add_rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_28, 0, 2, 'tp:0');  getitem_28 = None
        return (all_gather_default,)
