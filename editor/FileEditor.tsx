import type { RJSFSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import {
  bundledSchema,
  convertedFile,
  createFile,
  openFile,
  openTranslation,
  saveFile,
  undoChange,
  type ListedFile,
  type OpenedFile,
  type Problem,
  type Translation,
} from './api.ts';
import { changedTexts, type TranslationSource } from './translation.tsx';
import { changedWords } from './previewPlace.ts';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { errorsAtFields, fieldTitle, problemHint, problemPlace, problemSentence } from './problems.ts';
import { useLanguage, useText } from './language.tsx';
import { writtenTime } from './DateInput.tsx';
import type { SavedBy } from '../schemas/editApi.ts';
import { localizedSchema } from './localizedSchema.ts';
import { SchemaForm, WithCode } from './schemaForm.tsx';
import { History } from './History.tsx';
import type { HistoryEntry } from '../schemas/editApi.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** `builds`: how many builds were over when the save was answered; the next one shows it. `undone`: the save undid a recorded change. */
  | { kind: 'saved'; changed: boolean; builds?: { built: number; failed: number }; undone?: boolean }
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'conflict'; disk?: OpenedFile; savedBy?: SavedBy }
  | { kind: 'failed'; message: string };

/** The English file of a zh_TW file, when it exists: `zh_TW/pages/about.yaml` → `en/pages/about.yaml`. */
const englishOf = (file: ListedFile) => (file.locale === 'zh_TW' && file.translations?.en.exists ? versionPath(file, 'en') : undefined);

