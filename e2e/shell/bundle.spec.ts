import { expect, type Response, test } from '@playwright/test';
import { seedStorage } from '../support/accounts';

/** The sign-in page's JavaScript budget, compressed with gzip (issue 6; bench/bundle.ts measures all routes). */
const LOGIN_JS_GZIP_BUDGET = 150 * 1024;

interface Asset {
  path: string;
  encoding: string | undefined;
  transferred: number;
}

test('the sign-in page loads at most 150 KB of gzip JavaScript, every asset compressed', async ({
  page,
  request,
  baseURL,
}) => {
  await seedStorage(page, { language: 'nl' });
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== baseURL || !/\.(js|css)$/.test(url.pathname)) return;
    pending.push(
      (async () => ({
        path: url.pathname,
        encoding: (await response.allHeaders())['content-encoding'],
        transferred: (await response.request().sizes()).responseBodySize,
      }))(),
    );
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Aanmelden' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
  const scripts = assets.filter((asset) => asset.path.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);

  // Sent as the build's pre-compressed copies, never as they are.
  for (const asset of assets) expect(['br', 'gzip'], asset.path).toContain(asset.encoding);

  // Only the sign-in page: not the frame of the signed-in pages, its menus, tooltips or notices.
  expect(scripts.map((asset) => asset.path).join(' ')).not.toMatch(
    /app-frame|language-menu|tooltip-chunk|notifications-chunk|sign-in-stages/,
  );

  // What Chromium received, and the same files as gzip (what a browser without brotli receives).
  const transferred = scripts.reduce((sum, asset) => sum + asset.transferred, 0);
  let gzip = 0;
  for (const asset of scripts) {
    const response = await request.get(asset.path, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers()['content-encoding'], asset.path).toBe('gzip');
    gzip += Number(response.headers()['content-length']);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  test.info().annotations.push({
    type: 'bundle',
    description: `/login: ${scripts.length} script(s), ${kb(transferred)} received, ${kb(gzip)} as gzip`,
  });
  expect(transferred, `received ${kb(transferred)}`).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
  expect(gzip, `gzip ${kb(gzip)}`).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
});
