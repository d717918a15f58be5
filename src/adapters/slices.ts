/**
 * Long loops on the event loop, sliced: `pause()` called every so often inside the loop lets
 * other work run (a turn of the event loop) once the slice has held the thread `sliceMs`.
 */
export function slicer(sliceMs = 10): { pause(): Promise<void> | null } {
  let started = performance.now();
  return {
    pause() {
      if (performance.now() - started < sliceMs) return null;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          started = performance.now();
          resolve();
        }),
      );
    },
  };
}
