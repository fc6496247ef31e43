import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const pdf = await getDocument({ data: new Uint8Array(readFileSync('out/reports/huayue-esg-2024-zh_TW.pdf')), isEvalSupported: false }).promise;
const kinds = new Map<string, number>();
const walk = (n: any) => {
  if (n.role === 'Figure') {
    const k =
      (n.alt ? 'alt' : 'noalt') +
      ':' +
      (n.children ?? [])
        .map((c: any) => c.role ?? c.type)
        .slice(0, 4)
        .join(',');
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  (n.children ?? []).forEach(walk);
};
for (let i = 1; i <= pdf.numPages; i++) walk(await (await pdf.getPage(i)).getStructTree());
console.log([...kinds].sort((a, b) => b[1] - a[1]).slice(0, 12));
