class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[8]", arg1_1: "i64[8]", arg2_1: "bf16[256, 256]", arg3_1: "bf16[704, 256]", arg4_1: "bf16[128]", arg5_1: "bf16[192, 128]", arg6_1: "bf16[512]", arg7_1: "bf16[256, 512]", arg8_1: "bf16[256, 128]", arg9_1: "bf16[256, 256]", arg10_1: "bf16[256, 128]", arg11_1: "bf16[256]", arg12_1: "bf16[256]", arg13_1: "bf16[704, 256]", arg14_1: "bf16[128]", arg15_1: "bf16[192, 128]", arg16_1: "bf16[512]", arg17_1: "bf16[256, 512]", arg18_1: "bf16[256, 128]", arg19_1: "bf16[8, 256]", arg20_1: "f32[8]", arg21_1: "bf16[64, 256]", arg22_1: "bf16[256, 32]", arg23_1: "bf16[8, 64, 256]", arg24_1: "bf16[8, 256, 32]", arg25_1: "bf16[256]", arg26_1: "bf16[256]", arg27_1: "bf16[256]", arg28_1: "bf16[256, 256]", arg29_1: "bf16[256, 64]", arg30_1: "f32[]", arg31_1: "f32[]", arg32_1: "f32[]", arg33_1: "f32[]", arg34_1: "f32[]", arg35_1: "f32[]", arg36_1: "f32[]", arg37_1: "f32[]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:537 in forward, code: masked_input, input_mask = get_masked_input_and_mask(
        ge: "b8[8]" = torch.ops.aten.ge.Scalar(arg0_1, 768)
        lt: "b8[8]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and: "b8[8]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None
        ge_1: "b8[8]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)
        lt_1: "b8[8]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and_1: "b8[8]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None
        mul: "i64[8]" = torch.ops.aten.mul.Tensor(bitwise_and, 768)
        mul_1: "i64[8]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 768)
        add: "i64[8]" = torch.ops.aten.add.Tensor(mul, mul_1);  mul = mul_1 = None
        bitwise_or: "b8[8]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = bitwise_and_1 = None
        sub: "i64[8]" = torch.ops.aten.sub.Tensor(arg0_1, add);  arg0_1 = add = None
        mul_2: "i64[8]" = torch.ops.aten.mul.Tensor(bitwise_or, sub);  sub = None
        bitwise_not: "b8[8]" = torch.ops.aten.bitwise_not.default(bitwise_or);  bitwise_or = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:545 in forward, code: output_parallel = self.quant_method.embedding(self, masked_input.long())
        embedding: "bf16[8, 256]" = torch.ops.aten.embedding.default(arg2_1, mul_2);  arg2_1 = mul_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[8, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        masked_fill_: "bf16[8, 256]" = torch.ops.aten.masked_fill_.Scalar(embedding, unsqueeze, 0);  embedding = unsqueeze = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:563 in forward, code: return tensor_model_parallel_all_reduce(output_parallel)
        all_reduce: "bf16[8, 256]" = torch.ops.vllm.all_reduce.default(masked_fill_, 'tp:0');  masked_fill_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach: "bf16[256]" = torch.ops.aten.detach.default(arg11_1);  arg11_1 = None
        rms_norm: "bf16[8, 256]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, detach, 1e-06);  detach = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t: "bf16[256, 704]" = torch.ops.aten.t.default(arg3_1);  arg3_1 = None
        mm: "bf16[8, 704]" = torch.ops.aten.mm.default(rms_norm, t);  rms_norm = t = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:184 in forward, code: q_c, kv_lora = qkv_lora.split(
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [128, 576], -1);  mm = None
        getitem: "bf16[8, 128]" = split_with_sizes[0]
        getitem_1: "bf16[8, 576]" = split_with_sizes[1];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_1: "bf16[128]" = torch.ops.aten.detach.default(arg4_1);  arg4_1 = None
        rms_norm_1: "bf16[8, 128]" = torch.ops.vllm_ir.rms_norm.default(getitem, detach_1, 1e-06);  getitem = detach_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(getitem_1, [512, 64], -1);  getitem_1 = None
        getitem_2: "bf16[8, 512]" = split_with_sizes_1[0]
        getitem_3: "bf16[8, 64]" = split_with_sizes_1[1];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_2: "bf16[512]" = torch.ops.aten.detach.default(arg6_1);  arg6_1 = None
        rms_norm_2: "bf16[8, 512]" = torch.ops.vllm_ir.rms_norm.default(getitem_2, detach_2, 1e-06);  getitem_2 = detach_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_1: "bf16[8, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_3, 1);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_1: "bf16[128, 192]" = torch.ops.aten.t.default(arg5_1);  arg5_1 = None
        mm_1: "bf16[8, 192]" = torch.ops.aten.mm.default(rms_norm_1, t_1);  rms_norm_1 = t_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view: "bf16[8, 1, 192]" = torch.ops.aten.view.default(mm_1, [-1, 1, 192]);  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_1: "bf16[8, 1, 64]" = torch.ops.aten.slice.Tensor(view, 2, 128, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding = torch.ops._C.rotary_embedding.default(arg1_1, slice_1, unsqueeze_1, 64, arg29_1, False);  rotary_embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_2: "bf16[8, 1, 64]" = torch.ops.aten.slice.Tensor(view, 2, 128, 9223372036854775807)
        copy_: "bf16[8, 1, 64]" = torch.ops.aten.copy_.default(slice_2, slice_1);  slice_2 = slice_1 = copy_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:875 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update: "bf16[0]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_2, unsqueeze_1, 'model.layers.0.self_attn.attn', 'auto', arg30_1);  arg30_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:882 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty: "bf16[8, 128]" = torch.ops.aten.empty.memory_format([8, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:883 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        unified_mla_attention_with_output = torch.ops.vllm.unified_mla_attention_with_output.default(view, rms_norm_2, unsqueeze_1, empty, 'model.layers.0.self_attn.attn', None, None, unified_mla_kv_cache_update);  view = rms_norm_2 = unsqueeze_1 = unified_mla_kv_cache_update = unified_mla_attention_with_output = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_2: "bf16[128, 256]" = torch.ops.aten.t.default(arg8_1);  arg8_1 = None
        mm_2: "bf16[8, 256]" = torch.ops.aten.mm.default(empty, t_2);  empty = t_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_1: "bf16[8, 256]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_3: "bf16[256]" = torch.ops.aten.detach.default(arg12_1);  arg12_1 = None
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_1, all_reduce, detach_3, 1e-06);  all_reduce_1 = all_reduce = detach_3 = None
        getitem_4: "bf16[8, 256]" = fused_add_rms_norm[0]
        getitem_5: "bf16[8, 256]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_3: "bf16[256, 256]" = torch.ops.aten.t.default(arg9_1);  arg9_1 = None
        mm_3: "bf16[8, 256]" = torch.ops.aten.mm.default(getitem_4, t_3);  getitem_4 = t_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        slice_3: "bf16[8, 128]" = torch.ops.aten.slice.Tensor(mm_3, 1, 0, 128)
        silu: "bf16[8, 128]" = torch.ops.aten.silu.default(slice_3);  slice_3 = None
        slice_4: "bf16[8, 128]" = torch.ops.aten.slice.Tensor(mm_3, 1, 128, 9223372036854775807);  mm_3 = None
        mul_3: "bf16[8, 128]" = torch.ops.aten.mul.Tensor(silu, slice_4);  silu = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_4: "bf16[128, 256]" = torch.ops.aten.t.default(arg10_1);  arg10_1 = None
        mm_4: "bf16[8, 256]" = torch.ops.aten.mm.default(mul_3, t_4);  mul_3 = t_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_2: "bf16[8, 256]" = torch.ops.vllm.all_reduce.default(mm_4, 'tp:0');  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_4: "bf16[256]" = torch.ops.aten.detach.default(arg25_1);  arg25_1 = None
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_2, getitem_5, detach_4, 1e-06);  all_reduce_2 = getitem_5 = detach_4 = None
        getitem_6: "bf16[8, 256]" = fused_add_rms_norm_1[0]
        getitem_7: "bf16[8, 256]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_5: "bf16[256, 704]" = torch.ops.aten.t.default(arg13_1);  arg13_1 = None
        mm_5: "bf16[8, 704]" = torch.ops.aten.mm.default(getitem_6, t_5);  getitem_6 = t_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:184 in forward, code: q_c, kv_lora = qkv_lora.split(
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_5, [128, 576], -1);  mm_5 = None
        getitem_8: "bf16[8, 128]" = split_with_sizes_2[0]
        getitem_9: "bf16[8, 576]" = split_with_sizes_2[1];  split_with_sizes_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_5: "bf16[128]" = torch.ops.aten.detach.default(arg14_1);  arg14_1 = None
        rms_norm_3: "bf16[8, 128]" = torch.ops.vllm_ir.rms_norm.default(getitem_8, detach_5, 1e-06);  getitem_8 = detach_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:203 in forward, code: kv_c, k_pe = kv_lora.split([self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        split_with_sizes_3 = torch.ops.aten.split_with_sizes.default(getitem_9, [512, 64], -1);  getitem_9 = None
        getitem_10: "bf16[8, 512]" = split_with_sizes_3[0]
        getitem_11: "bf16[8, 64]" = split_with_sizes_3[1];  split_with_sizes_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_6: "bf16[512]" = torch.ops.aten.detach.default(arg16_1);  arg16_1 = None
        rms_norm_4: "bf16[8, 512]" = torch.ops.vllm_ir.rms_norm.default(getitem_10, detach_6, 1e-06);  getitem_10 = detach_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:219 in forward, code: k_pe = k_pe.unsqueeze(1)
        unsqueeze_2: "bf16[8, 1, 64]" = torch.ops.aten.unsqueeze.default(getitem_11, 1);  getitem_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_6: "bf16[128, 192]" = torch.ops.aten.t.default(arg15_1);  arg15_1 = None
        mm_6: "bf16[8, 192]" = torch.ops.aten.mm.default(rms_norm_3, t_6);  rms_norm_3 = t_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:225 in forward, code: q = q.view(-1, heads, self.qk_head_dim)
        view_1: "bf16[8, 1, 192]" = torch.ops.aten.view.default(mm_6, [-1, 1, 192]);  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:229 in forward, code: positions, q[..., self.qk_nope_head_dim :], k_pe
        slice_5: "bf16[8, 1, 64]" = torch.ops.aten.slice.Tensor(view_1, 2, 128, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        rotary_embedding_1 = torch.ops._C.rotary_embedding.default(arg1_1, slice_5, unsqueeze_2, 64, arg29_1, False);  arg1_1 = arg29_1 = rotary_embedding_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mla.py:228 in forward, code: q[..., self.qk_nope_head_dim :], k_pe = self.rotary_emb(
        slice_6: "bf16[8, 1, 64]" = torch.ops.aten.slice.Tensor(view_1, 2, 128, 9223372036854775807)
        copy__1: "bf16[8, 1, 64]" = torch.ops.aten.copy_.default(slice_6, slice_5);  slice_6 = slice_5 = copy__1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:875 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_mla_kv_cache_update(
        unified_mla_kv_cache_update_1: "bf16[0]" = torch.ops.vllm.unified_mla_kv_cache_update.default(rms_norm_4, unsqueeze_2, 'model.layers.1.self_attn.attn', 'auto', arg34_1);  arg34_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:882 in forward, code: output = torch.empty(output_shape, dtype=q.dtype, device=q.device)
        empty_1: "bf16[8, 128]" = torch.ops.aten.empty.memory_format([8, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/mla_attention.py:883 in forward, code: torch.ops.vllm.unified_mla_attention_with_output(
        unified_mla_attention_with_output_1 = torch.ops.vllm.unified_mla_attention_with_output.default(view_1, rms_norm_4, unsqueeze_2, empty_1, 'model.layers.1.self_attn.attn', None, None, unified_mla_kv_cache_update_1);  view_1 = rms_norm_4 = unsqueeze_2 = unified_mla_kv_cache_update_1 = unified_mla_attention_with_output_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_7: "bf16[128, 256]" = torch.ops.aten.t.default(arg18_1);  arg18_1 = None
        mm_7: "bf16[8, 256]" = torch.ops.aten.mm.default(empty_1, t_7);  empty_1 = t_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1781 in forward, code: output = tensor_model_parallel_all_reduce(output_parallel)
        all_reduce_3: "bf16[8, 256]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_7: "bf16[256]" = torch.ops.aten.detach.default(arg26_1);  arg26_1 = None
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(all_reduce_3, getitem_7, detach_7, 1e-06);  all_reduce_3 = getitem_7 = detach_7 = None
        getitem_12: "bf16[8, 256]" = fused_add_rms_norm_2[0]
        getitem_13: "bf16[8, 256]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:416 in forward, code: hidden_states = hidden_states.view(-1, hidden_dim)
        view_2: "bf16[8, 256]" = torch.ops.aten.view.default(getitem_12, [-1, 256]);  getitem_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:417 in forward, code: output = self.quant_method.apply(self, x, bias)
        t_8: "bf16[256, 8]" = torch.ops.aten.t.default(arg19_1);  arg19_1 = None
        mm_8: "bf16[8, 8]" = torch.ops.aten.mm.default(view_2, t_8);  t_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:610 in forward, code: output_parallel = self.quant_method.apply(self, input_, bias)
        t_9: "bf16[256, 64]" = torch.ops.aten.t.default(arg21_1);  arg21_1 = None
        mm_9: "bf16[8, 64]" = torch.ops.aten.mm.default(view_2, t_9);  t_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        slice_7: "bf16[8, 32]" = torch.ops.aten.slice.Tensor(mm_9, 1, 0, 32)
        silu_1: "bf16[8, 32]" = torch.ops.aten.silu.default(slice_7);  slice_7 = None
        slice_8: "bf16[8, 32]" = torch.ops.aten.slice.Tensor(mm_9, 1, 32, 9223372036854775807);  mm_9 = None
        mul_4: "bf16[8, 32]" = torch.ops.aten.mul.Tensor(silu_1, slice_8);  silu_1 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/linear.py:1778 in forward, code: output_parallel = self.quant_method.apply(self, input_parallel, bias_)
        t_10: "bf16[32, 256]" = torch.ops.aten.t.default(arg22_1);  arg22_1 = None
        mm_10: "bf16[8, 256]" = torch.ops.aten.mm.default(mul_4, t_10);  mul_4 = t_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:734 in forward, code: result = self._forward_entry(
        _to_copy: "f32[8, 8]" = torch.ops.aten._to_copy.default(mm_8, dtype = torch.float32);  mm_8 = None
        sigmoid: "f32[8, 8]" = torch.ops.aten.sigmoid.default(_to_copy);  _to_copy = None
        _param_constant0: "f32[8]" = self._param_constant0
        unsqueeze_3: "f32[1, 8]" = torch.ops.aten.unsqueeze.default(_param_constant0, 0);  _param_constant0 = None
        add_1: "f32[8, 8]" = torch.ops.aten.add.Tensor(sigmoid, unsqueeze_3);  unsqueeze_3 = None
        view_3: "f32[8, 4, 2]" = torch.ops.aten.view.default(add_1, [8, 4, -1])
        topk = torch.ops.aten.topk.default(view_3, 2);  view_3 = None
        getitem_14: "f32[8, 4, 2]" = topk[0]
        getitem_15: "i64[8, 4, 2]" = topk[1];  topk = getitem_15 = None
        sum_1: "f32[8, 4]" = torch.ops.aten.sum.dim_IntList(getitem_14, [-1]);  getitem_14 = None
        topk_1 = torch.ops.aten.topk.default(sum_1, 2, -1, True, False)
        getitem_16: "f32[8, 2]" = topk_1[0];  getitem_16 = None
        getitem_17: "i64[8, 2]" = topk_1[1];  topk_1 = None
        zeros_like: "f32[8, 4]" = torch.ops.aten.zeros_like.default(sum_1, pin_memory = False);  sum_1 = None
        scatter_: "f32[8, 4]" = torch.ops.aten.scatter_.value(zeros_like, 1, getitem_17, 1);  zeros_like = getitem_17 = None
        unsqueeze_4: "f32[8, 4, 1]" = torch.ops.aten.unsqueeze.default(scatter_, -1);  scatter_ = None
        expand: "f32[8, 4, 2]" = torch.ops.aten.expand.default(unsqueeze_4, [8, 4, 2]);  unsqueeze_4 = None
        clone: "f32[8, 4, 2]" = torch.ops.aten.clone.default(expand, memory_format = torch.contiguous_format);  expand = None
        _unsafe_view: "f32[8, 8]" = torch.ops.aten._unsafe_view.default(clone, [8, 8]);  clone = None
        _to_copy_1: "b8[8, 8]" = torch.ops.aten._to_copy.default(_unsafe_view, dtype = torch.bool);  _unsafe_view = None
        bitwise_not_1: "b8[8, 8]" = torch.ops.aten.bitwise_not.default(_to_copy_1);  _to_copy_1 = None
        masked_fill: "f32[8, 8]" = torch.ops.aten.masked_fill.Scalar(add_1, bitwise_not_1, -inf);  add_1 = bitwise_not_1 = None
        topk_2 = torch.ops.aten.topk.default(masked_fill, 2, -1, True, False);  masked_fill = None
        getitem_18: "f32[8, 2]" = topk_2[0];  getitem_18 = None
        getitem_19: "i64[8, 2]" = topk_2[1];  topk_2 = None
        gather: "f32[8, 2]" = torch.ops.aten.gather.default(sigmoid, 1, getitem_19);  sigmoid = None
        sum_2: "f32[8, 1]" = torch.ops.aten.sum.dim_IntList(gather, [-1], True)
        div: "f32[8, 2]" = torch.ops.aten.div.Tensor(gather, sum_2);  gather = sum_2 = None
        _to_copy_2: "i32[8, 2]" = torch.ops.aten._to_copy.default(getitem_19, dtype = torch.int32);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        empty_like: "bf16[8, 256]" = torch.ops.aten.empty_like.default(view_2, pin_memory = False)
        empty_2: "bf16[2048]" = torch.ops.aten.empty.memory_format([2048], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)
        empty_3: "bf16[0]" = torch.ops.aten.empty.memory_format([0], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False);  empty_3 = None
        slice_9: "bf16[0]" = torch.ops.aten.slice.Tensor(empty_2, 0, 0, 0)
        view_4: "bf16[0]" = torch.ops.aten.view.default(slice_9, [0]);  slice_9 = view_4 = None
        slice_10: "bf16[2048]" = torch.ops.aten.slice.Tensor(empty_2, 0, 0, 2048);  empty_2 = None
        view_5: "bf16[8, 256]" = torch.ops.aten.view.default(slice_10, [8, 256]);  slice_10 = view_5 = None
        cpu_fused_moe = torch.ops._C.cpu_fused_moe.default(empty_like, view_2, arg23_1, arg24_1, None, None, div, _to_copy_2, False, 'silu', 'vec');  view_2 = arg23_1 = arg24_1 = div = _to_copy_2 = cpu_fused_moe = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:778 in forward, code: shared_output, fused_output = self._maybe_apply_routed_scale_to_output(
        mul_: "bf16[8, 256]" = torch.ops.aten.mul_.Tensor(empty_like, 2.5);  empty_like = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        add_2: "bf16[8, 256]" = torch.ops.aten.add.Tensor(mm_10, mul_);  mm_10 = mul_ = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:790 in forward, code: result = self._maybe_reduce_final_output(
        all_reduce_4: "bf16[8, 256]" = torch.ops.vllm.all_reduce.default(add_2, 'tp:0');  add_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/deepseek_v2.py:433 in forward, code: return final_hidden_states.view(num_tokens, hidden_dim)
        view_6: "bf16[8, 256]" = torch.ops.aten.view.default(all_reduce_4, [8, 256]);  all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/custom_op.py:134 in forward, code: return self._forward_method(*args, **kwargs)
        detach_8: "bf16[256]" = torch.ops.aten.detach.default(arg27_1);  arg27_1 = None
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.maybe_inplace(view_6, getitem_13, detach_8, 1e-06);  view_6 = getitem_13 = detach_8 = None
        getitem_20: "bf16[8, 256]" = fused_add_rms_norm_3[0]
        getitem_21: "bf16[8, 256]" = fused_add_rms_norm_3[1];  fused_add_rms_norm_3 = getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/logits_processor.py:109 in forward, code: logits = self._get_logits(
        t_11: "bf16[256, 256]" = torch.ops.aten.t.default(arg28_1);  arg28_1 = None
        mm_11: "bf16[8, 256]" = torch.ops.aten.mm.default(getitem_20, t_11);  getitem_20 = t_11 = None
        all_gather: "bf16[8, 1024]" = torch.ops.vllm.all_gather.default(mm_11, -1, 4, 'tp:0');  mm_11 = None
        alias: "bf16[8, 1024]" = torch.ops.aten.alias.default(all_gather);  all_gather = None
        return alias
