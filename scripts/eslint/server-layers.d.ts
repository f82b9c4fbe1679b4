// Types of server-layers.js for the TypeScript that reads it (tests/unit/server-modules.test.ts).
import type { ESLint } from 'eslint';

export interface Layering {
  layers: { name: string; open?: boolean; about: string }[];
  units: Record<string, { layer: string; imports?: string[]; exports?: string[]; about?: string }>;
}
export const layering: Layering;
export function layeringProblems(): string[];
export function unitOf(file: string): { unit: string; inside: string } | null;
export function refusal(from: { unit: string; inside: string }, to: { unit: string; inside: string }): string | null;
export const serverLayers: ESLint.Plugin;
