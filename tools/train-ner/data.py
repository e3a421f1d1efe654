"""Reading JSONL records ({id, lang, text, entities, labels?, ignore?}) into word-level BIO examples and subword
sequences with per-position allowed-tag sets (partial labels: date-like tokens of sources that do not annotate DATE)."""
import bisect
import json
import re

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


# Tokens that can be part of a date. Sources that do not annotate DATE (all real corpora here) leave their dates as O;
# on such tokens an O may also be B-/I-DATE (partial labels). Everywhere else O means O: letting every O of those
# sources be "O or STR or DATE" made the model call arbitrary nouns STR (measured: LER dev precision 8%).
_DATE_WORD = re.compile(
    r"^(\d{1,4}|\d{1,2}(st|nd|rd|th)|of|Jan(uar|uary)?|Jänner|Feb(ruar|ruary)?|Mär(z)?|Mar(ch)?|Apr(il)?|Mai|May"
    r"|Jun[ie]?|Jul[iy]?|Aug(ust)?|Sep(t(ember)?)?|Okt(ober)?|Oct(ober)?|Nov(ember)?|Dez(ember)?|Dec(ember)?)$",
    re.I,
)
_DATE_PUNCT = {".", "/", "-", ","}
STRICT, MAYBE_DATE = 0, 1


def word_example(rec):
    """Pre-tokens of a record with their word-level tag (a TAGS index, or IGNORE inside ignore ranges) and the
    O-variant per word (STRICT, or MAYBE_DATE where the source does not annotate DATE and the word looks like part
    of a date)."""
    text = rec["text"]
    m = Utf16Map(text)
    spans = pretokenize(text)
    n = len(spans)
    tags = [TAG_ID["O"]] * n
    starts = [s for s, _ in spans]
    ents = sorted(rec.get("entities", []), key=lambda e: e["start"])
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
    words = [nfc(text[a:b]) for a, b in spans]
    omask = [STRICT] * n
    if labels is not None and "DATE" not in labels:
        dateish = [bool(_DATE_WORD.match(w)) for w in words]
        for i, w in enumerate(words):
            if dateish[i] or (w in _DATE_PUNCT and 0 < i < n - 1 and dateish[i - 1] and dateish[i + 1]):
                omask[i] = MAYBE_DATE
    return words, tags, omask, spans, m


def omask_table():
    """Row STRICT: only O; row MAYBE_DATE: O, B-DATE, I-DATE."""
    t = np.zeros((2, len(TAGS)), dtype=bool)
    t[:, TAG_ID["O"]] = True
    t[MAYBE_DATE, TAG_ID["B-DATE"]] = True
    t[MAYBE_DATE, TAG_ID["I-DATE"]] = True
    return t


class Encoded:
    """One record as subwords: ids (no [CLS]/[SEP]), tag per subword (IGNORE on non-first subwords), O-variant per
    subword, and word starts (subword index of each word's first piece)."""

    __slots__ = ("ids", "tags", "omask", "word_first", "source", "lang", "marks")

    def __init__(self, ids, tags, omask, word_first, source, lang, marks=None):
        self.marks = marks
        self.ids = ids
        self.tags = tags
        self.omask = omask
        self.word_first = word_first
        self.source = source
        self.lang = lang


def subwords(words, wp, gaz=None):
    """Words as subword ids, each subword with its word's gazetteer marks (0 without `gaz`, a gazetteer.Gazetteer),
    and the index of each word's first subword."""
    ids, marks, first = [], [], []
    for w in words:
        pieces = wp.encode_word(w)
        first.append(len(ids))
        ids.extend(pieces)
        marks.extend([gaz.marks(w) if gaz is not None else 0] * len(pieces))
    return ids, marks, first


def encode(rec, wp, gaz=None):
    """`gaz` (a gazetteer.Gazetteer): also the word's list marks per subword."""
    words, tags, omask, _, _ = word_example(rec)
    ids, marks, word_first = subwords(words, wp, gaz)
    ends = word_first[1:] + [len(ids)]
    sub_tags = []
    sub_om = []
    for t, o, a, b in zip(tags, omask, word_first, ends):
        sub_tags.append(t)
        sub_tags.extend([IGNORE] * (b - a - 1))
        sub_om.extend([o] * (b - a))
    return Encoded(
        np.asarray(ids, dtype=np.int32),
        np.asarray(sub_tags, dtype=np.int8),
        np.asarray(sub_om, dtype=np.int8),
        np.asarray(word_first, dtype=np.int32),
        rec.get("source", ""),
        rec.get("lang", ""),
        np.asarray(marks, dtype=np.int32) if gaz is not None else None,
    )
