"""Entity-level evaluation of the tagger on JSONL dev files, with the conventions of tools/eval/score.ts: exact span
match; only the record's `labels` are scored; a prediction that is not a true positive and overlaps an `ignore` range
is dropped. Words are tagged by their first subword; long texts run in overlapping windows.

    /usr/bin/python3 tools/train-ner/evaluate.py --checkpoint .train/runs/main/ckpt.pt [--decoding viterbi] \
        .eval/data/de-dev.jsonl .eval/data/en-dev.jsonl
"""
import argparse
import json
import os
import sys
import time
from collections import defaultdict

import numpy as np
import torch

from data import TAGS, TYPES, read_jsonl, subwords, word_example

CLS, SEP, PAD = 2, 3, 0


def windows(n, width):
    """Overlapping windows [a, b) over n subwords; each position is owned by the window where it is most central."""
    if n <= width:
        return [(0, n)]
    step = max(1, (width * 3) // 4)
    out = []
    a = 0
    while True:
        b = min(n, a + width)
        out.append((a, b))
        if b == n:
            break
        a += step
    return out


def decode(tags):
    """conlleval semantics: I- after O or another type opens a new chunk. Returns [(first_word, end_word, type)]."""
    chunks = []
    cur = None
    for i, t in enumerate(tags):
        if t == "O":
            if cur:
                chunks.append(cur)
            cur = None
            continue
        p, typ = t.split("-", 1)
        if p == "I" and cur is not None and cur[2] == typ:
            cur = (cur[0], i + 1, typ)
        else:
            if cur:
                chunks.append(cur)
            cur = (i, i + 1, typ)
    if cur:
        chunks.append(cur)
    return chunks


def simulate_int8(model):
    """Makes every nn.Linear compute like the int8 export (export.quantize_matmuls): weights symmetric int8 per output
    column, inputs uint8 with a dynamic scale and zero point per sequence (the runtime runs one window at a time)."""
    import types

    def fwd(self, x):
        w = self.weight  # [out, in]
        ws = w.abs().amax(dim=1).clamp_min(1e-8) / 127.0
        w_hat = torch.clamp(torch.round(w / ws[:, None]), -127, 127) * ws[:, None]
        dims = tuple(range(1, x.dim()))
        xmax = x.amax(dim=dims, keepdim=True).clamp_min(0)
        xmin = x.amin(dim=dims, keepdim=True).clamp_max(0)
        xs = ((xmax - xmin) / 255.0).clamp_min(1e-12)
        zp = torch.clamp(torch.round(-xmin / xs), 0, 255)
        xq = torch.clamp(torch.round(x / xs) + zp, 0, 255)
        x_hat = (xq - zp) * xs
        y = torch.matmul(x_hat, w_hat.t())
        return y + self.bias if self.bias is not None else y

    for mod in model.modules():
        if isinstance(mod, torch.nn.Linear):
            mod.forward = types.MethodType(fwd, mod)
    return model


def _allowed_transitions():
    """allowed[i, j]: tag j may follow tag i under BIO (I-X only after B-X or I-X)."""
    n = len(TAGS)
    ok = np.ones((n, n), dtype=bool)
    for j, t in enumerate(TAGS):
        if t.startswith("I-"):
            typ = t[2:]
            for i, s in enumerate(TAGS):
                ok[i, j] = s in (f"B-{typ}", f"I-{typ}")
    start = np.array([not t.startswith("I-") for t in TAGS])
    return ok, start


_ALLOWED, _START = _allowed_transitions()


def viterbi(logp):
    """Best BIO-valid tag sequence for word-level log-probabilities [n, tags]."""
    n = len(logp)
    if n == 0:
        return []
    trans = np.where(_ALLOWED, 0.0, -1e9)
    score = logp[0] + np.where(_START, 0.0, -1e9)
    back = np.zeros((n, len(TAGS)), dtype=np.int64)
    for t in range(1, n):
        cand = score[:, None] + trans
        back[t] = cand.argmax(0)
        score = cand.max(0) + logp[t]
    path = [int(score.argmax())]
    for t in range(n - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]


@torch.no_grad()
def predict_records(model, wp, records, max_len=256, batch_tokens=8192, log=None, decoding="argmax", gaz=None):
    """Returns per record a list of predicted spans {start, end, label} in UTF-16 offsets."""
    model.eval()
    width = max_len - 2
    items = []  # (record index, window a, window b, ids)
    prepared = []
    for ri, rec in enumerate(records):
        words, _, _, spans, m = word_example(rec)
        ids, marks, first = subwords(words, wp, gaz)
        prepared.append((spans, m, first, len(ids)))
        for a, b in windows(len(ids), width):
            items.append((ri, a, b, ids[a:b], marks[a:b]))
    # logits per record, per subword: keep the most central window's prediction.
    best = [dict() for _ in records]  # subword index -> (centrality, tag id)
    order = sorted(range(len(items)), key=lambda i: len(items[i][3]))
    i = 0
    while i < len(order):
        j = i
        longest = 0
        while j < len(order) and max(longest, len(items[order[j]][3]) + 2) * (j - i + 1) <= batch_tokens:
            longest = max(longest, len(items[order[j]][3]) + 2)
            j += 1
        j = max(j, i + 1)
        batch = [items[k] for k in order[i:j]]
        T = max(len(x[3]) for x in batch) + 2
        inp = np.full((len(batch), T), PAD, dtype=np.int64)
        att = np.zeros((len(batch), T), dtype=np.int64)
        extra = []
        if gaz is not None:
            gz = np.zeros((len(batch), T, gaz.size), dtype=np.float32)
            for r, item in enumerate(batch):
                gz[r, 1 : 1 + len(item[4])] = gaz.unpack(item[4])
            extra.append(torch.from_numpy(gz).to(next(model.parameters()).device))
        for r, (_, _, _, ids, _) in enumerate(batch):
            inp[r, 0] = CLS
            inp[r, 1 : 1 + len(ids)] = ids
            inp[r, 1 + len(ids)] = SEP
            att[r, : len(ids) + 2] = 1
        dev = next(model.parameters()).device
        logits = model(torch.from_numpy(inp).to(dev), torch.from_numpy(att).to(dev), *extra).float().cpu().numpy()
        logp = logits - np.log(np.exp(logits - logits.max(-1, keepdims=True)).sum(-1, keepdims=True)) - logits.max(-1, keepdims=True)
        for r, (ri, a, b, ids, _) in enumerate(batch):
            n_total = prepared[ri][3]
            for k in range(len(ids)):
                pos = a + k
                cent = min(pos - a, b - 1 - pos) if (a > 0 or b < n_total) else 10**9
                prev = best[ri].get(pos)
                if prev is None or cent > prev[0]:
                    best[ri][pos] = (cent, logp[r, k + 1])
        i = j
    out = []
    o_row = np.full(len(TAGS), -1e4, dtype=np.float32)
    o_row[0] = 0.0
    for ri, rec in enumerate(records):
        spans, m, first, _ = prepared[ri]
        lp = np.stack([best[ri][f][1] if f in best[ri] else o_row for f in first]) if first else np.zeros((0, len(TAGS)))
        tags = [TAGS[t] for t in (viterbi(lp) if decoding == "viterbi" else lp.argmax(-1) if len(lp) else [])]
        preds = []
        for a, b, typ in decode(tags):
            preds.append({"start": m.to_u16(spans[a][0]), "end": m.to_u16(spans[b - 1][1]), "label": typ})
        out.append(preds)
    return out


def score(records, preds):
    """Per label {gold, pred, tp} with the harness conventions."""
    counts = defaultdict(lambda: {"gold": 0, "pred": 0, "tp": 0})
    for rec, pred in zip(records, preds):
        labels = set(rec.get("labels") or TYPES)
        labels &= set(TYPES)
        gold = {(e["start"], e["end"], e["label"]) for e in rec.get("entities", []) if e["label"] in labels}
        ign = rec.get("ignore") or []
        for l in labels:
            counts[l]
        for g in gold:
            counts[g[2]]["gold"] += 1
        for p in pred:
            k = (p["start"], p["end"], p["label"])
            if p["label"] not in labels:
                continue
            if k not in gold and any(p["start"] < r["end"] and r["start"] < p["end"] for r in ign):
                continue
            counts[p["label"]]["pred"] += 1
            if k in gold:
                counts[p["label"]]["tp"] += 1
    return dict(counts)


def f1(c):
    p = c["tp"] / c["pred"] if c["pred"] else 0.0
    r = c["tp"] / c["gold"] if c["gold"] else 0.0
    return (2 * p * r / (p + r) if p + r else 0.0), p, r


def report(counts):
    rows = {}
    micro = {"gold": 0, "pred": 0, "tp": 0}
    for l in TYPES:
        if l not in counts or counts[l]["gold"] == 0:
            continue
        c = counts[l]
        f, p, r = f1(c)
        rows[l] = {"f1": round(100 * f, 1), "p": round(100 * p, 1), "r": round(100 * r, 1), "gold": c["gold"]}
        for k in micro:
            micro[k] += c[k]
    f, p, r = f1(micro)
    rows["micro"] = {"f1": round(100 * f, 1), "p": round(100 * p, 1), "r": round(100 * r, 1), "gold": micro["gold"]}
    return rows


def evaluate_file(model, wp, path, max_len=256, by_source=True, decoding="argmax", gaz=None):
    records = list(read_jsonl(path))
    t0 = time.time()
    preds = predict_records(model, wp, records, max_len=max_len, decoding=decoding, gaz=gaz)
    res = {"all": report(score(records, preds)), "seconds": round(time.time() - t0, 1), "decoding": decoding}
    if by_source:
        groups = defaultdict(list)
        for i, rec in enumerate(records):
            groups[rec.get("source", "?")].append(i)
        for s, idx in sorted(groups.items()):
            res[s] = report(score([records[i] for i in idx], [preds[i] for i in idx]))
    return res


def main():

    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True, help="PyTorch checkpoint, e.g. .train/runs/main/ckpt.pt")
    ap.add_argument("--decoding", default="argmax", choices=["argmax", "viterbi"])
    ap.add_argument("--int8-sim", action="store_true", help="simulate the int8 export's arithmetic")
    ap.add_argument("--json", default=None, help="write all results here")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    from checkpoint import load_checkpoint

    torch.set_num_threads(1)
    model, wp, cfg, gaz = load_checkpoint(args.checkpoint)
    if args.int8_sim:
        simulate_int8(model)
    results = {}
    for f in args.files:
        res = evaluate_file(model, wp, f, max_len=cfg["max_pos"], decoding=args.decoding, gaz=gaz)
        results[os.path.basename(f)] = res
        print(f, json.dumps(res["all"], ensure_ascii=False))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
