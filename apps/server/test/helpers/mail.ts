import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(input: string): Buffer {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

/** Reads a single-part .eml as nodemailer's stream transport writes it. */
export function parseEml(file: string): OutboxMail {
  const source = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = source.indexOf('\n\n');
  const headerBlock = source.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const rawBody = source.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of headerBlock.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody).toString('utf8')
        : rawBody;
  return { file, to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), text };
}

/** Every mail in an outbox folder, oldest first. */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(path.join(outboxDir, name)));
}
