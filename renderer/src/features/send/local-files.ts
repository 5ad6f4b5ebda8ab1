/**
 * Files the user dropped or picked in this window, by the host path they were added under, so a
 * row's thumbnail is drawn from the File at hand instead of asking the host for the bytes again.
 */
const byPath = new Map<string, File>();

export const rememberFile = (path: string, file: File): void => {
  byPath.set(path, file);
};

export const localFile = (path: string): File | undefined => byPath.get(path);
