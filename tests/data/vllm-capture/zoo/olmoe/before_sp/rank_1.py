class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[384, 256][256, 1]", arg5_1: "bf16[256][1]", arg6_1: "bf16[256][1]", arg7_1: "i64[s72][1]", arg8_1: "bf16[256, 64][64, 1]", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[4, 256][256, 1]", arg13_1: "bf16[4, 128, 256][32768, 256, 1]", arg14_1: "bf16[4, 256, 64][16384, 64, 1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[384, 256][256, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256][1]", arg19_1, arg20_1: "bf16[256, 128][128, 1]", arg21_1: "bf16[256][1]", arg22_1: "bf16[4, 256][256, 1]", arg23_1: "bf16[4, 128, 256][32768, 256, 1]", arg24_1: "bf16[4, 256, 64][16384, 64, 1]", arg25_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  rms_norm = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:210 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 128, 128], -1);  mm = None
        getitem: "bf16[s72, 128][384, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 128][384, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 128][384, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:194 in _apply_qk_norm, code: q = tensor_model_parallel_all_gather(q.contiguous())
        clone: "bf16[s72, 128][128, 1]" = torch.ops.aten.clone.default(getitem, memory_format = torch.contiguous_format);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:760 in all_gather, code: return torch.ops.vllm.all_gather(
        all_gather: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_gather.default(clone, -1, 2, 'tp:0');  clone = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_gather, arg5_1, 1e-05);  all_gather = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/utils.py:120 in split_tensor_along_last_dim, code: tensor_list = torch.split(tensor, last_dim_size, dim=last_dim)
        split = torch.ops.aten.split.Tensor(rms_norm_1, 128, 1);  rms_norm_1 = None
        getitem_4: "bf16[s72, 128][256, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:195 in _apply_qk_norm, code: k = tensor_model_parallel_all_gather(k.contiguous())
        clone_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.clone.default(getitem_1, memory_format = torch.contiguous_format);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:760 in all_gather, code: return torch.ops.vllm.all_gather(
        all_gather_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_gather.default(clone_1, -1, 2, 'tp:0');  clone_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_gather_1, arg6_1, 1e-05);  all_gather_1 = arg6_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/utils.py:120 in split_tensor_along_last_dim, code: tensor_list = torch.split(tensor, last_dim_size, dim=last_dim)
        split_1 = torch.ops.aten.split.Tensor(rms_norm_2, 128, 1);  rms_norm_2 = None
        getitem_6: "bf16[s72, 128][256, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1])

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(index, 32, -1);  index = None
        getitem_7: "bf16[s72, 32][64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 32][64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [arg1_1, -1, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(view, 32, -1);  view = None
        getitem_9: "bf16[s72, 2, 32][256, 64, 1]" = split_3[0]
        getitem_10: "bf16[s72, 2, 32][256, 64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_2: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, -1, 64]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_2, 32, -1);  view_2 = None
        getitem_11: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_12: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_7, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_71: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_8, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_74: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_2)
        sub_47: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_71, mul_74);  mul_71 = mul_74 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_79: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_10, unsqueeze_1);  getitem_10 = unsqueeze_1 = None
        mul_82: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_9, unsqueeze_2);  getitem_9 = unsqueeze_2 = None
        add_145: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_79, mul_82);  mul_79 = mul_82 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_47, add_145], -1);  sub_47 = add_145 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_7, -2);  getitem_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_110: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_11, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_8, -2);  getitem_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_113: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_12, unsqueeze_4)
        sub_64: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_110, mul_113);  mul_110 = mul_113 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_118: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_12, unsqueeze_3);  getitem_12 = unsqueeze_3 = None
        mul_121: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_11, unsqueeze_4);  getitem_11 = unsqueeze_4 = None
        add_207: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_118, mul_121);  mul_118 = mul_121 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_64, add_207], -1);  sub_64 = add_207 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 2, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg9_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg9_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg9_1 = unified_kv_cache_update = None
        getitem_14: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_14, [arg1_1, 128]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, all_reduce, arg11_1, 1e-05);  all_reduce_1 = all_reduce = arg11_1 = None
        getitem_16: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_17: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_2: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_16, permute_2);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk = torch.ops.aten.topk.default(mm_2, 2, -1, True, False)
        getitem_18: "bf16[s72, 2][2, 1]" = topk[0]
        getitem_19: "i64[s72, 2][2, 1]" = topk[1];  topk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:147 in _softmax_topk, code: logZ = torch.logsumexp(router_logits, dim=-1, keepdim=True)
        convert_element_type_6: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(mm_2, torch.float32);  mm_2 = None
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_6, [-1], True)
        abs_1: "f32[s72, 1][1, 1]" = torch.ops.aten.abs.default(amax)
        eq_109: "b8[s72, 1][1, 1]" = torch.ops.aten.eq.Scalar(abs_1, inf);  abs_1 = None
        full_default_1: "f32[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "f32[s72, 1][1, 1]" = torch.ops.aten.where.self(eq_109, full_default_1, amax);  eq_109 = full_default_1 = amax = None
        sub_86: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_6, where_1);  convert_element_type_6 = None
        exp: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_86);  sub_86 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp, [-1], True);  exp = None
        log: "f32[s72, 1][1, 1]" = torch.ops.aten.log.default(sum_1);  sum_1 = None
        add_269: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(log, where_1);  log = where_1 = None
        convert_element_type_7: "bf16[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(add_269, torch.bfloat16);  add_269 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:148 in _softmax_topk, code: topk_vals = (topk_logit_vals - logZ).exp()
        sub_88: "bf16[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(getitem_18, convert_element_type_7);  getitem_18 = convert_element_type_7 = None
        exp_1: "bf16[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_88);  sub_88 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_8: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(exp_1, torch.float32);  exp_1 = None
        convert_element_type_9: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_19, torch.int32);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_1, input = getitem_16, w13 = arg13_1, w2 = arg14_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_8, topk_id = convert_element_type_9, skip_weighted = False, act = 'silu', isa = 'vec');  empty_1 = getitem_16 = arg13_1 = arg14_1 = convert_element_type_8 = convert_element_type_9 = None
        getitem_21: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(getitem_21, 'tp:0');  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_17, arg15_1, 1e-05);  all_reduce_2 = getitem_17 = arg15_1 = None
        getitem_22: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_23: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        mm_3: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(getitem_22, permute_3);  getitem_22 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:210 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [128, 128, 128], -1);  mm_3 = None
        getitem_24: "bf16[s72, 128][384, 1]" = split_with_sizes_1[0]
        getitem_25: "bf16[s72, 128][384, 1]" = split_with_sizes_1[1]
        getitem_26: "bf16[s72, 128][384, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:194 in _apply_qk_norm, code: q = tensor_model_parallel_all_gather(q.contiguous())
        clone_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.clone.default(getitem_24, memory_format = torch.contiguous_format);  getitem_24 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:760 in all_gather, code: return torch.ops.vllm.all_gather(
        all_gather_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_gather.default(clone_4, -1, 2, 'tp:0');  clone_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_gather_2, arg17_1, 1e-05);  all_gather_2 = arg17_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/utils.py:120 in split_tensor_along_last_dim, code: tensor_list = torch.split(tensor, last_dim_size, dim=last_dim)
        split_5 = torch.ops.aten.split.Tensor(rms_norm_3, 128, 1);  rms_norm_3 = None
        getitem_28: "bf16[s72, 128][256, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/olmoe.py:195 in _apply_qk_norm, code: k = tensor_model_parallel_all_gather(k.contiguous())
        clone_5: "bf16[s72, 128][128, 1]" = torch.ops.aten.clone.default(getitem_25, memory_format = torch.contiguous_format);  getitem_25 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:760 in all_gather, code: return torch.ops.vllm.all_gather(
        all_gather_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_gather.default(clone_5, -1, 2, 'tp:0');  clone_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_gather_3, arg18_1, 1e-05);  all_gather_3 = arg18_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/utils.py:120 in split_tensor_along_last_dim, code: tensor_list = torch.split(tensor, last_dim_size, dim=last_dim)
        split_6 = torch.ops.aten.split.Tensor(rms_norm_4, 128, 1);  rms_norm_4 = None
        getitem_30: "bf16[s72, 128][256, 1]" = split_6[1];  split_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg8_1, [arg7_1]);  arg8_1 = arg7_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_7 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_31: "bf16[s72, 32][64, 1]" = split_7[0]
        getitem_32: "bf16[s72, 32][64, 1]" = split_7[1];  split_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_17: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_28, [arg1_1, -1, 64]);  getitem_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_8 = torch.ops.aten.split.Tensor(view_17, 32, -1);  view_17 = None
        getitem_33: "bf16[s72, 2, 32][256, 64, 1]" = split_8[0]
        getitem_34: "bf16[s72, 2, 32][256, 64, 1]" = split_8[1];  split_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_19: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_30, [arg1_1, -1, 64]);  getitem_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_9 = torch.ops.aten.split.Tensor(view_19, 32, -1);  view_19 = None
        getitem_35: "bf16[s72, 2, 32][256, 64, 1]" = split_9[0]
        getitem_36: "bf16[s72, 2, 32][256, 64, 1]" = split_9[1];  split_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_31, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_243: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_33, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_32, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_246: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_34, unsqueeze_6)
        sub_127: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_243, mul_246);  mul_243 = mul_246 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_251: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_34, unsqueeze_5);  getitem_34 = unsqueeze_5 = None
        mul_254: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_33, unsqueeze_6);  getitem_33 = unsqueeze_6 = None
        add_404: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_251, mul_254);  mul_251 = mul_254 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_127, add_404], -1);  sub_127 = add_404 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_22: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_4, [-1, 2, 64]);  empty_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_31, -2);  getitem_31 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_282: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_35, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_32, -2);  getitem_32 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_285: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_36, unsqueeze_8)
        sub_144: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_282, mul_285);  mul_282 = mul_285 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_290: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_36, unsqueeze_7);  getitem_36 = unsqueeze_7 = None
        mul_293: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_35, unsqueeze_8);  getitem_35 = unsqueeze_8 = None
        add_466: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_290, mul_293);  mul_290 = mul_293 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_144, add_466], -1);  sub_144 = add_466 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_24: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_26, [-1, 2, 64]);  getitem_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_24, arg19_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_24, output = view_22, layer_name = arg19_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_24 = view_22 = arg19_1 = unified_kv_cache_update_1 = None
        getitem_38: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None
        view_25: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_38, [arg1_1, 128]);  getitem_38 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_25, permute_4);  view_25 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_23, arg21_1, 1e-05);  all_reduce_3 = getitem_23 = arg21_1 = None
        getitem_40: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_41: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg22_1, [1, 0]);  arg22_1 = None
        mm_5: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_40, permute_5);  permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk_1 = torch.ops.aten.topk.default(mm_5, 2, -1, True, False)
        getitem_42: "bf16[s72, 2][2, 1]" = topk_1[0]
        getitem_43: "i64[s72, 2][2, 1]" = topk_1[1];  topk_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:147 in _softmax_topk, code: logZ = torch.logsumexp(router_logits, dim=-1, keepdim=True)
        convert_element_type_16: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(mm_5, torch.float32);  mm_5 = None
        amax_1: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_16, [-1], True)
        abs_2: "f32[s72, 1][1, 1]" = torch.ops.aten.abs.default(amax_1)
        eq_212: "b8[s72, 1][1, 1]" = torch.ops.aten.eq.Scalar(abs_2, inf);  abs_2 = None
        full_default_2: "f32[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_2: "f32[s72, 1][1, 1]" = torch.ops.aten.where.self(eq_212, full_default_2, amax_1);  eq_212 = full_default_2 = amax_1 = None
        sub_166: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_16, where_2);  convert_element_type_16 = None
        exp_2: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_166);  sub_166 = None
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True);  exp_2 = None
        log_1: "f32[s72, 1][1, 1]" = torch.ops.aten.log.default(sum_2);  sum_2 = None
        add_528: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(log_1, where_2);  log_1 = where_2 = None
        convert_element_type_17: "bf16[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(add_528, torch.bfloat16);  add_528 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:148 in _softmax_topk, code: topk_vals = (topk_logit_vals - logZ).exp()
        sub_168: "bf16[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(getitem_42, convert_element_type_17);  getitem_42 = convert_element_type_17 = None
        exp_3: "bf16[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_168);  sub_168 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_18: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(exp_3, torch.float32);  exp_3 = None
        convert_element_type_19: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_43, torch.int32);  getitem_43 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_5, input = getitem_40, w13 = arg23_1, w2 = arg24_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_18, topk_id = convert_element_type_19, skip_weighted = False, act = 'silu', isa = 'vec');  empty_5 = getitem_40 = arg23_1 = arg24_1 = convert_element_type_18 = convert_element_type_19 = None
        getitem_45: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(getitem_45, 'tp:0');  getitem_45 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_4, getitem_41, arg25_1, 1e-05);  all_reduce_4 = getitem_41 = arg25_1 = None
        getitem_46: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_46,)
