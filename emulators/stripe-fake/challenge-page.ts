/**
 * The 3-D Secure challenge (/3ds/:intent), shown by the Stripe.js stand-in in
 * a modal frame. Its buttons answer POST /3ds/:intent/authenticate; it then
 * tells the embedding page (only at the origin given in its URL) to read the
 * intent back.
 */
import { escapeHtml, scriptJson } from './http-replies';

export interface ChallengeParams {
  intentId: string;
  clientSecret: string;
  parentOrigin: string;
  amountText: string | null;
}

const SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button'));
  var done = false;
  function answer(outcome) {
    if (done) return;
    done = true;
    buttons.forEach(function (button) { button.disabled = true; });
    status.textContent = outcome === 'complete' ? 'Autenticando…' : 'Cancelando la autenticación…';
    fetch('/3ds/' + encodeURIComponent(config.intentId) + '/authenticate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_secret: config.clientSecret, outcome: outcome }),
    })
      .catch(function () { return null; })
      .then(function () {
        status.textContent = 'Listo.';
        var origin = null;
        try { origin = new URL(config.parentOrigin).origin; } catch (error) { origin = null; }
        if (origin && window.parent !== window) {
          window.parent.postMessage({ channel: 'stripe-fake', type: 'challenge-complete', intent: config.intentId }, origin);
        }
      });
  }
  document.getElementById('complete').addEventListener('click', function () { answer('complete'); });
  document.getElementById('fail').addEventListener('click', function () { answer('fail'); });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { event.preventDefault(); answer('fail'); }
  });
  // Escape pressed in the embedding page (focus outside this frame) arrives as a message from that page only.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || event.origin !== config.parentOrigin) return;
    if (data && data.channel === 'stripe-fake' && data.type === 'fail' && data.intent === config.intentId) answer('fail');
  });
  document.getElementById('complete').focus();
})();
`;

export function challengePage(params: ChallengeParams): string {
  const config = { intentId: params.intentId, clientSecret: params.clientSecret, parentOrigin: params.parentOrigin };
  const amount = params.amountText ? `<p>Importe: <strong>${escapeHtml(params.amountText)}</strong></p>` : '';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Autenticación 3-D Secure (prueba)</title>
<style>*{box-sizing:border-box}body{margin:0;padding:20px;font-family:system-ui,sans-serif;color:#1f1d2b}h1{font-size:20px;margin:0 0 12px}
p{line-height:1.4}.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button{font-size:16px;padding:12px;border-radius:6px;border:1px solid #1f1d2b;cursor:pointer;min-height:44px}
#complete{background:#1f6f4a;color:#fff;border-color:#1f6f4a}#fail{background:#fff;color:#8c1d18;border-color:#8c1d18}
button:focus{outline:3px solid #2b9fa8;outline-offset:2px}small{color:#555}</style></head><body>
<main><h1>Confirma tu compra</h1>
<p>Tu banco te pide verificar este pago. Esta es una página de prueba de Stripe: elige el resultado de la autenticación.</p>${amount}
<div class="actions"><button type="button" id="complete">Completar autenticación</button>
<button type="button" id="fail">Fallar autenticación</button></div>
<p id="status" role="status" aria-live="polite"></p><small>Escape cancela la autenticación.</small></main>
<script type="application/json" id="config">${scriptJson(config)}</script>
<script>${SCRIPT}</script></body></html>`;
}
