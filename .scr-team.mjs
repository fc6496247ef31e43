import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const base = 'http://127.0.0.1:4410';
for (const width of [390, 1280]) {
  const page = await (await browser.newContext({ locale: 'zh-TW', viewport: { width, height: 900 } })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/`);
  await page.getByLabel('帳號').fill('mei');
  await page.getByLabel('密碼').fill('password-mei-2025');
  await page.getByRole('button', { name: '登入' }).click();
  await page.goto(`${base}/#zh_TW/pages/president.yaml`);
  await page.getByRole('button', { name: '修改紀錄' }).first().waitFor({ timeout: 120000 });
  await page.getByRole('button', { name: '修改紀錄' }).first().click();
  await page.locator('.history li').first().waitFor();
  await page.locator('.history').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/scr-history-${width}.png` });
  // a save into the change
  await page.locator('#root_title').fill('總經理的話：2024 年的成果');
  await page.getByRole('button', { name: '儲存' }).first().click();
  await page.getByText('已存入您的修改').first().waitFor({ timeout: 60000 });
  const panel = page.getByRole('region', { name: '審閱中的修改' });
  if (width === 390) await page.getByRole('button', { name: /檔案清單|顯示/ }).first().click().catch(() => {});
  await panel.getByRole('button', { name: '查看修改內容' }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: `/tmp/scr-change-${width}.png` });
  console.log(width, 'errors', errors, 'overflow', await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth));
}
await browser.close();
