class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[1, s27][s27, 1]", arg1_1: "Sym(s27)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "f32[32][1]", arg4_1: "i64[1, s27][s27, 1]", arg5_1: "bf16[384, 256][256, 1]", arg6_1, arg7_1: "bf16[256, 128][128, 1]", arg8_1: "bf16[512, 256][256, 1]", arg9_1: "bf16[256, 256][256, 1]", arg10_1: "bf16[384, 256][256, 1]", arg11_1, arg12_1: "bf16[256, 128][128, 1]", arg13_1: "bf16[512, 256][256, 1]", arg14_1: "bf16[256, 256][256, 1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[1, s27][s27, 1]" = torch.ops.aten.ge.Scalar(arg0_1, 512)
        lt: "b8[1, s27][s27, 1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)
        bitwise_and: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[1, s27][s27, 1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[1, s27][s27, 1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        bitwise_and_1: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        bitwise_or: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        bitwise_not: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_not.default(bitwise_or)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[1, s27, 1][s27, 1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        full_default: "bf16[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul_6: "i64[1, s27][s27, 1]" = torch.ops.aten.mul.Tensor(bitwise_and, 512);  bitwise_and = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:196 in get_masked_input_and_mask, code: added_offset * added_vocab_mask
        mul_9: "i64[1, s27][s27, 1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512);  bitwise_and_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        add_16: "i64[1, s27][s27, 1]" = torch.ops.aten.add.Tensor(mul_6, mul_9);  mul_6 = mul_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub_10: "i64[1, s27][s27, 1]" = torch.ops.aten.sub.Tensor(arg0_1, add_16);  arg0_1 = add_16 = None
        mul_17: "i64[1, s27][s27, 1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub_10);  bitwise_or = sub_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        embedding: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.embedding.default(arg2_1, mul_17);  arg2_1 = mul_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        where: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.where.self(unsqueeze, full_default, embedding);  unsqueeze = full_default = embedding = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(where, 'tp:0');  where = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:58 in forward, code: return F.layer_norm(hidden_states.to(dtype=torch.float32), self.normalized_shape, None, None, eps=1e-5).to(
        convert_element_type_1: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)
        var_mean = torch.ops.aten.var_mean.correction(convert_element_type_1, [2], correction = 0, keepdim = True)
        getitem: "f32[1, s27, 1][s27, 1, 1]" = var_mean[0]
        getitem_1: "f32[1, s27, 1][s27, 1, 1]" = var_mean[1];  var_mean = None
        sub_34: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_1, getitem_1);  convert_element_type_1 = getitem_1 = None
        add_82: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_82);  add_82 = None
        mul_91: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_34, rsqrt);  sub_34 = rsqrt = None
        convert_element_type_2: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_91, torch.bfloat16);  mul_91 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_4: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_2, [arg1_1, 256]);  convert_element_type_2 = None
        permute_1: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg5_1, [1, 0]);  arg5_1 = None
        mm: "bf16[s27, 384][384, 1]" = torch.ops.aten.mm.default(view_4, permute_1);  view_4 = permute_1 = None
        view_5: "bf16[1, s27, 384][384*s27, 384, 1]" = torch.ops.aten.reshape.default(mm, [1, arg1_1, 384]);  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:230 in forward, code: def forward(
        split_with_sizes = torch.ops.aten.split_with_sizes.default(view_5, [128, 128, 128], -1);  view_5 = None
        getitem_2: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes[0]
        getitem_3: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes[1]
        getitem_4: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:250 in forward, code: query_states = query_states.view(hidden_shape).transpose(1, 2)
        view_6: "bf16[1, s27, 2, 64][384*s27, 384, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [1, arg1_1, -1, 64]);  getitem_2 = None
        permute_2: "bf16[1, 2, s27, 64][384*s27, 64, 384, 1]" = torch.ops.aten.permute.default(view_6, [0, 2, 1, 3]);  view_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:120 in forward, code: inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1).to(x.device)
        unsqueeze_1: "f32[1, 32][32, 1]" = torch.ops.aten.unsqueeze.default(arg3_1, 0);  arg3_1 = None
        unsqueeze_2: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.unsqueeze.default(unsqueeze_1, 2);  unsqueeze_1 = None
        expand: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.expand.default(unsqueeze_2, [1, -1, 1]);  unsqueeze_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:125 in forward, code: freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
        expand_1: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.expand.default(expand, [1, 32, 1]);  expand = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:121 in forward, code: position_ids_expanded = position_ids[:, None, :].float()
        unsqueeze_3: "i64[1, 1, s27][s27, s27, 1]" = torch.ops.aten.unsqueeze.default(arg4_1, 1);  arg4_1 = None
        convert_element_type: "f32[1, 1, s27][s27, s27, 1]" = torch.ops.prims.convert_element_type.default(unsqueeze_3, torch.float32);  unsqueeze_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:125 in forward, code: freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
        expand_2: "f32[1, 1, s27][s27, s27, 1]" = torch.ops.aten.expand.default(convert_element_type, [1, 1, arg1_1]);  convert_element_type = None
        mul_52: "f32[1, 32, s27][32*s27, s27, 1]" = torch.ops.aten.mul.Tensor(expand_1, expand_2);  expand_1 = expand_2 = None
        permute: "f32[1, s27, 32][32*s27, 1, s27]" = torch.ops.aten.permute.default(mul_52, [0, 2, 1]);  mul_52 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:126 in forward, code: emb = torch.cat((freqs, freqs), dim=-1)
        unsqueeze_4: "f32[1, s27, 1, 32][32*s27, 1, 32*s27, s27]" = torch.ops.aten.unsqueeze.default(permute, 2);  permute = None
        expand_3: "f32[1, s27, 2, 32][32*s27, 1, 0, s27]" = torch.ops.aten.expand.default(unsqueeze_4, [1, arg1_1, 2, 32]);  unsqueeze_4 = None
        clone: "f32[1, s27, 2, 32][64*s27, 64, 32, 1]" = torch.ops.aten.clone.default(expand_3, memory_format = torch.contiguous_format);  expand_3 = None
        view_3: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.reshape.default(clone, [1, arg1_1, 64]);  clone = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:127 in forward, code: cos = emb.cos() * self.attention_scaling
        cos: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.cos.default(view_3)
        mul_75: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cos, 1.0);  cos = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:196 in apply_rotary_pos_emb, code: cos = cos.unsqueeze(unsqueeze_dim)
        unsqueeze_5: "f32[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(mul_75, 1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:198 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_154: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_2, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:135 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_3: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_2, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_3);  slice_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:134 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_2: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_2, 3, 0, 32);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg, slice_2], -1);  neg = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:128 in forward, code: sin = emb.sin() * self.attention_scaling
        sin: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.sin.default(view_3);  view_3 = None
        mul_82: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(sin, 1.0);  sin = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:197 in apply_rotary_pos_emb, code: sin = sin.unsqueeze(unsqueeze_dim)
        unsqueeze_6: "f32[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(mul_82, 1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:198 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_170: "f32[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat, unsqueeze_6);  cat = None
        add_160: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_154, mul_170);  mul_154 = mul_170 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:200 in apply_rotary_pos_emb, code: return q_embed.to(q_type), k_embed.to(k_type)
        convert_element_type_5: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.prims.convert_element_type.default(add_160, torch.bfloat16);  add_160 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_5: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(convert_element_type_5, [0, 2, 1, 3]);  convert_element_type_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_12: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_5, [-1, 2, 64]);  permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s27, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_13: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:251 in forward, code: key_states = key_states.view(hidden_shape).transpose(1, 2)
        view_7: "bf16[1, s27, 2, 64][384*s27, 384, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [1, arg1_1, -1, 64]);  getitem_3 = None
        permute_3: "bf16[1, 2, s27, 64][384*s27, 64, 384, 1]" = torch.ops.aten.permute.default(view_7, [0, 2, 1, 3]);  view_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:199 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_177: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_3, unsqueeze_5);  unsqueeze_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:135 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_5: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_3, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_1: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_5);  slice_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:134 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_4: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_3, 3, 0, 32);  permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_1: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_1, slice_4], -1);  neg_1 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:199 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_193: "f32[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_1, unsqueeze_6);  cat_1 = unsqueeze_6 = None
        add_184: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_177, mul_193);  mul_177 = mul_193 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:200 in apply_rotary_pos_emb, code: return q_embed.to(q_type), k_embed.to(k_type)
        convert_element_type_6: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.prims.convert_element_type.default(add_184, torch.bfloat16);  add_184 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_6: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(convert_element_type_6, [0, 2, 1, 3]);  convert_element_type_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_14: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_6, [-1, 2, 64]);  permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_15: "bf16[s27, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 2, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_14, view_15, arg6_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_12, key = view_14, value = view_15, output = view_13, layer_name = arg6_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view_12 = view_14 = view_15 = view_13 = arg6_1 = unified_kv_cache_update = None
        getitem_6: "bf16[s27, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_16: "bf16[s27, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, 128]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        mm_1: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_16, permute_8);  view_16 = permute_8 = None
        view_30: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_1, [1, arg1_1, 256]);  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_30, 'tp:0');  view_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:312 in forward, code: hidden_states = residual + hidden_states
        add_252: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(all_reduce, all_reduce_1);  all_reduce = all_reduce_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:58 in forward, code: return F.layer_norm(hidden_states.to(dtype=torch.float32), self.normalized_shape, None, None, eps=1e-5).to(
        convert_element_type_9: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_252, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_9, [2], correction = 0, keepdim = True)
        getitem_8: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[0]
        getitem_9: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_88: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_9, getitem_9);  convert_element_type_9 = getitem_9 = None
        add_259: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_8, 1e-05);  getitem_8 = None
        rsqrt_1: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_259);  add_259 = None
        mul_280: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_88, rsqrt_1);  sub_88 = rsqrt_1 = None
        convert_element_type_10: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_280, torch.bfloat16);  mul_280 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_31: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_10, [arg1_1, 256]);  convert_element_type_10 = None
        permute_9: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg8_1, [1, 0]);  arg8_1 = None
        mm_2: "bf16[s27, 512][512, 1]" = torch.ops.aten.mm.default(view_31, permute_9);  view_31 = permute_9 = None
        view_32: "bf16[1, s27, 512][512*s27, 512, 1]" = torch.ops.aten.reshape.default(mm_2, [1, arg1_1, 512]);  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_6: "bf16[1, s27, 256][512*s27, 512, 1]" = torch.ops.aten.slice.Tensor(view_32, 2, 0, 256)
        convert_element_type_13: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(slice_6, torch.float32);  slice_6 = None
        neg_2: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.neg.default(convert_element_type_13)
        exp: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.exp.default(neg_2);  neg_2 = None
        add_284: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(exp, 1);  exp = None
        div: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_13, add_284);  convert_element_type_13 = add_284 = None
        convert_element_type_14: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(div, torch.bfloat16);  div = None
        slice_7: "bf16[1, s27, 256][512*s27, 512, 1]" = torch.ops.aten.slice.Tensor(view_32, 2, 256, 9223372036854775807);  view_32 = None
        mul_317: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_14, slice_7);  convert_element_type_14 = slice_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_33: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(mul_317, [arg1_1, 256]);  mul_317 = None
        permute_10: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg9_1, [1, 0]);  arg9_1 = None
        mm_3: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_33, permute_10);  view_33 = permute_10 = None
        view_34: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_3, [1, arg1_1, 256]);  mm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_34, 'tp:0');  view_34 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:318 in forward, code: hidden_states = residual + hidden_states
        add_306: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_252, all_reduce_2);  add_252 = all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:58 in forward, code: return F.layer_norm(hidden_states.to(dtype=torch.float32), self.normalized_shape, None, None, eps=1e-5).to(
        convert_element_type_17: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_306, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_17, [2], correction = 0, keepdim = True)
        getitem_10: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[0]
        getitem_11: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_106: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_17, getitem_11);  convert_element_type_17 = getitem_11 = None
        add_313: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_10, 1e-05);  getitem_10 = None
        rsqrt_2: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_313);  add_313 = None
        mul_349: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_106, rsqrt_2);  sub_106 = rsqrt_2 = None
        convert_element_type_18: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_349, torch.bfloat16);  mul_349 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_35: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_18, [arg1_1, 256]);  convert_element_type_18 = None
        permute_11: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm_4: "bf16[s27, 384][384, 1]" = torch.ops.aten.mm.default(view_35, permute_11);  view_35 = permute_11 = None
        view_36: "bf16[1, s27, 384][384*s27, 384, 1]" = torch.ops.aten.reshape.default(mm_4, [1, arg1_1, 384]);  mm_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:230 in forward, code: def forward(
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(view_36, [128, 128, 128], -1);  view_36 = None
        getitem_12: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[1, s27, 128][384*s27, 384, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:250 in forward, code: query_states = query_states.view(hidden_shape).transpose(1, 2)
        view_37: "bf16[1, s27, 2, 64][384*s27, 384, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [1, arg1_1, -1, 64]);  getitem_12 = None
        permute_12: "bf16[1, 2, s27, 64][384*s27, 64, 384, 1]" = torch.ops.aten.permute.default(view_37, [0, 2, 1, 3]);  view_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:196 in apply_rotary_pos_emb, code: cos = cos.unsqueeze(unsqueeze_dim)
        unsqueeze_7: "f32[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(mul_75, 1);  mul_75 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:198 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_412: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_12, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:135 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_9: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_12, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_3: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_9);  slice_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:134 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_8: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_12, 3, 0, 32);  permute_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_2: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_3, slice_8], -1);  neg_3 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:197 in apply_rotary_pos_emb, code: sin = sin.unsqueeze(unsqueeze_dim)
        unsqueeze_8: "f32[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(mul_82, 1);  mul_82 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:198 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_428: "f32[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_2, unsqueeze_8);  cat_2 = None
        add_391: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_412, mul_428);  mul_412 = mul_428 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:200 in apply_rotary_pos_emb, code: return q_embed.to(q_type), k_embed.to(k_type)
        convert_element_type_21: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.prims.convert_element_type.default(add_391, torch.bfloat16);  add_391 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_15: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(convert_element_type_21, [0, 2, 1, 3]);  convert_element_type_21 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_43: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_15, [-1, 2, 64]);  permute_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s27, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_44: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:251 in forward, code: key_states = key_states.view(hidden_shape).transpose(1, 2)
        view_38: "bf16[1, s27, 2, 64][384*s27, 384, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [1, arg1_1, -1, 64]);  getitem_13 = None
        permute_13: "bf16[1, 2, s27, 64][384*s27, 64, 384, 1]" = torch.ops.aten.permute.default(view_38, [0, 2, 1, 3]);  view_38 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:199 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_435: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_13, unsqueeze_7);  unsqueeze_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:135 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_11: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_4: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_11);  slice_11 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:134 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_10: "bf16[1, 2, s27, 32][384*s27, 64, 384, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 0, 32);  permute_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:136 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_3: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_4, slice_10], -1);  neg_4 = slice_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:199 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_451: "f32[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_3, unsqueeze_8);  cat_3 = unsqueeze_8 = None
        add_415: "f32[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_435, mul_451);  mul_435 = mul_451 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:200 in apply_rotary_pos_emb, code: return q_embed.to(q_type), k_embed.to(k_type)
        convert_element_type_22: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.prims.convert_element_type.default(add_415, torch.bfloat16);  add_415 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_16: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(convert_element_type_22, [0, 2, 1, 3]);  convert_element_type_22 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_45: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_16, [-1, 2, 64]);  permute_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_46: "bf16[s27, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 2, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_45, view_46, arg11_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_43, key = view_45, value = view_46, output = view_44, layer_name = arg11_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_43 = view_45 = view_46 = view_44 = arg11_1 = unified_kv_cache_update_1 = None
        getitem_16: "bf16[s27, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_47: "bf16[s27, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 128]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_18: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg12_1, [1, 0]);  arg12_1 = None
        mm_5: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_47, permute_18);  view_47 = permute_18 = None
        view_61: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_5, [1, arg1_1, 256]);  mm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_61, 'tp:0');  view_61 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:312 in forward, code: hidden_states = residual + hidden_states
        add_483: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_306, all_reduce_3);  add_306 = all_reduce_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:58 in forward, code: return F.layer_norm(hidden_states.to(dtype=torch.float32), self.normalized_shape, None, None, eps=1e-5).to(
        convert_element_type_25: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_483, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_25, [2], correction = 0, keepdim = True)
        getitem_18: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[0]
        getitem_19: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_160: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_25, getitem_19);  convert_element_type_25 = getitem_19 = None
        add_490: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_18, 1e-05);  getitem_18 = None
        rsqrt_3: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_490);  add_490 = None
        mul_538: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_160, rsqrt_3);  sub_160 = rsqrt_3 = None
        convert_element_type_26: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_538, torch.bfloat16);  mul_538 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_62: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_26, [arg1_1, 256]);  convert_element_type_26 = None
        permute_19: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        mm_6: "bf16[s27, 512][512, 1]" = torch.ops.aten.mm.default(view_62, permute_19);  view_62 = permute_19 = None
        view_63: "bf16[1, s27, 512][512*s27, 512, 1]" = torch.ops.aten.reshape.default(mm_6, [1, arg1_1, 512]);  mm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:144 in forward_native, code: return F.silu(x[..., :d]) * x[..., d:]
        slice_12: "bf16[1, s27, 256][512*s27, 512, 1]" = torch.ops.aten.slice.Tensor(view_63, 2, 0, 256)
        convert_element_type_29: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(slice_12, torch.float32);  slice_12 = None
        neg_5: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.neg.default(convert_element_type_29)
        exp_1: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.exp.default(neg_5);  neg_5 = None
        add_515: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(exp_1, 1);  exp_1 = None
        div_1: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.div.Tensor(convert_element_type_29, add_515);  convert_element_type_29 = add_515 = None
        convert_element_type_30: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(div_1, torch.bfloat16);  div_1 = None
        slice_13: "bf16[1, s27, 256][512*s27, 512, 1]" = torch.ops.aten.slice.Tensor(view_63, 2, 256, 9223372036854775807);  view_63 = None
        mul_575: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_30, slice_13);  convert_element_type_30 = slice_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_64: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(mul_575, [arg1_1, 256]);  mul_575 = None
        permute_20: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        mm_7: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_64, permute_20);  view_64 = permute_20 = None
        view_65: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_7, [1, arg1_1, 256]);  mm_7 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_65, 'tp:0');  view_65 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:318 in forward, code: hidden_states = residual + hidden_states
        add_537: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_483, all_reduce_4);  add_483 = all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/olmo/modeling_olmo.py:58 in forward, code: return F.layer_norm(hidden_states.to(dtype=torch.float32), self.normalized_shape, None, None, eps=1e-5).to(
        convert_element_type_33: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_537, torch.float32);  add_537 = None
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_33, [2], correction = 0, keepdim = True)
        getitem_20: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[0]
        getitem_21: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_178: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_33, getitem_21);  convert_element_type_33 = getitem_21 = None
        add_544: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_20, 1e-05);  getitem_20 = None
        rsqrt_4: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_544);  add_544 = None
        mul_607: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_178, rsqrt_4);  sub_178 = rsqrt_4 = None
        convert_element_type_34: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_607, torch.bfloat16);  mul_607 = None
        return (convert_element_type_34,)
