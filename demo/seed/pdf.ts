/**
 * Small, valid one-page PDF files for the demo's project plans and brochures, written by hand so
 * seeding needs no PDF library and no bundled files. Text uses the standard Helvetica font, so it
 * must be plain ASCII; anything else is replaced.
 */

export interface PdfPage {
  title: string;
  lines: string[];
  /** Rooms of a simple floor plan, in points on an A4 page (origin bottom left). */
  rooms?: { x: number; y: number; w: number; h: number; label: string }[];
}

/** ASCII only, with the characters PDF strings treat specially escaped. */
function pdfText(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

export function minimalPdf(page: PdfPage): Buffer {
  const ops: string[] = [
    "BT",
    "/F1 20 Tf",
    "56 780 Td",
    `(${pdfText(page.title)}) Tj`,
    "/F1 11 Tf",
    "0 -28 Td",
  ];
  for (const line of page.lines) ops.push(`(${pdfText(line)}) Tj`, "0 -16 Td");
  ops.push("ET");
  if (page.rooms?.length) {
    ops.push("0.2 0.2 0.2 RG", "1.5 w");
    for (const r of page.rooms) ops.push(`${r.x} ${r.y} ${r.w} ${r.h} re S`);
    for (const r of page.rooms)
      ops.push("BT", "/F1 9 Tf", `${r.x + 6} ${r.y + r.h - 14} Td`, `(${pdfText(r.label)}) Tj`, "ET");
  }
  const stream = ops.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  // The cross-reference table needs each object's byte offset, so the file is built in order.
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
