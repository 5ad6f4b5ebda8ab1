import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openDatabase } from '../../electron/core/db/database';
import { tempFolder } from '../helpers/temp-folder';
import { percentile } from './bench';
import { load } from './documents-data';
import { startWebHostProcess } from './web-host-process';

type Log = (line: string) => void;

export interface UiSide {
  documents: number;
  /** Opening Documents until the tiles, the chart and the first rows are painted, ms, each run. */
  paints: number[];
  /** Tasks over 50 ms ('longtask' entries) while paging, sorting, searching and scrolling. */
  longTasks: number[];
  /** The longest task of the page's main thread over the same steps (a Chromium trace), ms: wall time, and its thread's CPU time. */
  longestTaskMs: number;
  longestTaskCpuMs: number;
  steps: number;
  /** Long tasks in each kind of step. */
  byPhase: Record<string, number>;
}

const root = new URL('../../', import.meta.url).pathname;
const RUNS = 5;
let built = false;

/** A data folder with `documents` synthetic documents in its mirror (and no service behind it). */
export function preparedHome(documents: number, log: Log): ReturnType<typeof tempFolder> {
  const home = tempFolder('signdock-bench-ui-');
  const db = openDatabase(join(home.path, 'signdock.db'));
  load(db, log, documents);
  db.close();
  return home;
}

/**
 * The Documents page in Chromium (the Debian binary, headless) on the web host, over a mirror
 * prepared on disk (no service: its address refuses connections, so everything shown is the mirror's).
 * First paint: from the click on "Documents" to the frame after the tiles, the chart and the first
 * row are in the page (the data is in the mirror before the click), RUNS times, coming from Settings.
 * Then, with a PerformanceObserver('longtask') and a trace of the main thread: ten pages forward, every
 * sort with two pages each, a search typed letter by letter, scrolling with the wheel, arrows through rows.
 */
/** Debian's Chromium, or SIGNDOCK_CHROMIUM. */
export const chromiumPath = process.env.SIGNDOCK_CHROMIUM ?? '/usr/bin/chromium';

export async function measureDocumentsUi(home: string, documents: number): Promise<UiSide> {
  // The UI as it is now (a build left from another checkout's state would measure something else).
  if (!built) execFileSync(process.execPath, ['scripts/build-renderer.mjs'], { cwd: root, stdio: 'ignore' });
  built = true;
  const host = await startWebHostProcess(home);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await page.getByTestId('nav-documents').waitFor({ timeout: 60_000 });
    const paints: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('settings-preferences').waitFor();
      paints.push(await openDocuments(page));
    }
    await page.evaluate(`(() => {
      window.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.__long.push(entry.duration))).observe({ type: 'longtask', buffered: false });
    })()`);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const { steps, byPhase } = await interact(page);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (process.env.SIGNDOCK_BENCH_TRACE) writeFileSync(process.env.SIGNDOCK_BENCH_TRACE, JSON.stringify(trace));
    const longTasks = (await page.evaluate('window.__long')) as number[];
    return { documents, paints, longTasks, ...longestMainThreadTask(trace.traceEvents), steps, byPhase };
  } finally {
    await browser?.close();
    await host.stop();
  }
}

/** Clicks "Documents" from inside the page and answers the time to the frame after everything is there. */
async function openDocuments(page: Page): Promise<number> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const parts = () => {
      const all = document.querySelector('[data-testid="status-tiles"] [data-status="all"]');
      return { tiles: Boolean(all && /[1-9]/.test(all.textContent || '')), row: Boolean(document.querySelector('[data-testid="document-row"]')), chart: Boolean(document.querySelector('[data-testid="activity-chart"] canvas')) };
    };
    const ready = () => Object.values(parts()).every(Boolean);
    setTimeout(() => reject(new Error('Documents did not show within 60 s: ' + JSON.stringify(parts()))), 60000);
    const start = performance.now();
    const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.querySelector('[data-testid="nav-documents"]').click();
  })`)) as number;
}

/** The steps a clerk takes on the table; answers how many, and the long tasks seen in each kind of step. */
async function interact(page: Page): Promise<{ steps: number; byPhase: Record<string, number> }> {
  let steps = 0;
  const byPhase: Record<string, number> = {};
  let seen = 0;
  const phase = async (name: string) => {
    const now = (await page.evaluate('window.__long.length')) as number;
    byPhase[name] = (byPhase[name] ?? 0) + now - seen;
    seen = now;
  };
  const range = page.getByTestId('documents-range');
  const firstRow = page.getByTestId('document-row').first();
  const changed = async (before: string, read: () => Promise<string>) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if ((await read()) !== before) return;
      if (Date.now() > deadline) throw new Error(`The table did not change within 60 s (still "${before}").`);
      await frames(page);
    }
  };
  const nextPages = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      const before = (await range.textContent()) ?? '';
      await page.locator('.pager button').last().click();
      await changed(before, async () => (await range.textContent()) ?? '');
      steps += 1;
    }
  };
  await nextPages(10);
  await phase('paging');
  for (const column of ['title', 'status', 'progress', 'changed', 'batch', 'created']) {
    const before = `${await range.textContent()}|${await firstRow.textContent()}`;
    await page.getByTestId(`sort-${column}`).click();
    await changed(before, async () => `${await range.textContent()}|${await firstRow.textContent()}`);
    steps += 1;
    await phase('sorting');
    await nextPages(2);
    await phase('paging');
  }
  const search = page.getByLabel('Search documents').first();
  await search.click();
  await page.keyboard.type('contrato calle', { delay: 40 });
  const count = page.getByTestId('documents-count');
  while (!((await count.textContent()) ?? '').includes('contrato calle')) await frames(page);
  steps += 1;
  await search.fill('');
  await firstRow.waitFor();
  await phase('searching');
  await page.mouse.move(640, 500);
  for (let i = 0; i < 30; i += 1) {
    await page.mouse.wheel(0, i < 15 ? 300 : -300);
    await frames(page);
    steps += 1;
  }
  await phase('scrolling');
  await firstRow.getByTestId('row-select').focus();
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('ArrowDown');
    await frames(page);
    steps += 1;
  }
  await phase('arrows');
  return { steps, byPhase };
}

const frames = (page: Page) => page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The longest RunTask (µs → ms) on the renderer's main thread with the most tasks (the page's): wall and CPU time. */
function longestMainThreadTask(events: TraceEvent[]): { longestTaskMs: number; longestTaskCpuMs: number } {
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key) || e.dur === undefined) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return {
    longestTaskMs: busiest.length ? Math.max(...busiest.map((e) => (e.dur ?? 0) / 1000)) : Number.NaN,
    longestTaskCpuMs: busiest.length ? Math.max(...busiest.map((e) => (e.tdur ?? 0) / 1000)) : Number.NaN,
  };
}

export const median = (values: number[]) => percentile(values, 50);