/** The path of a zh_TW file's version in another locale folder. */
const versionPath = (file: ListedFile, locale: 'en' | 'zh_CN') => file.path.replace(/^zh_TW\//, `${locale}/`);

/**
 * One content file's form: saved with the ETag it was opened with, so a file changed on disk
 * meanwhile is not overwritten; a refused save shows each problem at its field.
 */
export function FileEditor({
  listed,
  builds,
  onOpened,
  onSaved,
  onDirty,
  onCreated,
}: {
  listed: ListedFile;
  /** Builds over and failed since the page opened (App.tsx, from the server's events); none in team mode, where a save waits in a change and builds nothing. */
  builds?: { built: number; failed: number };
  onOpened: (pages: string[]) => void;
  /** A save that changed the file, with the words it changed and its pages (to show where the words are in the preview). */
  onSaved: (path: string, words: string[], pages: string[]) => void;
  onDirty: (dirty: boolean) => void;
  onCreated: (path: string) => void;
}) {
  const [file, setFile] = useState<OpenedFile>();
  const [schema, setSchema] = useState<RJSFSchema>();
  const [data, setData] = useState<unknown>();
  const [body, setBody] = useState<string>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  /** The form and body as last opened or saved, to tell unsaved changes by. */
  const [savedAs, setSavedAs] = useState<string>();
  const [english, setEnglish] = useState<OpenedFile>();
  const [sideBySide, setSideBySide] = useState(false);
  const [translation, setTranslation] = useState<Translation>();
  const [reviewed, setReviewed] = useState<ReadonlySet<string>>(new Set());
  const [historyShown, setHistoryShown] = useState(false);
  const englishPath = englishOf(listed);
  const { language } = useLanguage();
  const t = useText();

  const load = async () => {
    const [opened, bundled] = await Promise.all([openFile(listed.path), bundledSchema(listed.schema)]);
    setFile(opened);
    onOpened(opened.pages);
    setSchema(bundled as RJSFSchema);
    setData(opened.data ?? {});
    setBody(opened.body);
    setSavedAs(snapshot(opened.data ?? {}, opened.body));
    setState({ kind: 'idle' });
  };
  useEffect(() => {
    setFile(undefined);
    setEnglish(undefined);
    setTranslation(undefined);
    load().catch((error: Error) => setState({ kind: 'failed', message: error.message }));
    loadTranslation();
  }, [listed.path]);
  /** A translation shows its zh_TW source field by field, and what changed in it since the translation last changed. */
  const loadTranslation = () => {
    if (listed.locale !== 'en' && listed.locale !== 'zh_CN') return;
    // The fields marked reviewed stay so until the source's changes are read again: none is marked changed meanwhile.
    openTranslation(listed.path).then(
      (read) => {
        setTranslation(read);
        setReviewed(new Set());
      },
      () => undefined,
    );
  };
  const changed = useMemo(
    () => (translation?.before ? changedTexts(translation.before.data, translation.source.data) : new Map<string, string>()),
    [translation],
  );
  const source = useMemo<TranslationSource | undefined>(
    () =>
      translation && {
        data: translation.source.data,
        changed,
        reviewed,
        onReviewed: (field) => setReviewed((before) => new Set([...before, field])),
      },
    [translation, changed, reviewed],
  );
  /** Every change of the source checked: the next save records the review, and the translation is up to date. */
  const allReviewed = changed.size > 0 && [...changed.keys()].every((field) => reviewed.has(field));
  useEffect(() => {
    if (sideBySide && englishPath && english?.path !== englishPath)
      openFile(englishPath).then(setEnglish, (error: Error) => setState({ kind: 'failed', message: error.message }));
  }, [sideBySide, englishPath]);

  const dirty = savedAs !== undefined && snapshot(data, body) !== savedAs;
  /** The version on disk that a save ran into, shown beside the form until the writer chooses. */
  const conflict = state.kind === 'conflict' ? state.disk : undefined;
  useEffect(() => {
    onDirty(dirty);
  }, [dirty]);
  useEffect(() => {
    if (!dirty) return;
    // Leaving the page (closing the tab, reloading): the browser asks, in its own words.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Only this file's problems go to its fields: a save can break another file, and a new translation has problems of its own.
  const problems = state.kind === 'invalid' ? state.problems.filter((problem) => problem.file === listed.path) : [];
  const errors = useMemo(() => errorsAtFields(problems, language), [state, language]);
  if (!file || !schema) return <p className="status">{state.kind === 'failed' ? state.message : t('editor.opening', { path: listed.path })}</p>;
  if (file.syntaxErrors) return <p className="problem">{t('editor.syntax', { path: file.path, reasons: file.syntaxErrors.join('; ') })}</p>;

  /**
   * Saves the form over the version of the file `over` (its ETag): the one opened, or the one on disk
   * the writer chose to replace; `ready`: an unpublished translation, to publish.
   */
  const save = async (over = file, ready = false) => {
    setState({ kind: 'saving' });
    const sent = snapshot(data, body);
    const answer = await saveFile(over, data, body, allReviewed, ready).catch((error: Error) => ({ kind: 'failed' as const, message: error.message }));
    if (answer.kind === 'saved') {
      setFile({ ...over, etag: answer.etag, unpublished: over.unpublished && !ready });
      setSavedAs(sent);
      if (answer.changed) {
        const [before, bodyBefore] = JSON.parse(savedAs ?? '[]') as [unknown, string | null];
        onSaved(file.path, changedWords(before, data, bodyBefore ?? undefined, body), file.pages);
      }
      if (allReviewed) loadTranslation();
      setState({ kind: 'saved', changed: answer.changed, builds });
    } else if (answer.kind === 'conflict') {
      // Someone else saved first: their version is read to be shown beside this one; nothing of either is lost.
      const disk = await openFile(file.path).catch(() => undefined);
      setState({ kind: 'conflict', disk, savedBy: answer.savedBy });
    } else setState(answer);
  };

  /** A recorded change undone: the version from before it saved as a save is, then the file opened again in the form. */
  const undo = async (entry: HistoryEntry) => {
    setState({ kind: 'saving' });
    const answer = await undoChange(file, entry.commit).catch((error: Error) => ({ kind: 'failed' as const, message: error.message }));
    if (answer.kind === 'saved') {
      await load().catch((error: Error) => setState({ kind: 'failed', message: error.message }));
      if (answer.changed) onSaved(file.path, [], file.pages);
      setState({ kind: 'saved', changed: answer.changed, builds, undone: true });
    } else if (answer.kind === 'conflict') setState({ kind: 'failed', message: t('history.stale') });
    else setState(answer);
  };

  /** A missing English file or zh_CN override, started from this file as it was opened or last saved. */
  const addVersion = async (path: string) => {
    // A zh_CN override starts from the text the zh_CN site shows now: the zh_TW text converted.
    const start = path.startsWith('zh_CN/') ? await convertedFile(file.path).catch(() => file) : file;
    const created = await createFile(path, start.data ?? {}, start.body).catch((error: Error) => ({ kind: 'failed' as const, message: error.message }));
    if (created.kind === 'created') onCreated(path);
    else setState(created);
  };

  return (
    <div className="editor">
      <header className="editor-bar">
        <h2>
          {listed.title && <span className="file-title">{listed.title}</span>}
          <span className="file-path">{file.path}</span>
        </h2>
        {englishPath && (
          <label className="toggle">
            <input type="checkbox" checked={sideBySide} onChange={(event) => setSideBySide(event.target.checked)} /> {t('editor.englishBeside')}
          </label>
        )}
        {missingVersions(listed).map(({ locale, path }) => (
          <button type="button" key={locale} onClick={() => void addVersion(path)} title={t('editor.addVersionTitle', { path })}>
            {t(`editor.addVersion.${locale}`)}
          </button>
        ))}
        <button
          type="button"
          aria-expanded={historyShown}
          aria-controls={historyShown ? 'file-history' : undefined}
          onClick={() => setHistoryShown(!historyShown)}
        >
          {t('history.button')}
        </button>
        {dirty && <span className="unsaved">{t('editor.unsaved')}</span>}
        <button type="button" className="save" onClick={() => void save()} disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? t('editor.saving') : t('editor.save')}
        </button>
      </header>
      <SaveStatus
        state={state}
        builds={builds}
        schema={schema}
        onReload={() => load()}
        onKeep={(disk) => void save(disk)}
        differences={conflictFields(state, data, body)}
      />
      {historyShown && (
        <History id="file-history" path={file.path} schema={schema} dirty={dirty} undoing={state.kind === 'saving'} onUndo={(entry) => void undo(entry)} />
      )}
      <div className={(sideBySide && english) || conflict ? 'forms side-by-side' : 'forms'}>
        <div className="form">
          {conflict && <h3>{t('conflict.mine')}</h3>}
          {sideBySide && english && !conflict && <h3>{file.path}</h3>}
          {file.unpublished && (
            <div className="unpublished-note" role="note">
              <p>{t('translation.unpublished')}</p>
              <button type="button" onClick={() => void save(file, true)} disabled={state.kind === 'saving'}>
                {t('translation.markReady')}
              </button>
            </div>
          )}
          {translation && <p className="hint">{translation.before ? t('translation.note') : t('translation.noHistory')}</p>}
          {allReviewed && (
            <p className="reviewed-note" role="status">
              {t('translation.allReviewed')}
            </p>
          )}
          <SchemaForm schema={schema} data={data} errors={errors} source={source} file={file.path} onChange={setData} />
          {body !== undefined && <MarkdownEditor label={t('editor.body')} previewLabel={t('editor.bodyPreview')} value={body} onChange={setBody} />}
        </div>
        {conflict && (
          <div className="form counterpart" role="region" aria-label={t('conflict.theirs')}>
            <h3>{t('conflict.theirs')}</h3>
            <SchemaForm schema={schema} data={conflict.data ?? {}} readOnly idPrefix="disk" />
            {conflict.body !== undefined && <pre className="counterpart-body">{conflict.body}</pre>}
          </div>
        )}
        {sideBySide && english && !conflict && (
          <div className="form counterpart" aria-label={t('editor.readOnly', { path: english.path })}>
            <h3>{english.path}</h3>
            <SchemaForm schema={schema} data={english.data ?? {}} readOnly idPrefix="en" />
          </div>
        )}
      </div>
    </div>
  );
}

/** The English file and zh_CN override a zh_TW file lacks. */
const missingVersions = (file: ListedFile) =>
  (['en', 'zh_CN'] as const).flatMap((locale) =>
    file.locale === 'zh_TW' && file.translations?.[locale].exists === false ? [{ locale, path: versionPath(file, locale) }] : [],
  );

/** What a save would send, as one comparable text (JSON leaves out the keys a form set to undefined). */
const snapshot = (data: unknown, body?: string) => JSON.stringify([data, body ?? null]);

/** The fields (and the body) in which the form and the version on disk differ, as field paths. */
function conflictFields(state: State, data: unknown, body: string | undefined): string[] {
  if (state.kind !== 'conflict' || !state.disk) return [];
  const fields = differingFields(data, state.disk.data ?? {}, '');
  return (state.disk.body ?? '') !== (body ?? '') ? [...fields, 'body'] : fields;
}

function differingFields(mine: unknown, theirs: unknown, at: string): string[] {
  if (JSON.stringify(mine) === JSON.stringify(theirs)) return [];
  const objects = mine && theirs && typeof mine === 'object' && typeof theirs === 'object' && Array.isArray(mine) === Array.isArray(theirs);
  if (!objects) return [at || '(file)'];
  const mineRecord = mine as Record<string, unknown>;
  const theirsRecord = theirs as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(mineRecord), ...Object.keys(theirsRecord)])];
  return keys.flatMap((key) => differingFields(mineRecord[key], theirsRecord[key], Array.isArray(mine) ? `${at}[${key}]` : at ? `${at}.${key}` : key));
}

