class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "i32[s72][1]", arg1_1: "Sym(s72)", arg2_1: "bf16[512, 256][256, 1]", arg3_1: "bf16[256][1]", arg4_1: "bf16[256][1]", arg5_1: "bf16[256][1]", arg6_1: "bf16[256][1]", arg7_1: "bf16[384, 256][256, 1]", arg8_1: "bf16[384][1]", arg9_1, arg10_1: "bf16[256, 128][128, 1]", arg11_1: "bf16[256][1]", arg12_1: "bf16[256][1]", arg13_1: "bf16[256][1]", arg14_1: "bf16[512, 256][256, 1]", arg15_1: "bf16[512][1]", arg16_1: "bf16[256, 512][512, 1]", arg17_1: "bf16[256][1]", arg18_1: "bf16[256][1]", arg19_1: "bf16[256][1]", arg20_1: "bf16[384, 256][256, 1]", arg21_1: "bf16[384][1]", arg22_1, arg23_1: "bf16[256, 128][128, 1]", arg24_1: "bf16[256][1]", arg25_1: "bf16[256][1]", arg26_1: "bf16[256][1]", arg27_1: "bf16[512, 256][256, 1]", arg28_1: "bf16[512][1]", arg29_1: "bf16[256, 512][512, 1]", arg30_1: "bf16[256][1]", arg31_1: "bf16[256][1]", arg32_1: "bf16[256][1]"):
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

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:287 in forward, code: hidden_states = self.word_embeddings_layernorm(hidden_states)
        convert_element_type: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(all_reduce, torch.float32);  all_reduce = None
        var_mean = torch.ops.aten.var_mean.correction(convert_element_type, [1], correction = 0, keepdim = True)
        getitem: "f32[s72, 1][1, 1]" = var_mean[0]
        getitem_1: "f32[s72, 1][1, 1]" = var_mean[1];  var_mean = None
        sub_20: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type, getitem_1);  convert_element_type = getitem_1 = None
        add_45: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem, 1e-05);  getitem = None
        rsqrt: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_45);  add_45 = None
        mul_20: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_20, rsqrt);  sub_20 = rsqrt = None
        mul_21: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_20, arg3_1);  mul_20 = arg3_1 = None
        add_46: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_21, arg4_1);  mul_21 = arg4_1 = None
        convert_element_type_1: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_46, torch.bfloat16);  add_46 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:209 in forward, code: layernorm_output = self.input_layernorm(hidden_states)
        convert_element_type_4: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(convert_element_type_1, torch.float32)
        var_mean_1 = torch.ops.aten.var_mean.correction(convert_element_type_4, [1], correction = 0, keepdim = True)
        getitem_2: "f32[s72, 1][1, 1]" = var_mean_1[0]
        getitem_3: "f32[s72, 1][1, 1]" = var_mean_1[1];  var_mean_1 = None
        sub_24: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_4, getitem_3);  convert_element_type_4 = getitem_3 = None
        add_56: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_2, 1e-05);  getitem_2 = None
        rsqrt_1: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_56);  add_56 = None
        mul_28: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_24, rsqrt_1);  sub_24 = rsqrt_1 = None
        mul_29: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_28, arg5_1);  mul_28 = arg5_1 = None
        add_57: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_29, arg6_1);  mul_29 = arg6_1 = None
        convert_element_type_5: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_57, torch.bfloat16);  add_57 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg7_1, [1, 0]);  arg7_1 = None
        addmm: "bf16[s72, 384][384, 1]" = torch.ops.aten.addmm.default(arg8_1, convert_element_type_5, permute);  arg8_1 = convert_element_type_5 = permute = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:144 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split = torch.ops.aten.split.Tensor(addmm, 128, -1);  addmm = None
        getitem_4: "bf16[s72, 128][384, 1]" = split[0]
        getitem_5: "bf16[s72, 128][384, 1]" = split[1]
        getitem_6: "bf16[s72, 128][384, 1]" = split[2];  split = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_4, [-1, 2, 64]);  getitem_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_1: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty, [-1, 2, 64]);  empty = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_2: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_5, [-1, 2, 64]);  getitem_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_3: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_6, [-1, 2, 64]);  getitem_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_2, view_3, arg9_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view, key = view_2, value = view_3, output = view_1, layer_name = arg9_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update);  view = view_2 = view_3 = view_1 = arg9_1 = unified_kv_cache_update = None
        getitem_8: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized[1];  auto_functionalized = None
        view_4: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_8, [arg1_1, 128]);  getitem_8 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_1: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg10_1, [1, 0]);  arg10_1 = None
        addmm_1: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg11_1, view_4, permute_1);  arg11_1 = view_4 = permute_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_1: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_1, 'tp:0');  addmm_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:222 in forward, code: attention_output = attention_output + residual
        add_107: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_1, convert_element_type_1);  all_reduce_1 = convert_element_type_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:223 in forward, code: layernorm_output = self.post_attention_layernorm(attention_output)
        convert_element_type_14: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_107, torch.float32)
        var_mean_2 = torch.ops.aten.var_mean.correction(convert_element_type_14, [1], correction = 0, keepdim = True)
        getitem_10: "f32[s72, 1][1, 1]" = var_mean_2[0]
        getitem_11: "f32[s72, 1][1, 1]" = var_mean_2[1];  var_mean_2 = None
        sub_41: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_14, getitem_11);  convert_element_type_14 = getitem_11 = None
        add_111: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_10, 1e-05);  getitem_10 = None
        rsqrt_2: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_111);  add_111 = None
        mul_62: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_41, rsqrt_2);  sub_41 = rsqrt_2 = None
        mul_63: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_62, arg12_1);  mul_62 = arg12_1 = None
        add_112: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_63, arg13_1);  mul_63 = arg13_1 = None
        convert_element_type_15: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_112, torch.bfloat16);  add_112 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_2: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg14_1, [1, 0]);  arg14_1 = None
        addmm_2: "bf16[s72, 512][512, 1]" = torch.ops.aten.addmm.default(arg15_1, convert_element_type_15, permute_2);  arg15_1 = convert_element_type_15 = permute_2 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_21: "f32[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(addmm_2, torch.float32);  addmm_2 = None
        mul_70: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_21, 0.5)
        mul_71: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_21, 0.7071067811865476);  convert_element_type_21 = None
        erf: "f32[s72, 512][512, 1]" = torch.ops.aten.erf.default(mul_71);  mul_71 = None
        add_125: "f32[s72, 512][512, 1]" = torch.ops.aten.add.Tensor(erf, 1);  erf = None
        mul_72: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_70, add_125);  mul_70 = add_125 = None
        convert_element_type_22: "bf16[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_72, torch.bfloat16);  mul_72 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_3: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg16_1, [1, 0]);  arg16_1 = None
        addmm_3: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg17_1, convert_element_type_22, permute_3);  arg17_1 = convert_element_type_22 = permute_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_2: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_3, 'tp:0');  addmm_3 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:232 in forward, code: output = self.mlp(layernorm_output) + residual
        add_135: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_2, add_107);  all_reduce_2 = add_107 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:209 in forward, code: layernorm_output = self.input_layernorm(hidden_states)
        convert_element_type_26: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_135, torch.float32)
        var_mean_3 = torch.ops.aten.var_mean.correction(convert_element_type_26, [1], correction = 0, keepdim = True)
        getitem_12: "f32[s72, 1][1, 1]" = var_mean_3[0]
        getitem_13: "f32[s72, 1][1, 1]" = var_mean_3[1];  var_mean_3 = None
        sub_50: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_26, getitem_13);  convert_element_type_26 = getitem_13 = None
        add_139: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_12, 1e-05);  getitem_12 = None
        rsqrt_3: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_139);  add_139 = None
        mul_83: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_50, rsqrt_3);  sub_50 = rsqrt_3 = None
        mul_84: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_83, arg18_1);  mul_83 = arg18_1 = None
        add_140: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_84, arg19_1);  mul_84 = arg19_1 = None
        convert_element_type_27: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_140, torch.bfloat16);  add_140 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_4: "bf16[256, 384][1, 256]" = torch.ops.aten.permute.default(arg20_1, [1, 0]);  arg20_1 = None
        addmm_4: "bf16[s72, 384][384, 1]" = torch.ops.aten.addmm.default(arg21_1, convert_element_type_27, permute_4);  arg21_1 = convert_element_type_27 = permute_4 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:144 in forward, code: q, k, v = qkv.chunk(chunks=3, dim=-1)
        split_1 = torch.ops.aten.split.Tensor(addmm_4, 128, -1);  addmm_4 = None
        getitem_14: "bf16[s72, 128][384, 1]" = split_1[0]
        getitem_15: "bf16[s72, 128][384, 1]" = split_1[1]
        getitem_16: "bf16[s72, 128][384, 1]" = split_1[2];  split_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:533 in forward, code: query = query.view(-1, self.num_heads, self.head_size)
        view_9: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_14, [-1, 2, 64]);  getitem_14 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:528 in forward, code: output = torch.empty(output_shape, dtype=output_dtype, device=query.device)
        empty_1: "bf16[s72, 128][128, 1]" = torch.ops.aten.empty.memory_format([arg1_1, 128], dtype = torch.bfloat16, device = device(type='cpu'), pin_memory = False)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:534 in forward, code: output = output.view(-1, self.num_heads, self.head_size_v)
        view_10: "bf16[s72, 2, 64][128, 64, 1]" = torch.ops.aten.reshape.default(empty_1, [-1, 2, 64]);  empty_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:536 in forward, code: key = key.view(-1, self.num_kv_heads, self.head_size)
        view_11: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_15, [-1, 2, 64]);  getitem_15 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:538 in forward, code: value = value.view(-1, self.num_kv_heads, self.head_size_v)
        view_12: "bf16[s72, 2, 64][384, 64, 1]" = torch.ops.aten.reshape.default(getitem_16, [-1, 2, 64]);  getitem_16 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:568 in forward, code: kv_cache_dummy_dep = torch.ops.vllm.unified_kv_cache_update(
        unified_kv_cache_update_1: "bf16[0][1]" = torch.ops.vllm.unified_kv_cache_update.default(view_11, view_12, arg22_1)

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/attention/attention.py:571 in forward, code: torch.ops.vllm.unified_attention_with_output(
        auto_functionalized_1 = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, query = view_9, key = view_11, value = view_12, output = view_10, layer_name = arg22_1, output_scale = None, output_block_scale = None, kv_cache_dummy_dep = unified_kv_cache_update_1);  view_9 = view_11 = view_12 = view_10 = arg22_1 = unified_kv_cache_update_1 = None
        getitem_18: "bf16[s72, 2, 64][128, 64, 1]" = auto_functionalized_1[1];  auto_functionalized_1 = None
        view_13: "bf16[s72, 128][128, 1]" = torch.ops.aten.reshape.default(getitem_18, [arg1_1, 128]);  getitem_18 = arg1_1 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_5: "bf16[128, 256][1, 128]" = torch.ops.aten.permute.default(arg23_1, [1, 0]);  arg23_1 = None
        addmm_5: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg24_1, view_13, permute_5);  arg24_1 = view_13 = permute_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_3: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_5, 'tp:0');  addmm_5 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:222 in forward, code: attention_output = attention_output + residual
        add_190: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_3, add_135);  all_reduce_3 = add_135 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:223 in forward, code: layernorm_output = self.post_attention_layernorm(attention_output)
        convert_element_type_36: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_190, torch.float32)
        var_mean_4 = torch.ops.aten.var_mean.correction(convert_element_type_36, [1], correction = 0, keepdim = True)
        getitem_20: "f32[s72, 1][1, 1]" = var_mean_4[0]
        getitem_21: "f32[s72, 1][1, 1]" = var_mean_4[1];  var_mean_4 = None
        sub_67: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_36, getitem_21);  convert_element_type_36 = getitem_21 = None
        add_194: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_20, 1e-05);  getitem_20 = None
        rsqrt_4: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_194);  add_194 = None
        mul_117: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_67, rsqrt_4);  sub_67 = rsqrt_4 = None
        mul_118: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_117, arg25_1);  mul_117 = arg25_1 = None
        add_195: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_118, arg26_1);  mul_118 = arg26_1 = None
        convert_element_type_37: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_195, torch.bfloat16);  add_195 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_6: "bf16[256, 512][1, 256]" = torch.ops.aten.permute.default(arg27_1, [1, 0]);  arg27_1 = None
        addmm_6: "bf16[s72, 512][512, 1]" = torch.ops.aten.addmm.default(arg28_1, convert_element_type_37, permute_6);  arg28_1 = convert_element_type_37 = permute_6 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/layers/activation.py:366 in forward_native, code: return F.gelu(x, approximate="none")
        convert_element_type_43: "f32[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(addmm_6, torch.float32);  addmm_6 = None
        mul_125: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_43, 0.5)
        mul_126: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(convert_element_type_43, 0.7071067811865476);  convert_element_type_43 = None
        erf_1: "f32[s72, 512][512, 1]" = torch.ops.aten.erf.default(mul_126);  mul_126 = None
        add_208: "f32[s72, 512][512, 1]" = torch.ops.aten.add.Tensor(erf_1, 1);  erf_1 = None
        mul_127: "f32[s72, 512][512, 1]" = torch.ops.aten.mul.Tensor(mul_125, add_208);  mul_125 = add_208 = None
        convert_element_type_44: "bf16[s72, 512][512, 1]" = torch.ops.prims.convert_element_type.default(mul_127, torch.bfloat16);  mul_127 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/parameter.py:124 in __torch_function__, code: return super().__torch_function__(func, types, args, kwargs)
        permute_7: "bf16[512, 256][1, 512]" = torch.ops.aten.permute.default(arg29_1, [1, 0]);  arg29_1 = None
        addmm_7: "bf16[s72, 256][256, 1]" = torch.ops.aten.addmm.default(arg30_1, convert_element_type_44, permute_7);  arg30_1 = convert_element_type_44 = permute_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/distributed/parallel_state.py:741 in all_reduce, code: return torch.ops.vllm.all_reduce(input_, group_name=self.unique_name)
        all_reduce_4: "bf16[s72, 256][256, 1]" = torch.ops.vllm.all_reduce.default(addmm_7, 'tp:0');  addmm_7 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:232 in forward, code: output = self.mlp(layernorm_output) + residual
        add_218: "bf16[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(all_reduce_4, add_190);  all_reduce_4 = add_190 = None

        # File: /tmp/vllm-venv/lib/python3.11/site-packages/vllm/model_executor/models/bloom.py:295 in forward, code: hidden_states = self.ln_f(hidden_states)
        convert_element_type_48: "f32[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_218, torch.float32);  add_218 = None
        var_mean_5 = torch.ops.aten.var_mean.correction(convert_element_type_48, [1], correction = 0, keepdim = True)
        getitem_22: "f32[s72, 1][1, 1]" = var_mean_5[0]
        getitem_23: "f32[s72, 1][1, 1]" = var_mean_5[1];  var_mean_5 = None
        sub_76: "f32[s72, 256][256, 1]" = torch.ops.aten.sub.Tensor(convert_element_type_48, getitem_23);  convert_element_type_48 = getitem_23 = None
        add_222: "f32[s72, 1][1, 1]" = torch.ops.aten.add.Tensor(getitem_22, 1e-05);  getitem_22 = None
        rsqrt_5: "f32[s72, 1][1, 1]" = torch.ops.aten.rsqrt.default(add_222);  add_222 = None
        mul_138: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(sub_76, rsqrt_5);  sub_76 = rsqrt_5 = None
        mul_139: "f32[s72, 256][256, 1]" = torch.ops.aten.mul.Tensor(mul_138, arg31_1);  mul_138 = arg31_1 = None
        add_223: "f32[s72, 256][256, 1]" = torch.ops.aten.add.Tensor(mul_139, arg32_1);  mul_139 = arg32_1 = None
        convert_element_type_49: "bf16[s72, 256][256, 1]" = torch.ops.prims.convert_element_type.default(add_223, torch.bfloat16);  add_223 = None
        return (convert_element_type_49,)
