/**
 * The script served at /v3/, standing in for https://js.stripe.com/v3/:
 * `window.Stripe(publishableKey)` with the subset of Stripe.js the app uses.
 * Card data is typed into an iframe served by the fake (another origin than
 * the app), which creates the PaymentMethod itself; the page only ever sees
 * the pm id. Messages go to the fake's origin only, and only the frames'
 * messages from that origin are read.
 */
import { scriptJson } from './http-replies';

const SCRIPT = String.raw`(function () {
  'use strict';
  if (window.Stripe) return;
  var FAKE_ORIGIN = __FAKE_ORIGIN__;
  var CHANNEL = 'stripe-fake';
  var elementInternals = new WeakMap();
  var counter = 0;

  function randomId(prefix) {
    counter += 1;
    return prefix + '-' + counter + '-' + Math.random().toString(36).slice(2, 10);
  }

  function encodeForm(value, prefix, pairs) {
    if (value === undefined || value === null) return pairs;
    if (Array.isArray(value)) {
      value.forEach(function (item, index) { encodeForm(item, prefix + '[' + index + ']', pairs); });
    } else if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) { encodeForm(value[key], prefix ? prefix + '[' + key + ']' : key, pairs); });
    } else {
      pairs.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    }
    return pairs;
  }

  function apiRequest(key, method, path, params) {
    var query = encodeForm(params || {}, '', []).join('&');
    var url = FAKE_ORIGIN + path + (method === 'GET' && query ? '?' + query : '');
    return fetch(url, {
      method: method,
      headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : query,
    })
      .then(function (response) { return response.json(); })
      .catch(function (error) {
        return { error: { type: 'api_connection_error', message: 'No se pudo conectar con Stripe: ' + (error && error.message) } };
      });
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret || '').split('_secret_')[0];
  }

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  // A modal overlay holding one frame from the fake (3-D Secure challenge or OXXO voucher).
  function openOverlay(src, title, onEscape, closable) {
    var previous = document.activeElement;
    var overlay = document.createElement('div');
    overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,30,.6);display:flex;align-items:center;justify-content:center;padding:8px;box-sizing:border-box');
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', title);
    dialog.setAttribute('style', 'background:#fff;border-radius:8px;width:100%;max-width:420px;max-height:100%;display:flex;flex-direction:column;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.35)');
    var frame = document.createElement('iframe');
    frame.src = src;
    frame.title = title;
    frame.setAttribute('style', 'border:0;width:100%;height:460px;max-height:calc(100vh - 80px)');
    dialog.appendChild(frame);
    var closeButton = null;
    if (closable) {
      closeButton = document.createElement('button');
      closeButton.type = 'button';
      closeButton.textContent = 'Cerrar';
      closeButton.setAttribute('style', 'margin:8px;padding:10px;font-size:16px;border-radius:6px;border:1px solid #888;background:#f4f4f4;cursor:pointer');
      closeButton.addEventListener('click', onEscape);
      dialog.appendChild(closeButton);
    }
    overlay.appendChild(dialog);
    overlay.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
      }
    });
    // Keyboard and screen-reader users stay inside the dialog while it is open.
    var hidden = Array.prototype.filter.call(document.body.children, function (child) { return !child.inert; });
    hidden.forEach(function (child) { child.inert = true; });
    document.body.appendChild(overlay);
    frame.addEventListener('load', function () { frame.focus(); });
    frame.focus();
    return {
      frame: frame,
      close: function () {
        hidden.forEach(function (child) { child.inert = false; });
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function') previous.focus();
      },
    };
  }

  function createCardElement(key, options) {
    var elementId = randomId('card');
    var handlers = { change: [], ready: [], focus: [], blur: [] };
    var pending = {};
    var iframe = null;
    var destroyed = false;
    var locale = (options && options.locale) || 'es';

    function emit(type, payload) {
      (handlers[type] || []).slice().forEach(function (handler) { handler(payload); });
    }

    function post(message) {
      if (!iframe || !iframe.contentWindow) return false;
      message.channel = CHANNEL;
      message.elementId = elementId;
      iframe.contentWindow.postMessage(message, FAKE_ORIGIN);
      return true;
    }

    function onMessage(event) {
      if (!iframe || event.source !== iframe.contentWindow || event.origin !== FAKE_ORIGIN) return;
      var data = event.data;
      if (!data || data.channel !== CHANNEL || data.elementId !== elementId) return;
      if (data.type === 'ready') emit('ready', { elementType: 'card' });
      else if (data.type === 'change') emit('change', data.event);
      else if (data.type === 'focus' || data.type === 'blur') emit(data.type, { elementType: 'card' });
      else if (data.type === 'resize' && typeof data.height === 'number') iframe.style.height = Math.ceil(data.height) + 'px';
      else if (data.type === 'result' && pending[data.requestId]) {
        var resolve = pending[data.requestId];
        delete pending[data.requestId];
        resolve(data.result);
      }
    }

    var element = {
      mount: function (target) {
        if (destroyed) throw integrationError('This Element has been destroyed.');
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements.');
        if (iframe) throw integrationError('This Element is already mounted.');
        iframe = document.createElement('iframe');
        iframe.src = FAKE_ORIGIN + '/elements/card?' + new URLSearchParams({ origin: window.location.origin, key: key, id: elementId, locale: locale }).toString();
        iframe.title = 'Campos seguros para los datos de la tarjeta';
        iframe.setAttribute('style', 'border:0;width:100%;min-width:0;height:150px;display:block;overflow:hidden');
        iframe.setAttribute('scrolling', 'no');
        window.addEventListener('message', onMessage);
        node.appendChild(iframe);
      },
      unmount: function () {
        window.removeEventListener('message', onMessage);
        if (iframe && iframe.parentNode) iframe.parentNode.removeChild(iframe);
        iframe = null;
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
      },
      on: function (type, handler) {
        if (handlers[type]) handlers[type].push(handler);
        return element;
      },
      off: function (type, handler) {
        if (handlers[type]) handlers[type] = handler ? handlers[type].filter(function (item) { return item !== handler; }) : [];
        return element;
      },
      clear: function () { post({ type: 'clear' }); },
      focus: function () { post({ type: 'focus' }); },
      blur: function () { post({ type: 'blur' }); },
    };
    elementInternals.set(element, {
      request: function (message) {
        return new Promise(function (resolve) {
          var requestId = randomId('request');
          pending[requestId] = resolve;
          message.requestId = requestId;
          if (!post(message)) {
            delete pending[requestId];
            resolve({ error: { type: 'validation_error', code: 'element_not_mounted', message: 'El campo de la tarjeta no está montado.' } });
          }
        });
      },
    });
    return element;
  }

  function Stripe(publishableKey, stripeOptions) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    }
    var key = publishableKey;
    var defaultLocale = (stripeOptions && stripeOptions.locale) || 'es';

    function createPaymentMethodFromElement(card, billingDetails) {
      var internals = card && elementInternals.get(card);
      if (!internals) return Promise.reject(integrationError('payment_method.card must be a card Element created by this Stripe instance.'));
      return internals.request({ type: 'createPaymentMethod', billing_details: billingDetails || {} });
    }

    // Resolves payment_method data into a pm id, or into an error result.
    function paymentMethodParam(paymentMethod) {
      if (!paymentMethod) return Promise.resolve({});
      if (typeof paymentMethod === 'string') return Promise.resolve({ id: paymentMethod });
      return createPaymentMethodFromElement(paymentMethod.card, paymentMethod.billing_details).then(function (result) {
        return result.error ? { error: result.error } : { id: result.paymentMethod.id };
      });
    }

    function authenticate(kind, intent, clientSecret) {
      var resultKey = kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent';
      var errorKey = kind === 'payment_intents' ? 'payment_intent' : 'setup_intent';
      return new Promise(function (resolve) {
        var finished = false;
        var overlay = null;
        function finish() {
          if (finished) return;
          finished = true;
          window.removeEventListener('message', onMessage);
          overlay.close();
          apiRequest(key, 'GET', '/v1/' + kind + '/' + intent.id, { client_secret: clientSecret }).then(function (fresh) {
            if (fresh.error) return resolve({ error: fresh.error });
            if (fresh.status === 'succeeded' || fresh.status === 'processing') {
              var success = {};
              success[resultKey] = fresh;
              return resolve(success);
            }
            var error = Object.assign({}, fresh.last_payment_error || fresh.last_setup_error || {
              type: 'card_error',
              code: kind === 'payment_intents' ? 'payment_intent_authentication_failure' : 'setup_intent_authentication_failure',
              message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            });
            error[errorKey] = fresh;
            resolve({ error: error });
          });
        }
        function onMessage(event) {
          if (!overlay || event.source !== overlay.frame.contentWindow || event.origin !== FAKE_ORIGIN) return;
          var data = event.data;
          if (data && data.channel === CHANNEL && data.type === 'challenge-complete' && data.intent === intent.id) finish();
        }
        // The challenge frame records the failure itself, then reports back like after a click.
        function escape() {
          overlay.frame.contentWindow.postMessage({ channel: CHANNEL, type: 'fail', intent: intent.id }, FAKE_ORIGIN);
        }
        window.addEventListener('message', onMessage);
        var src = FAKE_ORIGIN + '/3ds/' + intent.id + '?' + new URLSearchParams({ client_secret: clientSecret, origin: window.location.origin }).toString();
        overlay = openOverlay(src, 'Autenticación de tu banco (3-D Secure)', escape, false);
      });
    }

    function confirmIntent(kind, clientSecret, data, options) {
      if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
        return Promise.reject(integrationError('Invalid value for confirm: the client secret is not valid.'));
      }
      data = data || {};
      options = options || {};
      var resultKey = kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent';
      return paymentMethodParam(data.payment_method).then(function (paymentMethod) {
        if (paymentMethod.error) return { error: paymentMethod.error };
        var params = { client_secret: clientSecret };
        if (paymentMethod.id) params.payment_method = paymentMethod.id;
        if (data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        if (data.receipt_email) params.receipt_email = data.receipt_email;
        if (data.return_url) params.return_url = data.return_url;
        return apiRequest(key, 'POST', '/v1/' + kind + '/' + intentIdOf(clientSecret) + '/confirm', params).then(function (intent) {
          if (intent.error) return { error: intent.error };
          var needsChallenge = intent.status === 'requires_action' && intent.next_action && intent.next_action.type === 'use_stripe_sdk';
          if (needsChallenge && options.handleActions !== false) return authenticate(kind, intent, clientSecret);
          var result = {};
          result[resultKey] = intent;
          return result;
        });
      });
    }

    return {
      elements: function (elementsOptions) {
        var locale = (elementsOptions && elementsOptions.locale) || defaultLocale;
        var created = {};
        return {
          create: function (type, options) {
            if (type !== 'card') throw integrationError('This Stripe.js stand-in only supports the "card" Element, not "' + type + '".');
            if (created.card) throw integrationError('Can only create one Element of type card.');
            created.card = createCardElement(key, Object.assign({ locale: locale }, options || {}));
            return created.card;
          },
          getElement: function (type) { return created[type] || null; },
        };
      },
      createPaymentMethod: function (data) {
        if (!data || data.type !== 'card') return Promise.reject(integrationError('createPaymentMethod: only type "card" is supported.'));
        return createPaymentMethodFromElement(data.card, data.billing_details);
      },
      confirmCardPayment: function (clientSecret, data, options) {
        return confirmIntent('payment_intents', clientSecret, data, options);
      },
      confirmCardSetup: function (clientSecret, data, options) {
        return confirmIntent('setup_intents', clientSecret, data, options);
      },
      confirmOxxoPayment: function (clientSecret, data, options) {
        data = data || {};
        options = options || {};
        var params = { client_secret: clientSecret };
        if (typeof data.payment_method === 'string') params.payment_method = data.payment_method;
        else params.payment_method_data = { type: 'oxxo', billing_details: (data.payment_method && data.payment_method.billing_details) || {} };
        return apiRequest(key, 'POST', '/v1/payment_intents/' + intentIdOf(clientSecret) + '/confirm', params).then(function (intent) {
          if (intent.error) return { error: intent.error };
          var details = intent.next_action && intent.next_action.oxxo_display_details;
          if (!details || options.handleActions === false) return { paymentIntent: intent };
          return new Promise(function (resolve) {
            var overlay = openOverlay(details.hosted_voucher_url, 'Ficha de pago OXXO', function () {
              overlay.close();
              resolve({ paymentIntent: intent });
            }, true);
          });
        });
      },
      // Server-side confirmation (a saved card confirmed by the server): finishes an intent in requires_action, and
      // like Stripe.js throws for an intent in any other status (it never confirms anything itself).
      handleNextAction: function (options) {
        var clientSecret = options && options.clientSecret;
        if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
          return Promise.reject(integrationError('Invalid value for handleNextAction: clientSecret should be a client secret.'));
        }
        var kind = clientSecret.indexOf('seti_') === 0 ? 'setup_intents' : 'payment_intents';
        var resultKey = kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent';
        return apiRequest(key, 'GET', '/v1/' + kind + '/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (intent) {
          if (intent.error) return { error: intent.error };
          if (intent.status !== 'requires_action') {
            throw integrationError('handleNextAction: the ' + (kind === 'payment_intents' ? 'PaymentIntent' : 'SetupIntent') + ' has a status of ' + intent.status + ', not requires_action.');
          }
          if (intent.next_action && intent.next_action.type === 'use_stripe_sdk') return authenticate(kind, intent, clientSecret);
          var result = {};
          result[resultKey] = intent;
          return result;
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        return apiRequest(key, 'GET', '/v1/payment_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (intent) {
          return intent.error ? { error: intent.error } : { paymentIntent: intent };
        });
      },
      retrieveSetupIntent: function (clientSecret) {
        return apiRequest(key, 'GET', '/v1/setup_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (intent) {
          return intent.error ? { error: intent.error } : { setupIntent: intent };
        });
      },
    };
  }

  window.Stripe = Stripe;
})();
`;

export function stripeJsScript(fakeOrigin: string): string {
  return SCRIPT.replace('__FAKE_ORIGIN__', scriptJson(fakeOrigin));
}
