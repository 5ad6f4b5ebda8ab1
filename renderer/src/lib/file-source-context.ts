import { createContext, useContext } from 'react';
import type { FileSource } from '../bridge/file-source';

export type { FileSource };

/** How dropped and picked files reach the host, provided once by the app root beside the client. */
export const FileSourceContext = createContext<FileSource | null>(null);

export function useFileSource(): FileSource {
  const files = useContext(FileSourceContext);
  if (!files) throw new Error('useFileSource() needs <FileSourceContext> above it.');
  return files;
}
