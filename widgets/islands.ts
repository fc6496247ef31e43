import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadChunk } from './chunkReload.ts';
import type { WidgetName } from './registry.ts';

export type WidgetLoaders = Record<WidgetName, () => Promise<{ default: ComponentType<never> }>>;

/**
 * Hydrates the islands on this page: finds each `[data-island]`, imports only that widget's
 * chunk, and hydrates it with the props the server rendered it with (the JSON script just before
 * it, templates/Island.tsx).
 */
export function hydrateIslands(loaders: WidgetLoaders): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    // The server renders only widgets of the registry (templates/Island.tsx), and the entry has a loader for each.
    const load = loaders[element.dataset.island as WidgetName];
    // Its props: the JSON script Island.tsx writes just before it.
    const props = JSON.parse(element.previousElementSibling!.textContent!) as object;
    void loadChunk(load).then((module) =>
      hydrateRoot(element, createElement(module.default as ComponentType<object>, props), { onUncaughtError: (error) => showRenderError(element, error) }),
    );
  }
}

/**
 * A widget that fails to render is replaced by the generic error text of the `#widget-error`
 * template (docs/product.md, "Errors shown to visitors").
 */
function showRenderError(element: HTMLElement, error: unknown): void {
  console.error(error);
  const message = document.querySelector<HTMLTemplateElement>('#widget-error')?.content.cloneNode(true);
  if (message) element.replaceChildren(message);
}
