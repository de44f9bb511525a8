/** The gap rule's setting, in minutes: a new session begins after more than this without a play (no schema: the renderer reads it). */
export const SESSION_GAP = { min: 30, max: 360, default: 120 } as const
