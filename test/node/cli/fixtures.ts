// Small inputs for the CLI tests, made at test time (nothing binary is checked in).

/**
 * A one-page PDF with an e-mail address in its text that pdf-lib parses with a warning on the console ("Parsed number
 * that is too large for some PDF readers") because of one oversized number in the page dictionary, as real files have.
 */
export function warningPdf(mail = 'max@example.de'): Uint8Array {
  const content = `BT /F1 14 Tf 20 60 Td (Contact: ${mail}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /XLargeNumber 77777777777777777 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** A config that finds e-mail addresses only and leaves images alone: no model loads, so runs stay fast. */
export const MAIL_ONLY_CONFIG = {
  textAnonymization: { labelsConfig: [{ name: 'MAIL' }] },
  imageAnonymization: { labelsConfig: [] },
};
