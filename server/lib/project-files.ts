import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file runs from server/lib/ as source (tsx, tests) and, bundled, from build/server/ (npm start):
// both are two folders below the repository root, so one rule finds the files the server reads.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A file or folder of the repository, by its path from the root. */
export const projectFile = (...parts: string[]): string => join(ROOT, ...parts);
