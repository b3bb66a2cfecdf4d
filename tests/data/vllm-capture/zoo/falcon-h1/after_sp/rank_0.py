class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256, 256][256, 1]", arg5_1: "i64[s72][1]", arg6_1: "bf16[256, 64][64, 1]", arg7_1, arg8_1: "bf16[256, 128][128, 1]", arg9_1: "bf16[644, 256][256, 1]", arg10_1: "bf16[1, 644][644, 1]", arg11_1, arg12_1: "bf16[256, 256][256, 1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[512, 256][256, 1]", arg15_1: "bf16[256, 256][256, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[256, 256][256, 1]", arg18_1, arg19_1: "bf16[256, 128][128, 1]", arg20_1: "bf16[644, 256][256, 1]", arg21_1: "bf16[1, 644][644, 1]", arg22_1, arg23_1: "bf16[256, 256][256, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[512, 256][256, 1]", arg26_1: "bf16[256, 256][256, 1]", arg27_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:475 in forward, code: self.embed_input_ids(input_ids) * self.embedding_multiplier
        mul_18: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce, 1.0);  all_reduce = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(mul_18, arg3_1, 1e-05);  arg3_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:382 in forward, code: hidden_states=hidden_states * self.attention_in_multiplier,
        mul_23: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(rms_norm, 1.0)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg4_1, [1, 0]);  arg4_1 = None
        mm: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_23, permute);  mul_23 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:292 in self_attention, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:293 in self_attention, code: k = k * self.key_multiplier
        mul_34: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(getitem_1, 1.0);  getitem_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_2: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(mul_34, [arg1_1, -1, 64]);  mul_34 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_2 = torch.ops.aten.split.Tensor(view_2, 32, -1);  view_2 = None
        getitem_7: "bf16[s72, 1, 32][64, 64, 1]" = split_2[0]
        getitem_8: "bf16[s72, 1, 32][64, 64, 1]" = split_2[1];  split_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_1: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_56: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_2: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_59: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_2)
        sub_40: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_56, mul_59);  mul_56 = mul_59 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_64: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_6, unsqueeze_1);  getitem_6 = unsqueeze_1 = None
        mul_67: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_5, unsqueeze_2);  getitem_5 = unsqueeze_2 = None
        add_124: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_64, mul_67);  mul_64 = mul_67 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_40, add_124], -1);  sub_40 = add_124 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_5: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_3: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_3, -2);  getitem_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_95: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_3)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_4: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_4, -2);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_98: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_4)
        sub_57: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_95, mul_98);  mul_95 = mul_98 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_103: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_8, unsqueeze_3);  getitem_8 = unsqueeze_3 = None
        mul_106: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_7, unsqueeze_4);  getitem_7 = unsqueeze_4 = None
        add_186: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_103, mul_106);  mul_103 = mul_106 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_1: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_57, add_186], -1);  sub_57 = add_186 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_7: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [-1, 1, 64]);  getitem_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_1, view_7, arg7_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat, key = cat_1, value = view_7, output = view_5, layer_name = arg7_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  cat = cat_1 = view_7 = view_5 = arg7_1 = unified_kv_cache_update = None
        getitem_10: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:391 in forward, code: hidden_states=hidden_states * self.ssm_in_multiplier,
        mul_136: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(rms_norm, 1.0);  rms_norm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 644][1, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_2: "bf16[s72, 644][644, 1]" = torch.ops.aten.mm.default(mul_136, permute_2);  mul_136 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:573 in forward, code: projected_states = projected_states * mup_vector
        mul_141: "bf16[s72, 644][644, 1]" = torch.ops.aten.mul.Tensor(mm_2, arg10_1);  mm_2 = arg10_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:576 in forward, code: ssm_output = torch.empty(
        empty_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:588 in forward, code: torch.ops.vllm.mamba_mixer2(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.mamba_mixer2.default, projected_states = mul_141, output = empty_1, layer_name = arg11_1);  empty_1 = arg11_1 = None
        getitem_13: "bf16[s72, 256][256, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_8: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_10, [arg1_1, 128]);  getitem_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_8, permute_1);  view_8 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_1, 'tp:0');  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:398 in forward, code: hidden_states = (attn_hidden * self.attn_out_multiplier) + (
        mul_161: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_1, 1.0);  all_reduce_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:598 in forward, code: gate = projected_states[..., : self.tped_intermediate_size]
        slice_3: "bf16[s72, 256][644, 1]" = torch.ops.aten.slice.Tensor(mul_141, 1, 0, 256);  mul_141 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:124 in forward_native, code: x = x * nn.functional.silu(gate.to(torch.float32))
        convert_element_type_6: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_3, torch.float32);  slice_3 = None
        neg: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_6)
        exp: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg);  neg = None
        add_248: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_6, add_248);  convert_element_type_6 = add_248 = None
        mul_152: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_13, div);  getitem_13 = div = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:126 in forward_native, code: return x.to(input_dtype)
        convert_element_type_7: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_152, torch.bfloat16);  mul_152 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_7, permute_3);  convert_element_type_7 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_3, 'tp:0');  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:399 in forward, code: ssm_hidden * self.ssm_out_multiplier
        mul_164: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_2, 1.0);  all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:398 in forward, code: hidden_states = (attn_hidden * self.attn_out_multiplier) + (
        add_270: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_161, mul_164);  mul_161 = mul_164 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:401 in forward, code: hidden_states = hidden_states + residual
        add_274: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_270, mul_18);  add_270 = mul_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_274, arg13_1, 1e-05);  arg13_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_4: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_1, permute_4);  rms_norm_1 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:93 in forward, code: x[:, : self.intermediate_size // self.tp_size] *= self.gate_multiplier
        slice_5: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_4, 1, 0, 256)
        mul_181: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(slice_5, 1.0);  slice_5 = None
        slice_scatter: "bf16[s72, 512][512, 1]" = torch.ops.aten.slice_scatter.default(mm_4, mul_181, 1, 0, 256);  mm_4 = mul_181 = None
        slice_8: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter, 1, 0, 256)
        slice_scatter_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.slice_scatter.default(slice_scatter, slice_8, 1, 0, 256);  slice_scatter = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_18: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_2, 1, 0, 256)
        convert_element_type_12: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_18, torch.float32);  slice_18 = None
        neg_1: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_12)
        exp_1: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_1);  neg_1 = None
        add_314: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_12, add_314);  convert_element_type_12 = add_314 = None
        convert_element_type_13: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_20: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_2, 1, 256, 9223372036854775807);  slice_scatter_2 = None
        mul_202: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_13, slice_20);  convert_element_type_13 = slice_20 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_202, permute_5);  mul_202 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_5, 'tp:0');  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:96 in forward, code: x = x * self.down_multiplier
        mul_209: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_3, 1.0);  all_reduce_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:407 in forward, code: hidden_states = residual + hidden_states
        add_333: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_274, mul_209);  add_274 = mul_209 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_333, arg16_1, 1e-05);  arg16_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:382 in forward, code: hidden_states=hidden_states * self.attention_in_multiplier,
        mul_216: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(rms_norm_2, 1.0)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg17_1, [1, 0]);  arg17_1 = None
        mm_6: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_216, permute_6);  mul_216 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:292 in self_attention, code: q, k, v = qkv.split([self.q_size, self.kv_size, self.kv_size], dim=-1)
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(mm_6, [128, 64, 64], -1);  mm_6 = None
        getitem_14: "bf16[s72, 128][256, 1]" = split_with_sizes_1[0]
        getitem_15: "bf16[s72, 64][256, 1]" = split_with_sizes_1[1]
        getitem_16: "bf16[s72, 64][256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:173 in forward_static, code: cos_sin = cos_sin_cache.index_select(0, positions)
        index_1: "bf16[s72, 64][64, 1]" = torch.ops.aten.index.Tensor(arg6_1, [arg5_1]);  arg6_1 = arg5_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:174 in forward_static, code: cos, sin = cos_sin.chunk(2, dim=-1)
        split_3 = torch.ops.aten.split.Tensor(index_1, 32, -1);  index_1 = None
        getitem_17: "bf16[s72, 32][64, 1]" = split_3[0]
        getitem_18: "bf16[s72, 32][64, 1]" = split_3[1];  split_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:177 in forward_static, code: query = query.view(num_tokens, -1, head_size)
        view_13: "bf16[s72, 2, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [arg1_1, -1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_4 = torch.ops.aten.split.Tensor(view_13, 32, -1);  view_13 = None
        getitem_19: "bf16[s72, 2, 32][256, 64, 1]" = split_4[0]
        getitem_20: "bf16[s72, 2, 32][256, 64, 1]" = split_4[1];  split_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:293 in self_attention, code: k = k * self.key_multiplier
        mul_227: "bf16[s72, 64][64, 1]" = torch.ops.aten.mul.Tensor(getitem_15, 1.0);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/base.py:191 in forward_static, code: key = key.view(num_tokens, -1, head_size)
        view_15: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(mul_227, [arg1_1, -1, 64]);  mul_227 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:158 in forward_static, code: x1, x2 = torch.chunk(x, 2, dim=-1)
        split_5 = torch.ops.aten.split.Tensor(view_15, 32, -1);  view_15 = None
        getitem_21: "bf16[s72, 1, 32][64, 64, 1]" = split_5[0]
        getitem_22: "bf16[s72, 1, 32][64, 64, 1]" = split_5[1];  split_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_5: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_17, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_251: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_19, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_6: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_18, -2)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_254: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_20, unsqueeze_6)
        sub_126: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.sub.Tensor(mul_251, mul_254);  mul_251 = mul_254 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_259: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_20, unsqueeze_5);  getitem_20 = unsqueeze_5 = None
        mul_262: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_19, unsqueeze_6);  getitem_19 = unsqueeze_6 = None
        add_413: "bf16[s72, 2, 32][64, 32, 1]" = torch.ops.aten.add.Tensor(mul_259, mul_262);  mul_259 = mul_262 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_2: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.cat.default([sub_126, add_413], -1);  sub_126 = add_413 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_2: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_18: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_2, [-1, 2, 64]);  empty_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:154 in forward_static, code: cos = cos.unsqueeze(-2).to(x.dtype)
        unsqueeze_7: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_17, -2);  getitem_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_290: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:155 in forward_static, code: sin = sin.unsqueeze(-2).to(x.dtype)
        unsqueeze_8: "bf16[s72, 1, 32][64, 32, 1]" = torch.ops.aten.unsqueeze.default(getitem_18, -2);  getitem_18 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:163 in forward_static, code: o1 = x1 * cos - x2 * sin
        mul_293: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_8)
        sub_143: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.sub.Tensor(mul_290, mul_293);  mul_290 = mul_293 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:164 in forward_static, code: o2 = x2 * cos + x1 * sin
        mul_298: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_22, unsqueeze_7);  getitem_22 = unsqueeze_7 = None
        mul_301: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.mul.Tensor(getitem_21, unsqueeze_8);  getitem_21 = unsqueeze_8 = None
        add_475: "bf16[s72, 1, 32][32, 32, 1]" = torch.ops.aten.add.Tensor(mul_298, mul_301);  mul_298 = mul_301 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/rotary_embedding/common.py:167 in forward_static, code: output = torch.cat((o1, o2), dim=-1)
        cat_3: "bf16[s72, 1, 64][64, 64, 1]" = torch.ops.aten.cat.default([sub_143, add_475], -1);  sub_143 = add_475 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_20: "bf16[s72, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_16, [-1, 1, 64]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(cat_3, view_20, arg18_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_2 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = cat_2, key = cat_3, value = view_20, output = view_18, layer_name = arg18_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  cat_2 = cat_3 = view_20 = view_18 = arg18_1 = unified_kv_cache_update_1 = None
        getitem_24: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_2[1];  auto_functionalized_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:391 in forward, code: hidden_states=hidden_states * self.ssm_in_multiplier,
        mul_331: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(rms_norm_2, 1.0);  rms_norm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[256, 644][1, 256]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        mm_8: "bf16[s72, 644][644, 1]" = torch.ops.aten.mm.default(mul_331, permute_8);  mul_331 = permute_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:573 in forward, code: projected_states = projected_states * mup_vector
        mul_336: "bf16[s72, 644][644, 1]" = torch.ops.aten.mul.Tensor(mm_8, arg21_1);  mm_8 = arg21_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:576 in forward, code: ssm_output = torch.empty(
        empty_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 256], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:588 in forward, code: torch.ops.vllm.mamba_mixer2(
        auto_functionalized_3 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.mamba_mixer2.default, projected_states = mul_336, output = empty_3, layer_name = arg22_1);  empty_3 = arg22_1 = None
        getitem_27: "bf16[s72, 256][256, 1]" = auto_functionalized_3[1];  auto_functionalized_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        view_21: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_24, [arg1_1, 128]);  getitem_24 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg19_1, [1, 0]);  arg19_1 = None
        mm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(view_21, permute_7);  view_21 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_7, 'tp:0');  mm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:398 in forward, code: hidden_states = (attn_hidden * self.attn_out_multiplier) + (
        mul_356: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_4, 1.0);  all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:598 in forward, code: gate = projected_states[..., : self.tped_intermediate_size]
        slice_23: "bf16[s72, 256][644, 1]" = torch.ops.aten.slice.Tensor(mul_336, 1, 0, 256);  mul_336 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:124 in forward_native, code: x = x * nn.functional.silu(gate.to(torch.float32))
        convert_element_type_22: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_23, torch.float32);  slice_23 = None
        neg_2: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_22)
        exp_2: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_537: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_2, 1);  exp_2 = None
        div_2: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_22, add_537);  convert_element_type_22 = add_537 = None
        mul_347: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(getitem_27, div_2);  getitem_27 = div_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/mamba/mamba_mixer2.py:126 in forward_native, code: return x.to(input_dtype)
        convert_element_type_23: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(mul_347, torch.bfloat16);  mul_347 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_9: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        mm_9: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(convert_element_type_23, permute_9);  convert_element_type_23 = permute_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_5: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_9, 'tp:0');  mm_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:399 in forward, code: ssm_hidden * self.ssm_out_multiplier
        mul_359: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_5, 1.0);  all_reduce_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:398 in forward, code: hidden_states = (attn_hidden * self.attn_out_multiplier) + (
        add_559: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_356, mul_359);  mul_356 = mul_359 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:401 in forward, code: hidden_states = hidden_states + residual
        add_563: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_559, add_333);  add_559 = add_333 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_563, arg24_1, 1e-05);  arg24_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_10: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg25_1, [1, 0]);  arg25_1 = None
        mm_10: "bf16[s72, 512][512, 1]" = torch.ops.aten.mm.default(rms_norm_3, permute_10);  rms_norm_3 = permute_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:93 in forward, code: x[:, : self.intermediate_size // self.tp_size] *= self.gate_multiplier
        slice_25: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(mm_10, 1, 0, 256)
        mul_376: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(slice_25, 1.0);  slice_25 = None
        slice_scatter_4: "bf16[s72, 512][512, 1]" = torch.ops.aten.slice_scatter.default(mm_10, mul_376, 1, 0, 256);  mm_10 = mul_376 = None
        slice_28: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_4, 1, 0, 256)
        slice_scatter_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.slice_scatter.default(slice_scatter_4, slice_28, 1, 0, 256);  slice_scatter_4 = slice_28 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_38: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_6, 1, 0, 256)
        convert_element_type_28: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(slice_38, torch.float32);  slice_38 = None
        neg_3: "f32[s72, 256][256, 1]" = torch.ops.aten.neg.default(convert_element_type_28)
        exp_3: "f32[s72, 256][256, 1]" = torch.ops.aten.exp.default(neg_3);  neg_3 = None
        add_603: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(exp_3, 1);  exp_3 = None
        div_3: "f32[s72, 256][256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_28, add_603);  convert_element_type_28 = add_603 = None
        convert_element_type_29: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(div_3, torch.bfloat16);  div_3 = None
        slice_40: "bf16[s72, 256][512, 1]" = torch.ops.aten.slice.Tensor(slice_scatter_6, 1, 256, 9223372036854775807);  slice_scatter_6 = None
        mul_397: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_29, slice_40);  convert_element_type_29 = slice_40 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_11: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_11: "bf16[s72, 256][256, 1]" = torch.ops.aten.mm.default(mul_397, permute_11);  mul_397 = permute_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_6: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(mm_11, 'tp:0');  mm_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:96 in forward, code: x = x * self.down_multiplier
        mul_404: "bf16[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(all_reduce_6, 1.0);  all_reduce_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/falcon_h1.py:407 in forward, code: hidden_states = residual + hidden_states
        add_622: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(add_563, mul_404);  add_563 = mul_404 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/ir/op.py:365 in __call__, code: return self.torch_op(*args, **kwargs)
        rms_norm_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm_ir.rms_norm.default(add_622, arg27_1, 1e-05);  add_622 = arg27_1 = None
        return (rms_norm_4,)
