import { formatUsd } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { SANDBOX_PAGES, type SandboxOutcome, type SandboxProvider } from './sandbox-provider.js';

/**
 * The sandbox provider's hosted pages, served by our own server: a checkout page (spec "jump"),
 * a 3-D-Secure-like challenge meant for the full-page frame (spec "iframe"), and a scan page whose
 * QR code, opened on a second device or tab, pays. Plain HTML without script (the CSP forbids it):
 * decisions are form posts; the scan page reloads itself with a meta refresh until it is paid.
 * Settled, a page sends the browser back to the order's return URL (our pay result page).
 */

type Lang = 'en' | 'zh-CN' | 'zh-TW';

const TEXT: Record<Lang, Record<string, string>> = {
  en: {
    sandbox: 'Sandbox payment — no real money moves',
    checkout: 'Checkout',
    pay: 'Pay',
    cancel: 'Cancel',
    challenge: 'Confirm it is you (3-D Secure)',
    challengeText: 'Your bank asks you to approve this card payment.',
    approve: 'Approve',
    decline: 'Decline',
    scan: 'Scan to pay',
    scanText: 'Scan this code with your phone, or open the link on another device, and confirm there.',
    scanLink: 'Open the payment link',
    waiting: 'This page updates by itself once the payment is confirmed.',
    confirm: 'Confirm payment',
    paid: 'Payment complete. You can close this page.',
    settled: 'This payment is already finished.',
    unknown: 'This payment does not exist.',
    amount: 'Amount',
  },
  'zh-CN': {
    sandbox: '沙盒支付 — 不会产生真实扣款',
    checkout: '收银台',
    pay: '支付',
    cancel: '取消',
    challenge: '身份验证（3-D Secure）',
    challengeText: '您的银行要求您确认这笔银行卡付款。',
    approve: '确认',
    decline: '拒绝',
    scan: '扫码支付',
    scanText: '请用手机扫描此二维码，或在另一台设备上打开链接，并在那里确认。',
    scanLink: '打开支付链接',
    waiting: '付款确认后，本页面会自动更新。',
    confirm: '确认付款',
    paid: '付款完成，您可以关闭此页面。',
    settled: '这笔付款已经结束。',
    unknown: '这笔付款不存在。',
    amount: '金额',
  },
  'zh-TW': {
    sandbox: '沙盒付款 — 不會產生真實扣款',
    checkout: '結帳',
    pay: '付款',
    cancel: '取消',
    challenge: '身分驗證（3-D Secure）',
    challengeText: '您的銀行要求您確認這筆信用卡付款。',
    approve: '確認',
    decline: '拒絕',
    scan: '掃碼付款',
    scanText: '請用手機掃描此 QR 碼，或在另一台裝置上開啟連結，並在那裡確認。',
    scanLink: '開啟付款連結',
    waiting: '付款確認後，本頁面會自動更新。',
    confirm: '確認付款',
    paid: '付款完成，您可以關閉此頁面。',
    settled: '這筆付款已經結束。',
    unknown: '這筆付款不存在。',
    amount: '金額',
  },
};

