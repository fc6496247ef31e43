/**
 * Every island the templates may use. The client bundle gets one lazily loaded chunk per name,
 * loaded from `widgets/<Name>.tsx` (default export) only on pages that contain that island.
 */
export const widgetNames = ['Menu', 'LanguageSwitch', 'EventFilter', 'Tooltip', 'SearchResults', 'SearchPopup', 'ModalHost', 'Quiz', 'Survey'] as const;

export type WidgetName = (typeof widgetNames)[number];

export function isWidgetName(name: string): name is WidgetName {
  return (widgetNames as readonly string[]).includes(name);
}

/**
 * Menu actions the client can carry out (menu.yaml `triggerAction`). An entry whose action is not
 * here is left out of the menu rather than shown as a button that does nothing. 'subscriber' opens
 * the newsletter dialog (ModalHost).
 */
export const menuActions: readonly string[] = ['subscriber'];
