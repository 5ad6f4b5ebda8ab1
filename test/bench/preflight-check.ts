// Child process of the preflight bench: checks the PDFs named on the command line with the app's own
// file check (PdfCheckPool worker threads, two at a time: all files at once, as a dropped folder is)
// and prints each file's problem codes as JSON. Its memory is measured from outside (runMeasured).
import { checkFiles } from '../../electron/core/batches/pdf-check';

const results = await checkFiles(process.argv.slice(2));
process.stdout.write(`${JSON.stringify(results.map((r) => ({ file: r.fileName, ok: r.ok, codes: r.problems.map((p) => p.code) })))}\n`);
