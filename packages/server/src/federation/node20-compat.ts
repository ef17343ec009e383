/*
 * Fedify 1.x's signing encodes with byte-encodings, which calls ArrayBuffer.prototype.transfer
 * (Node 21 and later). On the Node 20 these servers run, a copy does what that code needs of it.
 */
if (typeof Reflect.get(ArrayBuffer.prototype, 'transfer') !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transfer', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const copy = new ArrayBuffer(length ?? this.byteLength);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(this.byteLength, copy.byteLength)));
      return copy;
    },
  });
}
export {};
