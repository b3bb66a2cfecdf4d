class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1, arg5_1: "bf16[256][1]", arg6_1: "bf16[128, 256][256, 1]", arg7_1: "bf16[256, 64][64, 1]", arg8_1: "bf16[256][1]", arg9_1: "bf16[256, 256][256, 1]", arg10_1, arg11_1: "bf16[256, 128][128, 1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[4, 256][256, 1]", arg14_1: "bf16[4, 128, 256][32768, 256, 1]", arg15_1: "bf16[4, 256, 64][16384, 64, 1]", arg16_1: "bf16[256][1]"):
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
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, arg3_1, 1e-06);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/jamba.py:175 in forward, code: output = torch.empty_like(hidden_states)
        empty: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer.py:232 in forward, code: torch.ops.vllm.mamba_mixer(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.mamba_mixer.default, hidden_states = rms_norm, output = empty, layer_name = arg4_1);  rms_norm = empty = arg4_1 = None
        getitem_1: "bf16[s72, 256][256, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(getitem_1, all_reduce, arg5_1, 1e-06);  getitem_1 = all_reduce = arg5_1 = None
        getitem_2: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_3: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg6_1, [1, 0]);  arg6_1 = None
        mm: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_2, permute);  getitem_2 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_1: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm, 1, 0, 64)
        convert_element_type_2: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_1, torch.float32);  slice_1 = None
        neg: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_2)
        exp: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_63: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_2, add_63);  convert_element_type_2 = add_63 = None
        convert_element_type_3: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_2: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm, 1, 64, 9223372036854775807);  mm = None
        mul_36: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_3, slice_2);  convert_element_type_3 = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_36, permute_1);  mul_36 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, getitem_3, arg8_1, 1e-06);  all_reduce_1 = getitem_3 = arg8_1 = None
        getitem_4: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_5: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(getitem_4, permute_2);  getitem_4 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/jamba.py:266 in self_attention, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_2, [128, 64, 64], -1);  mm_2 = None
        getitem_6: "bf16[s72, 128][256, 1]" = split_with_sizes[0]
        getitem_7: "bf16[s72, 64][256, 1]" = split_with_sizes[1]
        getitem_8: "bf16[s72, 64][256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_6, [-1, 2, 64]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_2: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_7, [-1, 1, 64]);  getitem_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_3: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_8, [-1, 1, 64]);  getitem_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_2, view_3, arg10_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view, key = view_2, value = view_3, output = view_1, layer_name = arg10_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view = view_2 = view_3 = view_1 = arg10_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_4, permute_3);  view_4 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_5, arg12_1, 1e-06);  all_reduce_2 = getitem_5 = arg12_1 = None
        getitem_12: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_13: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_4: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_12, permute_4);  permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk = torch.ops.aten.topk.default(mm_4, 2, -1, True, False)
        getitem_14: "bf16[s72, 2][2, 1]" = topk[0]
        getitem_15: "i64[s72, 2][2, 1]" = topk[1];  topk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:147 in _softmax_topk, code: logZ = torch.logsumexp(router_logits, dim=-1, keepdim=True)
        convert_element_type_12: "f32[s72, 4][4, 1]" = torch.ops.prims.convert_element_type.default(mm_4, torch.float32);  mm_4 = None
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_12, [-1], True)
        abs_1: "f32[s72, 1][1, 1]" = torch.ops.aten.abs.default(amax)
        eq_64: "b8[s72, 1][1, 1]" = torch.ops.aten.eq.Scalar(abs_1, inf);  abs_1 = None
        full_default_1: "f32[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.float32, layout = torch.strided, device = device(type='cpu'), pin_memory = False)
        where_1: "f32[s72, 1][1, 1]" = torch.ops.aten.where.self(eq_64, full_default_1, amax);  eq_64 = full_default_1 = amax = None
        sub_51: "f32[s72, 4][4, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_12, where_1);  convert_element_type_12 = None
        exp_1: "f32[s72, 4][4, 1]" = torch.ops.aten.exp.default(sub_51);  sub_51 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_1, [-1], True);  exp_1 = None
        log: "f32[s72, 1][1, 1]" = torch.ops.aten.log.default(sum_1);  sum_1 = None
        add_143: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(log, where_1);  log = where_1 = None
        convert_element_type_13: "bf16[s72, 1][1, 1]" = torch.ops.prims.convert_element_type.default(add_143, torch.bfloat16);  add_143 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:148 in _softmax_topk, code: topk_vals = (topk_logit_vals - logZ).exp()
        sub_53: "bf16[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(getitem_14, convert_element_type_13);  getitem_14 = convert_element_type_13 = None
        exp_2: "bf16[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_53);  sub_53 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_14: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(exp_2, torch.float32);  exp_2 = None
        convert_element_type_15: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_15, torch.int32);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_2, input = getitem_12, w13 = arg14_1, w2 = arg15_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_14, topk_id = convert_element_type_15, skip_weighted = False, act = 'silu', isa = 'vec');  empty_2 = getitem_12 = arg14_1 = arg15_1 = convert_element_type_14 = convert_element_type_15 = None
        getitem_17: "bf16[s72, 256][256, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(getitem_17, 'tp:0');  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:524 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_13, arg16_1, 1e-06);  all_reduce_3 = getitem_13 = arg16_1 = None
        getitem_18: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_18,)
