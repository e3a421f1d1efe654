// A document opened from the inbox: the original and the anonymized result side by side (PDF pages rendered with
// pdf.js, images as <img>, Word documents as their text), what was found drawn or marked on them, the counts, and
// the downloads.
import type {
  Box,
  DocumentOverview,
  DocumentPiiRecord,
  DocumentsApi,
  DocumentStatus,
  ProblemDetail,
  TextLabelName,
} from '../../src/browser.ts';
import { download, fill, formatBytes, h, problemOf, problemView, svg } from './dom.ts';
import { chip, LABEL_NAMES } from './labels.ts';
import { renderPdf } from './pdf-view.ts';
import { statusBadge, statusWord } from './status.ts';
import { wordFigure } from './word-view.ts';

export interface ViewerInput {
  api: DocumentsApi;
  doc: DocumentOverview;
  /** Whether the project keeps originals and PII records. */
  storesPii: boolean;
  /** The file as uploaded in this session (shown as the original when the project does not keep it). */
  localFile?: Blob;
}

interface Overlay {
  boxes: Array<{ box: Box; cls: string; title: string }>;
  polygons: Array<{ points: Array<[number, number]>; cls: string; title: string }>;
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};
const mimeOf = (name: string) => MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Boxes per page of the PII record: entities (by label) and image detections (faces, text regions). */
function overlays(record: DocumentPiiRecord | null, side: 'original' | 'anonymized'): Map<number, Overlay> {
  const pages = new Map<number, Overlay>();
  for (const entry of record?.pageData ?? []) {
    const o = pages.get(entry.pageNum) ?? { boxes: [], polygons: [] };
    pages.set(entry.pageNum, o);
    const d = entry.textData.detections;
    const boxes = side === 'original' ? d.locationsInOriginalDocument : d.locationsInAnonymizedDocument;
    const aligned = boxes.length === d.ents.length;
    boxes.forEach((box, i) => {
      const ent = aligned ? d.ents[i] : undefined;
      o.boxes.push({
        box,
        cls: ent ? `box l-${ent.tag}` : 'box',
        title: ent ? `${LABEL_NAMES[ent.tag]} (${ent.tag}) · score ${ent.score.toFixed(2)} → ${d.pseudonyms[i] ?? ''}` : 'entity',
      });
    });
    for (const image of entry.imagesData) {
      for (const det of image.detections) {
        det.bboxs.forEach((points, i) =>
          o.polygons.push({
            points,
            cls: `box img-${det.label}`,
            title: `${det.label}${det.scores[i] !== undefined ? ` · score ${det.scores[i]!.toFixed(2)}` : ''}`,
          }),
        );
      }
    }
  }
  return pages;
}

function overlaySvg(width: number, height: number, overlay: Overlay | undefined): SVGSVGElement {
  return svg(
    'svg',
    { class: 'overlay', viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    (overlay?.boxes ?? []).map((b) =>
      svg(
        'rect',
        { class: b.cls, x: b.box.x0, y: b.box.y0, width: Math.max(1, b.box.x1 - b.box.x0), height: Math.max(1, b.box.y1 - b.box.y0) },
        svg('title', null, b.title),
      ),
    ),
    // Image detections are in the image's pixels; on an image document that is the page itself.
    (overlay?.polygons ?? []).map((p) =>
      svg('polygon', { class: p.cls, points: p.points.map(([x, y]) => `${x},${y}`).join(' ') }, svg('title', null, p.title)),
    ),
  );
}

async function imageFigure(bytes: Uint8Array, name: string, overlay: Overlay | undefined, urls: string[]): Promise<HTMLElement> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeOf(name) }));
  urls.push(url);
  const img = h('img', { src: url, alt: name });
  await img.decode().catch(() => undefined);
  return h('div', { class: 'figure' }, img, overlaySvg(img.naturalWidth || 1, img.naturalHeight || 1, overlay));
}

