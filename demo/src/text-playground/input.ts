// The text to anonymize: the textarea with its samples, the run button, the status line and the model's progress.
import germanSample from '../../../samples/letter-de.txt?raw';
import englishSample from '../../../samples/letter-en.txt?raw';
import { h } from '../dom.ts';

export interface TextInput {
  form: HTMLElement;
  textarea: HTMLTextAreaElement;
  status: HTMLElement;
  progress: HTMLProgressElement;
}

/** The input card, starting with the German sample; `run(delay)` asks for a run (0: at once). */
export function textInput(run: (delay?: number) => void): TextInput {
  const textarea = h('textarea', {
    id: 'tp-text',
    rows: 9,
    spellcheck: false,
    placeholder: 'Paste or type a letter, an e-mail, a note …',
    value: germanSample,
  });
  const status = h('p', { class: 'status', id: 'tp-status', role: 'status', 'aria-live': 'polite' });
  const progress = h('progress', { class: 'model-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Text model download' });
  const runButton = h('button', { type: 'submit', class: 'primary', id: 'tp-run' }, 'Anonymize');
  const sample = (name: string, text: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'small',
        onClick: () => {
          textarea.value = text;
          run(0);
        },
      },
      name,
    );
  const form = h(
    'form',
    {
      class: 'card tp-input',
      onSubmit: (e: Event) => {
        e.preventDefault();
        run(0);
      },
    },
    h(
      'div',
      { class: 'row between wrap' },
      h('label', { for: 'tp-text', class: 'h3' }, 'Your text'),
      h(
        'div',
        { class: 'row gap-s wrap', role: 'group', 'aria-label': 'Samples' },
        sample('German letter', germanSample),
        sample('English letter', englishSample),
        sample('Clear', ''),
      ),
    ),
    textarea,
    h('div', { class: 'row gap wrap' }, runButton, h('span', { class: 'muted small' }, 'or Ctrl+Enter · updates as you type'), progress),
    status,
  );
  textarea.addEventListener('input', () => run());
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run(0);
    }
  });
  return { form, textarea, status, progress };
}
