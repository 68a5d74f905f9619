// Text of an uncompressed PDF as pdfkit writes it (api/src/modules/avv/avv-pdf.ts sets compress: false):
// each line is a TJ array of hex strings split at kerning pairs; a large negative adjustment is a justified space.
// Good enough to find a name in the document; not a general PDF parser.

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s/g, '');
  let out = '';
  for (let i = 0; i + 1 < clean.length; i += 2) out += String.fromCharCode(parseInt(clean.slice(i, i + 2), 16));
  return out;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, esc: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[esc] ?? String.fromCharCode(parseInt(esc, 8));
  });
}

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ/g)) {
    let line = '';
    for (const part of match[1].matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\)|(-?\d+(?:\.\d+)?)/g)) {
      if (part[1] !== undefined) line += decodeHex(part[1]);
      else if (part[2] !== undefined) line += decodeLiteral(part[2]);
      else if (Number(part[3]) <= -200) line += ' ';
    }
    lines.push(line);
  }
  for (const match of raw.matchAll(/(?:<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\))\s*Tj/g)) {
    lines.push(match[1] !== undefined ? decodeHex(match[1]) : decodeLiteral(match[2]));
  }
  if (lines.length === 0 && raw.includes('/FlateDecode')) {
    throw new Error('The PDF keeps its text in compressed streams; it cannot be read without a PDF parser');
  }
  return lines.join('\n');
}
