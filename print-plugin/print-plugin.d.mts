/** Types of print-plugin.mjs (for the project's TypeScript tests; the plugin itself is plain JavaScript). */
import type { Server } from 'node:http';

export const VERSION: string;
export const DEFAULT_PORT: number;
export interface Printer { name: string; isDefault: boolean }
export interface Printing { print(file: string, printer?: string): Promise<void>; list(): Promise<Printer[]> }
export interface PluginConfig {
  consoleOrigin: string;
  port?: number;
  maxBytes?: number;
  defaultPrinter?: string;
  testDir?: string;
}
export function isLoopback(address: string | undefined): boolean;
export function normalizeOrigin(origin: string): string;
export function configFromEnv(env?: NodeJS.ProcessEnv): Required<Pick<PluginConfig, 'consoleOrigin' | 'port' | 'maxBytes'>> & PluginConfig;
export const systemPrinting: Printing;
export function downloadPdf(url: string, consoleOrigin: string, maxBytes: number, fetchImpl?: typeof fetch): Promise<Buffer>;
export function createPlugin(options: PluginConfig & { printing?: Printing; log?: (...a: unknown[]) => void; fetch?: typeof fetch }): Server;
export function main(env?: NodeJS.ProcessEnv): Server;
