import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const pdf = await getDocument({ data: new Uint8Array(readFileSync(process.argv[2]!)), isEvalSupported: false }).promise;
let missing = 0,
  all = 0;
const walk = (n: any) => {
  if (n.role === 'Figure') {
    all++;
    if (!n.alt) missing++;
  }
  (n.children ?? []).forEach(walk);
};
for (let i = 1; i <= pdf.numPages; i++) walk(await (await pdf.getPage(i)).getStructTree());
console.log('figures', all, 'without alt', missing);
