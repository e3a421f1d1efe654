// The vault panel: every entity of the conversation (label, placeholder, original and the other forms met), where the
// vault is kept, Clear, and Export / Import as a passphrase-sealed file.
import type { Vault } from '../../../src/roundtrip/vault.ts';
import { fill, h } from '../dom.ts';
import { chip } from '../labels.ts';

export interface VaultPanel {
  element: HTMLElement;
  render(vault: Vault): void;
  /** A line under the buttons (what an action did, or its problem). */
  outcome: HTMLElement;
}

export interface VaultActions {
  clear(): Promise<void>;
  exportFile(passphrase: string): Promise<void>;
  importFile(file: File, passphrase: string): Promise<void>;
}

export function vaultPanel(where: string, actions: VaultActions): VaultPanel {
  const table = h('div', { class: 'table-wrap', id: 'rt-vault' });
  const summary = h('p', { class: 'muted small', id: 'rt-vault-summary' });
  const outcome = h('div', { class: 'rt-vault-outcome', id: 'rt-vault-outcome', role: 'status', 'aria-live': 'polite' });
  const passphrase = h('input', {
    type: 'password',
    id: 'rt-passphrase',
    autocomplete: 'new-password',
    'aria-describedby': 'rt-passphrase-hint',
  });
  // Reached through the Import button (the keyboard's way to it); hidden from the tab order itself.
  const file = h('input', {
    type: 'file',
    id: 'rt-import-file',
    accept: '.json,application/json',
    class: 'visually-hidden',
    tabindex: -1,
    'aria-label': 'Vault file to import',
  });
  const busy = async (button: HTMLButtonElement, work: () => Promise<void>) => {
    button.disabled = true;
    try {
      await work();
    } finally {
      button.disabled = false;
    }
  };
  const clear: HTMLButtonElement = h(
    'button',
    { type: 'button', id: 'rt-vault-clear', class: 'danger small', onClick: () => void busy(clear, actions.clear) },
    'Clear',
  );
  const exportButton: HTMLButtonElement = h('button', { type: 'submit', id: 'rt-vault-export', class: 'small' }, 'Export');
  const importButton: HTMLButtonElement = h(
    'button',
    { type: 'button', id: 'rt-vault-import', class: 'small', onClick: () => file.click() },
    'Import …',
  );
  file.addEventListener('change', () => {
    const picked = file.files?.[0];
    file.value = '';
    if (picked) void busy(importButton, () => actions.importFile(picked, passphrase.value));
  });
  const exportForm = h(
    'form',
    {
      class: 'rt-export',
      'aria-label': 'Export or import the vault',
      onSubmit: (e: Event) => {
        e.preventDefault();
        void busy(exportButton, () => actions.exportFile(passphrase.value));
      },
    },
    h('label', { for: 'rt-passphrase' }, 'Passphrase for the file'),
    passphrase,
    h(
      'p',
      { class: 'muted small', id: 'rt-passphrase-hint' },
      'The file is sealed with it (PBKDF2, AES-256-GCM); without it the file cannot be read.',
    ),
    h('div', { class: 'row gap-s wrap' }, exportButton, importButton, file),
  );
  const element = h(
    'section',
    { class: 'card rt-vault', 'aria-labelledby': 'rt-vault-h' },
    h('div', { class: 'row between wrap card-head' }, h('h3', { id: 'rt-vault-h' }, 'Vault'), clear),
    h('p', { class: 'muted small', id: 'rt-vault-where' }, where, '. It holds every original of the conversation.'),
    summary,
    table,
    exportForm,
    outcome,
  );
  return {
    element,
    outcome,
    render(vault) {
      const n = vault.entities.length;
      summary.textContent = `${n} ${n === 1 ? 'entry' : 'entries'} · style ${vault.style} · updated ${new Date(vault.updatedAt).toLocaleTimeString()}`;
      clear.disabled = n === 0;
      exportButton.disabled = n === 0;
      fill(
        table,
        n === 0
          ? h('p', { class: 'muted' }, 'Empty: nothing has been pseudonymized in this conversation yet.')
          : h(
              'table',
              { class: 'data compact' },
              h('caption', { class: 'visually-hidden' }, 'The vault: each placeholder and the original it stands for'),
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  ['Label', 'Placeholder', 'Original'].map((c) => h('th', { scope: 'col' }, c)),
                ),
              ),
              h(
                'tbody',
                null,
                vault.entities.map((e) =>
                  h(
                    'tr',
                    null,
                    h('td', null, chip(e.label)),
                    h('td', { class: 'wrap-anywhere' }, h('code', null, e.placeholder)),
                    h(
                      'td',
                      null,
                      e.original,
                      e.forms.some((f) => f.original !== e.original)
                        ? h(
                            'span',
                            { class: 'rt-forms muted small' },
                            e.forms
                              .filter((f) => f.original !== e.original)
                              .map((f) => `${f.original} → ${f.replacement}`)
                              .join('; '),
                          )
                        : null,
                    ),
                  ),
                ),
              ),
            ),
      );
    },
  };
}
