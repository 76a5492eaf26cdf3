import { escapeHtml, scriptJson } from './http-replies';

const SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var stripe = Stripe(config.publishableKey);
  var card = stripe.elements().create('card');
  card.mount('#card');
  var output = document.getElementById('output');
  card.on('change', function (event) { output.textContent = JSON.stringify({ change: event }, null, 2); });
  document.getElementById('demo').addEventListener('submit', function (event) {
    event.preventDefault();
    var secret = document.getElementById('secret').value.trim();
    var run = secret ? stripe.confirmCardPayment(secret, { payment_method: { card: card } }) : stripe.createPaymentMethod({ type: 'card', card: card });
    run.then(function (result) { output.textContent = JSON.stringify(result, null, 2); });
  });
})();
`;

/** A manual check of the stand-in: a card Element, then pay a client secret (or just create a PaymentMethod). */
export function demoPage(publishableKey: string, clientSecret: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Stripe falso: demo</title><style>body{font-family:system-ui,sans-serif;max-width:520px;margin:20px auto;padding:0 12px}
input{width:100%;font-size:16px;padding:8px}button{margin-top:12px;font-size:16px;padding:10px 16px}pre{background:#f4f4f4;padding:8px;white-space:pre-wrap;word-break:break-all}</style></head>
<body><h1>Stripe falso: demo del elemento de tarjeta</h1>
<form id="demo"><div id="card"></div>
<label for="secret">Client secret del PaymentIntent (vacío: solo crear el PaymentMethod)</label>
<input id="secret" value="${escapeHtml(clientSecret)}" autocomplete="off">
<button type="submit">Pagar</button></form><pre id="output" aria-live="polite"></pre>
<script src="/v3/"></script><script type="application/json" id="config">${scriptJson({ publishableKey })}</script><script>${SCRIPT}</script></body></html>`;
}
