"""Export a trained tagger to the Hugging Face token-classification layout:

    config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json, model.onnx

model.onnx: opset 14, dynamic batch and sequence axes, inputs `input_ids` / `attention_mask` (int64), and for a model
with a gazetteer channel `gazetteer` (float32 [batch, seq, lists], the marks of gazetteer.json's lists, which is copied
beside it), output `logits` [batch, seq, labels]. Dense layers are dynamically quantized (int8 weights per output column, uint8 activations with a
per-call scale: DynamicQuantizeLinear + MatMulInteger, about 1.3x faster than fp32 in onnxruntime-web at no measured
F1 cost); embeddings are fp16 initializers followed by a Cast to fp32 (folded by onnxruntime at session creation).
"""
import json
import os
import shutil

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper

from data import TAGS


def quantize_matmuls(model_proto):
    """Dynamic int8 quantization of the weight MatMuls (what onnxruntime's quantize_dynamic does, written out):
    X -> DynamicQuantizeLinear -> MatMulInteger(X_u8, W_s8) -> Cast -> * (x_scale * w_scale[col]).
    Weights: symmetric int8 per output column. Activation x activation MatMuls (attention) stay fp32."""
    g = model_proto.graph
    inits = {i.name: i for i in g.initializer}
    new_nodes = []
    new_inits = []
    drop = set()
    count = 0
    for node in g.node:
        if node.op_type != "MatMul" or node.input[1] not in inits:
            new_nodes.append(node)
            continue
        w = numpy_helper.to_array(inits[node.input[1]]).astype(np.float32)
        if w.ndim != 2:
            new_nodes.append(node)
            continue
        count += 1
        base = f"q{count}"
        amax = np.maximum(np.abs(w).max(axis=0), 1e-8)
        w_scale = (amax / 127.0).astype(np.float32)
        wq = np.clip(np.round(w / w_scale), -127, 127).astype(np.int8)
        new_inits += [
            numpy_helper.from_array(wq, f"{base}_w_int8"),
            numpy_helper.from_array(np.zeros(w.shape[1], dtype=np.int8), f"{base}_w_zero"),
            numpy_helper.from_array(w_scale, f"{base}_w_scale"),
        ]
        drop.add(node.input[1])
        x = node.input[0]
        new_nodes += [
            helper.make_node("DynamicQuantizeLinear", [x], [f"{base}_xq", f"{base}_xs", f"{base}_xz"], name=f"{base}_dql"),
            helper.make_node("MatMulInteger", [f"{base}_xq", f"{base}_w_int8", f"{base}_xz", f"{base}_w_zero"], [f"{base}_i32"], name=f"{base}_mmi"),
            helper.make_node("Cast", [f"{base}_i32"], [f"{base}_f"], to=TensorProto.FLOAT, name=f"{base}_cast"),
            helper.make_node("Mul", [f"{base}_xs", f"{base}_w_scale"], [f"{base}_s"], name=f"{base}_scale"),
            helper.make_node("Mul", [f"{base}_f", f"{base}_s"], [node.output[0]], name=f"{base}_out"),
        ]
    del g.node[:]
    g.node.extend(new_nodes)
    keep = [i for i in g.initializer if i.name not in drop]
    del g.initializer[:]
    g.initializer.extend(keep + new_inits)
    return model_proto, count


def to_fp16_storage(model_proto, min_elems=16):
    g = model_proto.graph
    casts = []
    new_inits = []
    for init in g.initializer:
        if init.data_type == TensorProto.FLOAT and int(np.prod(init.dims)) >= min_elems and not init.name.endswith("_scale"):
            arr = numpy_helper.to_array(init)
            name = init.name
            h = numpy_helper.from_array(arr.astype(np.float16), name + "_fp16")
            new_inits.append(h)
            casts.append(helper.make_node("Cast", [name + "_fp16"], [name], to=TensorProto.FLOAT, name="cast_" + name))
        else:
            new_inits.append(init)
    del g.initializer[:]
    g.initializer.extend(new_inits)
    nodes = list(g.node)
    del g.node[:]
    g.node.extend(casts + nodes)
    return model_proto


def export_onnx(model, path, opset=14, fp16=True, int8=False):
    model.eval()
    ids = torch.tensor([[2, 100, 101, 102, 3], [2, 100, 3, 0, 0]], dtype=torch.long)
    att = torch.tensor([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], dtype=torch.long)
    inputs, names = (ids, att), ["input_ids", "attention_mask"]
    if getattr(model, "gaz", None) is not None:
        inputs += (torch.zeros(2, 5, model.gaz.in_features),)
        names.append("gazetteer")
    tmp = path + ".fp32.onnx"
    torch.onnx.export(
        model,
        inputs,
        tmp,
        input_names=names,
        output_names=["logits"],
        dynamic_axes={**{n: {0: "batch", 1: "sequence"} for n in names}, "logits": {0: "batch", 1: "sequence"}},
        opset_version=opset,
        do_constant_folding=True,
    )
    m = onnx.load(tmp)
    if int8:
        m, _ = quantize_matmuls(m)
    if fp16:
        m = to_fp16_storage(m)
    m.producer_name = "local-anonymizer tools/train-ner"
    onnx.checker.check_model(m)
    onnx.save(m, path)
    os.remove(tmp)
    return sorted({n.op_type for n in m.graph.node})


