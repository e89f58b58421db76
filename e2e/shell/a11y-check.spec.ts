import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';

// The accessibility check every screen goes through must be able to fail: a page with serious
// violations (an image without a text, a button without a name, a field without a label) is refused,
// and the same page mended passes.
test('the accessibility check refuses serious violations and passes the mended page', async ({ page }) => {
  const broken = `<!doctype html><html lang="nl"><head><title>Proef</title></head><body><main>
    <h1>Proef</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button><input type="text">
  </main></body></html>`;
  await page.setContent(broken);
  let failure = '';
  await expectAccessible(page, 'a broken page').catch((error: Error) => {
    failure = error.message;
  });
  for (const rule of ['image-alt', 'button-name', 'label']) expect(failure).toContain(rule);

  await page.setContent(
    broken
      .replace('<img ', '<img alt="Stip" ')
      .replace('<button></button>', '<button>Opslaan</button>')
      .replace('<input type="text">', '<label>Naam <input type="text"></label>'),
  );
  await expectAccessible(page, 'the mended page');
});
