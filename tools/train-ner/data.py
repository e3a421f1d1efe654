"""Reading JSONL records ({id, lang, text, entities, labels?, ignore?}) into word-level BIO examples and subword
sequences with per-position allowed-tag sets (partial labels for sources that do not annotate STR/DATE)."""
import json

import numpy as np

from pretok import Utf16Map, nfc, pretokenize

# The model's entity types. MAIL, TEL and OTH are left to the pattern recognizers (see models/ner/README.md).
TYPES = ["PER", "LOC", "ORG", "STR", "DATE"]
TAGS = ["O"] + [f"{p}-{t}" for t in TYPES for p in ("B", "I")]
TAG_ID = {t: i for i, t in enumerate(TAGS)}
IGNORE = -1


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                yield json.loads(line)


def word_example(rec):
    """Pre-tokens of a record with their word-level tag: a TAGS index, or IGNORE inside ignore ranges.
    Also the set of our TYPES the record's source does not annotate (an `O` there may be any of them)."""
    text = rec["text"]
    m = Utf16Map(text)
    spans = pretokenize(text)
    n = len(spans)
    tags = [TAG_ID["O"]] * n
    starts = [s for s, _ in spans]
    ents = sorted(rec.get("entities", []), key=lambda e: e["start"])
    import bisect

    for e in ents:
        lab = e["label"]
        s, t = m.to_cp(e["start"]), m.to_cp(e["end"])
        i = bisect.bisect_left(starts, s)
        # A token that starts before the entity but overlaps it (entity starting mid-token): include it.
        if i > 0 and spans[i - 1][1] > s:
            i -= 1
        first = True
        while i < n and spans[i][0] < t:
            if lab in TYPES:
                tags[i] = TAG_ID[("B-" if first else "I-") + lab]
            first = False
            i += 1
    for r in rec.get("ignore", []) or []:
        s, t = m.to_cp(r["start"]), m.to_cp(r["end"])
        for i, (a, b) in enumerate(spans):
            if a < t and s < b:
                tags[i] = IGNORE
    labels = rec.get("labels")
    missing = [t for t in TYPES if labels is not None and t not in labels]
    words = [nfc(text[a:b]) for a, b in spans]
    return words, tags, missing, spans, m


def allowed_mask(missing):
    """Tag ids an `O` may stand for when the source does not annotate `missing` types."""
    mask = np.zeros(len(TAGS), dtype=bool)
    mask[TAG_ID["O"]] = True
    for t in missing:
        mask[TAG_ID["B-" + t]] = True
        mask[TAG_ID["I-" + t]] = True
    return mask


class Encoded:
    """One record as subwords: ids (no [CLS]/[SEP]), tag per subword (IGNORE on non-first subwords), the variant
    of the O-mask to use, and word starts (subword index of each word's first piece)."""

    __slots__ = ("ids", "tags", "omask", "word_first", "source", "lang")

    def __init__(self, ids, tags, omask, word_first, source, lang):
        self.ids = ids
        self.tags = tags
        self.omask = omask
        self.word_first = word_first
        self.source = source
        self.lang = lang


def encode(rec, wp, mask_index):
    words, tags, missing, _, _ = word_example(rec)
    key = tuple(missing)
    if key not in mask_index:
        mask_index[key] = len(mask_index)
    ids = []
    sub_tags = []
    word_first = []
    for w, t in zip(words, tags):
        pieces = wp.encode_word(w)
        word_first.append(len(ids))
        ids.extend(pieces)
        sub_tags.append(t)
        sub_tags.extend([IGNORE] * (len(pieces) - 1))
    return Encoded(
        np.asarray(ids, dtype=np.int32),
        np.asarray(sub_tags, dtype=np.int8),
        mask_index[key],
        np.asarray(word_first, dtype=np.int32),
        rec.get("source", ""),
        rec.get("lang", ""),
    )
