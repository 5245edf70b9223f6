/** Bundles `entry` (relative to the checkout) into `outfile` as one ES module; npm packages stay external. */
export function bundle(entry: string, outfile: string): Promise<void>;
