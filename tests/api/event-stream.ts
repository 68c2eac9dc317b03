import { expect } from 'vitest';
import type { LiveEvent } from '../../src/domain/live';

export interface Frame {
  id?: string;
  event?: string;
  data: string;
}

/** A session's stream, read frame by frame as server-sent events. */
export async function openStream(base: string, token: string, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const frames: Frame[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Frame = { data: '' };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'data') frame.data = value;
          }
          if (frame.data) frames.push(frame);
        }
        waiters.forEach((wake) => wake());
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
    waiters.forEach((wake) => wake());
  })();
  /** Waits for a frame that `match` accepts (or the stream's end), up to a few seconds. */
  const next = async (match: (event: LiveEvent, frame: Frame) => boolean) => {
    const deadline = performance.now() + 5000;
    for (;;) {
      const found = frames.find((frame) => match(JSON.parse(frame.data) as LiveEvent, frame));
      if (found) return JSON.parse(found.data) as LiveEvent;
      if (ended || performance.now() > deadline) return undefined;
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 200);
        waiters.add(wake);
      });
    }
  };
  const events = () => frames.filter((frame) => !frame.event).map((frame) => JSON.parse(frame.data) as LiveEvent);
  return { next, events, frames, ended: () => ended, close: () => abort.abort() };
}
