import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/**
 * One JSON line per request on stdout, which Cloud Logging reads as a
 * structured entry: `severity`, `message`, `httpRequest` and
 * `logging.googleapis.com/trace` are its special fields, so the Logs Explorer
 * shows the level, the request summary and groups every line of one request
 * under its trace (docs/operations.md "Reading logs").
 */

export const REQUEST_ID_HEADER = 'X-Request-Id';

export type Severity = 'INFO' | 'WARNING' | 'ERROR';

export interface Logger {
  readonly requestId: string;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  /** An error with its stack under `stack_trace`, where Error Reporting looks for it. */
  error(message: string, error?: unknown, fields?: Record<string, unknown>): void;
}

export interface RequestLogOptions {
  /** For the trace field; without it (local stack, tests) lines carry the request id only. */
  projectId?: string;
  /** Where lines go; stdout by default. */
  write?: (line: string) => void;
}

const REDACTED = '[REDACTED]';

/** Keys whose values are never logged, whatever they hold. */
const SECRET_KEY = /authorization|cookie|password|secret|token|api[-_]?key|signature|card|cvc|cvv/i;

/** Keys of the query string whose values are dropped from the logged path. */
const SECRET_QUERY_KEY = /token|key|secret|code|signature|password|auth|session/i;

/** Stripe keys (sk_/rk_ live or test, webhook secrets) and bearer credentials inside free text. */
const SECRET_TEXT = /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9]+|\bBearer\s+[A-Za-z0-9._~+/=-]+/g;

/** 13–19 digits, optionally grouped by spaces or dashes: the shape of a card number. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

/** An opaque path segment (the calendar feed's token is 43 characters): it is a credential, not a name. */
const OPAQUE_SEGMENT = /^[A-Za-z0-9_-]{32,}(\.[a-z]+)?$/;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Free text with secrets and card numbers masked; Luhn spares timestamps and ids that merely look long. */
export function redactText(text: string): string {
  return text.replace(SECRET_TEXT, REDACTED).replace(CARD_LIKE, (match) => (passesLuhn(match.replace(/\D/g, '')) ? '[CARD]' : match));
}

/** A value safe to log: secret-named keys masked, strings through redactText, depth and cycles bounded. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 6 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1, seen)]));
}

/** The path as logged: opaque segments and secret query values masked, the rest kept for reading. */
export function loggablePath(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const path = pathname
    .split('/')
    .map((segment) => {
      const match = OPAQUE_SEGMENT.exec(segment);
      return match ? `:redacted${match[1] ?? ''}` : redactText(segment);
    })
    .join('/');
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEY.test(key)) params.set(key, REDACTED);
    else params.set(key, redactText(params.get(key) ?? ''));
  }
  return `${path}?${params.toString()}`;
}

const TRACE_ID = /^[0-9a-f]{32}$/;

/**
 * The request id: Google's front end sends the trace it logs the request
 * under (`traceparent`, `X-Cloud-Trace-Context`), so reusing it puts our lines
 * beside the platform's; anything else (or nothing) gets a fresh one in the
 * same shape. A client-chosen id is never taken: it would be free text in logs.
 */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string {
  const parent = typeof headers.traceparent === 'string' ? headers.traceparent.split('-')[1]?.toLowerCase() : undefined;
  if (parent && TRACE_ID.test(parent) && !/^0+$/.test(parent)) return parent;
  const cloud = typeof headers['x-cloud-trace-context'] === 'string' ? headers['x-cloud-trace-context'].split('/')[0]?.toLowerCase() : undefined;
  if (cloud && TRACE_ID.test(cloud) && !/^0+$/.test(cloud)) return cloud;
  return randomBytes(16).toString('hex');
}

const defaultProjectId = () => process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT;
const defaultWrite = (line: string) => process.stdout.write(`${line}\n`);

/** A logger whose every line carries one request's id (and trace, when the project is known). */
export function createLogger(requestId: string, options: RequestLogOptions = {}): Logger {
  const projectId = options.projectId ?? defaultProjectId();
  const write = options.write ?? defaultWrite;
  const emit = (severity: Severity, message: string, fields: Record<string, unknown> = {}) => {
    const entry: Record<string, unknown> = {
      severity,
      message: redactText(message),
      ...(redact(fields) as Record<string, unknown>),
      requestId,
      ...(projectId ? { 'logging.googleapis.com/trace': `projects/${projectId}/traces/${requestId}` } : {}),
    };
    write(JSON.stringify(entry));
  };
  return {
    requestId,
    info: (message, fields) => emit('INFO', message, fields),
    warn: (message, fields) => emit('WARNING', message, fields),
    error(message, error, fields = {}) {
      const detail =
        error instanceof Error
          ? { error: { name: error.name, message: error.message }, stack_trace: error.stack }
          : error === undefined
            ? {}
            : { error: String(error) };
      emit('ERROR', message, { ...fields, ...detail });
    },
  };
}

/** The logger requestLog put on this response; a fresh id when the middleware did not run (a test, a job). */
export function logFor(res: Response): Logger {
  const log = res.locals.log as Logger | undefined;
  return log ?? createLogger(requestIdOf({}));
}

const severityOf = (status: number): Severity => (status >= 500 ? 'ERROR' : status >= 400 ? 'WARNING' : 'INFO');

/**
 * Assigns the request id (res.locals.requestId, the X-Request-Id response
 * header, so a person reporting a problem can quote it), puts a logger on
 * res.locals.log, and writes one line when the response ends. Headers and
 * bodies are never logged: they carry tokens, cookies and personal data.
 */
export function requestLog(options: RequestLogOptions = {}): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers);
    const log = createLogger(requestId, options);
    res.locals.requestId = requestId;
    res.locals.log = log;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = loggablePath(req.originalUrl);
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      const severity = severityOf(status);
      const fields = {
        httpRequest: { requestMethod: req.method, requestUrl: path, status, latency: `${seconds.toFixed(3)}s` },
        ...(aborted ? { aborted } : {}),
      };
      const message = `${req.method} ${path} ${status} ${Math.round(seconds * 1000)}ms${aborted ? ' (aborted)' : ''}`;
      if (severity === 'ERROR') log.error(message, undefined, fields);
      else if (severity === 'WARNING') log.warn(message, fields);
      else log.info(message, fields);
    });
    next();
  };
}
