import { createRandom } from './prng'

/** A fictional chart catalogue: the live service's records carry only chart ids. */
export interface Chart {
  chart_id: string
  song_id: string
  title: string
  artist: string
  difficulty: 'Drizzle' | 'Sprinkle' | 'Cloudburst' | 'Clear'
  constant: number
  notes: number
}

const FIRST = ['Silent', 'Crimson', 'Paper', 'Neon', 'Velvet', 'Hollow', 'Glass', 'Lunar', 'Amber', 'Frozen', 'Wandering', 'Electric']
const SECOND = ['Rain', 'Lantern', 'Garden', 'Signal', 'Tide', 'Echo', 'Orbit', 'Harbor', 'Bloom', 'Circuit', 'Meadow', 'Comet']
const ARTISTS = ['Kumo Trio', 'Lisa Arden', 'nullpointer', '雨宫', 'Static Bloom', 'Orbital Tea', 'Mika & the Tides', '青空']
const LEVELS = [
  { difficulty: 'Drizzle', min: 1, max: 4.5 },
  { difficulty: 'Sprinkle', min: 4, max: 8.5 },
  { difficulty: 'Cloudburst', min: 8, max: 12.5 },
  { difficulty: 'Clear', min: 11, max: 15.6 }
] as const

export function generateCatalogue(songCount = 60): Chart[] {
  const random = createRandom('catalogue')
  const charts: Chart[] = []
  for (let i = 0; i < songCount; i++) {
    const title = `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}${i >= 144 ? ` ${i}` : ''}`
    const song_id = random.uuid()
    const artist = random.pick(ARTISTS)
    for (const level of LEVELS) {
      const constant = Math.round((level.min + random.next() * (level.max - level.min)) * 10) / 10
      charts.push({
        chart_id: random.uuid(),
        song_id,
        title,
        artist,
        difficulty: level.difficulty,
        constant,
        notes: Math.round(200 + constant * 90 + random.int(0, 300))
      })
    }
  }
  return charts
}
