// Types for scripts/lib/chromium.mjs (imported by the e2e harness).
export const CHROME_ARGS: string[];
export const CHROMIUM_HINT: string;
export function findChromium(): string | null;
export function ensureChromium(tag?: string): Promise<string | null>;
