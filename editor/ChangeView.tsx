import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { ChangeDiff, ChangeSummary } from '../schemas/editApi.ts';
import { bundledSchema, changeDiff } from './api.ts';
import { titleOf } from './History.tsx';
import { useLanguage, useText } from './language.tsx';
import { localizedSchema } from './localizedSchema.ts';
import { PickerDialog } from './PickerDialog.tsx';

/** A file of a change in words: a content file by its title, an uploaded picture or evidence file by its name. */
export function fileName(path: string, titles: Map<string, string>, t: ReturnType<typeof useText>): string {
  const evidence = /^evidence\/(\d{4})\/(.+)$/.exec(path);
  if (evidence) return t('changes.evidenceFile', { year: evidence[1]!, name: evidence[2]! });
  const picture = /^assets\/(?:.+\/)?([^/]+)$/.exec(path);
  if (picture) return t('changes.pictureFile', { name: picture[1]! });
  return titles.get(path) ?? path;
}

/**
 * What a change would publish, for its reviewer: each file by its title, each changed field by its
 * title in the form (and the item it is in: a metric, an event), with the text before and after.
 */
export function ChangeView({
  change,
  titles,
  schemaOf,
  onClose,
}: {
  change: ChangeSummary;
  titles: Map<string, string>;
  /** The schema a file's form is made from, by its path. */
  schemaOf: (path: string) => string | undefined;
  onClose: () => void;
}) {
  const t = useText();
  const { language } = useLanguage();
  const [diff, setDiff] = useState<ChangeDiff>();
  const [schemas, setSchemas] = useState<Map<string, RJSFSchema>>();
  const [failure, setFailure] = useState('');
  useEffect(() => {
    changeDiff(change.id).then(setDiff, (error: Error) => setFailure(error.message));
    const names = [...new Set(change.files.flatMap((path) => schemaOf(path) ?? []))];
    void Promise.all(names.map(async (name) => [name, await bundledSchema(name)] as const)).then((loaded) =>
      setSchemas(new Map(loaded as [string, RJSFSchema][])),
    );
  }, [change.id]);

  const fieldName = (path: string, field: string) => {
    if (field === 'body') return t('editor.body');
    const schema = schemas?.get(schemaOf(path) ?? '');
    return (schema && titleOf(localizedSchema(schema, language) as Record<string, unknown>, field)) ?? t('history.otherField');
  };

  return (
    <PickerDialog
      className="change-view"
      title={t('changes.viewTitle', { author: change.author })}
      actions={null}
      closeLabel={t('changes.close')}
      onSubmit={onClose}
      onClose={onClose}
    >
      {failure && <p className="problem">{t('changes.failed', { reason: failure })}</p>}
      {!(diff && schemas) && !failure && <p className="status">{t('history.loading')}</p>}
      {schemas &&
        diff?.files.map((file) => (
          <section key={file.path} aria-label={fileName(file.path, titles, t)}>
            <h3>
              {titles.get(file.path) ?? file.path}
              {file.made && <span className="badge">{t('changes.madeFile')}</span>}
            </h3>
            {!file.values.length && <p>{t('changes.sameAsPublished')}</p>}
            <ul className="change-values">
              {file.values.map((value) => (
                <li key={value.field}>
                  <strong>
                    {fieldName(file.path, value.field)}
                    {value.item && ` · ${value.item}`}
                  </strong>
                  <div className="before">
                    <span>{t('changes.before')}</span>
                    <p>{value.before ?? t('changes.nothing')}</p>
                  </div>
                  <div className="after">
                    <span>{t('changes.after')}</span>
                    <p>{value.after ?? t('changes.removed')}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </PickerDialog>
  );
}
