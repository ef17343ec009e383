import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_RESOURCES } from '../packages/core/src/domain/routes';
import { RESOURCE_NAMES } from '../packages/core/src/domain/resources';
import { COMMON_FIELD_LABELS, RESOURCE_LABELS, fieldLabelOf, resourceFieldPaths } from '../packages/core/src/domain/resource-labels';
import { DEMO_ACCOUNTS } from './api';
import { signInThroughApi, useBrowser } from './fixtures';

// The back office speaks French: on every list of the dashboard and on the page of its first
// record, as an admin sees them with the demo data, no field name of a schema, no raw enum value
// and no 24-hex id reaches the screen (an id shows only in the record's « Identifiant »).

const keys = new Set<string>(['createdAt', 'updatedAt', '_id']);
const rawValues = new Set<string>();
const frenchWords = new Set<string>();
for (const source of [COMMON_FIELD_LABELS, ...RESOURCE_NAMES.map((r) => RESOURCE_LABELS[r].fields)]) {
  for (const label of Object.values(source)) {
    for (const text of [label.label, label.help, ...Object.values(label.values ?? {})]) for (const word of text.toLowerCase().split(/[^\p{L}\d_]+/u)) frenchWords.add(word);
  }
}
// Values that are everyday French words the product writes in its own sentences (« en direct »).
for (const word of ['direct']) frenchWords.add(word);
for (const resource of RESOURCE_NAMES) {
  for (const { path, values } of resourceFieldPaths(resource)) {
    keys.add(path.split('.').at(-1)!);
    for (const value of values) {
      const label = fieldLabelOf(resource, path)?.values?.[value] ?? value;
      // A value is looked for only where it is not a French word itself (« web », « stage », « CDI »).
      if (label.toLowerCase() !== value.toLowerCase() && value.length >= 3 && !frenchWords.has(value.toLowerCase())) rawValues.add(value);
    }
  }
}
/** Field names as code writes them (camelCase, snake_case), and as a key spelled out would read (« Member ids »). */
const fieldNames = [...keys].filter((key) => /[a-z][A-Z]|_/.test(key)).flatMap((key) => {
  const words = key.replace(/^_/, '').replace(/([A-Z])/g, ' $1').replace(/_/g, ' ').toLowerCase().trim();
  return [key, words.charAt(0).toUpperCase() + words.slice(1)];
});
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const FIELD_NAME = new RegExp(`(?<![\\p{L}\\d_])(${fieldNames.map(escape).join('|')})(?![\\p{L}\\d_])`, 'u');
const RAW_VALUE = new RegExp(`(?<![\\p{L}\\d_-])(${[...rawValues].map(escape).join('|')})(?![\\p{L}\\d_-])`, 'u');
const HEX_ID = /\b[0-9a-f]{24}\b/;

/**
 * The text a person sees: visible text nodes (select options included) and the values of visible
 * fields (typed: what staff wrote, looked at for ids only), less the « Identifiant » and code to paste as it is (`data-code`).
 */
async function visibleTexts(page: Page): Promise<{ text: string; typed: boolean }[]> {
  return page.evaluate(() => {
    const out: { text: string; typed: boolean }[] = [];
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest('[data-identifiant], [data-code], script, style, template')) continue;
      const shown = parent.closest('select') ?? parent;
      if (shown.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) out.push({ text, typed: false });
    }
    for (const field of main.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea')) {
      if (field.value.trim() && !field.closest('[data-identifiant], [data-code]') && field.checkVisibility()) out.push({ text: field.value.trim(), typed: true });
    }
    return out;
  });
}

async function offences(page: Page, where: string): Promise<string[]> {
  // References resolve to names after a moment (« … » meanwhile): check the settled page.
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 }).catch(() => undefined);
  const found: string[] = [];
  const texts = await visibleTexts(page);
  // The page is drawn (its heading, its fields or rows), not a blank one that would pass by saying nothing.
  if (texts.length < 5) found.push(`${where} : page presque vide (${texts.length} textes)`);
  if (process.env.DUMP_TEXTS) console.log(where, texts.map((t) => t.text).join(' | '));
  for (const { text, typed } of texts) {
    if (typed) {
      if (HEX_ID.test(text)) found.push(`${where} : identifiant dans un champ (« ${text.slice(0, 120)} »)`);
      continue;
    }
    // An address or an e-mail may hold any word (…/agenda.ics, staff@…): its words are not labels.
    const words = text.replace(/\bhttps?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ');
    const field = FIELD_NAME.exec(words);
    if (field) found.push(`${where} : nom de champ « ${field[1]} » dans « ${text.slice(0, 120)} »`);
    const value = RAW_VALUE.exec(words);
    if (value) found.push(`${where} : valeur brute « ${value[1]} » dans « ${text.slice(0, 120)} »`);
    if (HEX_ID.test(text)) found.push(`${where} : identifiant affiché dans « ${text.slice(0, 120)} »`);
  }
  return found;
}

