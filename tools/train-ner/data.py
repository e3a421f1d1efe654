"""Reading JSONL records ({id, lang, text, entities, labels?, ignore?}) into word-level BIO examples and subword
sequences with per-position allowed-tag sets (partial labels: date-like tokens of sources that do not annotate DATE,
and with `partial_str` street-like tokens of sources that do not annotate STR)."""
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
# O-variants are bit flags: an O word may also be DATE (MAYBE_DATE), STR (MAYBE_STR) or either.
STRICT, MAYBE_DATE, MAYBE_STR = 0, 1, 2

# Street-like words, for sources that do not annotate STR (issue 37; docs/eval-datasets.md "Training loader"): a
# capitalised German word ending in a street word (Holstenstraße, Hauptstr, Messeschnellweg, Kurfürstendamm; not -ufer:
# Vorläufer, Anrufer), the
# street words standing alone after a capitalised word (Berliner Straße, Kings Road, Fifth Avenue), and the house
# number right after (or, in English, right before) such a street. `St`/`Dr` are left out (Saint, Doctor), and so
# are common nouns ending in a street word (_NOT_STREET). Narrow on purpose: letting every O of those sources be
# STR made the model call arbitrary nouns STR (see _DATE_WORD).
_DE_STREET_WORD = re.compile(r"^\w{3,}(straße|strasse|str|weg|allee|platz|gasse|damm|chaussee|promenade)$")
_STREET_WORD = re.compile(
    r"^(Straße|Strasse|Str|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Chaussee|Street|Road|Rd|Avenue|Ave|Lane|Drive"
    r"|Boulevard|Blvd|Way|Close|Crescent|Terrace|Place|Square)$"
)
_NOT_STREET = {
    "Heimweg", "Rückweg", "Ausweg", "Umweg", "Fußweg", "Radweg", "Rechtsweg", "Arbeitsweg", "Schulweg", "Lösungsweg",
    "Arbeitsplatz", "Parkplatz", "Spielplatz", "Sportplatz", "Flugplatz", "Stellplatz", "Ausbildungsplatz",
    "Studienplatz", "Kitaplatz", "Wohnplatz", "Rastplatz", "Campingplatz", "Bahnsteig",
}
# Capitalised words before a street word that are not part of a street name ("Die Straße", "Auf Platz 3", "The Way").
_NOT_BEFORE_STREET = {
    "Die", "Der", "Das", "Den", "Dem", "Des", "Ein", "Eine", "Auf", "Am", "Im", "In", "An", "Zum", "Zur", "Von", "Vom",
    "Unser", "Unsere", "Mein", "Meine", "The", "A", "My", "Our", "Your", "His", "Her", "Their", "This", "That", "Some",
    "Other", "Even", "One", "Every", "Any", "No", "All",
}
_HOUSE_NUMBER = re.compile(r"^\d{1,4}[a-zA-Z]?$")


def _capitalised(w):
    return w[:1].isupper() and w[1:2].islower()


def street_words(words):
    """Indices of street-like words (see _DE_STREET_WORD) and their house numbers."""
    out = set()
    n = len(words)
    for i, w in enumerate(words):
        street = (_capitalised(w) and bool(_DE_STREET_WORD.match(w)) and w not in _NOT_STREET) or (
            bool(_STREET_WORD.match(w))
            and i > 0
            and _capitalised(words[i - 1])
            and not _STREET_WORD.match(words[i - 1])
            and words[i - 1] not in _NOT_BEFORE_STREET
        )
        if not street:
            continue
        out.add(i)
        if _STREET_WORD.match(w):
            out.add(i - 1)
            if i > 1 and _HOUSE_NUMBER.match(words[i - 2]):
                out.add(i - 2)
        j = i + 1
        if j < n and words[j] == ".":
            j += 1
        if j < n and _HOUSE_NUMBER.match(words[j]):
            out.add(j)
    return sorted(out)


def word_example(rec, partial_str=False):
    """Pre-tokens of a record with their word-level tag (a TAGS index, or IGNORE inside ignore ranges) and the
    O-variant per word (bit flags: MAYBE_DATE where the source does not annotate DATE and the word looks like part
    of a date; with `partial_str`, MAYBE_STR where the source does not annotate STR and the word looks like part of a
    street, see street_words)."""
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
    if partial_str and labels is not None and "STR" not in labels:
        for i in street_words(words):
            omask[i] |= MAYBE_STR
    return words, tags, omask, spans, m


def omask_table():
    """Allowed tags of an O word per O-variant (row = bit flags): always O; with MAYBE_DATE also B-/I-DATE; with
    MAYBE_STR also B-/I-STR."""
    t = np.zeros((4, len(TAGS)), dtype=bool)
    t[:, TAG_ID["O"]] = True
    for row in range(4):
        if row & MAYBE_DATE:
            t[row, TAG_ID["B-DATE"]] = t[row, TAG_ID["I-DATE"]] = True
        if row & MAYBE_STR:
            t[row, TAG_ID["B-STR"]] = t[row, TAG_ID["I-STR"]] = True
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


def encode(rec, wp, gaz=None, partial_str=False):
    """`gaz` (a gazetteer.Gazetteer): also the word's list marks per subword. `partial_str`: see word_example."""
    words, tags, omask, _, _ = word_example(rec, partial_str)
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
