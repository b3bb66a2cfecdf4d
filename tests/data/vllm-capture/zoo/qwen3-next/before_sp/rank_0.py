class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[384, 256][256, 1]", arg5_1: "bf16[4, 256][256, 1]", arg6_1, arg7_1: "bf16[64][1]", arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[256][1]", arg10_1: "bf16[4, 256][256, 1]", arg11_1: "bf16[128, 256][256, 1]", arg12_1: "bf16[256, 64][64, 1]", arg13_1: "bf16[1, 256][256, 1]", arg14_1: "bf16[4, 128, 256][32768, 256, 1]", arg15_1: "bf16[4, 256, 64][16384, 64, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[384, 256][256, 1]", arg18_1: "bf16[64][1]", arg19_1: "bf16[64][1]", arg20_1: "i64[s72][1]", arg21_1: "bf16[256, 16][16, 1]", arg22_1, arg23_1: "bf16[256, 128][128, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[4, 256][256, 1]", arg26_1: "bf16[128, 256][256, 1]", arg27_1: "bf16[256, 64][64, 1]", arg28_1: "bf16[1, 256][256, 1]", arg29_1: "bf16[4, 128, 256][32768, 256, 1]", arg30_1: "bf16[4, 256, 64][16384, 64, 1]", arg31_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg3_1, torch.float32);  arg3_1 = None
        add_45: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type, 1.0);  convert_element_type = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(all_reduce, add_45, 1e-06);  add_45 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(rms_norm, permute);  permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:663 in fix_query_key_value_ordering, code: mixed_qkvz = mixed_qkvz.view(*new_tensor_shape_qkvz)
        view: "bf16[s72, 1, 384][384, 384, 1]" = torch.ops.aten.reshape.default(mm, [arg1_1, 1, 384]);  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:680 in fix_query_key_value_ordering, code: (query, key, value, z) = torch.split(mixed_qkvz, split_arg_list_qkvz, dim=2)
        split_with_sizes = torch.ops.aten.split_with_sizes.default(view, [64, 64, 128, 128], 2);  view = None
        getitem: "bf16[s72, 1, 64][384, 384, 1]" = split_with_sizes[0]
        getitem_1: "bf16[s72, 1, 64][384, 384, 1]" = split_with_sizes[1]
        getitem_2: "bf16[s72, 1, 128][384, 384, 1]" = split_with_sizes[2]
        getitem_3: "bf16[s72, 1, 128][384, 384, 1]" = split_with_sizes[3];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm_1: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(rms_norm, permute_1);  rms_norm = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:664 in fix_query_key_value_ordering, code: mixed_ba = mixed_ba.view(*new_tensor_shape_ba)
        view_1: "bf16[s72, 1, 4][4, 4, 1]" = torch.ops.aten.reshape.default(mm_1, [arg1_1, 1, 4]);  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:681 in fix_query_key_value_ordering, code: (b, a) = torch.split(mixed_ba, split_arg_list_ba, dim=2)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(view_1, [2, 2], 2);  view_1 = None
        getitem_4: "bf16[s72, 1, 2][4, 4, 1]" = split_with_sizes_1[0]
        getitem_5: "bf16[s72, 1, 2][4, 4, 1]" = split_with_sizes_1[1];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/einops/_backends.py:96 in reshape, code: return x.reshape(shape)
        view_6: "bf16[s72, 64][384, 1]" = torch.ops.aten.reshape.default(getitem, [arg1_1, 64]);  getitem = None
        view_7: "bf16[s72, 64][384, 1]" = torch.ops.aten.reshape.default(getitem_1, [arg1_1, 64]);  getitem_1 = None
        view_8: "bf16[s72, 128][384, 1]" = torch.ops.aten.reshape.default(getitem_2, [arg1_1, 128]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:1029 in forward_cpu, code: mixed_qkv = torch.cat((query, key, value), dim=-1)
        cat: "bf16[s72, 256][256, 1]" = torch.ops.aten.cat.default([view_6, view_7, view_8], -1);  view_6 = view_7 = view_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:686 in fix_query_key_value_ordering, code: b = b.reshape(b.size(0), self.num_v_heads // self.tp_size)
        view_4: "bf16[s72, 2][4, 1]" = torch.ops.aten.reshape.default(getitem_4, [arg1_1, 2]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:687 in fix_query_key_value_ordering, code: a = a.reshape(a.size(0), self.num_v_heads // self.tp_size)
        view_5: "bf16[s72, 2][4, 1]" = torch.ops.aten.reshape.default(getitem_5, [arg1_1, 2]);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:1039 in forward_cpu, code: core_attn_out = torch.zeros(
        full_default_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.full.default([arg1_1, 2, 64], 0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:1045 in forward_cpu, code: torch.ops.vllm.cpu_gdn_attention_core(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.cpu_gdn_attention_core.default, mixed_qkv = cat, b = view_4, a = view_5, core_attn_out = full_default_2, layer_name = arg6_1);  cat = view_4 = view_5 = full_default_2 = arg6_1 = None
        getitem_7: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:288 in forward_static, code: x = x.float()
        convert_element_type_5: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.prims.convert_element_type.default(getitem_7, torch.float32);  getitem_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:300 in forward_static, code: variance = x.pow(2).mean(dim=-1, keepdim=True)
        pow_1: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.pow.Tensor_Scalar(convert_element_type_5, 2)
        mean: "f32[s72, 2, 1][2, 1, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:301 in forward_static, code: x_normed = x * torch.rsqrt(variance + epsilon)
        add_133: "f32[s72, 2, 1][2, 1, 1]" = torch.ops.aten.add.Tensor(mean, 1e-06);  mean = None
        rsqrt: "f32[s72, 2, 1][2, 1, 1]" = torch.ops.aten.rsqrt.default(add_133);  add_133 = None
        mul_100: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_5, rsqrt);  convert_element_type_5 = rsqrt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:289 in forward_static, code: weight = weight.float()
        convert_element_type_6: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg7_1, torch.float32);  arg7_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:302 in forward_static, code: out = x_normed * weight
        mul_103: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.mul.Tensor(mul_100, convert_element_type_6);  mul_100 = convert_element_type_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:685 in fix_query_key_value_ordering, code: z = z.reshape(z.size(0), -1, self.head_v_dim)
        view_3: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [arg1_1, 2, 64]);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:291 in forward_static, code: z = z.float()
        convert_element_type_7: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.prims.convert_element_type.default(view_3, torch.float32);  view_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:312 in forward_static, code: out = out * act_fn(z)
        neg: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.neg.default(convert_element_type_7)
        exp: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_150: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_7, add_150);  convert_element_type_7 = add_150 = None
        mul_108: "f32[s72, 2, 64][128, 64, 1]" = torch.ops.aten.mul.Tensor(mul_103, div);  mul_103 = div = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:314 in forward_static, code: return out.to(orig_dtype)
        convert_element_type_8: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.prims.convert_element_type.default(mul_108, torch.bfloat16);  mul_108 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/gdn/qwen_gdn_linear_attn.py:856 in _output_projection, code: output, _ = self.out_proj(core_attn_out.flatten(-2))
        view_9: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(convert_element_type_8, [arg1_1, 128]);  convert_element_type_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_2: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_9, permute_2);  view_9 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0');  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_11: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg9_1, torch.float32);  arg9_1 = None
        add_172: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_11, 1.0);  convert_element_type_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_1, all_reduce, add_172, 1e-06);  all_reduce_1 = all_reduce = add_172 = None
        getitem_8: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[0]
        getitem_9: "bf16[s72, 256][256, 1]" = fused_add_rms_norm[1];  fused_add_rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_3: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_8, permute_3);  permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk = torch.ops.aten.topk.default(mm_3, 2, -1, True, False);  mm_3 = None
        getitem_10: "bf16[s72, 2][2, 1]" = topk[0]
        getitem_11: "i64[s72, 2][2, 1]" = topk[1];  topk = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
        convert_element_type_22: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_10, torch.float32);  getitem_10 = None
        amax: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_22, [-1], True)
        sub_69: "f32[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_22, amax);  convert_element_type_22 = amax = None
        exp_2: "f32[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_69);  sub_69 = None
        sum_1: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_2, [-1], True)
        div_2: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(exp_2, sum_1);  exp_2 = sum_1 = None
        convert_element_type_23: "bf16[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(div_2, torch.bfloat16);  div_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_24: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(convert_element_type_23, torch.float32);  convert_element_type_23 = None
        convert_element_type_25: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_11, torch.int32);  getitem_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty, input = getitem_8, w13 = arg14_1, w2 = arg15_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_24, topk_id = convert_element_type_25, skip_weighted = False, act = 'silu', isa = 'vec');  empty = arg14_1 = arg15_1 = convert_element_type_24 = convert_element_type_25 = None
        getitem_13: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 1][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_6: "bf16[s72, 1][1, 1]" = torch.ops.aten.mm.default(getitem_8, permute_6);  permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen2_moe.py:121 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        sigmoid: "bf16[s72, 1][1, 1]" = torch.ops.aten.sigmoid.default(mm_6);  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg11_1, [1, 0]);  arg11_1 = None
        mm_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_8, permute_4);  getitem_8 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_1: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_4, 1, 0, 64)
        convert_element_type_16: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_1, torch.float32);  slice_1 = None
        neg_1: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_16)
        exp_1: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_191: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_16, add_191);  convert_element_type_16 = add_191 = None
        convert_element_type_17: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_2: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_4, 1, 64, 9223372036854775807);  mm_4 = None
        mul_139: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_17, slice_2);  convert_element_type_17 = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_139, permute_5);  mul_139 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen2_moe.py:121 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        mul_146: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sigmoid, mm_5);  sigmoid = mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        add_238: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_146, getitem_13);  mul_146 = getitem_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(add_238, 'tp:0');  add_238 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_26: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg16_1, torch.float32);  arg16_1 = None
        add_248: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_26, 1.0);  convert_element_type_26 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_1 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_2, getitem_9, add_248, 1e-06);  all_reduce_2 = getitem_9 = add_248 = None
        getitem_14: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[0]
        getitem_15: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_1[1];  fused_add_rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_7: "bf16[s72, 384][384, 1]" = torch.ops.aten.mm.default(getitem_14, permute_7);  getitem_14 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:428 in _project_qkv_gate, code: q_gate, k, v = qkv.split(
        split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(mm_7, [256, 64, 64], -1);  mm_7 = None
        getitem_16: "bf16[s72, 256][384, 1]" = split_with_sizes_2[0]
        getitem_17: "bf16[s72, 64][384, 1]" = split_with_sizes_2[1]
        getitem_18: "bf16[s72, 64][384, 1]" = split_with_sizes_2[2];  split_with_sizes_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:432 in _project_qkv_gate, code: q_gate = q_gate.view(*orig_shape, self.num_heads, -1)
        view_14: "bf16[s72, 2, 128][384, 128, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 2, -1]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:433 in _project_qkv_gate, code: q, gate = torch.chunk(q_gate, 2, dim=-1)
        split = torch.ops.aten.split.Tensor(view_14, 64, -1);  view_14 = None
        getitem_19: "bf16[s72, 2, 64][384, 128, 1]" = split[0]
        getitem_20: "bf16[s72, 2, 64][384, 128, 1]" = split[1];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index: "bf16[s72, 16][16, 1]" = torch.ops.aten.index.Tensor(arg21_1, [arg20_1]);  arg21_1 = arg20_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(index, 8, -1);  index = None
        getitem_21: "bf16[s72, 8][16, 1]" = split_1[0]
        getitem_22: "bf16[s72, 8][16, 1]" = split_1[1];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:434 in _project_qkv_gate, code: q = q.reshape(*orig_shape, -1)
        clone: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.clone.default(getitem_19, memory_format = torch.contiguous_format);  getitem_19 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_29: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg18_1, torch.float32);  arg18_1 = None
        add_297: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_29, 1.0);  convert_element_type_29 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(clone, add_297, 1e-06);  clone = add_297 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:178 in forward_static, code: query_rot = query[..., :rotary_dim]
        slice_5: "bf16[s72, 2, 16][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_1, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(slice_5, 8, -1);  slice_5 = None
        getitem_23: "bf16[s72, 2, 8][128, 64, 1]" = split_2[0]
        getitem_24: "bf16[s72, 2, 8][128, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:443 in _project_qkv_gate, code: k = self.k_norm(k.view(-1, self.num_kv_heads, self.head_dim)).view(
        view_19: "bf16[s72, 1, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_17, [-1, 1, 64]);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_30: "f32[64][1]" = torch.ops.prims.convert_element_type.default(arg19_1, torch.float32);  arg19_1 = None
        add_309: "f32[64][1]" = torch.ops.aten.add.Tensor(convert_element_type_30, 1.0);  convert_element_type_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.vllm_ir.rms_norm.default(view_19, add_309, 1e-06);  view_19 = add_309 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:192 in forward_static, code: key_rot = key[..., :rotary_dim]
        slice_7: "bf16[s72, 1, 16][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_2, 2, 0, 16)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(slice_7, 8, -1);  slice_7 = None
        getitem_25: "bf16[s72, 1, 8][64, 64, 1]" = split_3[0]
        getitem_26: "bf16[s72, 1, 8][64, 64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_258: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_261: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_2)
        sub_111: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.sub.Tensor(mul_258, mul_261);  mul_258 = mul_261 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_266: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_24, unsqueeze_1);  getitem_24 = unsqueeze_1 = None
        mul_269: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_23, unsqueeze_2);  getitem_23 = unsqueeze_2 = None
        add_374: "bf16[s72, 2, 8][16, 8, 1]" = torch.ops.aten.add.Tensor(mul_266, mul_269);  mul_266 = mul_269 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 2, 16][32, 16, 1]" = torch.ops.aten.cat.default([sub_111, add_374], -1);  sub_111 = add_374 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:179 in forward_static, code: query_pass = query[..., rotary_dim:]
        slice_6: "bf16[s72, 2, 48][128, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_1, 2, 16, 9223372036854775807);  rms_norm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:186 in forward_static, code: query = torch.cat((query_rot, query_pass), dim=-1).reshape(query_shape)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([cat_1, slice_6], -1);  cat_1 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_3: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_26: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_3, [-1, 2, 64]);  empty_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_21, -2);  getitem_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_298: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 8][16, 8, 1]" = torch.ops.aten.unsqueeze.default(getitem_22, -2);  getitem_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_301: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_4)
        sub_128: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.sub.Tensor(mul_298, mul_301);  mul_298 = mul_301 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_306: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_26, unsqueeze_3);  getitem_26 = unsqueeze_3 = None
        mul_309: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.mul.Tensor(getitem_25, unsqueeze_4);  getitem_25 = unsqueeze_4 = None
        add_438: "bf16[s72, 1, 8][8, 8, 1]" = torch.ops.aten.add.Tensor(mul_306, mul_309);  mul_306 = mul_309 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 16][16, 16, 1]" = torch.ops.aten.cat.default([sub_128, add_438], -1);  sub_128 = add_438 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:193 in forward_static, code: key_pass = key[..., rotary_dim:]
        slice_8: "bf16[s72, 1, 48][64, 64, 1]" = torch.ops.aten.slice.Tensor(rms_norm_2, 2, 16, 9223372036854775807);  rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:200 in forward_static, code: key = torch.cat((key_rot, key_pass), dim=-1).reshape(key_shape)
        cat_4: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([cat_3, slice_8], -1);  cat_3 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_28: "bf16[s72, 1, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_18, [-1, 1, 64]);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_4, view_28, arg22_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_4, value = view_28, output = view_26, layer_name = arg22_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat_2 = cat_4 = view_28 = view_26 = arg22_1 = unified_kv_cache_update = None
        getitem_28: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None
        view_29: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_28, [arg1_1, 128]);  getitem_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:435 in _project_qkv_gate, code: gate = gate.reshape(*orig_shape, -1)
        clone_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.clone.default(getitem_20, memory_format = torch.contiguous_format);  getitem_20 = None
        view_16: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(clone_1, [arg1_1, 128]);  clone_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen3_next.py:458 in forward, code: attn_output = attn_output * torch.sigmoid(gate)
        sigmoid_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.sigmoid.default(view_16);  view_16 = None
        mul_337: "bf16[s72, 128][128, 1]" = torch.ops.aten.mul.Tensor(view_29, sigmoid_1);  view_29 = sigmoid_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_8: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_337, permute_8);  mul_337 = permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_8, 'tp:0');  mm_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_33: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg24_1, torch.float32);  arg24_1 = None
        add_488: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_33, 1.0);  convert_element_type_33 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_2 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_3, getitem_15, add_488, 1e-06);  all_reduce_3 = getitem_15 = add_488 = None
        getitem_30: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[0]
        getitem_31: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_2[1];  fused_add_rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_9: "bf16[256, 4][1, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        mm_9: "bf16[s72, 4][4, 1]" = torch.ops.aten.mm.default(getitem_30, permute_9);  permute_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:143 in _softmax_topk, code: topk_logit_vals, topk_idx = torch.topk(router_logits, k=top_k, dim=-1, sorted=False)
        topk_1 = torch.ops.aten.topk.default(mm_9, 2, -1, True, False);  mm_9 = None
        getitem_32: "bf16[s72, 2][2, 1]" = topk_1[0]
        getitem_33: "i64[s72, 2][2, 1]" = topk_1[1];  topk_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/modular_kernel.py:1476 in apply, code: output = torch.empty_like(hidden_states)
        empty_4: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False);  arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:145 in _softmax_topk, code: topk_vals = torch.softmax(topk_logit_vals, dim=-1)
        convert_element_type_44: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_32, torch.float32);  getitem_32 = None
        amax_1: "f32[s72, 1][1, 1]" = torch.ops.aten.amax.default(convert_element_type_44, [-1], True)
        sub_161: "f32[s72, 2][2, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_44, amax_1);  convert_element_type_44 = amax_1 = None
        exp_4: "f32[s72, 2][2, 1]" = torch.ops.aten.exp.default(sub_161);  sub_161 = None
        sum_2: "f32[s72, 1][1, 1]" = torch.ops.aten.sum.dim_IntList(exp_4, [-1], True)
        div_4: "f32[s72, 2][2, 1]" = torch.ops.aten.div.Tensor(exp_4, sum_2);  exp_4 = sum_2 = None
        convert_element_type_45: "bf16[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(div_4, torch.bfloat16);  div_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/router/cpu_router.py:149 in _softmax_topk, code: return topk_vals.to(torch.float32), topk_idx.to(torch.int32)
        convert_element_type_46: "f32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(convert_element_type_45, torch.float32);  convert_element_type_45 = None
        convert_element_type_47: "i32[s72, 2][2, 1]" = torch.ops.prims.convert_element_type.default(getitem_33, torch.int32);  getitem_33 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/_custom_ops.py:4493 in cpu_fused_moe, code: torch.ops._C.cpu_fused_moe(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops._C.cpu_fused_moe.default, output = empty_4, input = getitem_30, w13 = arg29_1, w2 = arg30_1, w13_bias = None, w2_bias = None, topk_weights = convert_element_type_46, topk_id = convert_element_type_47, skip_weighted = False, act = 'silu', isa = 'vec');  empty_4 = arg29_1 = arg30_1 = convert_element_type_46 = convert_element_type_47 = None
        getitem_35: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_12: "bf16[256, 1][1, 256]" = torch.ops.aten.permute.default(arg28_1, [1, 0]);  arg28_1 = None
        mm_12: "bf16[s72, 1][1, 1]" = torch.ops.aten.mm.default(getitem_30, permute_12);  permute_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen2_moe.py:121 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        sigmoid_2: "bf16[s72, 1][1, 1]" = torch.ops.aten.sigmoid.default(mm_12);  mm_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_10: "bf16[256, 128][1, 256]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_10: "bf16[s72, 128][128, 1]" = torch.ops.aten.mm.default(getitem_30, permute_10);  getitem_30 = permute_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_9: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_10, 1, 0, 64)
        convert_element_type_38: "f32[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(slice_9, torch.float32);  slice_9 = None
        neg_2: "f32[s72, 64][64, 1]" = torch.ops.aten.neg.default(convert_element_type_38)
        exp_3: "f32[s72, 64][64, 1]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_507: "f32[s72, 64][64, 1]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_3: "f32[s72, 64][64, 1]" = torch.ops.aten.div.Tensor(convert_element_type_38, add_507);  convert_element_type_38 = add_507 = None
        convert_element_type_39: "bf16[s72, 64][64, 1]" = torch.ops.prims.convert_element_type.default(div_3, torch.bfloat16);  div_3 = None
        slice_10: "bf16[s72, 64][128, 1]" = torch.ops.aten.slice.Tensor(mm_10, 1, 64, 9223372036854775807);  mm_10 = None
        mul_360: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_39, slice_10);  convert_element_type_39 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_11: "bf16[64, 256][1, 64]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        mm_11: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_360, permute_11);  mul_360 = permute_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/qwen2_moe.py:121 in forward, code: out = F.sigmoid(self.expert_gate(x)[0]) * out
        mul_367: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sigmoid_2, mm_11);  sigmoid_2 = mm_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/fused_moe/runner/moe_runner.py:786 in forward, code: result = shared_output + fused_output
        add_554: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_367, getitem_35);  mul_367 = getitem_35 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(add_554, 'tp:0');  add_554 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/layernorm.py:165 in forward_native, code: weight = self.weight.float() + 1.0
        convert_element_type_48: "f32[256][1]" = torch.ops.prims.convert_element_type.default(arg31_1, torch.float32);  arg31_1 = None
        add_564: "f32[256][1]" = torch.ops.aten.add.Tensor(convert_element_type_48, 1.0);  convert_element_type_48 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        fused_add_rms_norm_3 = torch.ops.vllm_ir.fused_add_rms_norm.default(all_reduce_4, getitem_31, add_564, 1e-06);  all_reduce_4 = getitem_31 = add_564 = None
        getitem_36: "bf16[s72, 256][256, 1]" = fused_add_rms_norm_3[0];  fused_add_rms_norm_3 = None
        return (getitem_36,)
