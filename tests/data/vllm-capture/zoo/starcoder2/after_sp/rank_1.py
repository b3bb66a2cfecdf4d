class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[1, s27][s27, 1]", arg1_1: "Sym(s27)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "f32[32][1]", arg4_1: "i64[1, s27][s27, 1]", arg5_1: "bf16[256][1]", arg6_1: "bf16[256][1]", arg7_1: "bf16[256, 256][256, 1]", arg8_1: "bf16[256][1]", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256, 256][256, 1]", arg14_1: "bf16[256][1]", arg15_1: "bf16[256, 256][256, 1]", arg16_1: "bf16[256][1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256, 256][256, 1]", arg19_1: "bf16[256][1]", arg20_1, arg21_1: "bf16[256, 128][128, 1]", arg22_1: "bf16[256][1]", arg23_1: "bf16[256][1]", arg24_1: "bf16[256, 256][256, 1]", arg25_1: "bf16[256][1]", arg26_1: "bf16[256, 256][256, 1]", arg27_1: "bf16[256][1]", arg28_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:225 in forward, code: hidden_states = self.input_layernorm(hidden_states)
        convert_element_type_3: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32)
        var_mean = torch.ops.aten.var_mean.correction(convert_element_type_3, [2], correction = 0, keepdim = True)
        getitem: "f32[1, s27, 1][s27, 1, 1]" = var_mean[0]
        getitem_1: "f32[1, s27, 1][s27, 1, 1]" = var_mean[1];  var_mean = None
        sub_36: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_3, getitem_1);  convert_element_type_3 = getitem_1 = None
        add_88: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_88);  add_88 = None
        mul_97: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_36, rsqrt);  sub_36 = rsqrt = None
        mul_98: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_97, arg5_1);  mul_97 = arg5_1 = None
        add_89: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_98, arg6_1);  mul_98 = arg6_1 = None
        convert_element_type_4: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_89, torch.bfloat16);  add_89 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_4: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_4, [arg1_1, 256]);  convert_element_type_4 = None
        permute_1: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        addmm: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg8_1, view_4, permute_1);  arg8_1 = view_4 = permute_1 = None
        view_5: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm, [1, arg1_1, 256]);  addmm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:159 in forward, code: def forward(
        split_with_sizes = torch.ops.aten.split_with_sizes.default(view_5, [128, 64, 64], -1);  view_5 = None
        getitem_2: "bf16[1, s27, 128][256*s27, 256, 1]" = split_with_sizes[0]
        getitem_3: "bf16[1, s27, 64][256*s27, 256, 1]" = split_with_sizes[1]
        getitem_4: "bf16[1, s27, 64][256*s27, 256, 1]" = split_with_sizes[2];  split_with_sizes = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:170 in forward, code: query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        view_6: "bf16[1, s27, 2, 64][256*s27, 256, 64, 1]" = torch.ops.aten.reshape.default(getitem_2, [1, arg1_1, -1, 64]);  getitem_2 = None
        permute_2: "bf16[1, 2, s27, 64][256*s27, 64, 256, 1]" = torch.ops.aten.permute.default(view_6, [0, 2, 1, 3]);  view_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:307 in forward, code: self.inv_freq[None, :, None].expand(position_ids.shape[0], -1, 1).to(dtype=torch.float, device=x.device)
        unsqueeze_1: "f32[1, 32][32, 1]" = torch.ops.aten.unsqueeze.default(arg3_1, 0);  arg3_1 = None
        unsqueeze_2: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.unsqueeze.default(unsqueeze_1, 2);  unsqueeze_1 = None
        expand: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.expand.default(unsqueeze_2, [1, -1, 1]);  unsqueeze_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:314 in forward, code: freqs = (inv_freq_expanded @ position_ids_expanded).transpose(1, 2)
        expand_1: "f32[1, 32, 1][32, 1, 1]" = torch.ops.aten.expand.default(expand, [1, 32, 1]);  expand = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:309 in forward, code: position_ids_expanded = position_ids[:, None, :].float()
        unsqueeze_3: "i64[1, 1, s27][s27, s27, 1]" = torch.ops.aten.unsqueeze.default(arg4_1, 1);  arg4_1 = None
        convert_element_type: "f32[1, 1, s27][s27, s27, 1]" = torch.ops.prims.convert_element_type.default(unsqueeze_3, torch.float32);  unsqueeze_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:314 in forward, code: freqs = (inv_freq_expanded @ position_ids_expanded).transpose(1, 2)
        expand_2: "f32[1, 1, s27][s27, s27, 1]" = torch.ops.aten.expand.default(convert_element_type, [1, 1, arg1_1]);  convert_element_type = None
        mul_55: "f32[1, 32, s27][32*s27, s27, 1]" = torch.ops.aten.mul.Tensor(expand_1, expand_2);  expand_1 = expand_2 = None
        permute: "f32[1, s27, 32][32*s27, 1, s27]" = torch.ops.aten.permute.default(mul_55, [0, 2, 1]);  mul_55 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:315 in forward, code: emb = torch.cat((freqs, freqs), dim=-1)
        unsqueeze_4: "f32[1, s27, 1, 32][32*s27, 1, 32*s27, s27]" = torch.ops.aten.unsqueeze.default(permute, 2);  permute = None
        expand_3: "f32[1, s27, 2, 32][32*s27, 1, 0, s27]" = torch.ops.aten.expand.default(unsqueeze_4, [1, arg1_1, 2, 32]);  unsqueeze_4 = None
        clone_1: "f32[1, s27, 2, 32][64*s27, 64, 32, 1]" = torch.ops.aten.clone.default(expand_3, memory_format = torch.contiguous_format);  expand_3 = None
        view_3: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.reshape.default(clone_1, [1, arg1_1, 64]);  clone_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:316 in forward, code: cos = emb.cos() * self.attention_scaling
        cos: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.cos.default(view_3)
        mul_78: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cos, 1.0);  cos = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:319 in forward, code: return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
        convert_element_type_1: "bf16[1, s27, 64][64*s27, 64, 1]" = torch.ops.prims.convert_element_type.default(mul_78, torch.bfloat16);  mul_78 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:96 in apply_rotary_pos_emb, code: cos = cos.unsqueeze(unsqueeze_dim)
        unsqueeze_5: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_1, 1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:98 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_151: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_2, unsqueeze_5)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:73 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_3: "bf16[1, 2, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_2, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_3);  slice_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:72 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_2: "bf16[1, 2, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_2, 3, 0, 32);  permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg, slice_2], -1);  neg = slice_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:317 in forward, code: sin = emb.sin() * self.attention_scaling
        sin: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.sin.default(view_3);  view_3 = None
        mul_85: "f32[1, s27, 64][64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(sin, 1.0);  sin = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:319 in forward, code: return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
        convert_element_type_2: "bf16[1, s27, 64][64*s27, 64, 1]" = torch.ops.prims.convert_element_type.default(mul_85, torch.bfloat16);  mul_85 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:97 in apply_rotary_pos_emb, code: sin = sin.unsqueeze(unsqueeze_dim)
        unsqueeze_6: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_2, 1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:98 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_167: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat, unsqueeze_6);  cat = None
        add_164: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_151, mul_167);  mul_151 = mul_167 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_5: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(add_164, [0, 2, 1, 3]);  add_164 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_12: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_5, [-1, 2, 64]);  permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s27, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_13: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:171 in forward, code: key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        view_7: "bf16[1, s27, 1, 64][256*s27, 256, 64, 1]" = torch.ops.aten.reshape.default(getitem_3, [1, arg1_1, -1, 64]);  getitem_3 = None
        permute_3: "bf16[1, 1, s27, 64][256*s27, 64, 256, 1]" = torch.ops.aten.permute.default(view_7, [0, 2, 1, 3]);  view_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:99 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_174: "bf16[1, 1, s27, 64][64*s27, 64, 64, 1]" = torch.ops.aten.mul.Tensor(permute_3, unsqueeze_5);  unsqueeze_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:73 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_5: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_3, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_1: "bf16[1, 1, s27, 32][32*s27, 32, 32, 1]" = torch.ops.aten.neg.default(slice_5);  slice_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:72 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_4: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_3, 3, 0, 32);  permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_1: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_1, slice_4], -1);  neg_1 = slice_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:99 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_191: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_1, unsqueeze_6);  cat_1 = unsqueeze_6 = None
        add_186: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.add.Tensor(mul_174, mul_191);  mul_174 = mul_191 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_6: "bf16[1, s27, 1, 64][64*s27, 64, 64*s27, 1]" = torch.ops.aten.permute.default(add_186, [0, 2, 1, 3]);  add_186 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_14: "bf16[s27, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(permute_6, [-1, 1, 64]);  permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_15: "bf16[s27, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 1, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_14, view_15, arg9_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_12, key = view_14, value = view_15, output = view_13, layer_name = arg9_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view_12 = view_14 = view_15 = view_13 = arg9_1 = unified_kv_cache_update = None
        getitem_6: "bf16[s27, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_16: "bf16[s27, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_6, [arg1_1, 128]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_8: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        mm: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_16, permute_8);  view_16 = permute_8 = None
        view_30: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm, [1, arg1_1, 256]);  mm = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_30, 'tp:0');  view_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:236 in forward, code: hidden_states = residual + hidden_states
        add_251: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(all_reduce, all_reduce_1);  all_reduce = all_reduce_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:240 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_12: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_251, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_12, [2], correction = 0, keepdim = True)
        getitem_8: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[0]
        getitem_9: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_87: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_12, getitem_9);  convert_element_type_12 = getitem_9 = None
        add_255: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_8, 1e-05);  getitem_8 = None
        rsqrt_1: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_255);  add_255 = None
        mul_272: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_87, rsqrt_1);  sub_87 = rsqrt_1 = None
        mul_273: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_272, arg11_1);  mul_272 = arg11_1 = None
        add_256: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_273, arg12_1);  mul_273 = arg12_1 = None
        convert_element_type_13: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_256, torch.bfloat16);  add_256 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_31: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_13, [arg1_1, 256]);  convert_element_type_13 = None
        permute_9: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg13_1, [1, 0]);  arg13_1 = None
        addmm_1: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg14_1, view_31, permute_9);  arg14_1 = view_31 = permute_9 = None
        view_32: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_1, [1, arg1_1, 256]);  addmm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/activations.py:51 in forward, code: return self.act(input)
        convert_element_type_19: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(view_32, torch.float32);  view_32 = None
        mul_295: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_19, 0.5)
        mul_291: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_19, convert_element_type_19)
        mul_292: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_291, convert_element_type_19);  mul_291 = None
        mul_293: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_292, 0.044715);  mul_292 = None
        add_275: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_19, mul_293);  convert_element_type_19 = mul_293 = None
        mul_294: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(add_275, 0.7978845608028654);  add_275 = None
        tanh: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.tanh.default(mul_294);  mul_294 = None
        add_276: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(tanh, 1);  tanh = None
        mul_296: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_295, add_276);  mul_295 = add_276 = None
        convert_element_type_20: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_296, torch.bfloat16);  mul_296 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_33: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_20, [arg1_1, 256]);  convert_element_type_20 = None
        permute_10: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg15_1, [1, 0]);  arg15_1 = None
        mm_1: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_33, permute_10);  view_33 = permute_10 = None
        view_34: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_1, [1, arg1_1, 256]);  mm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_34, 'tp:0');  view_34 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:242 in forward, code: hidden_states = residual + hidden_states
        add_295: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_251, all_reduce_2);  add_251 = all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:225 in forward, code: hidden_states = self.input_layernorm(hidden_states)
        convert_element_type_23: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_295, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_23, [2], correction = 0, keepdim = True)
        getitem_10: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[0]
        getitem_11: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_101: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_23, getitem_11);  convert_element_type_23 = getitem_11 = None
        add_299: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_10, 1e-05);  getitem_10 = None
        rsqrt_2: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_299);  add_299 = None
        mul_328: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_101, rsqrt_2);  sub_101 = rsqrt_2 = None
        mul_329: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_328, arg16_1);  mul_328 = arg16_1 = None
        add_300: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_329, arg17_1);  mul_329 = arg17_1 = None
        convert_element_type_24: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_300, torch.bfloat16);  add_300 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_35: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_24, [arg1_1, 256]);  convert_element_type_24 = None
        permute_11: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg18_1, [1, 0]);  arg18_1 = None
        addmm_2: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg19_1, view_35, permute_11);  arg19_1 = view_35 = permute_11 = None
        view_36: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_2, [1, arg1_1, 256]);  addmm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:159 in forward, code: def forward(
        split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(view_36, [128, 64, 64], -1);  view_36 = None
        getitem_12: "bf16[1, s27, 128][256*s27, 256, 1]" = split_with_sizes_1[0]
        getitem_13: "bf16[1, s27, 64][256*s27, 256, 1]" = split_with_sizes_1[1]
        getitem_14: "bf16[1, s27, 64][256*s27, 256, 1]" = split_with_sizes_1[2];  split_with_sizes_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:170 in forward, code: query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        view_37: "bf16[1, s27, 2, 64][256*s27, 256, 64, 1]" = torch.ops.aten.reshape.default(getitem_12, [1, arg1_1, -1, 64]);  getitem_12 = None
        permute_12: "bf16[1, 2, s27, 64][256*s27, 64, 256, 1]" = torch.ops.aten.permute.default(view_37, [0, 2, 1, 3]);  view_37 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:96 in apply_rotary_pos_emb, code: cos = cos.unsqueeze(unsqueeze_dim)
        unsqueeze_7: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_1, 1);  convert_element_type_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:98 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_382: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_12, unsqueeze_7)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:73 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_7: "bf16[1, 2, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_12, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_2: "bf16[1, 2, s27, 32][64*s27, 32, 64, 1]" = torch.ops.aten.neg.default(slice_7);  slice_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:72 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_6: "bf16[1, 2, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_12, 3, 0, 32);  permute_12 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_2: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_2, slice_6], -1);  neg_2 = slice_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:97 in apply_rotary_pos_emb, code: sin = sin.unsqueeze(unsqueeze_dim)
        unsqueeze_8: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.unsqueeze.default(convert_element_type_2, 1);  convert_element_type_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:98 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
        mul_398: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_2, unsqueeze_8);  cat_2 = None
        add_375: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_382, mul_398);  mul_382 = mul_398 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_15: "bf16[1, s27, 2, 64][128*s27, 128, 64, 1]" = torch.ops.aten.permute.default(add_375, [0, 2, 1, 3]);  add_375 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_43: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(permute_15, [-1, 2, 64]);  permute_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s27, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_44: "bf16[s27, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:171 in forward, code: key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        view_38: "bf16[1, s27, 1, 64][256*s27, 256, 64, 1]" = torch.ops.aten.reshape.default(getitem_13, [1, arg1_1, -1, 64]);  getitem_13 = None
        permute_13: "bf16[1, 1, s27, 64][256*s27, 64, 256, 1]" = torch.ops.aten.permute.default(view_38, [0, 2, 1, 3]);  view_38 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:99 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_405: "bf16[1, 1, s27, 64][64*s27, 64, 64, 1]" = torch.ops.aten.mul.Tensor(permute_13, unsqueeze_7);  unsqueeze_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:73 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_9: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_3: "bf16[1, 1, s27, 32][32*s27, 32, 32, 1]" = torch.ops.aten.neg.default(slice_9);  slice_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:72 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_8: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 0, 32);  permute_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_3: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_3, slice_8], -1);  neg_3 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:99 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_422: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_3, unsqueeze_8);  cat_3 = unsqueeze_8 = None
        add_397: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.add.Tensor(mul_405, mul_422);  mul_405 = mul_422 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_16: "bf16[1, s27, 1, 64][64*s27, 64, 64*s27, 1]" = torch.ops.aten.permute.default(add_397, [0, 2, 1, 3]);  add_397 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_45: "bf16[s27, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(permute_16, [-1, 1, 64]);  permute_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_46: "bf16[s27, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_45, view_46, arg20_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_43, key = view_45, value = view_46, output = view_44, layer_name = arg20_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_43 = view_45 = view_46 = view_44 = arg20_1 = unified_kv_cache_update_1 = None
        getitem_16: "bf16[s27, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_47: "bf16[s27, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 128]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_18: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg21_1, [1, 0]);  arg21_1 = None
        mm_2: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_47, permute_18);  view_47 = permute_18 = None
        view_61: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_2, [1, arg1_1, 256]);  mm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_61, 'tp:0');  view_61 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:236 in forward, code: hidden_states = residual + hidden_states
        add_462: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_295, all_reduce_3);  add_295 = all_reduce_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:240 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_32: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_462, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_32, [2], correction = 0, keepdim = True)
        getitem_18: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[0]
        getitem_19: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_152: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_32, getitem_19);  convert_element_type_32 = getitem_19 = None
        add_466: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_18, 1e-05);  getitem_18 = None
        rsqrt_3: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_466);  add_466 = None
        mul_503: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_152, rsqrt_3);  sub_152 = rsqrt_3 = None
        mul_504: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_503, arg22_1);  mul_503 = arg22_1 = None
        add_467: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_504, arg23_1);  mul_504 = arg23_1 = None
        convert_element_type_33: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_467, torch.bfloat16);  add_467 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_62: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_33, [arg1_1, 256]);  convert_element_type_33 = None
        permute_19: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg24_1, [1, 0]);  arg24_1 = None
        addmm_3: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg25_1, view_62, permute_19);  arg25_1 = view_62 = permute_19 = None
        view_63: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_3, [1, arg1_1, 256]);  addmm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/activations.py:51 in forward, code: return self.act(input)
        convert_element_type_39: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(view_63, torch.float32);  view_63 = None
        mul_526: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_39, 0.5)
        mul_522: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_39, convert_element_type_39)
        mul_523: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_522, convert_element_type_39);  mul_522 = None
        mul_524: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_523, 0.044715);  mul_523 = None
        add_486: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_39, mul_524);  convert_element_type_39 = mul_524 = None
        mul_525: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(add_486, 0.7978845608028654);  add_486 = None
        tanh_1: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.tanh.default(mul_525);  mul_525 = None
        add_487: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(tanh_1, 1);  tanh_1 = None
        mul_527: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_526, add_487);  mul_526 = add_487 = None
        convert_element_type_40: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_527, torch.bfloat16);  mul_527 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_64: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_40, [arg1_1, 256]);  convert_element_type_40 = None
        permute_20: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg26_1, [1, 0]);  arg26_1 = None
        mm_3: "bf16[s27, 256][256, 1]" = torch.ops.aten.mm.default(view_64, permute_20);  view_64 = permute_20 = None
        view_65: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(mm_3, [1, arg1_1, 256]);  mm_3 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_65, 'tp:0');  view_65 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:242 in forward, code: hidden_states = residual + hidden_states
        add_506: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_462, all_reduce_4);  add_462 = all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:393 in forward, code: hidden_states = self.norm(hidden_states)
        convert_element_type_43: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_506, torch.float32);  add_506 = None
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_43, [2], correction = 0, keepdim = True)
        getitem_20: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[0]
        getitem_21: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_166: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_43, getitem_21);  convert_element_type_43 = getitem_21 = None
        add_510: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_20, 1e-05);  getitem_20 = None
        rsqrt_4: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_510);  add_510 = None
        mul_559: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_166, rsqrt_4);  sub_166 = rsqrt_4 = None
        mul_560: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_559, arg27_1);  mul_559 = arg27_1 = None
        add_511: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_560, arg28_1);  mul_560 = arg28_1 = None
        convert_element_type_44: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_511, torch.bfloat16);  add_511 = None
        return (convert_element_type_44,)
