/** A request body produced on the fly, with its exact length known up front (no chunked encoding). */
export interface OutgoingBody {
  /** Exact number of bytes, sent as Content-Length. */
  length: number;
  /** A fresh sequence of chunks for one attempt. */
  chunks(): AsyncIterable<Uint8Array>;
}

export function jsonBody(value: unknown): OutgoingBody {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  return {
    length: bytes.byteLength,
    chunks: async function* () {
      yield bytes;
    },
  };
}

/** Tracks whether every chunk went out: set once the consumer asked for more after the last one. */
export interface SendState {
  complete: boolean;
}

export async function* trackSending(chunks: AsyncIterable<Uint8Array>, state: SendState): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield chunk;
  state.complete = true;
}
