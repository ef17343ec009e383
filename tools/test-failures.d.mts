/** vitest's « Failed Tests » section (and the errors outside tests, and coverage below its threshold), without colours, at most `limit` lines. */
export function failuresOf(output: string, limit?: number): string[];
