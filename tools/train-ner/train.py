"""Train the shipped NER tagger from scratch within a wall-clock budget (one CPU thread, or a GPU with --device cuda), evaluate it on the dev sets, export it.

    OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 tools/train-ner/train.py --budget-min 50 --seed 1 --out models/ner

Inputs: the per-split JSONL files written by `npm run eval:convert` (.eval/data/) and the synthetic documents written by
tools/train-ner/synth.ts (.train/synth/). Dev files (de-dev, en-dev, every *-dev / *-val split) are never trained on:
the loader refuses them. Everything else that is generated stays under .train/ (gitignored).
"""
import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from collections import Counter

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from data import IGNORE, TAG_ID, TAGS, encode, omask_table, read_jsonl  # noqa: E402
from model import build, macs_per_token  # noqa: E402
from checkpoint import load_gazetteer, model_kwargs, save_checkpoint  # noqa: E402
from wordpiece import WordPiece, learn_vocab  # noqa: E402

# Training splits (files under --data-dir). LER is opt-in (--with-ler): its licence is unclear (README CC BY 4.0,
# footer badge CC BY-NC-SA), see models/ner/README.md.
REAL_TRAIN = [
    "germeval2014-test.jsonl",
    "wikiann-de-train.jsonl",
    "wikiann-en-train.jsonl",
    "uner-en-ewt-train-prerelease.jsonl",
    "wnut17-train.jsonl",
    "europeana-de-rest.jsonl",
]
LER_TRAIN = ["german-ler-test.jsonl"]
# The sets added 2026-11-28 (issue 37; ../shared/data/NEW-2026-11-28.md), read with --with-new: training split -> weight.
# A weight is how often each record is read per epoch; a fraction reads that share of the records, a different share
# each epoch. This is the one place the mix is set (--repeat overrides a weight for one run). Starting point, to be
# tuned on the per-corpus dev splits (docs/eval-datasets.md "Training loader"):
NEW_TRAIN = {
    "mobie-de-train.jsonl": 1.0,  # 4,785 tweets and traffic reports, 0.36 M chars: stops, cities, companies, streets
    "smartdata-de-train.jsonl": 1.0,  # 1,119 news/RSS/tweet documents, 0.42 M chars
    "ehri-ner-de-train.jsonl": 0.5,  # 10,102 archival sentences, 1.15 M chars: rare names, but far from our letters
    "ehri-ner-en-train.jsonl": 1.0,  # 2,106 sentences, 0.28 M chars
    "btc-en-train.jsonl": 1.0,  # 8,398 tweets, 0.75 M chars
    "wikigold-en-train.jsonl": 1.0,  # 1,476 sentences, 0.18 M chars
    "sec-filings-en-train.jsonl": 2.0,  # 1,044 contract sentences, 0.20 M chars: the closest to our documents, and small
}
# Never train on these (dev sets and the splits they are built from, held-out test splits of the new sets).
FORBIDDEN = (
    "dev", "-val", "grascco", "wikiann-de-test", "wikiann-en-test", "wnut17-test",
    "mobie-de-test", "smartdata-de-test", "sec-filings-en-test",
)
# Sets marked "evaluation only" (licence or data note): refused by file name, by record source, and by the sidecar flag
# `evaluationOnly` that eval:convert writes for them. The independent gold sets under the repository's eval/ are refused
# too (they measure the engine; nothing here tunes on them).
EVAL_ONLY = ("hipe-",)

CLS, SEP, PAD = 2, 3, 0


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def check_allowed(name):
    base = os.path.basename(name)
    parts = os.path.normpath(os.path.abspath(name)).split(os.sep)
    if "eval" in parts[:-1]:
        raise SystemExit(f"refusing to train on {name}: files under eval/ are independent evaluation sets")
    if any(base.startswith(p) for p in EVAL_ONLY):
        raise SystemExit(f"refusing to train on {base}: the set is marked evaluation only")
    sidecar = sidecar_of(name)
    if sidecar is not None and sidecar.get("evaluationOnly"):
        raise SystemExit(f"refusing to train on {base}: its sidecar marks it evaluation only")
    if base.startswith("synth-train-"):
        return
    if any(f in base for f in FORBIDDEN):
        raise SystemExit(f"refusing to train on {base}: it is (part of) an evaluation set")


