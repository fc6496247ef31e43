/** A piece of a shown text, marked when it is part of a matched term. */
export interface TextPiece {
  text: string;
  hit: boolean;
}

/** Splits a text into pieces, marking every place a matched index term occurs (case-insensitive). */
export function highlight(text: string, terms: string[]): TextPiece[] {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    if (!term) continue;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) marked.fill(true, at, at + term.length);
  }
  const pieces: TextPiece[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = pieces.at(-1);
    if (last && last.hit === marked[i]) last.text += text[i];
    else pieces.push({ text: text[i]!, hit: marked[i]! });
  }
  return pieces;
}
