/** Records everything this process writes to stdout and stderr (still passing it through) until stop(). */
export function captureOutput(): { text(): string; stop(): void } {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr] as const;
  const originals = streams.map((s) => s.write.bind(s));
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return (originals[i] as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  return {
    text: () => chunks.join(''),
    stop: () => streams.forEach((stream, i) => (stream.write = originals[i] as typeof stream.write)),
  };
}
