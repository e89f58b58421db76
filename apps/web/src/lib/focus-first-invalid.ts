/**
 * Moves to the first field in error inside `scope` once the errors just revealed have rendered (the
 * save bar's "show" link, issue 21): scrolled into the middle of the screen and focused.
 */
export function focusFirstInvalid(scope = 'body'): void {
  window.setTimeout(() => {
    const first = document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`);
    first?.scrollIntoView({ block: 'center' });
    first?.focus();
  }, 50);
}