def check_records(name, records):
    """A file that passed check_allowed may still hold records of an evaluation-only set (a hand-made mix)."""
    for r in records:
        src = r.get("source") or r.get("id", "")
        if any(src.startswith(p) for p in EVAL_ONLY):
            raise SystemExit(f"refusing to train on {os.path.basename(name)}: record {r.get('id')} comes from {src}, marked evaluation only")


def sidecar_of(path):
    """The `<name>.labels.json` eval:convert writes beside a JSONL file, or None."""
    p = path[: -len(".jsonl")] + ".labels.json" if path.endswith(".jsonl") else None
    if p is None or not os.path.exists(p):
        return None
    with open(p, encoding="utf-8") as f:
        return json.load(f)


def load_records(args):
    """Returns (records, group per record, file name per record, sizes). Groups: "real", or "synth-<lang>" for generated
    documents (which rotate through a larger pool, --synth-per-epoch per language and epoch)."""
    leave_out = set(filter(None, args.leave_out.split(",")))
    train_names = REAL_TRAIN + (LER_TRAIN if args.with_ler else []) + (list(NEW_TRAIN) if args.with_new else [])
    files = [os.path.join(args.data_dir, f) for f in train_names if f not in leave_out]
    files += [f for f in args.extra_train.split(",") if f]
    if args.swap:
        files += [os.path.join(args.synth_dir, f"synth-train-swap-{l}.jsonl") for l in ("de", "en")]
    synth = [os.path.join(args.synth_dir, f"synth-train-{l}.jsonl") for l in ("de", "en")]
    recs = []
    groups = []
    names = []
    sizes = {}
    for f in files + synth:
        check_allowed(f)
        if not os.path.exists(f):
            raise SystemExit(f"missing training file {f} (run npm run eval:convert / the synthesizer first)")
        rs = list(read_jsonl(f))
        check_records(f, rs)
        if args.limit > 0:
            rs = rs[: args.limit]
        # Which labels a set annotates drives the partial labels (data.word_example); records carry it, the sidecar
        # is the fallback.
        side = sidecar_of(f)
        if side is not None:
            for r in rs:
                r.setdefault("labels", side["labels"])
        sizes[os.path.basename(f)] = {"records": len(rs), "chars": sum(len(r["text"]) for r in rs)}
        recs.extend(rs)
        g = f"synth-{os.path.basename(f)[len('synth-train-'):-len('.jsonl')]}" if f in synth else "real"
        groups.extend([g] * len(rs))
        names.extend([os.path.basename(f)] * len(rs))
    return recs, groups, names, sizes


def augmented(records, groups, names, args, rng):
    """Copies of real records for --noun-swap (German) and --lower-en (English), see augment.py."""
    from augment import lower_case, noun_pool, noun_swapper

    german = [r for r, g, n in zip(records, groups, names) if g == "real" and r.get("lang") == "de" and n in NOUN_SOURCES]
    english = [r for r, g in zip(records, groups) if g == "real" and r.get("lang") == "en"]
    out = []
    if args.noun_swap > 0:
        pool = noun_pool(german)
        swap = noun_swapper(pool, args.noun_swap, rng)
        out += [c for c in map(swap, german) if c]
        log(f"noun swap: {len(pool)} nouns, {len(out)} German copies")
    if args.lower_en > 0:
        lows = [c for c in (lower_case(r) for r in english if rng.random() < args.lower_en) if c]
        log(f"lower case: {len(lows)} English copies")
        out += lows
    return out


# German real text whose O words are nouns of running prose (WikiANN's silver labels leave names unlabelled).
NOUN_SOURCES = {"germeval2014-test.jsonl", "europeana-de-rest.jsonl", "synth-train-swap-de.jsonl"}


