import { useEffect, useEffectEvent, useState } from 'react';
import type { FileSource } from '../../bridge/file-source';
import { droppedAsIs, droppedItems, walkDropped, type IncomingFile } from './collect-files';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * Files dragged anywhere over the window while the Send page is open: says when a drag is over it
 * (for the overlay) and hands what is dropped to `onFiles`. Drops elsewhere never open the file.
 */
export function usePageDrop(source: FileSource, onFiles: (files: IncomingFile[]) => void): boolean {
  const [over, setOver] = useState(false);
  const deliver = useEffectEvent(onFiles);

  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setOver(true);
    };
    const overHandler = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer || !carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      if (source.kind === 'paths') {
        deliver(droppedAsIs(event.dataTransfer));
      } else {
        const dropped = droppedItems(event.dataTransfer);
        void walkDropped(dropped).then((files) => deliver(files));
      }
    };
    document.addEventListener('dragenter', enter);
    document.addEventListener('dragover', overHandler);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragenter', enter);
      document.removeEventListener('dragover', overHandler);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', drop);
    };
  }, [source]);

  return over;
}
