class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[1]", arg1_1: "i64[1]", arg2_1: "bf16[512, 256]", arg3_1: "bf16[256, 256]", arg4_1: "bf16[256, 128]", arg5_1: "bf16[64]", arg6_1: "bf16[64]", arg7_1: "bf16[4, 256]", arg8_1: "bf16[1, 256, 256]", arg9_1: "bf16[1, 256, 128]", arg10_1: "bf16[256]", arg11_1: "bf16[256]", arg12_1: "bf16[256, 256]", arg13_1: "bf16[256, 128]", arg14_1: "bf16[64]", arg15_1: "bf16[64]", arg16_1: "bf16[4, 256]", arg17_1: "bf16[1, 256, 256]", arg18_1: "bf16[1, 256, 128]", arg19_1: "bf16[256]", arg20_1: "bf16[256]", arg21_1: "bf16[256]", arg22_1: "bf16[512, 256]", arg23_1: "bf16[256, 64]", arg24_1: "f32[]", arg25_1: "f32[]", arg26_1: "f32[]", arg27_1: "f32[]", arg28_1: "i32[4]", arg29_1: "f32[]", arg30_1: "f32[]", arg31_1: "f32[]", arg32_1: "f32[]", arg33_1: "i32[4]"):
        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:542 in forward, code: masked_input, input_mask = get_masked_input_and_mask(
        ge: "b8[1]" = torch.ops.aten.ge.Scalar(arg0_1, 0)
        lt: "b8[1]" = torch.ops.aten.lt.Scalar(arg0_1, 512)
        bitwise_and: "b8[1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None
        ge_1: "b8[1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)
        lt_1: "b8[1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and_1: "b8[1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None
        mul: "i64[1]" = torch.ops.aten.mul.Tensor(bitwise_and, 0)
        mul_1: "i64[1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512)
        add: "i64[1]" = torch.ops.aten.add.Tensor(mul, mul_1);  mul = mul_1 = None
        bitwise_or: "b8[1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = bitwise_and_1 = None
        sub: "i64[1]" = torch.ops.aten.sub.Tensor(arg0_1, add);  arg0_1 = add = None
        mul_2: "i64[1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub);  sub = None
        bitwise_not: "b8[1]" = torch.ops.aten.bitwise_not.default(bitwise_or);  bitwise_or = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:550 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        embedding: "bf16[1, 256]" = torch.ops.aten.embedding.default(arg2_1, mul_2);  arg2_1 = mul_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:557 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        masked_fill_: "bf16[1, 256]" = torch.ops.aten.masked_fill_.Scalar(embedding, unsqueeze, 0);  embedding = unsqueeze = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:562 in forward, code: else tensor_model_parallel_all_reduce(output_parallel)
        all_reduce: "bf16[1, 256]" = torch.ops.vllm.all_reduce.default(masked_fill_, 'tp:0');  masked_fill_ = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:564 in forward, code: return output_parallel.view(output_dtype)
        view: "bf16[1, 256]" = torch.ops.aten.view.dtype(all_reduce, torch.bfloat16);  all_reduce = None
        detach: "bf16[1, 256]" = torch.ops.aten.detach.default(view);  view = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_1: "bf16[256]" = torch.ops.aten.detach.default(arg10_1);  arg10_1 = None
        rms_norm: "bf16[1, 256]" = torch.ops.vllm_ir.rms_norm.default(detach, detach_1, 1e-06);  detach_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t: "bf16[256, 256]" = torch.ops.aten.t.default(arg3_1);  arg3_1 = None
        mm: "bf16[1, 256]" = torch.ops.aten.mm.default(rms_norm, t);  rms_norm = t = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:335 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[1, 128]" = split_with_sizes[0]
        getitem_1: "bf16[1, 64]" = split_with_sizes[1]
        getitem_2: "bf16[1, 64]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:337 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
        view_1: "bf16[1, 2, 64]" = torch.ops.aten.view.default(getitem, [1, 2, 64]);  getitem = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_2: "bf16[64]" = torch.ops.aten.detach.default(arg5_1);  arg5_1 = None
        rms_norm_1: "bf16[1, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_1, detach_2, 1e-06);  view_1 = detach_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:339 in forward, code: q = q_by_head.view(q.shape)
        view_2: "bf16[1, 128]" = torch.ops.aten.view.default(rms_norm_1, [1, 128]);  rms_norm_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:341 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
        view_3: "bf16[1, 1, 64]" = torch.ops.aten.view.default(getitem_1, [1, 1, 64]);  getitem_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_3: "bf16[64]" = torch.ops.aten.detach.default(arg6_1);  arg6_1 = None
        rms_norm_2: "bf16[1, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(view_3, detach_3, 1e-06);  view_3 = detach_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:343 in forward, code: k = k_by_head.view(k.shape)
        view_4: "bf16[1, 64]" = torch.ops.aten.view.default(rms_norm_2, [1, 64]);  rms_norm_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding = torch.ops._C.rotary_embedding.default(arg1_1, view_2, view_4, 64, arg23_1, True);  rotary_embedding = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[1, 128]" = torch.ops.aten.empty.memory_format([1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_5: "bf16[1, 2, 64]" = torch.ops.aten.view.default(view_2, [-1, 2, 64]);  view_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_6: "bf16[1, 2, 64]" = torch.ops.aten.view.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_7: "bf16[1, 1, 64]" = torch.ops.aten.view.default(view_4, [-1, 1, 64]);  view_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_8: "bf16[1, 1, 64]" = torch.ops.aten.view.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_7, view_8, 'model.layers.0.self_attn.attn')

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(view_5, view_7, view_8, view_6, 'model.layers.0.self_attn.attn', None, None, unified_kv_cache_update);  view_5 = view_7 = view_8 = unified_kv_cache_update = unified_attention_with_output = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        view_9: "bf16[1, 128]" = torch.ops.aten.view.default(view_6, [-1, 128]);  view_6 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_1: "bf16[128, 256]" = torch.ops.aten.t.default(arg4_1);  arg4_1 = None
        mm_1: "bf16[1, 256]" = torch.ops.aten.mm.default(view_9, t_1);  view_9 = t_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_1: "bf16[1, 256]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_4: "bf16[256]" = torch.ops.aten.detach.default(arg11_1);  arg11_1 = None
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_1, detach, detach_4, 1e-06);  all_reduce_1 = detach = detach_4 = None
        getitem_3: "bf16[1, 256]" = fused_add_rms_norm[0]
        getitem_4: "bf16[1, 256]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:225 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_10: "bf16[1, 256]" = torch.ops.aten.view.default(getitem_3, [-1, 256]);  getitem_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:228 in forward, code: hidden_states = sequence_parallel_chunk(hidden_states)
        sequence_parallel_chunk_impl: "bf16[1, 256]" = torch.ops.vllm.sequence_parallel_chunk_impl.default(view_10);  view_10 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_2: "bf16[256, 4]" = torch.ops.aten.t.default(arg7_1);  arg7_1 = None
        mm_2: "bf16[1, 4]" = torch.ops.aten.mm.default(sequence_parallel_chunk_impl, t_2);  t_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:737 in forward, code: result = self._forward_entry(
        topk = torch.ops.aten.topk.default(mm_2, 2, -1, True, False);  mm_2 = None
        getitem_5: "bf16[1, 2]" = topk[0]
        getitem_6: "i64[1, 2]" = topk[1];  topk = None
        _softmax: "bf16[1, 2]" = torch.ops.aten._softmax.default(getitem_5, -1, False);  getitem_5 = None
        _to_copy: "f32[1, 2]" = torch.ops.aten._to_copy.default(_softmax, dtype = torch.float32);  _softmax = None
        _to_copy_1: "i32[1, 2]" = torch.ops.aten._to_copy.default(getitem_6, dtype = torch.int32);  getitem_6 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like: "bf16[1, 256]" = torch.ops.aten.empty_like.default(sequence_parallel_chunk_impl, pin_memory = False)
        all_gather: "bf16[4, 256]" = torch.ops.vllm.all_gather.default(sequence_parallel_chunk_impl, 0, 4, 'ep:0');  sequence_parallel_chunk_impl = None
        all_gather_1: "f32[4, 2]" = torch.ops.vllm.all_gather.default(_to_copy, 0, 4, 'ep:0');  _to_copy = None
        all_gather_2: "i32[4, 2]" = torch.ops.vllm.all_gather.default(_to_copy_1, 0, 4, 'ep:0');  _to_copy_1 = None
        empty_1: "bf16[1024]" = torch.ops.aten.empty.memory_format([1024], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_2: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_2 = None
        slice_1: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_1, 0, 0, 0)
        view_11: "bf16[0]" = torch.ops.aten.view.default(slice_1, [0]);  slice_1 = view_11 = None
        slice_2: "bf16[1024]" = torch.ops.aten.slice.Tensor(empty_1, 0, 0, 1024);  empty_1 = None
        view_12: "bf16[4, 256]" = torch.ops.aten.view.default(slice_2, [4, 256]);  slice_2 = None
        cpu_fused_moe = torch.ops._C.cpu_fused_moe.default(view_12, all_gather, arg8_1, arg9_1, None, None, all_gather_1, all_gather_2, False, 'silu', 'vec');  all_gather = arg8_1 = arg9_1 = all_gather_1 = all_gather_2 = cpu_fused_moe = None
        reduce_scatter: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(view_12, 0, 4, 'ep:0');  view_12 = None
        copy_: "bf16[1, 256]" = torch.ops.aten.copy_.default(empty_like, reduce_scatter);  empty_like = reduce_scatter = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:235 in forward, code: final_hidden_states = tensor_model_parallel_all_gather(
        all_gather_3: "bf16[2, 256]" = torch.ops.vllm.all_gather.default(copy_, 0, 2, 'tp:0');  copy_ = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:238 in forward, code: final_hidden_states = final_hidden_states[:num_tokens]
        slice_3: "bf16[1, 256]" = torch.ops.aten.slice.Tensor(all_gather_3, 0, 0, 1);  all_gather_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_5: "bf16[256]" = torch.ops.aten.detach.default(arg19_1);  arg19_1 = None
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(slice_3, getitem_4, detach_5, 1e-06);  slice_3 = getitem_4 = detach_5 = None
        getitem_7: "bf16[1, 256]" = fused_add_rms_norm_1[0]
        getitem_8: "bf16[1, 256]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_3: "bf16[256, 256]" = torch.ops.aten.t.default(arg12_1);  arg12_1 = None
        mm_3: "bf16[1, 256]" = torch.ops.aten.mm.default(getitem_7, t_3);  getitem_7 = t_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:335 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [128, 64, 64], -1);  mm_3 = None
        getitem_9: "bf16[1, 128]" = split_with_sizes_1[0]
        getitem_10: "bf16[1, 64]" = split_with_sizes_1[1]
        getitem_11: "bf16[1, 64]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:337 in forward, code: q_by_head = q.view(*q.shape[:-1], q.shape[-1] // self.head_dim, self.head_dim)
        view_13: "bf16[1, 2, 64]" = torch.ops.aten.view.default(getitem_9, [1, 2, 64]);  getitem_9 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_6: "bf16[64]" = torch.ops.aten.detach.default(arg14_1);  arg14_1 = None
        rms_norm_3: "bf16[1, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_13, detach_6, 1e-06);  view_13 = detach_6 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:339 in forward, code: q = q_by_head.view(q.shape)
        view_14: "bf16[1, 128]" = torch.ops.aten.view.default(rms_norm_3, [1, 128]);  rms_norm_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:341 in forward, code: k_by_head = k.view(*k.shape[:-1], k.shape[-1] // self.head_dim, self.head_dim)
        view_15: "bf16[1, 1, 64]" = torch.ops.aten.view.default(getitem_10, [1, 1, 64]);  getitem_10 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_7: "bf16[64]" = torch.ops.aten.detach.default(arg15_1);  arg15_1 = None
        rms_norm_4: "bf16[1, 1, 64]" = torch.ops.vllm_ir.rms_norm.default(view_15, detach_7, 1e-06);  view_15 = detach_7 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:343 in forward, code: k = k_by_head.view(k.shape)
        view_16: "bf16[1, 64]" = torch.ops.aten.view.default(rms_norm_4, [1, 64]);  rms_norm_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding_1 = torch.ops._C.rotary_embedding.default(arg1_1, view_14, view_16, 64, arg23_1, True);  arg1_1 = arg23_1 = rotary_embedding_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_3: "bf16[1, 128]" = torch.ops.aten.empty.memory_format([1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_17: "bf16[1, 2, 64]" = torch.ops.aten.view.default(view_14, [-1, 2, 64]);  view_14 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[1, 2, 64]" = torch.ops.aten.view.default(empty_3, [-1, 2, 64]);  empty_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_19: "bf16[1, 1, 64]" = torch.ops.aten.view.default(view_16, [-1, 1, 64]);  view_16 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[1, 1, 64]" = torch.ops.aten.view.default(getitem_11, [-1, 1, 64]);  getitem_11 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_19, view_20, 'model.layers.1.self_attn.attn')

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output.default(view_17, view_19, view_20, view_18, 'model.layers.1.self_attn.attn', None, None, unified_kv_cache_update_1);  view_17 = view_19 = view_20 = unified_kv_cache_update_1 = unified_attention_with_output_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        view_21: "bf16[1, 128]" = torch.ops.aten.view.default(view_18, [-1, 128]);  view_18 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_4: "bf16[128, 256]" = torch.ops.aten.t.default(arg13_1);  arg13_1 = None
        mm_4: "bf16[1, 256]" = torch.ops.aten.mm.default(view_21, t_4);  view_21 = t_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_2: "bf16[1, 256]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_8: "bf16[256]" = torch.ops.aten.detach.default(arg20_1);  arg20_1 = None
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_2, getitem_8, detach_8, 1e-06);  all_reduce_2 = getitem_8 = detach_8 = None
        getitem_12: "bf16[1, 256]" = fused_add_rms_norm_2[0]
        getitem_13: "bf16[1, 256]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:225 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_22: "bf16[1, 256]" = torch.ops.aten.view.default(getitem_12, [-1, 256]);  getitem_12 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:228 in forward, code: hidden_states = sequence_parallel_chunk(hidden_states)
        sequence_parallel_chunk_impl_1: "bf16[1, 256]" = torch.ops.vllm.sequence_parallel_chunk_impl.default(view_22);  view_22 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_5: "bf16[256, 4]" = torch.ops.aten.t.default(arg16_1);  arg16_1 = None
        mm_5: "bf16[1, 4]" = torch.ops.aten.mm.default(sequence_parallel_chunk_impl_1, t_5);  t_5 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:737 in forward, code: result = self._forward_entry(
        topk_1 = torch.ops.aten.topk.default(mm_5, 2, -1, True, False);  mm_5 = None
        getitem_14: "bf16[1, 2]" = topk_1[0]
        getitem_15: "i64[1, 2]" = topk_1[1];  topk_1 = None
        _softmax_1: "bf16[1, 2]" = torch.ops.aten._softmax.default(getitem_14, -1, False);  getitem_14 = None
        _to_copy_2: "f32[1, 2]" = torch.ops.aten._to_copy.default(_softmax_1, dtype = torch.float32);  _softmax_1 = None
        _to_copy_3: "i32[1, 2]" = torch.ops.aten._to_copy.default(getitem_15, dtype = torch.int32);  getitem_15 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like_1: "bf16[1, 256]" = torch.ops.aten.empty_like.default(sequence_parallel_chunk_impl_1, pin_memory = False)
        all_gather_4: "bf16[4, 256]" = torch.ops.vllm.all_gather.default(sequence_parallel_chunk_impl_1, 0, 4, 'ep:0');  sequence_parallel_chunk_impl_1 = None
        all_gather_5: "f32[4, 2]" = torch.ops.vllm.all_gather.default(_to_copy_2, 0, 4, 'ep:0');  _to_copy_2 = None
        all_gather_6: "i32[4, 2]" = torch.ops.vllm.all_gather.default(_to_copy_3, 0, 4, 'ep:0');  _to_copy_3 = None
        empty_4: "bf16[1024]" = torch.ops.aten.empty.memory_format([1024], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_5: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_5 = None
        slice_4: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_4, 0, 0, 0)
        view_23: "bf16[0]" = torch.ops.aten.view.default(slice_4, [0]);  slice_4 = view_23 = None
        slice_5: "bf16[1024]" = torch.ops.aten.slice.Tensor(empty_4, 0, 0, 1024);  empty_4 = None
        view_24: "bf16[4, 256]" = torch.ops.aten.view.default(slice_5, [4, 256]);  slice_5 = None
        cpu_fused_moe_1 = torch.ops._C.cpu_fused_moe.default(view_24, all_gather_4, arg17_1, arg18_1, None, None, all_gather_5, all_gather_6, False, 'silu', 'vec');  all_gather_4 = arg17_1 = arg18_1 = all_gather_5 = all_gather_6 = cpu_fused_moe_1 = None
        reduce_scatter_1: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(view_24, 0, 4, 'ep:0');  view_24 = None
        copy__1: "bf16[1, 256]" = torch.ops.aten.copy_.default(empty_like_1, reduce_scatter_1);  empty_like_1 = reduce_scatter_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:235 in forward, code: final_hidden_states = tensor_model_parallel_all_gather(
        all_gather_7: "bf16[2, 256]" = torch.ops.vllm.all_gather.default(copy__1, 0, 2, 'tp:0');  copy__1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_moe.py:238 in forward, code: final_hidden_states = final_hidden_states[:num_tokens]
        slice_6: "bf16[1, 256]" = torch.ops.aten.slice.Tensor(all_gather_7, 0, 0, 1);  all_gather_7 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_9: "bf16[256]" = torch.ops.aten.detach.default(arg21_1);  arg21_1 = None
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(slice_6, getitem_13, detach_9, 1e-06);  slice_6 = getitem_13 = detach_9 = None
        getitem_16: "bf16[1, 256]" = fused_add_rms_norm_3[0]
        getitem_17: "bf16[1, 256]" = fused_add_rms_norm_3[1];  fused_add_rms_norm_3 = getitem_17 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/logits_processor.py:109 in forward, code: logits = self._get_logits(
        t_6: "bf16[256, 512]" = torch.ops.aten.t.default(arg22_1);  arg22_1 = None
        mm_6: "bf16[1, 512]" = torch.ops.aten.mm.default(getitem_16, t_6);  getitem_16 = t_6 = None
        all_gather_8: "bf16[1, 1024]" = torch.ops.vllm.all_gather.default(mm_6, -1, 2, 'tp:0');  mm_6 = None
        alias: "bf16[1, 1024]" = torch.ops.aten.alias.default(all_gather_8);  all_gather_8 = None
        return alias
