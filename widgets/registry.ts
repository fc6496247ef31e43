/**
 * Every island the templates may use. The client bundle gets one lazily loaded chunk per name,
 * loaded from `widgets/<Name>.tsx` (default export) only on pages that contain that island, and only
 * when it wakes.
 */
export const widgetNames = ['EventFilter', 'Tooltip', 'SearchResults', 'ModalHost', 'QuizRecord', 'Survey'] as const;

export type WidgetName = (typeof widgetNames)[number];

/**
 * Islands drawn by plain DOM code rather than React when they wake, by the module the browser loads
 * for each: its `mount` takes over the island's server HTML (still rendered from
 * `widgets/<Name>.tsx`), and React is not fetched for it. The search results: without React a
 * query's first results come several round trips sooner.
 */
export const domIslands: Partial<Record<WidgetName, string>> = { SearchResults: 'search/results.ts' };

/** A DOM island's module. */
export interface DomIsland {
  mount(island: HTMLElement, props: never): void;
}

export function isWidgetName(name: string): name is WidgetName {
  return (widgetNames as readonly string[]).includes(name);
}

/**
 * When an island hydrates, and so when React and its code are fetched (widgets/islands.ts):
 * - `load`: at once;
 * - `idle`: once the browser is idle after load;
 * - `visible`: when it comes near the window;
 * - `interaction`: when the pointer comes over it, a finger touches it or it takes focus, or when
 *   the page asks for it (`wakeIsland`: the dialogs' host when a dialog is to open). Until then its
 *   server-rendered HTML answers on its own (a tooltip opens on hover and focus through CSS, the
 *   event filter's links jump to their year, the search box sends its query in the address).
 */
export type Wake = 'load' | 'idle' | 'visible' | 'interaction';

/** Each widget's wake unless its `<Island hydrate>` says otherwise. */
export const wakes: Record<WidgetName, Wake> = {
  EventFilter: 'interaction',
  Tooltip: 'interaction',
  SearchResults: 'interaction',
  ModalHost: 'interaction',
  QuizRecord: 'interaction',
  Survey: 'interaction',
};

/**
 * The forms among the widgets: what a reader sends or types in one before it wakes is kept for it
 * (widgets/earlyInput.ts). A form is touched exactly when it is about to be filled in.
 */
export const formWidgets: readonly WidgetName[] = ['QuizRecord', 'Survey'];

/**
 * Parts of a page written for the DOM alone, without React: each is a module of `widgets/` whose
 * default export takes the element a template marks with `plainWidget(name)`. The client entry
 * loads one at once on a page that has its element, in a chunk of its own, and what the reader sends
 * in it meanwhile waits for it (widgets/earlyInput.ts). The quiz's questions and result are plain:
 * a first tap on an answer must not wait for React.
 */
export const plainWidgets = {
  QuizForm: 'quiz/form.ts',
  QuizResult: 'quiz/result.ts',
} as const;

export type PlainWidgetName = keyof typeof plainWidgets;

/** The attributes that mark a plain widget's element in a template: `<div {...plainWidget('QuizResult')}>`. */
export const plainWidget = (name: PlainWidgetName) => ({ 'data-widget': name, 'data-hold-input': '' });

/**
 * Widgets that read a parameter of the page's address, and wake at once when it is there: the
 * results of a search (`?query=`), the events of a chosen year (`?year=`).
 */
export const wakeParameters: Partial<Record<WidgetName, string>> = { SearchResults: 'query', EventFilter: 'year' };

/**
 * Menu actions the client can carry out (menu.yaml `triggerAction`). An entry whose action is not
 * here is left out of the menu rather than shown as a button that does nothing. 'subscriber' opens
 * the newsletter dialog (ModalHost).
 */
export const menuActions: readonly string[] = ['subscriber'];
