/** The gains and losses of an adjustment's lines, and their short summary (`+12 / -3`) for the list. */
import { JudgementType } from '../../../../generated/shared/enums';

type Lines = ReadonlyArray<{ type?: unknown; qty?: unknown }> | null | undefined;

/** Gains and losses of a document's lines, e.g. `{ count: 3, gain: 12, loss: 3 }`. */
export function lineTotals(lines: Lines): { count: number; gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  const list = Array.isArray(lines) ? lines : [];
  for (const l of list) {
    const qty = Number(l.qty) || 0;
    if (Number(l.type) === JudgementType.GAIN) gain += qty;
    else if (Number(l.type) === JudgementType.LOSS) loss += qty;
  }
  return { count: list.length, gain, loss };
}

/** The short summary of a document's lines: `+12 / -3`. */
export function lineSummary(lines: Lines): string {
  const { gain, loss } = lineTotals(lines);
  return `+${gain} / -${loss}`;
}