async function pdfFigure(bytes: Uint8Array, width: number, pages: Map<number, Overlay>): Promise<HTMLElement> {
  const { pages: rendered, total } = await renderPdf(bytes, width);
  return h(
    'div',
    { class: 'pdf-pages' },
    rendered.map((p) =>
      h(
        'div',
        { class: 'figure page', 'aria-label': `Page ${p.pageNum}` },
        p.canvas,
        overlaySvg(p.width, p.height, pages.get(p.pageNum)),
        h('span', { class: 'page-num' }, `${p.pageNum} / ${total}`),
      ),
    ),
    total > rendered.length ? h('p', { class: 'muted small' }, `The first ${rendered.length} of ${total} pages are shown.`) : null,
  );
}

function summary(record: DocumentPiiRecord): HTMLElement {
  const labels = new Map<TextLabelName, number>();
  const images = new Map<string, number>();
  for (const entry of record.pageData) {
    for (const e of entry.textData.detections.ents) labels.set(e.tag, (labels.get(e.tag) ?? 0) + 1);
    for (const image of entry.imagesData)
      for (const d of image.detections) images.set(d.label, (images.get(d.label) ?? 0) + d.bboxs.length);
  }
  const pages = new Set(record.pageData.map((p) => p.pageNum)).size;
  const entities = [...labels.values()].reduce((a, b) => a + b, 0);
  const faces = images.get('face') ?? 0;
  const regions = images.get('text') ?? 0;
  const facts = [
    `${entities || 'No'} ${entities === 1 ? 'entity' : 'entities'} in the text`,
    `${pages} ${pages === 1 ? 'page' : 'pages'}`,
    ...(record.documentType === 'IMAGE' ? [`${faces || 'no'} ${faces === 1 ? 'face' : 'faces'}`] : []),
    ...(regions ? [`${regions} text regions`] : []),
  ];
  return h(
    'div',
    { class: 'summary' },
    h('p', null, h('strong', null, facts[0]), ` · ${facts.slice(1).join(' · ')}`),
    labels.size
      ? h(
          'p',
          { class: 'chips' },
          [...labels].map(([l, n]) => chip(l, n)),
        )
      : null,
    record.documentType === 'PDF' || record.documentType === 'DOCX' || record.documentType === 'DOC'
      ? h(
          'p',
          { class: 'muted small' },
          'Verified before it was stored: the engine re-read the result and found none of the detected text in it (it fails closed otherwise).',
        )
      : null,
  );
}

