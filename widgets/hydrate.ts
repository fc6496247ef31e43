/**
 * Hydrates one island: loaded with React, in a chunk of its own, by the first island that wakes
 * (widgets/islands.ts).
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIsland(element: HTMLElement, widget: ComponentType<never>, props: object): void {
  hydrateRoot(element, createElement(widget as ComponentType<object>, props), { onUncaughtError: (error) => showRenderError(element, error) });
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
