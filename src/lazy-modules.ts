import { createRequire } from 'node:module';

/**
 * Heavy packages load when first used, not when the server starts: most deployments never use
 * some of them (Stripe, Redis, SMTP, S3, model providers), and the ones a running server does use
 * (image work, the package reader's threads, the virtual device's canvas) are not needed to answer
 * its first request. Idle memory and start time pay only for what is used.
 *
 * Each accessor loads its package once, synchronously through `require` (these packages ship
 * CommonJS builds); packages that are ES modules only are imported with `import()` where they are
 * used. The bundle (scripts/build.mjs) keeps npm packages external, so none of this is inlined.
 */
const load = createRequire(import.meta.url);

function once<T>(name: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= load(name) as T);
}

const loadSharpModule = once<typeof import('sharp').default>('sharp');
let sharpConfigured = false;
/**
 * sharp, configured on load: no operation cache (libvips keeps up to 50 MB of decoded images for
 * repeated operations on one input, which simdeck never does; that memory would stay resident
 * after the first upload's icon).
 */
export const loadSharp = (): typeof import('sharp').default => {
  const sharp = loadSharpModule();
  if (!sharpConfigured) {
    sharp.cache(false);
    sharpConfigured = true;
  }
  return sharp;
};
/** The Stripe class (the CommonJS build exports it as the module). */
export const loadStripe = once<typeof import('stripe').default>('stripe');
export const loadPiscina = once<typeof import('piscina')>('piscina');
export const loadIoredis = once<typeof import('ioredis')>('ioredis');
export const loadNodemailer = once<typeof import('nodemailer')>('nodemailer');
export const loadCanvas = once<typeof import('@napi-rs/canvas')>('@napi-rs/canvas');
export const loadFastJson = once<typeof import('fast-json-stringify').default>('fast-json-stringify');
export const loadYaml = once<typeof import('yaml')>('yaml');
export const loadTarStream = once<typeof import('tar-stream')>('tar-stream');
export const loadXmldom = once<typeof import('@xmldom/xmldom')>('@xmldom/xmldom');
export const loadCsvStringify = once<typeof import('csv-stringify/sync')>('csv-stringify/sync');
export const loadAi = once<typeof import('ai')>('ai');
export const loadAnthropic = once<typeof import('@ai-sdk/anthropic')>('@ai-sdk/anthropic');
export const loadGoogle = once<typeof import('@ai-sdk/google')>('@ai-sdk/google');
export const loadOpenAi = once<typeof import('@ai-sdk/openai')>('@ai-sdk/openai');
export const loadOpenAiCompatible = once<typeof import('@ai-sdk/openai-compatible')>('@ai-sdk/openai-compatible');
export const loadOpenRouter = once<typeof import('@openrouter/ai-sdk-provider')>('@openrouter/ai-sdk-provider');

/** sharp(...) with the package loaded on the first call. */
export const sharp = ((...args: unknown[]) =>
  (loadSharp() as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as typeof import('sharp').default;
/** STF's adb client (talks to the adb server over its socket protocol; the Android driver's transport). */
export const loadAdbkit = once<typeof import('@devicefarmer/adbkit')>('@devicefarmer/adbkit');
/** undici's HTTP client (the Android driver's client of the UiAutomator2 server). */
export const loadUndici = once<typeof import('undici')>('undici');
