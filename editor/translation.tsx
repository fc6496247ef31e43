import type { FieldTemplateProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { useText } from './language.tsx';
import { fieldName } from '../schemas/editApi.ts';

/**
 * A translation beside its source: each text field of an English file or a zh_CN override shows
 * the zh_TW text it translates; a field whose zh_TW text changed since the translation last
 * changed is marked, with the change word by word, until the translator marks it reviewed.
 */
export interface TranslationSource {
  /** The zh_TW file's data now. */
  data: unknown;
  /** Its texts that changed since the translation last changed, by field path: what they were. */
  changed: Map<string, string>;
  /** The changed fields the translator has checked; a save with all of them checked records the review. */
  reviewed: ReadonlySet<string>;
  onReviewed: (field: string) => void;
}

/** The value at a field path. */
export function valueAt(data: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string | number, unknown>)[part] : undefined), data);
}

/** The texts of `now` that differ from `before`, by field path, with what they were ('' for a new text). */
export function changedTexts(before: unknown, now: unknown, path: (string | number)[] = [], found = new Map<string, string>()): Map<string, string> {
  if (typeof now === 'string') {
    if (before !== now) found.set(fieldName(path), typeof before === 'string' ? before : '');
  } else if (now && typeof now === 'object') {
    for (const [key, value] of Object.entries(now)) {
      const part = Array.isArray(now) ? Number(key) : key;
      changedTexts(before && typeof before === 'object' ? (before as Record<string, unknown>)[key] : undefined, value, [...path, part], found);
    }
  }
  return found;
}

/** A text cut into what a reader compares: each Chinese character, each Latin word, each space or mark. */
const tokens = (text: string) => text.match(/[\u3400-\u9fff\uf900-\ufaff]|[A-Za-z0-9]+|\s+|./gu) ?? [];

/** The change from `before` to `now` word by word (longest common subsequence), as runs kept, removed and added. */
export function wordDiff(before: string, now: string): { kind: 'same' | 'removed' | 'added'; text: string }[] {
  const a = tokens(before);
  const b = tokens(now);
  // Too long to compare token by token in the page: shown as a whole replaced.
  if (a.length * b.length > 4_000_000)
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: now },
    ];
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const runs: { kind: 'same' | 'removed' | 'added'; text: string }[] = [];
  const push = (kind: 'same' | 'removed' | 'added', text: string) => {
    const last = runs.at(-1);
    if (last?.kind === kind) last.text += text;
    else runs.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i++]!);
      j++;
    } else if (j < b.length && (i === a.length || lengths[i]![j + 1]! >= lengths[i + 1]![j]!)) push('added', b[j++]!);
    else push('removed', a[i++]!);
  }
  return runs;
}

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

/** @rjsf's field, and under a text field of a translation its zh_TW source (and its change, until reviewed). */
export function FieldTemplate(props: FieldTemplateProps) {
  const source = (props.registry.formContext as { source?: TranslationSource } | undefined)?.source;
  const original = source && props.schema.type === 'string' ? valueAt(source.data, props.fieldPathId.path) : undefined;
  if (typeof original !== 'string') return <DefaultFieldTemplate {...props} />;
  const name = fieldName(props.fieldPathId.path);
  return (
    <DefaultFieldTemplate {...props}>
      <>
        {props.children}
        <SourceNote text={original} before={source!.reviewed.has(name) ? undefined : source!.changed.get(name)} onReviewed={() => source!.onReviewed(name)} />
      </>
    </DefaultFieldTemplate>
  );
}

function SourceNote({ text, before, onReviewed }: { text: string; before?: string; onReviewed: () => void }) {
  const t = useText();
  const changed = before !== undefined;
  return (
    <div className={changed ? 'source-text source-changed' : 'source-text'}>
      <span className="source-label">{changed ? t('translation.changed') : t('translation.source')}</span>{' '}
      {changed ? (
        <span lang="zh-Hant-TW">
          {wordDiff(before, text).map((run, index) =>
            run.kind === 'same' ? (
              <span key={index}>{run.text}</span>
            ) : run.kind === 'added' ? (
              <ins key={index}>{run.text}</ins>
            ) : (
              <del key={index}>{run.text}</del>
            ),
          )}
        </span>
      ) : (
        <span lang="zh-Hant-TW">{text}</span>
      )}
      {changed && (
        <button type="button" className="source-reviewed" onClick={onReviewed}>
          {t('translation.reviewed')}
        </button>
      )}
    </div>
  );
}
