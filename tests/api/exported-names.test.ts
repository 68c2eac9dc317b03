import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const DECLARED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|abstract\s+class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the source tree', () => {
  it('gives every exported symbol a name of its own: one word per concept', () => {
    const where = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(DECLARED)) {
        where.set(name!, [...(where.get(name!) ?? []), relative(SRC, file)]);
      }
    }
    const shared = [...where]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(where.size).toBeGreaterThan(300);
    expect(shared).toEqual([]);
  });
});
