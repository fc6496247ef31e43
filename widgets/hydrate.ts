/**
 * Hydrates one island: loaded with React, in a chunk of its own, by the first island that wakes
 * (widgets/islands.ts).
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { showWidgetError } from './widgetError.ts';

export function hydrateIsland(element: HTMLElement, widget: ComponentType<never>, props: object): void {
  hydrateRoot(element, createElement(widget as ComponentType<object>, props), { onUncaughtError: (error) => showWidgetError(element, error) });
}
