/**
 * How the rule regexes are compiled. Written for readability (`u` mode, lexicons as alternations, `{0,3}` repeats),
 * they compiled to 23 MB of V8 machine code (8.6 MB for one-byte text, 14.7 MB more for two-byte). Past 1 MB of regex
 * code and 16 MB of executable memory in a process, V8 compiles every later regex without optimization
 * (`TooMuchRegExpCode` in V8's regexp.cc): the rules then ran 4–5× slower for the rest of the process (English letter
 * 0.5 → 2.6 ms after a German one). Two source rewrites that keep what the rules match bring the code to 9 MB:
 *
 * - Quantified groups are not unrolled: V8 copies the body of `(?:…){0,3}`, `(?:…)?` or `(?:…)+` once per repeat
 *   (and the copies multiply when nested) unless the body can match the empty string. An alternative that always
 *   fails, `|(?!)`, makes it "possibly empty" to the compiler; what the group matches, its captures and their
 *   numbers stay the same.
 * - Property classes lose the astral planes: in `u` mode `\p{L}` on two-byte text compiles to a class plus an
 *   alternation over surrogate pairs, large and slow at every position. `v` mode subtracts U+10000–U+10FFFF from
 *   each positive class that holds a property (`[[\p{L}\p{N}]--[\u{10000}-\u{10FFFF}]]`). The one change in what
 *   matches: a letter, digit or mark outside the BMP no longer counts as one (historic scripts, rare CJK, math
 *   alphanumerics), which no German or English rule depends on.
 *
 * docs/measurements.md has the numbers.
 */

/** Bodies shorter than this stay as they are: unrolling them costs little code, and fixed-length loops stay fast. */
const MIN_UNROLLED_BODY = 64;
const ASTRAL = String.raw`[\u{10000}-\u{10FFFF}]`;
/** Characters that `v` mode wants escaped inside a class when they are literal. */
const V_CLASS_SYNTAX = new Set('()[]{}/|-&!#%,:;<=>@`~^$.*+?'.split(''));
const ESCAPE = /\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]+>|.)/suy;

/** The escape sequence at `i` (a `\`). */
function escapeAt(source: string, i: number): string {
  ESCAPE.lastIndex = i;
  const m = ESCAPE.exec(source);
  if (!m) throw new SyntaxError(`dangling escape in rule regex at ${i}`);
  return m[0];
}

/** `|(?!)` appended inside every quantified, non-lookaround group whose body is at least {@link MIN_UNROLLED_BODY} long. */
export function withoutUnrolling(source: string): string {
  const opens: Array<{ at: number; lookaround: boolean }> = [];
  const inserts: number[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i += escapeAt(source, i).length - 1;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      opens.push({ at: i, lookaround: /^\?(?:[=!]|<[=!])/.test(source.slice(i + 1, i + 4)) });
    } else if (c === ')') {
      const open = opens.pop();
      if (!open || open.lookaround || i - open.at - 1 < MIN_UNROLLED_BODY) continue;
      if (/^(?:[?*+]|\{\d+(?:,\d*)?\})/.test(source.slice(i + 1, i + 16))) inserts.push(i);
    }
  }
  let out = '';
  let from = 0;
  for (const at of inserts) {
    out += `${source.slice(from, at)}|(?!)`;
    from = at;
  }
  return out + source.slice(from);
}

/** One atom of a `u`-mode class at `i`, written for `v` mode; `single` when it can end a range. */
function classAtom(source: string, i: number): { text: string; single: boolean; end: number } {
  const c = source[i]!;
  if (c !== '\\') return { text: V_CLASS_SYNTAX.has(c) ? `\\${c}` : c, single: true, end: i + 1 };
  const esc = escapeAt(source, i);
  const end = i + esc.length;
  if (/^\\[pPdDwWsS]/.test(esc)) return { text: esc, single: false, end };
  if (esc.length > 2 || 'ntrfv0b'.includes(esc[1]!)) return { text: esc, single: true, end };
  // An identity escape: `v` mode allows it for syntax characters only.
  const ch = esc[1]!;
  return { text: V_CLASS_SYNTAX.has(ch) || ch === '\\' ? esc : ch, single: true, end };
}

/** A `u`-mode source rewritten for `v` mode, with the astral planes taken out of positive classes that hold a property. */
export function bmpUnicodeSets(source: string): string {
  let out = '';
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === '\\') {
      const esc = escapeAt(source, i);
      out += esc.startsWith('\\p{') ? `[${esc}--${ASTRAL}]` : esc;
      i += esc.length;
      continue;
    }
    if (c !== '[') {
      out += c;
      i++;
      continue;
    }
    let j = i + 1;
    const negated = source[j] === '^';
    if (negated) j++;
    let body = '';
    let property = false;
    while (source[j] !== ']') {
      if (j >= source.length) throw new SyntaxError('unterminated class in rule regex');
      const a = classAtom(source, j);
      property ||= /^\\[pP]/.test(a.text);
      j = a.end;
      if (a.single && source[j] === '-' && source[j + 1] !== ']') {
        const b = classAtom(source, j + 1);
        body += `${a.text}-${b.text}`;
        j = b.end;
      } else {
        body += a.text;
      }
    }
    i = j + 1;
    out += negated ? `[^${body}]` : property ? `[[${body}]--${ASTRAL}]` : `[${body}]`;
  }
  return out;
}

/** Whether this engine has `v` mode (Chrome 112, Firefox 116, Safari 17, Node 20); without it the classes stay. */
const UNICODE_SETS = (() => {
  try {
    return new RegExp('[\\p{L}--[a]]', 'v').test('b');
  } catch {
    return false;
  }
})();

/** The regex a rule runs with: global, rewritten as above (`u` → `v` where the engine has it). */
export function compileRuleRegex(regex: RegExp, unicodeSets = UNICODE_SETS): RegExp {
  const flags = regex.flags.includes('g') ? regex.flags : `${regex.flags}g`;
  const source = withoutUnrolling(regex.source);
  if (!unicodeSets || !flags.includes('u')) return new RegExp(source, flags);
  return new RegExp(bmpUnicodeSets(source), flags.replace('u', 'v'));
}
