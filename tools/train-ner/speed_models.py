"""Exports randomly initialised models of several sizes (speed does not depend on the weights) for the speed table.

    /usr/bin/python3 tools/train-ner/speed_models.py --out .train/speed-models --tokenizer-from models/ner
    node --import tsx tools/train-ner/check-onnx.ts --model .train/speed-models/<name> --parity none --json .train/speed/<name>.json
"""
import argparse
import os
import shutil
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import TAGS  # noqa: E402
from export import export_onnx  # noqa: E402
from model import build  # noqa: E402

CONFIGS = {
    "d64-l2": dict(arch="transformer", d=64, layers=2, heads=4, ffn=256),
    "d96-l2": dict(arch="transformer", d=96, layers=2, heads=4, ffn=384),
    "d128-l2": dict(arch="transformer", d=128, layers=2, heads=4, ffn=512),
    "d128-l2-f256": dict(arch="transformer", d=128, layers=2, heads=4, ffn=256),
    "d128-l4": dict(arch="transformer", d=128, layers=4, heads=4, ffn=512),
    "d192-l3": dict(arch="transformer", d=192, layers=3, heads=6, ffn=768),
    "bilstm-d128-h96": dict(arch="bilstm", d=128, hidden=96, layers=2),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".train/speed-models")
    ap.add_argument("--tokenizer-from", default="models/ner")
    ap.add_argument("--vocab", type=int, default=8000)
    ap.add_argument("--int8", action="store_true", help="int8 dense layers (as shipped); names get an -int8 suffix")
    args = ap.parse_args()
    torch.manual_seed(0)
    for name, c in CONFIGS.items():
        c = dict(c)
        arch = c.pop("arch")
        kw = dict(c, max_pos=256) if arch == "transformer" else c
        m = build(arch, args.vocab, len(TAGS), **kw)
        d = os.path.join(args.out, name + ("-int8" if args.int8 else ""))
        os.makedirs(d, exist_ok=True)
        for f in ("tokenizer.json", "tokenizer_config.json", "config.json", "special_tokens_map.json"):
            shutil.copy(os.path.join(args.tokenizer_from, f), d)
        export_onnx(m, os.path.join(d, "model.onnx"), int8=args.int8 and arch == "transformer")
        print(name, os.path.getsize(os.path.join(d, "model.onnx")))


if __name__ == "__main__":
    main()
