// The output of the adjudicate command as bytes: a growing run of UTF-8 that outcomes are written
// into where they stand and that is handed to stdout in pieces, so no text of the whole output, nor
// of a piece, is built and encoded again.

const EMPTY = Buffer.alloc(0);

/** A growing run of output bytes: `bytes[0..length)` is written. */
export class JsonBytes {
  bytes: Buffer;
  length = 0;

  constructor(private readonly capacity = 64 * 1024) {
    this.bytes = Buffer.allocUnsafeSlow(capacity);
  }

  /** The bytes written, handed over (the taker may keep them): the next write starts a fresh run. */
  take(): Uint8Array {
    const taken = this.bytes.subarray(0, this.length);
    this.bytes = EMPTY;
    this.length = 0;
    return taken;
  }

  /** Room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.capacity, this.length + count));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(byte: number): void {
    this.reserve(1);
    this.bytes[this.length++] = byte;
  }

  /** ASCII text as it is (punctuation): the caller knows it is ASCII. */
  ascii(text: string): void {
    this.reserve(text.length);
    this.length += this.bytes.write(text, this.length, text.length, 'latin1');
  }

  /** A line break and the indent of `depth` levels of two spaces. */
  newline(depth: number): void {
    this.reserve(1 + 2 * depth);
    this.bytes[this.length++] = 0x0a;
    this.bytes.fill(0x20, this.length, this.length + 2 * depth);
    this.length += 2 * depth;
  }

  /** Any text, in UTF-8 (a UTF-16 unit takes at most three bytes). */
  text(text: string): void {
    this.reserve(3 * text.length);
    this.length += this.bytes.write(text, this.length, 3 * text.length, 'utf8');
  }
}
