import type { TextLabelName } from '../spec/types.js';

/**
 * The vault of an LLM round trip: which original each placeholder stands for. It is personal data (it holds every
 * original a conversation named), so it lives only in memory, in an encrypted IndexedDB record (browser) or in a file
 * of mode 0600, encrypted under a passphrase when one is given (Node); it never reaches a log, an error or stderr.
 */

/** `labels`: the spec's `PER-1`; `surrogates`: consistent, realistic fake values (`Julia Becker`). */
export type PlaceholderStyle = 'labels' | 'surrogates';
export const PLACEHOLDER_STYLES: readonly PlaceholderStyle[] = ['labels', 'surrogates'];

/**
 * How far one mapping reaches: one conversation (default); all sessions of a project (opt-in per project); or none
 * (every turn is unlinkable: a fresh mapping per turn, kept in memory only until that turn's answer is restored).
 */
export type VaultScope = 'conversation' | 'project' | 'none';
export const VAULT_SCOPES: readonly VaultScope[] = ['conversation', 'project', 'none'];

/** One original form of an entity as it was met, and what stood for it in the text that left the device. */
export interface VaultForm {
  original: string;
  replacement: string;
}

/** One person, firm, place, number … of the conversation. */
export interface VaultEntity {
  label: TextLabelName;
  /** The entity's number under its label: `PER-1` is number 1 of PER, in both styles. */
  number: number;
  /** `LABEL-n` (labels) or the surrogate of the fullest form (surrogates): what a bare placeholder restores from. */
  placeholder: string;
  /** The fullest original form: what the placeholder restores to. */
  original: string;
  /** Every form met (`Anna Schmidt`, `Schmidt`), fullest first, each with its replacement. */
  forms: VaultForm[];
}

/** A vault: the mapping of one scope. */
export interface Vault {
  version: 1;
  style: PlaceholderStyle;
  scope: VaultScope;
  /** Surrogates only: every date moves by these days (intervals between dates are kept). */
  dateShiftDays: number;
  /** ISO 8601 instants. */
  createdAt: string;
  updatedAt: string;
  /** After this instant the vault is deleted unread; null: kept until cleared. */
  expiresAt: string | null;
  entities: VaultEntity[];
}

/** A fresh, empty vault. */
export function emptyVault(
  style: PlaceholderStyle,
  options: { scope?: VaultScope; dateShiftDays?: number; now?: Date; ttlMs?: number | null } = {},
): Vault {
  const now = options.now ?? new Date();
  const ttl = options.ttlMs ?? null;
  return {
    version: 1,
    style,
    scope: options.scope ?? 'conversation',
    dateShiftDays: options.dateShiftDays ?? 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    expiresAt: ttl === null ? null : new Date(now.getTime() + ttl).toISOString(),
    entities: [],
  };
}

/** Whether the vault's time is up. */
export function isExpired(vault: Vault, now: Date = new Date()): boolean {
  return vault.expiresAt !== null && Date.parse(vault.expiresAt) <= now.getTime();
}
