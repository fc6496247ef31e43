import { useEffect, useMemo, useRef, useState } from 'react';
import {
  assetFiles,
  assetsChanged,
  gitState,
  listFiles,
  openFile,
  pickerChoices,
  sayClosed,
  sayOpen,
  type Choices,
  type GitState,
  type ListedFile,
  type Problem,
} from './api.ts';
import { FileEditor } from './FileEditor.tsx';
import { FileList } from './FileList.tsx';
import { GitPanel } from './GitPanel.tsx';
import { ChangesPanel } from './ChangesPanel.tsx';
import type { TeamMember } from '../schemas/editApi.ts';
import { NewEvent } from './NewEvent.tsx';
import { LanguageSwitch, useLanguage, useText } from './language.tsx';
import type { MessageKey } from './messages.ts';
import { problemSentence } from './problems.ts';
import { pageShowing, scrollToWords } from './previewPlace.ts';
import { englishVisitKey } from '../widgets/englishNotice.ts';
import { RegistryContext } from './FigurePicker.tsx';
import { emptyRegistry } from './figures.ts';
import { FilesContext, MediaContext, MediaView } from './Media.tsx';
import { SiteMessagesContext } from './schemaForm.tsx';

/** The address of the media view (`#media`): no content file has that path. */
const mediaAddress = 'media';

/** The file open in the editor lives in the address (`#zh_TW/pages/about.yaml`), so a reload keeps it. */
const pathInAddress = () => decodeURIComponent(location.hash.slice(1));

/**
 * `esg edit`'s page: the content files, the open file's form, the preview as a visitor sees it, and
 * Git; in team mode, the signed-in member's changes under review instead of Git.
 */
/** The content files that have no title of their own, by their path inside content/ or a locale folder: the words that name them. */
const untitled: Record<string, MessageKey> = {
  'metrics.yaml': 'fileTitle.metrics',
  'site.yaml': 'fileTitle.site',
  'synonyms.yaml': 'fileTitle.synonyms',
  'menu.yaml': 'fileTitle.menu',
  'sitemap.yaml': 'fileTitle.sitemap',
  'messages.yaml': 'fileTitle.messages',
};

