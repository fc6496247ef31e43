/**
 * A widget that fails to render is replaced by the generic error text of the `#widget-error`
 * template (docs/product.md, "Errors shown to visitors").
 */
export function showWidgetError(element: HTMLElement, error: unknown): void {
  console.error(error);
  const message = document.querySelector<HTMLTemplateElement>('#widget-error')?.content.cloneNode(true);
  if (message) element.replaceChildren(message);
}
