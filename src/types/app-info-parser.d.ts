declare module 'app-info-parser/src/apk.js' {
  /** Parses an APK's binary AndroidManifest.xml (and resources.arsc when present). */
  export default class ApkParser {
    constructor(file: string);
    parse(): Promise<Record<string, unknown>>;
  }
}
