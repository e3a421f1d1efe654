import type { EvalRecord } from '../../../../tools/eval/types.js';

/** Renders a record as `[[LABEL|text]]` markup (ignore ranges as `{{text}}`), so expectations read like labels.md. */
export function markup(r: EvalRecord): string {
  const marks = [
    ...r.entities.map((e) => ({ start: e.start, end: e.end, open: `[[${e.label}|`, close: ']]' })),
    ...(r.ignore ?? []).map((e) => ({ start: e.start, end: e.end, open: '{{', close: '}}' })),
  ].sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const m of marks) {
    out += r.text.slice(pos, m.start) + m.open + r.text.slice(m.start, m.end) + m.close;
    pos = m.end;
  }
  return out + r.text.slice(pos);
}
