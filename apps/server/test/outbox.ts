import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  links: string[];
}

/** Undoes quoted-printable soft breaks and escapes, enough to read headers and links back. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => parseMail(file, fs.readFileSync(path.join(dir, file), 'utf8')));
}

export function parseMail(file: string, raw: string): OutboxMail {
  const text = decodeQuotedPrintable(raw);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1]?.trim() ?? '';
  const links = [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
  return { file, to: header('To'), subject: header('Subject'), links };
}

/** The newest link that contains `pathPart`, sent to `to`. */
export function latestLink(dataDir: string, to: string, pathPart: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to.includes(to))
    .reverse()
    .find((m) => m.links.some((l) => l.includes(pathPart)));
  const link = mail?.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no mail to ${to} with a ${pathPart} link`);
  return link;
}
