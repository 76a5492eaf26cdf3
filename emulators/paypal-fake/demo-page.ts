import { escapeHtml } from '../stripe-fake/http-replies';

const SCRIPT = String.raw`(function () {
  'use strict';
  var output = document.getElementById('output');
  function show(label, value) { output.textContent = label + '\n' + JSON.stringify(value, null, 2); }
  paypal
    .Buttons({
      createOrder: function () {
        return fetch('/_demo/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ value: document.getElementById('amount').value }) })
          .then(function (response) { return response.json(); })
          .then(function (order) {
            if (!order.id) throw new Error(order.message || 'No se pudo crear la orden');
            return order.id;
          });
      },
      onApprove: function (data) { show('onApprove', data); },
      onCancel: function (data) { show('onCancel', data); },
      onError: function (error) { show('onError', { message: error.message }); },
    })
    .render('#paypal-button');
})();
`;

/** A manual check of the SDK stand-in: a button for a test order of the amount typed (approve, cancel, Escape). */
export function demoPage(clientId: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PayPal falso: demo</title><style>body{font-family:system-ui,sans-serif;max-width:520px;margin:20px auto;padding:0 12px}
label{display:block;font-weight:600;margin:8px 0 4px}input{width:100%;font-size:16px;padding:8px;margin-bottom:12px}pre{background:#f4f4f4;padding:8px;white-space:pre-wrap;word-break:break-all}</style></head>
<body><h1>PayPal falso: demo del botón</h1>
<label for="amount">Importe de la orden de prueba (MXN)</label><input id="amount" value="1700.00" inputmode="decimal" autocomplete="off">
<div id="paypal-button"></div><pre id="output" aria-live="polite"></pre>
<script src="/sdk/js?client-id=${escapeHtml(encodeURIComponent(clientId))}&amp;currency=MXN&amp;intent=capture"></script>
<script>${SCRIPT}</script></body></html>`;
}
