/**
 * A <details> dropdown (language switch, share menu) closes with Esc, which returns focus to its
 * summary, and with a click anywhere outside it. Returns the function that stops listening.
 */
export function closeDetailsOnEscapeOrOutside(details: HTMLDetailsElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false;
      details.querySelector('summary')?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick);
  };
}

/**
 * A link that acts as the button of a disclosure (`role="button"`, its `href` what it does without
 * JavaScript: the menu's `#site-menu`, the search page) answers a click and Space as a button does.
 */
export function onButtonPress(link: HTMLAnchorElement, press: (event: Event) => void): void {
  link.addEventListener('click', press);
  link.addEventListener('keydown', (event) => event.key === ' ' && press(event));
}
