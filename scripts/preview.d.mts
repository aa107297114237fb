// Types for scripts/preview.mjs (imported by the e2e global setup).
import type { Server } from 'node:http';

export const MIME: Record<string, string>;

export interface StaticServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

export function startStaticServer(dir?: string, port?: number, opts?: { quiet?: boolean }): Promise<StaticServer>;
