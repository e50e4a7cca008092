import { readEnv } from './env';
/**
 * Structured JSON logs, one line per entry, with the request id when there is one.
 * LOG_LEVEL (debug, info, warn, error; default info) filters.
 */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

const threshold = (): number => levels[readEnv('LOG_LEVEL').LOG_LEVEL];

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * What every line of the current invocation carries (its request id, and the operation or task): set
 * at the start of each invocation by the handler chain (platform/http.ts) or `withLogContext`. A
 * Lambda instance runs one invocation at a time, so module state is the invocation's.
 */
let invocation: Record<string, unknown> = {};
export const setLogContext = (fields: Record<string, unknown>): void => {
  invocation = fields;
};

/** A non-HTTP handler (a pipeline task, a job, an event function) whose log lines name its invocation and `name`. */
export const withLogContext =
  <E, R>(name: string, handler: (event: E) => Promise<R>) =>
  (event: E, context?: { awsRequestId?: string }): Promise<R> => {
    setLogContext({ requestId: context?.awsRequestId ?? 'local', function: name });
    return handler(event);
  };

const write = (level: Level, base: Record<string, unknown>, msg: string, fields?: Record<string, unknown>) => {
  if (levels[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...invocation, ...base, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
};

export const createLogger = (base: Record<string, unknown> = {}): Logger => ({
  debug: (msg, fields) => write('debug', base, msg, fields),
  info: (msg, fields) => write('info', base, msg, fields),
  warn: (msg, fields) => write('warn', base, msg, fields),
  error: (msg, fields) => write('error', base, msg, fields),
  child: (fields) => createLogger({ ...base, ...fields }),
});

export const logger = createLogger();

/** An error's name, message and stack for the log (never for the client). */
export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error ? { errorName: error.name, errorMessage: error.message, stack: error.stack } : { error: String(error) };
