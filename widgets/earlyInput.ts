/**
 * What a reader does in a form before its code is ready is kept, not lost. A form's code may still
 * be on its way when the reader uses it: a React form island wakes when touched, and React arrives
 * after the touch; a plain widget's chunk follows the client entry. Meanwhile:
 * - a form sent is held (its element marked `data-hold-input`: widgets/registry.ts) and sent again,
 *   with the same button, once the code says it is ready (`releaseEarlyInput`);
 * - what was typed or chosen stays in the fields, where the code reads it (`typedBefore`): a
 *   hydrated React field keeps the value it finds, but the widget's state does not know it.
 */

/** Each holder's forms sent while it held them, with the button that sent each. */
const held = new Map<Element, Map<HTMLFormElement, HTMLElement | null>>();

/** Starts holding the forms sent inside elements marked `data-hold-input` (the client entry calls it once). */
export function holdEarlyInput(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      const holder = form.closest('[data-hold-input]');
      if (!holder) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!held.has(holder)) held.set(holder, new Map());
      held.get(holder)!.set(form, event.submitter);
    },
    { capture: true },
  );
}

/** The form's code is ready: its holder stops holding, and each form it held is sent again. */
export function releaseEarlyInput(inside: Element): void {
  const holder = inside.closest('[data-hold-input]');
  if (!holder) return;
  holder.removeAttribute('data-hold-input');
  const forms = held.get(holder);
  held.delete(holder);
  for (const [form, submitter] of forms ?? []) if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
}

/**
 * The fields of a form the reader changed from what the server wrote: a text, a choice of a list or
 * a radio button's value by its name, a checkbox's state as a boolean.
 */
export function typedBefore(form: HTMLFormElement): Map<string, string | boolean> {
  const typed = new Map<string, string | boolean>();
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      if (field.type === 'checkbox') typed.set(field.name, field.checked);
      else if (field.checked) typed.set(field.name, field.value);
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) typed.set(field.name, field.value);
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) typed.set(field.name, field.value);
    }
  }
  return typed;
}

/**
 * `values` with what was typed before laid over it, each field only where it has the same kind
 * of value (a text for a text, a boolean for a checkbox).
 */
export function withTyped<T extends Record<string, string | boolean>>(values: T, typed: Map<string, string | boolean>): T {
  const next: Record<string, string | boolean> = { ...values };
  for (const [name, value] of typed) if (name in next && typeof next[name] === typeof value) next[name] = value;
  return next as T;
}
