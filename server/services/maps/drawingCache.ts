/*
 * Drawn pictures kept in memory, the one used longest ago dropped first once either bound is
 * passed: a count, and the bytes they hold together. A picture being drawn is shared, so many
 * requests for the same tile at once (a family's phones on one map) draw it once.
 */

export interface DrawingCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export interface DrawingCacheStats {
  entries: number;
  bytes: number;
  /** How many pictures were drawn (a miss that was not already being drawn). */
  draws: number;
}

export class DrawingCache {
  /** Insertion order is use order: the first entry is the one used longest ago. */
  private readonly kept = new Map<string, Buffer>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private draws = 0;

  constructor(private readonly limits: DrawingCacheLimits) {}

  /** The picture under `key`, drawn by `draw` unless kept or already being drawn. */
  async get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const found = this.kept.get(key);
    if (found !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const pending = this.drawing.get(key);
    if (pending !== undefined) return pending;
    this.draws += 1;
    const drawn = draw().then(
      (bytes) => {
        this.drawing.delete(key);
        this.keep(key, bytes);
        return bytes;
      },
      (error: unknown) => {
        // A failure is not kept: the next request draws again.
        this.drawing.delete(key);
        throw error;
      },
    );
    this.drawing.set(key, drawn);
    return drawn;
  }

  stats(): DrawingCacheStats {
    return { entries: this.kept.size, bytes: this.bytes, draws: this.draws };
  }

  private keep(key: string, bytes: Buffer): void {
    // Bigger than the whole budget: served, never kept (it would push everything else out).
    if (bytes.length > this.limits.maxBytes) return;
    this.kept.set(key, bytes);
    this.bytes += bytes.length;
    for (const [oldest, oldBytes] of this.kept) {
      if (this.kept.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= oldBytes.length;
    }
  }
}
