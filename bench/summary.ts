// One line of the table `npm run bench` prints at the end: each bench script reports its measures here,
// scripts/bench.mjs collects the marked lines from their output and prints them together.
export const SUMMARY_MARK = '@@bench-row ';

export interface SummaryRow {
  measure: string;
  /** Équipée's figure, as it reads (e.g. "812 req/s, p99 14 ms"). */
  value: string;
  /** The floor measured in the same run, named. */
  floor: string;
  /** Équipée ÷ floor, in the direction the goal states. */
  ratio: number;
  /** The goal in words, or "—" when there is none. */
  goal: string;
  /** Whether the goal is met; undefined when there is no goal. */
  met?: boolean;
}

export function reportRow(row: SummaryRow): void {
  console.log(`${SUMMARY_MARK}${JSON.stringify(row)}`);
}
