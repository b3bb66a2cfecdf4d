class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[2]", arg1_1: "i64[2]", arg2_1: "bf16[512, 256]", arg3_1: "bf16[384, 256]", arg4_1: "bf16[256, 128]", arg5_1: "bf16[64]", arg6_1: "bf16[64]", arg7_1: "bf16[4, 256]", arg8_1: "bf16[1, 256]", arg9_1: "bf16[256, 256]", arg10_1: "bf16[256, 128]", arg11_1: "bf16[1, 256, 256]", arg12_1: "bf16[1, 256, 128]", arg13_1: "bf16[256]", arg14_1: "bf16[256]", arg15_1: "bf16[384, 256]", arg16_1: "bf16[256, 128]", arg17_1: "bf16[64]", arg18_1: "bf16[64]", arg19_1: "bf16[4, 256]", arg20_1: "bf16[1, 256]", arg21_1: "bf16[256, 256]", arg22_1: "bf16[256, 128]", arg23_1: "bf16[1, 256, 256]", arg24_1: "bf16[1, 256, 128]", arg25_1: "bf16[256]", arg26_1: "bf16[256]", arg27_1: "bf16[256]", arg28_1: "bf16[512, 256]", arg29_1: "bf16[256, 16]", arg30_1: "f32[]", arg31_1: "f32[]", arg32_1: "f32[]", arg33_1: "f32[]", arg34_1: "i32[4]", arg35_1: "f32[]", arg36_1: "f32[]", arg37_1: "f32[]", arg38_1: "f32[]", arg39_1: "i32[4]"):
        # File: /tmp/vllm027/vllm/model_executor/layers/vocab_parallel_embedding.py:490 in forward, code: masked_input, input_mask = get_masked_input_and_mask(
        ge: "b8[2]" = torch.ops.aten.ge.Scalar(arg0_1, 512)
        lt: "b8[2]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and: "b8[2]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None
        ge_1: "b8[2]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)
        lt_1: "b8[2]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and_1: "b8[2]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None
        mul: "i64[2]" = torch.ops.aten.mul.Tensor(bitwise_and, 512)
        mul_1: "i64[2]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512)
        add: "i64[2]" = torch.ops.aten.add.Tensor(mul, mul_1);  mul = mul_1 = None
        bitwise_or: "b8[2]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = bitwise_and_1 = None
        sub: "i64[2]" = torch.ops.aten.sub.Tensor(arg0_1, add);  arg0_1 = add = None
        mul_2: "i64[2]" = torch.ops.aten.mul.Tensor(bitwise_or, sub);  sub = None
        bitwise_not: "b8[2]" = torch.ops.aten.bitwise_not.default(bitwise_or);  bitwise_or = None

        # File: /tmp/vllm027/vllm/model_executor/layers/vocab_parallel_embedding.py:501 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        embedding: "bf16[2, 256]" = torch.ops.aten.embedding.default(arg2_1, mul_2);  arg2_1 = mul_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/vocab_parallel_embedding.py:504 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[2, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        masked_fill_: "bf16[2, 256]" = torch.ops.aten.masked_fill_.Scalar(embedding, unsqueeze, 0);  embedding = unsqueeze = None

        # File: /tmp/vllm027/vllm/model_executor/layers/vocab_parallel_embedding.py:506 in forward, code: return tensor_model_parallel_all_reduce(output_parallel)
        all_reduce: "bf16[2, 256]" = torch.ops.vllm.all_reduce.default(masked_fill_, 'tp:0');  masked_fill_ = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy: "f32[256]" = torch.ops.aten._to_copy.default(arg13_1, dtype = torch.float32);  arg13_1 = None
        add_1: "f32[256]" = torch.ops.aten.add.Tensor(_to_copy, 1.0);  _to_copy = None
        rms_norm: "bf16[2, 256]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, add_1, 1e-06);  add_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:598 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t: "bf16[256, 384]" = torch.ops.aten.t.default(arg3_1);  arg3_1 = None
        mm: "bf16[2, 384]" = torch.ops.aten.mm.default(rms_norm, t);  rms_norm = t = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 128, 128], -1);  mm = None
        getitem: "bf16[2, 128]" = split_with_sizes[0]
        getitem_1: "bf16[2, 128]" = split_with_sizes[1]
        getitem_2: "bf16[2, 128]" = split_with_sizes[2];  split_with_sizes = None
        view: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem, [-1, 2, 64]);  getitem = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_1: "f32[64]" = torch.ops.aten._to_copy.default(arg5_1, dtype = torch.float32);  arg5_1 = None
        add_2: "f32[64]" = torch.ops.aten.add.Tensor(_to_copy_1, 1.0);  _to_copy_1 = None
        rms_norm_1: "bf16[2, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view, add_2, 1e-06);  view = add_2 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        view_1: "bf16[2, 128]" = torch.ops.aten.view.default(rms_norm_1, [-1, 128]);  rms_norm_1 = None
        view_2: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem_1, [-1, 2, 64]);  getitem_1 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_2: "f32[64]" = torch.ops.aten._to_copy.default(arg6_1, dtype = torch.float32);  arg6_1 = None
        add_3: "f32[64]" = torch.ops.aten.add.Tensor(_to_copy_2, 1.0);  _to_copy_2 = None
        rms_norm_2: "bf16[2, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_2, add_3, 1e-06);  view_2 = add_3 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        view_3: "bf16[2, 128]" = torch.ops.aten.view.default(rms_norm_2, [-1, 128]);  rms_norm_2 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding = torch.ops._C.rotary_embedding.default(arg1_1, view_1, view_3, 64, arg29_1, True);  rotary_embedding = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:531 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[2, 128]" = torch.ops.aten.empty.memory_format([2, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:536 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_4: "bf16[2, 2, 64]" = torch.ops.aten.view.default(view_1, [-1, 2, 64]);  view_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:537 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[2, 2, 64]" = torch.ops.aten.view.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:539 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_6: "bf16[2, 2, 64]" = torch.ops.aten.view.default(view_3, [-1, 2, 64]);  view_3 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:541 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem_2, [-1, 2, 64]);  getitem_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:571 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_6, view_7, 'model.layers.0.self_attn.attn')

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:574 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(view_4, view_6, view_7, view_5, 'model.layers.0.self_attn.attn', None, None, unified_kv_cache_update);  view_4 = view_6 = view_7 = unified_kv_cache_update = unified_attention_with_output = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:582 in forward, code: return output.view(-1, hidden_size)
        view_8: "bf16[2, 128]" = torch.ops.aten.view.default(view_5, [-1, 128]);  view_5 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:1764 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_1: "bf16[128, 256]" = torch.ops.aten.t.default(arg4_1);  arg4_1 = None
        mm_1: "bf16[2, 256]" = torch.ops.aten.mm.default(view_8, t_1);  view_8 = t_1 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:539 in forward, code: hidden_states = torch.nn.functional.pad(hidden_states, (0, 0, 0, sp_pad))
        constant_pad_nd: "bf16[2, 256]" = torch.ops.aten.constant_pad_nd.default(mm_1, [0, 0, 0, 0], 0.0);  mm_1 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:540 in forward, code: hidden_states = tensor_model_parallel_reduce_scatter(hidden_states, 0)
        reduce_scatter: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(constant_pad_nd, 0, 2, 'tp:0');  constant_pad_nd = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:542 in forward, code: residual = sequence_parallel_chunk(residual)
        sequence_parallel_chunk_impl: "bf16[1, 256]" = torch.ops.vllm.sequence_parallel_chunk_impl.default(all_reduce);  all_reduce = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_3: "f32[256]" = torch.ops.aten._to_copy.default(arg14_1, dtype = torch.float32);  arg14_1 = None
        add_4: "f32[256]" = torch.ops.aten.add.Tensor(_to_copy_3, 1.0);  _to_copy_3 = None
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter, sequence_parallel_chunk_impl, add_4, 1e-06);  reduce_scatter = sequence_parallel_chunk_impl = add_4 = None
        getitem_3: "bf16[1, 256]" = fused_add_rms_norm[0]
        getitem_4: "bf16[1, 256]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:203 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_9: "bf16[1, 256]" = torch.ops.aten.view.default(getitem_3, [-1, 256]);  getitem_3 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:403 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_2: "bf16[256, 4]" = torch.ops.aten.t.default(arg7_1);  arg7_1 = None
        mm_2: "bf16[1, 4]" = torch.ops.aten.mm.default(view_9, t_2);  t_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:721 in forward, code: result = self._forward_entry(
        all_gather: "bf16[4, 256]" = torch.ops.vllm.all_gather.default(view_9, 0, 4, 'ep:0')
        all_gather_1: "bf16[4, 4]" = torch.ops.vllm.all_gather.default(mm_2, 0, 4, 'ep:0');  mm_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:598 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_3: "bf16[256, 256]" = torch.ops.aten.t.default(arg9_1);  arg9_1 = None
        mm_3: "bf16[1, 256]" = torch.ops.aten.mm.default(view_9, t_3);  t_3 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        slice_1: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_3, 1, 0, 128)
        silu: "bf16[1, 128]" = torch.ops.aten.silu.default(slice_1);  slice_1 = None
        slice_2: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_3, 1, 128, 9223372036854775807);  mm_3 = None
        mul_3: "bf16[1, 128]" = torch.ops.aten.mul.Tensor(silu, slice_2);  silu = slice_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:1764 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_4: "bf16[128, 256]" = torch.ops.aten.t.default(arg10_1);  arg10_1 = None
        mm_4: "bf16[1, 256]" = torch.ops.aten.mm.default(mul_3, t_4);  mul_3 = t_4 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:403 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_5: "bf16[256, 1]" = torch.ops.aten.t.default(arg8_1);  arg8_1 = None
        mm_5: "bf16[1, 1]" = torch.ops.aten.mm.default(view_9, t_5);  view_9 = t_5 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen2_moe.py:116 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        sigmoid: "bf16[1, 1]" = torch.ops.aten.sigmoid.default(mm_5);  mm_5 = None
        detach: "bf16[1, 1]" = torch.ops.aten.detach.default(sigmoid);  detach = None
        mul_4: "bf16[1, 256]" = torch.ops.aten.mul.Tensor(sigmoid, mm_4);  sigmoid = mm_4 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:721 in forward, code: result = self._forward_entry(
        topk = torch.ops.aten.topk.default(all_gather_1, 2, -1, True, False);  all_gather_1 = None
        getitem_5: "bf16[4, 2]" = topk[0]
        getitem_6: "i64[4, 2]" = topk[1];  topk = None
        _softmax: "bf16[4, 2]" = torch.ops.aten._softmax.default(getitem_5, -1, False);  getitem_5 = None
        detach_1: "bf16[4, 2]" = torch.ops.aten.detach.default(_softmax);  detach_1 = None
        _to_copy_4: "f32[4, 2]" = torch.ops.aten._to_copy.default(_softmax, dtype = torch.float32);  _softmax = None
        _to_copy_5: "i32[4, 2]" = torch.ops.aten._to_copy.default(getitem_6, dtype = torch.int32);  getitem_6 = None
        empty_like: "bf16[4, 256]" = torch.ops.aten.empty_like.default(all_gather, pin_memory = False)
        cpu_fused_moe = torch.ops._C.cpu_fused_moe.default(empty_like, all_gather, arg11_1, arg12_1, None, None, _to_copy_4, _to_copy_5, False, 'silu', 'vec');  all_gather = arg11_1 = arg12_1 = _to_copy_4 = _to_copy_5 = cpu_fused_moe = None
        reduce_scatter_1: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(empty_like, 0, 4, 'ep:0');  empty_like = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:772 in forward, code: result = shared_output + fused_output
        add_5: "bf16[1, 256]" = torch.ops.aten.add.Tensor(mul_4, reduce_scatter_1);  mul_4 = reduce_scatter_1 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:226 in forward, code: return final_hidden_states.view(orig_shape)
        view_10: "bf16[1, 256]" = torch.ops.aten.view.default(add_5, [1, 256]);  add_5 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_6: "f32[256]" = torch.ops.aten._to_copy.default(arg25_1, dtype = torch.float32);  arg25_1 = None
        add_6: "f32[256]" = torch.ops.aten.add.Tensor(_to_copy_6, 1.0);  _to_copy_6 = None
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(view_10, getitem_4, add_6, 1e-06);  view_10 = getitem_4 = add_6 = None
        getitem_7: "bf16[1, 256]" = fused_add_rms_norm_1[0]
        getitem_8: "bf16[1, 256]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:511 in forward, code: hidden_states = tensor_model_parallel_all_gather(hidden_states, 0)
        all_gather_2: "bf16[2, 256]" = torch.ops.vllm.all_gather.default(getitem_7, 0, 2, 'tp:0');  getitem_7 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:512 in forward, code: hidden_states = hidden_states[:full_num_tokens]
        slice_3: "bf16[2, 256]" = torch.ops.aten.slice.Tensor(all_gather_2, 0, 0, 2);  all_gather_2 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:598 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_6: "bf16[256, 384]" = torch.ops.aten.t.default(arg15_1);  arg15_1 = None
        mm_6: "bf16[2, 384]" = torch.ops.aten.mm.default(slice_3, t_6);  slice_3 = t_6 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_6, [128, 128, 128], -1);  mm_6 = None
        getitem_9: "bf16[2, 128]" = split_with_sizes_1[0]
        getitem_10: "bf16[2, 128]" = split_with_sizes_1[1]
        getitem_11: "bf16[2, 128]" = split_with_sizes_1[2];  split_with_sizes_1 = None
        view_11: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem_9, [-1, 2, 64]);  getitem_9 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_7: "f32[64]" = torch.ops.aten._to_copy.default(arg17_1, dtype = torch.float32);  arg17_1 = None
        add_7: "f32[64]" = torch.ops.aten.add.Tensor(_to_copy_7, 1.0);  _to_copy_7 = None
        rms_norm_3: "bf16[2, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_11, add_7, 1e-06);  view_11 = add_7 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        view_12: "bf16[2, 128]" = torch.ops.aten.view.default(rms_norm_3, [-1, 128]);  rms_norm_3 = None
        view_13: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem_10, [-1, 2, 64]);  getitem_10 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_8: "f32[64]" = torch.ops.aten._to_copy.default(arg18_1, dtype = torch.float32);  arg18_1 = None
        add_8: "f32[64]" = torch.ops.aten.add.Tensor(_to_copy_8, 1.0);  _to_copy_8 = None
        rms_norm_4: "bf16[2, 2, 64]" = torch.ops.vllm_ir.rms_norm.default(view_13, add_8, 1e-06);  view_13 = add_8 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:393 in forward, code: q, k, v, gate = self._project_qkv_gate(qkv, positions)
        view_14: "bf16[2, 128]" = torch.ops.aten.view.default(rms_norm_4, [-1, 128]);  rms_norm_4 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding_1 = torch.ops._C.rotary_embedding.default(arg1_1, view_12, view_14, 64, arg29_1, True);  arg1_1 = arg29_1 = rotary_embedding_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:531 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[2, 128]" = torch.ops.aten.empty.memory_format([2, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:536 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_15: "bf16[2, 2, 64]" = torch.ops.aten.view.default(view_12, [-1, 2, 64]);  view_12 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:537 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_16: "bf16[2, 2, 64]" = torch.ops.aten.view.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:539 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_17: "bf16[2, 2, 64]" = torch.ops.aten.view.default(view_14, [-1, 2, 64]);  view_14 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:541 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_18: "bf16[2, 2, 64]" = torch.ops.aten.view.default(getitem_11, [-1, 2, 64]);  getitem_11 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:571 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_kv_cache_update.default(view_17, view_18, 'model.layers.1.self_attn.attn')

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:574 in forward, code: torch.ops.vllm.unified_attention_with_output(
        unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output.default(view_15, view_17, view_18, view_16, 'model.layers.1.self_attn.attn', None, None, unified_kv_cache_update_1);  view_15 = view_17 = view_18 = unified_kv_cache_update_1 = unified_attention_with_output_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/attention/attention.py:582 in forward, code: return output.view(-1, hidden_size)
        view_19: "bf16[2, 128]" = torch.ops.aten.view.default(view_16, [-1, 128]);  view_16 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:1764 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_7: "bf16[128, 256]" = torch.ops.aten.t.default(arg16_1);  arg16_1 = None
        mm_7: "bf16[2, 256]" = torch.ops.aten.mm.default(view_19, t_7);  view_19 = t_7 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:539 in forward, code: hidden_states = torch.nn.functional.pad(hidden_states, (0, 0, 0, sp_pad))
        constant_pad_nd_1: "bf16[2, 256]" = torch.ops.aten.constant_pad_nd.default(mm_7, [0, 0, 0, 0], 0.0);  mm_7 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:540 in forward, code: hidden_states = tensor_model_parallel_reduce_scatter(hidden_states, 0)
        reduce_scatter_2: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(constant_pad_nd_1, 0, 2, 'tp:0');  constant_pad_nd_1 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_9: "f32[256]" = torch.ops.aten._to_copy.default(arg26_1, dtype = torch.float32);  arg26_1 = None
        add_9: "f32[256]" = torch.ops.aten.add.Tensor(_to_copy_9, 1.0);  _to_copy_9 = None
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(reduce_scatter_2, getitem_8, add_9, 1e-06);  reduce_scatter_2 = getitem_8 = add_9 = None
        getitem_12: "bf16[1, 256]" = fused_add_rms_norm_2[0]
        getitem_13: "bf16[1, 256]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:203 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_20: "bf16[1, 256]" = torch.ops.aten.view.default(getitem_12, [-1, 256]);  getitem_12 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:403 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_8: "bf16[256, 4]" = torch.ops.aten.t.default(arg19_1);  arg19_1 = None
        mm_8: "bf16[1, 4]" = torch.ops.aten.mm.default(view_20, t_8);  t_8 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:721 in forward, code: result = self._forward_entry(
        all_gather_3: "bf16[4, 256]" = torch.ops.vllm.all_gather.default(view_20, 0, 4, 'ep:0')
        all_gather_4: "bf16[4, 4]" = torch.ops.vllm.all_gather.default(mm_8, 0, 4, 'ep:0');  mm_8 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:598 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_9: "bf16[256, 256]" = torch.ops.aten.t.default(arg21_1);  arg21_1 = None
        mm_9: "bf16[1, 256]" = torch.ops.aten.mm.default(view_20, t_9);  t_9 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        slice_4: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_9, 1, 0, 128)
        silu_1: "bf16[1, 128]" = torch.ops.aten.silu.default(slice_4);  slice_4 = None
        slice_5: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_9, 1, 128, 9223372036854775807);  mm_9 = None
        mul_5: "bf16[1, 128]" = torch.ops.aten.mul.Tensor(silu_1, slice_5);  silu_1 = slice_5 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:1764 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_10: "bf16[128, 256]" = torch.ops.aten.t.default(arg22_1);  arg22_1 = None
        mm_10: "bf16[1, 256]" = torch.ops.aten.mm.default(mul_5, t_10);  mul_5 = t_10 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/linear.py:403 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_11: "bf16[256, 1]" = torch.ops.aten.t.default(arg20_1);  arg20_1 = None
        mm_11: "bf16[1, 1]" = torch.ops.aten.mm.default(view_20, t_11);  view_20 = t_11 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen2_moe.py:116 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        sigmoid_1: "bf16[1, 1]" = torch.ops.aten.sigmoid.default(mm_11);  mm_11 = None
        detach_2: "bf16[1, 1]" = torch.ops.aten.detach.default(sigmoid_1);  detach_2 = None
        mul_6: "bf16[1, 256]" = torch.ops.aten.mul.Tensor(sigmoid_1, mm_10);  sigmoid_1 = mm_10 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:721 in forward, code: result = self._forward_entry(
        topk_1 = torch.ops.aten.topk.default(all_gather_4, 2, -1, True, False);  all_gather_4 = None
        getitem_14: "bf16[4, 2]" = topk_1[0]
        getitem_15: "i64[4, 2]" = topk_1[1];  topk_1 = None
        _softmax_1: "bf16[4, 2]" = torch.ops.aten._softmax.default(getitem_14, -1, False);  getitem_14 = None
        detach_3: "bf16[4, 2]" = torch.ops.aten.detach.default(_softmax_1);  detach_3 = None
        _to_copy_10: "f32[4, 2]" = torch.ops.aten._to_copy.default(_softmax_1, dtype = torch.float32);  _softmax_1 = None
        _to_copy_11: "i32[4, 2]" = torch.ops.aten._to_copy.default(getitem_15, dtype = torch.int32);  getitem_15 = None
        empty_like_1: "bf16[4, 256]" = torch.ops.aten.empty_like.default(all_gather_3, pin_memory = False)
        cpu_fused_moe_1 = torch.ops._C.cpu_fused_moe.default(empty_like_1, all_gather_3, arg23_1, arg24_1, None, None, _to_copy_10, _to_copy_11, False, 'silu', 'vec');  all_gather_3 = arg23_1 = arg24_1 = _to_copy_10 = _to_copy_11 = cpu_fused_moe_1 = None
        reduce_scatter_3: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(empty_like_1, 0, 4, 'ep:0');  empty_like_1 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:772 in forward, code: result = shared_output + fused_output
        add_10: "bf16[1, 256]" = torch.ops.aten.add.Tensor(mul_6, reduce_scatter_3);  mul_6 = reduce_scatter_3 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:226 in forward, code: return final_hidden_states.view(orig_shape)
        view_21: "bf16[1, 256]" = torch.ops.aten.view.default(add_10, [1, 256]);  add_10 = None

        # File: /tmp/vllm027/vllm/model_executor/models/qwen3_next.py:703 in forward, code: hidden_states, residual = _all_gather_hidden_and_residual(
        cat: "bf16[1, 512]" = torch.ops.aten.cat.default([view_21, getitem_13], -1);  view_21 = getitem_13 = None
        all_gather_5: "bf16[2, 512]" = torch.ops.vllm.all_gather.default(cat, 0, 2, 'tp:0');  cat = None
        slice_6: "bf16[2, 512]" = torch.ops.aten.slice.Tensor(all_gather_5, 0, 0, 2);  all_gather_5 = None
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(slice_6, [256, 256], -1);  slice_6 = None
        getitem_16: "bf16[2, 256]" = split_with_sizes_2[0]
        getitem_17: "bf16[2, 256]" = split_with_sizes_2[1];  split_with_sizes_2 = None

        # File: /tmp/vllm027/vllm/model_executor/custom_op.py:136 in forward, code: return self._forward_method(*args, **kwargs)
        _to_copy_12: "f32[256]" = torch.ops.aten._to_copy.default(arg27_1, dtype = torch.float32);  arg27_1 = None
        add_11: "f32[256]" = torch.ops.aten.add.Tensor(_to_copy_12, 1.0);  _to_copy_12 = None
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(getitem_16, getitem_17, add_11, 1e-06);  getitem_16 = getitem_17 = add_11 = None
        getitem_18: "bf16[2, 256]" = fused_add_rms_norm_3[0]
        getitem_19: "bf16[2, 256]" = fused_add_rms_norm_3[1];  fused_add_rms_norm_3 = getitem_19 = None

        # File: /tmp/vllm027/vllm/model_executor/layers/logits_processor.py:73 in forward, code: logits = self._get_logits(hidden_states, lm_head, embedding_bias)
        t_12: "bf16[256, 512]" = torch.ops.aten.t.default(arg28_1);  arg28_1 = None
        mm_12: "bf16[2, 512]" = torch.ops.aten.mm.default(getitem_18, t_12);  getitem_18 = t_12 = None
        all_gather_6: "bf16[2, 1024]" = torch.ops.vllm.all_gather.default(mm_12, -1, 2, 'tp:0');  mm_12 = None
        alias: "bf16[2, 1024]" = torch.ops.aten.alias.default(all_gather_6);  all_gather_6 = None
        return alias
