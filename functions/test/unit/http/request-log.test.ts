import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { logFor, loggablePath, redact, requestLog } from '../../../src/http/request-log';

/** A tiny app behind the middleware; every line it writes is parsed back. */
function appWithLog(projectId?: string) {
  const lines: Array<Record<string, unknown>> = [];
  const app = express();
  app.use(requestLog({ projectId, write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }));
  app.get('/api/ok', (_req, res) => {
    res.json({ requestId: res.locals.requestId });
  });
  app.get('/api/boom', (_req, res) => {
    logFor(res).error('checkout failed', new Error('card 4242 4242 4242 4242 declined, key sk_live_abc123'), { authorization: 'Bearer xyz' });
    res.status(500).json({ code: 'internal' });
  });
  app.get('/api/missing', (_req, res) => {
    res.status(404).end();
  });
  app.get('/api/calendar/:token', (_req, res) => {
    res.type('text/calendar').send('BEGIN:VCALENDAR');
  });
  /** The line the request wrote (the middleware's), once the response has closed. */
  const requestLine = async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return lines.find((line) => typeof line.httpRequest === 'object') as Record<string, unknown> & { httpRequest: Record<string, unknown> };
  };
  return { app, lines, requestLine };
}

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('requestLog', () => {
  it('gives each request a fresh id, in res.locals and the X-Request-Id header, and writes one line for it', async () => {
    const { app, lines, requestLine } = appWithLog();
    const res = await request(app).get('/api/ok?page=2').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.requestId).toBe(id);
    const line = await requestLine();
    expect(lines).toHaveLength(1);
    expect(line).toMatchObject({
      severity: 'INFO',
      requestId: id,
      httpRequest: { requestMethod: 'GET', requestUrl: '/api/ok?page=2', status: 200 },
    });
    expect(line.httpRequest.latency).toMatch(/^\d+\.\d{3}s$/);
    expect(line.message).toMatch(/^GET \/api\/ok\?page=2 200 \d+ms$/);
    expect(line).not.toHaveProperty('logging.googleapis.com/trace');

    const again = await request(app).get('/api/ok').expect(200);
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it("reuses the trace Google's front end sends, and names it for Cloud Logging when the project is known", async () => {
    const { app, requestLine } = appWithLog('studio-prod');
    const res = await request(app).get('/api/ok').set('X-Cloud-Trace-Context', `${TRACE}/1;o=1`).expect(200);
    expect(res.headers['x-request-id']).toBe(TRACE);
    expect(await requestLine()).toMatchObject({ requestId: TRACE, 'logging.googleapis.com/trace': `projects/studio-prod/traces/${TRACE}` });

    const w3c = await request(app).get('/api/ok').set('traceparent', `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`).expect(200);
    expect(w3c.headers['x-request-id']).toBe(TRACE);
  });

  it('does not take a malformed trace or a client-chosen id', async () => {
    const { app } = appWithLog();
    const res = await request(app)
      .get('/api/ok')
      .set('X-Cloud-Trace-Context', 'not-a-trace"},{"severity":"ERROR"/1')
      .set('traceparent', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)
      .set('X-Request-Id', 'mine')
      .expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers['x-request-id']).not.toBe('0'.repeat(32));
  });

  it('rates the line by status: 4xx is WARNING, 5xx is ERROR', async () => {
    const missing = appWithLog();
    await request(missing.app).get('/api/missing').expect(404);
    expect((await missing.requestLine()).severity).toBe('WARNING');

    const failing = appWithLog();
    await request(failing.app).get('/api/boom').expect(500);
    expect((await failing.requestLine()).severity).toBe('ERROR');
  });

  it("logs an error under the request's id with its stack, card numbers and keys masked", async () => {
    const { app, lines } = appWithLog('studio-prod');
    const res = await request(app).get('/api/boom').set('Authorization', 'Bearer secret-id-token').set('Cookie', 'session=abc').expect(500);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const error = lines.find((line) => line.message === 'checkout failed') as Record<string, unknown>;
    expect(error).toMatchObject({
      severity: 'ERROR',
      requestId: res.headers['x-request-id'],
      authorization: '[REDACTED]',
      error: { name: 'Error', message: 'card [CARD] declined, key [REDACTED]' },
    });
    expect(error.stack_trace).toEqual(expect.stringContaining('card [CARD] declined'));
    const all = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of ['4242 4242 4242 4242', 'sk_live_abc123', 'secret-id-token', 'session=abc', 'Bearer xyz']) expect(all).not.toContain(secret);
  });

  it('masks an opaque token in the path and secret values in the query', async () => {
    const { app, requestLine } = appWithLog();
    const token = 'a'.repeat(43);
    await request(app).get(`/api/calendar/${token}.ics?token=abc&api_key=k&card=4111111111111111&view=week`).expect(200);
    const line = await requestLine();
    expect(line.httpRequest.requestUrl).toBe('/api/calendar/:redacted.ics?token=%5BREDACTED%5D&api_key=%5BREDACTED%5D&card=%5BCARD%5D&view=week');
    expect(JSON.stringify(line)).not.toContain(token);
  });
});

describe('redaction', () => {
  it('masks secret-named keys at any depth and card-like numbers that pass Luhn, not timestamps or phones', () => {
    expect(
      redact({
        headers: { authorization: 'Bearer t', Cookie: 'c', 'x-api-key': 'k' },
        payment: { card_number: '4111 1111 1111 1111', cvc: '123', note: 'paid with 5555-5555-5555-4444' },
        stripeSignature: 't=1,v1=abc',
        at: 1732300000000,
        text: 'at 1732300000000, phone 5511110000',
      }),
    ).toEqual({
      headers: { authorization: '[REDACTED]', Cookie: '[REDACTED]', 'x-api-key': '[REDACTED]' },
      payment: { card_number: '[REDACTED]', cvc: '[REDACTED]', note: 'paid with [CARD]' },
      stripeSignature: '[REDACTED]',
      at: 1732300000000,
      text: 'at 1732300000000, phone 5511110000',
    });
  });

  it('keeps a plain path as it is', () => {
    expect(loggablePath('/api/classes/12/reservations')).toBe('/api/classes/12/reservations');
  });
});
