/**
 * The card Element's frame (/elements/card): the only place card numbers are
 * typed. It accepts messages only from the parent origin named in its URL,
 * answers only to that origin, and creates the PaymentMethod itself with the
 * publishable key, so the embedding page gets nothing but the pm id.
 */
import { escapeHtml, scriptJson } from './http-replies';

export interface CardFrameParams {
  parentOrigin: string;
  publishableKey: string;
  elementId: string;
}

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f1d2b}
form{display:flex;flex-wrap:wrap;gap:8px;padding:2px}
.field{display:flex;flex-direction:column;gap:4px;min-width:0}
.number{flex:1 1 100%}
.expiry,.cvc{flex:1 1 120px}
label{font-size:14px;font-weight:600}
input{width:100%;font-size:16px;padding:10px;border:1px solid #8a8797;border-radius:6px;background:#fff;color:inherit;min-height:44px}
input:focus{outline:3px solid #2b9fa8;outline-offset:1px;border-color:#2b9fa8}
input[aria-invalid=true]{border-color:#b3261e}
#error{flex:1 1 100%;margin:0;min-height:1.3em;font-size:14px;color:#b3261e}
`;

const SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var CHANNEL = 'stripe-fake';
  var parentOrigin;
  try {
    parentOrigin = new URL(config.parentOrigin).origin;
  } catch (error) {
    parentOrigin = null;
  }
  if (!parentOrigin || parentOrigin !== config.parentOrigin || window.parent === window) return;
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var errorText = document.getElementById('error');
  var touched = { number: false, expiry: false, cvc: false };
  var MESSAGES = {
    incomplete_number: 'El número de tarjeta está incompleto.',
    invalid_number: 'El número de tarjeta no es válido.',
    incomplete_expiry: 'La fecha de vencimiento está incompleta.',
    invalid_expiry_month: 'El mes de vencimiento no es válido.',
    invalid_expiry_year_past: 'La fecha de vencimiento ya pasó.',
    incomplete_cvc: 'El código de seguridad (CVC) está incompleto.',
  };

  function send(message) {
    message.channel = CHANNEL;
    message.elementId = config.elementId;
    window.parent.postMessage(message, parentOrigin);
  }

  function digits(value) { return value.replace(/\D/g, ''); }

  function brandOf(value) {
    if (/^4/.test(value)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(value)) return 'mastercard';
    if (/^3[47]/.test(value)) return 'amex';
    if (/^6(011|5)/.test(value)) return 'discover';
    return 'unknown';
  }

  function luhn(value) {
    var sum = 0;
    for (var index = 0; index < value.length; index += 1) {
      var digit = Number(value.charAt(value.length - 1 - index));
      if (index % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function numberLength(brand) { return brand === 'amex' ? 15 : 16; }

  function formatNumber(value) {
    var brand = brandOf(value);
    if (brand === 'amex') return [value.slice(0, 4), value.slice(4, 10), value.slice(10, 15)].filter(Boolean).join(' ');
    return (value.match(/.{1,4}/g) || []).join(' ');
  }

  function formatExpiry(value) {
    if (value.length === 1 && Number(value) > 1) value = '0' + value;
    return value.length > 2 ? value.slice(0, 2) + ' / ' + value.slice(2, 4) : value;
  }

  // Each field's state: its error code if it is wrong, or 'incomplete_*' while unfinished.
  function check() {
    var n = digits(number.value);
    var brand = brandOf(n);
    var e = digits(expiry.value);
    var c = digits(cvc.value);
    var result = { brand: brand, fields: {} };
    result.fields.number = n.length < numberLength(brand) ? 'incomplete_number' : luhn(n) ? null : 'invalid_number';
    if (e.length < 4) result.fields.expiry = 'incomplete_expiry';
    else {
      var month = Number(e.slice(0, 2));
      var year = 2000 + Number(e.slice(2, 4));
      var now = new Date();
      if (month < 1 || month > 12) result.fields.expiry = 'invalid_expiry_month';
      else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) result.fields.expiry = 'invalid_expiry_year_past';
      else result.fields.expiry = null;
    }
    result.fields.cvc = c.length < (brand === 'amex' ? 4 : 3) ? 'incomplete_cvc' : null;
    result.values = { number: n, expMonth: e.slice(0, 2), expYear: e.slice(2, 4), cvc: c };
    return result;
  }

  function firstShownError(state, force) {
    var inputs = { number: number, expiry: expiry, cvc: cvc };
    var shown = null;
    ['number', 'expiry', 'cvc'].forEach(function (field) {
      var code = state.fields[field];
      var visible = code && (force || touched[field] || code.indexOf('incomplete') !== 0);
      inputs[field].setAttribute('aria-invalid', visible ? 'true' : 'false');
      if (visible && !shown) shown = { type: 'validation_error', code: code, message: MESSAGES[code] };
    });
    errorText.textContent = shown ? shown.message : '';
    return shown;
  }

  function report(force) {
    var state = check();
    var error = firstShownError(state, force);
    var empty = !number.value && !expiry.value && !cvc.value;
    var complete = !state.fields.number && !state.fields.expiry && !state.fields.cvc;
    var event = { elementType: 'card', empty: empty, complete: complete, brand: state.brand };
    if (error) event.error = error;
    send({ type: 'change', event: event });
    return { state: state, error: error };
  }

  number.addEventListener('input', function () {
    var n = digits(number.value).slice(0, 19);
    number.value = formatNumber(n);
    cvc.maxLength = brandOf(n) === 'amex' ? 4 : 3;
    report(false);
  });
  expiry.addEventListener('input', function (event) {
    var e = digits(expiry.value).slice(0, 4);
    expiry.value = event.inputType && event.inputType.indexOf('delete') === 0 ? expiry.value.replace(/[^\d/ ]/g, '') : formatExpiry(e);
    report(false);
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    report(false);
  });
  [['number', number], ['expiry', expiry], ['cvc', cvc]].forEach(function (pair) {
    pair[1].addEventListener('focus', function () { send({ type: 'focus' }); });
    pair[1].addEventListener('blur', function () {
      if (pair[1].value) touched[pair[0]] = true;
      report(false);
      send({ type: 'blur' });
    });
  });
  document.querySelector('form').addEventListener('submit', function (event) { event.preventDefault(); });

  function encode(value, prefix, pairs) {
    if (value === undefined || value === null) return pairs;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) { encode(value[key], prefix ? prefix + '[' + key + ']' : key, pairs); });
    } else pairs.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    return pairs;
  }

  function createPaymentMethod(billingDetails) {
    touched = { number: true, expiry: true, cvc: true };
    var checked = report(true);
    if (checked.error) return Promise.resolve({ error: checked.error });
    var values = checked.state.values;
    var body = encode({
      type: 'card',
      card: { number: values.number, exp_month: values.expMonth, exp_year: values.expYear, cvc: values.cvc },
      billing_details: billingDetails || {},
    }, '', []).join('&');
    return fetch('/v1/payment_methods', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + config.publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body,
    })
      .then(function (response) { return response.json(); })
      .then(function (json) {
        if (json.error) {
          errorText.textContent = json.error.message;
          return { error: json.error };
        }
        return { paymentMethod: json };
      })
      .catch(function (error) { return { error: { type: 'api_connection_error', message: String(error && error.message) } }; });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data;
    if (!data || data.channel !== CHANNEL || data.elementId !== config.elementId) return;
    if (data.type === 'createPaymentMethod') {
      createPaymentMethod(data.billing_details).then(function (result) { send({ type: 'result', requestId: data.requestId, result: result }); });
    } else if (data.type === 'clear') {
      number.value = '';
      expiry.value = '';
      cvc.value = '';
      touched = { number: false, expiry: false, cvc: false };
      report(false);
    } else if (data.type === 'focus') number.focus();
    else if (data.type === 'blur' && document.activeElement) document.activeElement.blur();
  });

  if (window.ResizeObserver) {
    new ResizeObserver(function () { send({ type: 'resize', height: document.documentElement.scrollHeight }); }).observe(document.body);
  }
  send({ type: 'ready' });
})();
`;

export function cardFramePage(params: CardFrameParams): string {
  const config = { parentOrigin: params.parentOrigin, publishableKey: params.publishableKey, elementId: params.elementId };
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Datos de la tarjeta</title><style>${STYLE}</style></head><body>
<form novalidate autocomplete="on" aria-label="Datos de la tarjeta">
<div class="field number"><label for="number">Número de tarjeta</label>
<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-invalid="false" aria-describedby="error" spellcheck="false"></div>
<div class="field expiry"><label for="expiry">Vencimiento (MM/AA)</label>
<input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / AA" maxlength="7" aria-invalid="false" aria-describedby="error"></div>
<div class="field cvc"><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3" aria-invalid="false" aria-describedby="error"></div>
<p id="error" role="alert" aria-live="polite"></p>
</form>
<script type="application/json" id="config">${scriptJson(config)}</script>
<script>${SCRIPT}</script>
<noscript>${escapeHtml('Activa JavaScript para pagar con tarjeta.')}</noscript>
</body></html>`;
}
