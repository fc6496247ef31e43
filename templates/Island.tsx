import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { formWidgets, isWidgetName, wakeParameters, wakes, widgetNames, type Wake, type WidgetName } from '../widgets/registry.ts';

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
  /** When it hydrates, if not at its widget's usual time (`wakes`, widgets/registry.ts). */
  hydrate?: Wake;
}

/**
 * Renders a widget on the server and marks it for hydration: `data-island` names the widget,
 * `data-hydrate` says when it wakes (`data-wake-with`: or at once with that address parameter;
 * `data-hold-input`: a form, whose early input waits for it), and the JSON script just before it carries its props (widgets/islands.ts). In a script element JSON
 * needs only its `<` escaped, where an attribute would spell every quote `&quot;`: the shell's
 * props were a third of an event page, and that escaping a seventh.
 */
export function Island<P extends object>({ name, props, as: Tag = 'div', className, hydrate }: IslandProps<P>) {
  if (!isWidgetName(name)) throw new Error(`Unknown widget "${String(name)}"; the widgets are: ${widgetNames.join(', ')}`);
  const Widget = components.get(name) as ComponentType<P> | undefined;
  if (!Widget) throw new Error(`Widget ${name} is not loaded: call loadWidgets() before rendering`);
  let island = serialised.get(props);
  if (island?.name !== name) serialised.set(props, (island = serialise(name, Widget, props)));
  return (
    <>
      <script type="application/json" dangerouslySetInnerHTML={{ __html: island.json }} />
      <Tag
        className={className}
        data-island={name}
        data-hydrate={hydrate ?? wakes[name]}
        data-wake-with={wakeParameters[name]}
        data-hold-input={formWidgets.includes(name) ? '' : undefined}
        dangerouslySetInnerHTML={{ __html: island.html }}
      />
    </>
  );
}

interface Serialised {
  name: WidgetName;
  /** The props as JSON, ready for a script element. */
  json: string;
  html: string;
}

/**
 * Each props object's island as written: the shell's props are one object for all the pages of a
 * locale (`PageContext.oncePerLocale`), serialised once rather than on every page.
 */
const serialised = new WeakMap<object, Serialised>();

/** An island's props as JSON and its markup, rendered once per widget and props (`rendered`). */
function serialise<P extends object>(name: WidgetName, Widget: ComponentType<P>, props: P): Serialised {
  const json = JSON.stringify(props);
  const key = `${name} ${json}`;
  let html = rendered.get(key);
  if (html === undefined) {
    // Rendered apart with renderToString so the markup is exactly what hydrateRoot expects.
    html = renderToString(<Widget {...props} />);
    if (rendered.size >= renderedLimit) rendered.clear();
    rendered.set(key, html);
  }
  return { name, json: json.replace(/</g, '\\u003c'), html };
}

/**
 * What each island rendered, by its widget and props. An island's markup depends on its props
 * alone (the browser hydrates it from them), and the shell's islands get the same props on most
 * pages of a locale: the menu, the search popup and the dialogs were rendered again for each page,
 * a sixth of the build's render time.
 */
const rendered = new Map<string, string>();
const renderedLimit = 2000;
