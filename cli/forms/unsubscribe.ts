import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FormsStore, StoredSubscription } from './store.ts';

/**
 * The unsubscribe link's token: the subscription's id and an HMAC of its id and address. The
 * address is in the MAC so that a token never works for someone else who later gets a reused id.
 * No expiry: a newsletter's link must work for as long as the newsletter comes.
 */
export function unsubscribeToken(secret: string, subscription: Pick<StoredSubscription, 'id' | 'email'>): string {
  return `${subscription.id}.${mac(secret, subscription)}`;
}

function mac(secret: string, { id, email }: Pick<StoredSubscription, 'id' | 'email'>): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${id}\n${email}`).digest('base64url');
}

/** The subscription a token stands for, or undefined for a forged, mangled or spent token. */
export async function verifyUnsubscribeToken(store: FormsStore, token: string): Promise<StoredSubscription | undefined> {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const subscription = await store.subscription(Number(match[1]));
  if (!subscription) return undefined;
  const expected = Buffer.from(mac(store.secret, subscription));
  const given = Buffer.from(match[2]!);
  // Constant time: how much of a guess was right must not show in the answer's timing.
  return timingSafeEqual(expected, given) ? subscription : undefined;
}

/** The unsubscribe link the 201 answer of a subscription carries. */
export const unsubscribePath = (endpoint: string, token: string) => `${endpoint}/unsubscribe?token=${encodeURIComponent(token)}`;

type PageLocale = 'zh_TW' | 'zh_CN' | 'en';

/** The page's texts; the site's messages are built into the pages, not available to the server. */
const texts: Record<
  PageLocale,
  { lang: string; title: string; confirm: string; button: string; doneTitle: string; done: string; invalidTitle: string; invalid: string; home: string }
> = {
  zh_TW: {
    lang: 'zh-Hant-TW',
    title: '取消訂閱永續電子報',
    confirm: '確定不再收到寄往 {email} 的永續電子報嗎？',
    button: '取消訂閱',
    doneTitle: '已取消訂閱',
    done: '{email} 已從訂閱名單移除，我們不會再寄電子報到這個地址。',
    invalidTitle: '連結無效',
    invalid: '這個取消訂閱連結無效，或這個地址已經取消訂閱了。',
    home: '回到首頁',
  },
  zh_CN: {
    lang: 'zh-Hans-CN',
    title: '取消订阅永续电子报',
    confirm: '确定不再收到寄往 {email} 的永续电子报吗？',
    button: '取消订阅',
    doneTitle: '已取消订阅',
    done: '{email} 已从订阅名单移除，我们不会再寄电子报到这个地址。',
    invalidTitle: '链接无效',
    invalid: '这个取消订阅链接无效，或这个地址已经取消订阅了。',
    home: '回到首页',
  },
  en: {
    lang: 'en',
    title: 'Unsubscribe from the sustainability newsletter',
    confirm: 'Stop sending the sustainability newsletter to {email}?',
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: '{email} has been taken off the list; no further newsletter will be sent to it.',
    invalidTitle: 'This link does not work',
    invalid: 'This unsubscribe link is not valid, or the address has already been unsubscribed.',
    home: 'Back to the home page',
  },
};

const pageLocale = (locale: string): PageLocale => (locale in texts ? (locale as PageLocale) : 'zh_TW');

/** For a link that names no subscription: the visitor's language as the browser states it. */
function browserLocale(request: IncomingMessage): PageLocale {
  const wanted = (request.headers['accept-language'] ?? '').toLowerCase();
  const first = wanted.split(',')[0]!.trim();
  if (first.startsWith('en')) return 'en';
  if (/^zh-(cn|sg|hans)/.test(first)) return 'zh_CN';
  return 'zh_TW';
}

/**
 * `GET <endpoint>/unsubscribe?token=…` asks to confirm (a plain form: the site's CSP allows no
 * inline script), `POST` removes the subscription. Both answer a page in the subscriber's locale;
 * a bad token gets 400 and a page that says so.
 */
export async function answerUnsubscribe(request: IncomingMessage, response: ServerResponse, store: FormsStore, endpoint: string): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'POST') {
    response.setHeader('Allow', 'GET, POST');
    return page(response, 405, browserLocale(request), 'invalidTitle', 'invalid');
  }
  request.resume();
  const token = new URL(request.url ?? '', 'http://receiver').searchParams.get('token') ?? '';
  const subscription = await verifyUnsubscribeToken(store, token);
  if (!subscription) return page(response, 400, browserLocale(request), 'invalidTitle', 'invalid');
  const locale = pageLocale(subscription.locale);
  if (request.method === 'GET') {
    const action = unsubscribePath(endpoint, token);
    return page(
      response,
      200,
      locale,
      'title',
      'confirm',
      subscription.email,
      `<form method="post" action="${escape(action)}"><button type="submit">${escape(texts[locale].button)}</button></form>`,
    );
  }
  await store.removeSubscription(subscription.id);
  return page(response, 200, locale, 'doneTitle', 'done', subscription.email);
}

/**
 * The page's look: the site's colours and CJK font stacks (widgets/styles/base.css), readable on a
 * phone. Inline, allowed by its hash in the page's CSP, so the page needs no file of the built site.
 */
const style = `body{margin:0;background:#f5f8f7;color:#1d2624;line-height:1.7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang TC','Noto Sans TC','Noto Sans CJK TC','Microsoft JhengHei',sans-serif}
:root:lang(zh-Hans-CN) body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Noto Sans SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif}
main{max-width:36rem;margin:10vh auto 2rem;padding:1.5rem;background:#fff;border-top:4px solid #0f5c55;border-radius:10px;overflow-wrap:anywhere}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem;color:#0a3f3a}
button{font:inherit;font-weight:600;color:#fff;background:#0f5c55;border:0;border-radius:10px;padding:.6rem 1.4rem;min-height:44px;cursor:pointer}
button:hover,button:focus-visible{background:#0a3f3a}
button:focus-visible,a:focus-visible{outline:3px solid #f3b33d;outline-offset:2px}
a{color:#0f5c55}`;
const styleHash = createHash('sha256').update(style).digest('base64');

function page(
  response: ServerResponse,
  status: number,
  locale: PageLocale,
  title: 'title' | 'doneTitle' | 'invalidTitle',
  text: 'confirm' | 'done' | 'invalid',
  email = '',
  form = '',
): void {
  const words = texts[locale];
  const body = escape(words[text]).replace('{email}', `<strong>${escape(email)}</strong>`);
  response.statusCode = status;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  // The token is in the address: it must not travel on in a Referer.
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'sha256-${styleHash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  response.setHeader('X-Robots-Tag', 'noindex');
  response.end(`<!doctype html>
<html lang="${words.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(words[title])}</title><style>${style}</style></head>
<body>
<main>
<h1>${escape(words[title])}</h1>
<p>${body}</p>
${form}
<p><a href="/${locale}/">${escape(words.home)}</a></p>
</main>
</body>
</html>
`);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
