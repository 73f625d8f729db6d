import fs from 'node:fs';
import path from 'node:path';

/** Waits for a mail to `to` in the outbox folder and answers its text (quoted-printable undone). */
export async function waitForMail(outboxDir: string, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(outboxDir)) {
      for (const name of fs.readdirSync(outboxDir).sort().reverse()) {
        const raw = fs.readFileSync(path.join(outboxDir, name), 'utf8');
        if (raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) return decodeQuotedPrintable(raw);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function resetLinkIn(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return match[0];
}
