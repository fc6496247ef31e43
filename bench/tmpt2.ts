import { readFileSync } from 'node:fs';
import { readPdf } from '../cli/book/readBack.ts';
const r = await readPdf(new Uint8Array(readFileSync('out/reports/huayue-esg-2024-zh_TW.pdf')));
console.log('links', r.links.length, 'with dest', r.links.filter((l) => l.dest).length, 'numbered', r.links.filter((l) => /p\.\s*\d+\s*$/.test(l.text)).length, 'dests', r.destinations.size);
