/** The largest goal pack file read (schema-free, for the renderer's own check before it reads a file): packs are a few kilobytes. */
export const MAX_PACK_BYTES = 1_048_576
