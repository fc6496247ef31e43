/**
 * Bodies for bench/forms: valid submissions built from the site's own quiz and questionnaire
 * (each carrying a unique marker, so an acknowledged one can be looked up in SQLite), and bad
 * requests that the schemas in schemas/forms-*.schema.json and the receiver must refuse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { FormKind } from '../schemas/forms.ts';
import { bandOf } from '../widgets/quiz/round.ts';

export interface SiteForms {
  questions: { answer: string; optionList: string[] }[];
  bands: { a: number; b: number };
  identities: string[];
  topics: string[];
}

/** The quiz questions and survey topics of the sample content (zh_TW is complete). */
export function readSiteForms(contentDir: string): SiteForms {
  const read = (file: string) => parse(readFileSync(join(contentDir, 'zh_TW', file), 'utf8'));
  const quiz = read('qa.yaml') as { questions: { answer: string; optionList: string[] }[]; bands: { a: number; b: number } };
  const survey = read('questionnaire.yaml') as { basic: { identities: { id: string }[] }; groups: { questions: { id: string }[] }[] };
  return {
    questions: quiz.questions.map(({ answer, optionList }) => ({ answer, optionList })),
    bands: quiz.bands,
    identities: survey.basic.identities.map((identity) => identity.id),
    topics: survey.groups.flatMap((group) => group.questions.map((question) => question.id)),
  };
}

/** The marker of submission `n` of a run: lower-case, since the receiver lower-cases e-mails. */
export const marker = (run: string, kind: FormKind, n: number) => `${kind}-${run}-${n}`;
export const markerEmail = (id: string) => `${id}@bench.example.org`;

const locales = ['zh_TW', 'zh_CN', 'en'] as const;

/** A valid body of `kind` whose marker is `id` (subscription/quiz e-mail, survey organisation). */
export function validBody(forms: SiteForms, kind: FormKind, id: string, n: number): Record<string, unknown> {
  const locale = locales[n % locales.length];
  if (kind === 'subscribe') return { email: markerEmail(id), name: `讀者 ${n}`, consent: true, locale };
  if (kind === 'quiz') {
    // Answers vary with n like real visitors' choices; score and band follow from them.
    const answers = forms.questions.map((question, q) => question.optionList[(n + q) % question.optionList.length]!);
    const score = answers.filter((answer, q) => answer === forms.questions[q]!.answer).length;
    return {
      score,
      total: answers.length,
      band: bandOf(score, forms.bands),
      answers,
      identify: '投資人',
      company: '',
      name: '',
      email: markerEmail(id),
      locale,
    };
  }
  const ratings = Object.fromEntries(forms.topics.map((topic, t) => [topic, ((n + t) % 5) + 1]));
  return { identity: forms.identities[n % forms.identities.length], organisation: id, name: '', email: '', consent: true, ratings, locale };
}

export interface BadRequest {
  kind: FormKind;
  category: string;
  /** The status this case is meant to meet (400, 405, 413 or 415); any 4xx passes. */
  expected: number;
  method?: string;
  /** null: no Content-Type header at all. */
  contentType?: string | null;
  body: string | Buffer;
  /** Sent in chunks without Content-Length, so only the streaming limit can stop it. */
  chunked?: boolean;
}

/** Strings an attacker tries; they must be refused wherever the schema leaves no room for them. */
export const injections = [
  "'; DROP TABLE subscriptions;--",
  "' OR '1'='1",
  '1); DELETE FROM quiz_records; --',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'a\u0000b',
  '\u0000',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '\u202e' + '永續報告'.repeat(30),
];

/** Longer than the field allows (`max` characters), in characters of 1 to 4 UTF-8 bytes. */
const longUnicode = (n: number, max: number) => ['永', '😀', 'é', '\u202e', 'ｱ'][n % 5]!.repeat(max + 1 + (n % 400));

