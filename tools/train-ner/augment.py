"""Training-time copies of real records that change what the model may rely on (issue 17, step 4).

- Noun swap (German): German writes every noun with a capital, so a capitalised word the model has not seen is weak
  evidence of a name; the model still takes unseen nouns for names (`Kondensat`, `Blechschaden`, `Nische` on GermEval
  dev). A copy of each German real sentence gets some of its mid-sentence capitalised O words replaced by other nouns
  of the German real text (capitalised O words mid-sentence that never occur inside an entity), so nouns meet the model
  in more contexts as O, and the entities around them are kept as they were.
- Lower case (English): social-media text writes names in lower case (WNUT dev: 145 of 617 entities); a share of the
  English real sentences is copied in lower case, entities kept.

Records with characters outside the BMP are left out (their UTF-16 offsets would need the map of pretok.py).
"""
import re
from collections import Counter

from pretok import pretokenize

NOUN = re.compile(r"^[A-ZÄÖÜ][a-zäöüß]{3,}$")
SENTENCE_END = {".", "!", "?", ":", '"', "„", "“", "(", "-", "–"}


def _bmp(text):
    return all(ord(c) <= 0xFFFF for c in text)


def _inside(ranges, a, b):
    return any(r["start"] < b and a < r["end"] for r in ranges)


def _nouns_of(rec):
    """(word, start, end) of the capitalised O words of a record that stand mid-sentence."""
    text = rec["text"]
    toks = pretokenize(text)
    taken = list(rec.get("entities", [])) + list(rec.get("ignore", []) or [])
    out = []
    for i, (a, b) in enumerate(toks):
        w = text[a:b]
        if i == 0 or text[toks[i - 1][0] : toks[i - 1][1]] in SENTENCE_END or not NOUN.match(w):
            continue
        if not _inside(taken, a, b):
            out.append((w, a, b))
    return out


def noun_pool(records):
    """Capitalised words that stand mid-sentence as O in the records and never inside one of their entities."""
    as_o = Counter()
    in_entity = set()
    for r in records:
        if not _bmp(r["text"]):
            continue
        for w, _, _ in _nouns_of(r):
            as_o[w] += 1
        for e in r.get("entities", []):
            in_entity.update(r["text"][e["start"] : e["end"]].split())
    return sorted(w for w, n in as_o.items() if n >= 2 and w not in in_entity)


def noun_swapper(pool, p, rng):
    """swap(rec): a copy of `rec` with each of its pool nouns replaced by a random pool noun with probability `p`, or
    None."""
    known = set(pool)
    return lambda rec: swap_nouns(rec, pool, known, p, rng)


def swap_nouns(rec, pool, known, p, rng):
    text = rec["text"]
    if not _bmp(text):
        return None
    edits = [(a, b, rng.choice(pool)) for w, a, b in _nouns_of(rec) if w in known and rng.random() < p]
    if not edits:
        return None
    parts, shifts, last, delta = [], [], 0, 0
    for a, b, new in edits:
        parts += [text[last:a], new]
        delta += len(new) - (b - a)
        shifts.append((b, delta))
        last = b
    parts.append(text[last:])

    def moved(x):
        d = 0
        for end, s in shifts:
            if end <= x:
                d = s
        return x + d

    out = dict(rec, text="".join(parts), id=f"{rec.get('id', '')}#nouns")
    out["entities"] = [dict(e, start=moved(e["start"]), end=moved(e["end"])) for e in rec.get("entities", [])]
    if rec.get("ignore"):
        out["ignore"] = [dict(r, start=moved(r["start"]), end=moved(r["end"])) for r in rec["ignore"]]
    return out


def lower_case(rec):
    """A copy of `rec` in lower case (entities kept), or None where lower case would move its offsets."""
    text = rec["text"]
    low = text.lower()
    if not _bmp(text) or len(low) != len(text) or low == text:
        return None
    return dict(rec, text=low, id=f"{rec.get('id', '')}#lower")
