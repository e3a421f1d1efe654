// 2. The chat round trip (issue 36): a prompt pseudonymized for a remote language model (`createSession`,
// src/sessions/session.ts), exactly what would leave the device shown with each placeholder linked to its original,
// the model's answer (pasted, or simulated and streamed) restored on the device through `restoreStream()`, its report,
// and the vault, kept encrypted in IndexedDB (round-trip/vault-keeper.ts). The page itself sends nothing anywhere.
import type { Anonymizer } from '../../src/browser.ts';
import { readLanguage } from '../../src/detection/text-language.ts';
import type { RestoreReport } from '../../src/roundtrip/restorer.ts';
import type { PlaceholderStyle, Vault } from '../../src/roundtrip/vault.ts';
import type { RoundTripSession } from '../../src/sessions/session.ts';
import { createSession } from '../../src/sessions/session.ts';
import { announce, copyText, download, fill, h, problemOf, problemView } from './dom.ts';
import { restoredView, turnViews } from './round-trip/highlights.ts';
import { PROMPT_SAMPLES } from './round-trip/samples.ts';
import { randomChunks, simulatedAnswer, streamOf } from './round-trip/simulate.ts';
import { openVaultKeeper } from './round-trip/vault-keeper.ts';
import { vaultPanel } from './round-trip/vault-panel.ts';
import { state } from './state.ts';
import { attachTooltips } from './tooltip.ts';

const STYLES: ReadonlyArray<{ value: PlaceholderStyle; text: string; example: string }> = [
  { value: 'labels', text: 'Placeholders', example: 'PER-1' },
  { value: 'surrogates', text: 'Surrogates', example: 'Julia Becker' },
];

/** The report of a restore: what came back, what was left as written and why. */
function reportView(report: RestoreReport, vault: Vault): HTMLElement {
  const originalOf = (placeholder: string) => vault.entities.find((e) => e.placeholder === placeholder)?.original ?? '?';
  const times = (n: number) => (n > 1 ? ` ×${n}` : '');
  const list = (id: string, title: string, empty: string, items: HTMLElement[]) =>
    h(
      'div',
      { class: 'rt-report-part' },
      h('h5', { id: `${id}-h` }, `${title} (${items.length})`),
      items.length === 0
        ? h('p', { class: 'muted small', id }, empty)
        : h('ul', { class: 'plain', id, 'aria-labelledby': `${id}-h` }, items),
    );
  return h(
    'div',
    { class: 'rt-report' },
    list(
      'rt-report-restored',
      'Restored',
      'No placeholder of the vault in the answer.',
      report.restored.map((r) =>
        h(
          'li',
          null,
          h('code', null, r.placeholder),
          ' → ',
          h('strong', null, originalOf(r.placeholder)),
          times(r.count),
          h('span', { class: 'muted' }, ` · written ${r.variants.map((v) => `“${v}”`).join(', ')}`),
        ),
      ),
    ),
    list(
      'rt-report-unknown',
      'Unknown',
      'None.',
      report.unknown.map((u) =>
        h('li', null, h('code', null, u.text), times(u.count), h('span', { class: 'muted' }, ' · not in the vault: left as written')),
      ),
    ),
    list(
      'rt-report-unplaced',
      'Unplaced',
      'None.',
      report.unplaced.map((u) =>
        h(
          'li',
          null,
          h('code', null, u.text),
          times(u.count),
          h(
            'span',
            { class: 'muted' },
            u.reason === 'ambiguous' ? ' · stands for two entities: left as written' : ' · cut off: left as written',
          ),
        ),
      ),
    ),
  );
}

