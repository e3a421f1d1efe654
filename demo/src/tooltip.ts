// One tooltip for every highlighted entity (`[data-tip]`): shown on hover and on keyboard focus, kept inside the
// viewport, linked with aria-describedby; the same entity in the other pane lights up too.
import { h } from './dom.ts';

let tip: HTMLElement | null = null;

function tooltip(): HTMLElement {
  if (!tip) {
    tip = h('div', { id: 'tooltip', role: 'tooltip', class: 'tooltip', hidden: true });
    document.body.append(tip);
  }
  return tip;
}

function show(target: HTMLElement): void {
  const el = tooltip();
  el.textContent = target.dataset.tip ?? '';
  el.hidden = false;
  target.setAttribute('aria-describedby', 'tooltip');
  const r = target.getBoundingClientRect();
  const t = el.getBoundingClientRect();
  const left = Math.min(Math.max(8, r.left), window.innerWidth - t.width - 8);
  const below = r.bottom + 6 + t.height < window.innerHeight;
  el.style.left = `${Math.round(left + window.scrollX)}px`;
  el.style.top = `${Math.round((below ? r.bottom + 6 : r.top - t.height - 6) + window.scrollY)}px`;
}

function hide(target: HTMLElement): void {
  target.removeAttribute('aria-describedby');
  if (tip) tip.hidden = true;
}

function link(root: HTMLElement, target: HTMLElement, on: boolean): void {
  const k = target.dataset.k;
  if (k === undefined) return;
  for (const el of root.querySelectorAll<HTMLElement>(`[data-k="${k}"]`)) el.classList.toggle('linked', on);
}

/** Wires the tooltip to every `[data-tip]` inside `root` (now and later). */
export function attachTooltips(root: HTMLElement): void {
  const find = (e: Event) => (e.target as Element | null)?.closest?.<HTMLElement>('[data-tip]') ?? null;
  const enter = (e: Event) => {
    const t = find(e);
    if (!t) return;
    show(t);
    link(root, t, true);
  };
  const leave = (e: Event) => {
    const t = find(e);
    if (!t) return;
    hide(t);
    link(root, t, false);
  };
  root.addEventListener('mouseover', enter);
  root.addEventListener('mouseout', leave);
  root.addEventListener('focusin', enter);
  root.addEventListener('focusout', leave);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && tip && !tip.hidden) tip.hidden = true;
  });
}
