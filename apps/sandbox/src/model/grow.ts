type Grown = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | BigUint64Array;
type GrownConstructor<T> = {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  BYTES_PER_ELEMENT: number;
};

/**
 * `column` with `length` entries (the new ones zero). Per-account columns grow by one account at a
 * time as accounts are born, so they are views over a buffer with spare room: most growths are a new
 * view of the same buffer, and a copy (into 1/16 more room) happens only when the room runs out.
 */
export function grownColumn<T extends Grown>(column: T, length: number): T {
  const Ctor = column.constructor as GrownConstructor<T>;
  const bytes = Ctor.BYTES_PER_ELEMENT;
  if (length <= column.length) return column;
  const buffer = column.buffer as ArrayBuffer;
  if (!(buffer instanceof SharedArrayBuffer) && column.byteOffset + length * bytes <= buffer.byteLength) {
    // The room past a column's end was never written (columns only grow): the new entries are zero.
    return new Ctor(buffer, column.byteOffset, length);
  }
  const room = length + Math.max(64, length >>> 4);
  const next = new Ctor(new ArrayBuffer(room * bytes), 0, length);
  next.set(column as never);
  return next;
}