/** Fields that only accept a fixed set, a pattern or a type, so any injection string is refused. */
const strictFields: Record<FormKind, string[]> = {
  subscribe: ['locale', 'consent'],
  quiz: ['score', 'total', 'band', 'locale', 'answers'],
  survey: ['identity', 'consent', 'locale', 'ratings'],
};
/** Wrong types and values per field (each breaks the schema on its own). */
const wrongValues: Record<FormKind, Record<string, unknown[]>> = {
  subscribe: {
    email: [42, true, null, [], {}, ['a@b.co'], 'not-an-address', 'two words@example.org', 'a@b', '', `${'a'.repeat(250)}@b.co`],
    name: [42, false, null, [], {}],
    consent: ['true', 1, 'yes', null, false],
    locale: [1, null, [], 'fr', 'ZH_TW', 'zh-TW', ''],
  },
  quiz: {
    score: ['3', 3.5, -1, 101, null, true],
    total: [0, '19', 1.5, 101, null],
    band: ['d', 'A', 1, null, ''],
    answers: ['a', {}, [1], [null], Array.from({ length: 101 }, () => 'true'), ['x'.repeat(201)]],
    company: [1, {}, [], false],
    email: [1, 'not-an-address', 'a b@c.de'],
    locale: [1, 'fr', null],
  },
  survey: {
    identity: ['Investor', '1abc', 'in vestor', 5, '', 'x'.repeat(41)],
    identityOther: [1, [], null],
    organisation: ['', 1, null],
    consent: [false, 'true', 1],
    ratings: [
      {},
      [],
      'all 5',
      { 'board-oversight': 0 },
      { 'board-oversight': 6 },
      { 'board-oversight': 2.5 },
      { 'board-oversight': '3' },
      { Bad: 1 },
      { '1x': 2 },
      Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`topic-${i}`, 3])),
    ],
    email: [1, 'not-an-address'],
    locale: [1, 'fr', null],
  },
};
const required: Record<FormKind, string[]> = {
  subscribe: ['email', 'consent', 'locale'],
  quiz: ['score', 'total', 'band', 'answers', 'locale'],
  survey: ['identity', 'organisation', 'consent', 'ratings', 'locale'],
};
/** A free-text field of each form and its maxLength in the schema. */
const freeText: Record<FormKind, [field: string, max: number]> = { subscribe: ['name', 100], quiz: ['company', 200], survey: ['organisation', 200] };

/**
 * `count` bad requests for `kind`, cycling through the kinds of mistake and attack with varying
 * content. Each carries a unique e-mail or organisation, so one wrongly stored would show up.
 */
