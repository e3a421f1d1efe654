"""A small cased WordPiece vocabulary: learned with BPE-style merges (as Hugging Face's WordPiece trainer does),
applied with greedy longest-match-first (as Hugging Face's WordPiece model does), written as tokenizer.json."""
import heapq
import json
from collections import Counter, defaultdict

from pretok import SPLIT_PATTERN

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
PREFIX = "##"
MAX_CHARS_PER_WORD = 100


def learn_vocab(word_freqs, vocab_size, min_char_freq=5, max_alphabet=1200, min_word_freq=2, log=print):
    """word_freqs: Counter of NFC pre-tokens. Returns the vocabulary list (specials first)."""
    char_freq = Counter()
    for w, f in word_freqs.items():
        for c in w:
            char_freq[c] += f
    alphabet = [c for c, f in char_freq.most_common(max_alphabet) if f >= min_char_freq]
    aset = set(alphabet)
    # Initial symbols: word-initial chars as themselves, continuation chars with the prefix.
    words = []
    freqs = []
    for w, f in word_freqs.items():
        if f < min_word_freq or len(w) > MAX_CHARS_PER_WORD or any(c not in aset for c in w):
            continue
        words.append([w[0]] + [PREFIX + c for c in w[1:]])
        freqs.append(f)
    vocab = list(SPECIALS)
    seen = set(vocab)
    # Both forms of every alphabet char, so any word of known chars can be tokenized.
    for c in alphabet:
        for s in (c, PREFIX + c):
            if s not in seen:
                seen.add(s)
                vocab.append(s)
    log(f"wordpiece: {len(word_freqs)} word types, {len(words)} used for merges, alphabet {len(alphabet)}")

    pair_counts = defaultdict(int)
    where = defaultdict(set)
    for i, syms in enumerate(words):
        f = freqs[i]
        for a, b in zip(syms, syms[1:]):
            pair_counts[(a, b)] += f
            where[(a, b)].add(i)
    heap = [(-c, p) for p, c in pair_counts.items()]
    heapq.heapify(heap)

    def merged(a, b):
        return a + (b[len(PREFIX):] if b.startswith(PREFIX) else b)

    while len(vocab) < vocab_size and heap:
        negc, pair = heapq.heappop(heap)
        c = pair_counts.get(pair, 0)
        if c <= 0:
            continue
        if -negc != c:
            heapq.heappush(heap, (-c, pair))
            continue
        a, b = pair
        new = merged(a, b)
        if new not in seen:
            seen.add(new)
            vocab.append(new)
        changed = defaultdict(int)
        for i in list(where[pair]):
            syms = words[i]
            f = freqs[i]
            j = 0
            out = []
            hit = False
            while j < len(syms):
                if j + 1 < len(syms) and syms[j] == a and syms[j + 1] == b:
                    out.append(new)
                    j += 2
                    hit = True
                else:
                    out.append(syms[j])
                    j += 1
            if not hit:
                continue
            for x, y in zip(syms, syms[1:]):
                pair_counts[(x, y)] -= f
                changed[(x, y)] += 0
            for x, y in zip(out, out[1:]):
                pair_counts[(x, y)] += f
                where[(x, y)].add(i)
                changed[(x, y)] += 0
            words[i] = out
        pair_counts[pair] = 0
        del where[pair]
        for p in changed:
            if pair_counts.get(p, 0) > 0:
                heapq.heappush(heap, (-pair_counts[p], p))
    return vocab


class WordPiece:
    def __init__(self, vocab):
        self.vocab = list(vocab)
        self.ids = {t: i for i, t in enumerate(self.vocab)}
        self.unk = self.ids["[UNK]"]
        self.cache = {}

    def encode_word(self, w):
        """Greedy longest-match-first; a word that cannot be covered becomes one [UNK] (HF semantics)."""
        got = self.cache.get(w)
        if got is not None:
            return got
        if len(w) > MAX_CHARS_PER_WORD:
            res = [self.unk]
        else:
            res = []
            start = 0
            n = len(w)
            while start < n:
                end = n
                cur = None
                while start < end:
                    sub = w[start:end]
                    if start > 0:
                        sub = PREFIX + sub
                    i = self.ids.get(sub)
                    if i is not None:
                        cur = i
                        break
                    end -= 1
                if cur is None:
                    res = [self.unk]
                    break
                res.append(cur)
                start = end
        if len(self.cache) < 2_000_000:
            self.cache[w] = res
        return res

    def tokenizer_json(self):
        """A Hugging Face tokenizers JSON: NFC, Split(pattern, invert) = the pre-tokens, WordPiece, [CLS] $A [SEP]."""
        special = lambda t: {
            "id": self.ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
            "normalized": False, "special": True,
        }
        return {
            "version": "1.0",
            "truncation": None,
            "padding": None,
            "added_tokens": [special(t) for t in SPECIALS],
            "normalizer": {"type": "NFC"},
            "pre_tokenizer": {
                "type": "Split",
                "pattern": {"Regex": SPLIT_PATTERN},
                "behavior": "Removed",
                "invert": True,
            },
            "post_processor": {
                "type": "TemplateProcessing",
                "single": [
                    {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                    {"Sequence": {"id": "A", "type_id": 0}},
                    {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                ],
                "pair": [
                    {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                    {"Sequence": {"id": "A", "type_id": 0}},
                    {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                    {"Sequence": {"id": "B", "type_id": 1}},
                    {"SpecialToken": {"id": "[SEP]", "type_id": 1}},
                ],
                "special_tokens": {
                    t: {"id": t, "ids": [self.ids[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")
                },
            },
            "decoder": {"type": "WordPiece", "prefix": PREFIX, "cleanup": False},
            "model": {
                "type": "WordPiece",
                "unk_token": "[UNK]",
                "continuing_subword_prefix": PREFIX,
                "max_input_chars_per_word": MAX_CHARS_PER_WORD,
                "vocab": {t: i for i, t in enumerate(self.vocab)},
            },
        }

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.tokenizer_json(), f, ensure_ascii=False, indent=None)
