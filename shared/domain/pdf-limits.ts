/**
 * How large a PDF may be, one rule for every layer: the file check before sending, the upload body sent
 * to the service, the web host's upload and the renderer's file picker all import these.
 */

/** The service accepts PDFs of at most 50 MB. */
export const maxPdfBytes = 50 * 1024 * 1024;

/** `maxPdfBytes` in whole megabytes, for the words that state the limit. */
export const maxPdfMegabytes = maxPdfBytes / (1024 * 1024);

/**
 * The most the web host takes in one upload: 1 KiB over the service's limit, so that a file just too large
 * still arrives and the file check can say "too large" on its row instead of the upload failing.
 */
export const maxUploadBytes = maxPdfBytes + 1024;
