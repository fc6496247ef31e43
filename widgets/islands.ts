/**
 * Wakes the islands on this page, each when its `data-hydrate` says (widgets/registry.ts, `Wake`):
 * only then are React and the widget's chunk fetched and the island hydrated with the props the
 * server rendered it with (the JSON script just before it, templates/Island.tsx). Starts the page's
 * plain widgets at once. This module is part of the client entry and loads no React itself.
 */
import type { ComponentType } from 'react';
import { loadChunk } from './chunkReload.ts';
import { islandNearMarginPx } from './limits.ts';
import { domIslands, type DomIsland, type PlainWidgetName, type WidgetName } from './registry.ts';
import { showWidgetError } from './widgetError.ts';

export type WidgetLoaders = Record<WidgetName, () => Promise<{ default: ComponentType<never> } | DomIsland>>;
export type PlainWidgetLoaders = Record<PlainWidgetName, () => Promise<{ default: (element: HTMLElement) => void }>>;

/** Each widget's chunk, given by the client entry (`startIslands`), which makes one per widget of the registry. */
let widgets: WidgetLoaders | undefined;
const woken = new WeakSet<Element>();

/** Hydrates an island, once: its props, its widget's chunk, and React with the code that hydrates. */
function wake(element: HTMLElement): void {
  if (!widgets || woken.has(element)) return;
  woken.add(element);
  const props = JSON.parse(element.previousElementSibling!.textContent!) as object;
  const name = element.dataset.island as WidgetName;
  if (domIslands[name]) return mountDom(element, widgets[name] as () => Promise<DomIsland>, props);
  const widget = widgets[name] as () => Promise<{ default: ComponentType<never> }>;
  void loadChunk(() => Promise.all([import('./hydrate.ts'), widget()])).then(([{ hydrateIsland }, module]) => hydrateIsland(element, module.default, props));
}

/** A DOM island's module takes over its island without React (widgets/registry.ts, `domIslands`). */
function mountDom(element: HTMLElement, widget: () => Promise<DomIsland>, props: object): void {
  void loadChunk(widget).then((module) => {
    try {
      module.mount(element, props as never);
    } catch (error) {
      showWidgetError(element, error);
    }
  });
}

/** Starts watching the page's islands. */
export function startIslands(loaders: WidgetLoaders): void {
  widgets = loaders;
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        wake(entry.target as HTMLElement);
      }
    },
    { rootMargin: `${islandNearMarginPx}px` },
  );
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const address = new URLSearchParams(location.search);
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = element.dataset.hydrate;
    const withParameter = element.dataset.wakeWith;
    if (when === 'load' || (withParameter && address.has(withParameter))) wake(element);
    else if (when === 'idle') whenIdle(() => wake(element));
    else if (when === 'visible') near.observe(element);
  }
  // `interaction`: the first pointer, touch or focus on the island.
  for (const type of ['pointerover', 'touchstart', 'focusin'])
    document.addEventListener(
      type,
      (event) => {
        const island = (event.target as Element | null)?.closest?.<HTMLElement>('[data-island]');
        if (island) wake(island);
      },
      { capture: true, passive: true },
    );
}

/** Wakes the page's island of that widget now, if it has one (the dialogs' host, when a dialog is to open). */
export function wakeIsland(name: WidgetName): void {
  const element = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (element) wake(element);
}

/** Starts each plain widget of the page (`data-widget`, widgets/registry.ts) as soon as its chunk is there. */
export function startPlainWidgets(loaders: PlainWidgetLoaders): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-widget]')) {
    const load = loaders[element.dataset.widget as PlainWidgetName];
    void loadChunk(load).then((module) => module.default(element));
  }
}
