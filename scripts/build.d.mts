/** Bundles `entry` (relative to the checkout) into `outfile` as one ES module; npm packages stay external. */
export function bundle(entry: string, outfile: string): Promise<void>;

/** The most JavaScript (gzipped) a first visit to the console may load. */
export const CONSOLE_INITIAL_JS_LIMIT: number;

/** Builds the web console into `outDir` (default web/dist); returns the first visit's gzipped JavaScript size. */
export function buildConsole(outDir?: string): Promise<{ initialJsGzip: number; initialFiles: string[] }>;

/** Whether `outDir` (default web/dist) holds a console built after every change to its sources under web/. */
export function consoleUpToDate(outDir?: string): boolean;
