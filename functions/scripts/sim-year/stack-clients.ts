/**
 * How the simulated studio reaches the local stack, as its people do: the
 * API through Hosting with Auth emulator tokens, the processors' browser
 * scripts and dashboards (the fakes' public and control endpoints), and the
 * stack's own controls (its clock, kill -9 of the API).
 */
const BASE_URL = process.env.API_BASE_URL ?? 'http://127.0.0.1:5000';
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const STRIPE = process.env.STRIPE_FAKE_URL ?? '';
const STRIPE_PK = process.env.STRIPE_FAKE_PUBLISHABLE_KEY ?? '';
const PAYPAL = process.env.PAYPAL_FAKE_URL ?? '';
const CONTROL = process.env.STACK_CONTROL_URL ?? '';

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body: Json;
}

/** What the API answered, counted: a 5xx that no kill explains is a finding. */
export const answers = { total: 0, byStatus: new Map<number, number>(), unexplained5xx: [] as string[], killedInFlight: 0 };

/** Requests in flight while the API is killed: their failures are the kill's, not the API's. */
let killsInFlight = 0;

export async function api(method: string, path: string, options: { token?: string; body?: unknown; key?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const killedBefore = killCount;
  let status = 0;
  let body: Json;
  try {
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    status = response.status;
    const text = await response.text();
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      body = { text: text.slice(0, 200) };
    }
  } catch (error) {
    body = { error: { message: error instanceof Error ? error.message : String(error) } };
  }
  answers.total++;
  answers.byStatus.set(status, (answers.byStatus.get(status) ?? 0) + 1);
  const killed = killCount !== killedBefore || killsInFlight > 0;
  if (status === 0 || status >= 500) {
    if (killed) answers.killedInFlight++;
    // A 503 for contention or a slow store is the API's answer by design (a Spanish message, nothing written). The
    // simulation injects no processor or Auth faults, so any other 503 (processor-unavailable…) is a finding.
    else if (!(status === 503 && STORE_503.has(errorCode(body))))
      answers.unexplained5xx.push(`${method} ${path} → ${status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return { status, body };
}

/** The store's answers to contention and slowness (http/errors.ts storeErrorStatus). */
const STORE_503: ReadonlySet<string> = new Set(['store/aborted', 'store/deadline-exceeded', 'store/unavailable']);

function errorCode(body: Json): string {
  const error = (body as { error?: { code?: unknown } }).error;
  return typeof error?.code === 'string' ? error.code : '';
}

let killCount = 0;

/** kill -9 of the API's worker, while `during` runs (a request in flight), as a crash would. */
export async function killApiDuring<T>(during: () => Promise<T>, afterMs: number): Promise<{ result: T; killed: number }> {
  killsInFlight++;
  try {
    const running = during();
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    killCount++;
    const { killed } = (await control('POST', '/kill-api')) as { killed: number };
    const result = await running;
    await untilRestarted();
    return { result, killed };
  } finally {
    killsInFlight--;
  }
}

/**
 * After a kill the emulator sends the next request or two to the dead
 * worker (its proxy answers 500 with the socket's error) before it starts a
 * new one; Cloud Run would route them to another instance. So the
 * simulation waits for the restart, as a load balancer's health check does,
 * and does not count these probes as the API's answers.
 */
async function untilRestarted(): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const status = await fetch(`${BASE_URL}/api/appconfig`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The API did not come back after kill -9.');
}

export async function control(method: string, path: string, body?: unknown): Promise<Json> {
  if (!CONTROL) throw new Error('STACK_CONTROL_URL is not set: run through npm run sim:year (the stack with --clock).');
  const response = await fetch(`${CONTROL}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`stack control ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** Moves the stack's clock and waits until renewals, jobs, webhooks and triggers have settled. */
export const clockTo = (at: number) => control('POST', '/clock', { to: at });
export const clockNow = async () => Number((await control('GET', '/clock')).now);

async function identityToolkit(path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}

/** An account whose ID token is renewed before the Auth emulator's hour runs out (real time: tokens know nothing of the stack's clock). */
export class Account {
  token = '';
  uid = '';
  private signedInAt = 0;
  readonly email: string;
  readonly password: string;
  constructor(email: string, password: string) {
    this.email = email;
    this.password = password;
  }

  static async signUp(email: string, password: string): Promise<Account> {
    const account = new Account(email, password);
    const created = await identityToolkit('accounts:signUp', { email, password, returnSecureToken: true });
    account.token = String(created.idToken);
    account.uid = String(created.localId);
    account.signedInAt = Date.now();
    return account;
  }

  async bearer(): Promise<string> {
    if (Date.now() - this.signedInAt > 40 * 60_000) {
      const signedIn = await identityToolkit('accounts:signInWithPassword', { email: this.email, password: this.password, returnSecureToken: true });
      this.token = String(signedIn.idToken);
      this.uid = String(signedIn.localId);
      this.signedInAt = Date.now();
    }
    return this.token;
  }
}

export async function signIn(email: string, password: string): Promise<Account> {
  const account = new Account(email, password);
  // Never signed in: the first bearer() does.
  await account.bearer();
  return account;
}

/** Stripe.js and the card frame: the publishable key only, form-encoded. */
async function asBrowser(path: string, form: Record<string, string>): Promise<Json> {
  const response = await fetch(`${STRIPE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STRIPE_PK}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return (await response.json()) as Json;
}

export async function cardToken(number: string): Promise<string> {
  const method = await asBrowser('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2031',
    'card[cvc]': '123',
  });
  return String(method.id);
}

/** The card field confirming a PaymentIntent or SetupIntent in the browser. */
export async function confirmInBrowser(clientSecret: string, cardNumber: string): Promise<Json> {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const kind = id.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  return asBrowser(`/v1/${kind}/${id}/confirm`, { client_secret: clientSecret, payment_method: await cardToken(cardNumber) });
}

export async function oxxoVoucher(clientSecret: string, name: string, email: string): Promise<Json> {
  const id = clientSecret.split('_secret_')[0] ?? '';
  return asBrowser(`/v1/payment_intents/${id}/confirm`, {
    client_secret: clientSecret,
    'payment_method_data[type]': 'oxxo',
    'payment_method_data[billing_details][name]': name,
    'payment_method_data[billing_details][email]': email,
  });
}

async function post(base: string, path: string, body: unknown = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
}

/** What happens outside our app: a buyer paying at an OXXO store or approving in PayPal, the studio's owner in a dashboard. */
export const outside = {
  payOxxo: (intentId: string) => post(STRIPE, `/_control/payment_intents/${intentId}/oxxo`, { outcome: 'paid' }),
  stripeRefund: (intentId: string, amountCents?: number) =>
    post(STRIPE, `/_control/payment_intents/${intentId}/refund`, amountCents === undefined ? {} : { amount: amountCents }),
  stripeDispute: (intentId: string) => post(STRIPE, `/_control/payment_intents/${intentId}/dispute`),
  closeDispute: (disputeId: string, outcome: 'won' | 'lost') => post(STRIPE, `/_control/disputes/${disputeId}/close`, { outcome }),
  approvePayPalOrder: (orderId: string) => post(PAYPAL, `/_control/orders/${orderId}/approve`),
  approvePayPalSubscription: (id: string) => post(PAYPAL, `/_control/subscriptions/${id}/approve`),
  paypalRefund: (captureId: string) => post(PAYPAL, `/_control/captures/${captureId}/refund`),
  stripeLedger: async () => ((await (await fetch(`${STRIPE}/_control/ledger`)).json()) as { data: LedgerEntry[] }).data,
  paypalLedger: async () => ((await (await fetch(`${PAYPAL}/_control/ledger`)).json()) as { data: LedgerEntry[] }).data,
};

/** One charge a processor made, by its own record (the fakes' /_control/ledger). */
export interface LedgerEntry {
  id: string;
  kind: 'payment' | 'renewal';
  amount_cents: number;
  refunded_cents: number;
  disputed: 'open' | 'won' | 'lost' | null;
  at: number;
  customer: string | null;
  metadata: Record<string, string>;
}
