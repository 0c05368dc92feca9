/**
 * Finds the `id` of a JSON-RPC message in a stream of bytes without parsing
 * the message: the stdio transport feeds it a line too large to accept, so
 * that the refusal can carry the request's id (the client matches the error to
 * its call instead of waiting for its own timeout). Only the top-level `id`
 * key counts, wherever it is in the object; nested `"id"` keys (inside params
 * or arguments) are skipped. Works on raw UTF-8 bytes: multi-byte characters
 * never contain the ASCII bytes that structure JSON.
 */

export type MessageId = string | number;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Longest id text kept (an id is a short string or a number). */
const MAX_ID_BYTES = 1024;

export class TopLevelIdScanner {
  private depth = 0;
  private inString = false;
  private escape = false;
  /** At depth 1, the next string is a key. */
  private expectKey = false;
  /** The bytes of the key being read (only while it could still be `id`). */
  private key: number[] | undefined;
  private lastKeyIsId = false;
  /** The raw bytes of the top-level `id` value being read. */
  private value: number[] | undefined;
  private finished = false;
  private found: MessageId | undefined;

  /** The id once it has been read: a string or number, else undefined (not yet, not there, or not a valid id). */
  get id(): MessageId | undefined {
    return this.found;
  }

  /** Whether scanning is over (the id was read, or it cannot be in what follows). */
  get done(): boolean {
    return this.finished;
  }

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && !this.finished; i++) this.step(bytes[i]);
  }

  private step(b: number): void {
    if (this.inString) {
      this.value?.push(b);
      if (this.escape) this.escape = false;
      else if (b === BACKSLASH) this.escape = true;
      else if (b === QUOTE) {
        this.inString = false;
        if (this.key) {
          this.lastKeyIsId = this.key.length === 2 && this.key[0] === 0x69 && this.key[1] === 0x64;
          this.key = undefined;
        }
        return;
      }
      if (this.key) {
        this.key.push(b);
        if (this.key.length > 2) this.key = undefined;
      }
      this.overflow();
      return;
    }
    if (this.value) {
      if (this.depth === 1 && (b === COMMA || b === CLOSE_OBJECT)) return this.finishValue();
      this.value.push(b);
      this.overflow();
    }
    switch (b) {
      case QUOTE:
        this.inString = true;
        if (this.depth === 1 && this.expectKey && !this.value) {
          this.key = [];
          this.expectKey = false;
        }
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        this.depth++;
        // A batch (top-level array) has no single id.
        if (this.depth === 1) {
          if (b === OPEN_ARRAY) this.finished = true;
          this.expectKey = true;
        }
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        this.depth--;
        if (this.depth <= 0) this.finished = true;
        break;
      case COMMA:
        if (this.depth === 1) this.expectKey = true;
        break;
      case COLON:
        if (this.depth === 1 && this.lastKeyIsId && !this.value) this.value = [];
        this.lastKeyIsId = false;
        break;
    }
  }

  private overflow(): void {
    if (this.value && this.value.length > MAX_ID_BYTES) {
      this.value = undefined;
      this.finished = true;
    }
  }

  private finishValue(): void {
    const text = Buffer.from(this.value ?? []).toString('utf8');
    this.value = undefined;
    this.finished = true;
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) this.found = v;
    } catch {
      // not a JSON value: no id
    }
  }
}