def write_hf_layout(out_dir, model, wp, cfg, metrics=None, int8=True):
    os.makedirs(out_dir, exist_ok=True)
    ops = export_onnx(model, os.path.join(out_dir, "model.onnx"), int8=int8)
    wp.save(os.path.join(out_dir, "tokenizer.json"))
    if cfg.get("gazetteer"):
        shutil.copyfile(cfg["gazetteer"], os.path.join(out_dir, "gazetteer.json"))
    id2label = {str(i): t for i, t in enumerate(TAGS)}
    config = {
        # model_type "bert" lets generic loaders (transformers.js AutoModelForTokenClassification) run the ONNX file:
        # the inputs and outputs are BERT's; the computation inside is described under "local_anonymizer".
        "model_type": "bert",
        "architectures": ["BertForTokenClassification"],
        "id2label": id2label,
        "label2id": {t: i for i, t in enumerate(TAGS)},
        "num_labels": len(TAGS),
        "vocab_size": len(wp.vocab),
        "hidden_size": cfg["d"],
        "num_hidden_layers": cfg["layers"],
        "num_attention_heads": cfg.get("heads", 1),
        "intermediate_size": cfg.get("ffn", 0),
        "max_position_embeddings": cfg["max_pos"],
        "type_vocab_size": 1,
        "hidden_act": cfg.get("act", "gelu"),
        "layer_norm_eps": 1e-5,
        "pad_token_id": 0,
        "torch_dtype": "float32",
        "local_anonymizer": {
            "architecture": cfg["arch"],
            "description": (
                "pre-LN transformer encoder, learned absolute positions, trained from scratch"
                if cfg["arch"] == "transformer"
                else "2-direction LSTM tagger"
            ),
            "subword_labelling": "first subword of each pre-token carries the word's tag; others are to be ignored",
            "pre_tokenization": "NFC, then [\\p{L}\\p{N}\\p{M}_]+|[^\\p{L}\\p{N}\\p{M}_\\s]",
            "onnx_ops": ops,
            "weights": (
                "dense layers: int8 weights per output column with dynamically quantized uint8 inputs "
                "(DynamicQuantizeLinear + MatMulInteger); embeddings: fp16 initializers + Cast (folded at load)"
                if int8
                else "fp16 initializers + Cast to fp32 (folded at load)"
            ),
            **({"gazetteer": {"file": "gazetteer.json", "lists": cfg["gaz_names"]}} if cfg.get("gazetteer") else {}),
            "seed": cfg["seed"],
            "budget_minutes": cfg["budget_min"],
        },
    }
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(config, f, indent=2, ensure_ascii=False)
        f.write("\n")
    tok_cfg = {
        "tokenizer_class": "BertTokenizer",
        "do_lower_case": False,
        "tokenize_chinese_chars": False,
        "strip_accents": False,
        "model_max_length": cfg["max_pos"],
        "unk_token": "[UNK]",
        "pad_token": "[PAD]",
        "cls_token": "[CLS]",
        "sep_token": "[SEP]",
        "clean_up_tokenization_spaces": False,
    }
    with open(os.path.join(out_dir, "tokenizer_config.json"), "w") as f:
        json.dump(tok_cfg, f, indent=2)
        f.write("\n")
    with open(os.path.join(out_dir, "special_tokens_map.json"), "w") as f:
        json.dump({"unk_token": "[UNK]", "pad_token": "[PAD]", "cls_token": "[CLS]", "sep_token": "[SEP]"}, f, indent=2)
        f.write("\n")
    return ops


def main():
    """Re-export a checkpoint: /usr/bin/python3 tools/train-ner/export.py --checkpoint .train/runs/main/ckpt.pt --out models/ner"""
    import argparse

    from checkpoint import load_checkpoint

    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fp16-only", action="store_true", help="no int8 dense layers")
    args = ap.parse_args()
    model, wp, cfg, gaz = load_checkpoint(args.checkpoint)
    ops = write_hf_layout(args.out, model, wp, cfg, int8=not args.fp16_only)
    print(f"exported {args.checkpoint} -> {args.out} ({os.path.getsize(os.path.join(args.out, 'model.onnx'))} bytes, ops {ops})")


if __name__ == "__main__":
    main()
