/** The supervisor's own lines, told apart from the nodes' echoed output: `[cluster] 02:31:05.123 …` (UTC). */
export type Say = (line: string) => void;

export function clock(at: Date | number = Date.now()): string {
  return new Date(at).toISOString().slice(11, 23);
}

export const say: Say = (line) => console.log(`[cluster] ${clock()} ${line}`);
