// One document side by side with its result, below the list; one open at a time.
import type { DocumentOverview } from '../../../src/browser.ts';
import { fill } from '../dom.ts';
import { renderViewer } from '../viewer.ts';
import type { InboxContext } from './context.ts';
import { documentsOf, projectOf, statusOf } from './context.ts';

export async function openDocument(ctx: InboxContext, d: DocumentOverview, slot: HTMLElement): Promise<void> {
  ctx.closeViewer();
  ctx.openId = d.id;
  const close = () => {
    cleanup();
    fill(slot);
    ctx.openId = null;
    ctx.closeViewer = () => undefined;
    ctx.scheduleRefresh(0);
  };
  let cleanup: () => void = () => undefined;
  ctx.closeViewer = close;
  ctx.scheduleRefresh(0);
  const local = ctx.localFiles.get(d.id);
  try {
    cleanup = await renderViewer(
      slot,
      {
        api: documentsOf(ctx),
        doc: { ...d, processingStatus: statusOf(ctx, d) },
        storesPii: projectOf(ctx).isStoringPII,
        ...(local ? { localFile: local } : {}),
      },
      close,
    );
  } catch {
    // renderViewer showed the problem itself.
  }
}
