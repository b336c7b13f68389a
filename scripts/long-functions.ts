/**
 * Functions too long to hold in one reading: every function, arrow function and method over 80 lines
 * in the app's code (src/, workers/, core/, server/, scripts/; not tests, test kits or fixtures).
 * A function may stay long when a comment just before it says why: `// long-function: <reason>`.
 *
 *   npx tsx scripts/long-functions.ts
 *
 * Prints the table (longest first) and the count. scripts/long-functions.test.ts fails when the count
 * rises above RATCHET: lower RATCHET when you shorten one, never raise it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** the most functions over the limit the tree may hold; it only goes down */
export const RATCHET = 0;
export const MAX_LINES = 80;
const ROOTS = ['src', 'workers', 'core', 'server', 'scripts'];
const EXEMPT = /long-function:\s*\S/;

export interface LongFunction {
  file: string;
  name: string;
  lines: number;
}

/** tests, test kits and fixtures are not the code a reader has to hold */
function isTestFile(rel: string): boolean {
  return (
    /\.(test|spec)\.tsx?$/.test(rel) ||
    /\.fixture\.tsx?$/.test(rel) ||
    rel.endsWith('.d.ts') ||
    rel.split('/').includes('testing')
  );
}

function sourceFiles(root: string, dir: string, out: string[]): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) sourceFiles(root, rel, out);
    } else if (/\.tsx?$/.test(entry.name) && !isTestFile(rel)) out.push(rel);
  }
  return out;
}

type FunctionNode = ts.FunctionLikeDeclaration;

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function propertyName(name: ts.PropertyName | ts.BindingName, sf: ts.SourceFile): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText(sf);
}

/** The name a reader would search for: the declaration's, the variable's or property's it is assigned to, or the call it is passed to. */
function nameOf(node: FunctionNode, sf: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return `${className(node)}constructor`;
  if (node.name) return `${ts.isFunctionDeclaration(node) ? '' : className(node)}${propertyName(node.name, sf)}`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return propertyName(parent.name, sf);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf).replace(/\s+/g, '');
    const owner = enclosingName(parent, sf);
    return `${owner ? `${owner} › ` : ''}${callee}(…) callback`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  const owner = enclosingName(node, sf);
  const where = ts.isJsxExpression(parent)
    ? 'render function'
    : ts.isReturnStatement(parent)
      ? 'returned function'
      : 'function';
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  return `${owner ? `${owner} › ` : ''}${where} (line ${line})`;
}

function className(node: ts.Node): string {
  const cls = node.parent;
  return ts.isClassLike(cls) && cls.name ? `${cls.name.text}.` : '';
}

function enclosingName(node: ts.Node, sf: ts.SourceFile): string | undefined {
  for (let n = node.parent; n; n = n.parent) if (isFunctionNode(n)) return nameOf(n, sf);
  return undefined;
}

/** A `long-function:` comment before the function, or before the statement, property or export that holds it. */
function isExempt(node: FunctionNode, sf: ts.SourceFile): boolean {
  const text = sf.getFullText();
  for (let n: ts.Node = node; n && !ts.isSourceFile(n); n = n.parent) {
    const comments = ts.getLeadingCommentRanges(text, n.getFullStart()) ?? [];
    if (comments.some((c) => EXEMPT.test(text.slice(c.pos, c.end)))) return true;
    if (ts.isStatement(n) || ts.isClassElement(n) || ts.isPropertyAssignment(n) || ts.isCallExpression(n.parent)) break;
  }
  return false;
}

export function longFunctionsIn(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isFunctionNode(node) && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max && !isExempt(node, sf)) found.push({ file, name: nameOf(node, sf), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every function over the limit in the tree at `root`, longest first. */
export function longFunctions(root: string): LongFunction[] {
  const files = ROOTS.filter((r) => fs.existsSync(path.join(root, r))).flatMap((r) => sourceFiles(root, r, []));
  return files
    .flatMap((file) => longFunctionsIn(file, fs.readFileSync(path.join(root, file), 'utf8')))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const rows = longFunctions(root);
  const fileWidth = Math.max(4, ...rows.map((r) => r.file.length));
  const nameWidth = Math.max(4, ...rows.map((r) => r.name.length));
  console.log(`${'file'.padEnd(fileWidth)}  ${'name'.padEnd(nameWidth)}  lines`);
  for (const r of rows)
    console.log(`${r.file.padEnd(fileWidth)}  ${r.name.padEnd(nameWidth)}  ${String(r.lines).padStart(5)}`);
  console.log(`\n${rows.length} functions over ${MAX_LINES} lines (ratchet ${RATCHET})`);
  process.exitCode = rows.length > RATCHET ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
