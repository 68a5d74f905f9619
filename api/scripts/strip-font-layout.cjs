// Writes a copy of a TrueType font without its OpenType layout tables (GSUB, GPOS, GDEF). The invoice PDF needs
// no ligatures or contextual forms, and fontkit parses these tables (≈ 70 ms for Noto Sans) in every new document.
// Usage: node scripts/strip-font-layout.cjs <in.ttf> <out.ttf>   (the shipped api/assets/fonts were made so)
const fs = require('node:fs');

const DROP = new Set(['GSUB', 'GPOS', 'GDEF']);
const [input, output] = process.argv.slice(2);
const src = fs.readFileSync(input);
const numTables = src.readUInt16BE(4);
const tables = [];
for (let i = 0; i < numTables; i++) {
  const at = 12 + i * 16;
  const tag = src.toString('latin1', at, at + 4);
  if (DROP.has(tag)) continue;
  const offset = src.readUInt32BE(at + 8);
  const length = src.readUInt32BE(at + 12);
  tables.push({ tag, data: Buffer.from(src.subarray(offset, offset + length)) });
}
const pad4 = (n) => (n + 3) & ~3;
function checksum(buf) {
  const padded = Buffer.concat([buf, Buffer.alloc(pad4(buf.length) - buf.length)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}
const head = tables.find((t) => t.tag === 'head');
head.data.writeUInt32BE(0, 8); // checkSumAdjustment is recomputed below
const count = tables.length;
const entrySelector = Math.floor(Math.log2(count));
const searchRange = 2 ** entrySelector * 16;
const header = Buffer.alloc(12 + count * 16);
src.copy(header, 0, 0, 4); // sfnt version
header.writeUInt16BE(count, 4);
header.writeUInt16BE(searchRange, 6);
header.writeUInt16BE(entrySelector, 8);
header.writeUInt16BE(count * 16 - searchRange, 10);
let offset = header.length;
const bodies = [];
tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
tables.forEach((t, i) => {
  const at = 12 + i * 16;
  header.write(t.tag, at, 'latin1');
  header.writeUInt32BE(checksum(t.data), at + 4);
  header.writeUInt32BE(offset, at + 8);
  header.writeUInt32BE(t.data.length, at + 12);
  bodies.push(t.data, Buffer.alloc(pad4(t.data.length) - t.data.length));
  offset += pad4(t.data.length);
});
const font = Buffer.concat([header, ...bodies]);
const headOffset = header.readUInt32BE(12 + tables.indexOf(head) * 16 + 8);
font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
fs.writeFileSync(output, font);
console.log(`${output}: ${tables.length} tables, ${font.length} bytes (dropped ${[...DROP].join(', ')})`);
