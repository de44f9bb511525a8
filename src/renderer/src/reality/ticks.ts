/**
 * Decimals for the Reality axis: as many as the tick step has, so every tick reads exactly (a player
 * near the top moves by thousandths, and two fixed decimals label 15.995 and 16.000 both "16.00"),
 * at least the two a rating is usually read with, and at most Reality's own four.
 */
export function tickDigits(step: number): number {
  if (!(step > 0)) return 2
  for (let digits = 2; digits < 4; digits++) {
    const scaled = step * 10 ** digits
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return digits
  }
  return 4
}
