/**
 * Decimals for the Reality axis: enough that neighbouring ticks read differently (a player near the
 * top moves by thousandths, and two decimals then label 15.995 and 16.000 both "16.00"), and at least
 * the two a rating is usually read with. Reality itself has four.
 */
export function tickDigits(step: number): number {
  if (!(step > 0)) return 2
  return Math.min(4, Math.max(2, Math.ceil(-Math.log10(step) - 1e-9)))
}
