// docs/api.md's "Personal data register" says what the definitions say: a field marked personal (or unmarked) in a
// definition and not in the document fails here, with the command that writes it again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC, END, START, registerSection, withRegister } from './personal-register';

describe('the personal data register in docs/api.md', () => {
  it('is the one the definitions give (else run `npm run docs:register`)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc.includes(START) && doc.includes(END), 'docs/api.md lost its register markers').toBe(true);
    const current = doc.slice(doc.indexOf(START), doc.indexOf(END) + END.length);
    expect(current, 'docs/api.md\'s "Personal data register" is stale: run `npm run docs:register` and commit docs/api.md').toBe(registerSection());
  });

  it('lists each personal field of each definition with its kind, and the CV', () => {
    const section = registerSection();
    expect(section).toContain('| Application / Hồ sơ ứng tuyển (`recruitment`) | `recruitments` |');
    expect(section).toMatch(/`phoneNumber` contact/);
    expect(section).toMatch(/`cv` file/);
    expect(section).toMatch(/`servicePackageName` health/);
    expect(section).toContain('`history_entries.clientAddress`');
  });

  it('replaces only what lies between the markers', () => {
    const doc = `before\n${START}\nold\n${END}\nafter\n`;
    expect(withRegister(doc)).toBe(`before\n${registerSection()}\nafter\n`);
    expect(() => withRegister('no markers')).toThrow(/markers/);
  });
});
