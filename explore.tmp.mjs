import { chromium } from 'playwright';
const base = 'http://127.0.0.1:8390';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text().slice(0, 200)); });
await page.goto(base + '/');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/00-start.png' });
await page.getByLabel(/login|user/i).first().fill('demo').catch(() => {});
await page.locator('input[type=password]').fill('demo-password-1').catch(() => {});
await page.keyboard.press('Enter');
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/shots/01-after-login.png' });
console.log('url', page.url());
// choose the first space if a chooser
const spaceLink = page.locator('a[href*="/structure"], button:has-text("Demo")').first();
if (await spaceLink.count()) { await spaceLink.click(); await page.waitForTimeout(2000); }
console.log('url', page.url());
const links = await page.locator('nav a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label') || a.textContent.trim()]));
console.log(JSON.stringify(links));
let i = 2;
for (const [href, label] of links) {
  if (!href || href.startsWith('http')) continue;
  await page.goto(base + href);
  await page.waitForTimeout(3000);
  const name = String(i++).padStart(2, '0') + '-' + (label || href).replace(/[^a-z0-9]+/gi, '_').slice(0, 30);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  const txt = await page.locator('body').innerText();
  const flags = ['not yet available', 'undefined', 'NaN', 'null', '{{', 'TODO', 'Invalid Date'].filter((w) => txt.includes(w));
  console.log(name, page.url().replace(base, ''), flags.join(','));
}
console.log('errors', JSON.stringify(errors.slice(0, 20)));
await browser.close();
