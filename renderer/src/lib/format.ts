/** The first letter of a name, for an avatar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
