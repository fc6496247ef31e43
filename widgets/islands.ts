import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadChunk } from './chunkReload.ts';

export type WidgetLoaders = Record<string, () => Promise<{ default: ComponentType<never> }>>;

/**
 * Hydrates the islands on this page: finds each `[data-island]`, imports only that widget's
 * chunk, and hydrates it with the props the server rendered it with (the JSON script just before
 * it, templates/Island.tsx).
 */
export function hydrateIslands(loaders: WidgetLoaders): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island!;
    const load = loaders[name];
    if (!load) {
      console.error(`No widget named ${name} in the client bundle`);
      continue;
    }
    const script = element.previousElementSibling;
    const props = JSON.parse(script?.matches('script[type="application/json"]') ? script.textContent! : '{}') as object;
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
