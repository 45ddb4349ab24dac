/** A typed quantity: the whole number `text` when it lies in min..max, else undefined (the screens say the rule). */
export function wholeNumber(text: string, min: number, max: number): number | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}