export async function mountRoundTrip(root: HTMLElement, anonymizer: Pick<Anonymizer, 'text'>): Promise<void> {
  const keeper = await openVaultKeeper();
  const problemBox = h('div', { id: 'rt-problem' });
  const showProblem = (err: unknown, context: string) => fill(problemBox, problemView(problemOf(err), context));
  const stored = await keeper.load().catch((err: unknown) => {
    showProblem(err, 'The stored vault could not be opened; a new one was started');
    return null;
  });
  let session: RoundTripSession = createSession(anonymizer, stored ? { vault: stored } : { style: 'labels' });
  let last: { prompt: string; result: Awaited<ReturnType<RoundTripSession['pseudonymize']>> } | null = null;
  let streaming: AbortController | null = null;

  // --- the prompt ---
  const prompt = h('textarea', {
    id: 'rt-prompt',
    rows: 6,
    spellcheck: false,
    placeholder: 'A request to a language model that names people, addresses, numbers …',
    value: PROMPT_SAMPLES[0]!.text,
  });
  const status = h('p', { class: 'status', id: 'rt-status', role: 'status', 'aria-live': 'polite' });
  const styleRadios = STYLES.map((s) =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'radio',
        name: 'rt-style',
        value: s.value,
        checked: s.value === session.style,
        onChange: () => void changeStyle(s.value),
      }),
      ' ',
      s.text,
      ' ',
      h('code', null, s.example),
    ),
  );
  const promptForm = h(
    'form',
    {
      class: 'card',
      'aria-label': 'Prompt',
      onSubmit: (e: Event) => {
        e.preventDefault();
        void send();
      },
    },
    h(
      'div',
      { class: 'row between wrap' },
      h('label', { for: 'rt-prompt', class: 'h3' }, 'Your prompt'),
      h(
        'div',
        { class: 'row gap-s wrap', role: 'group', 'aria-label': 'Sample prompts' },
        PROMPT_SAMPLES.map((s) =>
          h(
            'button',
            {
              type: 'button',
              class: 'small',
              onClick: () => {
                prompt.value = s.text;
                void send();
              },
            },
            s.name,
          ),
        ),
      ),
    ),
    prompt,
    h(
      'fieldset',
      { class: 'rt-style' },
      h('legend', null, 'Stand-ins'),
      styleRadios,
      h('span', { class: 'muted small' }, 'Another style starts a new vault.'),
    ),
    h(
      'div',
      { class: 'row gap wrap' },
      h('button', { type: 'submit', class: 'primary', id: 'rt-send' }, 'Pseudonymize'),
      h('span', { class: 'muted small' }, 'or Ctrl+Enter · each prompt is one turn of the conversation'),
    ),
    status,
  );
  prompt.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  });

  // --- what leaves the device ---
  const originalView = h('div', { class: 'textview', id: 'rt-original', 'aria-label': 'Your prompt with what was found' });
  const outgoingView = h('div', { class: 'textview', id: 'rt-outgoing', 'aria-label': 'What would be sent to the model' });
  const copyOutgoing = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: true,
      onClick: () =>
        last &&
        void copyText(last.result.pseudonymizedText).then(() => announce('The pseudonymized prompt was copied: paste it into your chat')),
    },
    'Copy',
  );
  const outgoingCard = h(
    'section',
    { class: 'card', 'aria-labelledby': 'rt-out-h' },
    h('div', { class: 'row between wrap card-head' }, h('h3', { id: 'rt-out-h' }, 'What leaves the device'), copyOutgoing),
    h(
      'p',
      { class: 'muted small' },
      'Only the right-hand text would go to the model: copy it into your chat. This page sends nothing itself. ',
      'Hover or focus a placeholder to see what it stands for.',
    ),
    h(
      'div',
      { class: 'panes' },
      h('div', { class: 'pane' }, h('h4', null, 'Your prompt (stays here)'), originalView),
      h('div', { class: 'pane' }, h('h4', null, 'Sent to the model'), outgoingView),
    ),
  );

  // --- the answer ---
  const answer = h('textarea', {
    id: 'rt-answer',
    rows: 6,
    spellcheck: false,
    placeholder: 'Paste the model’s answer here, or simulate one',
  });
  const answerStatus = h('p', { class: 'status', id: 'rt-answer-status', role: 'status', 'aria-live': 'polite' });
  const restored = h('div', {
    class: 'textview',
    id: 'rt-restored',
    role: 'log',
    'aria-live': 'polite',
    'aria-busy': 'false',
    'aria-labelledby': 'rt-restored-h',
  });
  const reportBox = h('div', { id: 'rt-report' });
  let restoredText = '';
  const simulate: HTMLButtonElement = h(
    'button',
    { type: 'button', class: 'primary', id: 'rt-simulate', onClick: () => void simulateAnswer() },
    'Simulate a streamed answer',
  );
  const stop: HTMLButtonElement = h('button', { type: 'button', id: 'rt-stop', hidden: true, onClick: () => streaming?.abort() }, 'Stop');
  const copyRestored = h(
    'button',
    { type: 'button', class: 'small', onClick: () => void copyText(restoredText).then(() => announce('The restored answer was copied')) },
    'Copy',
  );
  const answerCard = h(
    'section',
    { class: 'card', 'aria-labelledby': 'rt-answer-h' },
    h('h3', { id: 'rt-answer-h' }, 'The model’s answer'),
    h('label', { for: 'rt-answer' }, 'As the model wrote it (paste it here)'),
    answer,
    h('div', { class: 'row gap wrap' }, simulate, stop),
    answerStatus,
    h('div', { class: 'row between wrap' }, h('h4', { id: 'rt-restored-h' }, 'Restored on this device'), copyRestored),
    restored,
    reportBox,
  );

  // --- the vault ---
  const panel = vaultPanel(keeper.where, {
    clear: async () => {
      streaming?.abort();
      session.clear();
      await keeper.remove();
      panel.render(session.vault());
      restoreNow();
      fill(panel.outcome, 'Vault cleared: the answers of this conversation can no longer be restored.');
      announce('Vault cleared');
    },
    exportFile: async (passphrase) => {
      fill(panel.outcome, 'Sealing the vault …');
      try {
        const file = await keeper.exportFile(session.vault(), passphrase);
        download(file, `chat-vault-${new Date().toISOString().slice(0, 10)}.json`, 'application/json');
        fill(panel.outcome, 'Exported, sealed under the passphrase.');
      } catch (err) {
        fill(panel.outcome, problemView(problemOf(err), 'The vault could not be exported'));
      }
    },
    importFile: async (file, passphrase) => {
      fill(panel.outcome, 'Opening the file …');
      try {
        const vault = await keeper.importFile(file, passphrase);
        streaming?.abort();
        session = createSession(anonymizer, { vault });
        for (const r of styleRadios) r.querySelector('input')!.checked = r.querySelector('input')!.value === vault.style;
        panel.render(session.vault());
        restoreNow();
        fill(panel.outcome, `Imported: ${vault.entities.length} entries; the conversation goes on with them.`);
      } catch (err) {
        fill(panel.outcome, problemView(problemOf(err), 'The vault could not be imported'));
      }
    },
  });

  /** Keeps the vault after a change (a turn); a failure to store is shown, the session goes on in memory. */
  async function keep(): Promise<void> {
    try {
      await keeper.save(session.vault());
    } catch (err) {
      fill(panel.outcome, problemView(problemOf(err), 'The vault could not be stored'));
    }
  }

  /** One turn: the prompt pseudonymized with the session's mapping. */
  async function send(): Promise<void> {
    const text = prompt.value;
    if (text.trim() === '') {
      status.textContent = 'Type a prompt or pick a sample.';
      return;
    }
    status.textContent = state.ner.status === 'ready' ? 'Pseudonymizing …' : 'Starting the text model …';
    root.classList.add('busy');
    const t0 = performance.now();
    const current = session;
    try {
      const result = await current.pseudonymize(text);
      if (current !== session) return;
      last = { prompt: text, result };
      const views = turnViews(text, result);
      fill(originalView, views.original);
      fill(outgoingView, views.outgoing);
      copyOutgoing.disabled = false;
      panel.render(session.vault());
      await keep();
      const n = result.detection.detections.length;
      status.textContent = `${n} ${n === 1 ? 'mention' : 'mentions'} replaced in ${Math.round(performance.now() - t0)} ms on this device.`;
      fill(problemBox);
      if (answer.value !== '' && !streaming) restoreNow();
    } catch (err) {
      status.textContent = '';
      showProblem(err, 'The prompt could not be pseudonymized');
    } finally {
      root.classList.remove('busy');
    }
  }

  async function changeStyle(style: PlaceholderStyle): Promise<void> {
    streaming?.abort();
    session = createSession(anonymizer, { style });
    await keeper.remove().catch(() => undefined);
    panel.render(session.vault());
    if (last) await send();
    else restoreNow();
  }

  function showRestored(text: string, report: RestoreReport | null, vault: Vault): void {
    restoredText = text;
    fill(restored, restoredView(text, vault));
    fill(reportBox, report ? reportView(report, vault) : null);
  }

  /** The answer in the box restored whole (pasted or typed). */
  function restoreNow(): void {
    if (streaming) return;
    const text = answer.value;
    if (text === '') {
      showRestored('', null, session.vault());
      answerStatus.textContent = '';
      return;
    }
    const result = session.restore(text);
    showRestored(result.text, result.report, session.vault());
    const n = result.report.restored.reduce((sum, r) => sum + r.count, 0);
    answerStatus.textContent = `${n} ${n === 1 ? 'placeholder' : 'placeholders'} restored.`;
  }
  let timer = 0;
  answer.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(restoreNow, 150);
  });

  /** A made-up answer to the last prompt, streamed in random chunks through `restoreStream()`. */
  async function simulateAnswer(): Promise<void> {
    if (!last) {
      answerStatus.textContent = 'Pseudonymize a prompt first: the simulated answer is made from it.';
      return;
    }
    const vault = session.vault();
    const language = readLanguage(last.prompt) === 'de' ? 'de' : 'en';
    const chunks = randomChunks(simulatedAnswer(last.result, vault, language));
    const controller = new AbortController();
    streaming = controller;
    answer.value = '';
    answer.readOnly = true;
    simulate.disabled = true;
    stop.hidden = false;
    restored.setAttribute('aria-busy', 'true');
    answerStatus.textContent = `Streaming a simulated answer in ${chunks.length} chunks …`;
    showRestored('', null, vault);
    const restorer = session.restoreStream();
    let text = '';
    try {
      const raw = streamOf(chunks, {
        delayMs: () => 20 + Math.random() * 50,
        onChunk: (chunk) => (answer.value += chunk),
        signal: controller.signal,
      });
      const reader = raw.pipeThrough(restorer, { signal: controller.signal }).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += value;
        showRestored(text, null, vault);
      }
      const report = await restorer.report;
      showRestored(text, report, vault);
      const n = report.restored.reduce((sum, r) => sum + r.count, 0);
      answerStatus.textContent = `Answer streamed in ${chunks.length} chunks; ${n} ${n === 1 ? 'placeholder' : 'placeholders'} restored.`;
    } catch (err) {
      if (controller.signal.aborted) answerStatus.textContent = 'Stopped.';
      else showProblem(err, 'The answer could not be restored');
    } finally {
      if (streaming === controller) streaming = null;
      answer.readOnly = false;
      simulate.disabled = false;
      stop.hidden = true;
      restored.setAttribute('aria-busy', 'false');
    }
  }

  fill(
    root,
    h(
      'div',
      { class: 'rt' },
      h(
        'div',
        { class: 'rt-main' },
        h(
          'p',
          { class: 'muted' },
          'Use a remote language model without giving it personal data: the prompt is pseudonymized here, you send ' +
            'only that, and the model’s answer is restored here with the vault, which never leaves this page unsealed.',
        ),
        promptForm,
        problemBox,
        outgoingCard,
        answerCard,
      ),
      panel.element,
    ),
  );
  attachTooltips(outgoingCard);
  attachTooltips(answerCard);
  panel.render(session.vault());
  if (stored && stored.entities.length > 0) fill(panel.outcome, `The vault of an earlier visit: ${stored.entities.length} entries.`);
}
