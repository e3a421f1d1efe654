// Where files come in: a drop anywhere on the section, or the file picker.
import { h } from '../dom.ts';
import type { InboxContext } from './context.ts';
import { uploadAll } from './uploads.ts';

const ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.bmp,application/pdf,image/jpeg,image/png,image/bmp';

/** The drop zone with its file input; `root` takes the drag events, so a drop anywhere on it counts. */
export function dropzone(ctx: InboxContext, root: HTMLElement): HTMLElement {
  const fileInput = h('input', {
    type: 'file',
    id: 'file-input',
    multiple: true,
    accept: ACCEPT,
    class: 'visually-hidden',
    tabindex: -1,
    'aria-label': 'Choose files to anonymize',
    onChange: () => {
      if (fileInput.files?.length) void uploadAll(ctx, [...fileInput.files]);
      fileInput.value = '';
    },
  });
  const zone = h(
    'div',
    { class: 'dropzone', id: 'dropzone' },
    h('p', { class: 'drop-title' }, h('strong', null, 'Drop files here'), ' or'),
    h('button', { type: 'button', class: 'primary', id: 'choose-files', onClick: () => fileInput.click() }, 'Choose files …'),
    h('p', { class: 'muted small' }, 'PDF, DOCX, DOC, JPG, PNG, BMP: the type is read from the file itself.'),
    fileInput,
  );
  for (const type of ['dragenter', 'dragover']) {
    root.addEventListener(type, (e) => {
      e.preventDefault();
      zone.classList.add('dragging');
    });
  }
  root.addEventListener('dragleave', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) zone.classList.remove('dragging');
  });
  root.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void uploadAll(ctx, files);
  });
  return zone;
}
