import { messages } from '@studio/shared/messages';
import { AppError } from './errors';

/**
 * Limits on the shape of JSON a client sends, checked by one walk that never
 * recurses (a recursive walk overflows the stack on a body of 8,000 nested
 * arrays, 16 KB: a 500 and an ERROR line from one anonymous request).
 */

/**
 * The deepest nesting a request's JSON may have: `{}` is depth 1,
 * `{"a": [1]}` depth 2. Our own inputs nest at most about 5 levels and the
 * processors' webhook events about 10; anything deeper than this is refused
 * before any other work (and before JSON.stringify, which is recursive, sees it).
 */
export const MAX_JSON_DEPTH = 64;

export type JsonShapeProblem =
  /** Nested deeper than the limit. */
  | { kind: 'too-deep' }
  /**
   * A key, at any depth, named like a member of Object.prototype
   * ('__proto__', 'constructor', 'toString'…): yup looks fields up on a plain
   * object, so such a key finds an inherited function instead of a schema (a
   * 500), and an unknown '__proto__' it copies would set the validated value's
   * prototype. `path` names the key ('a.b', 'list.0.c').
   */
  | { kind: 'inherited-key'; path: string };

/**
 * The first problem met in a parsed JSON value, or null. Depth first with an
 * explicit stack (an object's own keys are checked before its children are
 * entered); it stops at the first problem, so an over-deep value is refused
 * after at most `maxDepth` levels of one branch. With `depthOnly`, keys are
 * not looked at (the body parser's check, which must not stop early at a key
 * and miss a deep branch behind it).
 */
export function jsonShapeProblem(value: unknown, options: { maxDepth?: number; depthOnly?: boolean } = {}): JsonShapeProblem | null {
  if (typeof value !== 'object' || value === null) return null;
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const stack: { value: object; path: string; depth: number }[] = [{ value, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (depth > maxDepth) return { kind: 'too-deep' };
    const children: { value: object; path: string; depth: number }[] = [];
    const entries: [string, unknown][] = Object.entries(current);
    for (const [key, child] of entries) {
      const childPath = options.depthOnly ? '' : path ? `${path}.${key}` : key;
      if (!options.depthOnly && key in Object.prototype) return { kind: 'inherited-key', path: childPath };
      if (typeof child === 'object' && child !== null) children.push({ value: child, path: childPath, depth: depth + 1 });
    }
    // Reversed, so the first child is walked first (the order of a recursive walk).
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** The refusal of an over-deep value: a 400 in Spanish, the same wherever the value came from. */
export function tooDeep(): AppError {
  return new AppError('invalid', 'http/json-too-deep', messages.http.jsonTooDeep);
}
