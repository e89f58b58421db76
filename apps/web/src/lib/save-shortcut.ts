/**
 * Ctrl+S / ⌘S presses the Save button in view (issue 21): the one marked `data-save-shortcut` in the
 * topmost open dialog, else on the page. The browser's own "save page" never opens inside the app. A
 * disabled Save gets the focus instead, so its reason (the save bar's text) is read out.
 */
function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

function saveButton(): HTMLButtonElement | undefined {
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(visible);
  const dialog = dialogs.at(-1);
  const candidates = [...(dialog ?? document).querySelectorAll<HTMLButtonElement>('[data-save-shortcut]')];
  return candidates.find(
    (button) => visible(button) && (dialog !== undefined || !button.closest('[role="dialog"]')),
  );
}

export function onSaveShortcut(event: KeyboardEvent): void {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  if (event.key.toLowerCase() !== 's') return;
  event.preventDefault();
  const button = saveButton();
  if (!button) return;
  if (button.disabled || button.dataset.disabled === 'true' || button.dataset.loading === 'true') {
    button.focus();
    return;
  }
  button.click();
}

/** Listens for the shortcut on the whole app; answers the function that stops listening. */
export function installSaveShortcut(): () => void {
  window.addEventListener('keydown', onSaveShortcut);
  return () => window.removeEventListener('keydown', onSaveShortcut);
}
