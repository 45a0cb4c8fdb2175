/**
 * A set of strings kept as 64-bit fingerprints in one typed array: about 16 bytes per key
 * instead of the ~150 a `Set<string>` of short strings costs, so the generator can remember the
 * keys of two million patents in tens of megabytes. Two different keys share a fingerprint with a
 * chance of about n² / 2⁶⁵ (1 in 10⁷ at two million keys); the only effect would be one more draw.
 */
export class KeySet {
  private slots = new Uint32Array(2 * 1024);
  private size = 0;

  /** Adds the key; false when it was already there. */
  add(key: string): boolean {
    if ((this.size + 1) * 2 > this.slots.length / 2) this.grow();
    const [high, low] = fingerprint(key);
    if (!this.place(this.slots, high, low)) return false;
    this.size += 1;
    return true;
  }

  private place(slots: Uint32Array, high: number, low: number): boolean {
    const mask = slots.length / 2 - 1;
    for (let index = high & mask; ; index = (index + 1) & mask) {
      const slotHigh = slots[index * 2]!;
      const slotLow = slots[index * 2 + 1]!;
      if (slotHigh === 0 && slotLow === 0) {
        slots[index * 2] = high;
        slots[index * 2 + 1] = low;
        return true;
      }
      if (slotHigh === high && slotLow === low) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let index = 0; index < old.length; index += 2) {
      if (old[index] !== 0 || old[index + 1] !== 0) this.place(this.slots, old[index]!, old[index + 1]!);
    }
  }
}

/** Two independent 32-bit FNV-style hashes; never (0, 0), which marks an empty slot. */
function fingerprint(key: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x9747b28c;
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x5bd1e995);
    low ^= low >>> 15;
  }
  high >>>= 0;
  low >>>= 0;
  return high === 0 && low === 0 ? [0, 1] : [high, low];
}
