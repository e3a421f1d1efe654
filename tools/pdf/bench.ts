// bench:pdf — end to end (read → detect → redact → write → verify) on generated text PDFs, in Node, rules only.
// Prints pages/s and peak RSS. Not a test.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createNodeDocumentAnonymizer } from '../../src/api/node-documents.js';

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Sehr geehrter Herr Hans Müller, Ihre Nachricht an max.mustermann@example.de vom 12.03.2021.`, { x: 50, y: 790, size: 11, font });
    for (let i = 0; i < 45; i++) page.drawText(`Zeile ${i + 1}: Rückfragen bitte unter Tel. 030 1234567 oder an info@firma.de, Seite ${p + 1}.`, { x: 50, y: 760 - i * 15, size: 10, font });
  }
  return doc.save();
}

const engine = createNodeDocumentAnonymizer({ ner: false });
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
await engine.anonymize(await textPdf(1), null); // warm-up: module and font loading
for (const pages of [10, 100]) {
  const bytes = await textPdf(pages);
  const baseline = process.memoryUsage().rss;
  peak = baseline;
  const t0 = performance.now();
  const r = await engine.anonymizeDocument(bytes, null);
  const s = (performance.now() - t0) / 1000;
  const ents = r.piiRecord.pageData.reduce((n, p) => n + p.textData.detections.ents.length, 0);
  console.log(JSON.stringify({ pages, seconds: +s.toFixed(2), pagesPerSecond: +(pages / s).toFixed(1), peakRssMB: Math.round(peak / 1e6), baselineRssMB: Math.round(baseline / 1e6), entities: ents, verified: r.verification?.passed, inputKB: Math.round(bytes.length / 1024), outputKB: Math.round(r.file.length / 1024) }));
}
clearInterval(sampler);
await engine.close();
