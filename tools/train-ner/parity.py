"""Writes reference inputs and PyTorch logits for the ONNX/tokenizer parity check (tools/train-ner/check-onnx.ts).

    /usr/bin/python3 tools/train-ner/parity.py --checkpoint .train/runs/main/ckpt.pt --out .train/parity.json
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import read_jsonl, subwords  # noqa: E402
from pretok import nfc, pretokenize  # noqa: E402
from checkpoint import load_checkpoint  # noqa: E402

TEXTS = [
    "Sehr geehrter Herr Dr. Müller, bitte überweisen Sie den Betrag bis zum 12.05.2022.",
    "Frau Hans-Peter Schäfer wohnt in der Goethestraße 12a, 10115 Berlin.",
    "Dear Ms Jones, your appointment at St Mary's Hospital on March 4th, 2024 is confirmed.",
    "Flat 2, 14 Kings Road, Leeds LS1 4AP — call 0113 496 0000 or mail j.smith@example.com!",
    "Das Landgericht Köln hat am 3. März 2021 (Az. 3 O 123/21) entschieden. Café Ünal, Straße des 17. Juni 135",
    "emoji 😀 test: Zoë Ångström met José in São Paulo.\u00a0Tab\there",
    "a\u0085b\ufeffc e\u0301t\u00e9",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", default=".train/runs/main/ckpt.pt")
    ap.add_argument("--out", default=".train/parity.json")
    ap.add_argument("--extra", default=".train/synth/synth-heldout-de.jsonl", help="a JSONL file: a few long texts are added")
    ap.add_argument("--corpus", default=".eval/data/de-dev.jsonl,.eval/data/en-dev.jsonl,.eval/data/wnut17-train.jsonl", help="JSONL files whose texts are added for the tokenizer check only (ids, no logits)")
    ap.add_argument("--corpus-n", type=int, default=3000, help="texts per corpus file")
    ap.add_argument("--fp32", action="store_true", help="keep fp32 weights (default: round them to fp16 like the export, so the check measures the graph, not the storage)")
    ap.add_argument("--int8", action="store_true", help="simulate the int8 dense layers of the default export")
    args = ap.parse_args()
    model, wp, cfg, gaz = load_checkpoint(args.checkpoint)
    extra = lambda marks: [torch.from_numpy(gaz.unpack([marks]))] if gaz is not None else []  # noqa: E731
    if args.int8:
        from evaluate import simulate_int8

        simulate_int8(model)
    if not args.fp32:
        with torch.no_grad():
            for p in model.parameters():
                if p.numel() >= 16:
                    p.copy_(p.half().float())
    texts = list(TEXTS)
    if os.path.exists(args.extra):
        for i, r in enumerate(read_jsonl(args.extra)):
            if i >= 3:
                break
            texts.append(r["text"][:1500])
    def encoded(t):
        """[CLS] subwords [SEP], and their marks ([CLS] and [SEP] unmarked)."""
        ids, marks, _ = subwords([nfc(t[a:b]) for a, b in pretokenize(t)], wp, gaz)
        return [2, *ids, 3], [0, *marks, 0]

    cases = []
    for t in texts:
        ids, marks = encoded(t)
        mids = ids[: cfg["max_pos"]]
        with torch.no_grad():
            lg = model(torch.tensor([mids]), torch.ones(1, len(mids), dtype=torch.long), *extra(marks[: len(mids)]))[0].numpy()
        cases.append({"text": t, "ids": ids, "logits": np.round(lg, 5).tolist(), **({"marks": marks} if gaz is not None else {})})
    for path in [p for p in args.corpus.split(",") if p and os.path.exists(p)]:
        for i, r in enumerate(read_jsonl(path)):
            if i >= args.corpus_n:
                break
            t = r["text"]
            ids, marks = encoded(t)
            cases.append({"text": t, "ids": ids, "logits": None, **({"marks": marks} if gaz is not None else {})})
    with open(args.out, "w") as f:
        json.dump({"cases": cases}, f, ensure_ascii=False)
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    main()
