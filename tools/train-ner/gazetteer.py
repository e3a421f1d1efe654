"""The gazetteer channel in training: per pre-token, a bit per word list of a `gazetteer.json`
(tools/train-ner/build-gazetteer.ts). The lookup is src/inference/gazetteer-features.ts's: `name` lists match the word
as written (an ALL-CAPS word of two or more letters title-cased), `lower` lists its lower case."""
import json

import numpy as np


def as_name(w):
    return w[0] + w[1:].lower() if len(w) > 1 and w == w.upper() and w != w.lower() else w


class Gazetteer:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.path = path
        self.names = [f["name"] for f in data["features"]]
        self.lists = [(f["lookup"] == "lower", frozenset(f["words"])) for f in data["features"]]
        self.size = len(self.lists)

    def marks(self, word):
        name = as_name(word)
        lower = word.lower()
        bits = 0
        for i, (low, s) in enumerate(self.lists):
            if (lower if low else name) in s:
                bits |= 1 << i
        return bits

    def unpack(self, marks):
        """[...] int bit masks -> [..., size] float32 0/1."""
        m = np.asarray(marks, dtype=np.int64)
        return ((m[..., None] >> np.arange(self.size)) & 1).astype(np.float32)