export function App({ member, onSignOut }: { member?: TeamMember; onSignOut?: () => void }) {
  const t = useText();
  const { language } = useLanguage();
  const [listedFiles, setFiles] = useState<ListedFile[]>([]);
  /** The files as listed; those without a title of their own (metrics.yaml, menu.yaml) named by what they hold. */
  const files = useMemo(
    () =>
      listedFiles.map((file) => {
        const name = untitled[file.path.replace(/^(zh_TW|zh_CN|en)\//, '')];
        return file.title || !name ? file : { ...file, title: t(name) };
      }),
    [listedFiles, language],
  );
  /** In team mode, the other members who have the open file open too. */
  const [together, setTogether] = useState<string[]>([]);
  /** Each file's title by its path: the panels name files as the file list does. */
  const titles = useMemo(() => new Map(files.flatMap((file) => (file.title ? [[file.path, file.title] as const] : []))), [files]);
  const [current, setCurrent] = useState(pathInAddress());
  const [git, setGit] = useState<GitState>();
  const [status, setStatus] = useState(t('app.loading'));
  const [previewVersion, setPreviewVersion] = useState(0);
  const [savedVersion, setSavedVersion] = useState(0);
  /** Counts the times the open file is to be read again from the server (a discarded change). */
  const [opened, setOpened] = useState(0);
  const [previewPage, setPreviewPage] = useState<string>();
  /** Builds over, and builds failed, since the page opened: a save's message follows them. */
  const [builds, setBuilds] = useState({ built: 0, failed: 0 });
  /** The words a save changed, to find the page where they show once it is built; and those words, to scroll the preview to. */
  const lookFor = useRef<{ pages: string[]; words: string[] }>(undefined);
  const [previewWords, setPreviewWords] = useState<string>();
  /** The new-event form is open in the main column. */
  const [making, setMaking] = useState(false);
  /** On a phone, the file list is folded away under its button while a file or form is open. */
  const [listShown, setListShown] = useState(false);
  const [choices, setChoices] = useState<Choices>({ assets: [], metrics: [], registry: emptyRegistry, siteMessages: { zh_TW: {}, zh_CN: {}, en: {} } });

  /** The open file has unsaved changes (a ref: the address's listener is made once). */
  const dirty = useRef(false);
  const previewFrame = useRef<HTMLIFrameElement>(null);
  const currentRef = useRef(current);
  currentRef.current = current;
  // The listeners below are made once; they read the interface's words as they are now.
  const now = useRef({ t, language });
  now.current = { t, language };
  /** Whether to go on to another file although the open one has unsaved changes. */
  const leaveUnsaved = (path: string) => confirm(now.current.t('app.leaveUnsaved', { path }));

  const refreshGit = () => gitState().then(setGit, () => setGit(undefined));
  const refreshFiles = () =>
    listFiles().then(
      (list) => {
        setFiles(list);
        setStatus(now.current.t('app.listed', { count: list.length }));
        return list;
      },
      (error: Error) => {
        setStatus(now.current.t('app.listFailed', { reason: error.message }));
        return files;
      },
    );
  useEffect(() => {
    // The preview shares this page's origin, and so its session: the site's notice to a first English
    // page of a visit ("some pages are in Chinese only") is for visitors, not for the writer of those pages.
    sessionStorage.setItem(englishVisitKey, 'shown');
    void refreshFiles();
    void refreshGit();
    void pickerChoices().then(setChoices);
    const onAssets = () => void assetFiles().then((assets) => setChoices((before) => ({ ...before, assets })));
    addEventListener(assetsChanged, onAssets);
    const onHash = () => {
      if (pathInAddress() === currentRef.current) return;
      // Back or forward in the browser, or an address typed: the file is left only if the editor says so.
      if (dirty.current && !leaveUnsaved(currentRef.current)) history.replaceState(null, '', `#${encodeURI(currentRef.current)}`);
      else setCurrent(pathInAddress());
    };
    addEventListener('hashchange', onHash);
    const events = new EventSource('/api/events');
    events.onmessage = (event) => {
      const message = JSON.parse(event.data as string) as {
        type: string;
        path?: string;
        pages?: string[];
        ms?: number;
        message?: string;
        problems?: Problem[];
      };
      if (message.type === 'saved') setStatus(now.current.t('app.saved', { path: message.path ?? '' }));
      if (message.type === 'built') {
        setStatus(now.current.t('app.built', { count: message.pages?.length ?? 0 }));
        const wanted = lookFor.current;
        lookFor.current = undefined;
        const shown = () => {
          setPreviewVersion((version) => version + 1);
          setBuilds((before) => ({ ...before, built: before.built + 1 }));
        };
        if (!wanted?.words.length) shown();
        else
          void pageShowing([...new Set([...wanted.pages, ...(message.pages ?? [])])], wanted.words).then((found) => {
            if (found) {
              setPreviewPage(found.page);
              setPreviewWords(found.words);
            }
            shown();
          });
      }
      // A new file has its pages once the build after its making is over.
      if (message.type === 'done' && !previewFrame.current && currentRef.current) {
        const path = currentRef.current;
        void openFile(path).then(
          (file) => currentRef.current === path && setPreviewPage(file.pages[0]),
          () => undefined,
        );
      }
      if (message.type === 'error') setBuilds((before) => ({ ...before, failed: before.failed + 1 }));
      if (message.type === 'error')
        setStatus(
          now.current.t('app.notBuilt', {
            reason:
              message.message ?? message.problems?.map((problem) => `${problemSentence(problem, now.current.language)} (${problem.file})`).join('; ') ?? '',
          }),
        );
    };
    return () => {
      events.close();
      removeEventListener('hashchange', onHash);
      removeEventListener(assetsChanged, onAssets);
    };
  }, []);

  const open = (path: string) => {
    setListShown(false);
    if (path === current) return setMaking(false);
    if (dirty.current && !leaveUnsaved(current)) return;
    dirty.current = false;
    setMaking(false);
    location.hash = encodeURI(path);
  };
  /** A new file is listed, then opened (after the editor's say, when the open file has unsaved changes). */
  const created = async (path: string) => {
    const title = (await refreshFiles()).find((file) => file.path === path)?.title;
    void refreshGit();
    // In team mode a new file waits in the member's change, as a save does.
    setStatus(t(member ? 'app.savedDraft' : 'app.made', { path: title ?? path }));
    if (member) setSavedVersion((version) => version + 1);
    open(path);
  };
  const listed = files.find((file) => file.path === current);
  const media = current === mediaAddress;
  const openPath = member ? listed?.path : undefined;
  // In team mode the editor says every 20 s which file it has open, and learns who else has it open: before anyone saves over another.
  useEffect(() => {
    setTogether([]);
    if (!openPath) return;
    const say = () => void sayOpen(openPath).then(setTogether, () => undefined);
    say();
    const every = setInterval(say, 20_000);
    return () => {
      clearInterval(every);
      sayClosed(openPath);
    };
  }, [openPath]);
  const folded = Boolean(listed || media || making) && !listShown;

  return (
    <RegistryContext.Provider value={choices.registry}>
      <SiteMessagesContext.Provider value={choices.siteMessages}>
        <MediaContext.Provider value={choices.assets}>
          <div className="app">
            <header className="top">
              <h1>{t('app.title')}</h1>
              <p id="status" role="status">
                {status}
              </p>
              {member && (
                <p className="member">
                  {t('team.member', { name: member.name, role: t(`role.${member.role}`) })}{' '}
                  <button type="button" onClick={onSignOut}>
                    {t('team.signOut')}
                  </button>
                </p>
              )}
              <LanguageSwitch />
            </header>
            <aside className={folded ? 'side folded' : 'side'}>
              <button type="button" className="side-toggle" aria-expanded={!folded} onClick={() => setListShown(folded)}>
                {folded ? t('files.show') : t('files.hide')}
              </button>
              <button
                type="button"
                className={making ? 'new-event current' : 'new-event'}
                aria-pressed={making}
                onClick={() => {
                  setMaking(!making);
                  setListShown(false);
                }}
              >
                {t('event.new')}
              </button>
              <button
                type="button"
                className={media ? 'media-open current' : 'media-open'}
                aria-current={media ? 'page' : undefined}
                onClick={() => open(mediaAddress)}
              >
                {t('media.title')}
              </button>
              <FileList files={files} current={current} changed={new Map(git?.changed?.map((file) => [file.path, file.status]))} onOpen={open} />
              {member ? (
                <ChangesPanel
                  member={member}
                  version={savedVersion}
                  titles={titles}
                  schemaOf={(path) => files.find((file) => file.path === path)?.schema}
                  onDone={setStatus}
                  onDiscarded={() => {
                    // The open file's form held the discarded text: it is opened again, as published.
                    setOpened((count) => count + 1);
                    void refreshFiles();
                  }}
                />
              ) : (
                <GitPanel
                  state={git}
                  titles={titles}
                  onCommitted={(message) => {
                    setStatus(message);
                    void refreshGit();
                  }}
                />
              )}
            </aside>
            <main className="main">
              {making ? (
                <NewEvent
                  onCreated={(path) => {
                    setMaking(false);
                    void created(path);
                  }}
                  onCancel={() => setMaking(false)}
                />
              ) : listed ? (
                <>
                  {together.length > 0 && (
                    <p className="together" role="status">
                      {t('team.together', { names: together.join(t('team.and')) })}
                    </p>
                  )}
                  <FileEditor
                    key={`${listed.path} ${opened}`}
                    listed={listed}
                    onOpened={(pages) => {
                      setPreviewPage(pages[0]);
                      setPreviewWords(undefined);
                    }}
                    builds={member ? undefined : builds}
                    onSaved={(_path, words, pages) => {
                      lookFor.current = member ? undefined : { pages, words };
                      if (member) {
                        setStatus(t('app.savedDraft', { path: listed.title ?? listed.path }));
                        setSavedVersion((version) => version + 1);
                      }
                      void refreshGit();
                      // A translation saved is no longer older than its source: the list's marks are read again.
                      void listFiles().then(setFiles, () => undefined);
                    }}
                    onCreated={(path) => void created(path)}
                    onDirty={(changed) => {
                      dirty.current = changed;
                    }}
                  />
                </>
              ) : media ? (
                <FilesContext.Provider value={files}>
                  <MediaView onOpen={open} />
                </FilesContext.Provider>
              ) : (
                <p className="hint">{t('app.choose')}</p>
              )}
            </main>
            <datalist id="asset-files">
              {choices.assets.map((asset) => (
                <option key={asset.path} value={asset.path} />
              ))}
            </datalist>
            <datalist id="metric-ids">
              {choices.metrics.map((metric) => (
                <option key={metric.id} value={metric.id} label={metric.label} />
              ))}
            </datalist>
            <section className="preview" aria-label={t('app.preview')}>
              {previewPage ? (
                <iframe
                  ref={previewFrame}
                  key={previewVersion}
                  title={t('app.preview')}
                  src={previewPage}
                  onLoad={(event) => previewWords && scrollToWords(event.currentTarget, previewWords)}
                />
              ) : (
                <p className="hint">{listed ? t('app.noPreview') : t('app.previewHere')}</p>
              )}
            </section>
          </div>
        </MediaContext.Provider>
      </SiteMessagesContext.Provider>
    </RegistryContext.Provider>
  );
}
