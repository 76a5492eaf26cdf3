/**
 * Stripe Checkout's hosted page (/pay/:session), in Spanish. It uses the
 * Stripe.js stand-in like any merchant page: POST /pay/:id/start says what to
 * confirm, the stand-in confirms it (3-D Secure included), and
 * POST /pay/:id/complete completes the session and answers the redirect.
 */
import { escapeHtml, scriptJson } from './http-replies';
import type { FakeCheckoutSession, SessionLine } from './stripe-shapes';

export const moneyText = (amount: number, currency: string): string =>
  `${new Intl.NumberFormat('es-MX', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100)} ${currency.toUpperCase()}`;

const INTERVALS: Record<string, string> = { day: 'día', week: 'semana', month: 'mes', year: 'año' };

const SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var stripe = Stripe(config.publishableKey);
  var card = stripe.elements({ locale: 'es' }).create('card');
  card.mount('#card');
  var form = document.getElementById('pay');
  var button = document.getElementById('submit');
  var message = document.getElementById('message');
  var cardBox = document.getElementById('card-box');
  var oxxoBox = document.getElementById('oxxo-box');
  var DECLINES = {
    card_declined: 'La tarjeta fue rechazada.',
    insufficient_funds: 'La tarjeta no tiene fondos suficientes.',
    lost_card: 'La tarjeta fue rechazada.',
    stolen_card: 'La tarjeta fue rechazada.',
    expired_card: 'La tarjeta está vencida.',
    incorrect_cvc: 'El código de seguridad es incorrecto.',
    processing_error: 'Ocurrió un error al procesar la tarjeta. Intenta de nuevo.',
    payment_intent_authentication_failure: 'No se pudo autenticar el pago con tu banco.',
    setup_intent_authentication_failure: 'No se pudo autenticar la tarjeta con tu banco.',
  };
  function method() {
    var checked = document.querySelector('input[name=method]:checked');
    return checked ? checked.value : 'card';
  }
  Array.prototype.forEach.call(document.querySelectorAll('input[name=method]'), function (radio) {
    radio.addEventListener('change', function () {
      cardBox.hidden = method() !== 'card';
      oxxoBox.hidden = method() !== 'oxxo';
    });
  });
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw new Error((json.error && json.error.message) || 'Error');
        return json;
      });
    });
  }
  function showError(error) {
    message.textContent = DECLINES[error.decline_code] || DECLINES[error.code] || error.message || 'No se pudo completar el pago.';
    button.disabled = false;
    message.focus();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    button.disabled = true;
    message.textContent = 'Procesando…';
    var chosen = method();
    post('/pay/' + config.sessionId + '/start', { method: chosen })
      .then(function (start) {
        if (chosen === 'oxxo') {
          return stripe.confirmOxxoPayment(start.clientSecret, {
            payment_method: { billing_details: { name: document.getElementById('oxxo-name').value, email: document.getElementById('oxxo-email').value } },
          });
        }
        if (start.kind === 'setup') return stripe.confirmCardSetup(start.clientSecret, { payment_method: { card: card } });
        return stripe.confirmCardPayment(start.clientSecret, { payment_method: { card: card, billing_details: config.email ? { email: config.email } : {} } });
      })
      .then(function (result) {
        if (result.error) return showError(result.error);
        return post('/pay/' + config.sessionId + '/complete').then(function (done) {
          message.textContent = 'Pago completado. Redirigiendo…';
          window.location.assign(done.redirect);
        });
      })
      .catch(function (error) { showError({ message: error.message }); });
  });
})();
`;

export function checkoutPage(session: FakeCheckoutSession, lines: SessionLine[], publishableKey: string, trialDays: number | null): string {
  const currency = session.currency ?? 'mxn';
  const rows = lines
    .map((line) => {
      const every = line.price.recurring ? ` / ${INTERVALS[line.price.recurring.interval] ?? line.price.recurring.interval}` : '';
      return `<li><span>${escapeHtml(line.description)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</span><span>${escapeHtml(moneyText((line.price.unit_amount ?? 0) * line.quantity, currency))}${escapeHtml(every)}</span></li>`;
    })
    .join('');
  const total = moneyText(session.amount_total ?? 0, currency);
  const payLabel = trialDays ? `Iniciar prueba de ${trialDays} días` : session.mode === 'subscription' ? `Suscribirme por ${total}` : `Pagar ${total}`;
  const offersOxxo = session.mode === 'payment' && session.payment_method_types.includes('oxxo');
  const offersCard = session.payment_method_types.includes('card');
  const methods = offersOxxo
    ? `<fieldset><legend>Método de pago</legend>
${offersCard ? '<label><input type="radio" name="method" value="card" checked> Tarjeta de crédito o débito</label>' : ''}
<label><input type="radio" name="method" value="oxxo"${offersCard ? '' : ' checked'}> Efectivo en OXXO</label></fieldset>`
    : '';
  const cancel = session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancelar</a>` : '';
  const closed =
    session.status !== 'open'
      ? `<p role="status">Esta sesión de pago ya ${session.status === 'complete' ? 'se completó' : 'expiró'}.</p>`
      : `<form id="pay" novalidate>${methods}
<div id="card-box"${offersCard ? '' : ' hidden'}><div id="card"></div></div>
<div id="oxxo-box"${offersCard ? ' hidden' : ''}><label for="oxxo-name">Nombre completo</label><input id="oxxo-name" autocomplete="name">
<label for="oxxo-email">Correo electrónico</label><input id="oxxo-email" type="email" autocomplete="email" value="${escapeHtml(session.customer_email ?? '')}"></div>
<button id="submit" type="submit">${escapeHtml(payLabel)}</button>
<p id="message" tabindex="-1" role="alert" aria-live="assertive"></p></form>`;
  const config = { sessionId: session.id, publishableKey, email: session.customer_email };
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pagar (Stripe de prueba)</title>
<style>*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;color:#1f1d2b;background:#f7f5f2}main{max-width:480px;margin:0 auto;padding:20px}
h1{font-size:22px}ul{list-style:none;padding:0;margin:0 0 8px}li{display:flex;justify-content:space-between;gap:12px;padding:6px 0;border-bottom:1px solid #ddd}
.total{display:flex;justify-content:space-between;font-weight:700;font-size:18px;margin:12px 0 20px}form{background:#fff;padding:16px;border-radius:8px;display:flex;flex-direction:column;gap:12px}
fieldset{border:1px solid #ccc;border-radius:6px}label{display:block;font-weight:600;margin:4px 0}input[type=email],#oxxo-name{width:100%;font-size:16px;padding:10px;border:1px solid #8a8797;border-radius:6px}
button{font-size:17px;padding:12px;border:0;border-radius:6px;background:#2b2d8e;color:#fff;min-height:44px;cursor:pointer}button:disabled{opacity:.6}
button:focus,a:focus,input:focus{outline:3px solid #2b9fa8;outline-offset:2px}#message{color:#8c1d18;min-height:1.2em;margin:0}.cancel{display:inline-block;margin-top:16px;color:#2b2d8e}
.test{font-size:13px;background:#fff3cd;padding:6px 10px;border-radius:4px}</style></head><body><main>
<p class="test">Modo de prueba: no se hará ningún cargo real.</p>
<h1>${session.mode === 'subscription' ? 'Suscripción' : 'Pago'}</h1>
<ul>${rows}</ul><p class="total"><span>Total</span><span>${escapeHtml(total)}</span></p>
${trialDays ? `<p>Los primeros ${trialDays} días son gratis; después se cobrará ${escapeHtml(total)} de forma recurrente.</p>` : ''}
${closed}
${cancel}
</main>
<script src="/v3/"></script>
<script type="application/json" id="config">${scriptJson(config)}</script>
${session.status === 'open' ? `<script>${SCRIPT}</script>` : ''}
</body></html>`;
}
