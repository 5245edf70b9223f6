/**
 * The access units since a stream's last keyframe: what a viewer that joins now needs to show the
 * current picture (the keyframe carries SPS/PPS; the units after it refer back to it). Bounded:
 * past `maxBytes` or `maxUnits` the group is dropped, and a late viewer waits for the next keyframe.
 */
export class VideoGop<T extends { data: Buffer; keyframe: boolean }> {
  private units: T[] = [];
  private bytes = 0;

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxUnits = 1200,
  ) {}

  push(unit: T): void {
    if (unit.keyframe) {
      this.units = [unit];
      this.bytes = unit.data.length;
      return;
    }
    if (!this.units.length) return;
    this.bytes += unit.data.length;
    this.units.push(unit);
    if (this.bytes > this.maxBytes || this.units.length > this.maxUnits) this.clear();
  }

  /** The group from its keyframe on; empty when there is none. */
  replay(): T[] {
    return [...this.units];
  }

  clear(): void {
    this.units = [];
    this.bytes = 0;
  }
}