/** Renders the viewer into `container`; returns a cleanup (blob URLs). */
export async function renderViewer(container: HTMLElement, input: ViewerInput, onClose: () => void): Promise<() => void> {
  const { api, doc } = input;
  const urls: string[] = [];
  const name = doc.original ?? `document-${doc.id}`;
  const body = h('div', { class: 'viewer-body' }, h('p', { class: 'muted' }, 'Opening …'));
  fill(
    container,
    h(
      'section',
      { class: 'card viewer', id: 'viewer', tabindex: -1, 'aria-labelledby': 'viewer-h' },
      h(
        'div',
        { class: 'row between wrap' },
        h('h3', { id: 'viewer-h', class: 'wrap-anywhere' }, name),
        h('button', { type: 'button', class: 'small', onClick: onClose }, 'Close'),
      ),
      h(
        'p',
        { class: 'meta' },
        statusBadge(doc.processingStatus),
        ` ${doc.documentType ?? ''} · ${formatBytes(doc.fileSize ?? 0)} · document ${doc.id}`,
      ),
      body,
    ),
  );
  (container.firstElementChild as HTMLElement).focus();

  let status: DocumentStatus;
  try {
    status = await api.status(doc.id);
  } catch (err) {
    fill(body, problemView(problemOf(err), 'The document could not be opened'));
    return () => undefined;
  }
  if (status.status !== 'COMPLETED') {
    if (status.status === 'ERROR' || status.problem || status.status.startsWith('QUOTA') || status.status === 'PREVIEW_ERROR') {
      const problem: ProblemDetail = status.problem ?? {
        title: 'Processing failed',
        status: 500,
        detail: `The document ended with ${status.status}.`,
      };
      fill(body, problemView(problem, 'Not anonymized'));
    } else {
      fill(
        body,
        h('p', { class: 'muted' }, `The document is ${statusWord(status.status)} (${status.status}); open it again once it is COMPLETED.`),
      );
    }
    return () => undefined;
  }

  const notes: HTMLElement[] = [];
  const [result, record, original] = await Promise.all([
    api.result(doc.id),
    api.piis(doc.id).catch((err: unknown) => {
      notes.push(problemView(problemOf(err), 'No PII record'));
      return null;
    }),
    api.original(doc.id).catch(async (err: unknown) => {
      const problem = problemOf(err);
      if (input.localFile) {
        notes.push(
          h('p', { class: 'muted small' }, `${problem.title}: ${problem.detail ?? ''} The original shown is your file from this session.`),
        );
        return { bytes: new Uint8Array(await input.localFile.arrayBuffer()), fileName: name };
      }
      notes.push(problemView(problem, 'No original'));
      return null;
    }),
  ]).catch((err: unknown) => {
    fill(body, problemView(problemOf(err), 'The result could not be read'));
    throw err;
  });

  const isWord = doc.documentType === 'DOCX' || doc.documentType === 'DOC';
  const boxesToggle = h('input', {
    type: 'checkbox',
    checked: true,
    onChange: (e: Event) => container.classList.toggle('hide-boxes', !(e.target as HTMLInputElement).checked),
  });
  const actions = h(
    'div',
    { class: 'row gap-s wrap' },
    h(
      'button',
      {
        type: 'button',
        class: 'primary small',
        onClick: () => download(result.bytes as BlobPart, result.fileName, mimeOf(result.fileName)),
      },
      'Download result',
    ),
    original && input.storesPii
      ? h(
          'button',
          { type: 'button', class: 'small', onClick: () => download(original.bytes as BlobPart, original.fileName) },
          'Download original',
        )
      : null,
    record
      ? h(
          'button',
          {
            type: 'button',
            class: 'small',
            onClick: () => download(JSON.stringify(record, null, 2), `${name.replace(/\.[^.]+$/, '')}_piis.json`, 'application/json'),
          },
          'Download PII record',
        )
      : null,
    isWord ? null : h('label', { class: 'check' }, boxesToggle, ' Show boxes'),
  );
  const originalPane = h('figure', { class: 'pane' }, h('figcaption', null, 'Original'));
  const resultPane = h('figure', { class: 'pane' }, h('figcaption', null, 'Anonymized'));
  fill(
    body,
    record ? summary(record) : null,
    notes,
    actions,
    isWord
      ? h(
          'p',
          { class: 'muted small' },
          'Each story of the document (main text, headers, footers, notes) with what the engine found marked by label.',
        )
      : h(
          'p',
          { class: 'muted small' },
          'Boxes show what the engine found: ',
          doc.documentType === 'IMAGE'
            ? [h('span', { class: 'swatch img-face' }), ' faces, ', h('span', { class: 'swatch img-text' }), ' all text (when masked), ']
            : null,
          'entities in the text coloured by label.',
        ),
    h('div', { class: 'panes' }, originalPane, resultPane),
  );
  const width = Math.max(240, Math.min(640, resultPane.clientWidth || 320));
  const isPdf = doc.documentType === 'PDF';
  const render = async (bytes: Uint8Array | null, side: 'original' | 'anonymized', fileName: string, pane: HTMLElement) => {
    if (isWord) {
      // The text view is drawn from the PII record: without one (a project that keeps none) only the download is left.
      pane.append(record ? wordFigure(record, side) : h('p', { class: 'muted' }, 'The text view needs the PII record.'));
      return;
    }
    if (!bytes) {
      pane.append(h('p', { class: 'muted' }, 'Not available.'));
      return;
    }
    try {
      pane.append(
        isPdf
          ? await pdfFigure(bytes, width, overlays(record, side))
          : await imageFigure(bytes, fileName, overlays(record, side).get(1), urls),
      );
    } catch (err) {
      pane.append(problemView(problemOf(err), 'Could not be shown'));
    }
  };
  await Promise.all([
    render(original?.bytes ?? null, 'original', name, originalPane),
    render(result.bytes, 'anonymized', result.fileName, resultPane),
  ]);
  return () => urls.forEach((u) => URL.revokeObjectURL(u));
}
