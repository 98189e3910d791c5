/** Sorts values below `limit` ascending: least significant digit first, 11 bits per pass. */
export function radixSort(values: Uint32Array, limit: number): Uint32Array {
  const bits = Math.max(1, 32 - Math.clz32(Math.max(1, limit - 1)));
  const passes = Math.ceil(bits / 11);
  const width = Math.ceil(bits / passes);
  const mask = (1 << width) - 1;
  let from: Uint32Array = values;
  let to: Uint32Array = new Uint32Array(values.length);
  const starts = new Uint32Array(mask + 1);
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += width) {
    starts.fill(0);
    for (let i = 0; i < from.length; i++) starts[(from[i]! >>> shift) & mask]!++;
    let sum = 0;
    for (let d = 0; d <= mask; d++) {
      const c = starts[d]!;
      starts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      to[starts[(v >>> shift) & mask]!++] = v;
    }
    [from, to] = [to, from];
  }
  return from;
}
