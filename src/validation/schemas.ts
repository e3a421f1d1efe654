import * as v from 'valibot';
import { validationFailed } from '../errors/problem.js';
import type { ExternalUploadConfig, FieldError, TextRequest } from '../spec/types.js';
import {
  DATE_LOCALES,
  SESSION_SCOPES,
  MAX_SUPPRESSION_LENGTH,
  IMAGE_ANONYMIZATION_TYPES,
  IMAGE_LABELS,
  TEXT_LABELS,
} from '../spec/types.js';

/*
 * Runtime validation of request bodies. Failures become 422 VALIDATION_FAILED with `errors[]` of
 * `{field, code, message}`; codes follow Bean Validation names (NotBlank, NotEmpty, NotNull, …) because the
 * remote service reports them that way. Messages never echo input text.
 */

/** Blank: nothing but whitespace and zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen). */
const notBlank = v.check<string, 'must not be blank'>((s) => !/^[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff]*$/u.test(s), 'must not be blank');
const int32 = v.pipe(v.number(), v.integer(), v.minValue(-2147483648), v.maxValue(2147483647));

const textLabelName = v.picklist(TEXT_LABELS, 'must be a known text label');
const listEntry = v.object({ value: v.pipe(v.string(), notBlank), labelName: textLabelName });

const replacementConfig = v.variant(
  'type',
  [
    v.object({ type: v.literal('FULL_PSEUDONYMIZATION'), pseudonym: v.string() }),
    v.object({
      type: v.literal('PARTIAL_PSEUDONYMIZATION'),
      pseudonym: v.string(),
      partialPseudonymizationStart: v.optional(int32, 1),
      partialPseudonymizationStop: v.optional(int32, -1),
      useNumericPartialPseudonymization: v.optional(v.boolean(), false),
    }),
    v.object({
      type: v.literal('DATE_PSEUDONYMIZATION'),
      pseudonym: v.string(),
      replaceDay: v.boolean(),
      replaceMonth: v.boolean(),
      replaceYear: v.boolean(),
      dateLocale: v.picklist(DATE_LOCALES, 'must be one of AUTO, DE, EN, ISO'),
      showWeekday: v.boolean(),
    }),
    v.object({ type: v.literal('SUPPRESSION'), suppressionLength: v.pipe(int32, v.minValue(0), v.maxValue(MAX_SUPPRESSION_LENGTH)) }),
  ],
  'must have a type of FULL_PSEUDONYMIZATION, PARTIAL_PSEUDONYMIZATION, DATE_PSEUDONYMIZATION or SUPPRESSION',
);

const textLabelConfig = v.object({ name: textLabelName, config: v.nullish(replacementConfig) });

/** `DocumentTextAnonymization` (2.5). */
export const DocumentTextAnonymizationSchema = v.object({
  blacklist: v.nullish(v.array(listEntry)),
  whitelist: v.nullish(v.array(listEntry)),
  labelsConfig: v.nullish(v.array(textLabelConfig)),
  // Our extension: ad-hoc recognizers. Only the array here; each item is checked where recognizers are built
  // (engine/recognizers.ts `configRecognizers`, detection's rules), which this layer does not import.
  recognizers: v.nullish(v.array(v.unknown())),
  // Our extension: `project` lets this project's LLM round-trip sessions share one vault (opt-in, docs/decisions.md).
  sessionScope: v.nullish(v.picklist(SESSION_SCOPES, 'must be conversation or project')),
});

/** `ExternalUploadConfig` (2.5). */
export const ExternalUploadConfigSchema = v.object({
  textAnonymization: v.nullish(DocumentTextAnonymizationSchema),
  imageAnonymization: v.nullish(
    v.object({
      labelsConfig: v.nullish(
        v.array(
          v.object({
            name: v.picklist(IMAGE_LABELS, 'must be a known image label'),
            anonymizationType: v.optional(v.picklist(IMAGE_ANONYMIZATION_TYPES, 'must be MASK, BLUR or PIXELATE'), 'MASK'),
          }),
        ),
      ),
    }),
  ),
});

/** The text request `Text` (2.8). */
export const TextRequestSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1, 'must not be blank'), notBlank),
  usePseudonyms: v.optional(v.boolean(), false),
  textLabels: v.pipe(v.array(textLabelName), v.minLength(1, 'must contain at least one label')),
});

function fieldOf(issue: v.BaseIssue<unknown>): string {
  let field = '';
  for (const item of issue.path ?? []) {
    const k = item.key;
    field += typeof k === 'number' ? `[${k}]` : field ? `.${String(k)}` : String(k);
  }
  return field || '$';
}

function codeOf(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined || issue.input === null) return 'NotNull';
  switch (issue.type) {
    case 'check':
      return issue.message === 'must not be blank' ? 'NotBlank' : 'InvalidValue';
    case 'regex':
      return 'InvalidValue';
    case 'min_length':
      return Array.isArray(issue.input) ? 'NotEmpty' : 'NotBlank';
    case 'picklist':
    case 'variant':
    case 'literal':
      return 'InvalidValue';
    case 'min_value':
      return 'Min';
    case 'max_value':
      return 'Max';
    default:
      return 'InvalidType';
  }
}

function messageOf(issue: v.BaseIssue<unknown>, code: string): string {
  if (code === 'NotNull') return 'must not be null';
  if (code === 'InvalidType' && issue.kind === 'schema') return `must be of type ${issue.expected ?? 'unknown'}`;
  if (issue.type === 'integer') return 'must be an integer';
  if (issue.type === 'min_value') return `must be at least ${String(issue.requirement)}`;
  if (issue.type === 'max_value') return `must be at most ${String(issue.requirement)}`;
  return issue.message;
}

/** Valibot issues as the spec's `errors[]`, one entry per failing field. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (seen.has(field)) continue;
    seen.add(field);
    const code = codeOf(issue);
    errors.push({ field, code, message: messageOf(issue, code) });
  }
  return errors;
}

/** Parses with a schema or throws 422 VALIDATION_FAILED. `prefix` names where the value sits in the request. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, prefix = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = toFieldErrors(result.issues).map((e) => ({
    ...e,
    field: prefix ? (e.field === '$' ? prefix : e.field.startsWith('[') ? prefix + e.field : `${prefix}.${e.field}`) : e.field,
  }));
  throw validationFailed(errors);
}

/** Validates a text request body (2.8). */
export function parseTextRequest(input: unknown): Required<TextRequest> {
  return parseOrThrow(TextRequestSchema, input) as Required<TextRequest>;
}

/** Validates an upload configuration (2.5). */
export function parseUploadConfig(input: unknown, prefix = ''): ExternalUploadConfig {
  return parseOrThrow(ExternalUploadConfigSchema, input, prefix) as ExternalUploadConfig;
}
