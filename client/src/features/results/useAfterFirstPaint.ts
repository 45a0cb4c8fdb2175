import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has drawn its frame: the parts a page can do
 * without at first (charts, counts of every result, requests for extras) wait for it, so that the
 * first frame holds what the reader came for.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before the frame is drawn; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
