import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventListResponse, EventResponse } from '../../cli/build/stages/10-emit/api.ts';
import { page } from '../helpers/html.ts';
import { buildSample, preview, sampleContent as contentDir, type RunningServer } from '../helpers/site.ts';

const eventIds = (locale: string) =>
  readdirSync(join(contentDir, locale, 'events'))
    .map((file) => file.replace(/\.md$/, ''))
    .sort();
const zhIds = eventIds('zh_TW');
const enIds = eventIds('en');

let out: string;
const read = (path: string) => readFileSync(join(out, path), 'utf8');
const json = <T>(path: string) => JSON.parse(read(path)) as T;

beforeAll(async () => {
  out = await buildSample();
});

describe('events API files', () => {
  it('lists every zh_TW event newest first under items.events, without locale and under zh_TW', () => {
    const list = json<EventListResponse>('api/events.json');
    const events = list.items.events;
    expect(events.map((event) => event.id).sort()).toEqual(zhIds);
    const dates = events.map((event) => event.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(read('api/zh_TW/events.json')).toBe(read('api/events.json'));
  });

  it('gives list items only the listed fields, leaving out the ones an event has not', () => {
    const allowed = ['id', 'date', 'title', 'summary', 'cover', 'coverAlt', 'category', 'place', 'link'];
    for (const event of json<EventListResponse>('api/events.json').items.events) {
      expect(allowed).toEqual(expect.arrayContaining(Object.keys(event)));
      expect(Object.values(event)).not.toContain(null);
    }
    const conference = json<EventListResponse>('api/events.json').items.events.find((event) => event.id === '2024-supplier-conference')!;
    expect(conference.link).toMatch(/^https:\/\//);
    const withoutLink = json<EventListResponse>('api/events.json').items.events.find((event) => event.id === '2023-beach-cleanup')!;
    expect('link' in withoutLink).toBe(false);
  });

  it('writes one detail file per event: items.data with the story as HTML, and three other events', () => {
    for (const id of zhIds) {
      const detail = json<EventResponse>(`api/events/${id}.json`);
      expect(detail.items.data.id).toBe(id);
      expect(detail.items.data.html).toMatch(/^<p>/);
      expect('source' in detail.items.data).toBe(false);
      expect(detail.items.otherEvent).toHaveLength(3);
      expect(detail.items.otherEvent.map((event) => event.id)).not.toContain(id);
      expect(read(`api/zh_TW/events/${id}.json`)).toBe(read(`api/events/${id}.json`));
    }
  });

  it('chooses the three newest other events', () => {
    const newest = json<EventListResponse>('api/events.json').items.events.map((event) => event.id);
    const oldest = newest.at(-1)!;
    expect(json<EventResponse>(`api/events/${oldest}.json`).items.otherEvent.map((event) => event.id)).toEqual(newest.slice(0, 3));
    expect(json<EventResponse>(`api/events/${newest[0]}.json`).items.otherEvent.map((event) => event.id)).toEqual(newest.slice(1, 4));
  });

  it('writes zh_CN in Simplified script', () => {
    const traditional = json<EventListResponse>('api/zh_TW/events.json').items.events.filter((event) => event.title.includes('續'));
    expect(traditional.length).toBeGreaterThan(0);
    const simplified = json<EventListResponse>('api/zh_CN/events.json').items.events;
    expect(simplified.map((event) => event.id).sort()).toEqual(zhIds);
    for (const event of traditional) {
      const converted = simplified.find((other) => other.id === event.id)!;
      expect(converted.title).not.toContain('續');
      expect(converted.title).toContain('续');
    }
    expect(json<EventResponse>('api/zh_CN/events/2024-supplier-conference.json').items.data.html).toContain('供应商');
  });

  it('writes English only for the events written in English', () => {
    expect(
      json<EventListResponse>('api/en/events.json')
        .items.events.map((event) => event.id)
        .sort(),
    ).toEqual(enIds);
    for (const id of zhIds) expect(existsSync(join(out, `api/en/events/${id}.json`))).toBe(enIds.includes(id));
    for (const other of json<EventResponse>(`api/en/events/${enIds[0]}.json`).items.otherEvent) expect(enIds).toContain(other.id);
  });
});

describe('events pages', () => {
  it('lists every event newest first on /event, one section and h2 per year, with the year filter', () => {
    const list = page(read('zh_TW/event/index.html'));
    const cards = list.byClass('event-card', 'article');
    expect(cards).toHaveLength(zhIds.length);
    const links = cards.map((card) => list.byTag('a', card)[0]!.attribs.href);
    const newest = json<EventListResponse>('api/events.json').items.events.map((event) => `/zh_TW/event/${event.id}`);
    expect(links).toEqual(newest);
    const sections = list.byClass('event-year', 'section');
    expect(sections.map((section) => section.attribs.id)).toEqual(['year-2025', 'year-2024', 'year-2023']);
    for (const section of sections) expect(list.byTag('h2', section)).toHaveLength(1);
    const filter = list.byClass('event-filter', 'nav')[0]!;
    expect(list.byTag('a', filter).map((a) => a.attribs.href)).toEqual(['#event-years', '#year-2025', '#year-2024', '#year-2023']);
  });

  it('lists only the English events on /en/event', () => {
    expect(page(read('en/event/index.html')).byClass('event-card', 'article')).toHaveLength(enIds.length);
  });

  it('shows an event with its cover, body, external link and three other events', () => {
    const id = '2024-supplier-conference';
    const html = read(`zh_TW/event/${id}/index.html`);
    const detail = json<EventResponse>(`api/events/${id}.json`).items;
    expect(html).toContain(detail.data.html);
    const event = page(html);
    const cover = event.byClass('event-cover', 'img')[0]!;
    expect(cover.attribs.src).toBe(detail.data.cover);
    expect(Number(cover.attribs.width)).toBeGreaterThan(0);
    expect(Number(cover.attribs.height)).toBeGreaterThan(0);
    const external = event.byTag('a', event.byClass('event-external')[0]!)[0]!;
    expect(external.attribs).toMatchObject({ href: detail.data.link, target: '_blank' });
    const others = event.byClass('event-others')[0]!;
    expect(event.byClass('event-card', 'article', others).map((card) => event.byTag('a', card)[0]!.attribs.href)).toEqual(
      detail.otherEvent.map((other) => `/zh_TW/event/${other.id}`),
    );
  });

  it('builds every event page in zh_TW and zh_CN, in English only where written, a guard elsewhere', () => {
    for (const id of zhIds) {
      expect(existsSync(join(out, `zh_TW/event/${id}/index.html`))).toBe(true);
      expect(existsSync(join(out, `zh_CN/event/${id}/index.html`))).toBe(true);
      const english = read(`en/event/${id}/index.html`);
      expect(english.includes('class="guard-page"')).toBe(!enIds.includes(id));
    }
  });

  it('links from the oops page back to the list', () => {
    for (const locale of ['zh_TW', 'zh_CN', 'en']) {
      const oops = page(read(`${locale}/event/oops/index.html`));
      const box = oops.byClass('event-oops')[0]!;
      expect(oops.byTag('h1', box)).toHaveLength(1);
      expect(oops.byTag('a', box).map((a) => a.attribs.href)).toEqual([`/${locale}/event`]);
    }
  });

  it('shows the three newest events on the home page', () => {
    const home = page(read('zh_TW/index.html'));
    const section = home.byClass('home-events')[0]!;
    const newest = json<EventListResponse>('api/events.json')
      .items.events.slice(0, 3)
      .map((event) => `/zh_TW/event/${event.id}`);
    expect(home.byClass('event-card', 'article', section).map((card) => home.byTag('a', card)[0]!.attribs.href)).toEqual(newest);
  });
});

describe('the preview server answers the extension-less events calls', () => {
  let server: RunningServer;
  let origin: string;

  beforeAll(async () => {
    server = await preview(out);
    origin = server.url;
  });

  afterAll(() => server.close());

  it('GET /api/events gives the list as JSON', async () => {
    const response = await fetch(`${origin}/api/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual(json('api/events.json'));
  });

  it('GET /api/events/<id> and /api/<locale>/events/<id> give the event as JSON', async () => {
    for (const [path, file] of [
      ['/api/events/2024-tree-planting', 'api/events/2024-tree-planting.json'],
      ['/api/zh_CN/events/2024-tree-planting', 'api/zh_CN/events/2024-tree-planting.json'],
      [`/api/en/events/${enIds[0]}`, `api/en/events/${enIds[0]}.json`],
    ] as const) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual(json(file));
    }
  });

  it('answers an unknown id with 404 and a JSON body naming it', async () => {
    for (const path of ['/api/events/no-such-event', '/api/en/events/2023-beach-cleanup']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({ error: 'not found', id: path.split('/').at(-1) });
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${origin}/api/events`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('keeps serving pages and other 404s as before', async () => {
    expect((await fetch(`${origin}/zh_TW/event`)).status).toBe(200);
    const missing = await fetch(`${origin}/zh_TW/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
  });
});
