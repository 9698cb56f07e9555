import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The console's build (`npm run build` writes it to dist/console): found from wherever this code runs. */
export function findConsoleDirectory(from: string): string | undefined {
  for (let directory = from; ; directory = dirname(directory)) {
    const candidate = join(directory, 'dist', 'console');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    if (dirname(directory) === directory) return undefined;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface ConsoleFile {
  path: string;
  contentType: string;
  /** Under assets/ the names carry a hash of the content, so browsers may keep them for good. */
  immutable: boolean;
  /** The gzip copy the build wrote beside the file, when it did. */
  gzipPath?: string;
}

/**
 * Every file of the console's build by its path under the console's root ("assets/index-3f2a.js"); only these are
 * served, so no request reaches another file of the disk. The gzip copies are not files of their own.
 */
export function listConsoleFiles(root: string): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  const names = new Set(readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => name.split(sep).join('/')));
  for (const name of names) {
    const extension = name.slice(name.lastIndexOf('.'));
    const contentType = CONTENT_TYPES[extension];
    if (!contentType) continue;
    files.set(name, {
      path: join(root, name),
      contentType,
      immutable: name.startsWith('assets/'),
      gzipPath: names.has(`${name}.gz`) ? join(root, `${name}.gz`) : undefined,
    });
  }
  return files;
}

/**
 * The console's page with `<base href>` set to where it is served: its scripts and styles are linked relative to it,
 * and it reads its API's path and its routes' root from it, so one build serves under any prefix.
 */
export function consolePage(root: string, basePath: string): string {
  const page = readFileSync(join(root, 'index.html'), 'utf8');
  const href = `${basePath}/`.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  if (!page.includes('<base href="/" />')) throw new Error(`${relative(process.cwd(), root)}/index.html has no <base href="/" /> to set`);
  return page.replace('<base href="/" />', `<base href="${href}" />`);
}
