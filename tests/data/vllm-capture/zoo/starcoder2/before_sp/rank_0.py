class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[1, s27][s27, 1]", arg1_1: "Sym(s27)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "f32[32][1]", arg4_1: "i64[1, s27][s27, 1]", arg5_1: "bf16[256][1]", arg6_1: "bf16[256][1]", arg7_1: "bf16[256, 256][256, 1]", arg8_1: "bf16[256][1]", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[256, 256][256, 1]", arg15_1: "bf16[256][1]", arg16_1: "bf16[256, 256][256, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256][1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[256, 256][256, 1]", arg21_1: "bf16[256][1]", arg22_1, arg23_1: "bf16[256, 128][128, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[256][1]", arg26_1: "bf16[256][1]", arg27_1: "bf16[256, 256][256, 1]", arg28_1: "bf16[256][1]", arg29_1: "bf16[256, 256][256, 1]", arg30_1: "bf16[256][1]", arg31_1: "bf16[256][1]", arg32_1: "bf16[256][1]"):
        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:186 in get_masked_input_and_mask, code: org_vocab_mask = (input_ >= org_vocab_start_index) & (input_ < org_vocab_end_index)
        ge: "b8[1, s27][s27, 1]" = torch.ops.aten.ge.Scalar(arg0_1, 0)
        lt: "b8[1, s27][s27, 1]" = torch.ops.aten.lt.Scalar(arg0_1, 512)
        bitwise_and: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_and.Tensor(ge, lt);  ge = lt = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        ge_1: "b8[1, s27][s27, 1]" = torch.ops.aten.ge.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:188 in get_masked_input_and_mask, code: input_ < added_vocab_end_index
        lt_1: "b8[1, s27][s27, 1]" = torch.ops.aten.lt.Scalar(arg0_1, 1024)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:187 in get_masked_input_and_mask, code: added_vocab_mask = (input_ >= added_vocab_start_index) & (
        bitwise_and_1: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_and.Tensor(ge_1, lt_1);  ge_1 = lt_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:198 in get_masked_input_and_mask, code: vocab_mask = org_vocab_mask | added_vocab_mask
        bitwise_or: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_or.Tensor(bitwise_and, bitwise_and_1);  bitwise_and = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:200 in get_masked_input_and_mask, code: return input_, ~vocab_mask
        bitwise_not: "b8[1, s27][s27, 1]" = torch.ops.aten.bitwise_not.default(bitwise_or)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        unsqueeze: "b8[1, s27, 1][s27, 1, 1]" = torch.ops.aten.unsqueeze.default(bitwise_not, -1);  bitwise_not = None
        full_default_1: "bf16[][]" = torch.ops.aten.full.default([], 0.0, dtype = torch.bfloat16, layout = torch.strided, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:195 in get_masked_input_and_mask, code: valid_offset = (org_vocab_start_index * org_vocab_mask) + (
        mul_9: "i64[1, s27][s27, 1]" = torch.ops.aten.mul.Tensor(bitwise_and_1, 512);  bitwise_and_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:199 in get_masked_input_and_mask, code: input_ = vocab_mask * (input_ - valid_offset)
        sub_10: "i64[1, s27][s27, 1]" = torch.ops.aten.sub.Tensor(arg0_1, mul_9);  arg0_1 = mul_9 = None
        mul_17: "i64[1, s27][s27, 1]" = torch.ops.aten.mul.Tensor(bitwise_or, sub_10);  bitwise_or = sub_10 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:85 in embedding, code: return F.embedding(input_, layer.weight)
        embedding: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.embedding.default(arg2_1, mul_17);  arg2_1 = mul_17 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/vocab_parallel_embedding.py:559 in forward, code: output_parallel.masked_fill_(input_mask.unsqueeze(-1), 0)
        where: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.where.self(unsqueeze, full_default_1, embedding);  unsqueeze = full_default_1 = embedding = None

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
        addmm_1: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg11_1, view_16, permute_8);  arg11_1 = view_16 = permute_8 = None
        view_30: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_1, [1, arg1_1, 256]);  addmm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_30, 'tp:0');  view_30 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:236 in forward, code: hidden_states = residual + hidden_states
        add_251: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(all_reduce, all_reduce_1);  all_reduce = all_reduce_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:240 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_13: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_251, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_13, [2], correction = 0, keepdim = True)
        getitem_8: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[0]
        getitem_9: "f32[1, s27, 1][s27, 1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_87: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_13, getitem_9);  convert_element_type_13 = getitem_9 = None
        add_255: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_8, 1e-05);  getitem_8 = None
        rsqrt_1: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_255);  add_255 = None
        mul_265: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_87, rsqrt_1);  sub_87 = rsqrt_1 = None
        mul_266: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_265, arg12_1);  mul_265 = arg12_1 = None
        add_256: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_266, arg13_1);  mul_266 = arg13_1 = None
        convert_element_type_14: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_256, torch.bfloat16);  add_256 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_31: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_14, [arg1_1, 256]);  convert_element_type_14 = None
        permute_9: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        addmm_2: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg15_1, view_31, permute_9);  arg15_1 = view_31 = permute_9 = None
        view_32: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_2, [1, arg1_1, 256]);  addmm_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/activations.py:51 in forward, code: return self.act(input)
        convert_element_type_20: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(view_32, torch.float32);  view_32 = None
        mul_288: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_20, 0.5)
        mul_284: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_20, convert_element_type_20)
        mul_285: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_284, convert_element_type_20);  mul_284 = None
        mul_286: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_285, 0.044715);  mul_285 = None
        add_275: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_20, mul_286);  convert_element_type_20 = mul_286 = None
        mul_287: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(add_275, 0.7978845608028654);  add_275 = None
        tanh: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.tanh.default(mul_287);  mul_287 = None
        add_276: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(tanh, 1);  tanh = None
        mul_289: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_288, add_276);  mul_288 = add_276 = None
        convert_element_type_21: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_289, torch.bfloat16);  mul_289 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_33: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_21, [arg1_1, 256]);  convert_element_type_21 = None
        permute_10: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        addmm_3: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg17_1, view_33, permute_10);  arg17_1 = view_33 = permute_10 = None
        view_34: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_3, [1, arg1_1, 256]);  addmm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_34, 'tp:0');  view_34 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:242 in forward, code: hidden_states = residual + hidden_states
        add_295: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_251, all_reduce_2);  add_251 = all_reduce_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:225 in forward, code: hidden_states = self.input_layernorm(hidden_states)
        convert_element_type_25: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_295, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_25, [2], correction = 0, keepdim = True)
        getitem_10: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[0]
        getitem_11: "f32[1, s27, 1][s27, 1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_101: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_25, getitem_11);  convert_element_type_25 = getitem_11 = None
        add_299: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_10, 1e-05);  getitem_10 = None
        rsqrt_2: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_299);  add_299 = None
        mul_314: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_101, rsqrt_2);  sub_101 = rsqrt_2 = None
        mul_315: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_314, arg18_1);  mul_314 = arg18_1 = None
        add_300: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_315, arg19_1);  mul_315 = arg19_1 = None
        convert_element_type_26: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_300, torch.bfloat16);  add_300 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_35: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_26, [arg1_1, 256]);  convert_element_type_26 = None
        permute_11: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        addmm_4: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg21_1, view_35, permute_11);  arg21_1 = view_35 = permute_11 = None
        view_36: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_4, [1, arg1_1, 256]);  addmm_4 = None

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
        mul_368: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.mul.Tensor(permute_12, unsqueeze_7)

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
        mul_384: "bf16[1, 2, s27, 64][128*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_2, unsqueeze_8);  cat_2 = None
        add_375: "bf16[1, 2, s27, 64][128*s27, 64, 128, 1]" = torch.ops.aten.add.Tensor(mul_368, mul_384);  mul_368 = mul_384 = None

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
        mul_391: "bf16[1, 1, s27, 64][64*s27, 64, 64, 1]" = torch.ops.aten.mul.Tensor(permute_13, unsqueeze_7);  unsqueeze_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:73 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
        slice_9: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 32, 9223372036854775807)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_3: "bf16[1, 1, s27, 32][32*s27, 32, 32, 1]" = torch.ops.aten.neg.default(slice_9);  slice_9 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:72 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
        slice_8: "bf16[1, 1, s27, 32][256*s27, 64, 256, 1]" = torch.ops.aten.slice.Tensor(permute_13, 3, 0, 32);  permute_13 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:74 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        cat_3: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.cat.default([neg_3, slice_8], -1);  neg_3 = slice_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:99 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
        mul_408: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.mul.Tensor(cat_3, unsqueeze_8);  cat_3 = unsqueeze_8 = None
        add_397: "bf16[1, 1, s27, 64][64*s27, 64*s27, 64, 1]" = torch.ops.aten.add.Tensor(mul_391, mul_408);  mul_391 = mul_408 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/transformers/__init__.py:81 in <genexpr>, code: query, key, value = (x.transpose(1, 2) for x in (query, key, value))
        permute_16: "bf16[1, s27, 1, 64][64*s27, 64, 64*s27, 1]" = torch.ops.aten.permute.default(add_397, [0, 2, 1, 3]);  add_397 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_45: "bf16[s27, 1, 64][64, 64, 1]" = torch.ops.aten.reshape.default(permute_16, [-1, 1, 64]);  permute_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_46: "bf16[s27, 1, 64][256, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 1, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_45, view_46, arg22_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_43, key = view_45, value = view_46, output = view_44, layer_name = arg22_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_43 = view_45 = view_46 = view_44 = arg22_1 = unified_kv_cache_update_1 = None
        getitem_16: "bf16[s27, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_47: "bf16[s27, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_16, [arg1_1, 128]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_18: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        addmm_5: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg24_1, view_47, permute_18);  arg24_1 = view_47 = permute_18 = None
        view_61: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_5, [1, arg1_1, 256]);  addmm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_61, 'tp:0');  view_61 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:236 in forward, code: hidden_states = residual + hidden_states
        add_462: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_295, all_reduce_3);  add_295 = all_reduce_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:240 in forward, code: hidden_states = self.post_attention_layernorm(hidden_states)
        convert_element_type_35: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_462, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_35, [2], correction = 0, keepdim = True)
        getitem_18: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[0]
        getitem_19: "f32[1, s27, 1][s27, 1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_152: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_35, getitem_19);  convert_element_type_35 = getitem_19 = None
        add_466: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_18, 1e-05);  getitem_18 = None
        rsqrt_3: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_466);  add_466 = None
        mul_482: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_152, rsqrt_3);  sub_152 = rsqrt_3 = None
        mul_483: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_482, arg25_1);  mul_482 = arg25_1 = None
        add_467: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_483, arg26_1);  mul_483 = arg26_1 = None
        convert_element_type_36: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_467, torch.bfloat16);  add_467 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_62: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_36, [arg1_1, 256]);  convert_element_type_36 = None
        permute_19: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        addmm_6: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg28_1, view_62, permute_19);  arg28_1 = view_62 = permute_19 = None
        view_63: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_6, [1, arg1_1, 256]);  addmm_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/activations.py:51 in forward, code: return self.act(input)
        convert_element_type_42: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(view_63, torch.float32);  view_63 = None
        mul_505: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_42, 0.5)
        mul_501: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_42, convert_element_type_42)
        mul_502: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_501, convert_element_type_42);  mul_501 = None
        mul_503: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_502, 0.044715);  mul_502 = None
        add_486: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(convert_element_type_42, mul_503);  convert_element_type_42 = mul_503 = None
        mul_504: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(add_486, 0.7978845608028654);  add_486 = None
        tanh_1: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.tanh.default(mul_504);  mul_504 = None
        add_487: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(tanh_1, 1);  tanh_1 = None
        mul_506: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_505, add_487);  mul_505 = add_487 = None
        convert_element_type_43: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(mul_506, torch.bfloat16);  mul_506 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        view_64: "bf16[s27, 256][256, 1]" = torch.ops.aten.reshape.default(convert_element_type_43, [arg1_1, 256]);  convert_element_type_43 = None
        permute_20: "bf16[256, 256][1, 256]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        addmm_7: "bf16[s27, 256][256, 1]" = torch.ops.aten.addmm.default(arg30_1, view_64, permute_20);  arg30_1 = view_64 = permute_20 = None
        view_65: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.reshape.default(addmm_7, [1, arg1_1, 256]);  addmm_7 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.vllm.all_reduce.default(view_65, 'tp:0');  view_65 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:242 in forward, code: hidden_states = residual + hidden_states
        add_506: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(add_462, all_reduce_4);  add_462 = all_reduce_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/transformers/models/starcoder2/modeling_starcoder2.py:393 in forward, code: hidden_states = self.norm(hidden_states)
        convert_element_type_47: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_506, torch.float32);  add_506 = None
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_47, [2], correction = 0, keepdim = True)
        getitem_20: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[0]
        getitem_21: "f32[1, s27, 1][s27, 1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_166: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_47, getitem_21);  convert_element_type_47 = getitem_21 = None
        add_510: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.add.Tensor(getitem_20, 1e-05);  getitem_20 = None
        rsqrt_4: "f32[1, s27, 1][s27, 1, 1]" = torch.ops.aten.rsqrt.default(add_510);  add_510 = None
        mul_531: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(sub_166, rsqrt_4);  sub_166 = rsqrt_4 = None
        mul_532: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.mul.Tensor(mul_531, arg31_1);  mul_531 = arg31_1 = None
        add_511: "f32[1, s27, 256][256*s27, 256, 1]" = torch.ops.aten.add.Tensor(mul_532, arg32_1);  mul_532 = arg32_1 = None
        convert_element_type_48: "bf16[1, s27, 256][256*s27, 256, 1]" = torch.ops.prims.convert_element_type.default(add_511, torch.bfloat16);  add_511 = None
        return (convert_element_type_48,)
