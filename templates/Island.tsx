import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { isWidgetName, widgetNames, type WidgetName } from '../widgets/registry.ts';

const components = new Map<WidgetName, ComponentType<never>>();

/** Loads the server copies of the widgets once, before any page renders. */
export async function loadWidgets(): Promise<void> {
  for (const name of widgetNames) {
    if (!components.has(name)) {
      const module = (await import(`../widgets/${name}.tsx`)) as { default: ComponentType<never> };
      components.set(name, module.default);
    }
  }
}

interface IslandProps<P> {
  name: WidgetName;
  props: P;
  /** Element that wraps the island; `div` unless it sits in inline content. */
  as?: 'div' | 'span';
  className?: string;
}

/**
 * Renders a widget on the server and marks it for hydration: `data-island` names the widget,
 * `data-props` carries its props as JSON (escaped by React like any attribute).
 */
export function Island<P extends object>({ name, props, as: Tag = 'div', className }: IslandProps<P>) {
  if (!isWidgetName(name)) throw new Error(`Unknown widget "${String(name)}"; the widgets are: ${widgetNames.join(', ')}`);
  const Widget = components.get(name) as ComponentType<P> | undefined;
  if (!Widget) throw new Error(`Widget ${name} is not loaded: call loadWidgets() before rendering`);
  // Rendered apart with renderToString so the markup is exactly what hydrateRoot expects.
  const html = renderToString(<Widget {...props} />);
  return <Tag className={className} data-island={name} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: html }} />;
}
