def forward(self, input_ids, positions, intermediate_tensors, inputs_embeds):
    tmp_1 = __import_vllm_dot_utils_dot_torch_utils.LayerName
    tmp_0 = __import_vllm_dot_utils_dot_torch_utils.LayerName(self._modules[
        'layers']._modules['0']._modules['self_attn']._modules['attn'].layer_name)
    tmp_3 = __import_vllm_dot_utils_dot_torch_utils.LayerName
    tmp_2 = __import_vllm_dot_utils_dot_torch_utils.LayerName(self._modules[
        'layers']._modules['1']._modules['self_attn']._modules['attn'].layer_name)
    tmp_4 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter
    tmp_5 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter()
    tmp_6 = __import_torch_dot__dynamo_dot_utils.call_size
    tmp_7 = input_ids
    tmp_8 = self._modules
    tmp_9 = tmp_8['layers']._modules
    tmp_10 = tmp_8['layers']._modules['0']._modules
    tmp_11 = tmp_10['self_attn']._modules
    tmp_12 = positions
    tmp_13 = tmp_10['mlp']._modules
    tmp_14 = tmp_9['1']._modules
    tmp_15 = tmp_14['self_attn']._modules
    tmp_16 = tmp_14['mlp']._modules
    tmp_17 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit
    __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit(tmp_5)
    []
    __temp_9, = __compiled_fn_1_f8fc148e_8b98_4ad5_b38b_a0880bf30474(
        __import_torch_dot__dynamo_dot_utils.call_size(input_ids, 0), tmp_7,
        self._modules['embed_tokens']._parameters['weight'], tmp_8['layers'].
        _modules['0']._modules['input_layernorm']._parameters['weight'], tmp_10
        ['self_attn']._modules['qkv_proj']._parameters['weight'], tmp_11[
        'q_norm']._parameters['weight'], tmp_11['k_norm']._parameters['weight'],
        tmp_11['rotary_emb']._buffers['cos_sin_cache'], tmp_6(positions, 0),
        tmp_12, tmp_0, tmp_11['o_proj']._parameters['weight'], tmp_10[
        'post_attention_layernorm']._parameters['weight'], tmp_10['mlp'].
        _modules['gate_up_proj']._parameters['weight'], tmp_13['down_proj'].
        _parameters['weight'], tmp_9['1']._modules['input_layernorm'].
        _parameters['weight'], tmp_14['self_attn']._modules['qkv_proj'].
        _parameters['weight'], tmp_15['q_norm']._parameters['weight'], tmp_15[
        'k_norm']._parameters['weight'], tmp_2, tmp_15['o_proj']._parameters[
        'weight'], tmp_14['post_attention_layernorm']._parameters['weight'],
        tmp_14['mlp']._modules['gate_up_proj']._parameters['weight'], tmp_16[
        'down_proj']._parameters['weight'], tmp_8['norm']._parameters['weight'])
    []
    __temp_13 = []
    __temp_13.extend([])
    [__temp_13]
    return __temp_9
