import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useState, type FormEvent } from 'react';
import { bundledSchema, createFile, type CreateAnswer } from './api.ts';
import { ProblemList } from './FileEditor.tsx';
import { AssetChoice } from './Media.tsx';
import { useText } from './language.tsx';
import { useValueLabel } from './schemaForm.tsx';
import { DateInput } from './DateInput.tsx';

/** What an event needs before it can be saved: the event schema's required fields, asked once. */
interface EventStart {
  date: string;
  slug: string;
  title: string;
  summary: string;
  category: string;
  cover: string;
  coverAlt: string;
}

/** A short name as an event id wants it: lower-case letters, digits and single dashes. */
const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * **New event**, in the main column (a phone's whole width): asks the day, a short name and what
 * the event schema requires, then makes zh_TW/events/<date>-<name>.md (its id is its file name, as
 * the build wants) with an empty story to write in the form that opens next.
 */
export function NewEvent({ onCreated, onCancel }: { onCreated: (path: string) => void; onCancel: () => void }) {
  const t = useText();
  const [schema, setSchema] = useState<RJSFSchema>();
  const category = schema?.properties?.category as { enum?: string[]; 'x-labels'?: string } | undefined;
  const valueLabel = useValueLabel();
  const [start, setStart] = useState<EventStart>({
    date: new Date().toISOString().slice(0, 10),
    slug: '',
    title: '',
    summary: '',
    category: '',
    cover: '',
    coverAlt: '',
  });
  const [answer, setAnswer] = useState<CreateAnswer>();
  useEffect(() => {
    void bundledSchema('event').then((bundled) => setSchema(bundled as RJSFSchema));
  }, []);
  const slug = slugOf(start.slug);
  const id = `${start.date}-${slug}`;
  const path = `zh_TW/events/${id}.md`;
  const field = (name: keyof EventStart) => ({
    value: start[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setStart({ ...start, [name]: event.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { title, summary, cover, coverAlt, category } = start;
    const data = { id, date: start.date, title, summary, cover, coverAlt, category };
    const created = await createFile(path, data, '').catch((error: Error) => ({ kind: 'failed' as const, message: error.message }));
    setAnswer(created);
    if (created.kind === 'created') onCreated(path);
  };

  return (
    <form className="new-file" aria-label={t('event.new')} onSubmit={submit}>
      <h2>{t('event.new')}</h2>
      <label>
        {t('event.date')} <DateInput value={start.date} required onChange={(date) => setStart({ ...start, date })} />
      </label>
      <label>
        {t('event.slug')} <input type="text" placeholder="river-cleanup" {...field('slug')} />
      </label>
      <p className="hint">
        {slug ? (
          <>
            {t('event.file')} <code>{path}</code>
          </>
        ) : (
          t('event.slugHint')
        )}
      </p>
      <label>
        {t('event.title')} <input type="text" {...field('title')} />
      </label>
      <label>
        {t('event.summary')} <input type="text" {...field('summary')} />
      </label>
      <label>
        {t('event.category')}
        <select {...field('category')}>
          <option value="">{t('event.choose')}</option>
          {(category?.enum ?? []).map((value) => (
            <option key={value} value={value}>
              {valueLabel(category?.['x-labels'], value)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('event.cover')} <input type="text" list="asset-files" placeholder="/assets/images/…" {...field('cover')} />
      </label>
      <AssetChoice
        value={start.cover}
        describedBy="coverAlt"
        description={start.coverAlt}
        file={path}
        onChoose={(cover, coverAlt = '') => setStart({ ...start, cover, coverAlt })}
      />
      <label>
        {t('event.coverAlt')} <input type="text" {...field('coverAlt')} />
      </label>
      {answer?.kind === 'invalid' && <ProblemList problems={answer.problems} schema={schema} />}
      {answer?.kind === 'failed' && (
        <p className="problem" role="alert">
          {t('event.notMade', { reason: answer.message })}
        </p>
      )}
      <div className="buttons">
        <button type="submit" className="save" disabled={!slug}>
          {t('event.make')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('event.cancel')}
        </button>
      </div>
    </form>
  );
}
