// What the tests that keep a rule over the source files share (dates only through one helper, writes only through the
// engine): the files of a folder, and the lines that break a rule.
import fs from 'node:fs';
import path from 'node:path';

export interface LineRule {
  rule: string;
  pattern: RegExp;
}

/** The source files below `dir` (`.ts`, and `.tsx` when `tsx`), tests left out. */
export function sourceFiles(dir: string, tsx = false): string[] {
  const wanted = tsx ? /\.tsx?$/ : /\.ts$/;
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, tsx);
    return wanted.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each line of `files` that a rule catches: `<file relative to root>:<line>: <rule>` and the line. */
export function linesBreaking(files: string[], rules: LineRule[], root: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const { rule, pattern } of rules) if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${rule}\n    ${line.trim()}`);
      });
  }
  return found;
}
