// Files into the chosen project, and each document followed to its end (waitFor's onProgress).
import { announce, problemOf } from '../dom.ts';
import { statusWord } from '../status.ts';
import type { InboxContext } from './context.ts';

/** Follows a document until it ends, keeping its latest status and problem; the list is redrawn on each change. */
export function watch(ctx: InboxContext, pid: number, id: number, name: string): void {
  if (ctx.watching.has(id)) return;
  ctx.watching.add(id);
  ctx.service
    .projects(pid)
    .documents.waitFor(id, {
      pollMs: 1000,
      onProgress: (s) => {
        ctx.live.set(id, s);
        if (s.problem) ctx.problems.set(id, s.problem);
        ctx.scheduleRefresh();
      },
    })
    .then((s) => {
      ctx.live.set(id, s);
      if (s.problem) ctx.problems.set(id, s.problem);
      announce(`${name}: ${statusWord(s.status)}`);
    })
    .catch((err: unknown) => ctx.problems.set(id, problemOf(err)))
    .finally(() => {
      ctx.watching.delete(id);
      ctx.scheduleRefresh();
    });
}

/** Uploads files one by one to the project chosen when they were dropped; a refused file gets an alert. */
export async function uploadAll(ctx: InboxContext, files: File[]): Promise<void> {
  const pid = ctx.projectId;
  for (const file of files) {
    try {
      const { documentId, status } = await ctx.service.projects(pid).documents.upload(file, { name: file.name });
      ctx.localFiles.set(documentId, file);
      ctx.mine.add(documentId);
      ctx.live.set(documentId, { documentId, status });
      watch(ctx, pid, documentId, file.name);
      announce(`${file.name} added`);
    } catch (err) {
      ctx.alert(file.name, problemOf(err));
    }
  }
  ctx.query.page = 0;
  await ctx.refresh();
}
