import { useEffect, useMemo, useState } from 'react';
import { findFiles, type ListedFile } from './api.ts';
import { useText } from './language.tsx';
import type { MessageKey } from './messages.ts';
import { changeKind } from './GitPanel.tsx';

/**
 * A missing English file is work to do; a missing zh_CN file is not: the zh_CN site converts the
 * zh_TW text, and an override is written only where the mainland wording differs.
 */
const statusOf = (locale: 'en' | 'zh_CN', counterpart?: { exists: boolean; stale?: boolean; unpublished?: boolean }) =>
  !counterpart
    ? undefined
    : !counterpart.exists
      ? locale === 'en'
        ? 'missing'
        : 'converted'
      : counterpart.unpublished
        ? 'unpublished'
        : counterpart.stale
          ? 'stale'
          : 'ok';

/** The content files by group, each by its title with the state of its English and zh_CN texts; found by their titles and words. */
export function FileList({
  files,
  current,
  changed,
  onOpen,
}: {
  files: ListedFile[];
  current?: string;
  /** Git's status of each file changed since the last saved version, by path. */
  changed: Map<string, string>;
  onOpen: (path: string) => void;
}) {
  const t = useText();
  const [query, setQuery] = useState('');
  /** What the server found for the query: each file's words around the match (its title and text are searched, not only its path). */
  const [found, setFound] = useState<Map<string, string | undefined>>();
  useEffect(() => {
    const wanted = query.trim();
    if (!wanted) return setFound(undefined);
    const asked = new AbortController();
    const timer = setTimeout(
      () =>
        void findFiles(wanted, asked.signal).then(
          (answer) => setFound(new Map(answer.map((file) => [file.path, file.excerpt]))),
          () => undefined,
        ),
      150,
    );
    return () => {
      clearTimeout(timer);
      asked.abort();
    };
  }, [query]);
  const groups = useMemo(() => {
    const wanted = query.trim().toLowerCase();
    const byGroup = new Map<string, ListedFile[]>();
    // Until the server answers, the titles and paths already listed are searched.
    const matches = (file: ListedFile) => !wanted || (found ? found.has(file.path) : `${file.path} ${file.title ?? ''}`.toLowerCase().includes(wanted));
    for (const file of files) if (matches(file)) byGroup.set(file.group, [...(byGroup.get(file.group) ?? []), file]);
    return [...byGroup];
  }, [files, query, found]);
  return (
    <nav className="files" aria-label={t('files.label')}>
      <input
        type="search"
        placeholder={t('files.findPlaceholder')}
        aria-label={t('files.find')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {groups.map(([group, members]) => (
        <details key={group} open={Boolean(query) || members.some((file) => file.path === current)}>
          <summary>
            {t(`group.${group}` as MessageKey)} <span className="count">{members.length}</span>
          </summary>
          <ul>
            {members.map((file) => (
              <li key={file.path}>
                <button
                  type="button"
                  className={file.path === current ? 'file current' : 'file'}
                  aria-current={file.path === current ? 'true' : undefined}
                  onClick={() => onOpen(file.path)}
                  title={file.path}
                >
                  <span className="name">{file.title ?? file.path}</span>
                  {file.title && <span className="path">{file.path}</span>}
                  {found?.get(file.path) && !file.title?.toLowerCase().includes(query.trim().toLowerCase()) && (
                    <span className="excerpt">{found.get(file.path)}</span>
                  )}
                  {changed.has(file.path) && (
                    <span className={`badge ${changeKind(changed.get(file.path)!)}`}>
                      {changeKind(changed.get(file.path)!) === 'new' ? t('files.new') : t('files.changed')}
                    </span>
                  )}
                  {(['en', 'zh_CN'] as const).map((locale) => {
                    const status = statusOf(locale, file.translations?.[locale]);
                    return status && status !== 'ok' ? (
                      <span key={locale} className={`badge ${status}`}>
                        {t(`files.status.${locale}.${status}` as MessageKey)}
                      </span>
                    ) : null;
                  })}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}
