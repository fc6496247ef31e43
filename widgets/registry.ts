/**
 * Every island the templates may use. The client bundle gets one lazily loaded chunk per name,
 * loaded from `widgets/<Name>.tsx` (default export) only on pages that contain that island, and only
 * when it wakes.
 */
export const widgetNames = ['EventFilter', 'Tooltip', 'SearchResults', 'ModalHost', 'Quiz', 'Survey'] as const;

export type WidgetName = (typeof widgetNames)[number];

/**
 * Widgets drawn by plain DOM code rather than React, by the module the browser loads for each:
 * its `mount` takes over the island's server HTML (still rendered from `widgets/<Name>.tsx`), and
 * React is not fetched for it. The search results: without React a query's first results come
 * several round trips sooner.
 */
export const plainWidgets: Partial<Record<WidgetName, string>> = { SearchResults: 'search/results.ts' };

/** A plain widget's module. */
export interface PlainWidget {
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
  Quiz: 'visible',
  Survey: 'visible',
};

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
