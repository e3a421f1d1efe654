#!/usr/bin/env bash
# Trains several NER variants side by side on one GPU, the same wall-clock budget each, and collects their checkpoints
# (<tag>.pt, packed into checkpoints.tar once all have ended) and logs and metrics (logs.tgz) in OUTDIR. Issue 17,
# step 4: sizes and data mixes against each other.
#
#   bash tools/train-ner/sweep.sh pack PACK.tgz           # here: generate the data a machine without node needs, pack it
#   bash tools/train-ner/sweep.sh run PACK.tgz OUTDIR MIN RUNS  # on the GPU machine: unpack, train each run for MIN minutes
#
# EVAL=1 (both steps) also evaluates each model alone on the dev sets on the device; by default they are measured
# here, whole engine, after export (`/usr/bin/python3 tools/train-ner/export.py --checkpoint TAG.pt --out DIR`).
#
# RUNS is a file of runs (tools/train-ner/sweeps/*.txt), one a line: tag | synthetic pool | documents per language and
# epoch | options of train.py (size, batch, data).
#
# Data: the converted datasets (.eval/data), the current generator's pool (.train/synth), the pool of the generator the
# shipped model was trained with (.train/synth-old, tools/train-ner/synth.ts at commit 8c58305, seed 1), and both
# interleaved (.train/synth-mix, made on the GPU machine). Vocabularies are learned here and travel in the pack.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PYTHON:-python3}
mode=$1
pack=$2

if [[ $mode == pack ]]; then
  [[ -f .train/synth/synth-train-de.jsonl && -f .train/synth-old/synth-train-de.jsonl ]] ||
    { echo "run npm run train:ner's steps 1-2 and the old generator first (see the header)" >&2; exit 1; }
  files=(.eval/data/{germeval2014-test,wikiann-de-train,wikiann-en-train,uner-en-ewt-train-prerelease,wnut17-train,europeana-de-rest}.jsonl)
  files+=(.train/synth/synth-{train,train-swap}-{de,en}.jsonl .train/synth-old/synth-{train,train-swap}-{de,en}.jsonl)
  files+=(.train/vocab-*.json)
  # Evaluation on the device is optional (EVAL=1): the whole engine is measured here, where node runs.
  [[ ${EVAL:-0} == 1 ]] && files+=(.eval/data/{de,en}-dev.jsonl .train/synth/synth-heldout-{de,en}.jsonl)
  tar czf "$pack" "${files[@]}"
  ls -la "$pack"
  exit 0
fi

out=$3
budget=$4
mapfile -t runs < <(grep -v '^#' "$5" | grep -v '^$')
device=${DEVICE:-cuda}
tar xzf "$pack"
mkdir -p "$out" .train/synth-mix .train/sweep-logs
# The mixed pool alternates documents of the two generators; its name-swapped sentences are the current generator's.
"$PY" - <<'EOF'
import itertools, shutil
for l in ("de", "en"):
    a = open(f".train/synth-old/synth-train-{l}.jsonl").read().splitlines()
    b = open(f".train/synth/synth-train-{l}.jsonl").read().splitlines()
    with open(f".train/synth-mix/synth-train-{l}.jsonl", "w") as f:
        f.write("\n".join(x for pair in itertools.zip_longest(a, b) for x in pair if x) + "\n")
    shutil.copy(f".train/synth/synth-train-swap-{l}.jsonl", f".train/synth-mix/synth-train-swap-{l}.jsonl")
EOF
common=(--device "$device" --threads 2 --budget-min "$budget" --arch transformer --heads 4 --max-pos 256 --lr 3e-3
  --word-dropout 0.1 --swap)
if [[ ${EVAL:-0} == 1 ]]; then
  common+=(--eval-extra .train/synth/synth-heldout-de.jsonl,.train/synth/synth-heldout-en.jsonl)
else
  common+=(--eval '')
fi
for r in "${runs[@]}"; do
  IFS='|' read -r tag dir per opts <<<"$r"
  read -r tag <<<"$tag" && read -r dir <<<"$dir" && read -r per <<<"$per"
  # Each checkpoint is copied out as soon as its run ends, so a sweep cut off at a time limit still returns the others.
  (
    # shellcheck disable=SC2086 # $opts is a list of options
    "$PY" tools/train-ner/train.py --tag "sweep-$tag" --synth-dir "$dir" --synth-per-epoch "$per" "${common[@]}" $opts \
      >".train/sweep-logs/$tag.log" 2>&1 || echo "$tag failed" >&2
    cp ".train/runs/sweep-$tag/ckpt.pt" "$out/$tag.pt" 2>/dev/null || echo "$tag: no checkpoint" >&2
    cp ".train/runs/sweep-$tag/metrics.json" ".train/sweep-logs/$tag.metrics.json" 2>/dev/null || true
  ) &
done
wait
# One file for all checkpoints: the device returns a limited number of files (eight), a sweep may have more runs.
(cd "$out" && tar cf checkpoints.tar ./*.pt && rm ./*.pt)
tar czf "$out/logs.tgz" .train/sweep-logs
grep -h 'trained\|eval de-dev\|eval en-dev\|Error\|error' .train/sweep-logs/*.log | cut -c1-220