def repeat_counts(spec):
    """`--repeat name=W,...` as {file name: W} (W may be a fraction, see NEW_TRAIN)."""
    out = {}
    for part in filter(None, spec.split(",")):
        name, n = part.split("=")
        out[name.strip()] = float(n)
    return out


_PHI = (5**0.5 - 1) / 2


def reads(i, weight, epoch):
    """How often record `i` is read in `epoch` at `weight`: the whole part every epoch; the fraction as a
    low-discrepancy rotation (golden-ratio sequence), so about that share of the records, a different share each epoch."""
    whole = int(weight)
    frac = weight - whole
    return whole + (1 if frac > 0 and (i * _PHI + epoch * frac) % 1.0 < frac else 0)


def epoch_selection(groups, per_epoch, epoch, times=None):
    """Indices of the records used in this epoch: all real ones (read `reads(i, times[i], epoch)` times each, if
    `times` is given), and a rotating slice of each synthetic pool."""
    sel = [i for i, g in enumerate(groups) if g == "real" for _ in range(reads(i, times[i], epoch) if times else 1)]
    pools = {}
    for i, g in enumerate(groups):
        if g != "real":
            pools.setdefault(g, []).append(i)
    for g, idx in sorted(pools.items()):
        if per_epoch <= 0 or per_epoch >= len(idx):
            sel.extend(idx)
            continue
        start = ((epoch - 1) * per_epoch) % len(idx)
        sel.extend((idx + idx)[start : start + per_epoch])
    return sel