describe('the back office in French', () => {
  const { context } = useBrowser();

  it('shows no field name, raw enum value or id on any list and first record of the dashboard', async () => {
    expect(fieldNames).toContain('placeId');
    expect(fieldNames).toContain('Member ids');
    expect(rawValues).toContain('single_elimination');
    expect(rawValues).toContain('registration');
    expect(rawValues).not.toContain('web');
    expect(FIELD_NAME.test('Ajouter : Member ids')).toBe(true);
    expect(FIELD_NAME.test('Lieu')).toBe(false);
    expect(RAW_VALUE.test('Statut : registration')).toBe(true);
    expect(RAW_VALUE.test('Élimination directe')).toBe(false);

    const page = await (await context()).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughApi(page, DEMO_ACCOUNTS.admin.email);
    const lists = [...DASHBOARD_RESOURCES.map((resource) => `/dashboard/${resource}`), '/dashboard/places/types'];
    const found: string[] = [];
    let records = 0;
    const empty: string[] = [];
    for (const [index, list] of lists.entries()) {
      // Staff go from list to list by the dashboard's menu, as here once the first page is drawn:
      // a full load of each is what the other scenarios measure, and costs twice the time.
      const menuLink = page.getByRole('navigation', { name: 'Tableau de bord' }).locator(`a[href="${list}"]`).first();
      if (index > 0 && (await menuLink.isVisible())) {
        const before = await page.evaluate(() => document.querySelector('main h1')?.textContent ?? null);
        await menuLink.click();
        await page.waitForURL((url) => url.pathname === list && url.search === '');
        // The list has replaced the previous page (whose table would otherwise answer below).
        await page.waitForFunction((previous) => document.querySelector('main h1')?.textContent !== previous, before);
      } else {
        await page.goto(list);
      }
      const table = page.getByRole('table');
      const shown = await table
        .or(page.getByText(/pour l’instant : créez/))
        .or(page.getByRole('alert'))
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => true, () => false);
      if (!shown || (await page.getByRole('alert').count()) > 0) {
        found.push(`${list} : la liste ne s’affiche pas (${(await page.locator('main').innerText().catch(() => '')).slice(0, 200)})`);
        continue;
      }
      found.push(...(await offences(page, list)));
      // The creation form of the list, as staff open it with « Nouveau ».
      await page.getByRole('link', { name: 'Nouveau', exact: true }).click();
      await page.waitForURL((url) => url.search === '?nouveau=1');
      await page.getByRole('form', { name: 'Créer' }).waitFor({ timeout: 15_000 });
      // The list below the form loads on its own: wait for it (or its empty state) before asking whether it has rows.
      await table.or(page.getByText(/pour l’instant : créez/)).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      found.push(...(await offences(page, `${list}?nouveau=1`)));
      if (!(await table.isVisible())) {
        empty.push(list);
        continue;
      }
      await table.locator('tbody tr').first().getByRole('link').first().click();
      await page.getByRole('form', { name: 'Modifier' }).waitFor({ timeout: 15_000 });
      records++;
      const heading = (await page.locator('h1').first().innerText()).trim();
      if (HEX_ID.test(heading)) found.push(`${page.url()} : titré par son identifiant`);
      // The record's id is there, in its « Identifiant » only.
      expect(await page.locator('[data-identifiant]').innerText(), list).toMatch(HEX_ID);
      found.push(...(await offences(page, new URL(page.url()).pathname)));
    }
    // The dashboard's other lists: roles (with their creation form), tasks, the image library, mail templates, API keys.
    for (const list of ['/dashboard/events/roles', '/dashboard/places/roles', '/dashboard/tasks', '/dashboard/images', '/dashboard/mailTemplates', '/dashboard/apiKeys']) {
      await page.goto(list);
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      found.push(...(await offences(page, list)));
    }
    expect(found).toEqual([]);
    // The demo data fill nearly every list: a record page of each is opened.
    expect(records, `listes vides : ${empty.join(', ')}`).toBeGreaterThanOrEqual(14);
    expect(errors).toEqual([]);
  }, 600_000);
});
