"""Writes models/manifest.json: file hashes and sizes of the shipped model, its labels and licence.

    /usr/bin/python3 tools/train-ner/manifest.py --model-dir models/ner
"""
import argparse
import hashlib
import json
import os

FILES = ["model.onnx", "config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", default="models/ner")
    ap.add_argument("--manifest", default=None, help="default: <model-dir>/../manifest.json")
    args = ap.parse_args()
    root = os.path.dirname(os.path.abspath(args.model_dir.rstrip("/")))
    manifest_path = args.manifest or os.path.join(root, "manifest.json")
    with open(os.path.join(args.model_dir, "config.json")) as f:
        config = json.load(f)
    files = []
    for name in FILES:
        p = os.path.join(args.model_dir, name)
        if not os.path.exists(p):
            continue
        data = open(p, "rb").read()
        files.append({"path": os.path.relpath(p, root), "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)})
    entry = {
        "id": "ner-de-en-small",
        "task": "token-classification",
        "files": files,
        "labels": config["id2label"],
        "license": "CC-BY-SA-4.0 (weights trained in this repository on CC BY-SA text; the training data and their licences: ner/README.md)",
        "source": "trained in this repo: npm run train:ner",
    }
    manifest = {"models": []}
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    manifest["models"] = [m for m in manifest.get("models", []) if m.get("id") != entry["id"]] + [entry]
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {manifest_path}: {[(x['path'], x['bytes']) for x in files]}")


if __name__ == "__main__":
    main()