const langOf = (query: unknown): Lang => {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return lang === 'zh-CN' || lang === 'zh-TW' ? lang : 'en';
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Our pages may be framed by our own site only (the challenge is shown in the web's full-page frame); nothing runs script. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

function page(reply: FastifyReply, lang: Lang, title: string, body: string, status = 200, extraHead = '') {
  const t = TEXT[lang];
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${extraHead}<title>${escape(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#1f2328}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0001}` +
        `h1{font-size:20px;margin:0 0 12px}.note{font-size:12px;color:#8a5a00;background:#fff4d6;padding:6px 10px;border-radius:6px}.amount{font-size:28px;font-weight:600;margin:16px 0}` +
        `form{display:flex;gap:12px;margin-top:20px}button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:1px solid #ccd;background:#fff;cursor:pointer}button.primary{background:#1677ff;color:#fff;border-color:#1677ff}` +
        `img.qr{display:block;width:240px;height:240px;margin:16px auto}</style></head><body><main><p class="note">${escape(t.sandbox!)}</p><h1>${escape(title)}</h1>${body}</main></body></html>`,
    );
}

const decisionForm = (ref: string, lang: Lang, primary: [string, string], secondary: [string, string] | null, target = '') =>
  `<form method="post" action="${SANDBOX_PAGES}/${ref}/decide"${target ? ` target="${target}"` : ''}><input type="hidden" name="lang" value="${lang}">` +
  `<button class="primary" type="submit" name="decision" value="${primary[0]}">${escape(primary[1])}</button>` +
  (secondary ? `<button type="submit" name="decision" value="${secondary[0]}">${escape(secondary[1])}</button>` : '') +
  `</form>`;

const OUTCOMES: Record<string, SandboxOutcome> = {
  pay: { status: 'succeeded' },
  approve: { status: 'succeeded' },
  confirm: { status: 'succeeded' },
  cancel: { status: 'failed', failureCode: 'cancelled' },
  decline: { status: 'failed', failureCode: 'card_declined' },
};

export function sandboxPages(app: FastifyInstance, sandbox: SandboxProvider, publicUrl: string): void {
  const base = publicUrl.replace(/\/$/, '');
  type Req = { Params: { ref: string }; Querystring: { lang?: string } };

  async function pending(ref: string, reply: FastifyReply, lang: Lang) {
    const intent = /^sbx_[0-9a-f]{32}$/.test(ref) ? await sandbox.find(ref) : undefined;
    if (!intent) {
      await page(reply, lang, TEXT[lang].unknown!, '', 404);
      return null;
    }
    if (intent.status !== 'requires_action') {
      await reply.header('cache-control', 'no-store').redirect(intent.return_url, 303);
      return null;
    }
    return intent;
  }

  const amountLine = (lang: Lang, cents: number, description: string) =>
    `<p>${escape(description)}</p><p class="amount">${escape(TEXT[lang].amount!)}: USD ${formatUsd(cents)}</p>`;

  app.get<Req>(`${SANDBOX_PAGES}/checkout/:ref`, async (req, reply) => {
    const lang = langOf(req.query);
    const t = TEXT[lang];
    const intent = await pending(req.params.ref, reply, lang);
    if (!intent) return reply;
    return page(reply, lang, t.checkout!, amountLine(lang, Number(intent.amount_cents), intent.description) + decisionForm(intent.ref, lang, ['pay', t.pay!], ['cancel', t.cancel!]));
  });

  app.get<Req>(`${SANDBOX_PAGES}/challenge/:ref`, async (req, reply) => {
    const lang = langOf(req.query);
    const t = TEXT[lang];
    const intent = await pending(req.params.ref, reply, lang);
    if (!intent) return reply;
    // Shown inside the web's frame: the decision leaves the frame (target _top) for the result page.
    return page(
      reply,
      lang,
      t.challenge!,
      `<p>${escape(t.challengeText!)}</p>` + amountLine(lang, Number(intent.amount_cents), intent.description) + decisionForm(intent.ref, lang, ['approve', t.approve!], ['decline', t.decline!], '_top'),
    );
  });

  app.get<Req>(`${SANDBOX_PAGES}/scan/:ref`, async (req, reply) => {
    const lang = langOf(req.query);
    const t = TEXT[lang];
    const intent = await pending(req.params.ref, reply, lang);
    if (!intent) return reply;
    const confirmUrl = `${base}${SANDBOX_PAGES}/scan/${intent.ref}/confirm?lang=${lang}`;
    const qr = await QRCode.toDataURL(confirmUrl, { errorCorrectionLevel: 'M', margin: 1, width: 480 });
    return page(
      reply,
      lang,
      t.scan!,
      amountLine(lang, Number(intent.amount_cents), intent.description) +
        `<img class="qr" alt="${escape(t.scan!)}" src="${qr}"><p>${escape(t.scanText!)}</p>` +
        `<p><a href="${escape(confirmUrl)}" target="_blank" rel="noopener">${escape(t.scanLink!)}</a></p><p class="note">${escape(t.waiting!)}</p>`,
      200,
      // No script may poll: the page reloads itself, and a paid intent answers with the way back.
      '<meta http-equiv="refresh" content="3">',
    );
  });

  app.get<Req>(`${SANDBOX_PAGES}/scan/:ref/confirm`, async (req, reply) => {
    const lang = langOf(req.query);
    const t = TEXT[lang];
    const intent = /^sbx_[0-9a-f]{32}$/.test(req.params.ref) ? await sandbox.find(req.params.ref) : undefined;
    if (!intent) return page(reply, lang, t.unknown!, '', 404);
    if (intent.status !== 'requires_action') return page(reply, lang, t.scan!, `<p>${escape(t.settled!)}</p>`);
    return page(reply, lang, t.scan!, amountLine(lang, Number(intent.amount_cents), intent.description) + decisionForm(intent.ref, lang, ['confirm', t.confirm!], ['cancel', t.cancel!]));
  });

  app.post<{ Params: { ref: string }; Body: { decision?: unknown; lang?: unknown } }>(`${SANDBOX_PAGES}/:ref/decide`, async (req, reply) => {
    const body = (req.body ?? {}) as { decision?: unknown; lang?: unknown };
    const lang = langOf(body);
    const t = TEXT[lang];
    const outcome = typeof body.decision === 'string' ? OUTCOMES[body.decision] : undefined;
    if (!outcome || !/^sbx_[0-9a-f]{32}$/.test(req.params.ref)) return page(reply, lang, t.unknown!, '', 400);
    const intent = await sandbox.find(req.params.ref);
    if (!intent) return page(reply, lang, t.unknown!, '', 404);
    const result = await sandbox.settle(intent.ref, outcome);
    // The second device of a scan stays where it is; the payer's own browser goes back to the result page.
    if (intent.method === 'scan') return page(reply, lang, t.scan!, `<p>${escape(result?.settled ? (outcome.status === 'succeeded' ? t.paid! : t.settled!) : t.settled!)}</p>`);
    return reply.header('cache-control', 'no-store').redirect(intent.return_url, 303);
  });
}