export function badRequests(forms: SiteForms, kind: FormKind, count: number): BadRequest[] {
  const makers: ((n: number, base: Record<string, unknown>) => BadRequest)[] = [
    (n, base) => {
      const text = JSON.stringify(base);
      const broken = [
        text.slice(0, 1 + (n % (text.length - 1))),
        '',
        ' ',
        '{',
        '{"email":}',
        "{'email':'a@b.co'}",
        text.replace(/}$/, ',}'),
        'NaN',
        'undefined',
        `${text}${text}`,
        text.replace('"', '"\u0000'),
        `\ufeff${text}`,
      ];
      return { kind, category: 'malformed JSON', expected: 400, body: broken[n % broken.length]! };
    },
    (n) => ({ kind, category: 'malformed JSON', expected: 400, body: Buffer.from([0x7b, 0xff, 0xfe, 0x22, n % 256, 0x7d]) }),
    (n, base) => ({ kind, category: 'not an object', expected: 400, body: ['[]', `[${JSON.stringify(base)}]`, 'null', 'true', '42', '"subscribe"'][n % 6]! }),
    (n, base) => {
      const fields = Object.entries(wrongValues[kind]);
      const [field, values] = fields[n % fields.length]!;
      return json(kind, 'wrong type or value', { ...base, [field]: values[Math.floor(n / fields.length) % values.length] });
    },
    (n, base) => {
      const missing = [...required[kind], '*'][n % (required[kind].length + 1)]!;
      return json(kind, 'missing field', missing === '*' ? {} : Object.fromEntries(Object.entries(base).filter(([key]) => key !== missing)));
    },
    (n, base) => {
      const extra = [
        ['admin', true],
        ['id', 1],
        ['created_at', '2000-01-01'],
        ['email ', 'x'],
        ['constructor', {}],
      ][n % 5]!;
      const body = JSON.stringify({ ...base, [extra[0] as string]: extra[1] });
      // `__proto__` written in the JSON text becomes an own property of the parsed object.
      return { kind, category: 'unknown field', expected: 400, body: n % 2 ? body.replace(/^{/, '{"__proto__":{"admin":true},') : body };
    },
    (n, base) => json(kind, 'long unicode', { ...base, [freeText[kind][0]]: longUnicode(n, freeText[kind][1]) }),
    (n, base) => ({
      kind,
      category: 'oversized (> 16 KB)',
      expected: 413,
      chunked: n % 2 === 1,
      body: JSON.stringify({ ...base, name: '永續'.repeat(3000 + (n % 5) * 10_000) }),
    }),
    (n, base) => ({
      kind,
      category: 'wrong content type',
      expected: 415,
      body: JSON.stringify(base),
      contentType: [
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json-patch+json',
        'text/json',
        'application/javascript',
      ][n % 7],
    }),
    (n, base) => ({
      kind,
      category: 'wrong method',
      expected: 405,
      method: ['PUT', 'PATCH', 'DELETE', 'GET'][n % 4],
      body: n % 4 === 3 ? '' : JSON.stringify(base),
    }),
    (n, base) => {
      const injection = injections[n % injections.length]!;
      const field = strictFields[kind][Math.floor(n / injections.length) % strictFields[kind].length]!;
      const value = field === 'ratings' ? { [injection]: 3 } : injection;
      return json(kind, 'injection (refused field)', { ...base, [field]: value });
    },
    (n, base) => {
      // Injection text in the e-mail that the address pattern refuses (spaces, no @, no domain dot).
      const email = [
        "x'; DROP TABLE subscriptions;--",
        '<script>alert(1)</script>@x.io',
        'javascript:alert(1)',
        "a@b.co' OR '1'='1",
        '<img src=x onerror=alert(1)>@x.io',
        'a\u0000b@x.io',
      ][n % 6]!;
      return json(kind, 'injection (refused field)', { ...base, email });
    },
  ];
  return Array.from({ length: count }, (_, n) => {
    const base = validBody(forms, kind, `bad-${kind}-${n}`, n);
    return makers[n % makers.length]!(Math.floor(n / makers.length), base);
  });
}

function json(kind: FormKind, category: string, body: unknown): BadRequest {
  return { kind, category, expected: 400, body: JSON.stringify(body) };
}

export interface AcceptedProbe {
  kind: FormKind;
  table: string;
  /** Column and value that find the stored row. */
  key: [column: string, value: string];
  body: Record<string, unknown>;
  /** Column → the exact text that must be stored. */
  expect: Record<string, string>;
}

/**
 * Injection text where the rules allow any text (names, organisation, company, answers) or where
 * the e-mail pattern admits it (`x';DROP--1@y.io`: no space, control character, angle bracket or
 * quote, one @ and a dotted domain). The receiver must accept these, and SQLite must hold them byte
 * for byte (bound parameters). E-mails with `<script>` or a NUL are refused (injection bodies).
 */
export function acceptedProbes(forms: SiteForms, run: string): AcceptedProbe[] {
  const texts = injections.filter((text) => [...text].length <= 100);
  return texts.flatMap((text, i): AcceptedProbe[] => {
    const id = marker(run, 'survey', 900_000 + i);
    const email = `${["o'hara--", "x';DROP--", 'javascript:alert(1)', '%00{7*7}'][i % 4]}${i}@probe.example.org`;
    const quiz = { ...validBody(forms, 'quiz', 'x', i), email: markerEmail(marker(run, 'quiz', 900_000 + i)), company: text, name: text, answers: [text] };
    return [
      {
        kind: 'subscribe',
        table: 'subscriptions',
        key: ['email', email],
        body: { email, name: text, consent: true, locale: 'en' },
        expect: { email, name: text },
      },
      { kind: 'quiz', table: 'quiz_records', key: ['email', quiz.email], body: quiz, expect: { company: text, name: text, answers: JSON.stringify([text]) } },
      {
        kind: 'survey',
        table: 'survey_responses',
        key: ['organisation', id],
        body: { ...validBody(forms, 'survey', id, i), identityOther: text, name: text },
        expect: { identity_other: text, name: text },
      },
    ];
  });
}
