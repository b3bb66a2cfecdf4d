class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[3]", arg1_1: "i64[3]", arg2_1: "bf16[512, 256]", arg3_1: "bf16[256, 256]", arg4_1: "bf16[256, 128]", arg5_1: "bf16[32, 256]", arg6_1: "bf16[8, 256, 256]", arg7_1: "bf16[8, 256, 128]", arg8_1: "bf16[256]", arg9_1: "bf16[256]", arg10_1: "bf16[256, 256]", arg11_1: "bf16[256, 128]", arg12_1: "bf16[32, 256]", arg13_1: "bf16[8, 256, 256]", arg14_1: "bf16[8, 256, 128]", arg15_1: "bf16[256]", arg16_1: "bf16[256]", arg17_1: "bf16[256]", arg18_1: "bf16[512, 256]", arg19_1: "bf16[256, 16]", arg20_1: "f32[]", arg21_1: "f32[]", arg22_1: "f32[]", arg23_1: "f32[]", arg24_1: "i32[32]", arg25_1: "f32[]", arg26_1: "f32[]", arg27_1: "f32[]", arg28_1: "f32[]", arg29_1: "i32[32]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:537 in forward, code: masked_input, input_mask = get_masked_input_and_mask(
        ge: "b8[3]" = torch.ops.aten.ge.Scalar(arg0_1, 0)
        lt: "b8[3]" = torch.ops.aten.lt.Scalar(arg0_1, 512)
        bitwise_and: "b8[3]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None
        ge_1: "b8[3]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)
        lt_1: "b8[3]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and_1: "b8[3]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None
        mul: "i64[3]" = torch.ops.aten.mul.Tensor(bitwise_and, 0)
        mul_1: "i64[3]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512)
        add: "i64[3]" = torch.ops.aten.add.Tensor(mul, mul_1);  mul = mul_1 = None
        bitwise_or: "b8[3]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = bitwise_and_1 = None
        sub: "i64[3]" = torch.ops.aten.sub.Tensor(arg0_1, add);  arg0_1 = add = None
        mul_2: "i64[3]" = torch.ops.aten.mul.Tensor(bitwise_or, sub);  sub = None
        bitwise_not: "b8[3]" = torch.ops.aten.bitwise_not.default(bitwise_or);  bitwise_or = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:545 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        embedding: "bf16[3, 256]" = torch.ops.aten.embedding.default(arg2_1, mul_2);  arg2_1 = mul_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[3, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        masked_fill_: "bf16[3, 256]" = torch.ops.aten.masked_fill_.Scalar(embedding, unsqueeze, 0);  embedding = unsqueeze = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:563 in forward, code: return tensor_model_parallel_all_reduce(output_parallel)
        all_reduce: "bf16[3, 256]" = torch.ops.vllm.all_reduce.default(masked_fill_, 'tp:0');  masked_fill_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach: "bf16[256]" = torch.ops.aten.detach.default(arg8_1);  arg8_1 = None
        rms_norm: "bf16[3, 256]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, detach, 1e-05);  detach = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t: "bf16[256, 256]" = torch.ops.aten.t.default(arg3_1);  arg3_1 = None
        mm: "bf16[3, 256]" = torch.ops.aten.mm.default(rms_norm, t);  rms_norm = t = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:218 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 64, 64], -1);  mm = None
        getitem: "bf16[3, 128]" = split_with_sizes[0]
        getitem_1: "bf16[3, 64]" = split_with_sizes[1]
        getitem_2: "bf16[3, 64]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding = torch.ops._C.rotary_embedding.default(arg1_1, getitem, getitem_1, 16, arg19_1, True);  rotary_embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[3, 128]" = torch.ops.aten.empty.memory_format([3, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view: "bf16[3, 8, 16]" = torch.ops.aten.view.default(getitem, [-1, 8, 16]);  getitem = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_1: "bf16[3, 8, 16]" = torch.ops.aten.view.default(empty, [-1, 8, 16]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_2: "bf16[3, 4, 16]" = torch.ops.aten.view.default(getitem_1, [-1, 4, 16]);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_3: "bf16[3, 4, 16]" = torch.ops.aten.view.default(getitem_2, [-1, 4, 16]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_2, view_3, 'model.layers.0.self_attn.attn')

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(view, view_2, view_3, view_1, 'model.layers.0.self_attn.attn', None, None, unified_kv_cache_update);  view = view_2 = view_3 = unified_kv_cache_update = unified_attention_with_output = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        view_4: "bf16[3, 128]" = torch.ops.aten.view.default(view_1, [-1, 128]);  view_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_1: "bf16[128, 256]" = torch.ops.aten.t.default(arg4_1);  arg4_1 = None
        mm_1: "bf16[3, 256]" = torch.ops.aten.mm.default(view_4, t_1);  view_4 = t_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_1: "bf16[3, 256]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_1: "bf16[256]" = torch.ops.aten.detach.default(arg9_1);  arg9_1 = None
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_1, all_reduce, detach_1, 1e-05);  all_reduce_1 = all_reduce = detach_1 = None
        getitem_3: "bf16[3, 256]" = fused_add_rms_norm[0]
        getitem_4: "bf16[3, 256]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:137 in forward, code: hidden_states = hidden_states.view(-1, self.hidden_size)
        view_5: "bf16[3, 256]" = torch.ops.aten.view.default(getitem_3, [-1, 256]);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_2: "bf16[256, 32]" = torch.ops.aten.t.default(arg5_1);  arg5_1 = None
        mm_2: "bf16[3, 32]" = torch.ops.aten.mm.default(view_5, t_2);  t_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:734 in forward, code: result = self._forward_entry(
        topk = torch.ops.aten.topk.default(mm_2, 2, -1, True, False);  mm_2 = None
        getitem_5: "bf16[3, 2]" = topk[0]
        getitem_6: "i64[3, 2]" = topk[1];  topk = None
        _softmax: "bf16[3, 2]" = torch.ops.aten._softmax.default(getitem_5, -1, False);  getitem_5 = None
        _to_copy: "f32[3, 2]" = torch.ops.aten._to_copy.default(_softmax, dtype = torch.float32);  _softmax = None
        _to_copy_1: "i32[3, 2]" = torch.ops.aten._to_copy.default(getitem_6, dtype = torch.int32);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like: "bf16[3, 256]" = torch.ops.aten.empty_like.default(view_5, pin_memory = False)
        all_gather: "bf16[6, 256]" = torch.ops.vllm.all_gather.default(view_5, 0, 2, 'dp:0');  view_5 = None
        all_gather_1: "f32[6, 2]" = torch.ops.vllm.all_gather.default(_to_copy, 0, 2, 'dp:0');  _to_copy = None
        all_gather_2: "i32[6, 2]" = torch.ops.vllm.all_gather.default(_to_copy_1, 0, 2, 'dp:0');  _to_copy_1 = None
        empty_1: "bf16[1536]" = torch.ops.aten.empty.memory_format([1536], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_2: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_2 = None
        slice_1: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_1, 0, 0, 0)
        view_6: "bf16[0]" = torch.ops.aten.view.default(slice_1, [0]);  slice_1 = view_6 = None
        slice_2: "bf16[1536]" = torch.ops.aten.slice.Tensor(empty_1, 0, 0, 1536);  empty_1 = None
        view_7: "bf16[6, 256]" = torch.ops.aten.view.default(slice_2, [6, 256]);  slice_2 = None
        cpu_fused_moe = torch.ops._C.cpu_fused_moe.default(view_7, all_gather, arg6_1, arg7_1, None, None, all_gather_1, all_gather_2, False, 'silu', 'vec');  all_gather = arg6_1 = arg7_1 = all_gather_1 = all_gather_2 = cpu_fused_moe = None
        reduce_scatter: "bf16[3, 256]" = torch.ops.vllm.reduce_scatter.default(view_7, 0, 2, 'dp:0');  view_7 = None
        copy_: "bf16[3, 256]" = torch.ops.aten.copy_.default(empty_like, reduce_scatter);  empty_like = reduce_scatter = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:790 in forward, code: result = self._maybe_reduce_final_output(
        all_reduce_2: "bf16[3, 256]" = torch.ops.vllm.all_reduce.default(copy_, 'tp:0');  copy_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:141 in forward, code: return final_hidden_states.view(orig_shape)
        view_8: "bf16[3, 256]" = torch.ops.aten.view.default(all_reduce_2, [3, 256]);  all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_2: "bf16[256]" = torch.ops.aten.detach.default(arg15_1);  arg15_1 = None
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(view_8, getitem_4, detach_2, 1e-05);  view_8 = getitem_4 = detach_2 = None
        getitem_7: "bf16[3, 256]" = fused_add_rms_norm_1[0]
        getitem_8: "bf16[3, 256]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_3: "bf16[256, 256]" = torch.ops.aten.t.default(arg10_1);  arg10_1 = None
        mm_3: "bf16[3, 256]" = torch.ops.aten.mm.default(getitem_7, t_3);  getitem_7 = t_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:218 in forward, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_3, [128, 64, 64], -1);  mm_3 = None
        getitem_9: "bf16[3, 128]" = split_with_sizes_1[0]
        getitem_10: "bf16[3, 64]" = split_with_sizes_1[1]
        getitem_11: "bf16[3, 64]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding_1 = torch.ops._C.rotary_embedding.default(arg1_1, getitem_9, getitem_10, 16, arg19_1, True);  arg1_1 = arg19_1 = rotary_embedding_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_3: "bf16[3, 128]" = torch.ops.aten.empty.memory_format([3, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_9: "bf16[3, 8, 16]" = torch.ops.aten.view.default(getitem_9, [-1, 8, 16]);  getitem_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_10: "bf16[3, 8, 16]" = torch.ops.aten.view.default(empty_3, [-1, 8, 16]);  empty_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_11: "bf16[3, 4, 16]" = torch.ops.aten.view.default(getitem_10, [-1, 4, 16]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_12: "bf16[3, 4, 16]" = torch.ops.aten.view.default(getitem_11, [-1, 4, 16]);  getitem_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_11, view_12, 'model.layers.1.self_attn.attn')

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output.default(view_9, view_11, view_12, view_10, 'model.layers.1.self_attn.attn', None, None, unified_kv_cache_update_1);  view_9 = view_11 = view_12 = unified_kv_cache_update_1 = unified_attention_with_output_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:579 in forward, code: return output.view(-1, hidden_size)
        view_13: "bf16[3, 128]" = torch.ops.aten.view.default(view_10, [-1, 128]);  view_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_4: "bf16[128, 256]" = torch.ops.aten.t.default(arg11_1);  arg11_1 = None
        mm_4: "bf16[3, 256]" = torch.ops.aten.mm.default(view_13, t_4);  view_13 = t_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_3: "bf16[3, 256]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_3: "bf16[256]" = torch.ops.aten.detach.default(arg16_1);  arg16_1 = None
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_3, getitem_8, detach_3, 1e-05);  all_reduce_3 = getitem_8 = detach_3 = None
        getitem_12: "bf16[3, 256]" = fused_add_rms_norm_2[0]
        getitem_13: "bf16[3, 256]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:137 in forward, code: hidden_states = hidden_states.view(-1, self.hidden_size)
        view_14: "bf16[3, 256]" = torch.ops.aten.view.default(getitem_12, [-1, 256]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_5: "bf16[256, 32]" = torch.ops.aten.t.default(arg12_1);  arg12_1 = None
        mm_5: "bf16[3, 32]" = torch.ops.aten.mm.default(view_14, t_5);  t_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:734 in forward, code: result = self._forward_entry(
        topk_1 = torch.ops.aten.topk.default(mm_5, 2, -1, True, False);  mm_5 = None
        getitem_14: "bf16[3, 2]" = topk_1[0]
        getitem_15: "i64[3, 2]" = topk_1[1];  topk_1 = None
        _softmax_1: "bf16[3, 2]" = torch.ops.aten._softmax.default(getitem_14, -1, False);  getitem_14 = None
        _to_copy_2: "f32[3, 2]" = torch.ops.aten._to_copy.default(_softmax_1, dtype = torch.float32);  _softmax_1 = None
        _to_copy_3: "i32[3, 2]" = torch.ops.aten._to_copy.default(getitem_15, dtype = torch.int32);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like_1: "bf16[3, 256]" = torch.ops.aten.empty_like.default(view_14, pin_memory = False)
        all_gather_3: "bf16[6, 256]" = torch.ops.vllm.all_gather.default(view_14, 0, 2, 'dp:0');  view_14 = None
        all_gather_4: "f32[6, 2]" = torch.ops.vllm.all_gather.default(_to_copy_2, 0, 2, 'dp:0');  _to_copy_2 = None
        all_gather_5: "i32[6, 2]" = torch.ops.vllm.all_gather.default(_to_copy_3, 0, 2, 'dp:0');  _to_copy_3 = None
        empty_4: "bf16[1536]" = torch.ops.aten.empty.memory_format([1536], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_5: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_5 = None
        slice_3: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_4, 0, 0, 0)
        view_15: "bf16[0]" = torch.ops.aten.view.default(slice_3, [0]);  slice_3 = view_15 = None
        slice_4: "bf16[1536]" = torch.ops.aten.slice.Tensor(empty_4, 0, 0, 1536);  empty_4 = None
        view_16: "bf16[6, 256]" = torch.ops.aten.view.default(slice_4, [6, 256]);  slice_4 = None
        cpu_fused_moe_1 = torch.ops._C.cpu_fused_moe.default(view_16, all_gather_3, arg13_1, arg14_1, None, None, all_gather_4, all_gather_5, False, 'silu', 'vec');  all_gather_3 = arg13_1 = arg14_1 = all_gather_4 = all_gather_5 = cpu_fused_moe_1 = None
        reduce_scatter_1: "bf16[3, 256]" = torch.ops.vllm.reduce_scatter.default(view_16, 0, 2, 'dp:0');  view_16 = None
        copy__1: "bf16[3, 256]" = torch.ops.aten.copy_.default(empty_like_1, reduce_scatter_1);  empty_like_1 = reduce_scatter_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:790 in forward, code: result = self._maybe_reduce_final_output(
        all_reduce_4: "bf16[3, 256]" = torch.ops.vllm.all_reduce.default(copy__1, 'tp:0');  copy__1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/mixtral.py:141 in forward, code: return final_hidden_states.view(orig_shape)
        view_17: "bf16[3, 256]" = torch.ops.aten.view.default(all_reduce_4, [3, 256]);  all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_4: "bf16[256]" = torch.ops.aten.detach.default(arg17_1);  arg17_1 = None
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(view_17, getitem_13, detach_4, 1e-05);  view_17 = getitem_13 = detach_4 = None
        getitem_16: "bf16[3, 256]" = fused_add_rms_norm_3[0]
        getitem_17: "bf16[3, 256]" = fused_add_rms_norm_3[1];  fused_add_rms_norm_3 = getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/logits_processor.py:109 in forward, code: logits = self._get_logits(
        t_6: "bf16[256, 512]" = torch.ops.aten.t.default(arg18_1);  arg18_1 = None
        mm_6: "bf16[3, 512]" = torch.ops.aten.mm.default(getitem_16, t_6);  getitem_16 = t_6 = None
        all_gather_6: "bf16[3, 1024]" = torch.ops.vllm.all_gather.default(mm_6, -1, 2, 'tp:0');  mm_6 = None
        alias: "bf16[3, 1024]" = torch.ops.aten.alias.default(all_gather_6);  all_gather_6 = None
        return alias
