class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[256][1]", arg10_1: "bf16[4, 256][256, 1]", arg11_1: "bf16[4, 128, 256][32768, 256, 1]", arg12_1: "bf16[4, 256, 64][16384, 64, 1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[256, 256][256, 1]", arg15_1, arg16_1: "bf16[256, 128][128, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[4, 256][256, 1]", arg19_1: "bf16[4, 128, 256][32768, 256, 1]", arg20_1: "bf16[4, 256, 64][16384, 64, 1]", arg21_1: "bf16[256][1]"):
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
        reduce_scatter_default_4: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(where, 0, 2, 'tp:0');  where = None

        # No stacktrace found for following nodes
        rms_norm_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(reduce_scatter_default_4, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default_4: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(rms_norm_default, 0, 2, 'tp:0');  rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(all_gather_default_4, permute);  all_gather_default_4 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:218 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
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
        mul_47: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_50: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_37: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_47, mul_50);  mul_47 = mul_50 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_55: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_58: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_115: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_55, mul_58);  mul_55 = mul_58 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_37, add_115], -1);  sub_37 = add_115 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_86: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_89: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_54: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_86, mul_89);  mul_86 = mul_89 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_94: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_97: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_177: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_94, mul_97);  mul_94 = mul_97 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_54, add_177], -1);  sub_54 = add_177 = None

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

        # No stacktrace found for following nodes
        reduce_scatter_default_3: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_1, 0, 2, 'tp:0');  mm_1 = None
        sym_size_int_7: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_3, 0)
        add_495: "Sym(2*((s72//2)))" = sym_size_int_7 + sym_size_int_7;  sym_size_int_7 = add_495 = None
        fused_add_rms_norm_default_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_3, reduce_scatter_default_4, arg9_1, 1e-05);  reduce_scatter_default_3 = reduce_scatter_default_4 = arg9_1 = None
        getitem_45: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_46: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_3[1];  fused_add_rms_norm_default_3 = None
        all_gather_default_3: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_45, 0, 2, 'tp:0');  getitem_45 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(all_gather_default_3, permute_2);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk = torch.ops.aten.topk.default(mm_2, 2, -1, True, False);  mm_2 = None
        getitem_14: "bf16[s72, 2][2, 1]" = topk[0]
        getitem_15: "i64[s72, 2][2, 1]" = topk[1];  topk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
        convert_element_type_6: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_14, torch.float32);  getitem_14 = None
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_6, [-1], True)
        sub_76: "f32[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_6, amax);  convert_element_type_6 = amax = None
        exp: "f32[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_76);  sub_76 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp, [-1], True)
        div: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(exp, sum_1);  exp = sum_1 = None
        convert_element_type_7: "bf16[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_8: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(convert_element_type_7, torch.float32);  convert_element_type_7 = None
        convert_element_type_9: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_15, torch.int32);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_1, input = all_gather_default_3, w13 = arg11_1, w2 = arg12_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_8, topk_id = convert_element_type_9, skip_weighted = False, act = 'silu', isa = 'vec');  empty_1 = all_gather_default_3 = arg11_1 = arg12_1 = convert_element_type_8 = convert_element_type_9 = None
        getitem_17: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_2: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(getitem_17, 0, 2, 'tp:0');  getitem_17 = None
        sym_size_int_6: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_2, 0)
        add_494: "Sym(2*((s72//2)))" = sym_size_int_6 + sym_size_int_6;  sym_size_int_6 = add_494 = None
        fused_add_rms_norm_default_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_2, getitem_46, arg13_1, 1e-05);  reduce_scatter_default_2 = getitem_46 = arg13_1 = None
        getitem_43: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_44: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_2[1];  fused_add_rms_norm_default_2 = None
        all_gather_default_2: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_43, 0, 2, 'tp:0');  getitem_43 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(all_gather_default_2, permute_3);  all_gather_default_2 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:218 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [128, 64, 64], -1);  mm_3 = None
        getitem_20: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_21: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_22: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1]);  arg6_1 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_23: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_24: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_20, [arg1_1, -1, 64]);  getitem_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_17, 32, -1);  view_17 = None
        getitem_25: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_26: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_19: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_21, [arg1_1, -1, 64]);  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(view_19, 32, -1);  view_19 = None
        getitem_27: "bf16[s72, 1, 32][256, 64, 1]" = split_5[0]
        getitem_28: "bf16[s72, 1, 32][256, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_23, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_193: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_24, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_196: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_6)
        sub_104: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_193, mul_196);  mul_193 = mul_196 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_201: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_5);  getitem_26 = unsqueeze_5 = None
        mul_204: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_6);  getitem_25 = unsqueeze_6 = None
        add_337: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_201, mul_204);  mul_201 = mul_204 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_104, add_337], -1);  sub_104 = add_337 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_4, [-1, 2, 64]);  empty_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_23, -2);  getitem_23 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_232: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_27, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_24, -2);  getitem_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_235: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_28, unsqueeze_8)
        sub_121: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_232, mul_235);  mul_232 = mul_235 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_240: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_28, unsqueeze_7);  getitem_28 = unsqueeze_7 = None
        mul_243: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_27, unsqueeze_8);  getitem_27 = unsqueeze_8 = None
        add_399: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_240, mul_243);  mul_240 = mul_243 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_121, add_399], -1);  sub_121 = add_399 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_22, [-1, 1, 64]);  getitem_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_24, arg15_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_24, output = view_22, layer_name = arg15_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_24 = view_22 = arg15_1 = unified_kv_cache_update_1 = None
        getitem_30: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_30, [arg1_1, 128]);  getitem_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_4);  view_25 = permute_4 = None

        # No stacktrace found for following nodes
        reduce_scatter_default_1: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(mm_4, 0, 2, 'tp:0');  mm_4 = None
        sym_size_int_5: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default_1, 0)
        add_493: "Sym(2*((s72//2)))" = sym_size_int_5 + sym_size_int_5;  sym_size_int_5 = add_493 = None
        fused_add_rms_norm_default_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default_1, getitem_44, arg17_1, 1e-05);  reduce_scatter_default_1 = getitem_44 = arg17_1 = None
        getitem_41: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[0]

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        getitem_42: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default_1[1];  fused_add_rms_norm_default_1 = None
        all_gather_default_1: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_41, 0, 2, 'tp:0');  getitem_41 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        mm_5: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(all_gather_default_1, permute_5);  permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk_1 = torch.ops.aten.topk.default(mm_5, 2, -1, True, False);  mm_5 = None
        getitem_34: "bf16[s72, 2][2, 1]" = topk_1[0]
        getitem_35: "i64[s72, 2][2, 1]" = topk_1[1];  topk_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
        convert_element_type_16: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_34, torch.float32);  getitem_34 = None
        amax_1: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_16, [-1], True)
        sub_143: "f32[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_16, amax_1);  convert_element_type_16 = amax_1 = None
        exp_1: "f32[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_143);  sub_143 = None
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True)
        div_1: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(exp_1, sum_2);  exp_1 = sum_2 = None
        convert_element_type_17: "bf16[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_18: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(convert_element_type_17, torch.float32);  convert_element_type_17 = None
        convert_element_type_19: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_35, torch.int32);  getitem_35 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_5, input = all_gather_default_1, w13 = arg19_1, w2 = arg20_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_18, topk_id = convert_element_type_19, skip_weighted = False, act = 'silu', isa = 'vec');  empty_5 = all_gather_default_1 = arg19_1 = arg20_1 = convert_element_type_18 = convert_element_type_19 = None
        getitem_37: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # No stacktrace found for following nodes
        reduce_scatter_default: "bf16[(s72//2), 256][256, 1]" = torch.ops.vllm.reduce_scatter.default(getitem_37, 0, 2, 'tp:0');  getitem_37 = None
        sym_size_int_4: "Sym((s72//2))" = torch.ops.aten.sym_size.int(reduce_scatter_default, 0)
        add_492: "Sym(2*((s72//2)))" = sym_size_int_4 + sym_size_int_4;  sym_size_int_4 = add_492 = None
        fused_add_rms_norm_default = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_default, getitem_42, arg21_1, 1e-05);  reduce_scatter_default = getitem_42 = arg21_1 = None
        getitem_40: "bf16[(s72//2), 256][256, 1]" = fused_add_rms_norm_default[0];  fused_add_rms_norm_default = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        all_gather_default: "bf16[2*((s72//2)), 256][256, 1]" = torch.ops.vllm.all_gather.default(getitem_40, 0, 2, 'tp:0');  getitem_40 = None
        return (all_gather_default,)
