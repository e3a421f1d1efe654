import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, 'fixtures', 'deferred-fault-server.ts');

describe('errors escaping from a request (timers, unawaited promises)', () => {
  it('end that request with a 500 problem; the process serves the next request', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('\n') && resolve(out.split('\n')[0]!));
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    try {
      const host = { Host: new URL(url).host };
      for (const path of ['/timer', '/rejection']) {
        const res = await fetch(`${url}${path}`, { headers: host });
        expect(res.status, path).toBe(500);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(await res.json()).toMatchObject({ status: 500 });
      }
      const ok = await fetch(`${url}/ok`, { headers: host });
      expect(await ok.text()).toBe('alive');
      expect(child.exitCode).toBeNull();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    expect(out).toContain('outside:0');
  });
});
