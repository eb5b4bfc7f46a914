/**
 * Rules every text input obeys, whatever its field: the server applies them to every body, query string and path
 * parameter before the route's own schema (apps/server/src/plugins/validation.ts), so no route can forget them; the
 * web may check a form with the same function.
 *
 * Control characters: C0 (U+0000 to U+001F) except tab, line feed and carriage return. NUL cannot be stored in a
 * PostgreSQL text column at all (it failed the request with a 500); the others have no use in anything a person
 * types, and they do harm downstream: XML 1.0 forbids them (an Excel export cannot carry them as they are), and
 * escape sequences reach terminals through logs. Tab, LF and CR stay: multi-line text and pasted tables use them.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符';

interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step, key?: string): (string | number)[] {
  const reversed: (string | number)[] = key === undefined ? [] : [key];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) reversed.push(s.key);
  return reversed.reverse();
}

/**
 * The path of the first string (value or object key) that holds a control character, or null when there is none.
 * Walks plain objects and arrays to any depth without recursion and without copying paths, so a deeply nested body
 * costs neither the stack nor quadratic memory.
 */
export function findControlCharacter(value: unknown): (string | number)[] | null {
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (CONTROL_CHARACTERS.test(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        if (CONTROL_CHARACTERS.test(key)) return pathOf(step, key);
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}