function SaveStatus({
  state,
  builds,
  onReload,
  onKeep,
  differences,
  schema,
}: {
  state: State;
  builds?: { built: number; failed: number };
  onReload: () => void;
  onKeep: (disk: OpenedFile) => void;
  differences: string[];
  schema: RJSFSchema;
}) {
  const t = useText();
  const { language } = useLanguage();
  const shown = useMemo(() => localizedSchema(schema, language) as Record<string, unknown>, [schema, language]);
  /** A differing field by its title in the form (`place` → 地點); the body and the file as a whole by their names. */
  const titleOf = (field: string) => (field === 'body' ? t('editor.body') : field === '(file)' ? t('conflict.wholeFile') : (fieldTitle(shown, field) ?? field));
  /** Who saved the version this save ran into, as far as the server could tell. */
  const conflictSentence = (by?: SavedBy) =>
    by?.you
      ? t('save.conflictYou')
      : by?.name && by.at
        ? t('save.conflictBy', { name: by.name, at: writtenTime(by.at, language) })
        : by?.at
          ? t('save.conflictAt', { at: writtenTime(by.at, language) })
          : t('save.conflict');
  if (state.kind === 'saved') {
    const preview =
      !builds || !state.builds
        ? 'save.inChange'
        : builds.built > state.builds.built
          ? 'save.previewed'
          : builds.failed > state.builds.failed
            ? 'save.notPreviewed'
            : 'save.rebuilding';
    const said = !state.undone
      ? state.changed
        ? t(preview)
        : t('save.unchanged')
      : !state.changed
        ? t('history.unchanged')
        : builds
          ? `${t('history.undone')}${t(preview)}`
          : t('history.undoneInChange');
    return (
      <p className="status saved" role="status">
        {said}
      </p>
    );
  }
  if (state.kind === 'failed')
    return (
      <p className="problem" role="alert">
        {t('save.failed', { reason: state.message })}
      </p>
    );
  if (state.kind === 'conflict')
    return (
      <div className="conflict" role="alert">
        <p>{conflictSentence(state.savedBy)}</p>
        {state.disk && (
          <>
            <p>{t('conflict.explain')}</p>
            {differences.length > 0 && (
              <>
                <p>{t('conflict.fields')}</p>
                <ul className="conflict-fields">
                  {differences.map((field) => (
                    <li key={field}>{titleOf(field)}</li>
                  ))}
                </ul>
              </>
            )}
            <div className="buttons">
              <button type="button" className="save" onClick={() => onKeep(state.disk!)}>
                {t('conflict.keepMine')}
              </button>
              <button type="button" onClick={onReload}>
                {t('conflict.takeTheirs')}
              </button>
            </div>
          </>
        )}
        {!state.disk && (
          <button type="button" onClick={onReload}>
            {t('save.reload')}
          </button>
        )}
      </div>
    );
  if (state.kind === 'invalid') return <ProblemList problems={state.problems} schema={schema} />;
  return null;
}

/** Why a save or a new file was refused: every problem in plain words, its field by its title; its file, line and code in a small line under it. */
export function ProblemList({ problems, schema }: { problems: Problem[]; schema?: RJSFSchema }) {
  const { language } = useLanguage();
  const t = useText();
  const shown = useMemo(() => schema && localizedSchema(schema, language), [schema, language]);
  return (
    <div className="problems" role="alert">
      <p>{problems.length === 1 ? t('problems.one') : t('problems.count', { count: problems.length })}</p>
      <ul>
        {problems.map((problem, index) => {
          const hint = problemHint(problem, language, schema as Record<string, unknown> | undefined, shown as Record<string, unknown> | undefined);
          return (
            <li key={index}>
              {problemSentence(problem, language, shown as Record<string, unknown> | undefined, t('editor.body'))}
              {hint && (
                <em>
                  {' '}
                  <WithCode text={hint} />
                </em>
              )}
              <small className="problem-place">{problemPlace(problem)}</small>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
