"""Pre-tokenization shared by training, evaluation and export.

Same split as src/text/tokens.ts: NFC, then `[\\p{L}\\p{N}\\p{M}_]+|[^\\p{L}\\p{N}\\p{M}_\\s]` (word runs, or one other
visible character), with JavaScript's `\\s`. Python's `re` has no `\\p{..}`, so the classes are built once from
`unicodedata` as explicit ranges.

Offsets: the JSONL files use UTF-16 offsets (JavaScript strings). `Utf16Map` converts between those and Python
code-point indices for texts with astral characters.
"""
import re
import sys
import unicodedata

# JavaScript \s: WhiteSpace + LineTerminator.
JS_WS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"

# The pattern as written in tokenizer.json. JavaScript's `\s` is spelled out (ASCII ones as escapes, the others as
# literal characters), because Oniguruma's `\s` differs from it at U+0085 and U+FEFF.
_WS_CLASS = "\\t\\n\\v\\f\\r " + "".join(c for c in JS_WS if ord(c) > 0x20)
SPLIT_PATTERN = "[\\p{L}\\p{N}\\p{M}_]+|[^\\p{L}\\p{N}\\p{M}_" + _WS_CLASS + "]"


def _ranges(pred):
    out = []
    start = None
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF:
            ok = False
        else:
            ok = pred(chr(cp))
        if ok and start is None:
            start = cp
        elif not ok and start is not None:
            out.append((start, cp - 1))
            start = None
    if start is not None:
        out.append((start, sys.maxunicode))
    return out


def _cls(ranges):
    def esc(cp):
        return "\\U%08x" % cp
    return "".join(esc(a) if a == b else f"{esc(a)}-{esc(b)}" for a, b in ranges)


_word_ranges = _ranges(lambda c: unicodedata.category(c)[0] in "LNM" or c == "_")
_WORD = _cls(_word_ranges)
_WS = "".join("\\U%08x" % ord(c) for c in JS_WS)
TOKEN_RE = re.compile(f"[{_WORD}]+|[^{_WORD}{_WS}]")


def pretokenize(text):
    """Returns [(start, end)] code-point offsets of the pre-tokens of `text` (not normalized)."""
    return [(m.start(), m.end()) for m in TOKEN_RE.finditer(text)]


class Utf16Map:
    """Maps code-point indices <-> UTF-16 offsets for one text."""

    def __init__(self, text):
        self.astral = any(ord(c) > 0xFFFF for c in text)
        if self.astral:
            self.cp_to_u16 = [0] * (len(text) + 1)
            u = 0
            for i, c in enumerate(text):
                self.cp_to_u16[i] = u
                u += 2 if ord(c) > 0xFFFF else 1
            self.cp_to_u16[len(text)] = u
            self.u16_to_cp = {u16: i for i, u16 in enumerate(self.cp_to_u16)}

    def to_u16(self, i):
        return self.cp_to_u16[i] if self.astral else i

    def to_cp(self, u):
        if not self.astral:
            return u
        if u in self.u16_to_cp:
            return self.u16_to_cp[u]
        # An offset inside a surrogate pair: round down.
        while u not in self.u16_to_cp:
            u -= 1
        return self.u16_to_cp[u]


def nfc(s):
    return unicodedata.normalize("NFC", s)
