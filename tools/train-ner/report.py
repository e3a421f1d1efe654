"""Markdown tables from training runs (.train/runs/<tag>/metrics.json) and speed reports (check-onnx.ts --json).

    /usr/bin/python3 tools/train-ner/report.py --runs final g-d128-l2 g-d96-l2 ... [--speed-dir .train/speed]
"""
import argparse
import json
import os

LABELS = ["PER", "LOC", "ORG", "STR", "DATE", "micro"]


def load(tag, work):
    p = os.path.join(work, "runs", tag, "metrics.json")
    return json.load(open(p)) if os.path.exists(p) else None


def per_label_table(m, files):
    out = ["| set | " + " | ".join(LABELS) + " |", "|---|" + "---:|" * len(LABELS)]
    for f in files:
        e = m["eval"].get(f)
        if not e:
            continue
        for src, rows in [("all", e["all"])] + [(k, v) for k, v in e.items() if isinstance(v, dict) and k not in ("all",)]:
            if src != "all" and len([k for k in e if isinstance(e[k], dict)]) <= 2:
                continue
            name = f.replace(".jsonl", "") + ("" if src == "all" else f" / {src}")
            cells = []
            for l in LABELS:
                r = rows.get(l)
                cells.append(f"{r['f1']:.1f} ({r['p']:.0f}/{r['r']:.0f})" if r else "–")
            out.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def size_table(tags, work, speed_dir):
    out = [
        "| run | arch | params (embedding) | MFLOP/token | ONNX bytes | tokens trained | de-dev micro | en-dev micro | synth held-out de / en | ORT tok/s (1 thread, window 128) | ms per 2,000 chars |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for t in tags:
        m = load(t, work)
        if not m:
            continue
        c = m["config"]
        arch = f"transformer d{c['d']} L{c['layers']} ffn{c['ffn']}" if c["arch"] == "transformer" else f"BiLSTM emb{c['d']} h{c['hidden']}x2 L{c['layers']}"
        if c.get("with_ler"):
            arch += " +LER"
        ev = m["eval"]

        def mic(f):
            return f"{ev[f]['all']['micro']['f1']:.1f}" if f in ev else "–"

        sh = [k for k in ev if k.startswith("synth-heldout")]
        synth = " / ".join(mic(k) for k in sh[:2]) if sh else "–"
        sp = os.path.join(speed_dir, f"{t}.json")
        tps, ms = "–", "–"
        if os.path.exists(sp):
            s = json.load(open(sp))
            for row in s.get("speed", []):
                if row["window"] == 128:
                    tps, ms = f"{row['tokensPerSecond']:,}", f"{row['msPer2000Chars']:.1f}"
        out.append(
            f"| {t} | {arch} | {m['params'] / 1e6:.2f}M ({m['embedding_params'] / 1e6:.2f}M) | {2 * m['macs_per_token_seq128'] / 1e6:.2f} | "
            f"{m.get('onnx_bytes', 0):,} | {m['train_tokens'] / 1e6:.0f}M | {mic('de-dev.jsonl')} | {mic('en-dev.jsonl')} | {synth} | {tps} | {ms} |"
        )
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=".train")
    ap.add_argument("--runs", nargs="+", required=True)
    ap.add_argument("--speed-dir", default=".train/speed")
    ap.add_argument("--detail", default=None, help="run whose per-label table is printed")
    args = ap.parse_args()
    if args.detail:
        m = load(args.detail, args.work)
        print(per_label_table(m, list(m["eval"].keys())))
        print()
    print(size_table(args.runs, args.work, args.speed_dir))


if __name__ == "__main__":
    main()
