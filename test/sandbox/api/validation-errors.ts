/** Validation errors in the service's (Django REST Framework) shape: field → list of messages;
 * list items keyed by their index as a string; `non_field_errors` for the object as a whole. */
export type ErrorTree = string[] | { [key: string]: ErrorTree };

export class FieldErrors {
  private readonly tree: Record<string, ErrorTree> = {};

  /** Adds `message` at `path` (field names and list indexes). */
  add(path: readonly (string | number)[], message: string): void {
    const [head, ...rest] = path;
    if (head === undefined) throw new Error('FieldErrors.add needs a path');
    let node: Record<string, ErrorTree> = this.tree;
    let key = String(head);
    for (const part of rest) {
      const next = node[key];
      if (next === undefined || Array.isArray(next)) {
        const created: Record<string, ErrorTree> = {};
        node[key] = created;
        node = created;
      } else {
        node = next;
      }
      key = String(part);
    }
    const leaf = node[key];
    if (Array.isArray(leaf)) leaf.push(message);
    else node[key] = [message];
  }

  /** Nests another object's errors under `path`. */
  merge(path: readonly (string | number)[], other: FieldErrors): void {
    const walk = (prefix: (string | number)[], tree: ErrorTree): void => {
      if (Array.isArray(tree)) for (const message of tree) this.add(prefix, message);
      else for (const [key, child] of Object.entries(tree)) walk([...prefix, key], child);
    };
    for (const [key, child] of Object.entries(other.tree)) walk([...path, key], child);
  }

  get empty(): boolean {
    return Object.keys(this.tree).length === 0;
  }

  toJSON(): Record<string, ErrorTree> {
    return this.tree;
  }
}

export const messages = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  notBoolean: 'Must be a valid boolean.',
  emptyList: 'This list may not be empty.',
  invalidEmail: 'Enter a valid email address.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  notList: (value: unknown) => `Expected a list of items but got type "${typeName(value)}".`,
  notDict: (value: unknown) => `Expected a dictionary of items but got type "${typeName(value)}".`,
  notObject: (value: unknown) => `Invalid data. Expected a dictionary, but got ${typeName(value)}.`,
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
} as const;

export function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
