import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../src/platform/browser/text.js';
import { AnonymizerError, internalError } from '../../src/errors/problem.js';
import { createWorkerClient } from '../../src/platform/browser/worker-client.js';
import type { TextWorkerApi } from './fixtures/text.worker.js';

interface ThrowingApi {
  typed(): Promise<never>;
  untyped(): Promise<never>;
  hang(): Promise<never>;
  crash(): Promise<never>;
}

/** The text engine in a module worker. */
function startTextWorker() {
  const worker = new Worker(new URL('./fixtures/text.worker.ts', import.meta.url), { type: 'module', name: 'text-engine' });
  return createWorkerClient<TextWorkerApi>(worker, { timeoutMs: 60_000, failure: () => internalError('The text engine worker stopped.') });
}

function throwingClient(timeoutMs = 10_000) {
  const worker = new Worker(new URL('./fixtures/throwing.worker.ts', import.meta.url), { type: 'module' });
  return createWorkerClient<ThrowingApi>(worker, { timeoutMs, failure: () => internalError('worker stopped') });
}

async function caught(p: Promise<unknown>): Promise<AnonymizerError> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AnonymizerError);
  return err as AnonymizerError;
}

describe('text engine worker', () => {
  it('gives the same result as the main thread', async () => {
    const client = startTextWorker();
    const request = { text: 'Herr Müller, Tel. 030 1234567, mueller@example.de', textLabels: ['PER', 'TEL', 'MAIL'], usePseudonyms: true };
    const inWorker = await client.call((w) => w.text(request));
    expect(inWorker).toEqual(await createAnonymizer().text(request));
    expect(inWorker.pseudonymizedText).toBe('Herr PER-1, Tel. TEL-1, MAIL-1');
    client.terminate();
  });

  it('rebuilds a validation problem, errors[] included, after the boundary', async () => {
    const client = startTextWorker();
    const err = await caught(client.call((w) => w.text({ text: ' ', textLabels: ['PER', 'XYZ'] })));
    expect(err.problem).toEqual({
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The request is invalid.',
      problemCode: 'VALIDATION_FAILED',
      errors: [
        { field: 'text', code: 'NotBlank', message: 'must not be blank' },
        { field: 'textLabels[1]', code: 'InvalidValue', message: 'must be a known text label' },
      ],
    });
    client.terminate();
  });
});

describe('worker client', () => {
  it('keeps typed problems', async () => {
    const client = throwingClient();
    const err = await caught(client.call((w) => w.typed()));
    expect(err.problem).toMatchObject({ status: 404, detail: 'No such document.' });
    client.terminate();
  });

  it('turns unknown errors into a 500 that carries neither message nor stack', async () => {
    const client = throwingClient();
    const err = await caught(client.call((w) => w.untyped()));
    expect(err.problem.status).toBe(500);
    expect(JSON.stringify(err.problem)).not.toMatch(/Müller|Hauptstr|stack/);
    client.terminate();
  });

  it('rejects pending calls when the worker crashes, and later calls at once', async () => {
    const client = throwingClient();
    const hanging = client.call((w) => w.hang());
    const err = await caught(client.call((w) => w.crash()));
    expect(err.problem.detail).toBe('worker stopped');
    expect((await caught(hanging)).problem.detail).toBe('worker stopped');
    expect(client.alive).toBe(false);
    await caught(client.call((w) => w.typed()));
  });

  it('times out a call that never answers', async () => {
    const client = throwingClient(200);
    const err = await caught(client.call((w) => w.hang()));
    expect(err.problem.status).toBe(500);
    expect(client.alive).toBe(false);
  });

  it('rejects pending calls on terminate', async () => {
    const client = throwingClient();
    const hanging = client.call((w) => w.hang());
    client.terminate();
    await caught(hanging);
  });
});