def get_vocab(records, size, work):
    h = hashlib.sha1()
    for r in records:
        h.update(r["text"].encode("utf-8"))
    key = f"{h.hexdigest()[:12]}-{size}"
    path = os.path.join(work, f"vocab-{key}.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    from pretok import nfc, pretokenize

    t0 = time.time()
    wf = Counter()
    for r in records:
        t = r["text"]
        for a, b in pretokenize(t):
            wf[nfc(t[a:b])] += 1
    vocab = learn_vocab(wf, size, log=log)
    with open(path, "w") as f:
        json.dump(vocab, f, ensure_ascii=False)
    log(f"vocab learned in {time.time() - t0:.0f}s: {len(vocab)} entries ({path})")
    return vocab


def chunk(enc, width, rng):
    """Splits a long encoded record into pieces of at most `width` subwords, cut at word starts, random lengths."""
    n = len(enc.ids)
    if n <= width:
        return [(0, n)]
    out = []
    a = 0
    starts = enc.word_first
    while a < n:
        target = a + rng.randint(width // 2, width)
        if target >= n:
            out.append((a, n))
            break
        # Last word start <= target and > a.
        i = np.searchsorted(starts, target, side="right") - 1
        b = int(starts[i]) if i >= 0 and starts[i] > a else min(n, a + width)
        out.append((a, b))
        a = b
    return out


def make_batches(encs, width, batch_tokens, rng, selection=None):
    seqs = []
    for ei in selection if selection is not None else range(len(encs)):
        e = encs[ei]
        for a, b in chunk(e, width, rng):
            if b > a:
                seqs.append((ei, a, b))
    rng.shuffle(seqs)
    # Length-bucketed: sort within pools, pack by padded size, then shuffle the batches.
    batches = []
    pool = 4096
    for p in range(0, len(seqs), pool):
        part = sorted(seqs[p : p + pool], key=lambda s: s[2] - s[1])
        cur = []
        longest = 0
        for s in part:
            L = s[2] - s[1] + 2
            if cur and max(longest, L) * (len(cur) + 1) > batch_tokens:
                batches.append(cur)
                cur, longest = [], 0
            cur.append(s)
            longest = max(longest, L)
        if cur:
            batches.append(cur)
    rng.shuffle(batches)
    return batches


def tensorize(batch, encs, gaz=None, drop=None, nrng=None):
    """Padded tensors of a batch; with a gazetteer also its channel [B, T, lists], each mark of record `ei` dropped
    with probability `drop[ei][list]` (training only)."""
    T = max(b - a for _, a, b in batch) + 2
    B = len(batch)
    ids = np.full((B, T), PAD, dtype=np.int64)
    att = np.zeros((B, T), dtype=np.int64)
    tags = np.full((B, T), IGNORE, dtype=np.int64)
    om = np.zeros((B, T), dtype=np.int64)
    for r, (ei, a, b) in enumerate(batch):
        e = encs[ei]
        n = b - a
        ids[r, 0] = CLS
        ids[r, 1 : 1 + n] = e.ids[a:b]
        ids[r, 1 + n] = SEP
        att[r, : n + 2] = 1
        tags[r, 1 : 1 + n] = e.tags[a:b]
        om[r, 1 : 1 + n] = e.omask[a:b]
    out = [torch.from_numpy(ids), torch.from_numpy(att), torch.from_numpy(tags), torch.from_numpy(om)]
    if gaz is not None:
        gz = np.zeros((B, T, gaz.size), dtype=np.float32)
        for r, (ei, a, b) in enumerate(batch):
            g = gaz.unpack(encs[ei].marks[a:b])
            if drop is not None:
                g *= nrng.random(g.shape) >= drop[ei]
            gz[r, 1 : 1 + (b - a)] = g
        out.append(torch.from_numpy(gz))
    return out


def partial_loss(logits, tags, om, omask_table):
    """Cross-entropy where an `O` on a date-like token of a source that does not annotate DATE may also be
    B-/I-DATE (marginal likelihood over the allowed tags)."""
    C = logits.shape[-1]
    logits = logits.reshape(-1, C)
    tags = tags.reshape(-1)
    om = om.reshape(-1)
    keep = tags != IGNORE
    logits, tags, om = logits[keep], tags[keep], om[keep]
    allowed = F.one_hot(tags, C).bool()
    is_o = tags == TAG_ID["O"]
    allowed = allowed | (omask_table[om] & is_o.unsqueeze(-1))
    lse_all = torch.logsumexp(logits, dim=-1)
    lse_ok = torch.logsumexp(logits.masked_fill(~allowed, -1e9), dim=-1)
    return (lse_all - lse_ok).mean()


def batch_positions(batch):
    """Attended positions of a batch (its sequences plus [CLS] and [SEP]), counted without touching the device."""
    return sum(b - a + 2 for _, a, b in batch)


def leak_dropout(spec, names):
    """`--gaz-leak file:list=P,...` as {file: {list: P}}: lists built partly from a training file mark its words more
    often than they will mark unseen text (the German common words come from GermEval's test split), so their marks
    are dropped more often there."""
    out = {}
    for part in filter(None, spec.split(",")):
        f, rest = part.split(":")
        lst, p = rest.split("=")
        if lst not in names:
            raise SystemExit(f"--gaz-leak: no list {lst} (lists: {names})")
        out.setdefault(f.strip(), {})[lst] = float(p)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", default=".eval/data")
    ap.add_argument("--synth-dir", default=".train/synth")
    ap.add_argument("--work", default=".train")
    ap.add_argument("--tag", default="main", help="run name: checkpoint and metrics go to <work>/runs/<tag>/")
    ap.add_argument("--out", default=None, help="export the HF layout here (e.g. models/ner)")
    ap.add_argument("--budget-min", type=float, default=50.0, help="wall-clock training budget in minutes")
    ap.add_argument("--budget-tokens", type=float, default=0, help="optional budget in training tokens (padded batch positions counted as attended tokens); the run ends at whichever budget is reached first, and the learning-rate schedule follows the larger progress fraction. Used for size comparisons that should not depend on CPU contention")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--arch", default="transformer", choices=["transformer", "bilstm"])
    ap.add_argument("--d", type=int, default=128)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--act", default="gelu", choices=["gelu", "relu"], help="feed-forward activation (ReLU: about 8 %% less ORT time than GELU; models/ner/README.md)")
    ap.add_argument("--ffn", type=int, default=512)
    ap.add_argument("--hidden", type=int, default=96)
    ap.add_argument("--max-pos", type=int, default=256)
    ap.add_argument("--dropout", type=float, default=0.1)
    ap.add_argument("--vocab", type=int, default=8000)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--word-dropout", type=float, default=0.0, help="probability of replacing an input subword by [UNK] (labels kept): forces the model to use context, not memorized names")
    ap.add_argument("--batch-tokens", type=int, default=4096)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--device", default="cpu", help="cpu, or cuda to train on a GPU (bf16 autocast); the checkpoint is saved for the CPU either way")
    ap.add_argument("--with-ler", action="store_true")
    ap.add_argument("--with-new", action="store_true", help="also train on the 2026-11-28 sets (NEW_TRAIN: file -> weight); implies --partial-str")
    ap.add_argument("--partial-str", action=argparse.BooleanOptionalAction, default=None, help="on sources that do not annotate STR, an O on a street-like word may also be STR (data.street_words); default: on with --with-new")
    ap.add_argument("--limit", type=int, default=0, help="read at most this many records of each training file (smoke runs)")
    ap.add_argument("--extra-train", default="", help="more training files (paths, comma-separated); evaluation sets are refused")
    ap.add_argument("--leave-out", default="", help="real training files not to train on (comma-separated names), e.g. wikiann-de-train.jsonl")
    ap.add_argument("--swap", action="store_true", help="also train on synth-train-swap-<lang>.jsonl (real sentences, swapped names)")
    ap.add_argument("--synth-per-epoch", type=int, default=0, help="synthetic documents per language and epoch (0 = all)")
    ap.add_argument("--repeat", default="", help="weights of real training files (times read per epoch; fractions allowed), e.g. germeval2014-test.jsonl=3,ehri-ner-de-train.jsonl=0.25; overrides NEW_TRAIN")
    ap.add_argument("--noun-swap", type=float, default=0.0, help="add a copy of each German real sentence with this share of its nouns swapped for other nouns (augment.py)")
    ap.add_argument("--lower-en", type=float, default=0.0, help="add lower-case copies of this share of the English real sentences (augment.py)")
    ap.add_argument("--vocab-json", default="", help="use this vocabulary (a vocab-*.json list) instead of learning one, e.g. the shipped model's")
    ap.add_argument("--gazetteer", default="", help="a gazetteer.json (tools/train-ner/build-gazetteer.ts): the model reads its list marks as a second input channel")
    ap.add_argument("--gaz-dropout", type=float, default=0.1, help="probability of dropping each gazetteer mark in training (lists never know every name)")
    ap.add_argument("--gaz-leak", default="", help="higher drop rates per training file and list, e.g. germeval2014-test.jsonl:common-de=0.4")
    ap.add_argument("--eval", default="de-dev.jsonl,en-dev.jsonl", help="dev files under --data-dir ('' = none)")
    ap.add_argument("--eval-extra", default="", help="more files to evaluate (paths), e.g. held-out synthetic")
    args = ap.parse_args()
    if args.partial_str is None:
        args.partial_str = args.with_new

    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    run_dir = os.path.join(args.work, "runs", args.tag)
    os.makedirs(run_dir, exist_ok=True)

    cfg = {k: getattr(args, k) for k in ("arch", "d", "layers", "heads", "act", "ffn", "hidden", "max_pos", "dropout", "vocab", "lr", "batch_tokens", "seed", "budget_min", "budget_tokens", "with_ler", "leave_out", "swap", "synth_per_epoch", "word_dropout", "repeat", "with_new", "partial_str", "extra_train", "noun_swap", "lower_en", "vocab_json", "gazetteer", "gaz_dropout", "gaz_leak")}
    log("config", json.dumps(cfg))

    records, groups, names, sizes = load_records(args)
    log(f"{len(records)} training records", json.dumps(sizes))
    if args.vocab_json:
        with open(args.vocab_json) as f:
            vocab = json.load(f)
    else:
        # The vocabulary is learned from one epoch's mix (all real records, one slice of each synthetic pool).
        vocab = get_vocab([records[i] for i in epoch_selection(groups, args.synth_per_epoch, 1)], args.vocab, args.work)
    wp = WordPiece(vocab)
    gaz = load_gazetteer(cfg)
    if gaz is not None:
        cfg["gaz_lists"] = gaz.size
        cfg["gaz_names"] = gaz.names
    repeats = {**(NEW_TRAIN if args.with_new else {}), **repeat_counts(args.repeat)}
    unknown = set(repeats) - set(names) - (set(NEW_TRAIN) if args.with_new else set())
    if unknown:
        raise SystemExit(f"--repeat names files not trained on: {sorted(unknown)}")
    extra = augmented(records, groups, names, args, rng)
    records += extra
    groups += ["real"] * len(extra)
    names += ["augmented"] * len(extra)
    times = [repeats.get(n, 1) for n in names]

    t0 = time.time()
    encs = [encode(r, wp, gaz, args.partial_str) for r in records]
    gaz_drop = None
    if gaz is not None:
        leak = leak_dropout(args.gaz_leak, gaz.names)
        rows = {}
        for n in set(names):
            rows[n] = np.array([max(args.gaz_dropout, leak.get(n, {}).get(l, 0.0)) for l in gaz.names], dtype=np.float32)
        gaz_drop = [rows[n] for n in names]
        n_marked = sum(int((e.marks > 0).sum()) for e in encs)
        log(f"gazetteer {gaz.path}: {gaz.size} lists {gaz.names}, {n_marked} marked subwords, leak dropout {leak}")
    nrng = np.random.default_rng(args.seed)
    om_table = torch.from_numpy(omask_table())
    n_maybe = sum(int((e.omask[e.tags >= 0] & 1).sum()) for e in encs)
    n_maybe_str = Counter()
    for e, n in zip(encs, names):
        k = int((e.omask[e.tags >= 0] & 2).astype(bool).sum())
        if k:
            n_maybe_str[n] += k
    n_sub = sum(len(e.ids) for e in encs)
    n_words = sum(len(e.word_first) for e in encs)
    n_unk = sum(int((e.ids == 1).sum()) for e in encs)
    tag_counts = Counter()
    for e in encs:
        for t in e.tags[e.tags >= 0]:
            tag_counts[TAGS[t]] += 1
    log(f"encoded in {time.time() - t0:.0f}s: {n_words} words, {n_sub} subwords ({n_sub / max(1, n_words):.2f}/word), UNK {100 * n_unk / max(1, n_sub):.3f}%, {n_maybe} words O-or-DATE, {sum(n_maybe_str.values())} O-or-STR")
    if n_maybe_str:
        log("O-or-STR words per file", dict(n_maybe_str))
    per_file = Counter()
    for n, t in zip(names, times):
        per_file[n] = t
    log("weights (reads per record and epoch)", {n: w for n, w in per_file.items() if w != 1})
    log("word tags", dict(tag_counts))
    del records

    device = torch.device(args.device)
    model = build(args.arch, len(vocab), len(TAGS), **model_kwargs(cfg)).to(device)
    om_table = om_table.to(device)
    n_params = sum(p.numel() for p in model.parameters())
    n_emb = model.tok.weight.numel()
    macs = macs_per_token(args.arch, args.d, args.layers, ffn=args.ffn, hidden=args.hidden, seq=128) + args.d * len(TAGS)
    log(f"model {args.arch}: {n_params} params ({n_emb} embedding), ~{macs / 1e6:.2f} M MACs/token (seq 128)")

    decay, no_decay = [], []
    for n, p in model.named_parameters():
        (no_decay if p.ndim < 2 or "ln" in n else decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": args.weight_decay}, {"params": no_decay, "weight_decay": 0.0}], lr=args.lr, betas=(0.9, 0.98), eps=1e-6, **({"fused": True} if device.type == "cuda" else {}))

    budget = args.budget_min * 60.0
    warm = min(0.03 * budget, 120.0)
    width = args.max_pos - 2
    start = time.time()
    step = 0
    epoch = 0
    seen_tokens = 0
    ema = None
    done = False
    last_log = start
    history = []
    while not done:
        epoch += 1
        batches = make_batches(encs, width, args.batch_tokens, rng, epoch_selection(groups, args.synth_per_epoch, epoch, times))
        log(f"epoch {epoch}: {len(batches)} batches")
        model.train()
        for batch in batches:
            el = time.time() - start
            progress = el / budget
            if args.budget_tokens > 0:
                progress = max(progress, seen_tokens / args.budget_tokens)
            if progress >= 1.0:
                done = True
                break
            lr = args.lr * min(1.0, progress / (warm / budget)) * max(0.0, 1.0 - progress)
            for g in opt.param_groups:
                g["lr"] = lr
            ids, att, tags, om, *gz = (t.to(device, non_blocking=True) for t in tensorize(batch, encs, gaz, gaz_drop, nrng))
            if args.word_dropout > 0:
                drop = (torch.rand(ids.shape, device=device) < args.word_dropout) & (ids > SEP)
                ids = ids.masked_fill(drop, 1)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(ids, att, *gz)
            loss = partial_loss(logits.float(), tags, om, om_table)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            step += 1
            seen_tokens += batch_positions(batch)
            # Kept on the device: reading the loss every step would wait for the GPU each time.
            ema = loss.detach() if ema is None else 0.98 * ema + 0.02 * loss.detach()
            if time.time() - last_log > 60:
                last_log = time.time()
                ema = float(ema)
                tps = seen_tokens / (last_log - start)
                log(f"step {step} ep {epoch} {el / 60:.1f}/{args.budget_min:.0f} min loss {ema:.4f} lr {lr:.2e} {tps:.0f} tok/s")
                history.append({"step": step, "minutes": round(el / 60, 2), "loss": round(ema, 4), "tok_s": round(tps)})
    train_s = time.time() - start
    log(f"trained {step} steps, {epoch} epochs (last partial), {seen_tokens} tokens in {train_s:.0f}s ({seen_tokens / train_s:.0f} tok/s)")
    model.eval()
    ck = os.path.join(run_dir, "ckpt.pt")
    save_checkpoint(ck, model, vocab, cfg)

    from evaluate import evaluate_file

    metrics = {
        "config": cfg,
        "params": n_params,
        "embedding_params": n_emb,
        "macs_per_token_seq128": macs,
        "steps": step,
        "epochs": epoch,
        "train_tokens": seen_tokens,
        "train_seconds": round(train_s),
        "train_tok_per_s": round(seen_tokens / train_s),
        "data": sizes,
        "subwords": n_sub,
        "words": n_words,
        "unk_pct": round(100 * n_unk / max(1, n_sub), 4),
        "history": history,
        "eval": {},
    }
    files = [os.path.join(args.data_dir, f) for f in args.eval.split(",") if f] + [f for f in args.eval_extra.split(",") if f]
    for f in files:
        if not os.path.exists(f):
            log(f"skip eval of {f}: missing")
            continue
        res = evaluate_file(model, wp, f, max_len=args.max_pos, gaz=gaz)
        metrics["eval"][os.path.basename(f)] = res
        log(f"eval {os.path.basename(f)}: {json.dumps(res['all'])}")
    if args.out:
        from export import write_hf_layout

        ops = write_hf_layout(args.out, model.cpu(), wp, cfg)
        metrics["onnx_ops"] = ops
        metrics["onnx_bytes"] = os.path.getsize(os.path.join(args.out, "model.onnx"))
        log(f"exported to {args.out}: model.onnx {metrics['onnx_bytes']} bytes, ops {ops}")
    with open(os.path.join(run_dir, "metrics.json"), "w") as f:
        json.dump(metrics, f, indent=1, ensure_ascii=False)
    log(f"metrics -> {os.path.join(run_dir, 'metrics.json')}")


if __name__ == "__main__":
    main()
