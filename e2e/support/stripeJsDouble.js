/* global window, document, setTimeout */
/*
 * A test double of Stripe.js (https://js.stripe.com/<release>/stripe.js), served in its place by the browser
 * tests because the real script cannot load offline. It has the browser SDK's shape: window.Stripe(key)
 * with a `version`, elements({clientSecret}), elements.create('payment', options) whose element mounts
 * into the page, confirmSetup and confirmPayment answering like Stripe with { setupIntent | paymentIntent }
 * or { error }. Every call is recorded in window.__stripeDouble.calls; setting
 * window.__stripeDouble.nextError makes the next confirmation fail with that error.
 */
(function () {
  var state = (window.__stripeDouble = window.__stripeDouble || { calls: [], nextError: null });
  var labels = { card: 'Card', apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

  function record(name, details) {
    state.calls.push({ name: name, details: JSON.parse(JSON.stringify(details)) });
  }

  function takeError() {
    var error = state.nextError;
    state.nextError = null;
    return error;
  }

  function createElements(options) {
    var elementsOptions = Object.assign({}, options);
    var created = {};
    var elements = {
      create: function (type, elementOptions) {
        if (type !== 'payment') throw new Error('This Stripe.js double only provides the payment element, not ' + type);
        if (!elementsOptions.clientSecret)
          throw new Error('IntegrationError: the payment element needs elements({clientSecret})');
        record('elements.create', { type: type, options: elementOptions || {} });
        var handlers = {};
        var node = null;
        var currentOptions = Object.assign({}, elementOptions);
        function emit(event, payload) {
          (handlers[event] || []).forEach(function (handler) {
            handler(payload);
          });
        }
        function render() {
          if (!node) return;
          node.innerHTML = '';
          var root = document.createElement('div');
          root.setAttribute('role', 'group');
          root.setAttribute('aria-label', 'Stripe payment element');
          var order = currentOptions.paymentMethodOrder || ['card'];
          var tabs = document.createElement('div');
          tabs.setAttribute('data-testid', 'payment-method-tabs');
          order.forEach(function (method) {
            var tab = document.createElement('span');
            tab.textContent = labels[method] || method;
            tab.setAttribute('data-method', method);
            tab.style.marginRight = '8px';
            tabs.appendChild(tab);
          });
          root.appendChild(tabs);
          var input = document.createElement('input');
          input.setAttribute('aria-label', 'Card number');
          input.value = '4242 4242 4242 4242';
          root.appendChild(input);
          node.appendChild(root);
        }
        var element = {
          mount: function (target) {
            node = typeof target === 'string' ? document.querySelector(target) : target;
            render();
            setTimeout(function () {
              emit('ready', { elementType: type });
              emit('change', { elementType: type, complete: true, empty: false, value: { type: 'card' } });
            }, 0);
          },
          unmount: function () {
            if (node) node.innerHTML = '';
            node = null;
          },
          destroy: function () {
            element.unmount();
            delete created[type];
          },
          update: function (next) {
            Object.assign(currentOptions, next);
            render();
          },
          on: function (event, handler) {
            (handlers[event] = handlers[event] || []).push(handler);
            return element;
          },
          once: function (event, handler) {
            function wrapped(payload) {
              element.off(event, wrapped);
              handler(payload);
            }
            return element.on(event, wrapped);
          },
          off: function (event, handler) {
            handlers[event] = (handlers[event] || []).filter(function (h) {
              return h !== handler;
            });
            return element;
          },
          focus: function () {},
          blur: function () {},
          clear: function () {},
          collapse: function () {},
        };
        created[type] = element;
        return element;
      },
      getElement: function (type) {
        return created[type] || null;
      },
      update: function (next) {
        Object.assign(elementsOptions, next);
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        return Promise.resolve({});
      },
      on: function () {},
      __clientSecret: function () {
        return elementsOptions.clientSecret;
      },
    };
    return elements;
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new Error('IntegrationError: Invalid API Key provided: ' + publishableKey);
    }
    record('Stripe', { publishableKey: publishableKey });
    function unsupported(name) {
      return function () {
        return Promise.reject(new Error(name + ' is not provided by the Stripe.js double'));
      };
    }
    return {
      elements: function (options) {
        record('elements', { clientSecret: options && options.clientSecret });
        return createElements(options || {});
      },
      confirmSetup: function (params) {
        var clientSecret = params.elements.__clientSecret();
        record('confirmSetup', {
          clientSecret: clientSecret,
          confirmParams: params.confirmParams,
          redirect: params.redirect,
        });
        if (!/^seti_.+_secret_/.test(clientSecret))
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'Not a SetupIntent client secret' },
          });
        var error = takeError();
        if (error) return Promise.resolve({ error: error });
        return Promise.resolve({
          setupIntent: {
            id: intentIdOf(clientSecret),
            object: 'setup_intent',
            status: 'succeeded',
            payment_method: 'pm_card_visa',
            client_secret: clientSecret,
          },
        });
      },
      confirmPayment: function (params) {
        var clientSecret = params.elements.__clientSecret();
        record('confirmPayment', {
          clientSecret: clientSecret,
          confirmParams: params.confirmParams,
          redirect: params.redirect,
        });
        if (!/^pi_.+_secret_/.test(clientSecret))
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'Not a PaymentIntent client secret' },
          });
        var error = takeError();
        if (error) return Promise.resolve({ error: error });
        return Promise.resolve({
          paymentIntent: {
            id: intentIdOf(clientSecret),
            object: 'payment_intent',
            status: 'succeeded',
            amount: 4900,
            currency: 'usd',
            client_secret: clientSecret,
          },
        });
      },
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      retrieveSetupIntent: unsupported('retrieveSetupIntent'),
      retrievePaymentIntent: unsupported('retrievePaymentIntent'),
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
