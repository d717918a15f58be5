import { appendFileSync } from 'node:fs';
import type { BiometricProvider, FacialCheck, FacialImage } from '../../src/adapters/biometrics/port.js';
import { SandboxBiometricProvider } from '../../src/adapters/biometrics/sandbox.js';
import type { EventLog } from '../../src/adapters/event-store/event-log.js';
import type { Source, SourceRequest } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';

/**
 * Adapters that write every effect to a shared file (`<effect> <key> <instance>`, appended
 * atomically), so tests count effects across processes and restarts.
 */
export const recorder = (effects: string, instance: string) => (line: string) => appendFileSync(effects, `${line} ${instance}\n`);

export class RecordingSource implements Source {
  private readonly inner = new SandboxSource({ latencyMs: 5 });
  constructor(private readonly record: (line: string) => void) {}
  async query(request: SourceRequest, signal: AbortSignal) {
    this.record(`query ${request.run_id}:${request.source_id}`);
    return this.inner.query(request, signal);
  }
}

export class RecordingBiometrics implements BiometricProvider {
  private readonly inner = new SandboxBiometricProvider();
  constructor(private readonly record: (line: string) => void) {}
  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage }) {
    this.record(`check ${images.user.file_name}:${check}`);
    return this.inner.check(check, images);
  }
}

/**
 * A kill point: appends carrying an event of this type never complete (and the process says so
 * on stdout), so the effect before them has happened and its record has not.
 */
export function blockAppendsOf(log: EventLog, type: string, say: (line: string) => void): void {
  const append = log.append.bind(log);
  log.append = (stream, events, metadata, expected) => {
    if (events.some((e) => e.type === type)) {
      say(`blocked ${type}`);
      return new Promise(() => undefined);
    }
    return append(stream, events, metadata, expected);
  };
}

/**
 * A kill point: once the `n`th event of this type has been appended (durably), the process
 * SIGKILLs its whole group, so whatever came after that append never happens.
 */
export function killAfterAppendOf(log: EventLog, type: string, n: number, say: (line: string) => void): void {
  const append = log.append.bind(log);
  let seen = 0;
  log.append = async (stream, events, metadata, expected) => {
    const result = await append(stream, events, metadata, expected);
    seen += events.filter((e) => e.type === type).length;
    if (seen >= n) {
      say(`killed after ${type} #${seen}`);
      // started detached, the instance leads its own process group (see killInstance)
      process.kill(-process.pid, 'SIGKILL');
    }
    return result;
  };
}
