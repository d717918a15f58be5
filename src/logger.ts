/**
 * Structured JSON lines on stdout/stderr. Callers pass identifiers (request ids, tenant ids,
 * positions), never personal data, keys or request bodies.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(): Logger {
  const write = (level: string, stream: NodeJS.WriteStream) => (message: string, fields: Record<string, unknown> = {}) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  return { info: write('info', process.stdout), warn: write('warn', process.stderr), error: write('error', process.stderr) };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Collects lines in memory: tests assert on what would have been logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields: Record<string, unknown> = {}) => {
    lines.push(JSON.stringify({ level, message, ...fields }));
  };
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}
