/** The host part of a service address, for compact display ("connect.signatura.co"). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The first letter of a name, for an avatar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
