/**
 * Every island the templates may use. The client bundle gets one lazily loaded chunk per name,
 * loaded from `widgets/<Name>.tsx` (default export) only on pages that contain that island.
 */
export const widgetNames = ['Menu', 'LanguageSwitch', 'EventFilter'] as const;

export type WidgetName = (typeof widgetNames)[number];

export function isWidgetName(name: string): name is WidgetName {
  return (widgetNames as readonly string[]).includes(name);
}
