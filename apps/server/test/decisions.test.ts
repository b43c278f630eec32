import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every Architecture Decision Record in docs/decisions keeps one template: a numbered heading, the
 * date it was added, a one-line status (amendments are links, not prose), then Context, Decision and
 * Consequences, and an optional Amendments list after them. Links between records must resolve.
 */
const DECISIONS = fileURLToPath(new URL('../../../docs/decisions/', import.meta.url));

const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADING = /^# (\d+)\. \S/;
const DATE = /^Date: (\d{4}-\d{2}-\d{2})$/;
const STATUS =
  /^Status: (accepted|superseded by \[ADR \d{4}\]\(\d{4}-[a-z0-9-]+\.md\)|accepted, amended by \[ADR \d{4}\]\(\d{4}-[a-z0-9-]+\.md\)(, \[ADR \d{4}\]\(\d{4}-[a-z0-9-]+\.md\))*)$/;
const SECTIONS = ['Context', 'Decision', 'Consequences'];
const LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g;

const files = fs
  .readdirSync(DECISIONS)
  .filter((name) => name.endsWith('.md'))
  .sort();

function read(file: string): string {
  return fs.readFileSync(path.join(DECISIONS, file), 'utf8');
}

/** The file's lines outside fenced code blocks, so a `#` in an example is not taken for a heading. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

describe('docs/decisions', () => {
  it('holds records named NNNN-kebab-case.md, numbered from 0001 without gaps', () => {
    expect(files.length, 'docs/decisions has no records').toBeGreaterThan(0);
    files.forEach((file, index) => {
      const match = FILE_NAME.exec(file);
      expect(match, `${file}: the name must be NNNN-kebab-case.md`).not.toBeNull();
      expect(Number(match![1]), `${file}: expected number ${String(index + 1).padStart(4, '0')}`).toBe(index + 1);
    });
  });

  describe.each(files)('%s', (file) => {
    const text = read(file);
    const lines = text.split('\n');
    const line = (index: number): string => lines[index] ?? '';
    const number = Number(file.slice(0, 4));

    it('starts with its numbered heading, its date and a one-line status', () => {
      const heading = HEADING.exec(line(0));
      expect(heading, `${file}: the first line must be "# ${number}. <Title>"`).not.toBeNull();
      expect(Number(heading![1]), `${file}: the heading's number must be the file's`).toBe(number);
      expect(line(1), `${file}: a blank line must follow the heading`).toBe('');

      const date = DATE.exec(line(2));
      expect(date, `${file}: the third line must be "Date: YYYY-MM-DD"`).not.toBeNull();
      expect(
        new Date(`${date![1]}T00:00:00Z`).toISOString().slice(0, 10),
        `${file}: "${line(2)}" is not a calendar date`,
      ).toBe(date![1]);
      expect(line(3), `${file}: a blank line must follow the date`).toBe('');

      expect(line(4), `${file}: the status must be one line in the template's form`).toMatch(STATUS);
      expect(line(5), `${file}: the status must be one line, followed by a blank line`).toBe('');
      expect(line(6), `${file}: "## Context" must follow the status`).toBe('## Context');
    });

    it('has Context, Decision and Consequences in that order, then at most Amendments', () => {
      const sections: { name: string; content: string[] }[] = [];
      for (const line of prose(text)) {
        if (line.startsWith('## ')) sections.push({ name: line.slice(3), content: [] });
        else sections.at(-1)?.content.push(line);
      }
      const names = sections.map((section) => section.name);
      const expected = names.includes('Amendments') ? [...SECTIONS, 'Amendments'] : SECTIONS;
      expect(names, `${file}: its sections must be ${expected.join(', ')}`).toEqual(expected);

      for (const { name, content } of sections) {
        const first = content.find((line) => line.trim() !== '');
        expect(first, `${file}: "## ${name}" is empty`).toBeDefined();
        if (name === 'Amendments') expect(first, `${file}: Amendments must be a bullet list`).toMatch(/^- /);
      }
    });

    it('links only to records that exist, and names each by its own number', () => {
      for (const [, label = '', target = ''] of text.matchAll(LINK)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const linked = target.split('#')[0] ?? '';
        expect(fs.existsSync(path.join(DECISIONS, linked)), `${file}: the link to ${target} does not resolve`).toBe(
          true,
        );
        const named = /^ADR (\d{4})$/.exec(label);
        if (named && /^\d{4}-/.test(linked)) {
          expect(named[1], `${file}: the link [${label}](${target}) names another record`).toBe(linked.slice(0, 4));
        }
      }
    });

    it('names only records that exist when it says "ADR NNNN"', () => {
      for (const [reference, digits = ''] of text.matchAll(/\bADR (\d{1,4})\b/g)) {
        const referenced = Number(digits);
        expect(
          referenced >= 1 && referenced <= files.length,
          `${file}: "${reference}" names no record in docs/decisions`,
        ).toBe(true);
      }
    });
  });
});
