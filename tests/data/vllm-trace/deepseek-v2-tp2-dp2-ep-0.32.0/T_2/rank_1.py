class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[2]", arg1_1: "i64[2]", arg2_1: "bf16[512, 256]", arg3_1: "bf16[576, 256]", arg4_1: "bf16[384, 256]", arg5_1: "bf16[512]", arg6_1: "bf16[512, 512]", arg7_1: "bf16[256, 256]", arg8_1: "bf16[512, 256]", arg9_1: "bf16[256, 256]", arg10_1: "bf16[256]", arg11_1: "bf16[256]", arg12_1: "bf16[576, 256]", arg13_1: "bf16[384, 256]", arg14_1: "bf16[512]", arg15_1: "bf16[512, 512]", arg16_1: "bf16[256, 256]", arg17_1: "bf16[4, 256]", arg18_1: "bf16[256, 256]", arg19_1: "bf16[256, 128]", arg20_1: "bf16[1, 256, 256]", arg21_1: "bf16[1, 256, 128]", arg22_1: "bf16[256]", arg23_1: "bf16[256]", arg24_1: "bf16[256]", arg25_1: "bf16[512, 256]", arg26_1: "bf16[256, 64]", arg27_1: "f32[]", arg28_1: "f32[]", arg29_1: "f32[]", arg30_1: "f32[]", arg31_1: "f32[]", arg32_1: "f32[]", arg33_1: "f32[]", arg34_1: "f32[]", arg35_1: "i32[4]"):
        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:542 in forward, code: masked_input, input_mask = get_masked_input_and_mask(
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

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:550 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        embedding: "bf16[2, 256]" = torch.ops.aten.embedding.default(arg2_1, mul_2);  arg2_1 = mul_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:557 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[2, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        masked_fill_: "bf16[2, 256]" = torch.ops.aten.masked_fill_.Scalar(embedding, unsqueeze, 0);  embedding = unsqueeze = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:562 in forward, code: else tensor_model_parallel_all_reduce(output_parallel)
        all_reduce: "bf16[2, 256]" = torch.ops.vllm.all_reduce.default(masked_fill_, 'tp:0');  masked_fill_ = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:564 in forward, code: return output_parallel.view(output_dtype)
        view: "bf16[2, 256]" = torch.ops.aten.view.dtype(all_reduce, torch.bfloat16);  all_reduce = None
        detach: "bf16[2, 256]" = torch.ops.aten.detach.default(view);  view = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_1: "bf16[256]" = torch.ops.aten.detach.default(arg10_1);  arg10_1 = None
        rms_norm: "bf16[2, 256]" = torch.ops.vllm_ir.rms_norm.default(detach, detach_1, 1e-06);  detach_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t: "bf16[256, 576]" = torch.ops.aten.t.default(arg3_1);  arg3_1 = None
        mm: "bf16[2, 576]" = torch.ops.aten.mm.default(rms_norm, t);  t = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [512, 64], -1);  mm = None
        getitem: "bf16[2, 512]" = split_with_sizes[0]
        getitem_1: "bf16[2, 64]" = split_with_sizes[1];  split_with_sizes = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_2: "bf16[512]" = torch.ops.aten.detach.default(arg5_1);  arg5_1 = None
        rms_norm_1: "bf16[2, 512]" = torch.ops.vllm_ir.rms_norm.default(getitem, detach_2, 1e-06);  getitem = detach_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_1: "bf16[2, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_1, 1);  getitem_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_1: "bf16[256, 384]" = torch.ops.aten.t.default(arg4_1);  arg4_1 = None
        mm_1: "bf16[2, 384]" = torch.ops.aten.mm.default(rms_norm, t_1);  rms_norm = t_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view_1: "bf16[2, 2, 192]" = torch.ops.aten.view.default(mm_1, [-1, 2, 192]);  mm_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_1: "bf16[2, 2, 64]" = torch.ops.aten.slice.Tensor(view_1, 2, 128, 9223372036854775807)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding = torch.ops._C.rotary_embedding.default(arg1_1, slice_1, unsqueeze_1, 64, arg26_1, False);  rotary_embedding = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_2: "bf16[2, 2, 64]" = torch.ops.aten.slice.Tensor(view_1, 2, 128, 9223372036854775807)
        copy_: "bf16[2, 2, 64]" = torch.ops.aten.copy_.default(slice_2, slice_1);  slice_2 = slice_1 = copy_ = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:865 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_1, unsqueeze_1, 'model.layers.0.self_attn.attn', 'auto', arg27_1);  arg27_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:872 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty: "bf16[2, 256]" = torch.ops.aten.empty.memory_format([2, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:873 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        unified_mla_attention_with_output = torch.ops.vllm.unified_mla_attention_with_output.default(view_1, rms_norm_1, unsqueeze_1, empty, 'model.layers.0.self_attn.attn', None, None, unified_mla_kv_cache_update);  view_1 = rms_norm_1 = unsqueeze_1 = unified_mla_kv_cache_update = unified_mla_attention_with_output = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_2: "bf16[256, 256]" = torch.ops.aten.t.default(arg7_1);  arg7_1 = None
        mm_2: "bf16[2, 256]" = torch.ops.aten.mm.default(empty, t_2);  empty = t_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_1: "bf16[2, 256]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_3: "bf16[256]" = torch.ops.aten.detach.default(arg11_1);  arg11_1 = None
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_1, detach, detach_3, 1e-06);  all_reduce_1 = detach = detach_3 = None
        getitem_2: "bf16[2, 256]" = fused_add_rms_norm[0]
        getitem_3: "bf16[2, 256]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_3: "bf16[256, 512]" = torch.ops.aten.t.default(arg8_1);  arg8_1 = None
        mm_3: "bf16[2, 512]" = torch.ops.aten.mm.default(getitem_2, t_3);  getitem_2 = t_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        slice_3: "bf16[2, 256]" = torch.ops.aten.slice.Tensor(mm_3, 1, 0, 256)
        silu: "bf16[2, 256]" = torch.ops.aten.silu.default(slice_3);  slice_3 = None
        slice_4: "bf16[2, 256]" = torch.ops.aten.slice.Tensor(mm_3, 1, 256, 9223372036854775807);  mm_3 = None
        mul_3: "bf16[2, 256]" = torch.ops.aten.mul.Tensor(silu, slice_4);  silu = slice_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_4: "bf16[256, 256]" = torch.ops.aten.t.default(arg9_1);  arg9_1 = None
        mm_4: "bf16[2, 256]" = torch.ops.aten.mm.default(mul_3, t_4);  mul_3 = t_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_2: "bf16[2, 256]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_4: "bf16[256]" = torch.ops.aten.detach.default(arg22_1);  arg22_1 = None
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_2, getitem_3, detach_4, 1e-06);  all_reduce_2 = getitem_3 = detach_4 = None
        getitem_4: "bf16[2, 256]" = fused_add_rms_norm_1[0]
        getitem_5: "bf16[2, 256]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_5: "bf16[256, 576]" = torch.ops.aten.t.default(arg12_1);  arg12_1 = None
        mm_5: "bf16[2, 576]" = torch.ops.aten.mm.default(getitem_4, t_5);  t_5 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_5, [512, 64], -1);  mm_5 = None
        getitem_6: "bf16[2, 512]" = split_with_sizes_1[0]
        getitem_7: "bf16[2, 64]" = split_with_sizes_1[1];  split_with_sizes_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_5: "bf16[512]" = torch.ops.aten.detach.default(arg14_1);  arg14_1 = None
        rms_norm_2: "bf16[2, 512]" = torch.ops.vllm_ir.rms_norm.default(getitem_6, detach_5, 1e-06);  getitem_6 = detach_5 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_2: "bf16[2, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_7, 1);  getitem_7 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_6: "bf16[256, 384]" = torch.ops.aten.t.default(arg13_1);  arg13_1 = None
        mm_6: "bf16[2, 384]" = torch.ops.aten.mm.default(getitem_4, t_6);  getitem_4 = t_6 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view_2: "bf16[2, 2, 192]" = torch.ops.aten.view.default(mm_6, [-1, 2, 192]);  mm_6 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_5: "bf16[2, 2, 64]" = torch.ops.aten.slice.Tensor(view_2, 2, 128, 9223372036854775807)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding_1 = torch.ops._C.rotary_embedding.default(arg1_1, slice_5, unsqueeze_2, 64, arg26_1, False);  arg1_1 = arg26_1 = rotary_embedding_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_6: "bf16[2, 2, 64]" = torch.ops.aten.slice.Tensor(view_2, 2, 128, 9223372036854775807)
        copy__1: "bf16[2, 2, 64]" = torch.ops.aten.copy_.default(slice_6, slice_5);  slice_6 = slice_5 = copy__1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:865 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_2, unsqueeze_2, 'model.layers.1.self_attn.attn', 'auto', arg31_1);  arg31_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:872 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty_1: "bf16[2, 256]" = torch.ops.aten.empty.memory_format([2, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:873 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        unified_mla_attention_with_output_1 = torch.ops.vllm.unified_mla_attention_with_output.default(view_2, rms_norm_2, unsqueeze_2, empty_1, 'model.layers.1.self_attn.attn', None, None, unified_mla_kv_cache_update_1);  view_2 = rms_norm_2 = unsqueeze_2 = unified_mla_kv_cache_update_1 = unified_mla_attention_with_output_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_7: "bf16[256, 256]" = torch.ops.aten.t.default(arg16_1);  arg16_1 = None
        mm_7: "bf16[2, 256]" = torch.ops.aten.mm.default(empty_1, t_7);  empty_1 = t_7 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1400 in forward, code: hidden_states = torch.nn.functional.pad(hidden_states, (0, 0, 0, sp_pad))
        constant_pad_nd: "bf16[2, 256]" = torch.ops.aten.constant_pad_nd.default(mm_7, [0, 0, 0, 0], 0.0);  mm_7 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1401 in forward, code: hidden_states = tensor_model_parallel_reduce_scatter(hidden_states, 0)
        reduce_scatter: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(constant_pad_nd, 0, 2, 'tp:0');  constant_pad_nd = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1403 in forward, code: residual = sequence_parallel_chunk(residual)
        sequence_parallel_chunk_impl: "bf16[1, 256]" = torch.ops.vllm.sequence_parallel_chunk_impl.default(getitem_5);  getitem_5 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_6: "bf16[256]" = torch.ops.aten.detach.default(arg23_1);  arg23_1 = None
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(reduce_scatter, sequence_parallel_chunk_impl, detach_6, 1e-06);  reduce_scatter = sequence_parallel_chunk_impl = detach_6 = None
        getitem_8: "bf16[1, 256]" = fused_add_rms_norm_2[0]
        getitem_9: "bf16[1, 256]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:417 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_3: "bf16[1, 256]" = torch.ops.aten.view.default(getitem_8, [-1, 256]);  getitem_8 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_8: "bf16[256, 4]" = torch.ops.aten.t.default(arg17_1);  arg17_1 = None
        mm_8: "bf16[1, 4]" = torch.ops.aten.mm.default(view_3, t_8);  t_8 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_9: "bf16[256, 256]" = torch.ops.aten.t.default(arg18_1);  arg18_1 = None
        mm_9: "bf16[1, 256]" = torch.ops.aten.mm.default(view_3, t_9);  t_9 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        slice_7: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_9, 1, 0, 128)
        silu_1: "bf16[1, 128]" = torch.ops.aten.silu.default(slice_7);  slice_7 = None
        slice_8: "bf16[1, 128]" = torch.ops.aten.slice.Tensor(mm_9, 1, 128, 9223372036854775807);  mm_9 = None
        mul_4: "bf16[1, 128]" = torch.ops.aten.mul.Tensor(silu_1, slice_8);  silu_1 = slice_8 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_10: "bf16[128, 256]" = torch.ops.aten.t.default(arg19_1);  arg19_1 = None
        mm_10: "bf16[1, 256]" = torch.ops.aten.mm.default(mul_4, t_10);  mul_4 = t_10 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:737 in forward, code: result = self._forward_entry(
        _to_copy: "f32[1, 4]" = torch.ops.aten._to_copy.default(mm_8, dtype = torch.float32);  mm_8 = None
        _softmax: "f32[1, 4]" = torch.ops.aten._softmax.default(_to_copy, -1, False);  _to_copy = None
        view_4: "f32[1, 1, 4]" = torch.ops.aten.view.default(_softmax, [1, 1, -1])
        max_1 = torch.ops.aten.max.dim(view_4, -1);  view_4 = None
        getitem_10: "f32[1, 1]" = max_1[0]
        getitem_11: "i64[1, 1]" = max_1[1];  max_1 = getitem_11 = None
        topk = torch.ops.aten.topk.default(getitem_10, 1, -1, True, False)
        getitem_12: "f32[1, 1]" = topk[0];  getitem_12 = None
        getitem_13: "i64[1, 1]" = topk[1];  topk = None
        zeros_like: "f32[1, 1]" = torch.ops.aten.zeros_like.default(getitem_10, pin_memory = False);  getitem_10 = None
        scatter_: "f32[1, 1]" = torch.ops.aten.scatter_.value(zeros_like, 1, getitem_13, 1);  zeros_like = getitem_13 = None
        unsqueeze_3: "f32[1, 1, 1]" = torch.ops.aten.unsqueeze.default(scatter_, -1);  scatter_ = None
        expand: "f32[1, 1, 4]" = torch.ops.aten.expand.default(unsqueeze_3, [1, 1, 4]);  unsqueeze_3 = None
        view_5: "f32[1, 4]" = torch.ops.aten.view.default(expand, [1, 4]);  expand = None
        _to_copy_1: "b8[1, 4]" = torch.ops.aten._to_copy.default(view_5, dtype = torch.bool);  view_5 = None
        bitwise_not_1: "b8[1, 4]" = torch.ops.aten.bitwise_not.default(_to_copy_1);  _to_copy_1 = None
        masked_fill: "f32[1, 4]" = torch.ops.aten.masked_fill.Scalar(_softmax, bitwise_not_1, -inf);  _softmax = bitwise_not_1 = None
        topk_1 = torch.ops.aten.topk.default(masked_fill, 2, -1, True, False);  masked_fill = None
        getitem_14: "f32[1, 2]" = topk_1[0]
        getitem_15: "i64[1, 2]" = topk_1[1];  topk_1 = None
        _to_copy_2: "i32[1, 2]" = torch.ops.aten._to_copy.default(getitem_15, dtype = torch.int32);  getitem_15 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like: "bf16[1, 256]" = torch.ops.aten.empty_like.default(view_3, pin_memory = False)
        all_gather: "bf16[4, 256]" = torch.ops.vllm.all_gather.default(view_3, 0, 4, 'ep:0');  view_3 = None
        all_gather_1: "f32[4, 2]" = torch.ops.vllm.all_gather.default(getitem_14, 0, 4, 'ep:0');  getitem_14 = None
        all_gather_2: "i32[4, 2]" = torch.ops.vllm.all_gather.default(_to_copy_2, 0, 4, 'ep:0');  _to_copy_2 = None
        empty_2: "bf16[1024]" = torch.ops.aten.empty.memory_format([1024], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_3: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_3 = None
        slice_9: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_2, 0, 0, 0)
        view_6: "bf16[0]" = torch.ops.aten.view.default(slice_9, [0]);  slice_9 = view_6 = None
        slice_10: "bf16[1024]" = torch.ops.aten.slice.Tensor(empty_2, 0, 0, 1024);  empty_2 = None
        view_7: "bf16[4, 256]" = torch.ops.aten.view.default(slice_10, [4, 256]);  slice_10 = None
        cpu_fused_moe = torch.ops._C.cpu_fused_moe.default(view_7, all_gather, arg20_1, arg21_1, None, None, all_gather_1, all_gather_2, False, 'silu', 'vec');  all_gather = arg20_1 = arg21_1 = all_gather_1 = all_gather_2 = cpu_fused_moe = None
        reduce_scatter_1: "bf16[1, 256]" = torch.ops.vllm.reduce_scatter.default(view_7, 0, 4, 'ep:0');  view_7 = None
        copy__2: "bf16[1, 256]" = torch.ops.aten.copy_.default(empty_like, reduce_scatter_1);  empty_like = reduce_scatter_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:789 in forward, code: result = shared_output + fused_output
        add_1: "bf16[1, 256]" = torch.ops.aten.add.Tensor(mm_10, copy__2);  mm_10 = copy__2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:434 in forward, code: return final_hidden_states.view(num_tokens, hidden_dim)
        view_8: "bf16[1, 256]" = torch.ops.aten.view.default(add_1, [1, 256]);  add_1 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1579 in forward, code: combined_states = torch.cat([hidden_states, residual], dim=-1)
        cat: "bf16[1, 512]" = torch.ops.aten.cat.default([view_8, getitem_9], -1);  view_8 = getitem_9 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1580 in forward, code: combined_states = tensor_model_parallel_all_gather(combined_states, 0)
        all_gather_3: "bf16[2, 512]" = torch.ops.vllm.all_gather.default(cat, 0, 2, 'tp:0');  cat = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1581 in forward, code: combined_states = combined_states[: positions.shape[0]]
        slice_11: "bf16[2, 512]" = torch.ops.aten.slice.Tensor(all_gather_3, 0, 0, 2);  all_gather_3 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:1582 in forward, code: hidden_states, residual = combined_states.split(
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(slice_11, [256, 256], -1);  slice_11 = None
        getitem_16: "bf16[2, 256]" = split_with_sizes_2[0]
        getitem_17: "bf16[2, 256]" = split_with_sizes_2[1];  split_with_sizes_2 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_7: "bf16[256]" = torch.ops.aten.detach.default(arg24_1);  arg24_1 = None
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(getitem_16, getitem_17, detach_7, 1e-06);  getitem_16 = getitem_17 = detach_7 = None
        getitem_18: "bf16[2, 256]" = fused_add_rms_norm_3[0]
        getitem_19: "bf16[2, 256]" = fused_add_rms_norm_3[1];  fused_add_rms_norm_3 = getitem_19 = None

        # File: /tmp/vllm32-venv/lib/python3.11/site-packages/vllm/model_executor/layers/logits_processor.py:109 in forward, code: logits = self._get_logits(
        t_11: "bf16[256, 512]" = torch.ops.aten.t.default(arg25_1);  arg25_1 = None
        mm_11: "bf16[2, 512]" = torch.ops.aten.mm.default(getitem_18, t_11);  getitem_18 = t_11 = None
        all_gather_4: "bf16[2, 1024]" = torch.ops.vllm.all_gather.default(mm_11, -1, 2, 'tp:0');  mm_11 = None
        alias: "bf16[2, 1024]" = torch.ops.aten.alias.default(all_gather_4);  all_gather_4 = None
        return alias
